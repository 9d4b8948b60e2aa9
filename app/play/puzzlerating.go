package play

import (
	"math"
	"strconv"
)

// Puzzle ratings (issue 52): the person's and each puzzle's, by Glicko-2 (Mark Glickman,
// "Example of the Glicko-2 system", 2013; lichess rates its puzzles the same way). An attempt
// at a puzzle is one game against the puzzle, rated as a rating period of its own: solved on
// the first try is a win, anything else (failed, a hint asked, the solution shown) a loss.
//
// A puzzle starts at a rating guessed from its difficulty (InitialPuzzleRating): Xiangqi's by
// its mate's length, Reversi's by its empties. Lichess then moves each puzzle's rating by the
// results of all its players; here there is one player, and each puzzle meets them once (only
// the first attempt is rated), so the puzzle's rating is moved by that one game too, as
// Glicko-2 moves both sides of a game: the guess was uncertain (its deviation high), and the
// result is the one thing known about the puzzle beyond it. It matters for a puzzle failed:
// harder than guessed, it rises, and Next offers it again only once the person has come near
// it; a puzzle solved is not offered again, its rating is only shown.

// Rating is a Glicko-2 rating on the Glicko scale: the rating, its deviation (RD) and the
// volatility.
type Rating struct {
	R   float64 `json:"r"`
	RD  float64 `json:"rd"`
	Vol float64 `json:"vol"`
}

// The Glicko-2 constants: τ constrains the volatility's change (Glickman suggests 0.3 to 1.2;
// lichess uses 0.75 for games; 0.5 for puzzles here, as the brief's middle), the scale between
// Glicko and Glicko-2 (173.7178), the volatility's starting value and the iteration's
// tolerance.
const (
	glickoTau     = 0.5
	glickoScale   = 173.7178
	glickoVol     = 0.06
	glickoEpsilon = 0.000001
)

// The person's starting rating, and the bounds kept on a deviation: at most the start's (no
// less certain than knowing nothing), at least maxRD/6, so that a rating after hundreds of
// puzzles still follows the person's progress.
const (
	StartRating = 1500
	maxRD       = 350
	minRD       = 60
	// ProvisionalRD: a rating less certain than this is provisional, shown with a '?' ("1500?",
	// as lichess writes its provisional ratings).
	ProvisionalRD = 110
	// puzzleRD is the deviation of a puzzle's starting rating: a guess from its difficulty.
	puzzleRD = 200
)

// NewRating is the person's rating before any puzzle: 1500, RD 350.
func NewRating() Rating { return Rating{R: StartRating, RD: maxRD, Vol: glickoVol} }

// Game is one result against an opponent: Score 1 for a win, 0 for a loss (½ a draw).
type Game struct {
	Opponent Rating
	Score    float64
}

// Glicko2 is r after a rating period of games (Glickman's steps 2 to 8; with no game only
// the deviation grows, by the volatility).
func Glicko2(r Rating, games []Game) Rating {
	mu, phi, sigma := (r.R-StartRating)/glickoScale, r.RD/glickoScale, r.Vol
	if len(games) == 0 {
		return Rating{R: r.R, RD: math.Sqrt(phi*phi+sigma*sigma) * glickoScale, Vol: sigma}
	}
	var vInv, sum float64
	for _, g := range games {
		muJ, phiJ := (g.Opponent.R-StartRating)/glickoScale, g.Opponent.RD/glickoScale
		gj := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
		e := 1 / (1 + math.Exp(-gj*(mu-muJ)))
		vInv += gj * gj * e * (1 - e)
		sum += gj * (g.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	sigma = volatility(delta, phi, v, sigma)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phi = 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu += phi * phi * sum
	return Rating{R: mu*glickoScale + StartRating, RD: phi * glickoScale, Vol: sigma}
}

// volatility is step 5: the new volatility, by the Illinois algorithm (regula falsi).
func volatility(delta, phi, v, sigma float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(glickoTau*glickoTau)
	}
	A, B := a, 0.0
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*glickoTau) < 0 {
			k++
		}
		B = a - k*glickoTau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > glickoEpsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// rate is one game between a and b, a's score s, rated for both at once (each against the
// other's rating before it), their deviations kept within bounds.
func rate(a, b Rating, s float64) (Rating, Rating) {
	na, nb := Glicko2(a, []Game{{b, s}}), Glicko2(b, []Game{{a, 1 - s}})
	return na.bounded(), nb.bounded()
}

func (r Rating) bounded() Rating {
	r.RD = max(minRD, min(maxRD, r.RD))
	return r
}

// valid reports whether r can be a rating (a saved one may be damaged).
func (r Rating) valid() bool {
	ok := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	return ok(r.R) && ok(r.RD) && ok(r.Vol) && r.RD > 0 && r.Vol > 0 && r.Vol < 1 && r.R > -5000 && r.R < 10000
}

// Provisional reports whether r is still uncertain (its deviation over ProvisionalRD).
func (r Rating) Provisional() bool { return r.RD > ProvisionalRD }

// Int is the rating rounded, as shown.
func (r Rating) Int() int { return int(math.Round(r.R)) }

// String is the rating as shown: rounded, with '?' while provisional ("1500?").
func (r Rating) String() string {
	s := strconv.Itoa(r.Int())
	if r.Provisional() {
		s += "?"
	}
	return s
}

// ChangeText is a rating change as shown: "+12", "−8" (a minus sign), "±0".
func ChangeText(d int) string {
	switch {
	case d > 0:
		return "+" + strconv.Itoa(d)
	case d < 0:
		return "−" + strconv.Itoa(-d)
	}
	return "±0"
}

// InitialPuzzleRating is a puzzle's rating before anyone tried it, guessed from its
// difficulty. A Xiangqi mate: by its length in moves, each move added counting less than the
// one before (1100 + 350·ln m: mate in 2 ≈ 1340, 5 ≈ 1660, 10 ≈ 1910, 20 ≈ 2150), 50 less
// when a second first move wins too (the collection's cook: two ways in). A Reversi best move:
// by its empties, the squares left to read (14 empties 1300, each more +50: 24 empties 1800).
// A collection that gives its own guess (its rating column, Puzzle.Rating) is taken at its
// word. A puzzle of unknown difficulty (a link's position) starts at 1500.
func InitialPuzzleRating(p Puzzle) Rating {
	r := Rating{R: StartRating, RD: puzzleRD, Vol: glickoVol}
	switch {
	case p.Rating > 0:
		r.R = float64(p.Rating)
	case p.Variant == VariantReversi && p.Empties > 0:
		r.R = 1300 + 50*float64(p.Empties-14)
	case p.Mate > 0:
		r.R = 1100 + 350*math.Log(float64(max(p.Mate, 1)))
		if len(p.First) > 1 {
			r.R -= 50
		}
	}
	r.R = math.Round(max(800, min(2500, r.R)))
	return r
}
