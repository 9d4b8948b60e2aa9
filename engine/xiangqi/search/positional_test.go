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
