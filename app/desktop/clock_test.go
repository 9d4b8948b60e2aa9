package desktop

import (
	"slices"
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
	if got := line(); got != "Black 10:00  ·  Red 10:00  (10+5)" || a.Timed() {
		t.Errorf("before the first move: %q, the window woken by time %v", got, a.Timed())
	}
	clickAt(t, a, "h2")
	clickAt(t, a, "e2")
	tick(3 * time.Second)
	clickAt(t, a, "h9")
	clickAt(t, a, "g7")
	tick(time.Second)
	if got := line(); got != "Black 10:02  ·  ▶ Red 9:59  (10+5)" || !a.Timed() {
		t.Errorf("after two moves: %q, the window woken by time %v", got, a.Timed())
	}
	tick(10 * time.Minute)
	if got := a.Scene().Find("status"); len(got) != 1 || got[0].Text != "Red loses on time" {
		t.Errorf("the status after Red's flag: %v", got)
	}
	if !a.Table().Over() || !strings.Contains(line(), "Red 0.0") || a.Timed() {
		t.Errorf("over %v, clocks %q, the window woken by time %v", a.Table().Over(), line(), a.Timed())
	}
	pressButton(t, a, "undo")
	tick(0)
	if a.Table().Over() || line() != "▶ Black 10:00  ·  Red 10:00  (10+5)" {
		t.Errorf("after Undo: over %v, clocks %q", a.Table().Over(), line())
	}
	// New asks first, a move being played, and its question chooses the new game's clock: the
	// game under way keeps its own until the answer.
	pressButton(t, a, "new")
	pressButton(t, a, "new-clock") // 10+5 → 30+30
	if tc := a.Table().TimeControl(); tc != play.Presets[0] {
		t.Errorf("the game under way's clock became %v", tc)
	}
	pressButton(t, a, "new-confirm")
	tick(0)
	if tc := a.Table().TimeControl(); tc != play.Presets[1] || a.Table().Len() != 0 || line() != "Black 30:00  ·  Red 30:00  (30+30)" {
		t.Errorf("the new game: clock %v, %d moves, clocks %q", tc, a.Table().Len(), line())
	}
}

// TestReportOnTheDesktop asks for the report of a planted blunder with the engine in this
// process: the move is marked in the list and the accuracies are shown.
func TestReportOnTheDesktop(t *testing.T) {
	a, trace := newTestApp(t, NewLocalPipe())
	pressButton(t, a, string(play.ActPlayTwo))
	for _, mv := range [][2]string{{"h2", "e2"}, {"h9", "g7"}, {"e2", "e6"}, {"g7", "e6"}} {
		clickAt(t, a, mv[0])
		clickAt(t, a, mv[1])
	}
	if a.Table().Len() != 4 {
		t.Fatalf("%d moves played", a.Table().Len())
	}
	pressButton(t, a, string(play.ActReport))
	deadline := time.Now().Add(30 * time.Second)
	for a.Table().ReportState() != "done" {
		if time.Now().After(deadline) {
			t.Fatalf("no report after 30 s; trace %q", *trace)
		}
		time.Sleep(10 * time.Millisecond)
		a.Tick(time.Now())
	}
	s := a.Scene()
	if m := s.Find("move 3"); len(m) != 1 || !strings.HasSuffix(m[0].Text, "?") {
		t.Errorf("move 3 in the list: %v", m)
	}
	if r := s.Find("report"); len(r) != 1 || !strings.Contains(r[0].Text, "Red ") || !strings.Contains(r[0].Text, "?? ") {
		t.Errorf("the report's line: %v", r)
	}
}

// TestReportDepthButton: the report's button beside Report chooses the thorough searches,
// which the engine is then asked for, and the choice survives a restart.
func TestReportDepthButton(t *testing.T) {
	link := &fakePipe{}
	a, _ := newTestApp(t, link)
	depth := func(a *App) string { return label(t, a, "report-depth") }
	if got := depth(a); got != "Quick report" || a.Table().Thorough() {
		t.Fatalf("at first: %q, thorough %v", got, a.Table().Thorough())
	}
	pressButton(t, a, "report-depth")
	a.Tick(time.Now())
	if got := depth(a); got != "Thorough report" || !a.Table().Thorough() {
		t.Errorf("pressed: %q, thorough %v", got, a.Table().Thorough())
	}
	pressButton(t, a, string(play.ActPlayTwo))
	clickAt(t, a, "h2")
	clickAt(t, a, "e2")
	link.sent = nil
	pressButton(t, a, string(play.ActReport))
	a.Tick(time.Now())
	if !slices.Contains(link.sent, play.ThoroughGo) {
		t.Errorf("the report's first search: %q, want %q", link.sent, play.ThoroughGo)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	b := New(Config{Store: a.cfg.Store, Pipe: &fakePipe{}, Clipboard: &fakeClipboard{}, ExportDir: t.TempDir()})
	b.Resize(1000, 700)
	b.Tick(time.Now())
	if got := depth(b); got != "Thorough report" || !b.Table().Thorough() {
		t.Errorf("after a restart: %q, thorough %v", got, b.Table().Thorough())
	}
}

// TestMinimizedPausesTheClock: against the computer the clock stops while the window is
// minimized, as the page's does while hidden; between two players it runs on.
func TestMinimizedPausesTheClock(t *testing.T) {
	for _, two := range []bool{false, true} {
		a, _ := newTestApp(t, &fakePipe{})
		now := time.Now()
		tick := func(d time.Duration) { now = now.Add(d); a.Tick(now) }
		tick(0)
		if two {
			pressButton(t, a, string(play.ActPlayTwo))
		}
		pressButton(t, a, "clock") // 10+5, taken at once: no move yet
		clickAt(t, a, "h2")
		clickAt(t, a, "e2")
		tick(time.Second)
		if two {
			clickAt(t, a, "h9")
			clickAt(t, a, "g7")
		} // against the computer: the engine's clock runs (this pipe never answers)
		tick(0)
		running := func() (int, time.Duration) {
			c, ok := a.Table().Clocks()
			if !ok {
				t.Fatal("no clock")
			}
			for side, v := range c {
				if v.Running {
					return side, v.Left
				}
			}
			t.Fatal("no clock running")
			return 0, 0
		}
		side, before := running()
		a.Minimized(true)
		tick(time.Minute)
		a.Minimized(false)
		tick(0)
		if s, after := running(); s != side || (two && after > before-time.Minute+time.Second) || (!two && after != before) {
			t.Errorf("two players %v: side %d had %v, after a minute minimized %v", two, side, before, after)
		}
	}
}
