package search

import (
	"math/bits"

	"qipan/engine/reversi"
)

// The last four empties, unrolled (as Edax's solve_4 … solve_1): no move list, no table; the
// squares are ordered once, odd regions first, by solve4.

func sqBit(x int) uint64 { return 1 << uint(x) }

// score1 is the final score for the side to move with discs P when the board's only empty
// square sq is not P's move: the opponent's then, or nobody's. The case where it is P's move
// is written out where it is needed (solve2), so that Go inlines it: a call per leaf costs,
// most in WebAssembly.
func score1(P uint64, sq int) int {
	np := bits.OnesCount64(P)
	if f := lastFlipCount(^P&^sqBit(sq), sq); f != 0 {
		return 2*(np-f) - 64
	}
	if np >= 32 {
		return 2*np - 62 // nobody can play: the square goes to the winner (63 discs: no draw)
	}
	return 2*np - 64
}

// solve2 scores the position with empties a and b, fail-soft in (alpha, beta). Each move
// leaves one empty square, scored in place (last1 without the call).
func (s *Solver) solve2(P, O uint64, alpha, beta, a, b int) int {
	s.Nodes++
	best := -solveInf
	if O&neighbours[a] != 0 {
		if f := reversi.Flips(P, O, reversi.Square(a)); f != 0 {
			s.Nodes++
			Q := O ^ f
			if c := lastFlipCount(Q, b); c != 0 {
				best = 64 - 2*(bits.OnesCount64(Q)+1+c)
			} else {
				best = -score1(Q, b)
			}
			if best >= beta {
				return best
			}
		}
	}
	if O&neighbours[b] != 0 {
		if f := reversi.Flips(P, O, reversi.Square(b)); f != 0 {
			s.Nodes++
			Q := O ^ f
			var v int
			if c := lastFlipCount(Q, a); c != 0 {
				v = 64 - 2*(bits.OnesCount64(Q)+1+c)
			} else {
				v = -score1(Q, a)
			}
			if v > best {
				best = v
			}
			return best
		}
	}
	if best != -solveInf {
		return best
	}
	// P passes: the opponent chooses, to P's loss.
	worst := solveInf
	if P&neighbours[a] != 0 {
		if f := reversi.Flips(O, P, reversi.Square(a)); f != 0 {
			s.Nodes++
			Q := P ^ f
			if c := lastFlipCount(Q, b); c != 0 {
				worst = 2*(bits.OnesCount64(Q)+1+c) - 64
			} else {
				worst = score1(Q, b)
			}
			if worst <= alpha {
				return worst
			}
		}
	}
	if P&neighbours[b] != 0 {
		if f := reversi.Flips(O, P, reversi.Square(b)); f != 0 {
			s.Nodes++
			Q := P ^ f
			var v int
			if c := lastFlipCount(Q, a); c != 0 {
				v = 2*(bits.OnesCount64(Q)+1+c) - 64
			} else {
				v = score1(Q, a)
			}
			if v < worst {
				worst = v
			}
		}
	}
	if worst != solveInf {
		return worst
	}
	return reversi.FinalScore(P, O)
}

// solve3 scores the position with empties a, b, c (tried in that order).
func (s *Solver) solve3(P, O uint64, alpha, beta, a, b, c int, passed bool) int {
	s.Nodes++
	best := -solveInf
	if O&neighbours[a] != 0 {
		if f := reversi.Flips(P, O, reversi.Square(a)); f != 0 {
			best = -s.solve2(O^f, P|f|sqBit(a), -beta, -alpha, b, c)
			if best >= beta {
				return best
			}
			if best > alpha {
				alpha = best
			}
		}
	}
	if O&neighbours[b] != 0 {
		if f := reversi.Flips(P, O, reversi.Square(b)); f != 0 {
			if v := -s.solve2(O^f, P|f|sqBit(b), -beta, -alpha, a, c); v > best {
				best = v
				if v >= beta {
					return v
				}
				if v > alpha {
					alpha = v
				}
			}
		}
	}
	if O&neighbours[c] != 0 {
		if f := reversi.Flips(P, O, reversi.Square(c)); f != 0 {
			if v := -s.solve2(O^f, P|f|sqBit(c), -beta, -alpha, a, b); v > best {
				best = v
			}
		}
	}
	if best == -solveInf {
		if passed {
			return reversi.FinalScore(P, O)
		}
		return -s.solve3(O, P, -beta, -alpha, a, b, c, true)
	}
	return best
}

// solve4 orders the four empties (odd regions first) and tries each.
func (s *Solver) solve4(P, O uint64, alpha, beta int, passed bool) int {
	s.Nodes++
	if alpha >= stabThreshold[4] {
		if hi := 64 - 2*bits.OnesCount64(Stability(O, P)); hi <= alpha {
			return hi
		}
	}
	// The four squares in order, a byte each (no array: Go clears a stack array at every
	// call, and indexes it with a bounds check).
	E := ^(P | O)
	odd := oddQuadrants(E)
	var order uint32
	k := uint(0)
	for pass := uint64(0); pass < 4; pass++ {
		for set := E & (odd ^ -(pass >> 1)) & (xSquares ^ (pass&1 - 1)); set != 0; set &= set - 1 {
			order |= uint32(bits.TrailingZeros64(set)) << k
			k += 8
		}
	}
	best := -solveInf
	for i := uint(0); i < 32; i += 8 {
		x := int(order >> i & 63)
		if O&neighbours[x] == 0 {
			continue
		}
		f := reversi.Flips(P, O, reversi.Square(x))
		if f == 0 {
			continue
		}
		// the other three, in order: the bytes below i, then those above
		rest := order&(1<<i-1) | order>>8&^(1<<i-1)
		a, b, c := int(rest&63), int(rest>>8&63), int(rest>>16&63)
		v := -s.solve3(O^f, P|f|sqBit(x), -beta, -alpha, a, b, c, false)
		if v > best {
			best = v
			if v >= beta {
				return v
			}
			if v > alpha {
				alpha = v
			}
		}
	}
	if best == -solveInf {
		if passed {
			return reversi.FinalScore(P, O)
		}
		return -s.solve4(O, P, -beta, -alpha, true)
	}
	return best
}
