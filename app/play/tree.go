package play

import (
	"qipan/app/engineclient"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/record"
)

// The story's moves are a tree (engine/xiangqi/record): its main line, each move with the
// variations played instead of it. The game on the board is one line through the tree: its
// moves are found in the tree ply by ply, and a move the tree lacks is grafted onto it (as
// a variation where the tree goes on another way, or at the end of a line), so that a move
// played after going back starts a variation instead of cutting the record.

// spot is a place in the tree: a line (the main line or a variation's moves) and an index in
// it; depth is how deeply the line nests (0 for the main line).
type spot struct {
	line  *[]record.Move
	i     int
	depth int
	// Where the line hangs: the spot of the move whose Variations hold it, and which one
	// (nil for the main line).
	up *spot
	vi int
}

// find looks for mv among the moves playable at sp: the line's move there and, recursively,
// the first moves of its variations.
func find(sp spot, mv xiangqi.Move) (spot, bool) {
	if sp.i >= len(*sp.line) {
		return spot{}, false
	}
	m := &(*sp.line)[sp.i]
	if m.Move == mv {
		return sp, true
	}
	if sp.depth >= record.MaxDepth {
		return spot{}, false
	}
	up := sp
	for k := range m.Variations {
		v := &m.Variations[k]
		if s, ok := find(spot{line: &v.Moves, depth: sp.depth + 1, up: &up, vi: k}, mv); ok {
			return s, true
		}
	}
	return spot{}, false
}

// path finds moves in the tree: the spot of each, as far as the tree holds them. The page
// asks for the game's moves (or a part of them) several times a render: the last answer is
// kept until the tree or the moves change.
func (s *story) path(moves []xiangqi.Move) []spot {
	if m := &s.memo; m.gen == s.gen && m.moves != nil && len(moves) <= len(m.moves) && sameMoves(moves, m.moves[:len(moves)]) {
		return m.path[:min(len(moves), len(m.path)):min(len(moves), len(m.path))]
	}
	out := s.findPath(moves)
	s.memo.gen, s.memo.moves, s.memo.path = s.gen, append(s.memo.moves[:0], moves...), out
	return out
}

func sameMoves(a, b []xiangqi.Move) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// findPath is path, found again.
func (s *story) findPath(moves []xiangqi.Move) []spot {
	var out []spot
	at := spot{line: &s.line}
	for _, mv := range moves {
		sp, ok := find(at, mv)
		if !ok {
			break
		}
		out = append(out, sp)
		at = sp
		at.i++
	}
	return out
}

// next is the spot after the game's moves (where the next move would be found), and
// whether the tree holds all of them.
func (s *story) next(moves []xiangqi.Move) (spot, bool) {
	p := s.path(moves)
	if len(p) == 0 {
		return spot{line: &s.line}, len(moves) == 0
	}
	at := p[len(p)-1]
	at.i++
	return at, len(p) == len(moves)
}

// graft adds the moves the tree lacks: where the tree goes on another way they start a
// variation there, at the end of a line they extend it. Nothing is added deeper than
// record.MaxDepth.
func (s *story) graft(moves []xiangqi.Move) {
	p := s.path(moves)
	if len(p) == len(moves) {
		return
	}
	at := spot{line: &s.line}
	if len(p) > 0 {
		at = p[len(p)-1]
		at.i++
	}
	rest := make([]record.Move, 0, len(moves)-len(p))
	for _, mv := range moves[len(p):] {
		rest = append(rest, record.Move{Move: mv})
	}
	switch {
	case at.i >= len(*at.line):
		*at.line = append(*at.line, rest...)
	case at.depth < record.MaxDepth:
		m := &(*at.line)[at.i]
		m.Variations = append(m.Variations, record.Variation{Moves: rest})
	}
	s.gen++
}

// mainFrom is the line the tree holds from sp on: its line's moves, then nothing.
func mainFrom(sp spot) []xiangqi.Move { return movesOf((*sp.line)[min(sp.i, len(*sp.line)):]) }

// movesOf is a line's moves without their notes.
func movesOf(line []record.Move) []xiangqi.Move {
	out := make([]xiangqi.Move, len(line))
	for i, m := range line {
		out[i] = m.Move
	}
	return out
}

// playOn plays moves in g as far as they are legal, and reports whether all were.
func playOn(g *xiangqi.Game, moves []xiangqi.Move) bool {
	for _, mv := range moves {
		if g.Play(mv) != nil {
			return false
		}
	}
	return true
}

// promote makes the variation holding the move at ply of the game's path the main line,
// level by level: at each level the variation takes the place of the line it hangs from,
// whose moves from there on become its first variation (with the variation's comment). It
// reports whether that move was in a variation.
func (s *story) promote(moves []xiangqi.Move, ply int) bool {
	changed := false
	for n := 0; n <= record.MaxDepth; n++ {
		p := s.path(moves)
		if ply < 1 || ply > len(p) || p[ply-1].up == nil {
			return changed
		}
		sp := p[ply-1]
		up := sp.up
		parent := &(*up.line)[up.i]
		v := parent.Variations[sp.vi]
		others := append(append([]record.Variation(nil), parent.Variations[:sp.vi]...), parent.Variations[sp.vi+1:]...)
		old := append([]record.Move(nil), (*up.line)[up.i:]...)
		old[0].Variations = nil
		first := v.Moves[0]
		first.Variations = append(append([]record.Variation{{Comment: v.Comment, Moves: old}}, others...), first.Variations...)
		*up.line = append(append((*up.line)[:up.i:up.i], first), v.Moves[1:]...)
		s.gen++
		changed = true
	}
	return changed
}

// remove deletes the variation holding the move at ply of the game's path; it returns the
// ply where the variation left its line (the game goes back there), or -1 if that move is
// on the main line.
func (s *story) remove(moves []xiangqi.Move, ply int) int {
	p := s.path(moves)
	if ply < 1 || ply > len(p) || p[ply-1].up == nil {
		return -1
	}
	sp := p[ply-1]
	parent := &(*sp.up.line)[sp.up.i]
	parent.Variations = append(parent.Variations[:sp.vi:sp.vi], parent.Variations[sp.vi+1:]...)
	s.gen++
	// The variation's first move is sp.i plies before this one; it left its line there.
	return ply - sp.i - 1
}

// lines are the record's lines at the position after ply moves of moves: the line the tree
// goes on with, then every variation on its next move (nested alternatives flattened), each
// from that position on. None when the tree does not reach that position or ends there.
func (s *story) lines(moves []xiangqi.Move, ply int) []record.Variation {
	at, ok := s.next(moves[:ply])
	if !ok || at.i >= len(*at.line) {
		return nil
	}
	all := []record.Variation{{Moves: (*at.line)[at.i:]}}
	var add func(m *record.Move, depth int)
	add = func(m *record.Move, depth int) {
		for _, v := range m.Variations {
			all = append(all, v)
			if depth < record.MaxDepth {
				add(&v.Moves[0], depth+1)
			}
		}
	}
	add(&(*at.line)[at.i], at.depth)
	return all
}

// play plays mv in the game. A move equal to the record's next one follows the record, as
// Redo does, whoever plays it: the moves after it stay. A move that is not the redo tail's
// next one replaces the tail in the game but not in the record: the tail stays in the story's
// tree. In an imported record mv starts a variation there; in the app's own game (which gets
// a story when it first needs one) the line played is the game, so it stays the main line and
// the tail becomes the variation. Either way a move the tree holds already (a variation's
// first move) is followed by the rest of its line, as the game's redo tail.
func (m *Xiangqi) play(mv xiangqi.Move) error {
	g := m.game
	moves := m.recordMoves() // kept, not copied; changed below only through g
	ply := g.Ply()
	if ply < len(moves) && moves[ply] == mv {
		g.Redo()
		m.keepPlayed(moves[:ply+1])
		return nil
	}
	if ply < len(moves) && g.Position().IsLegal(mv) {
		if m.story == nil {
			m.story = &story{own: true, result: record.Unknown}
		}
		m.story.graft(moves)
	}
	if err := g.Play(mv); err != nil {
		return err
	}
	played := append(moves[:ply:ply], mv) // a copy: the kept moves stay as they were
	if m.story != nil {
		if next, ok := m.story.next(played); ok {
			// The tree held the move: the game goes on along its line, as the tail.
			playOn(g, mainFrom(next))
			for g.Ply() > len(played) && g.Undo() {
			}
		}
	}
	m.keepPlayed(played)
	return nil
}

// keepPlayed puts played, the moves played, into the story, if the game has one; in the
// app's own game the line played becomes the main line.
func (m *Xiangqi) keepPlayed(played []xiangqi.Move) {
	if m.story == nil {
		return
	}
	m.story.graft(played)
	if m.story.own {
		m.story.promote(played, len(played))
	}
}

// annotated is the record's move at ply of the game (its comment, symbols, variations), nil
// where the game is not on the record.
func (m *Xiangqi) annotated(ply int) *record.Move {
	if m.story == nil || ply < 1 || ply > m.game.Len() {
		return nil
	}
	p := m.story.path(m.game.Moves()[:ply])
	if len(p) < ply {
		return nil
	}
	sp := p[ply-1]
	return &(*sp.line)[sp.i]
}

// Symbol is the record's symbol (! ? !! ?? !? ?!) on the move at ply, "" for none.
func (m *Xiangqi) Symbol(ply int) string {
	if a := m.annotated(ply); a != nil {
		return a.Symbol()
	}
	return ""
}

// Branch is a line of the record that leaves the game's moves: its comment and its moves
// written out (with their symbols), from the position where it leaves them.
type Branch struct {
	Comment string
	Moves   []string
}

// Branches are the record's other lines at the position after ply: the lines the game does
// not follow from there (the tree's own line, or its variations), in notation n. Each keeps
// its index among them for EnterBranch.
func (m *Xiangqi) Branches(ply int, n Notation) map[int]Branch {
	if m.story == nil || ply < 0 || ply > m.game.Len() {
		return nil
	}
	moves := m.game.Moves()
	lines := m.story.lines(moves, ply)
	if len(lines) < 2 {
		return nil
	}
	start := *m.game.Start()
	for _, mv := range moves[:ply] {
		start.Make(mv)
	}
	out := map[int]Branch{}
	for k, v := range lines {
		if ply < len(moves) && v.Moves[0].Move == moves[ply] {
			continue
		}
		pos := start
		b := Branch{Comment: v.Comment}
		for _, mv := range v.Moves {
			b.Moves = append(b.Moves, MoveText(&pos, mv.Move, n)+mv.Symbol())
			pos.Make(mv.Move)
		}
		out[k] = b
	}
	return out
}

// enterBranch makes the game follow line k of Branches(ply) to its end, and returns the ply
// to show, after its move j (0 for its first); false when there is no such move.
func (m *Xiangqi) enterBranch(ply, k, j int) (int, bool) {
	if m.story == nil || ply < 0 || ply > m.game.Len() {
		return 0, false
	}
	lines := m.story.lines(m.game.Moves(), ply)
	if k < 0 || k >= len(lines) || j < 0 || j >= len(lines[k].Moves) {
		return 0, false
	}
	g := xiangqi.NewGame(m.game.Start())
	if !playOn(g, m.game.Moves()[:ply]) {
		return 0, false
	}
	playOn(g, movesOf(lines[k].Moves))
	m.follow(g)
	return ply + j + 1, true
}

// follow puts g on the board in place of the game, keeping the story (g's moves are on it).
func (m *Xiangqi) follow(g *xiangqi.Game) {
	st := m.story
	m.Load(g)
	m.story = st
}

// InVariation reports whether the move at ply of the game is in a variation of the record
// (which PromoteVariation and DeleteVariation act on).
func (m *Xiangqi) InVariation(ply int) bool {
	if m.story == nil || ply < 1 || ply > m.game.Len() {
		return false
	}
	p := m.story.path(m.game.Moves()[:ply])
	return len(p) == ply && p[ply-1].up != nil
}

// PromoteVariation makes the variation holding the move at ply the record's main line (the
// line it replaced becomes a variation). The game's moves do not change.
func (m *Xiangqi) PromoteVariation(ply int) bool {
	if !m.InVariation(ply) {
		return false
	}
	return m.story.promote(m.game.Moves(), ply)
}

// deleteVariation removes the variation holding the move at ply from the record; the game
// follows the line the variation left instead. It returns the ply where it left it, to show.
func (m *Xiangqi) deleteVariation(ply int) (int, bool) {
	if !m.InVariation(ply) {
		return 0, false
	}
	moves := m.game.Moves()
	at := m.story.remove(moves, ply)
	if at < 0 {
		return 0, false
	}
	g := xiangqi.NewGame(m.game.Start())
	playOn(g, moves[:at])
	if next, ok := m.story.next(moves[:at]); ok {
		playOn(g, mainFrom(next))
	}
	m.follow(g)
	return at, true
}

// Symbols are the record's symbols on the game's moves (the redo tail too), one a ply; nil
// when there are none.
func (m *Xiangqi) Symbols() []string {
	if m.story == nil {
		return nil
	}
	var out []string
	for i, sp := range m.story.path(m.game.Moves()) {
		if s := (*sp.line)[sp.i].Symbol(); s != "" {
			if out == nil {
				out = make([]string, m.game.Len())
			}
			out[i] = s
		}
	}
	return out
}

// SetNote writes the comment after the move at ply of the game (at 0: the comment before the
// first move) and its symbol (a glyph, "" for none; PGN's other NAGs stay), in the record;
// the app's own game gets a record for it. It reports whether there is such a move.
func (m *Xiangqi) SetNote(ply int, comment, symbol string) bool {
	if ply < 0 || ply > m.game.Len() || (symbol != "" && record.SymbolNAG(symbol) == 0) {
		return false
	}
	if m.story == nil {
		m.story = &story{own: true, result: record.Unknown}
	}
	m.story.graft(m.game.Moves())
	if ply == 0 {
		m.story.intro = comment
		return true
	}
	a := m.annotated(ply)
	if a == nil {
		return false
	}
	a.Comment = comment
	a.SetSymbol(symbol)
	return true
}

// addLines adds the engine's lines ranked, searched from the position after ply, to the
// record as variations there, each as far as its moves are legal and the part the record
// holds already merged: a line is added where it leaves the record's moves, never
// lengthening a line past its end (the record's lines say what was played or written). It
// reports whether the record changed.
func (m *Xiangqi) addLines(ply int, ranked []engineclient.SearchInfo) bool {
	if len(ranked) == 0 {
		return false
	}
	if m.story == nil {
		m.story = &story{own: true, result: record.Unknown}
	}
	m.story.graft(m.game.Moves())
	changed := false
	for _, t := range ranked {
		line := append([]xiangqi.Move(nil), m.game.Moves()[:ply]...)
		pos := *m.game.PositionAt(ply)
		for _, s := range t.PV {
			mv, err := xiangqi.ParseMove(s)
			if err != nil || !pos.IsLegal(mv) {
				break
			}
			pos.Make(mv)
			line = append(line, mv)
		}
		at, all := m.story.next(line)
		if all || at.i >= len(*at.line) || at.depth >= record.MaxDepth {
			continue // held already, or it would lengthen a line
		}
		m.story.graft(line)
		changed = true
	}
	return changed
}
