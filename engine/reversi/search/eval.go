package search

import (
	"math/bits"

	"qipan/engine/reversi"
)

// Evaluation in centi-discs for the side to move (P). A hand-made linear evaluation of the
// classic features, weighted by game phase (empties):
//   - mobility: moves of each side, corner moves counted twice
//   - potential mobility: empty squares next to the opponent's discs (frontier)
//   - corners held, and X- and C-squares (next to an empty corner), which give corners away
//   - stable edge discs (that no play along the edge can flip)
//   - parity: who is likely to play the last move in the endgame
// Scores of finished games are exact (disc difference times 100) and outrank any evaluation.

const (
	scoreInf = 30000
	discUnit = 100 // centi-discs per disc
	winBase  = 64 * discUnit
)

const (
	xSquares uint64 = 0x0042000000004200 // b2, g2, b7, g7
	cSquares uint64 = 0x4281000000008142 // b1, g1, a2, h2, a7, h7, b8, g8
	edges    uint64 = 0xff818181818181ff
)

// cornerX[i] / cornerC[i]: the X square and the C squares of corner i (a1, h1, a8, h8).
var (
	cornerSq = [4]uint64{1 << 0, 1 << 7, 1 << 56, 1 << 63}
	cornerX  = [4]uint64{1 << 9, 1 << 14, 1 << 49, 1 << 54}
	cornerC  = [4]uint64{1<<1 | 1<<8, 1<<6 | 1<<15, 1<<48 | 1<<57, 1<<55 | 1<<62}
)

// spread returns the squares next to any disc of b.
func spread(b uint64) uint64 {
	const notA, notH = 0xfefefefefefefefe, 0x7f7f7f7f7f7f7f7f
	return (b<<1|b<<9|b>>7)&notA | (b>>1|b>>9|b<<7)&notH | b<<8 | b>>8
}

type weights struct {
	mob, pot, corner, x, c, stable, parity, disc int
}

// phaseWeights are linear between the opening (60 empties) and the endgame (0).
var openingW = weights{mob: 70, pot: 25, corner: 600, x: 250, c: 60, stable: 60, parity: 0, disc: -3}
var endgameW = weights{mob: 30, pot: 5, corner: 200, x: 60, c: 20, stable: 120, parity: 150, disc: 40}

var phase [61]weights

func init() {
	for e := 0; e <= 60; e++ {
		mix := func(a, b int) int { return (a*e + b*(60-e)) / 60 }
		o, g := openingW, endgameW
		phase[e] = weights{mix(o.mob, g.mob), mix(o.pot, g.pot), mix(o.corner, g.corner), mix(o.x, g.x),
			mix(o.c, g.c), mix(o.stable, g.stable), mix(o.parity, g.parity), mix(o.disc, g.disc)}
	}
}

// Evaluate returns the static evaluation of the position for the side to move.
func Evaluate(P, O uint64) int {
	mp, mo := reversi.Moves(P, O), reversi.Moves(O, P)
	if mp == 0 && mo == 0 {
		return reversi.FinalScore(P, O) * discUnit
	}
	return evaluate(P, O, mp, mo)
}

// evaluate is Evaluate given the moves of P and of O, not both none.
func evaluate(P, O, mp, mo uint64) int {
	E := ^(P | O)
	empties := bits.OnesCount64(E)
	if empties > 60 {
		empties = 60
	}
	w := &phase[empties]
	mob := bits.OnesCount64(mp) + bits.OnesCount64(mp&corners) - bits.OnesCount64(mo) - bits.OnesCount64(mo&corners)
	pot := bits.OnesCount64(spread(O)&E) - bits.OnesCount64(spread(P)&E)
	cor := bits.OnesCount64(P&corners) - bits.OnesCount64(O&corners)
	xc, cc := 0, 0
	for i := 0; i < 4; i++ {
		if E&cornerSq[i] == 0 {
			continue
		}
		xc += bits.OnesCount64(O&cornerX[i]) - bits.OnesCount64(P&cornerX[i])
		cc += bits.OnesCount64(O&cornerC[i]) - bits.OnesCount64(P&cornerC[i])
	}
	st := 0
	if (P|O)&edges&(corners|cSquares) != 0 {
		st = bits.OnesCount64(StableEdges(P, O)) - bits.OnesCount64(StableEdges(O, P))
	}
	par := 0
	if empties&1 == 1 {
		par = 1
	} else {
		par = -1
	}
	disc := bits.OnesCount64(P) - bits.OnesCount64(O)
	v := w.mob*mob + w.pot*pot + w.corner*cor + w.x*xc + w.c*cc + w.stable*st + w.parity*par/2 + w.disc*disc
	// keep evaluations inside the range of final scores
	if v > winBase-1 {
		v = winBase - 1
	} else if v < -winBase+1 {
		v = -winBase + 1
	}
	return v
}
