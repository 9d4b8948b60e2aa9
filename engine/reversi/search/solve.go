package search

import (
	"math/bits"

	"qipan/engine/reversi"
	"qipan/engine/reversi/search/pattern"
)

// The exact endgame solver: the final disc difference (empties to the winner) with perfect
// play, or a win/loss/draw answer when asked with the window (-1, 1). Scores are in discs from
// the side to move's point of view.
//
// Layers, as in Edax: a null-window search (nws) with a transposition table, fastest-first
// move ordering (fewest replies for the opponent, corners counted twice) and a stability
// cutoff; below shallowMax empties a table-free search ordered by parity (odd regions first);
// the last empty square counted directly.

const (
	solveInf   = 65 // beyond every final score
	shallowMax = 6  // empties solved without table or sorting
	ttMin      = 7  // fewest empties worth a table entry
	etcMin     = 8  // fewest empties for enhanced transposition cutoffs (children stored from ttMin)
	pollEvery  = 1024
	// From evalSortMin empties, moves are also ordered by a small search on the pattern
	// evaluation, (n-sortBase)/sortDiv plies deep, weighted by 2^sortShift (tuned on the nodes
	// of FFO #40-#44 and of 16 positions of 21 empties from level-4 games).
	evalSortMin = 14
	sortBase    = 12
	sortDiv     = 2
	sortShift   = 5
	potShift    = 5 // weight of potential mobility in orderKey
)

// stabThreshold[n]: with n empties, try the stability cutoff when alpha is at least this.
var stabThreshold = [65]int{
	99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30,
	32, 34, 36, 38, 40, 42, 44, 46, 48, 48, 50, 50, 52, 52, 54, 54,
	56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
	64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
}

var (
	quadrant   = [4]uint64{0x000000000f0f0f0f, 0x00000000f0f0f0f0, 0x0f0f0f0f00000000, 0xf0f0f0f000000000}
	neighbours [64]uint64
)

const corners uint64 = 0x8100000000000081

// oddQuadrants returns the quadrants of the board (as squares) holding an odd number of the
// empty squares E: playing there first is the parity heuristic.
func oddQuadrants(E uint64) uint64 {
	var odd uint64
	for _, q := range quadrant {
		if bits.OnesCount64(E&q)&1 != 0 {
			odd |= q
		}
	}
	return odd
}

func init() {
	for s := 0; s < 64; s++ {
		c, r := s&7, s>>3
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				if (dr != 0 || dc != 0) && c+dc >= 0 && c+dc < 8 && r+dr >= 0 && r+dr < 8 {
					neighbours[s] |= 1 << uint((r+dr)*8+c+dc)
				}
			}
		}
	}
}

// Solver solves endgames; its table persists between calls. Not safe for concurrent use.
type Solver struct {
	Nodes uint64
	tt    ttTable
	hook  func() bool // called every pollEvery nodes; true stops the search
	next  uint64
	stop  bool
	// Move lists, one per empties count (a node with n empties uses lists[n]; a pass keeps n
	// but leaves before filling it) and one per ordering-search depth: held here, not on the
	// stack, because Go clears a stack array on every call, which costs in WebAssembly.
	lists     [61][32]childMove
	sortLists [30][32]childMove
}

// NewSolver returns a solver with a table of 2^(bits+1) entries.
func NewSolver(bits uint) *Solver { return &Solver{tt: newTable(bits)} }

// Clear empties the table.
func (s *Solver) Clear() { s.tt.clear() }

// Stopped reports whether the hook stopped the last search (its result is then meaningless).
func (s *Solver) Stopped() bool { return s.stop }

func (s *Solver) poll() {
	s.next = s.Nodes + pollEvery
	if s.hook != nil && s.hook() {
		s.stop = true
	}
}

// last1 scores the position with one empty square sq.
func (s *Solver) last1(P, O uint64, sq reversi.Square) int {
	s.Nodes++
	np := bits.OnesCount64(P)
	if f := lastFlipCount(P, int(sq)); f != 0 {
		return 2*(np+1+f) - 64
	}
	if f := lastFlipCount(O, int(sq)); f != 0 {
		return 2*(np-f) - 64
	}
	if d := 2*np - 63; d > 0 {
		return d + 1
	} else {
		return d - 1
	}
}

// shallow searches n <= shallowMax empties, fail-soft: the last four unrolled, more by
// shallowMoves.
func (s *Solver) shallow(P, O uint64, alpha, beta, n int, passed bool) int {
	E := ^(P | O)
	switch n {
	case 1:
		return s.last1(P, O, reversi.Square(bits.TrailingZeros64(E)))
	case 2:
		a := bits.TrailingZeros64(E)
		return s.solve2(P, O, alpha, beta, a, bits.TrailingZeros64(E&^sqBit(a)))
	case 3:
		a := bits.TrailingZeros64(E)
		E &^= sqBit(a)
		b := bits.TrailingZeros64(E)
		return s.solve3(P, O, alpha, beta, a, b, bits.TrailingZeros64(E&^sqBit(b)), passed)
	case 4:
		return s.solve4(P, O, alpha, beta, passed)
	}
	return s.shallowMoves(P, O, reversi.Moves(P, O), alpha, beta, n)
}

// shallowMoves searches 5 <= n <= shallowMax empties without table or sorting, P's moves
// given (nws computed them to order its own moves): odd quadrants first, X-squares last
// within each, fail-soft. Only legal squares are tried, and solve4 is called directly.
func (s *Solver) shallowMoves(P, O, moves uint64, alpha, beta, n int) int {
	s.Nodes++
	if alpha >= stabThreshold[n] {
		if hi := 64 - 2*bits.OnesCount64(Stability(O, P)); hi <= alpha {
			return hi
		}
	}
	if moves == 0 {
		theirs := reversi.Moves(O, P)
		if theirs == 0 {
			return reversi.FinalScore(P, O)
		}
		return -s.shallowMoves(O, P, theirs, -beta, -alpha, n)
	}
	odd := oddQuadrants(^(P | O))
	best := -solveInf
	// odd quadrants first (pass 0, 1), X-squares last within each (pass 1, 3): the sets
	// computed in place, not from an array (which Go would build on the stack at every call)
	for pass := uint64(0); pass < 4; pass++ {
		for set := moves & (odd ^ -(pass >> 1)) & (xSquares ^ (pass&1 - 1)); set != 0; set &= set - 1 {
			sq := bits.TrailingZeros64(set)
			f := reversi.Flips(P, O, reversi.Square(sq))
			var v int
			if n == 5 {
				v = -s.solve4(O^f, P|f|1<<uint(sq), -beta, -alpha, false)
			} else {
				cP, cO := O^f, P|f|1<<uint(sq)
				v = -s.shallowMoves(cP, cO, reversi.Moves(cP, cO), -beta, -alpha, n-1)
			}
			if v > best {
				best = v
				if v > alpha {
					alpha = v
					if v >= beta {
						return v
					}
				}
			}
		}
	}
	return best
}

// childMove is a move in a search's list: the position after it, its square and ordering key.
type childMove struct {
	P, O  uint64 // the position after the move, from the opponent's side
	moves uint64 // the opponent's moves there (orderKey needs them; nws then reuses them)
	sq    int8
	key   int32
}

// orderKey scores a move for fastest-first ordering (np, no: the position after it, from the
// opponent's side; m: the opponent's moves there): fewest opponent replies (corners counted
// twice) first, then more of our discs settled around the corners, then fewer empty squares
// next to our discs (the opponent's potential moves), then odd regions (parity).
func orderKey(np, no, m uint64, sq int, parity uint64) int32 {
	k := -int32(bits.OnesCount64(m)+bits.OnesCount64(m&corners)) << 12
	k += int32(cornerStability(no)) << 8
	k -= int32(bits.OnesCount64(spread(no)&^(np|no))) << potShift
	if parity&(1<<uint(sq)) != 0 {
		k += 2
	}
	return k
}

// cornerStability counts discs of b that are stable through a held corner: the corner and
// its edge neighbours next to it.
func cornerStability(b uint64) int {
	s := (((0x0100000000000001 & b) << 1) | ((0x8000000000000080 & b) >> 1) |
		((0x0000000000000081 & b) << 8) | ((0x8100000000000000 & b) >> 8) | 0x8100000000000081) & b
	return bits.OnesCount64(s)
}

// nws is the null-window search around (alpha, alpha+1) with n empties, fail-soft; moves are
// P's moves (the parent computed them to order its moves).
func (s *Solver) nws(P, O, moves uint64, alpha, n int) int {
	if n <= shallowMax {
		if n <= 4 {
			return s.shallow(P, O, alpha, alpha+1, n, false)
		}
		return s.shallowMoves(P, O, moves, alpha, alpha+1, n)
	}
	s.Nodes++
	n0 := s.Nodes
	if s.Nodes >= s.next {
		s.poll()
	}
	if s.stop {
		return 0
	}
	if alpha >= stabThreshold[n] {
		if hi := 64 - 2*bits.OnesCount64(Stability(O, P)); hi <= alpha {
			return hi
		}
	}
	hashMove := -1
	if n < ttMin {
		// no entry is stored this close to the end
	} else if e := s.tt.probe(P, O); e != nil {
		if int(e.lower) > alpha {
			return int(e.lower)
		}
		if int(e.upper) <= alpha {
			return int(e.upper)
		}
		hashMove = int(e.move)
	}
	if moves == 0 {
		theirs := reversi.Moves(O, P)
		if theirs == 0 {
			return reversi.FinalScore(P, O)
		}
		return -s.nws(O, P, theirs, -alpha-1, n)
	}
	list := &s.lists[n]
	k := children(P, O, moves, list)
	if n >= etcMin {
		// Enhanced transposition cutoff: a child already known to refute alpha ends the node.
		for i := 0; i < k; i++ {
			if e := s.tt.probe(list[i].P, list[i].O); e != nil && -int(e.upper) > alpha {
				return -int(e.upper)
			}
		}
	}
	best, bestMove := -solveInf, -1
	first := 0
	if hashMove >= 0 {
		// The table's move alone first: it often refutes, and the others then need no keys.
		for i := 0; i < k; i++ {
			if int(list[i].sq) == hashMove {
				list[0], list[i] = list[i], list[0]
				m := &list[0]
				m.moves = reversi.Moves(m.P, m.O)
				best, bestMove = -s.nws(m.P, m.O, m.moves, -alpha-1, n-1), hashMove
				if s.stop {
					return 0
				}
				first = 1
				break
			}
		}
	}
	if best <= alpha {
		s.orderKeys(P, O, list, first, k, n, -(alpha-8)*discUnit)
		for i := first; i < k; i++ {
			pickBest(list, i, k)
			m := &list[i]
			var v int
			if n-1 <= shallowMax {
				v = -s.shallowMoves(m.P, m.O, m.moves, -alpha-1, -alpha, n-1)
			} else {
				v = -s.nws(m.P, m.O, m.moves, -alpha-1, n-1)
			}
			if s.stop {
				return 0
			}
			if v > best {
				best, bestMove = v, int(m.sq)
				if v > alpha {
					break
				}
			}
		}
	}
	if n >= ttMin {
		if best > alpha {
			s.tt.storeEnd(P, O, n, best, solveInf, bestMove, uint32(s.Nodes-n0))
		} else {
			s.tt.storeEnd(P, O, n, -solveInf, best, -1, uint32(s.Nodes-n0))
		}
	}
	return best
}

// children fills list with the positions after each move, in square order, and returns
// their number.
func children(P, O, moves uint64, list *[32]childMove) int {
	k := 0
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := reversi.Flips(P, O, reversi.Square(sq))
		list[k] = childMove{P: O ^ f, O: P | f | 1<<uint(sq), sq: int8(sq)}
		k++
	}
	return k
}

// orderKeys gives list[from:k] their opponent's moves and ordering keys (orderKey, and from
// evalSortMin empties a small search's score under sortBeta).
func (s *Solver) orderKeys(P, O uint64, list *[32]childMove, from, k, n, sortBeta int) {
	E := ^(P | O)
	odd := oddQuadrants(E)
	for i := from; i < k; i++ {
		c := &list[i]
		m := reversi.Moves(c.P, c.O)
		c.moves = m
		// orderKey written out (Go does not inline it; a call per child costs in wasm)
		key := -int32(bits.OnesCount64(m)+bits.OnesCount64(m&corners)) << 12
		key += int32(cornerStability(c.O)) << 8
		key -= int32(bits.OnesCount64(spread(c.O)&^(c.P|c.O))) << potShift
		if odd&(1<<uint(c.sq)) != 0 {
			key += 2
		}
		c.key = key
		if n >= evalSortMin {
			c.key -= int32(s.sortSearch(c.P, c.O, m, (n-sortBase)/sortDiv, -scoreInf, sortBeta)) << sortShift
		}
	}
}

// pickBest moves the best-keyed move of list[i:k] to i (selection sort, one step at a time:
// most nodes cut off after the first move or two).
func pickBest(list *[32]childMove, i, k int) {
	b := i
	for j := i + 1; j < k; j++ {
		if list[j].key > list[b].key {
			b = j
		}
	}
	if b != i {
		list[i], list[b] = list[b], list[i]
	}
}

// pvs searches a window (alpha, beta) at a PV node and returns the score and best move.
func (s *Solver) pvs(P, O uint64, alpha, beta, n int) (int, int) {
	if n <= shallowMax {
		return s.shallow(P, O, alpha, beta, n, false), -1
	}
	s.Nodes++
	n0 := s.Nodes
	if s.Nodes >= s.next {
		s.poll()
	}
	if s.stop {
		return 0, -1
	}
	hashMove := -1
	if e := s.tt.probe(P, O); e != nil {
		hashMove = int(e.move)
	}
	moves := reversi.Moves(P, O)
	if moves == 0 {
		if reversi.Moves(O, P) == 0 {
			return reversi.FinalScore(P, O), -1
		}
		v, _ := s.pvs(O, P, -beta, -alpha, n)
		return -v, int(reversi.Pass)
	}
	list := &s.lists[n]
	k := children(P, O, moves, list)
	s.orderKeys(P, O, list, 0, k, n, scoreInf)
	for i := 0; i < k; i++ {
		if int(list[i].sq) == hashMove {
			list[i].key = 1 << 30
		}
	}
	a0 := alpha
	best, bestMove := -solveInf, -1
	for i := 0; i < k; i++ {
		pickBest(list, i, k)
		m := &list[i]
		var v int
		if i == 0 {
			v, _ = s.pvs(m.P, m.O, -beta, -alpha, n-1)
			v = -v
		} else {
			v = -s.nws(m.P, m.O, m.moves, -alpha-1, n-1)
			if v > alpha && v < beta && !s.stop {
				v, _ = s.pvs(m.P, m.O, -beta, -alpha, n-1)
				v = -v
			}
		}
		if s.stop {
			return 0, -1
		}
		if v > best {
			best, bestMove = v, int(m.sq)
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	lower, upper := bounds(best, a0, beta, solveInf)
	s.tt.storeEnd(P, O, n, lower, upper, bestMove, uint32(s.Nodes-n0))
	return best, bestMove
}

// Solve returns the score of p within the window (alpha, beta) (exact if strictly inside;
// use -64, 64 for the exact score and -1, 1 for win/loss/draw) and a best move.
// hook, if not nil, is called every ~1000 nodes; returning true abandons the search.
func (s *Solver) Solve(p *reversi.Position, alpha, beta int, hook func() bool) (int, reversi.Move) {
	s.hook, s.stop, s.next = hook, false, s.Nodes+pollEvery
	n := p.Empties()
	v, m := s.pvs(p.P, p.O, alpha, beta, n)
	if m < 0 {
		// shallow positions: find the move by searching each
		m = s.bestShallow(p, alpha, beta, v)
	}
	return v, reversi.Move(m)
}

// bestShallow finds a move reaching v when pvs did not record one.
func (s *Solver) bestShallow(p *reversi.Position, alpha, beta, v int) int {
	moves := p.Moves()
	if moves == 0 {
		if p.Status() == reversi.MustPass {
			return int(reversi.Pass)
		}
		return int(reversi.NoMove)
	}
	n := p.Empties()
	best, bestMove := -solveInf, -1
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := reversi.Flips(p.P, p.O, reversi.Square(sq))
		w := -s.shallow(p.O^f, p.P|f|1<<uint(sq), -beta, -alpha, n-1, false)
		if w > best {
			best, bestMove = w, sq
		}
		if w >= v {
			break
		}
	}
	return bestMove
}

// sortSearch is a small alpha-beta on the pattern evaluation, to order moves far from the
// end. The pattern evaluation predicts solved scores with 10-18 empties better than Evaluate
// (held-out rms error 11.8 discs against 17.3 for Evaluate scaled at best), which took FFO
// #40-#44 from 269.8M to 137.9M nodes. At a null-window node the children are searched
// with the window (-inf, 8 discs below alpha): a move that bad needs no exact ordering score.
// moves: P's moves (the caller has them, from its ordering keys), depth >= 1; the leaves are
// evaluated in the loop of depth 1, without a call of their own.
func (s *Solver) sortSearch(P, O, moves uint64, depth, alpha, beta int) int {
	s.Nodes++
	if moves == 0 {
		theirs := reversi.Moves(O, P)
		if theirs == 0 {
			return reversi.FinalScore(P, O) * discUnit
		}
		return -s.sortSearch(O, P, theirs, depth, -beta, -alpha)
	}
	best := -scoreInf
	if depth >= 2 {
		// fewest replies first, so that alpha-beta cuts early (FFO #40-#44 nodes -3.6 %,
		// native user time -5 %)
		list := &s.sortLists[depth]
		k := children(P, O, moves, list)
		for i := 0; i < k; i++ {
			c := &list[i]
			c.moves = reversi.Moves(c.P, c.O)
			c.key = orderKey(c.P, c.O, c.moves, int(c.sq), 0)
		}
		for i := 0; i < k; i++ {
			pickBest(list, i, k)
			v := -s.sortSearch(list[i].P, list[i].O, list[i].moves, depth-1, -beta, -alpha)
			if v > best {
				best = v
				if v > alpha {
					alpha = v
					if v >= beta {
						break
					}
				}
			}
		}
		return best
	}
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := reversi.Flips(P, O, reversi.Square(sq))
		s.Nodes++
		v := -pattern.Default.Eval(O^f, P|f|1<<uint(sq))
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}
