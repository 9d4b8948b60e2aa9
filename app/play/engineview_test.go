package play

import (
	"testing"
)

// TestEngineViewBestFirst: analysis's lines are shown best first by their scores, also while
// an iteration runs and the lower ranks are still the last iteration's.
func TestEngineViewBestFirst(t *testing.T) {
	cases := []struct {
		name  string
		lines []string
		want  []int // the scores shown, top down
		depth int   // the head's: the search's, whichever line is best
	}{
		{"in rank order", []string{"info depth 5 multipv 1 score 38 pv h2e2", "info depth 5 multipv 2 score 26 pv b2e2", "info depth 5 multipv 3 score 20 pv h0g2"}, []int{38, 26, 20}, 5},
		{"a new iteration's first line lower than the old second", []string{"info depth 5 multipv 1 score 38 pv h2e2", "info depth 5 multipv 2 score 26 pv b2e2",
			"info depth 5 multipv 3 score 20 pv h0g2", "info depth 6 multipv 1 score 22 pv h2e2"}, []int{26, 22, 20}, 6},
		{"a mate first, being mated last", []string{"info depth 5 multipv 1 score 38 pv h2e2", "info depth 5 multipv 2 score mate -3 pv b2e2",
			"info depth 5 multipv 3 score 10 pv a3a4", "info depth 6 multipv 1 score mate 4 pv h0g2"}, []int{1<<30 - 4, 38, -1<<30 + 3}, 6},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newXQ()
			m.SetAnalysis(true)
			m.EngineLines()
			for _, l := range c.lines {
				if _, _, err := m.EngineSaid(l); err != nil {
					t.Fatal(err)
				}
			}
			v, ok := m.EngineView(ICCS)
			if !ok {
				t.Fatal("no view")
			}
			if v.Info.Depth != c.depth {
				t.Errorf("the head says depth %d, want the search's %d", v.Info.Depth, c.depth)
			}
			got := []int{scoreKey(v.Info)}
			for _, more := range v.More {
				got = append(got, scoreKey(more.Info))
			}
			if len(got) != len(c.want) {
				t.Fatalf("scores %v, want %v", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Errorf("scores %v, want %v", got, c.want)
					break
				}
			}
		})
	}
}

// TestEngineViewWhileReviewing: the panel shows the search of the position on the board, not
// the game's while another position is reviewed.
func TestEngineViewWhileReviewing(t *testing.T) {
	m := newXQ()
	play(t, m, "h2e2")
	m.EngineLines()
	m.EngineSaid("info depth 7 score 12 pv h9g7 b0c2")
	m.EngineSaid("bestmove h9g7")
	if _, ok := m.EngineView(ICCS); !ok {
		t.Fatal("no view of the search whose move was just played")
	}
	m.Review(1)
	if v, ok := m.EngineView(ICCS); !ok || v.PV[0] != "H9-G7" {
		t.Errorf("reviewing the searched position: %+v %v", v, ok)
	}
	m.Review(0)
	if v, ok := m.EngineView(ICCS); ok {
		t.Errorf("reviewing the start shows the game's line %q", v.PV)
	}
}

// TestBookMove: an engine move with no line came from the book; the panel names it.
func TestBookMove(t *testing.T) {
	m := newXQ()
	play(t, m, "h2e2")
	m.EngineLines()
	if got := m.BookMove(Chinese); got != "" {
		t.Errorf("while thinking: %q", got)
	}
	m.EngineSaid("bestmove h9g7")
	if got := m.BookMove(Chinese); got != "马８进７" {
		t.Errorf("book move %q, want 马８进７", got)
	}
	play(t, m, "b0c2")
	m.EngineLines()
	m.EngineSaid("info depth 3 score 5 pv b9c7")
	m.EngineSaid("bestmove b9c7")
	if got := m.BookMove(Chinese); got != "" {
		t.Errorf("a searched move as a book move: %q", got)
	}
}
