package main

// The search by checks (连将杀): Red checks with every move, Black answers with every legal
// reply, until Black has none. The manuals' positions are mostly of this kind, and their mates
// run longer than the engine's search sees within a few seconds, while Black's few replies to
// a check keep such a tree small. A mate it finds is proven by construction: each of Red's
// moves was played and each of Black's replies enumerated by the move generator.

import (
	"slices"

	"qipan/engine/xiangqi"
)

// maxCheckMate is the longest mate by checks looked for, in Red's moves.
const maxCheckMate = 40

// checkSolver searches mates by checks within a node limit; what it proved or refuted is
// remembered by position key for one position's work.
type checkSolver struct {
	limit, nodes uint64 // Red positions expanded, allowed and so far
	over         bool   // the limit was reached: failures since are not refutations
	proven       map[uint64]provenMate
	failed       map[uint64]int // no mate by checks in at most this many moves
}

// provenMate is a Red position's mate by checks: its length (at most) and first move.
type provenMate struct {
	moves int
	first xiangqi.Move
}

func (s *checkSolver) reset(limit uint64) {
	s.limit, s.nodes, s.over = limit, 0, false
	if s.proven == nil {
		s.proven, s.failed = make(map[uint64]provenMate), make(map[uint64]int)
	}
	clear(s.proven)
	clear(s.failed)
}

// solve looks for the shortest mate by checks from pos (Red to move), at most maxMoves:
// its length and first move, ok false when none was found within the limit.
func (s *checkSolver) solve(pos *xiangqi.Position, maxMoves int) (n int, first xiangqi.Move, ok bool) {
	q := *pos
	for k := 1; k <= maxMoves && !s.over; k++ {
		if m, ok := s.mates(&q, k); ok {
			return s.proven[q.Key()].moves, m, true
		}
	}
	return 0, xiangqi.NoMove, false
}

// solveWith looks for the shortest mate by checks that starts with Red's move m at pos, at
// most maxMoves (m included).
func (s *checkSolver) solveWith(pos *xiangqi.Position, m xiangqi.Move, maxMoves int) (n int, ok bool) {
	q := *pos
	q.Make(m)
	if !q.InCheck() {
		return 0, false
	}
	for k := 1; k <= maxMoves && !s.over; k++ {
		if s.defended(&q, k-1) {
			return k, true
		}
	}
	return 0, false
}

// matesWithin is mates with at most budget more positions expanded, whatever the limit.
func (s *checkSolver) matesWithin(pos *xiangqi.Position, k int, budget uint64) (xiangqi.Move, bool) {
	limit, over := s.limit, s.over
	s.limit, s.over = s.nodes+budget, false
	m, ok := s.mates(pos, k)
	s.limit, s.over = limit, over
	return m, ok
}

// check is a checking move of Red's and how many replies Black has to it.
type check struct {
	m       xiangqi.Move
	replies int
}

// mates finds a mate by checks in at most k moves from pos (Red to move): its first move.
// The checks that leave Black fewest replies are tried first, as mate solvers order them.
func (s *checkSolver) mates(pos *xiangqi.Position, k int) (xiangqi.Move, bool) {
	if k < 1 {
		return xiangqi.NoMove, false
	}
	key := pos.Key()
	if p, ok := s.proven[key]; ok && p.moves <= k {
		return p.first, true
	}
	if j, ok := s.failed[key]; ok && j >= k {
		return xiangqi.NoMove, false
	}
	if s.nodes >= s.limit {
		s.over = true
		return xiangqi.NoMove, false
	}
	s.nodes++
	var ml, replies xiangqi.MoveList
	pos.GenerateLegal(&ml)
	checks := make([]check, 0, 16)
	for _, m := range ml.Slice() {
		u := pos.Make(m)
		if pos.InCheck() {
			pos.GenerateLegal(&replies)
			checks = append(checks, check{m, replies.N})
		}
		pos.Unmake(m, u)
	}
	slices.SortStableFunc(checks, func(a, b check) int { return a.replies - b.replies })
	for _, c := range checks {
		if c.replies > 0 && k == 1 {
			break
		}
		u := pos.Make(c.m)
		ok := c.replies == 0 || s.defended(pos, k-1)
		pos.Unmake(c.m, u)
		if ok {
			s.proven[key] = provenMate{k, c.m}
			if c.replies == 0 {
				s.proven[key] = provenMate{1, c.m}
			}
			return c.m, true
		}
		if s.over {
			return xiangqi.NoMove, false
		}
	}
	s.failed[key] = max(s.failed[key], k)
	return xiangqi.NoMove, false
}

// defended says whether Black, to move at pos, is mated by checks in at most k moves of Red
// whatever it replies; Black without a legal move is mated.
func (s *checkSolver) defended(pos *xiangqi.Position, k int) bool {
	var ml xiangqi.MoveList
	pos.GenerateLegal(&ml)
	if ml.N == 0 {
		return true
	}
	if k < 1 {
		return false
	}
	for _, m := range ml.Slice() {
		u := pos.Make(m)
		_, ok := s.mates(pos, k)
		pos.Unmake(m, u)
		if !ok {
			return false
		}
	}
	return true
}
