// Package xqengine plays xiangqi behind the protocol: it adapts the rules (engine/xiangqi),
// the search (engine/xiangqi/search) and the opening book (engine/xiangqi/book) to
// protocol.Adapter (an Engine with Perfter, Bencher and Optioner) and Prober. The native binary
// and the browser Worker both use it. The options it shares with Reversi (hashsize, level,
// multipv) and the searcher they size are protocol.Settings.
//
// Options (UCCI name / UCI name):
//   - hashsize / Hash: table size in MB (0 = the default); newgame clears the table. The table
//     is made at the first search and dropped by Release (variants releases the game it
//     leaves), so only the game being played holds memory.
//   - usebook / OwnBook: play from the opening book while in it (default true).
//   - level / Skill Level: 1..10; below 10 the search is cut to a depth and node budget per
//     level and picks among its best few moves with score noise (see levels); 10 is full
//     strength.
//   - multipv / MultiPV: report that many best lines (info … multipv k …), for hints.
//   - nnue / Use NNUE: evaluate with the embedded network (engine/xiangqi/nnue) instead of the
//     hand evaluation (default false: the network has not yet beaten it, docs/strength-log.md).
//
// `go mate N` asks the mate solver (engine/xiangqi/mate; mate.go).
package xqengine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"time"

	"qipan/engine/protocol"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/book"
	"qipan/engine/xiangqi/mate"
	"qipan/engine/xiangqi/nnue"
	"qipan/engine/xiangqi/search"
)

// DefaultHashMB is the transposition table size unless "setoption hashsize" says otherwise:
// Reversi's default too (one budget for whichever game is played), which keeps the engine
// wasm near 38 MB.
const DefaultHashMB = 32

// Adapter is xiangqi behind the protocol (a protocol.Adapter): a position with its history, a
// searcher and its options.
type Adapter struct {
	pos     xiangqi.Position
	history []search.Past // the positions before pos since the FEN, for repetition
	cfg     protocol.Config
	rng     *rand.Rand

	// The searcher (made at the first search, dropped by Release) and the options hashsize,
	// level and multipv.
	protocol.Settings[search.Searcher]
	useBook bool
	net     *nnue.Net // the network evaluating, nil for the hand evaluation
	// The mate solver (made at the first search that asks it, dropped by Release), and the
	// history's keys it is given.
	solver protocol.Lazy[mate.Solver]
	keys   []uint64
}

// MaxLevel is full strength.
const MaxLevel = protocol.MaxLevel

// level is what a strength level limits: the depth and nodes of a search, and the noise
// (centipawns) added to the scores of its best few moves before picking the highest.
type level struct {
	depth int
	nodes uint64
	noise int
}

// levels[1..9]; level 10 is unlimited. Each level searches a ply deeper than the one below
// (the selective search reaches a depth in fewer nodes than the node budgets, so the depth
// is what separates levels 2 to 7; at the same depth as level 2, level 3 scored only 55 %).
var levels = [MaxLevel]level{
	1: {1, 2_000, 400},
	2: {2, 5_000, 300},
	3: {3, 10_000, 200},
	4: {4, 30_000, 140},
	5: {5, 80_000, 80},
	6: {6, 200_000, 70},
	7: {7, 500_000, 45},
	8: {9, 1_500_000, 25},
	9: {11, 4_000_000, 10},
}

// levelLines is how many best moves a limited level chooses among.
const levelLines = 4

// maxMultiPV bounds the multipv option.
const maxMultiPV = 8

// New returns an adapter at the start position, made with protocol.WithYield (searches and
// perft call it) and protocol.WithSeed (the book's and the levels' random choices).
func New(opts ...protocol.ConfigOption) *Adapter {
	cfg := protocol.NewConfig(opts...)
	rng := rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15))
	if !cfg.Seeded {
		seed := uint64(time.Now().UnixNano())
		rng = rand.New(rand.NewPCG(seed, seed>>17))
	}
	set := protocol.NewSettings(DefaultHashMB, maxMultiPV, search.New, (*search.Searcher).HashBytes, (*search.Searcher).Clear)
	return &Adapter{pos: *xiangqi.NewPosition(), cfg: cfg, rng: rng, Settings: set, useBook: true}
}

var _ interface {
	protocol.Adapter
	protocol.Prober
} = (*Adapter)(nil)

// SetPosition sets the position after moves from fen; on error nothing changes.
func (e *Adapter) SetPosition(fen string, moves []string) error {
	p, hist, err := replay(fen, moves)
	if err != nil {
		return err
	}
	e.pos, e.history = *p, hist
	return nil
}

// replay returns the position after moves from fen and the positions before it.
func replay(fen string, moves []string) (*xiangqi.Position, []search.Past, error) {
	p, err := xiangqi.ParseFEN(fen)
	if err != nil {
		return nil, nil, err
	}
	hist := make([]search.Past, 0, len(moves))
	for i, s := range moves {
		m, err := xiangqi.ParseMove(s)
		if err != nil {
			return nil, nil, fmt.Errorf("moves[%d]: %v", i+1, err)
		}
		if !p.IsLegal(m) {
			return nil, nil, fmt.Errorf("moves[%d]: %s is illegal in %s", i+1, s, p.FEN())
		}
		hist = append(hist, search.Past{Key: p.Key(), Check: p.InCheck()})
		p.Make(m)
	}
	return p, hist, nil
}

// Position returns a copy of the current position.
func (e *Adapter) Position() *xiangqi.Position {
	p := e.pos
	return &p
}

// Search thinks about the current position: a book move if the book has one (and usebook is
// on, and the search is not infinite), otherwise a search limited by lim and the level.
func (e *Adapter) Search(ctx context.Context, lim protocol.Limits, progress func(protocol.Info)) protocol.Result {
	multiPV := e.MultiPV()
	sl := search.Limits{MultiPV: multiPV}
	if !lim.Infinite {
		sl.Depth, sl.Nodes = lim.Depth, lim.Nodes
		sl.Soft, sl.Hard = lim.Budget()
	}
	for _, b := range lim.Ban {
		if m, err := xiangqi.ParseMove(b); err == nil {
			sl.Ban = append(sl.Ban, m)
		}
	}
	if lim.Mate > 0 {
		return e.searchMate(ctx, lim, sl.Ban, progress)
	}
	if e.useBook && !lim.Infinite {
		if m, ok := book.Default().Pick(&e.pos, e.rng, sl.Ban); ok {
			return protocol.Result{Best: m.String()}
		}
	}
	var lv level
	if l := e.Level(); l < MaxLevel {
		lv = levels[l]
		if sl.Depth == 0 || sl.Depth > lv.depth {
			sl.Depth = lv.depth
		}
		if sl.Nodes == 0 || sl.Nodes > lv.nodes {
			sl.Nodes = lv.nodes
		}
		sl.MultiPV = max(sl.MultiPV, levelLines)
	}
	sl.Poll = e.cfg.Poll(ctx)
	if lv.depth == 0 && multiPV == 1 && sl.Soft >= minSolveBudget {
		if res, ok := e.solveFirst(ctx, &sl, progress); ok {
			return res
		}
	}
	s := e.Searcher()
	s.SetNet(e.net)
	res := s.Search(ctx, &e.pos, e.history, sl, e.reporter(progress, multiPV))
	if res.Best == xiangqi.NoMove {
		return protocol.Result{}
	}
	best, ponder := res.Best, res.Ponder
	if lv.noise > 0 {
		if m := pickNoisy(res.Lines, lv.noise, e.rng); m != best {
			best, ponder = m, xiangqi.NoMove
		}
	}
	out := protocol.Result{Best: best.String()}
	if ponder != xiangqi.NoMove {
		out.Ponder = ponder.String()
	}
	return out
}

// reporter turns the search's progress into the protocol's (nil for none): the lines up to
// multiPV, numbered only when there are several.
func (e *Adapter) reporter(progress func(protocol.Info), multiPV int) func(search.Info) {
	if progress == nil {
		return nil
	}
	return func(i search.Info) {
		if i.MultiPV > multiPV {
			return // a line searched for the level's choice, not asked for
		}
		if multiPV == 1 {
			i.MultiPV = 0
		}
		pv := make([]string, len(i.PV))
		for k, m := range i.PV {
			pv[k] = m.String()
		}
		progress(protocol.Info{Depth: i.Depth, MultiPV: i.MultiPV, SelDepth: i.SelDepth, Score: i.Score,
			MatePlies: i.MatePlies, Nodes: i.Nodes, Time: i.Time, PV: pv})
	}
}

// pickNoisy returns the line whose score plus a random 0..noise is highest.
func pickNoisy(lines []search.Line, noise int, r *rand.Rand) xiangqi.Move {
	best, bestV := xiangqi.NoMove, 0
	for _, l := range lines {
		if l.Move == xiangqi.NoMove {
			continue
		}
		if v := l.Score + r.IntN(noise+1); best == xiangqi.NoMove || v > bestV {
			best, bestV = l.Move, v
		}
	}
	return best
}

// Probe looks the position after moves from fen up in the hash table.
func (e *Adapter) Probe(fen string, moves []string) (protocol.HashEntry, error) {
	p, _, err := replay(fen, moves)
	if err != nil || e.Peek() == nil {
		return protocol.HashEntry{}, err
	}
	m, score, depth, lower, upper, ok := e.Peek().Probe(p)
	if !ok {
		return protocol.HashEntry{}, nil
	}
	h := protocol.HashEntry{Score: score, Depth: depth, Lower: lower, Upper: upper}
	if m != xiangqi.NoMove {
		h.Best = m.String()
	}
	return h, nil
}

// Options lists hashsize, usebook, level, multipv and nnue.
func (e *Adapter) Options() []protocol.Option {
	return []protocol.Option{
		e.HashOption(),
		protocol.CheckOption("usebook", "OwnBook", true),
		e.LevelOption(),
		e.MultiPVOption(),
		protocol.CheckOption("nnue", "Use NNUE", false),
	}
}

// SetOption sets one of Options (by its lower-case UCCI name).
func (e *Adapter) SetOption(name, value string) error {
	switch name {
	case "usebook":
		return protocol.SetBool(&e.useBook, value)
	case "nnue":
		on, err := protocol.ParseBool(value)
		if err != nil {
			return err
		}
		var net *nnue.Net
		if on {
			if net, err = nnue.Default(); err != nil {
				return err
			}
		}
		e.net = net
		return nil
	}
	return e.Settings.SetOption(name, value) // hashsize, level, multipv
}

// BenchDepth is the depth of `bench` without an argument.
const BenchDepth = 8

// Bench searches search.BenchFENs to depth (0: BenchDepth) with a fresh table of
// search.BenchHashMB, so the node count is a signature of the search, whatever the options.
// The adapter's own table is released first and the bench's after, so that the two are never
// held at once.
func (e *Adapter) Bench(ctx context.Context, depth int, progress func(string)) (uint64, error) {
	if depth <= 0 {
		depth = BenchDepth
	}
	e.Release()
	defer runtime.GC()
	n := len(search.BenchFENs)
	total := search.Bench(ctx, depth, e.cfg.Poll(ctx), func(i int, r search.Result) {
		progress(fmt.Sprintf("info string bench %d/%d depth %d nodes %d bestmove %v", i+1, n, r.Depth, r.Nodes, r.Best))
	})
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	return total, nil
}

// Perft counts the leaves of the legal-move tree, per root move.
func (e *Adapter) Perft(ctx context.Context, depth int, root func(move string, nodes uint64)) (uint64, error) {
	run, err := protocol.StartPerft(ctx, depth, maxPerftDepth, 1024, e.cfg.Yield, root)
	if err != nil {
		return 0, err
	}
	c := perft{PerftRun: run}
	p := e.pos
	var ml xiangqi.MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Moves[:ml.N] {
		u := p.Make(m)
		n := c.count(&p, depth-1)
		p.Unmake(m, u)
		if !run.Root(m.String(), n) {
			break
		}
	}
	return run.Result()
}

const maxPerftDepth = 32

type perft struct {
	*protocol.PerftRun
	lists [maxPerftDepth]xiangqi.MoveList
}

// count is xiangqi.Perft with bulk counting at the last ply and a stop check every 1024
// generations (a few hundred thousand leaves).
func (c *perft) count(p *xiangqi.Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if c.Stopped() {
		return 0
	}
	ml := &c.lists[depth]
	p.GenerateLegal(ml)
	if depth == 1 {
		return uint64(ml.N)
	}
	var n uint64
	for _, m := range ml.Moves[:ml.N] {
		u := p.Make(m)
		n += c.count(p, depth-1)
		p.Unmake(m, u)
	}
	return n
}
