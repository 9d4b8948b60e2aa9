package search

import (
	"testing"

	"qipan/engine/xiangqi"
)

// TestFeatures counts features on small positions by hand. The horse rows caught the horse
// tables being built before the tables they were read from (every horse "trapped", no moves).
func TestFeatures(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		want map[int]int32 // features not listed must be 0
	}{
		{"a free horse in the middle", "4k4/9/9/9/9/4N4/9/9/9/3K5 w - - 0 1",
			map[int]int32{FHorseMob: 8}},
		{"a horse in the corner, one leg blocked", "4k4/9/9/9/9/9/9/9/p8/N2K5 w - - 0 1",
			map[int]int32{FHorseMob: 1, FHorseTrapped: 1}},
		{"a chariot on the open file into the palace", "3k5/9/9/9/9/9/9/9/9/4RK3 w - - 0 1",
			map[int]int32{FChariotMob: 13, FPalaceAttack: 3, FKingDanger: 3}},
		{"a cannon behind a screen on the general's file", "4k4/9/9/9/4p4/9/9/9/4C4/3K5 b - - 0 1",
			map[int]int32{FCentralCannon: 1, FCannonMob: 13, FPalaceAttack: 3, FKingDanger: 3}},
		{"a crossed soldier beside the palace", "4k4/2P6/9/9/9/9/9/9/9/3K5 w - - 0 1",
			map[int]int32{FPalaceAttack: 1, FKingDanger: 1}},
	}
	for _, tt := range tests {
		p, err := xiangqi.ParseFEN(tt.fen)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got := Features(p)
		for i, x := range got {
			if x != tt.want[i] {
				t.Errorf("%s: %s = %d, want %d", tt.name, FeatureNames[i], x, tt.want[i])
			}
		}
	}
}

// TestDrawScale: endings from games against Fairy-Stockfish that were drawn with qipan
// evaluating them +400 to +550, and their neighbours that are won.
func TestDrawScale(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		red  int // Red's scale, sixteenths
	}{
		{"a cannon against two elephants", "9/5k3/b8/9/6b2/2B6/4C4/9/9/2BAKA3 w - - 0 1", 2},
		{"a cannon against two advisors and an elephant", "3k5/9/3a1a3/9/4C1b2/9/9/3ABA3/9/4K1B2 w - - 0 1", 2},
		{"a cannon and advisors against a bare general", "3k5/9/9/9/4C4/9/9/3A5/4A4/4K4 w - - 0 1", 16},
		{"a cannon and a soldier", "9/4P4/3k5/9/2b6/9/9/3A5/5C3/2B1K1B2 w - - 0 1", 16},
		{"a chariot against all four defenders", "2bak4/4a4/4b4/9/9/9/9/9/4R4/4K4 w - - 0 1", 2},
		{"a chariot against three", "2bak4/4a4/9/9/9/9/9/9/4R4/4K4 w - - 0 1", 16},
		{"a horse against two elephants", "2b1k4/9/4b4/9/9/9/9/4N4/9/4K4 w - - 0 1", 8},
		{"a horse against three defenders", "2bak4/4a4/4b4/9/9/9/9/4N4/9/4K4 w - - 0 1", 2},
		{"a soldier against two advisors", "3ak4/4a4/9/9/9/4P4/9/9/9/4K4 w - - 0 1", 2},
		{"advisors and elephants only", "4k4/9/9/9/9/9/9/4B4/4A4/3AK4 w - - 0 1", 0},
		{"a cannon against a cannon", "9/4k4/9/9/9/6B2/3cC4/3A5/4A4/2B2K3 w - - 0 1", 2},
		{"a cannon against a horse", "9/9/5k3/9/3n5/9/9/3ABA3/4C4/2BK5 w - - 0 1", 2},
		{"a horse against a soldier", "4k4/9/9/9/9/4p4/9/4N4/9/4K4 w - - 0 1", 16},
		{"two chariots", "1c2k4/1r2a4/9/9/9/4R4/4R4/9/9/2B1K4 w - - 0 1", 16},
	}
	for _, tt := range tests {
		p, err := xiangqi.ParseFEN(tt.fen)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := drawScale(p, xiangqi.Red); got != tt.red {
			t.Errorf("%s: Red's scale %d, want %d", tt.name, got, tt.red)
		}
	}
}
