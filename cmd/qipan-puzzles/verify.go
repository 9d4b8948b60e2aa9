package main

// One position's verdict: the rules' checks, the search, the check of the search's mate.

import (
	"context"
	"fmt"
	"time"

	"qipan/app/play"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/mate"
	"qipan/engine/xiangqi/search"
)

// Why a position is left out of the index.
const (
	whyLine     = "not a line of FEN, number and title, manual"      //
	whyFEN      = "illegal FEN"                                      // play.CheckXiangqi's reason follows
	whyBlack    = "not Red to move"                                  //
	whyOver     = "already over"                                     // Red has no legal move, or neither side can win
	whySame     = "the same position as an earlier line"             //
	whyLost     = "lost for Red (Black mates)"                       //
	whyAhead    = "Red ahead but no mate within the limit"           // the win is not mate, or the mate lies beyond the limit
	whyNone     = "no win found within the limit"                    //
	whyRefuted  = "mate not confirmed: a defence left unanswered"    // the check found a reply it could not mate within the moves left
	whyTooLarge = "mate not confirmed: the check exceeded its limit" //
)

// aheadCP is the score, in centipawns for Red, from which a position without a mate counts as
// won otherwise (half a chariot).
const aheadCP = 300

// limits bound the work on one position.
type limits struct {
	nodes    uint64        // nodes of each search (0: none)
	movetime time.Duration // time of each search (0: none)
}

// search is one search's limits.
func (l limits) search(ban []xiangqi.Move) search.Limits {
	return search.Limits{Nodes: l.nodes, Soft: l.movetime, Hard: l.movetime, Ban: ban}
}

// verdict is what the checks and the search found for one position.
type verdict struct {
	why    string // "" when verified; else one of the why constants
	detail string // for whyFEN, the rules' reason (play.EditReason); for whySame, the earlier line
	mate   int    // moves to mate (Red's moves, the mating one included)
	first  xiangqi.Move
	// byChecks: the mate is the mate solver's (else the engine's, confirmed).
	byChecks bool
	second   xiangqi.Move // another first move that mates by force; NoMove for none
	// unconfirmedSecond: the search saw a mate after another first move that its check did
	// not confirm (it is not listed).
	unconfirmedSecond bool
	nodes             uint64        // the engine's nodes, the prover's searches included
	expanded          uint64        // the positions the search by checks expanded
	took              time.Duration // the time it took
}

// checker verifies positions with one searcher, cleared before each position so that a
// verdict does not depend on the positions before it.
type checker struct {
	s   *search.Searcher
	lim limits
	// proofLimit bounds the nodes of the checks' searches per position (the mate's and the
	// second move's together).
	proofLimit uint64
	proof      prover
	// checkLimit bounds the Red positions the search by checks expands per position, and the
	// nodes of the mate solver's search.
	checkLimit uint64
	checks     checkSolver
	solver     *mate.Solver
}

// solverHashMB is the mate solver's table.
const solverHashMB = 16

func newChecker(hashMB int, lim limits) *checker {
	c := &checker{s: search.New(hashMB), lim: lim, solver: mate.New(solverHashMB)}
	c.proof.c = c
	return c
}

// legal applies the board editor's checks (play.CheckXiangqi: xiangqi.ParseFEN's reasons), then
// wants Red to move in a game not over.
func legal(fen string) (*xiangqi.Position, verdict, bool) {
	if pr := play.CheckXiangqi(fen); pr.Reason != "" {
		return nil, verdict{why: whyFEN, detail: string(pr.Reason)}, false
	}
	pos, err := xiangqi.ParseFEN(fen)
	if err != nil { // CheckXiangqi said it parses
		return nil, verdict{why: whyFEN, detail: string(play.EditOther)}, false
	}
	if pos.Turn() != xiangqi.Red {
		return nil, verdict{why: whyBlack}, false
	}
	if xiangqi.NewGame(pos).Result().Over() {
		return nil, verdict{why: whyOver}, false
	}
	return pos, verdict{}, true
}

// mateMoves reads a search score from the side to move's view: the moves to mate when it
// mates (n > 0), when it is mated (n < 0), ok false when it is no mate.
func mateMoves(score int) (n int, ok bool) {
	const bound = search.Mate - search.MaxPly
	switch {
	case score > bound:
		return (search.Mate - score + 1) / 2, true
	case score < -bound:
		return -(search.Mate + score + 1) / 2, true
	}
	return 0, false
}

// verify checks the position and searches it: a mate by the mate solver (engine/xiangqi/mate:
// checks, the answers to Black's checks, one quiet move threatening mate), and the engine's
// search, whose mate the prover must confirm; the shorter mate is the position's. Then a
// second first move (checks.go's search by checks, or the engine's).
func (c *checker) verify(ctx context.Context, fen string) (v verdict) {
	pos, v, ok := legal(fen)
	if !ok {
		return v
	}
	c.s.Clear()
	c.proof.reset(ctx, c.proofLimit)
	c.checks.reset(c.checkLimit)
	defer func() { v.nodes, v.expanded = v.nodes+c.proof.nodes, v.expanded+c.checks.nodes }()

	r := c.solver.Solve(ctx, pos, nil, mate.Limits{MaxMoves: maxCheckMate, Quiet: 1, Nodes: c.checkLimit})
	v.expanded = r.Nodes
	if r.Status == mate.Proven {
		v.mate, v.first, v.byChecks = r.Moves, r.Best, true
	}
	lim := c.lim.search(nil)
	if v.mate > 0 { // only a shorter mate matters
		lim.Depth = 2*(v.mate-1) - 1 + depthSlack
	}
	res := c.s.Search(ctx, pos, nil, lim, nil)
	v.nodes += res.Nodes
	n, isMate := mateMoves(res.Score)
	if isMate && n > 0 && (v.mate == 0 || n < v.mate) {
		switch c.proof.first(pos, res.Best, n) {
		case proofDone:
			v.mate, v.first, v.byChecks = n, res.Best, false
		case proofFailed:
			v.why = whyRefuted
		case proofTooLarge:
			v.why = whyTooLarge
		}
		if v.why != "" {
			v.detail = fmt.Sprintf("the search's mate in %d with %s", n, res.Best)
		}
	}
	if v.mate > 0 {
		v.why = ""
	} else if v.why == "" {
		switch {
		case isMate && n < 0:
			v.why = whyLost
		case !isMate && res.Score >= aheadCP:
			v.why = whyAhead
		default:
			v.why = whyNone
		}
	}
	if v.why != "" {
		return v
	}
	v.second, v.unconfirmedSecond = c.second(ctx, pos, v.first, &v.nodes)
	return v
}

// second finds another first move that mates by force: a check that mates by checks, else
// the engine's best move with the first banned, confirmed by the prover.
func (c *checker) second(ctx context.Context, pos *xiangqi.Position, first xiangqi.Move, nodes *uint64) (m xiangqi.Move, unconfirmed bool) {
	for _, m := range pos.LegalMoves() {
		if m == first {
			continue
		}
		if _, ok := c.checks.solveWith(pos, m, maxCheckMate); ok {
			return m, false
		}
	}
	res := c.s.Search(ctx, pos, nil, c.lim.search([]xiangqi.Move{first}), nil)
	*nodes += res.Nodes
	if n, ok := mateMoves(res.Score); ok && n > 0 && res.Best != xiangqi.NoMove {
		if c.proof.first(pos, res.Best, n) == proofDone {
			return res.Best, false
		}
		return xiangqi.NoMove, true
	}
	return xiangqi.NoMove, false
}
