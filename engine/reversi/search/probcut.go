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
var probCutStats = [4][13]struct{ mean, sd int16 }{}

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
