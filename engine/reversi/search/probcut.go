package search

import "math/bits"

// Multi-ProbCut (Buro, 1997): at a null-window node of depth d, a search to depth d/2 whose
// score is far enough above beta (or below alpha) predicts the deep search's result, and the
// node returns at once. "Far enough" is probCutT standard deviations of the difference between
// the two depths' scores beyond its mean (the shallow score is corrected by the mean: odd and
// even depths differ), measured on self-play positions by stage (cmd/reversi-train probcut,
// with the pattern evaluation; figures in BENCH.md).

const (
	probCutMin = 3   // shallowest depth that tries a cut
	probCutT   = 150 // the threshold in hundredths of a standard deviation
)

// probCutStats[g][d] are the mean and standard deviation in centi-discs of (score at depth d) −
// (score at depth d/2) for positions of empties group g (ProbCutGroup); sd 0: no cut there.
// Measured to depth 10 (cmd/reversi-train probcut -depth 10 -every 250 on the games of
// BENCH.md, 2026-11-24); depths 11 and 12 copy 7 and 8 (the same parities of d and d/2: the
// means swing with them by ±14 discs).
var probCutStats = [4][13]struct{ mean, sd int16 }{
	{ // 44 positions
		{0, 0}, {0, 0}, {-1456, 1157}, {-218, 1031}, {-266, 626}, {1006, 613}, {-1422, 752}, {-244, 791}, {18, 611}, {1234, 548}, {-1265, 443}, {-244, 791}, {18, 611},
	},
	{ // 54 positions
		{0, 0}, {0, 0}, {-1441, 1101}, {-259, 1024}, {-144, 706}, {1135, 860}, {-1479, 726}, {-140, 837}, {-167, 715}, {1133, 782}, {-1417, 723}, {-140, 837}, {-167, 715},
	},
	{ // 53 positions
		{0, 0}, {0, 0}, {-1385, 943}, {-16, 906}, {-23, 627}, {1109, 846}, {-1415, 903}, {-240, 787}, {55, 644}, {1027, 712}, {-1025, 702}, {-240, 787}, {55, 644},
	},
	{ // 26 positions
		{0, 0}, {0, 0}, {-1573, 926}, {-490, 728}, {121, 796}, {1131, 989}, {-944, 905}, {-226, 936}, {136, 1000}, {729, 960}, {-838, 832}, {-226, 936}, {136, 1000},
	},
}

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
func (e *Engine) tryProbCut(P, O uint64, depth, alpha int) (int, bool) {
	shallow := depth / 2
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
