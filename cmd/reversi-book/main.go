// Command reversi-book builds Reversi's opening book (engine/reversi/book) from the engine's
// own searches, Edax- and Egaroucid-style: a tree grown from the initial position, every
// position of it expanded by scoring all its legal moves with a search of engine/reversi/search
// at a fixed depth (Searcher.Hints, full strength, Multi-ProbCut as the engine plays), the values
// backed up by negamax through the tree.
//
// Which position next: best-first by the discs given away on the way to it. A move's loss is
// its position's best value less its own; a position's cost is the least sum of losses of a
// path from the start to it. The candidates are the positions not yet expanded, reached by a
// move from an expanded position, at most -plies-1 plies from the start, of cost at most
// -window discs; the next is the one of the least cost + -ply-cost × its plies (then the fewest
// plies, then a hash of its key and -seed). So the best lines are expanded first, every
// deviation within the window after, and -ply-cost above 0 widens the tree near the start
// before it deepens (a ply counts as that many discs given away).
// Values change as the tree grows, so the costs are computed again before each expansion.
//
// Resumable: it reads -out if it exists and writes it again (a whole book, written beside and
// renamed) after every position, so a run stopped at any time leaves a valid book and a later
// run with the same flags continues it. Deterministic: the searches are by depth with cleared
// tables, so the same flags and seed give the same book, however the runs were cut.
//
//	reversi-book -out bin/reversi-book.bin -depth 12 -plies 20 -window 4 -ply-cost 0.5 -for 90m
package main

import (
	"bytes"
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"math/bits"
	"os"
	"os/signal"
	"slices"
	"time"

	"qipan/engine/reversi"
	"qipan/engine/reversi/book"
	"qipan/engine/reversi/search"
)

func main() {
	out := flag.String("out", "bin/reversi-book.bin", "the book file: read if it exists, written after every position")
	depth := flag.Int("depth", 12, "the depth of the searches that score a position's moves (even: one more at odd plies)")
	plies := flag.Int("plies", 20, "expand positions up to this many plies from the start (the deepest get their moves scored)")
	window := flag.Int("window", 4, "expand positions reached by giving away at most this many discs in all, by both sides")
	dur := flag.Duration("for", 0, "stop after this long (0: when no position is left in the window)")
	maxPos := flag.Int("max", 0, "stop at this many positions (0: no limit)")
	seed := flag.Uint64("seed", 1, "the order among positions of equal cost and plies")
	plyCost := flag.Float64("ply-cost", 0.5, "discs a ply weighs against in the order of expansion (not in the window)")
	hashMB := flag.Int("hash", 64, "the search's tables, MB")
	verbose := flag.Bool("v", false, "log every position expanded")
	stats := flag.Bool("stats", false, "print what the book at -out holds (positions by ply, the main line) and stop")
	flag.Parse()
	log.SetFlags(log.Ltime)
	if *stats {
		if err := printStats(os.Stdout, *out); err != nil {
			log.Fatal(err)
		}
		return
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *dur > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *dur)
		defer cancel()
	}
	b := &builder{cfg: config{depth: *depth, plies: *plies, window: *window, seed: *seed, plyCost: *plyCost}, s: search.NewSized(*hashMB)}
	if err := b.load(*out); err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %d positions; depth %d, plies %d, window %d, ply-cost %g, seed %d", *out, len(b.nodes), *depth, *plies, *window, *plyCost, *seed)
	start := time.Now()
	var logf func(string, ...any)
	if *verbose {
		logf = log.Printf
	}
	added, err := b.build(ctx, *out, *maxPos, logf)
	if err != nil {
		log.Fatal(err)
	}
	best := ""
	if root := b.nodes[rootKey()]; root != nil {
		best = fmt.Sprintf("; the start's best %v %+d", reversi.Move(root.moves[0].Move), root.moves[0].Value)
	}
	log.Printf("%s: %d positions (%d added in %v)%s", *out, len(b.nodes), added, time.Since(start).Round(time.Second), best)
}

// build expands positions one by one, writing the book to out after each, until ctx ends, the
// book has maxPos positions (0: no limit) or no position is left in the window.
func (b *builder) build(ctx context.Context, out string, maxPos int, logf func(string, ...any)) (added int, err error) {
	for maxPos == 0 || len(b.nodes) < maxPos {
		c, ok := b.next()
		if !ok {
			if logf != nil {
				logf("no position left in the window")
			}
			break
		}
		t := time.Now()
		nodes, ok := b.expand(ctx, c)
		if !ok {
			break // stopped during the search: that position is left out
		}
		added++
		if err := b.save(out); err != nil {
			return added, err
		}
		if logf != nil {
			n := b.nodes[c.key]
			logf("#%d ply %d cost %d: %v best %v %+d (%d nodes, %.1fs)", len(b.nodes), c.ply, c.cost,
				reversi.Position{P: c.P, O: c.O}, reversi.Move(n.moves[0].Move), n.moves[0].Score, nodes, time.Since(t).Seconds())
		}
	}
	b.values()
	return added, nil
}

// printStats prints the book at path: its header and size, its positions by ply, and the
// main line (the best move while the position is in the book) with its value.
func printStats(w io.Writer, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	bk, err := book.Read(data)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	b := &builder{cfg: config{depth: bk.Depth}}
	if err := b.load(path); err != nil {
		return err
	}
	fmt.Fprintf(w, "%s: %d bytes, %d positions; searches of depth %d (%d at odd plies), window %d discs, plies ≤ %d\n",
		path, len(data), bk.Len(), bk.Depth, bk.Depth+1, bk.Window, bk.Plies)
	byPly := map[int]int{}
	top := 0
	for _, n := range b.nodes {
		ply := bits.OnesCount64(n.P|n.O) - 4
		byPly[ply]++
		top = max(top, ply)
	}
	fmt.Fprintf(w, "positions by ply:")
	for ply := 0; ply <= top; ply++ {
		fmt.Fprintf(w, " %d:%d", ply, byPly[ply])
	}
	p := reversi.Start()
	var line []reversi.Move
	value := 0
	for {
		e, ok := bk.Lookup(&p)
		if !ok {
			break
		}
		if len(line) == 0 {
			value = e.Best().Value
		}
		line = append(line, e.Best().Move)
		p.Make(e.Best().Move)
		if p.Status() == reversi.MustPass {
			p.Make(reversi.Pass)
		}
	}
	fmt.Fprintf(w, "\nmain line (%d plies, %+d for Black): %s\n", len(line), value, reversi.Transcript(line))
	return nil
}

type config struct {
	depth, plies, window int
	seed                 uint64
	plyCost              float64
}

// node is an expanded position: canonical, its moves in its own frame.
type node struct {
	P, O  uint64
	moves []book.Move // Score from the search; Value computed by values
	value int         // the best of the moves' values
	done  bool        // value computed
	cost  int         // the least loss of a path from the start (-1: not reached)
	ply   int
}

type builder struct {
	cfg   config
	s     *search.Searcher
	nodes map[uint64]*node
}

// candidate is a position to expand: canonical, its key, cost and plies.
type candidate struct {
	P, O      uint64
	key       uint64
	cost, ply int
}

func rootKey() uint64 {
	p := reversi.Start()
	return book.Key(p.P, p.O)
}

// child is the position after sq from (P, O), with the side to move after a forced pass, as
// the canonical position, its key and the sign that turns its value into the mover's
// (-1, or +1 after a pass); sign 0 when the game is over (value: the final score).
func child(P, O uint64, sq reversi.Square) (cp, co, key uint64, sign, value int) {
	f := reversi.Flips(P, O, sq)
	p, o := O^f, P|f|sq.Bit()
	sign = -1
	if reversi.Moves(p, o) == 0 {
		if reversi.Moves(o, p) == 0 {
			return 0, 0, 0, 0, reversi.FinalScore(o, p)
		}
		p, o, sign = o, p, 1
	}
	cp, co, _ = book.Canonical(p, o)
	return cp, co, book.Key(cp, co), sign, 0
}

// load reads the book at path, if there is one, and places its positions from the start.
func (b *builder) load(path string) error {
	b.nodes = map[uint64]*node{}
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	bk, err := book.Read(data)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if bk.Len() > 0 && (bk.Depth != b.cfg.depth) {
		return fmt.Errorf("%s was built with -depth %d, not %d", path, bk.Depth, b.cfg.depth)
	}
	recs := map[uint64][]book.Move{}
	for _, r := range bk.Records() {
		recs[r.Key] = r.Moves
	}
	// Place the records by walking from the start: their positions are found on the way.
	s := reversi.Start()
	cp, co, _ := book.Canonical(s.P, s.O)
	queue := []*node{}
	add := func(P, O uint64) {
		k := book.Key(P, O)
		if ms, ok := recs[k]; ok {
			if _, seen := b.nodes[k]; !seen {
				n := &node{P: P, O: O, moves: ms}
				b.nodes[k] = n
				queue = append(queue, n)
			}
		}
	}
	add(cp, co)
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, m := range n.moves {
			if cp, co, _, sign, _ := child(n.P, n.O, reversi.Square(m.Move)); sign != 0 {
				add(cp, co)
			}
		}
	}
	if len(b.nodes) != len(recs) {
		log.Printf("%s: %d positions not reached from the start, left out", path, len(recs)-len(b.nodes))
	}
	return nil
}

// values computes every node's moves' values, negamax through the tree.
func (b *builder) values() {
	for _, n := range b.nodes {
		n.done = false
	}
	for _, n := range b.nodes {
		b.value(n)
	}
}

func (b *builder) value(n *node) int {
	if n.done {
		return n.value
	}
	for i := range n.moves {
		m := &n.moves[i]
		m.Value = m.Score
		_, _, k, sign, v := child(n.P, n.O, reversi.Square(m.Move))
		if sign == 0 {
			m.Value = v
		} else if c, ok := b.nodes[k]; ok {
			m.Value = sign * b.value(c)
		}
	}
	slices.SortStableFunc(n.moves, func(a, c book.Move) int { return cmp.Compare(c.Value, a.Value) })
	n.value, n.done = n.moves[0].Value, true
	return n.value
}

// next returns the cheapest position to expand.
func (b *builder) next() (candidate, bool) {
	s := reversi.Start()
	cp, co, _ := book.Canonical(s.P, s.O)
	root := candidate{P: cp, O: co, key: book.Key(cp, co)}
	if _, ok := b.nodes[root.key]; !ok {
		return root, true
	}
	b.values()
	for _, n := range b.nodes {
		n.cost = -1
	}
	// The nodes by plies (a move adds a disc, a pass none): costs flow from fewer discs to more.
	order := make([]*node, 0, len(b.nodes))
	for _, n := range b.nodes {
		n.ply = bits.OnesCount64(n.P|n.O) - 4
		order = append(order, n)
	}
	slices.SortFunc(order, func(a, c *node) int { return cmp.Compare(a.ply, c.ply) })
	b.nodes[root.key].cost = 0
	var best candidate
	found := false
	for _, n := range order {
		if n.cost < 0 || n.ply >= b.cfg.plies {
			continue
		}
		for _, m := range n.moves {
			loss := n.value - m.Value
			c := n.cost + loss
			if c > b.cfg.window {
				continue
			}
			cp, co, k, sign, _ := child(n.P, n.O, reversi.Square(m.Move))
			if sign == 0 {
				continue
			}
			if ch, ok := b.nodes[k]; ok {
				if ch.cost < 0 || c < ch.cost {
					ch.cost = c
				}
				continue
			}
			cand := candidate{P: cp, O: co, key: k, cost: c, ply: n.ply + 1}
			if !found || b.less(cand, best) {
				best, found = cand, true
			}
		}
	}
	return best, found
}

func (b *builder) less(a, c candidate) bool {
	pa, pc := float64(a.cost)+b.cfg.plyCost*float64(a.ply), float64(c.cost)+b.cfg.plyCost*float64(c.ply)
	if pa != pc {
		return pa < pc
	}
	if a.ply != c.ply {
		return a.ply < c.ply
	}
	return mix(a.key^b.cfg.seed) < mix(c.key^b.cfg.seed)
}

func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// expand scores c's moves by a search and adds it; ok is false if ctx ended first.
func (b *builder) expand(ctx context.Context, c candidate) (nodes uint64, ok bool) {
	p := reversi.Position{P: c.P, O: c.O, Turn: reversi.Color(bits.OnesCount64(c.P|c.O) & 1)}
	b.s.NewGame()
	b.s.SetBoard(p)
	d := b.cfg.depth + c.ply&1 // every search's leaves an even number of plies from the start
	hs := b.s.Hints(ctx, search.Limits{Level: 10, Depth: d, ProbCut: true}, nil)
	if ctx.Err() != nil || len(hs) == 0 || hs[0].Kind == search.Midgame && hs[0].Depth < min(d, p.Empties()) {
		return 0, false
	}
	n := &node{P: c.P, O: c.O, moves: make([]book.Move, len(hs))}
	for i, h := range hs {
		v := h.Score
		if h.Kind == search.WLD {
			v *= 64 // a win/loss/draw: as far as a disc count can say
		}
		n.moves[i] = book.Move{Move: reversi.Move(h.Move.Square()), Score: discs(v)}
	}
	b.nodes[c.key] = n
	return b.s.Nodes(), true
}

// discs rounds centi-discs to discs, halves away from zero, within ±64.
func discs(v int) int {
	if v < 0 {
		return -discs(-v)
	}
	return min((v+50)/100, 64)
}

// save writes the book, with the values through the tree, beside path and renames it.
func (b *builder) save(path string) error {
	b.values()
	recs := make([]book.Record, 0, len(b.nodes))
	for k, n := range b.nodes {
		recs = append(recs, book.Record{Key: k, Moves: n.moves})
	}
	var buf bytes.Buffer
	if err := book.Write(&buf, book.Header{Depth: b.cfg.depth, Window: b.cfg.window, Plies: b.cfg.plies}, recs); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
