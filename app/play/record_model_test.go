package play

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/record"
)

// The record's model: a plain tree of moves (each node's children, one of them the main
// one) with the game's line through it (the moves played and the redo tail) and the ply
// played. Random sequences of what people and the engine do are run through a Session as a
// front end drives it, and after every step the table's record must equal the model's: the
// same moves in the tree, the same main line at every node, the same game line and ply, and
// a save restoring to the same. Reversi's record is a line (no variations): a new move
// replaces the redo tail, as the person asked.

type mnode struct {
	kids map[string]*mnode
	main string // the main child's move, "" for none
}

type recModel struct {
	root *mnode
	line []string // the game's moves, the redo tail too
	ply  int
	tree bool // the record is a tree (Xiangqi); else a line (Reversi)
	own  bool // the app's own game: the line played becomes the main line
}

func newRecModel(tree bool) *recModel {
	return &recModel{root: &mnode{kids: map[string]*mnode{}}, tree: tree, own: true}
}

func (r *recModel) clone() *recModel {
	c := *r
	c.line = slices.Clone(r.line)
	var cp func(n *mnode) *mnode
	cp = func(n *mnode) *mnode {
		o := &mnode{kids: map[string]*mnode{}, main: n.main}
		for k, v := range n.kids {
			o.kids[k] = cp(v)
		}
		return o
	}
	c.root = cp(r.root)
	return &c
}

func (r *recModel) node(path []string) *mnode {
	n := r.root
	for _, mv := range path {
		if n = n.kids[mv]; n == nil {
			return nil
		}
	}
	return n
}

// add puts path in the tree; a first child is its parent's main one.
func (r *recModel) add(path []string) {
	n := r.root
	for _, mv := range path {
		k := n.kids[mv]
		if k == nil {
			k = &mnode{kids: map[string]*mnode{}}
			n.kids[mv] = k
			if n.main == "" {
				n.main = mv
			}
		}
		n = k
	}
}

// promote makes path the main line down to its end.
func (r *recModel) promote(path []string) {
	n := r.root
	for _, mv := range path {
		n.main = mv
		n = n.kids[mv]
	}
}

// cont is the main line from the node at path.
func (r *recModel) cont(path []string) []string {
	var out []string
	for n := r.node(path); n != nil && n.main != ""; n = n.kids[n.main] {
		out = append(out, n.main)
	}
	return out
}

// move is a move played at the game's ply by anyone.
func (r *recModel) move(mv string) {
	if r.ply < len(r.line) && r.line[r.ply] == mv {
		r.ply++
	} else {
		r.line = append(r.line[:r.ply:r.ply], mv)
		r.ply++
		if r.tree {
			r.add(r.line)
			r.line = append(r.line, r.cont(r.line)...)
		} else {
			r.root = &mnode{kids: map[string]*mnode{}}
			r.add(r.line)
		}
	}
	if r.tree && r.own {
		r.promote(r.line[:r.ply])
	}
}

// passes plays Reversi's forced pass after the game's ply, as the table does.
func (r *recModel) passes() {
	if r.tree {
		return
	}
	g := reversi.NewGame(nil)
	for _, s := range r.line[:r.ply] {
		mv, err := reversi.ParseMove(s)
		if err != nil || g.Play(mv) != nil {
			return
		}
	}
	if g.Status() == reversi.MustPass {
		r.move(reversi.Pass.String())
	}
}

// variationStart is the ply of the first move of the variation holding the move at ply (the
// deepest move at or before it that is not its parent's main one), 0 if ply is on the main line.
func (r *recModel) variationStart(ply int) int {
	for k := ply; k >= 1; k-- {
		if r.node(r.line[:k-1]).main != r.line[k-1] {
			return k
		}
	}
	return 0
}

// nodes lists the tree's moves as paths, each with its main child: "h2e2 h9g7>b0c2".
func (r *recModel) nodes() []string {
	var out []string
	var walk func(n *mnode, path string)
	walk = func(n *mnode, path string) {
		out = append(out, path+">"+n.main)
		for mv, k := range n.kids {
			walk(k, strings.TrimSpace(path+" "+mv))
		}
	}
	walk(r.root, "")
	slices.Sort(out)
	return out
}

// tableNodes is nodes of the table's record.
func tableNodes(tb *Table) []string {
	m := newRecModel(true)
	var line []string
	if x, ok := tb.Xiangqi(); ok {
		for _, mv := range x.Game().Moves() {
			line = append(line, mv.String())
		}
		if x.story != nil {
			var walk func(prefix []string, moves []record.Move)
			walk = func(prefix []string, moves []record.Move) {
				path := slices.Clone(prefix)
				for _, mv := range moves {
					next := append(slices.Clone(path), mv.Move.String())
					m.add(next) // before its alternatives: it is the main child
					for _, v := range mv.Variations {
						walk(path, v.Moves)
					}
					path = next
				}
			}
			walk(nil, x.story.line)
		}
	} else if rv, ok := tb.Reversi(); ok {
		for _, mv := range rv.Game().Moves() {
			line = append(line, mv.String())
		}
	}
	m.add(line) // the game's line is the record's too (all of it, without a story)
	return m.nodes()
}

func gameLine(tb *Table) []string {
	var out []string
	if x, ok := tb.Xiangqi(); ok {
		for _, mv := range x.Game().Moves() {
			out = append(out, mv.String())
		}
	} else if rv, ok := tb.Reversi(); ok {
		for _, mv := range rv.Game().Moves() {
			out = append(out, mv.String())
		}
	}
	return out
}

// legalMoves are the moves of the game's current position, as the record writes them.
func legalMoves(tb *Table) []string {
	var out []string
	if x, ok := tb.Xiangqi(); ok {
		for _, mv := range x.Position().LegalMoves() {
			out = append(out, mv.String())
		}
	} else if rv, ok := tb.Reversi(); ok {
		for _, mv := range rv.Position().LegalMoves() {
			out = append(out, mv.String())
		}
	}
	return out
}

// clickMove plays mv by clicks on the board, as a person does.
func clickMove(s *Session, mv string) Effects {
	if s.Table().Variant() == VariantReversi {
		return s.Click(mv)
	}
	s.Click(mv[:2])
	return s.Click(mv[2:])
}

// randomRecord is a text to import: a few random moves from the start, with a variation
// (Xiangqi: PGN), or a transcript (Reversi); and its model.
func randomRecord(rng *rand.Rand, variant string) (string, *recModel) {
	n := rng.IntN(9)
	if variant == VariantReversi {
		g := reversi.NewGame(nil)
		for i := 0; i < n+1 && g.Status() != reversi.Over; i++ {
			if g.Status() == reversi.MustPass {
				g.Play(reversi.Pass)
				continue
			}
			ms := g.Position().LegalMoves()
			g.Play(ms[rng.IntN(len(ms))])
		}
		if g.Status() == reversi.MustPass {
			g.Play(reversi.Pass)
		}
		m := newRecModel(false)
		for _, mv := range g.Moves() {
			m.line = append(m.line, mv.String())
		}
		m.add(m.line)
		m.ply, m.own = len(m.line), false
		return reversi.Transcript(g.Moves()), m
	}
	randomLine := func(pos *xiangqi.Position, n int) []xiangqi.Move {
		var out []xiangqi.Move
		for i := 0; i < n; i++ {
			ms := pos.LegalMoves()
			if len(ms) == 0 {
				break
			}
			mv := ms[rng.IntN(len(ms))]
			pos.Make(mv)
			out = append(out, mv)
		}
		return out
	}
	pos := xiangqi.NewPosition()
	main := randomLine(pos, n+1)
	r := &record.Game{Start: xiangqi.NewPosition(), Result: record.Unknown}
	for _, mv := range main {
		r.Moves = append(r.Moves, record.Move{Move: mv})
	}
	m := newRecModel(true)
	for _, mv := range main {
		m.line = append(m.line, mv.String())
	}
	m.add(m.line)
	if at := rng.IntN(len(main)); rng.IntN(2) == 0 {
		p := *xiangqi.NewPosition()
		for _, mv := range main[:at] {
			p.Make(mv)
		}
		var alt []xiangqi.Move
		for _, mv := range p.LegalMoves() {
			if mv != main[at] {
				alt = append(alt, mv)
			}
		}
		first := alt[rng.IntN(len(alt))]
		p.Make(first)
		v := append([]xiangqi.Move{first}, randomLine(&p, rng.IntN(3))...)
		var vm []record.Move
		path := slices.Clone(m.line[:at])
		for _, mv := range v {
			vm = append(vm, record.Move{Move: mv})
			path = append(path, mv.String())
		}
		r.Moves[at].Variations = []record.Variation{{Moves: vm}}
		m.add(path)
	}
	text, err := record.FormatPGN(r, record.PGNOptions{})
	if err != nil {
		panic(err)
	}
	m.ply, m.own = len(m.line), false
	return text, m
}

// modelRun runs one random sequence of steps from seed; it returns what diverged ("" for
// nothing) and the steps taken.
func modelRun(seed uint64, steps int) (string, []string) {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	shelf := &memShelf{games: map[string]Saved{}}
	s := NewSession(NewTable(VariantXiangqi), NewTable(VariantReversi))
	s.SetShelf(shelf)
	// The clock: time passes between steps, games begin with a random time control, flags
	// fall; none of it may add or drop a move.
	clock := newFakeTime()
	s.SetNow(clock.now)
	models := map[string]*recModel{VariantXiangqi: newRecModel(true), VariantReversi: newRecModel(false)}
	kept := map[string]*recModel{}
	var log []string
	say := func(f string, a ...any) { log = append(log, fmt.Sprintf(f, a...)) }
	for step := 0; step < steps; step++ {
		tb := s.Table()
		v := tb.Variant()
		md := models[v]
		tb.EngineLines() // the front end keeps the engine in line with the board
		clock.pass(time.Duration(rng.IntN(15000)) * time.Millisecond)
		if e := s.ClockTick(); e.Save {
			say("a flag falls")
		}
		shown, had := tb.ShownPly(), tb.Len()
		// replaced is a change that puts another game on the board: the one replaced, if it
		// has moves, is kept.
		replaced := func(next *recModel) {
			if had > 0 {
				kept[v] = md
			}
			models[v] = next
		}
		switch k := rng.IntN(100); {
		case k < 28: // a person's move
			if tb.Reviewing() || !tb.PersonToMove() {
				continue
			}
			moves := legalMoves(tb)
			if len(moves) == 0 {
				continue
			}
			mv := moves[rng.IntN(len(moves))]
			if n := md.node(md.line[:md.ply]); md.tree && n != nil && len(n.kids) > 0 && rng.IntN(3) > 0 {
				for c := range n.kids { // a move the record holds (a variation's too)
					mv = c
					break
				}
			} else if md.ply < len(md.line) && rng.IntN(2) == 0 {
				mv = md.line[md.ply]
			}
			say("person %s", mv)
			if e := clickMove(s, mv); !e.Moved {
				return fmt.Sprintf("the person's move %s was not played", mv), log
			}
			md.move(mv)
			md.passes()
		case k < 46: // the engine answers
			if !tb.EngineToMove() || !tb.Client.Thinking() {
				continue
			}
			moves := legalMoves(tb)
			if len(moves) == 0 {
				continue
			}
			mv := moves[rng.IntN(len(moves))]
			if md.ply < len(md.line) && rng.IntN(3) > 0 {
				mv = md.line[md.ply] // as a book answers: the record's move
			}
			say("engine %s", mv)
			if e := s.EngineSaid("bestmove " + mv); e.Moved {
				md.move(mv)
				md.passes()
			}
		case k < 52:
			say("undo")
			s.Do(ActUndo)
			md.ply = tb.Ply()
		case k < 56:
			say("redo")
			s.Do(ActRedo)
			md.ply = tb.Ply()
		case k < 61:
			ply := rng.IntN(tb.Len() + 1)
			say("review %d", ply)
			tb.Review(ply)
		case k < 65:
			say("continue")
			if tb.Reviewing() {
				md.ply = shown
			}
			s.Do(ActContinue)
		case k < 67:
			say("back to game")
			s.Do(ActLive)
		case k < 71: // make main line
			a, ok := tb.Annotated()
			if !ok || !reviewWhere(rng, tb, a.InVariation, &shown) {
				continue
			}
			say("make main line %d", shown)
			a.PromoteVariation(shown)
			md.promote(md.line[:shown])
		case k < 75: // delete line
			a, ok := tb.Annotated()
			if !ok || !reviewWhere(rng, tb, a.InVariation, &shown) {
				continue
			}
			say("delete line %d", shown)
			first := md.variationStart(shown)
			if first == 0 {
				return fmt.Sprintf("the table says ply %d is in a variation; the model, on the main line", shown), log
			}
			tb.DeleteVariation(shown)
			parent := md.node(md.line[:first-1])
			delete(parent.kids, md.line[first-1])
			at := first - 1
			md.line = append(md.line[:at:at], md.cont(md.line[:at])...)
			md.ply = len(md.line)
			if tb.ShownPly() != at {
				return fmt.Sprintf("after deleting, the board shows ply %d, want %d", tb.ShownPly(), at), log
			}
			s.Changed()
		case k < 82: // enter a line of the record
			x, ok := tb.Xiangqi()
			if !ok || x.story == nil || !reviewWhere(rng, tb, func(p int) bool { return len(x.Branches(p, ICCS)) > 0 }, &shown) {
				continue
			}
			br := x.Branches(shown, ICCS)
			lines := x.story.lines(x.game.Moves(), shown)
			if len(br) == 0 {
				continue
			}
			keys := make([]int, 0, len(br))
			for k := range br {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			k := keys[rng.IntN(len(keys))]
			first := lines[k].Moves[0].Move.String()
			say("enter line %d at %d (%s)", k, shown, first)
			if md.node(append(slices.Clone(md.line[:shown]), first)) == nil {
				return fmt.Sprintf("the table's line %s at ply %d is not in the model", first, shown), log
			}
			tb.EnterBranch(shown, k, 0)
			md.line = append(md.line[:shown:shown], first)
			md.line = append(md.line, md.cont(md.line)...)
			md.ply = len(md.line)
			s.Changed()
			if tb.EngineToMove() {
				return "the engine would play into the line entered", log
			}
		case k < 86: // import
			text, next := randomRecord(rng, v)
			say("import %q", text)
			if _, err := s.Replace(func(t *Table) error { _, _, err := t.Import(text); return err }); err != nil {
				return fmt.Sprintf("import %q: %v", text, err), log
			}
			replaced(next)
			if s.Table().EngineToMove() {
				return "the engine would move right after an import", log
			}
		case k < 88: // the editor's Play from here, on the position shown
			ed := NewEditor(tb)
			if !ed.Legal() {
				continue
			}
			say("play from here (editor)")
			if _, err := s.Replace(ed.Start); err != nil {
				continue
			}
			replaced(newRecModel(md.tree))
		case k < 90:
			tc := [...]string{"", "0.5+0", "1+2", "0.2m5s"}[rng.IntN(4)]
			say("new, clock %q", tc)
			s.SetTimeControl(tc)
			if e, _ := s.Do(ActNew); !e.Save && s.AskingNew() {
				s.Do(ActNewConfirm)
			}
			replaced(newRecModel(md.tree))
		case k < 92:
			if !s.CanRestore() {
				continue
			}
			say("bring back")
			back := kept[v]
			s.Do(ActRestorePrevious)
			if had > 0 {
				kept[v] = md
			} else {
				delete(kept, v)
			}
			models[v] = back
		case k < 95: // a reload: a new session over the saved games and the same shelf
			say("reload")
			var tables []*Table
			for _, name := range []string{v, otherVariant(v)} {
				rt, err := RestoreTable(s.Of(name).Save())
				if err != nil {
					return fmt.Sprintf("reload %s: %v", name, err), log
				}
				tables = append(tables, rt)
			}
			can := s.CanRestore()
			s = NewSession(tables...)
			s.SetShelf(shelf)
			s.SetNow(clock.now)
			if s.CanRestore() != can {
				return fmt.Sprintf("the offer to bring back was %v, after a reload %v", can, s.CanRestore()), log
			}
		case k < 97:
			a := [...]Action{ActPlayRed, ActPlayBlack, ActPlayTwo, ActPlayWhite}[rng.IntN(4)]
			say("%s", a)
			s.Do(a)
		case k < 98:
			say("move now")
			s.Do(ActMoveNow)
		default:
			say("show the other game")
			s.Show(otherVariant(v))
		}
		for _, name := range []string{VariantXiangqi, VariantReversi} {
			if why := compareModel(s.Of(name), models[name]); why != "" {
				return name + ": " + why, log
			}
		}
	}
	return "", log
}

// reviewWhere reviews a ply of the record where ok holds, as a person clicks such a move in
// the list, and reports whether there was one; shown becomes it.
func reviewWhere(rng *rand.Rand, tb *Table, ok func(ply int) bool, shown *int) bool {
	var plies []int
	for p := 0; p <= tb.Len(); p++ {
		if ok(p) {
			plies = append(plies, p)
		}
	}
	if len(plies) == 0 {
		return false
	}
	*shown = plies[rng.IntN(len(plies))]
	tb.Review(*shown)
	return true
}

func otherVariant(v string) string {
	if v == VariantXiangqi {
		return VariantReversi
	}
	return VariantXiangqi
}

// compareModel says how tb's record differs from md's, itself and once saved and restored.
func compareModel(tb *Table, md *recModel) string {
	check := func(tb *Table, what string) string {
		if got := gameLine(tb); !slices.Equal(got, md.line) || tb.Ply() != md.ply {
			return fmt.Sprintf("%sthe game's line %q at ply %d, the model's %q at %d", what, got, tb.Ply(), md.line, md.ply)
		}
		if got, want := tableNodes(tb), md.nodes(); !slices.Equal(got, want) {
			return fmt.Sprintf("%sthe record's tree\n%q\nthe model's\n%q", what, got, want)
		}
		return ""
	}
	if why := check(tb, ""); why != "" {
		return why
	}
	rt, err := RestoreTable(tb.Save())
	if err != nil {
		return "restoring the save: " + err.Error()
	}
	return check(rt, "restored: ")
}

// TestRecordModel: random sequences of what people and the engine do keep the record as the
// model keeps it (QIPAN_MODEL_SEQUENCES runs more; FuzzRecordModel runs longer).
func TestRecordModel(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		if why, log := modelRun(seed, 40); why != "" {
			t.Fatalf("seed %d: %s\nsteps:\n  %s", seed, why, strings.Join(log, "\n  "))
		}
	}
}

func FuzzRecordModel(f *testing.F) {
	f.Add(uint64(1), uint8(40))
	f.Fuzz(func(t *testing.T, seed uint64, steps uint8) {
		if why, log := modelRun(seed, int(steps)); why != "" {
			t.Fatalf("seed %d: %s\nsteps:\n  %s", seed, why, strings.Join(log, "\n  "))
		}
	})
}
