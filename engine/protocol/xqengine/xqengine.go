// Package xqengine plays xiangqi behind the protocol: it adapts the rules (engine/xiangqi)
// and the search (engine/xiangqi/search) to protocol.Engine, protocol.Perfter and
// protocol.Optioner. The native binary and the browser Worker both use it.
package xqengine

import (
	"context"
	"fmt"
	"strconv"

	"qipan/engine/protocol"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/search"
)

// DefaultHashMB is the transposition table size unless "setoption hashsize" says otherwise.
const DefaultHashMB = 16

// Engine is a xiangqi engine: a position with its history and a searcher.
type Engine struct {
	pos     xiangqi.Position
	history []search.Past // the positions before pos since the FEN, for repetition
	s       *search.Searcher
	yield   func(ctx context.Context)
}

// Option configures an Engine.
type Option func(*Engine)

// WithYield makes searches and perft call yield about every thousand nodes (with the job's
// context). The browser build yields to the JavaScript event loop there, so that stop can
// arrive; yield should return early once ctx is done.
func WithYield(yield func(ctx context.Context)) Option {
	return func(e *Engine) { e.yield = yield }
}

// New returns an engine at the start position.
func New(opts ...Option) *Engine {
	e := &Engine{pos: *xiangqi.NewPosition(), s: search.New(DefaultHashMB)}
	for _, o := range opts {
		o(e)
	}
	return e
}

var _ interface {
	protocol.Engine
	protocol.Perfter
	protocol.Bencher
	protocol.Optioner
} = (*Engine)(nil)

// NewGame clears what the searcher learned.
func (e *Engine) NewGame() { e.s.Clear() }

// SetPosition sets the position after moves from fen; on error nothing changes.
func (e *Engine) SetPosition(fen string, moves []string) error {
	p, err := xiangqi.ParseFEN(fen)
	if err != nil {
		return err
	}
	hist := make([]search.Past, 0, len(moves))
	for i, s := range moves {
		m, err := xiangqi.ParseMove(s)
		if err != nil {
			return fmt.Errorf("moves[%d]: %v", i+1, err)
		}
		if !p.IsLegal(m) {
			return fmt.Errorf("moves[%d]: %s is illegal in %s", i+1, s, p.FEN())
		}
		hist = append(hist, search.Past{Key: p.Key(), Check: p.InCheck()})
		p.Make(m)
	}
	e.pos, e.history = *p, hist
	return nil
}

// Position returns a copy of the current position.
func (e *Engine) Position() *xiangqi.Position {
	p := e.pos
	return &p
}

// Search thinks about the current position.
func (e *Engine) Search(ctx context.Context, lim protocol.Limits, progress func(protocol.Info)) protocol.Result {
	sl := search.Limits{}
	if !lim.Infinite {
		sl.Depth, sl.Nodes = lim.Depth, lim.Nodes
		sl.Soft, sl.Hard = lim.Budget()
	}
	for _, b := range lim.Ban {
		if m, err := xiangqi.ParseMove(b); err == nil {
			sl.Ban = append(sl.Ban, m)
		}
	}
	if e.yield != nil {
		sl.Poll = func() { e.yield(ctx) }
	}
	var report func(search.Info)
	if progress != nil {
		report = func(i search.Info) {
			pv := make([]string, len(i.PV))
			for k, m := range i.PV {
				pv[k] = m.String()
			}
			progress(protocol.Info{Depth: i.Depth, SelDepth: i.SelDepth, Score: i.Score, MatePlies: i.MatePlies,
				Nodes: i.Nodes, Time: i.Time, PV: pv})
		}
	}
	res := e.s.Search(ctx, &e.pos, e.history, sl, report)
	if res.Best == xiangqi.NoMove {
		return protocol.Result{}
	}
	out := protocol.Result{Best: res.Best.String()}
	if res.Ponder != xiangqi.NoMove {
		out.Ponder = res.Ponder.String()
	}
	return out
}

// Options lists hashsize.
func (e *Engine) Options() []protocol.Option {
	return []protocol.Option{{Name: "hashsize", Type: "spin", Min: 0, Max: 1024, Default: strconv.Itoa(DefaultHashMB)}}
}

// SetOption sets hashsize (MB, 0 = the default).
func (e *Engine) SetOption(name, value string) error {
	if name != "hashsize" {
		return protocol.ErrUnknownOption
	}
	mb, err := strconv.Atoi(value)
	if err != nil || mb < 0 || mb > 1024 {
		return fmt.Errorf("bad size %q (want 0..1024 MB)", value)
	}
	if mb == 0 {
		mb = DefaultHashMB
	}
	e.s.SetHashSize(mb)
	return nil
}

// BenchDepth is the depth of `bench` without an argument.
const BenchDepth = 8

// Bench searches search.BenchFENs to depth (0: BenchDepth) with a fresh table of
// search.BenchHashMB, so the node count is a signature of the search, whatever the options.
func (e *Engine) Bench(ctx context.Context, depth int, progress func(string)) (uint64, error) {
	if depth <= 0 {
		depth = BenchDepth
	}
	var poll func()
	if e.yield != nil {
		poll = func() { e.yield(ctx) }
	}
	n := len(search.BenchFENs)
	total := search.Bench(ctx, depth, poll, func(i int, r search.Result) {
		progress(fmt.Sprintf("info string bench %d/%d depth %d nodes %d bestmove %v", i+1, n, r.Depth, r.Nodes, r.Best))
	})
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	return total, nil
}

// Perft counts the leaves of the legal-move tree, per root move.
func (e *Engine) Perft(ctx context.Context, depth int, root func(move string, nodes uint64)) (uint64, error) {
	if depth < 1 || depth > maxPerftDepth {
		return 0, fmt.Errorf("perft depth %d: want 1..%d", depth, maxPerftDepth)
	}
	c := perft{ctx: ctx, yield: e.yield}
	p := e.pos
	var ml xiangqi.MoveList
	p.GenerateLegal(&ml)
	var total uint64
	for _, m := range ml.Moves[:ml.N] {
		u := p.Make(m)
		n := c.count(&p, depth-1)
		p.Unmake(m, u)
		if c.stopped {
			return 0, context.Cause(ctx)
		}
		root(m.String(), n)
		total += n
	}
	return total, nil
}

const maxPerftDepth = 32

type perft struct {
	ctx     context.Context
	yield   func(context.Context)
	lists   [maxPerftDepth]xiangqi.MoveList
	calls   uint
	stopped bool
}

// count is xiangqi.Perft with bulk counting at the last ply and a stop check every 1024
// generations (a few hundred thousand leaves).
func (c *perft) count(p *xiangqi.Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if c.calls++; c.calls%1024 == 0 {
		if c.yield != nil {
			c.yield(c.ctx)
		}
		if c.ctx.Err() != nil {
			c.stopped = true
		}
	}
	if c.stopped {
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
