// Package stats turns match results into Elo estimates and SPRT verdicts.
//
// Conventions, as in fishtest (server/fishtest/stats) and cutechess:
//   - Scores are from the first engine's side: win 1, draw 1/2, loss 0.
//   - Elo is logistic: score s = 1/(1+10^(-elo/400)).
//   - Trinomial results count single games (losses, draws, wins); pentanomial results count
//     game pairs (the same opening with colours swapped) by the pair's total score
//     0, 1/2, 1, 3/2, 2 (LL, LD, DD+WL, WD, WW).
//   - The 95% error margin is half the width of the Elo interval mapped from the score's
//     normal 95% interval (mu ± 1.96·sigma/sqrt(games)).
//   - The SPRT uses the generalized log-likelihood ratio (GSPRT) of fishtest's LLR_logistic:
//     the maximum-likelihood distributions with expected score s0 and s1 given the observed
//     frequencies (Van den Bergh, "support_MLE_multinomial"), with empty cells regularized
//     to 1e-3 as fishtest does.
package stats

import (
	"errors"
	"fmt"
	"math"
)

// z975 is the 97.5% quantile of the standard normal law (a two-sided 95% interval).
const z975 = 1.959963984540054

// Trinomial counts single games from the first engine's side.
type Trinomial struct{ Losses, Draws, Wins int }

// Games is the number of games counted.
func (t Trinomial) Games() int { return t.Losses + t.Draws + t.Wins }

// Add counts a game in which the first engine scored halfPoints (0 loss, 1 draw, 2 win).
func (t *Trinomial) Add(halfPoints int) {
	switch halfPoints {
	case 2:
		t.Wins++
	case 1:
		t.Draws++
	default:
		t.Losses++
	}
}

// Score is the first engine's mean score per game (NaN with no games).
func (t Trinomial) Score() float64 {
	return (float64(t.Wins) + float64(t.Draws)/2) / float64(t.Games())
}

func (t Trinomial) counts() []float64 {
	return []float64{float64(t.Losses), float64(t.Draws), float64(t.Wins)}
}

// Pentanomial counts game pairs by the first engine's total score over the pair:
// [0] = 0 (two losses), [1] = 1/2, [2] = 1, [3] = 3/2, [4] = 2 (two wins).
type Pentanomial [5]int

// Pairs is the number of pairs counted.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// Add counts a pair whose total score in half points (0..4) is halfPoints.
func (p *Pentanomial) Add(halfPoints int) { p[halfPoints]++ }

func (p Pentanomial) counts() []float64 {
	c := make([]float64, 5)
	for i, n := range p {
		c[i] = float64(n)
	}
	return c
}

// EloFromScore is the logistic Elo difference that gives expected score s (±Inf at 0 and 1).
func EloFromScore(s float64) float64 { return -400 * math.Log10(1/s-1) }

// ScoreFromElo is the expected score of a side that is elo stronger.
func ScoreFromElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Estimate is an Elo difference with its 95% error margin and the likelihood of superiority.
type Estimate struct {
	Score  float64 // mean score per game
	Elo    float64
	Margin float64 // 95%: the interval is about Elo ± Margin
	LOS    float64 // probability that the first engine is the stronger one
}

func (e Estimate) String() string {
	return fmt.Sprintf("%s ± %s (score %.1f%%, LOS %.1f%%)",
		FormatElo(e.Elo), FormatElo(e.Margin), 100*e.Score, 100*e.LOS)
}

// FormatElo writes an Elo figure or margin with one decimal: "inf", "-inf" or "nan" where
// the estimate has none, and 0.0 (not -0.0) for an even score.
func FormatElo(x float64) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%.1f", x+0) // +0 turns -0 into 0
}

// TrinomialElo estimates the Elo difference from single games (the usual cutechess figure).
func TrinomialElo(t Trinomial) Estimate {
	return estimate(t.counts(), float64(t.Games()))
}

// PentanomialElo estimates it from game pairs, which is tighter when openings are unbalanced.
func PentanomialElo(p Pentanomial) Estimate {
	return estimate(p.counts(), 2*float64(p.Pairs()))
}

// estimate follows fishtest's get_elo without its regularization: results[i] outcomes are
// worth i/(len-1) per game; games is the number of single games.
func estimate(results []float64, games float64) Estimate {
	if games == 0 {
		return Estimate{Score: math.NaN(), Elo: math.NaN(), Margin: math.NaN(), LOS: math.NaN()}
	}
	n := float64(len(results) - 1) // 2 for games, 4 for pairs (points in half points)
	var mu float64
	for i, r := range results {
		mu += r * float64(i) / 2
	}
	mu /= games
	// Per-game variance: for pairs, the pair score's variance spread over its two games.
	perUnit := mu * n / 2
	var v float64
	for i, r := range results {
		d := float64(i)/2 - perUnit
		v += r * d * d
	}
	v /= games
	se := math.Sqrt(v / games)
	// The interval is clamped to scores 0..1: past them the margin is infinite, not NaN.
	lo, hi := EloFromScore(max(0, mu-z975*se)), EloFromScore(min(1, mu+z975*se))
	var los float64
	switch {
	case se > 0:
		los = 0.5 * math.Erfc(-(mu-0.5)/se/math.Sqrt2)
	case mu > 0.5:
		los = 1
	case mu == 0.5:
		los = 0.5
	}
	return Estimate{Score: mu, Elo: EloFromScore(mu), Margin: (hi - lo) / 2, LOS: los}
}

// SPRT is a sequential probability ratio test of H0: elo = Elo0 against H1: elo = Elo1
// (logistic Elo), with error rates Alpha (accepting H1 when H0 holds) and Beta.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
}

// ParseSPRT reads "elo0,elo1,alpha,beta", e.g. "0,10,0.05,0.05".
func ParseSPRT(s string) (SPRT, error) {
	var t SPRT
	var extra string
	n, _ := fmt.Sscanf(s, "%g,%g,%g,%g%s", &t.Elo0, &t.Elo1, &t.Alpha, &t.Beta, &extra)
	if n != 4 {
		return SPRT{}, fmt.Errorf("sprt %q: want elo0,elo1,alpha,beta like 0,10,0.05,0.05", s)
	}
	return t, t.Validate()
}

// Validate says what is wrong with the test's parameters.
func (t SPRT) Validate() error {
	switch {
	case !(t.Elo0 < t.Elo1):
		return fmt.Errorf("sprt: elo0 (%g) must be below elo1 (%g)", t.Elo0, t.Elo1)
	case !(t.Alpha > 0 && t.Alpha < 1) || !(t.Beta > 0 && t.Beta < 1):
		return fmt.Errorf("sprt: alpha (%g) and beta (%g) must be between 0 and 1", t.Alpha, t.Beta)
	case t.Alpha+t.Beta >= 1:
		return fmt.Errorf("sprt: alpha+beta (%g) must be below 1", t.Alpha+t.Beta)
	}
	return nil
}

// Bounds are the LLR thresholds: below lower H0 is accepted, above upper H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Verdict of an SPRT.
type Verdict int

const (
	Continue Verdict = iota // neither bound crossed
	AcceptH0                // the change is not worth elo1 (reject it)
	AcceptH1                // the change is worth elo1 (accept it)
)

func (v Verdict) String() string {
	return [...]string{"continue", "H0 accepted", "H1 accepted"}[v]
}

// Judge returns the verdict for a log-likelihood ratio.
func (t SPRT) Judge(llr float64) Verdict {
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return AcceptH1
	case llr <= lo:
		return AcceptH0
	}
	return Continue
}

// LLRTrinomial is the GSPRT log-likelihood ratio of single-game results.
func (t SPRT) LLRTrinomial(r Trinomial) float64 { return t.llr(r.counts()) }

// LLRPentanomial is the GSPRT log-likelihood ratio of game-pair results (fishtest's default).
func (t SPRT) LLRPentanomial(p Pentanomial) float64 { return t.llr(p.counts()) }

// llr is fishtest's LLR_logistic: N · Σ p̂ᵢ·(log p1ᵢ − log p0ᵢ), where pkᵢ is the
// maximum-likelihood distribution on the same outcomes with expected score sk.
func (t SPRT) llr(counts []float64) float64 {
	var n float64
	for i := range counts {
		if counts[i] == 0 {
			counts[i] = 1e-3
		}
		n += counts[i]
	}
	if n < 1 { // no results at all: only the regularization
		return 0
	}
	k := len(counts) - 1
	a := make([]float64, len(counts))
	p := make([]float64, len(counts))
	for i := range counts {
		a[i] = float64(i) / float64(k)
		p[i] = counts[i] / n
	}
	s0, s1 := ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
	x0, err0 := secular(a, p, s0)
	x1, err1 := secular(a, p, s1)
	if err0 != nil || err1 != nil {
		return math.NaN()
	}
	var sum float64
	for i := range a {
		// log p1 − log p0 with pkᵢ = p̂ᵢ / (1 + xk·(aᵢ − sk)).
		sum += p[i] * (math.Log1p(x0*(a[i]-s0)) - math.Log1p(x1*(a[i]-s1)))
	}
	return n * sum
}

// secular solves Σ pᵢ·(aᵢ−s)/(1 + x·(aᵢ−s)) = 0 for x between the poles -1/max and -1/min
// of (aᵢ−s). The left side decreases in x there, so bisection is safe.
func secular(a, p []float64, s float64) (float64, error) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, ai := range a {
		lo, hi = min(lo, ai-s), max(hi, ai-s)
	}
	if !(lo < 0 && hi > 0) {
		return 0, errors.New("stats: score outside the outcomes' range")
	}
	f := func(x float64) float64 {
		var sum float64
		for i, ai := range a {
			d := ai - s
			sum += p[i] * d / (1 + x*d)
		}
		return sum
	}
	const eps = 1e-9
	l, h := -1/hi+eps, -1/lo-eps
	for range 200 {
		m := (l + h) / 2
		if f(m) > 0 {
			l = m
		} else {
			h = m
		}
		if h-l < 1e-15 {
			break
		}
	}
	return (l + h) / 2, nil
}
