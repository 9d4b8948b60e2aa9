package desktop

import (
	"strings"
	"testing"
	"time"

	"qipan/app/play"
)

// TestClockFlagAndUndo plays a timed two-player game on the desktop: the clock button chooses
// the time control, the clocks' line shows both times, a flag fall ends the game with its
// reason, and Undo lifts it with the times as they were.
func TestClockFlagAndUndo(t *testing.T) {
	a, _ := newTestApp(t, &fakePipe{})
	now := time.Now()
	tick := func(d time.Duration) { now = now.Add(d); a.Tick(now) }
	tick(0)
	pressButton(t, a, string(play.ActPlayTwo))
	pressButton(t, a, "clock") // none → the first preset, 10+5: the game has not begun, it takes it
	if tc := a.Table().TimeControl(); tc != play.Presets[0] {
		t.Fatalf("the clock button chose %v", tc)
	}
	line := func() string {
		ops := a.Scene().Find("clocks")
		if len(ops) != 1 {
			t.Fatalf("the clocks' line drawn %d times", len(ops))
		}
		return ops[0].Text
	}
	if got := line(); got != "Black 10:00  ·  Red 10:00  (10+5)" {
		t.Errorf("before the first move: %q", got)
	}
	clickAt(t, a, "h2")
	clickAt(t, a, "e2")
	tick(3 * time.Second)
	clickAt(t, a, "h9")
	clickAt(t, a, "g7")
	tick(time.Second)
	if got := line(); got != "Black 10:02  ·  ▶ Red 9:59  (10+5)" {
		t.Errorf("after two moves: %q", got)
	}
	tick(10 * time.Minute)
	if got := a.Scene().Find("status"); len(got) != 1 || got[0].Text != "Red loses on time" {
		t.Errorf("the status after Red's flag: %v", got)
	}
	if !a.Table().Over() || !strings.Contains(line(), "Red 0.0") {
		t.Errorf("over %v, clocks %q", a.Table().Over(), line())
	}
	pressButton(t, a, "undo")
	tick(0)
	if a.Table().Over() || line() != "▶ Black 10:00  ·  Red 10:00  (10+5)" {
		t.Errorf("after Undo: over %v, clocks %q", a.Table().Over(), line())
	}
}
