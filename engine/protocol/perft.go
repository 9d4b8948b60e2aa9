package protocol

import (
	"context"
	"fmt"
)

// PerftRun is one run of a game's Perfter.Perft, the part every game's perft shares: the
// depth's range, the root moves' counts and their total, and the stop check of the count
// (every so many calls it yields, for the browser build, and looks whether ctx is done).
type PerftRun struct {
	ctx     context.Context
	yield   func(context.Context)
	root    func(move string, nodes uint64)
	mask    uint
	calls   uint
	stopped bool
	total   uint64
}

// StartPerft checks depth against 1..maxDepth and starts a perft that reports each root
// move's count to root and stops once ctx is done. Its count calls Stopped at each inner
// node; every every-th call (a power of two) calls yield, if not nil, and checks ctx.
func StartPerft(ctx context.Context, depth, maxDepth int, every uint, yield func(context.Context),
	root func(move string, nodes uint64)) (*PerftRun, error) {
	if depth < 1 || depth > maxDepth {
		return nil, fmt.Errorf("perft depth %d: want 1..%d", depth, maxDepth)
	}
	return &PerftRun{ctx: ctx, yield: yield, root: root, mask: every - 1}, nil
}

// Stopped counts a call of the count and tells whether it should stop (and return 0): once
// stopped, it stays stopped.
func (r *PerftRun) Stopped() bool {
	if r.calls++; r.calls&r.mask == 0 {
		r.poll()
	}
	return r.stopped
}

func (r *PerftRun) poll() {
	if r.yield != nil {
		r.yield(r.ctx)
	}
	if r.ctx.Err() != nil {
		r.stopped = true
	}
}

// Root reports a root move's count and adds it to the total, unless the count stopped: then
// it returns false, and the perft should return Result at once.
func (r *PerftRun) Root(move string, nodes uint64) bool {
	if r.stopped {
		return false
	}
	r.root(move, nodes)
	r.total += nodes
	return true
}

// Result returns the total of the root moves' counts, or ctx's cause if the count stopped.
func (r *PerftRun) Result() (uint64, error) {
	if r.stopped {
		return 0, context.Cause(r.ctx)
	}
	return r.total, nil
}
