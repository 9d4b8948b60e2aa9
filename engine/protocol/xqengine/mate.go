package xqengine

// The mate solver (engine/xiangqi/mate) behind the protocol: `go mate N` asks it alone, and
// an ordinary search at full strength asks it first, for a share of its time, so that the
// engine reports the mates the solver proves (the puzzles' defence reads the score of its
// search: a mate against the side to move says the person's move kept the win).

import (
	"context"
	"time"

	"qipan/engine/protocol"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/mate"
	"qipan/engine/xiangqi/search"
)

// MateHashMB is the mate solver's table, in MB (besides the searcher's hashsize).
const MateHashMB = 8

// mateQuiet is how many quiet moves of the attacker's a line of the solver's may hold.
const mateQuiet = 1

// solveShare is the part of a search's time (its soft budget) the solver may take first, at
// most maxSolveShare: its proofs of the manuals come mostly within a tenth of a second, and
// more time proves few more (of the 20 positions that ran out of 1 s, 10 s proved 2).
const (
	solveShare    = 5
	maxSolveShare = 600 * time.Millisecond
)

// minSolveBudget is the least soft budget with which an ordinary search asks the solver first.
// In games a forcing check stands in a third of the positions and a threat in another third
// (11,510 positions of 100 games at 100 ms a move), and the solver, mostly without a mate to
// find, took its whole share there: a fifth of the time of most moves (A/B at 100 ms: -24 ± 60
// Elo after 100 games; at 600 ms: -95 ± 179 after 15, two of them lost on time under the
// machine's load). So the board's hints (0.7 s) and game report (0.25 s, 1 s) keep their time
// (its levels below 10 never ask: they are cut to a depth), while the puzzles' defence (3 s),
// level 10 (5 s) and analysis ask.
const minSolveBudget = 2 * time.Second

// Release drops the searcher and the solver with their tables.
func (e *Adapter) Release() {
	e.Settings.Release()
	e.solver.Release()
}

// TableBytes is the searcher's and the solver's tables.
func (e *Adapter) TableBytes() int {
	n := e.Settings.TableBytes()
	if s := e.solver.Peek(); s != nil {
		n += s.HashBytes()
	}
	return n
}

func (e *Adapter) mateSolver() *mate.Solver {
	return e.solver.Get(func() *mate.Solver { return mate.New(MateHashMB) })
}

// historyKeys are the keys of the positions before the current one, for the solver.
func (e *Adapter) historyKeys() []uint64 {
	e.keys = e.keys[:0]
	for _, p := range e.history {
		e.keys = append(e.keys, p.Key)
	}
	return e.keys
}

// solve asks the solver whether the side to move mates (Solve, within half the limits) or is
// mated (Defend, within what is left) in at most lim.MaxMoves moves. mated tells which.
func (e *Adapter) solve(ctx context.Context, lim mate.Limits) (r mate.Result, mated bool) {
	s := e.mateSolver()
	keys := e.historyKeys()
	half := lim
	half.Nodes, half.Time = lim.Nodes/2, lim.Time/2
	if lim.Nodes == 1 {
		half.Nodes = 1
	}
	r = s.Solve(ctx, &e.pos, keys, half)
	if r.Status == mate.Proven || ctx.Err() != nil {
		return r, false
	}
	rest := lim
	rest.Ban = nil // every reply must be mated; a banned one is not played (below)
	if lim.Nodes > 0 {
		rest.Nodes = max(1, lim.Nodes-r.Nodes)
	}
	if lim.Time > 0 {
		rest.Time = max(time.Millisecond, lim.Time-r.Time)
	}
	d := s.Defend(ctx, &e.pos, keys, rest)
	if d.Status == mate.Proven && !banned(d.Best, lim.Ban) {
		return d, true
	}
	return r, false
}

func banned(m xiangqi.Move, ban []xiangqi.Move) bool {
	for _, b := range ban {
		if m == b {
			return true
		}
	}
	return false
}

// reportMate writes a proven mate as the search's info line: depth the mate's plies,
// score mate ±M, the solver's nodes and time, its PV.
func reportMate(r mate.Result, mated bool, progress func(protocol.Info)) {
	if progress == nil {
		return
	}
	plies := 2*r.Moves - 1
	if mated {
		plies = -2 * r.Moves
	}
	pv := make([]string, len(r.PV))
	for i, m := range r.PV {
		pv[i] = m.String()
	}
	progress(protocol.Info{Depth: max(plies, -plies), Score: 0, MatePlies: plies, Nodes: r.Nodes, Time: r.Time, PV: pv})
}

// mateResult is the move of a proven mate, with the PV's next move to ponder on.
func mateResult(r mate.Result) protocol.Result {
	out := protocol.Result{Best: r.Best.String()}
	if len(r.PV) > 1 {
		out.Ponder = r.PV[1].String()
	}
	return out
}

// searchMate answers `go mate N`: the solver within the other limits (none: until it has an
// answer or is stopped). A mate proven for either side is reported (score mate M, or -M when
// the side to move is mated) and its move played; without one, the move of an ordinary search
// of at most 2N-1 plies within the same limits.
func (e *Adapter) searchMate(ctx context.Context, lim protocol.Limits, ban []xiangqi.Move, progress func(protocol.Info)) protocol.Result {
	ml := mate.Limits{MaxMoves: lim.Mate, Quiet: mateQuiet, Ban: ban, Poll: e.cfg.Poll(ctx)}
	if !lim.Infinite {
		_, ml.Time = lim.Budget()
		ml.Nodes = lim.Nodes
	}
	// Given a time or nodes, the solver adds its proof-number search (mates with several quiet
	// moves, zugzwang: it proves more of the manuals at the same nodes). It runs to its limits
	// where there is no mate, so `go mate N` alone keeps to the depth-first search, which
	// answers a position without a mate at once.
	ml.PN = ml.Time > 0 || ml.Nodes > 0
	r, mated := e.solve(ctx, ml)
	switch {
	case r.Status == mate.Proven && mated && r.Moves == 0:
		return protocol.Result{} // mated on the board: no move
	case r.Status == mate.Proven:
		reportMate(r, mated, progress)
		return mateResult(r)
	}
	// The search gets the same limits again (the solver has taken its own).
	sl := search.Limits{Depth: min(2*lim.Mate-1, search.MaxDepth), Nodes: ml.Nodes, Ban: ban, Poll: e.cfg.Poll(ctx)}
	if !lim.Infinite {
		sl.Soft, sl.Hard = lim.Budget()
	}
	res := e.Searcher().Search(ctx, &e.pos, e.history, sl, e.reporter(progress, 1))
	if res.Best == xiangqi.NoMove {
		return protocol.Result{}
	}
	return protocol.Result{Best: res.Best.String()}
}

// solveInCheck asks, for the side to move in check, Defend first (is it mated?) within two
// thirds of the limits, then Solve (does it mate, answering the check?) within what is left.
// The puzzles' defence is such a position after the person's check.
func (e *Adapter) solveInCheck(ctx context.Context, lim mate.Limits) (r mate.Result, mated bool) {
	s := e.mateSolver()
	keys := e.historyKeys()
	first := lim
	first.Ban, first.Time = nil, lim.Time*2/3
	d := s.Defend(ctx, &e.pos, keys, first)
	if d.Status == mate.Proven && !banned(d.Best, lim.Ban) {
		return d, true
	}
	if ctx.Err() != nil {
		return d, false
	}
	rest := lim
	rest.Time = max(time.Millisecond, lim.Time-d.Time)
	return s.Solve(ctx, &e.pos, keys, rest), false
}

// solveFirst runs the solver before an ordinary search at full strength with a time budget,
// for 1/solveShare of its soft budget, where a mate is likely: Solve (does the side to move
// mate?) when it has a forcing check (forcing), Defend (is it mated?) when the opponent would
// have one (threatened), and Defend then Solve when it is in check. A proven mate is reported and its move played
// (the mate's first move, or the longest defence); otherwise the search's budget is what is
// left (ok false).
func (e *Adapter) solveFirst(ctx context.Context, sl *search.Limits, progress func(protocol.Info)) (protocol.Result, bool) {
	start := time.Now()
	share := min(sl.Soft/solveShare, maxSolveShare)
	ml := mate.Limits{Quiet: mateQuiet, Time: share, Ban: sl.Ban, Poll: sl.Poll}
	s := e.mateSolver()
	keys := e.historyKeys()
	if !e.pos.InCheck() {
		mine, theirs := forcing(&e.pos), threatened(&e.pos)
		if mine {
			solve := ml
			if theirs {
				solve.Time /= 2
			}
			if r := s.Solve(ctx, &e.pos, keys, solve); r.Status == mate.Proven {
				reportMate(r, false, progress)
				return mateResult(r), true
			}
		}
		if theirs && ctx.Err() == nil {
			def := ml
			def.Ban, def.Time = nil, max(time.Millisecond, share-time.Since(start))
			if r := s.Defend(ctx, &e.pos, keys, def); r.Status == mate.Proven && r.Moves > 0 && !banned(r.Best, ml.Ban) {
				reportMate(r, true, progress)
				return mateResult(r), true
			}
		}
	} else if r, mated := e.solveInCheck(ctx, ml); r.Status == mate.Proven && (!mated || r.Moves > 0) {
		reportMate(r, mated, progress)
		return mateResult(r), true
	}
	used := time.Since(start)
	sl.Soft = max(time.Millisecond, sl.Soft-used)
	sl.Hard = max(time.Millisecond, sl.Hard-used)
	return protocol.Result{}, false
}

// threatened says whether the opponent would have a forcing check were it to move: a mate
// may be threatened (the puzzles' defence after the person's quiet move).
func threatened(p *xiangqi.Position) bool {
	q := *p
	q.MakeNull()
	return forcing(&q)
}

// forcingReplies: a check that leaves the opponent at most this many replies is forcing.
const forcingReplies = 2

// forcing says whether the side to move has a forcing check. The mates of the manuals nearly
// all start with one (292 of the 301 the solver proves: 215 with a check leaving one reply, 77
// two), while in a game most positions have none: the solver is asked where it may pay.
func forcing(p *xiangqi.Position) bool {
	var ml, replies xiangqi.MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Slice() {
		u := p.Make(m)
		ok := false
		if p.InCheck() {
			p.GenerateLegal(&replies)
			ok = replies.N <= forcingReplies
		}
		p.Unmake(m, u)
		if ok {
			return true
		}
	}
	return false
}
