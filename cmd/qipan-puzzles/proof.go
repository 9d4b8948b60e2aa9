package main

// The check of a mate the search found. The search prunes and reduces, and its hash table
// mixes lines, so a mate score is a claim: the prover turns it into a proof tree on the board.
// Red's moves are the search's (each Red position searched again for a mate in the moves
// left), Black's are every legal reply, and every line must end with Black having no legal
// move within the moves. Only the move generator is trusted.

import (
	"context"

	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/search"
)

type proofResult int

const (
	proofDone     proofResult = iota // every line ends in mate within the moves
	proofFailed                      // a Black reply the search could not mate within the moves left
	proofTooLarge                    // the nodes allowed ran out first
)

// candidates is how many of the search's moves a Red position tries, the best first, before
// the position counts as not mated.
const candidates = 3

// depthSlack is how many plies beyond a mate's own length a search looks for it: reductions
// can hide a mate at exactly its depth.
const depthSlack = 4

// checksPerNode is how many positions the search by checks may expand for one Red position of
// a proof, before the engine is asked.
const checksPerNode = 2000

// prover checks mates for a checker. Proven and failed positions are remembered by key, with
// the moves they were proven (at most) or failed (at least) with, for one position's check.
type prover struct {
	c      *checker
	ctx    context.Context
	limit  uint64 // nodes allowed to the searches of one position's checks
	nodes  uint64 // nodes used so far
	over   bool   // the limit was reached: failures since are not refutations
	proven map[uint64]int
	failed map[uint64]int
	path   []search.Past // the positions from the root to the one searched, for repetition
}

func (p *prover) reset(ctx context.Context, limit uint64) {
	p.ctx, p.limit, p.nodes = ctx, limit, 0
	if p.proven == nil {
		p.proven, p.failed = make(map[uint64]int), make(map[uint64]int)
	}
	clear(p.proven)
	clear(p.failed)
}

// first checks that Red's move m at pos mates in at most n moves (m included).
func (p *prover) first(pos *xiangqi.Position, m xiangqi.Move, n int) proofResult {
	p.over = false
	q := *pos
	p.path = append(p.path[:0], search.Past{Key: q.Key(), Check: q.InCheck()})
	q.Make(m)
	switch {
	case p.defended(&q, n-1):
		return proofDone
	case p.over:
		return proofTooLarge
	}
	return proofFailed
}

// defended says whether every reply of Black, to move at pos, is mated in at most k moves of
// Red; Black without a legal move is mated.
func (p *prover) defended(pos *xiangqi.Position, k int) bool {
	var ml xiangqi.MoveList
	pos.GenerateLegal(&ml)
	if ml.N == 0 {
		return true
	}
	if k < 1 {
		return false
	}
	p.path = append(p.path, search.Past{Key: pos.Key(), Check: pos.InCheck()})
	defer func() { p.path = p.path[:len(p.path)-1] }()
	for _, m := range ml.Slice() {
		u := pos.Make(m)
		ok := p.mates(pos, k)
		pos.Unmake(m, u)
		if !ok {
			return false
		}
	}
	return true
}

// mates says whether Red, to move at pos, mates in at most k moves: by checks, or with a move
// of the search's whose every reply is mated in k-1 (the search is limited by nodes alone, as
// deep as it gets: it found the root's mate that way).
func (p *prover) mates(pos *xiangqi.Position, k int) bool {
	key := pos.Key()
	if j, ok := p.proven[key]; ok && j <= k {
		return true
	}
	if j, ok := p.failed[key]; ok && j >= k {
		return false
	}
	p.path = append(p.path, search.Past{Key: key, Check: pos.InCheck()})
	defer func() { p.path = p.path[:len(p.path)-1] }()
	if _, ok := p.c.checks.matesWithin(pos, k, checksPerNode); ok {
		p.proven[key] = k
		return true
	}
	var tried []xiangqi.Move
	for range candidates {
		if p.nodes >= p.limit || p.ctx.Err() != nil {
			p.over = true
			return false
		}
		lim := search.Limits{Nodes: min(p.limit-p.nodes, p.c.lim.nodes), Ban: tried}
		if p.c.lim.nodes == 0 {
			lim.Nodes = p.limit - p.nodes
		}
		res := p.c.s.Search(p.ctx, pos, p.path[:len(p.path)-1], lim, nil)
		p.nodes += res.Nodes
		n, ok := mateMoves(res.Score)
		if !ok || n < 1 || n > k || res.Best == xiangqi.NoMove {
			break // no mate in the moves left among the moves not tried
		}
		q := *pos
		q.Make(res.Best)
		if p.defended(&q, k-1) {
			p.proven[key] = k
			return true
		}
		if p.over {
			return false
		}
		tried = append(tried, res.Best)
	}
	if !p.over {
		p.failed[key] = max(p.failed[key], k)
	}
	return false
}
