package search

import "math/bits"

// Multi-ProbCut (Buro, 1997): at a null-window node of depth d, a search to a shallower depth
// (ProbCutShallow: about d/2, of the same parity as d) whose score is far enough above beta (or
// below alpha) predicts the deep search's result, and the node returns at once. "Far enough"
// is probCutT standard deviations of the difference between the two depths' scores beyond its
// mean, measured on self-play positions by stage (cmd/reversi-train probcut, with the pattern
// evaluation; figures in BENCH.md). The shallow depth keeps d's parity because the scores of
// odd and even depths differ by 10–15 discs on average (a search ending on the mover's own
// move is optimistic): with d/2 the cut needed a wide margin to cover that swing.

const (
	probCutMin = 3   // shallowest depth that tries a cut
	probCutT   = 150 // the threshold in hundredths of a standard deviation
)

// probCutStats[g][d] are the mean and standard deviation in centi-discs of (score at depth d) −
// (score at depth ProbCutShallow(d)) for positions of empties group g (ProbCutGroup); sd 0: no
// cut there. Measured to depth 12 on 117 positions of the self-play games of BENCH.md with
// PatternEval (cmd/reversi-train probcut -depth 12 -every 500, 2026-11-24, fourth session).
var probCutStats = [4][13]struct{ mean, sd int16 }{
	{ // 24 positions
		{0, 0}, {0, 0}, {0, 0}, {14, 183}, {41, 145}, {9, 186}, {72, 210}, {14, 230}, {32, 187}, {43, 171}, {-9, 187}, {9, 186}, {1, 161},
	},
	{ // 25 positions
		{0, 0}, {0, 0}, {0, 0}, {-22, 281}, {30, 274}, {30, 178}, {29, 364}, {-52, 326}, {37, 314}, {-52, 374}, {86, 421}, {-59, 489}, {146, 416},
	},
	{ // 25 positions
		{0, 0}, {0, 0}, {0, 0}, {-58, 378}, {75, 283}, {0, 304}, {56, 400}, {33, 307}, {42, 294}, {-14, 263}, {125, 371}, {34, 365}, {111, 338},
	},
	{ // 7 positions
		{0, 0}, {0, 0}, {0, 0}, {84, 427}, {35, 291}, {39, 418}, {88, 479}, {0, 403}, {32, 292}, {-194, 278}, {-9, 479}, {-34, 295}, {165, 671},
	},
}

// ProbCutShallow returns the depth of the shallow search that decides a node of depth d: d/2
// rounded down to d's parity (1 for 3, 2 for 4 and 6, 3 for 5 and 7, 4 for 8
// and 10, 5 for 9 and 11, 6 for 12).
func ProbCutShallow(d int) int { return d/4*2 + d&1 }

// ProbCutGroup returns the group of positions with n empties for Multi-ProbCut's statistics:
// 0 for 45 and more, 1 for 36–44, 2 for 28–35, 3 for fewer.
func ProbCutGroup(n int) int {
	switch {
	case n >= 45:
		return 0
	case n >= 36:
		return 1
	case n >= 28:
		return 2
	}
	return 3
}

// tryProbCut tries the cut at a null-window node (alpha, alpha+1) of depth: it returns the
// result and true if a shallow search decides the node.
func (e *Searcher) tryProbCut(P, O uint64, depth, alpha int) (int, bool) {
	shallow := ProbCutShallow(depth)
	if depth >= len(probCutStats[0]) {
		depth = len(probCutStats[0]) - 1
	}
	st := probCutStats[ProbCutGroup(64-bits.OnesCount64(P|O))][depth]
	if st.sd == 0 {
		return 0, false
	}
	margin := int(st.sd) * probCutT / 100
	beta := alpha + 1
	if b := beta + margin - int(st.mean); b < winBase && b > -winBase {
		if v := e.alphaBeta(P, O, shallow, b-1, b); v >= b && !e.stop {
			return beta, true
		}
	}
	if a := alpha - margin - int(st.mean); a > -winBase && a < winBase {
		if v := e.alphaBeta(P, O, shallow, a, a+1); v <= a && !e.stop {
			return alpha, true
		}
	}
	return 0, false
}
