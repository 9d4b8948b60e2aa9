package stats

import (
	"math"
	"testing"
)

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

func TestTrinomialElo(t *testing.T) {
	// Expected values worked by hand from the definitions in the package doc
	// (W60 D20 L20: mu 0.7, per-game variance 0.16, sigma/sqrt(N) 0.04).
	tests := []struct {
		r                  Trinomial
		score, elo, margin float64
	}{
		{Trinomial{Wins: 60, Draws: 20, Losses: 20}, 0.7, 147.1907, 66.0134},
		{Trinomial{Wins: 20, Draws: 20, Losses: 60}, 0.3, -147.1907, 66.0134},
		{Trinomial{Wins: 10, Draws: 0, Losses: 10}, 0.5, 0, EloFromScore(0.5 + 1.959963984540054*0.5/math.Sqrt(20))},
		{Trinomial{Draws: 8}, 0.5, 0, 0},
	}
	for _, tt := range tests {
		e := TrinomialElo(tt.r)
		if !near(e.Score, tt.score, 1e-9) || !near(e.Elo, tt.elo, 1e-3) || !near(e.Margin, tt.margin, 1e-3) {
			t.Errorf("TrinomialElo(%+v) = %+v, want score %g elo %g margin %g", tt.r, e, tt.score, tt.elo, tt.margin)
		}
	}
	if e := TrinomialElo(Trinomial{Wins: 3}); !math.IsInf(e.Elo, 1) || e.LOS != 1 {
		t.Errorf("all wins: %+v, want +inf Elo and LOS 1", e)
	}
	if e := TrinomialElo(Trinomial{Wins: 3, Losses: 1}); e.Elo <= 0 || !math.IsInf(e.Margin, 1) {
		t.Errorf("3-0-1: %+v, want a finite Elo and an infinite margin (the interval passes 100%%)", e)
	}
	if e := TrinomialElo(Trinomial{}); !math.IsNaN(e.Elo) {
		t.Errorf("no games: %+v, want NaN", e)
	}
}

func TestPentanomialElo(t *testing.T) {
	// Pairs [1 2 3 2 2]: 20 games, mu 0.55; pair-score variance spread over two games.
	e := PentanomialElo(Pentanomial{1, 2, 3, 2, 2})
	if !near(e.Score, 0.55, 1e-12) || !near(e.Elo, 34.8601, 1e-3) || !near(e.Margin, 143.7623, 1e-3) {
		t.Errorf("PentanomialElo = %+v, want score 0.55 elo 34.8601 margin 143.7623", e)
	}
}

func TestEloScoreRoundTrip(t *testing.T) {
	for _, elo := range []float64{-800, -100, -3, 0, 1, 35, 400} {
		if got := EloFromScore(ScoreFromElo(elo)); !near(got, elo, 1e-9) {
			t.Errorf("EloFromScore(ScoreFromElo(%g)) = %g", elo, got)
		}
	}
	if !near(ScoreFromElo(400), 10.0/11, 1e-12) {
		t.Errorf("ScoreFromElo(400) = %g, want 10/11", ScoreFromElo(400))
	}
}

func TestLLR(t *testing.T) {
	// Reference LLRs of fishtest's LLR_logistic as pinned (to 2 decimals, compared within 1%)
	// by fastchess's SPRT tests; fastchess's argument order (W, D, L) and (WW, WD, WL, DD,
	// LD, LL) is translated to ours here.
	tri := []struct {
		sprt SPRT
		r    Trinomial
		want float64
	}{
		{SPRT{0.5, 2.5, 0.05, 0.05}, Trinomial{Wins: 21404, Draws: 40708, Losses: 21184}, -1.57},
		{SPRT{0, 2, 0.05, 0.05}, Trinomial{Wins: 57433, Draws: 106593, Losses: 57030}, -2.59},
	}
	for _, tt := range tri {
		if got := tt.sprt.LLRTrinomial(tt.r); !near(got, tt.want, 0.01*math.Abs(tt.want)) {
			t.Errorf("LLRTrinomial(%+v, %+v) = %.4f, want %.2f", tt.sprt, tt.r, got, tt.want)
		}
	}
	penta := []struct {
		sprt                   SPRT
		ww, wd, wl, dd, ld, ll int
		want                   float64
	}{
		{SPRT{0.5, 2.5, 0.05, 0.05}, 246, 10037, 20279, 1000, 9863, 223, -3.07},
		{SPRT{0, 2, 0.05, 0.05}, 821, 26678, 55003, 980, 26175, 871, -4.98},
	}
	for _, tt := range penta {
		p := Pentanomial{tt.ll, tt.ld, tt.wl + tt.dd, tt.wd, tt.ww}
		if got := tt.sprt.LLRPentanomial(p); !near(got, tt.want, 0.01*math.Abs(tt.want)) {
			t.Errorf("LLRPentanomial(%+v, %v) = %.4f, want %.2f", tt.sprt, p, got, tt.want)
		}
	}
	// Mirror: seen from the other engine, H0 and H1 trade places (elo0,elo1 → −elo1,−elo0),
	// so the LLR changes sign.
	s := SPRT{-2, 5, 0.05, 0.05}
	r := Trinomial{Wins: 130, Draws: 200, Losses: 100}
	m := SPRT{-5, 2, 0.05, 0.05}
	if a, b := s.LLRTrinomial(r), m.LLRTrinomial(Trinomial{Wins: 100, Draws: 200, Losses: 130}); !near(a, -b, 1e-6) {
		t.Errorf("mirror: %g vs %g", a, -b)
	}
	if got := s.LLRPentanomial(Pentanomial{}); got != 0 {
		t.Errorf("no pairs: LLR %g, want 0", got)
	}
}

func TestSPRTBoundsAndVerdict(t *testing.T) {
	s, err := ParseSPRT("0,10,0.05,0.05")
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := s.Bounds()
	if !near(lo, -2.944439, 1e-6) || !near(hi, 2.944439, 1e-6) {
		t.Errorf("bounds %g, %g; want ±2.944439 (log 19)", lo, hi)
	}
	for _, tt := range []struct {
		llr  float64
		want Verdict
	}{{0, Continue}, {2.9, Continue}, {3, AcceptH1}, {-3, AcceptH0}, {-2.9, Continue}} {
		if got := s.Judge(tt.llr); got != tt.want {
			t.Errorf("Judge(%g) = %v, want %v", tt.llr, got, tt.want)
		}
	}
	// The GSPRT with fishtest's regularization is cautious with one-sided runs: 40 won
	// pairs are not yet enough for elo1 = 10, 200 are.
	for _, tt := range []struct {
		p    Pentanomial
		want Verdict
	}{
		{Pentanomial{0, 0, 0, 0, 40}, Continue},
		{Pentanomial{0, 0, 0, 0, 200}, AcceptH1},
		{Pentanomial{200, 0, 0, 0, 0}, AcceptH0},
		{Pentanomial{25, 40, 60, 20, 5}, AcceptH0},
		{Pentanomial{2, 10, 40, 30, 18}, Continue},
	} {
		if v := s.Judge(s.LLRPentanomial(tt.p)); v != tt.want {
			t.Errorf("pairs %v: %v, want %v", tt.p, v, tt.want)
		}
	}
}

func TestParseSPRTErrors(t *testing.T) {
	for _, in := range []string{"", "0,10", "10,0,0.05,0.05", "0,10,0,0.05", "0,10,0.6,0.6", "0,10,0.05,0.05,1", "a,b,c,d"} {
		if _, err := ParseSPRT(in); err == nil {
			t.Errorf("ParseSPRT(%q): no error", in)
		}
	}
}

func TestFormatElo(t *testing.T) {
	tests := []struct {
		x    float64
		want string
	}{
		{147.1907, "147.2"},
		{-12.34, "-12.3"},
		{EloFromScore(0.5), "0.0"}, // -0 from the formula
		{math.Copysign(0, -1), "0.0"},
		{math.Inf(1), "inf"},
		{math.Inf(-1), "-inf"},
		{math.NaN(), "nan"},
	}
	for _, tt := range tests {
		if got := FormatElo(tt.x); got != tt.want {
			t.Errorf("FormatElo(%g) = %q, want %q", tt.x, got, tt.want)
		}
	}
}

func TestTrinomialAdd(t *testing.T) {
	var tr Trinomial
	for _, h := range []int{2, 1, 0, 2} {
		tr.Add(h)
	}
	if want := (Trinomial{Losses: 1, Draws: 1, Wins: 2}); tr != want {
		t.Errorf("half points 2, 1, 0, 2 counted as %+v, want %+v", tr, want)
	}
}
