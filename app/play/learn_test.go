package play

import (
	"testing"

	"qipan/app/engineclient"
	"qipan/app/i18n"
)

// The report's blunder becomes an exercise: the better move solves it at once; another move is
// judged by the defence's search of the position after it.
func TestLearnFromMistakes(t *testing.T) {
	m := scored(t, []string{"h2e2", "h9g7", "b0c2", "b9c7"}, []int{20, -25, 20, 480, -470}, map[int][]string{2: {"h0g2", "i9h9"}})
	if got := m.Mistakes(ICCS); got != nil {
		t.Fatalf("exercises before the report: %v", got)
	}
	m.StartReport()
	if !m.TakeReport() {
		t.Fatal("the report is not due")
	}
	ex := m.Mistakes(ICCS)
	if len(ex) != 1 || ex[0].Number != 3 || ex[0].Best != "h0g2" || ex[0].Played != "b0c2" || ex[0].Title != "B0-C2" || ex[0].Score != 20 {
		t.Fatalf("exercises %+v", ex)
	}
	if ex[0].FEN != m.game.PositionAt(2).FEN() {
		t.Errorf("the exercise's position %q", ex[0].FEN)
	}
	for _, c := range []struct {
		move    string
		defence string // the defence's info after the move ("" for none needed)
		want    PuzzleState
	}{
		{"h0g2", "", PuzzleSolved},
		{"i0i1", "info depth 6 score -5 pv i9h9", PuzzleSolved},  // +5 for the person: as good
		{"i0i1", "info depth 6 score 450 pv h7h0", PuzzleFailed}, // −450: worse
	} {
		x := newXQ()
		if err := x.StartPuzzle(ex[0]); err != nil {
			t.Fatal(err)
		}
		if s := PuzzleText(i18n.English, x.Table); s != "Find a better move than B0-C2" {
			t.Errorf("the goal reads %q", s)
		}
		play(t, x, c.move)
		if c.defence != "" {
			x.EngineLines()
			x.EngineSaid(c.defence)
			x.EngineSaid("bestmove " + c.defence[len(c.defence)-4:])
		}
		if _, st, _, _ := x.Puzzle(); st != c.want {
			t.Errorf("%s: %s, want %s", c.move, st, c.want)
		}
		if c.want == PuzzleFailed {
			if s := PuzzleText(i18n.Simplified, x.Table); s != "不够好：马二进三 更好" {
				t.Errorf("the verdict in Chinese: %q", s)
			}
		}
	}
}

var _ = engineclient.Search{}
