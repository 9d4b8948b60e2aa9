package play

import (
	"math"
	"testing"
)

// TestGlicko2Paper: Glickman's worked example ("Example of the Glicko-2 system"): a player
// 1500/200/0.06 beats 1400/30, loses to 1550/100 and to 1700/300, τ 0.5.
func TestGlicko2Paper(t *testing.T) {
	got := Glicko2(Rating{1500, 200, 0.06}, []Game{
		{Rating{1400, 30, 0.06}, 1},
		{Rating{1550, 100, 0.06}, 0},
		{Rating{1700, 300, 0.06}, 0},
	})
	want := Rating{1464.06, 151.52, 0.05999}
	if math.Abs(got.R-want.R) > 0.01 || math.Abs(got.RD-want.RD) > 0.01 || math.Abs(got.Vol-want.Vol) > 0.00001 {
		t.Errorf("Glicko2 = %+v, want %+v", got, want)
	}
	// No game: the rating stays, its deviation grows by the volatility (step 6).
	idle := Glicko2(Rating{1500, 200, 0.06}, nil)
	if idle.R != 1500 || math.Abs(idle.RD-math.Sqrt(200*200+math.Pow(0.06*glickoScale, 2))) > 1e-9 {
		t.Errorf("a period without games: %+v", idle)
	}
}

func TestRateOneGame(t *testing.T) {
	tests := []struct {
		name         string
		a, b         Rating
		s            float64
		up, rdShrink bool
	}{
		{"a new player beats an even puzzle", NewRating(), Rating{1500, 200, 0.06}, 1, true, true},
		{"a new player loses to an even puzzle", NewRating(), Rating{1500, 200, 0.06}, 0, false, true},
		{"a strong player beats a weak puzzle: little gained", Rating{2000, 80, 0.06}, Rating{1200, 200, 0.06}, 1, true, false},
	}
	for _, tt := range tests {
		a, b := rate(tt.a, tt.b, tt.s)
		if (a.R > tt.a.R) != tt.up || (b.R < tt.b.R) != tt.up {
			t.Errorf("%s: %+v → %+v, the puzzle %+v → %+v", tt.name, tt.a, a, tt.b, b)
		}
		if tt.rdShrink && a.RD >= tt.a.RD {
			t.Errorf("%s: the deviation %v did not shrink from %v", tt.name, a.RD, tt.a.RD)
		}
		if a.RD < minRD || a.RD > maxRD {
			t.Errorf("%s: deviation %v out of bounds", tt.name, a.RD)
		}
	}
	a, _ := rate(Rating{2000, 80, 0.06}, Rating{1200, 200, 0.06}, 1)
	if d := a.R - 2000; d > 2 {
		t.Errorf("an expected win gained %v", d)
	}
	// Many games: the deviation stops at its floor (and the volatility's growth over it).
	r := NewRating()
	for range 300 {
		r, _ = rate(r, r, 1)
	}
	if r.RD < minRD || r.RD > minRD+1 {
		t.Errorf("after 300 games RD %v, want the floor %d", r.RD, minRD)
	}
}

func TestRatingText(t *testing.T) {
	tests := []struct {
		r    Rating
		want string
	}{
		{NewRating(), "1500?"},
		{Rating{1512.4, 110, 0.06}, "1512"},
		{Rating{1512.6, 110.5, 0.06}, "1513?"},
	}
	for _, tt := range tests {
		if got := tt.r.String(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.r, got, tt.want)
		}
	}
	for d, want := range map[int]string{12: "+12", -8: "−8", 0: "±0"} {
		if got := ChangeText(d); got != want {
			t.Errorf("ChangeText(%d) = %q, want %q", d, got, want)
		}
	}
}

func TestInitialPuzzleRating(t *testing.T) {
	tests := []struct {
		p    Puzzle
		want float64
	}{
		{Puzzle{Variant: VariantXiangqi, Mate: 1}, 1100},
		{Puzzle{Variant: VariantXiangqi, Mate: 2}, 1343},
		{Puzzle{Variant: VariantXiangqi, Mate: 2, First: []string{"h2e2", "h2h9"}}, 1293}, // two ways in
		{Puzzle{Variant: VariantXiangqi, Mate: 7}, 1781},
		{Puzzle{Variant: VariantXiangqi, Mate: 25}, 2227},
		{Puzzle{Variant: VariantXiangqi, Mate: 400}, 2500},             // the bound
		{Puzzle{Variant: VariantXiangqi}, 1500},                        // a link's: unknown
		{Puzzle{Variant: VariantXiangqi, Mate: 7, Rating: 1620}, 1620}, // the collection's own guess
		{Puzzle{Variant: VariantReversi, Empties: 14}, 1300},
		{Puzzle{Variant: VariantReversi, Empties: 24}, 1800},
	}
	for _, tt := range tests {
		if got := InitialPuzzleRating(tt.p); got.R != tt.want || got.RD != puzzleRD {
			t.Errorf("%+v: %+v, want %v", tt.p, got, tt.want)
		}
	}
	// The shipped collection: longer mates rate higher.
	short, long := InitialPuzzleRating(Puzzle{Mate: 3}), InitialPuzzleRating(Puzzle{Mate: 9})
	if short.R >= long.R {
		t.Errorf("mate in 3 %v, mate in 9 %v", short.R, long.R)
	}
}
