package search

import (
	"testing"

	"qipan/engine/xiangqi"
)

// TestDrawScale: endings from games against Fairy-Stockfish that were drawn with qipan
// evaluating them far ahead, and their neighbours that are won.
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
