package play

import "testing"

// A puzzle's hint comes in two steps: the piece to move (marked on the board, no arrow, no
// text), then the move; a new position starts again with the piece. Reversi's has no piece.
func TestPuzzleHintInTwoSteps(t *testing.T) {
	tb := NewTable(VariantXiangqi)
	if err := tb.StartPuzzle(cornered); err != nil {
		t.Fatal(err)
	}
	if !tb.PuzzleHint() {
		t.Fatal("the hint refused")
	}
	tb.EngineLines()
	if _, _, err := tb.EngineSaid("bestmove a8a9"); err != nil {
		t.Fatal(err)
	}
	pieces := func() []string {
		var out []string
		for _, c := range tb.View(ViewOptions{}).Cells {
			if c.HintPiece {
				out = append(out, c.Name)
			}
		}
		return out
	}
	v := tb.View(ViewOptions{})
	if got := pieces(); len(got) != 1 || got[0] != "a8" || v.HintFrom >= 0 || v.HintTo >= 0 || tb.HintText(ICCS) != "" || !tb.HintPiece() {
		t.Errorf("first step: pieces %v, arrow %d→%d, text %q", got, v.HintFrom, v.HintTo, tb.HintText(ICCS))
	}
	if !tb.PuzzleHint() {
		t.Fatal("the second step refused")
	}
	v = tb.View(ViewOptions{})
	if got := pieces(); len(got) != 0 || v.Hint != "a8a9" || tb.HintText(ICCS) != "A8-A9" || tb.HintPiece() {
		t.Errorf("second step: pieces %v, hint %q, text %q", got, v.Hint, tb.HintText(ICCS))
	}
	if !tb.PuzzleHelped() {
		t.Error("the hint did not count against the attempt")
	}
	// Retried, the start's hint again begins with the piece.
	tb.RetryPuzzle()
	tb.PuzzleHint()
	if !tb.HintPiece() {
		t.Error("after a retry the hint shows the move at once")
	}
	// A game, not a puzzle: the hint is the move at once.
	g := NewTable(VariantXiangqi)
	hinted(t, g, "bestmove h2e2")
	if g.HintPiece() || g.View(ViewOptions{}).Hint != "h2e2" {
		t.Errorf("a game's hint: piece %v, %q", g.HintPiece(), g.View(ViewOptions{}).Hint)
	}
}
