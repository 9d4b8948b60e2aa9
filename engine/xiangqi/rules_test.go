package xiangqi

import (
	"strings"
	"testing"
)

func TestGameResult(t *testing.T) {
	for _, tc := range []struct {
		name          string
		fen           string
		moves         string
		status        Status
		score         string // "1-0", "0-1", "1/2-1/2", "*"
		reason        string
		ongoingBefore bool // the position one ply earlier was still ongoing
	}{
		{"start", StartFEN, "", Ongoing, "*", "in progress", false},
		{"checkmate", "3k5/R8/1R7/9/9/9/9/9/9/4K4 w", "b7b9", Checkmate, "1-0", "Red wins: Black is checkmated", true},
		{"stalemate loses", "3k5/9/9/9/9/9/9/9/3r1r3/4K4 w", "", Stalemate, "0-1", "Black wins: Red has no legal move", false},
		{"60-move rule", "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 119 80", "a0a1", MoveLimit, "1/2-1/2", "60 moves", true},
		{"a capture resets the count", "3k1c3/9/9/9/9/9/9/9/r8/R3K4 w - - 119 80", "a0a1", Ongoing, "*", "in progress", true},
		{"mate beats the move limit", "3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 119 80", "b7b9", Checkmate, "1-0", "checkmated", true},
		{"only generals and advisors", "3k5/9/9/9/9/9/9/9/4A4/3AK4 w", "", InsufficientMaterial, "1/2-1/2", "neither side can cross the river", false},
		{"capture of the last attacker", "3k5/9/9/9/9/9/9/9/4r4/3AK4 w", "d0e1", InsufficientMaterial, "1/2-1/2", "cross the river", true},
		{"threefold repetition", StartFEN, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9", Repetition, "1/2-1/2", "three times", true},
		{"perpetual check loses", "4k4/R8/9/9/9/9/9/9/9/3K5 w", "a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9", PerpetualCheck, "0-1", "Black wins: Red checks perpetually", true},
		{"chasing a protected piece is no chase", "r3k4/9/n8/9/9/9/1R7/9/9/3K5 w", "b3a3 a7b9 a3b3 b9a7 b3a3 a7b9 a3b3 b9a7", Repetition, "1/2-1/2", "three times", true},
		{"perpetual chase loses", "4k4/9/n8/9/9/9/1R7/9/9/3K5 w", "b3a3 a7b9 a3b3 b9a7 b3a3 a7b9 a3b3 b9a7", PerpetualChase, "0-1", "Black wins: Red chased the unprotected horse perpetually", true},
	} {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		g := NewGame(p)
		for _, s := range strings.Fields(tc.moves) {
			if r := g.Result(); r.Over() {
				t.Fatalf("%s: game over (%s) before %s", tc.name, r.Reason(), s)
			}
			if err := g.PlayString(s); err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
		}
		r := g.Result()
		if r.Status != tc.status || r.String() != tc.score || !strings.Contains(r.Reason(), tc.reason) {
			t.Errorf("%s: result %v %s %q; want %v %s containing %q", tc.name, r.Status, r, r.Reason(), tc.status, tc.score, tc.reason)
		}
		if g.Status() != tc.status {
			t.Errorf("%s: Game.Status = %v", tc.name, g.Status())
		}
		if tc.ongoingBefore {
			g.Undo()
			if r := g.Result(); r.Over() {
				t.Errorf("%s: one ply earlier the game is already over: %s", tc.name, r.Reason())
			}
		}
	}
}

func TestRepetitions(t *testing.T) {
	g := NewGame(nil)
	for i, s := range strings.Fields("h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9") {
		if err := g.PlayString(s); err != nil {
			t.Fatal(err)
		}
		if want := 1 + (i+1)/4; g.Repetitions() != want {
			t.Errorf("after %d plies: Repetitions = %d, want %d", i+1, g.Repetitions(), want)
		}
	}
}
