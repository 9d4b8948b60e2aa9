package play

import (
	"slices"
	"strings"
	"testing"
	"time"

	"qipan/app/sound"
)

// TestSession follows a click through the session: the move, its sound and save, the
// engine's search; the engine's answer played; the other game shown (the search stopped); the
// watchdog hurrying a search that overran, counted from the engine's ready.
func TestSession(t *testing.T) {
	s := NewSession(NewTable(VariantXiangqi), NewTable(VariantReversi))
	if s.Of(VariantXiangqi).Client != s.Of(VariantReversi).Client || s.Table().Variant() != VariantXiangqi {
		t.Fatal("the games do not share one engine, or Xiangqi is not on the board")
	}
	s.SetLevel(3)
	if e := s.Click("h2"); e.Moved || e.Save || len(e.Send) != 0 {
		t.Fatalf("selecting h2: %+v", e)
	}
	e := s.Click("e2")
	if !e.Moved || !e.Save || e.Sound != sound.Move || len(e.Send) == 0 || !strings.HasPrefix(e.Send[len(e.Send)-1], "go movetime 500") {
		t.Fatalf("h2-e2: %+v", e)
	}
	if e := s.Click("h9"); e.Refusal != RefusedTurn {
		t.Errorf("a click on the computer's turn: %+v", e)
	}
	t0 := time.Now()
	s.Sent(e.Send, t0)
	if w := s.Watch(t0); w != 500*time.Millisecond+StopAfter {
		t.Errorf("the watchdog waits %v", w)
	}
	// Not ready yet (loading): the wait starts again when it is due.
	if l := s.Tick(t0.Add(5 * time.Second)); l != nil {
		t.Errorf("hurried an engine still loading: %q", l)
	}
	s.EngineSaid("info string ready")
	if l := s.Tick(t0.Add(9 * time.Second)); l != nil {
		t.Errorf("hurried before its time counted from the wait's restart: %q", l)
	}
	if l := s.Tick(t0.Add(10 * time.Second)); !slices.Equal(l, []string{"stop"}) {
		t.Errorf("an overrun search: %q, want stop", l)
	}
	if e := s.EngineSaid("bestmove h9g7"); !e.Moved || !e.Save || e.Err != nil || s.Table().Ply() != 2 {
		t.Errorf("the engine's answer: %+v at ply %d", e, s.Table().Ply())
	}
	if e := s.EngineSaid("bestmove h9g7"); e.Err == nil {
		t.Error("an answer with no search in flight was taken")
	}

	// An action: Undo takes the full move back and is kept.
	if e, ok := s.Do(ActUndo); !ok || !e.Save || s.Table().Ply() != 0 {
		t.Errorf("undo: %v %+v, ply %d", ok, e, s.Table().Ply())
	}
	if _, ok := s.Do(ActUndo); ok {
		t.Error("undo at the start did something")
	}
	// You: Black: the computer opens; showing Reversi stops its search.
	e, _ = s.Do(ActPlayBlack)
	if !s.Client().Thinking() || len(e.Send) == 0 {
		t.Fatalf("play black: the computer does not open: %+v", e)
	}
	s.Show(VariantReversi)
	if l := s.Table().EngineLines(); !slices.Equal(l, []string{"stop"}) || s.Table().Variant() != VariantReversi {
		t.Errorf("showing Reversi: %q", l)
	}
	if e := s.EngineSaid("bestmove h2e2"); e.Moved || s.Of(VariantXiangqi).Ply() != 0 {
		t.Errorf("the stopped Xiangqi search's answer was played: %+v", e)
	}
}

// TestSessionKeys: the keys every front end hands the session by their DOM names browse the
// record (nothing to save; analysis follows the position shown); other keys are not the
// session's.
func TestSessionKeys(t *testing.T) {
	s := NewSession(NewTable(VariantXiangqi))
	s.Do(ActPlayTwo)
	for _, sq := range []string{"h2", "e2", "h9", "g7", "b0", "c2"} {
		s.Click(sq)
	}
	steps := []struct {
		key   string
		ours  bool
		shown int
	}{
		{"ArrowLeft", true, 2},
		{"Home", true, 0},
		{"ArrowLeft", true, 0},
		{"ArrowRight", true, 1},
		{"End", true, 3},
		{"h", false, 3},
		{"Escape", false, 3},
	}
	for i, st := range steps {
		e, ours := s.Key(st.key)
		if ours != st.ours || e.Save || s.Table().ShownPly() != st.shown {
			t.Errorf("step %d %s: ours %v, %+v, shown %d; want %v, shown %d", i, st.key, ours, e, s.Table().ShownPly(), st.ours, st.shown)
		}
	}
	// Analysis follows the position browsed to.
	s.Do(ActAnalysis)
	if e, _ := s.Key("ArrowLeft"); !slices.Equal(e.Send, []string{"stop"}) {
		t.Errorf("browsing stops the analysis of the position left: %q", e.Send)
	}
	if e := s.EngineSaid("bestmove b9c7"); !strings.Contains(strings.Join(e.Send, "\n"), "moves h2e2 h9g7\n") {
		t.Errorf("analysis of the position shown: %q", e.Send)
	}
}
