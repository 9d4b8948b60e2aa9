package play

import (
	"testing"

	"qipan/app/i18n"
)

// A collection's gain puzzle (the mined one's "wins the chariot") asks to win as a mate does and
// says Solved! once its best move is played; an exercise of the report's says it was as good
// as the engine's best.
func TestGainPuzzleSolvedText(t *testing.T) {
	// Red's chariot a8 takes Black's on a5 (every other move loses its own).
	const fen = "2bk1ab2/4a4/7n1/9/r8/9/9/9/9/R2AKA3 w - - 0 1"
	for _, tc := range []struct {
		source string
		want   string
	}{
		{MinedSource, i18n.English.T(i18n.PuzzleSolved)},
		{LearnSource, i18n.English.T(i18n.LearnSolved)},
	} {
		tb := NewTable(VariantXiangqi)
		p := Puzzle{Variant: VariantXiangqi, FEN: fen, Source: tc.source, Number: 1, Goal: GoalBetter, Best: "a0a5", Score: 400, Played: "a0a1"}
		if err := tb.StartPuzzle(p); err != nil {
			t.Fatal(err)
		}
		person(t, tb, "a0", "a5")
		if st, _ := puzzleState(tb); st != PuzzleSolved {
			t.Fatalf("%s: after the best move the puzzle is %q", tc.source, st)
		}
		if got := PuzzleText(i18n.English, tb); got != tc.want {
			t.Errorf("%s: solved, the status says %q, want %q", tc.source, got, tc.want)
		}
	}
}
