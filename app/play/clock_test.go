package play

import (
	"strings"
	"testing"
	"time"
)

func TestParseTimeControl(t *testing.T) {
	for _, c := range []struct {
		in   string
		want TimeControl
		text string // String(); "" for the input
		err  string
	}{
		{in: "10+5", want: TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second}},
		{in: "20m30s", want: TimeControl{Base: 20 * time.Minute, PerMove: 30 * time.Second}},
		{in: "5", want: TimeControl{Base: 5 * time.Minute}, text: "5+0"},
		{in: "0.5+1", want: TimeControl{Base: 30 * time.Second, Increment: time.Second}},
		{in: "0+3", want: TimeControl{Increment: 3 * time.Second}, err: "no time to play"},
		{in: "", want: NoClock},
		{in: "none", want: NoClock, text: ""},
		{in: "ten+5", err: `the minutes "ten"`},
		{in: "10+x", err: `the increment "x"`},
		{in: "20m0s", err: "no time a move"},
		{in: "-5+1", err: "not a number"},
		{in: "9999+0", err: "more time than a game takes"},
	} {
		got, err := ParseTimeControl(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: %v, want an error naming %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q: %+v, %v; want %+v", c.in, got, err, c.want)
			continue
		}
		text := c.text
		if text == "" && c.in != "none" {
			text = c.in
		}
		if got.String() != text {
			t.Errorf("%q: written %q, want %q", c.in, got.String(), text)
		}
		if back, err := ParseTimeControl(got.String()); err != nil || back != got {
			t.Errorf("%q: read back %+v, %v", c.in, back, err)
		}
	}
	for _, p := range Presets {
		if back, err := ParseTimeControl(p.String()); err != nil || back != p {
			t.Errorf("preset %+v: %q reads back %+v, %v", p, p.String(), back, err)
		}
	}
	if got := (TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second}).PGN(); got != "600+5" {
		t.Errorf("PGN %q", got)
	}
}

// FuzzParseTimeControl: any text is a time control or an error, and a time control written
// reads back the same.
func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"10+5", "20m30s", "3", "", "1.5+0.5", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTimeControl(s)
		if err != nil {
			return
		}
		if back, err := ParseTimeControl(tc.String()); err != nil || back != tc {
			t.Errorf("%q: %+v written %q reads back %+v, %v", s, tc, tc.String(), back, err)
		}
	})
}

func TestClock(t *testing.T) {
	t0 := time.Unix(1_000_000, 0)
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	type step struct {
		at    time.Duration
		press bool
		// after: each side's time left, the running side, the flag
		left    [2]time.Duration
		running int
		flag    int
	}
	cases := []struct {
		name  string
		tc    TimeControl
		steps []step
	}{
		{"increment", TimeControl{Base: time.Minute, Increment: 5 * time.Second}, []step{
			{at: 10 * time.Second, press: true, left: [2]time.Duration{55 * time.Second, time.Minute}, running: 1, flag: -1},
			{at: 40 * time.Second, left: [2]time.Duration{55 * time.Second, 30 * time.Second}, running: 1, flag: -1},
			{at: 70 * time.Second, left: [2]time.Duration{55 * time.Second, 0}, running: -1, flag: 1},
		}},
		{"byo-yomi", TimeControl{Base: 20 * time.Second, PerMove: 10 * time.Second}, []step{
			{at: 25 * time.Second, press: true, left: [2]time.Duration{10 * time.Second, 20 * time.Second}, running: 1, flag: -1}, // into 读秒 on the move
			{at: 30 * time.Second, press: true, left: [2]time.Duration{10 * time.Second, 15 * time.Second}, running: 0, flag: -1},
			{at: 39 * time.Second, press: true, left: [2]time.Duration{10 * time.Second, 15 * time.Second}, running: 1, flag: -1}, // a fresh period
			{at: 70 * time.Second, left: [2]time.Duration{10 * time.Second, 0}, running: -1, flag: 1},
		}},
		{"a press after the flag fell is refused", TimeControl{Base: 5 * time.Second}, []step{
			{at: 6 * time.Second, press: true, left: [2]time.Duration{0, 5 * time.Second}, running: -1, flag: 0},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cl := NewClock(c.tc)
			cl.Start(0, t0)
			for i, s := range c.steps {
				if s.press {
					err := cl.Press(at(s.at))
					if (err != nil) != (s.flag >= 0 && s.running < 0) {
						t.Fatalf("step %d: press: %v", i, err)
					}
				}
				now := at(s.at)
				if f := cl.Flag(now); f != s.flag {
					t.Errorf("step %d: flag %d, want %d", i, f, s.flag)
				}
				got := [2]time.Duration{cl.Left(0, now), cl.Left(1, now)}
				if got != s.left || cl.Running() != s.running {
					t.Errorf("step %d: left %v running %d, want %v running %d", i, got, cl.Running(), s.left, s.running)
				}
			}
		})
	}
}

// TestClockPause: time paused does not count; a move resumed counts what it used before.
func TestClockPause(t *testing.T) {
	t0 := time.Unix(1_000_000, 0)
	cl := NewClock(TimeControl{Base: time.Minute})
	cl.Start(0, t0)
	cl.Pause(t0.Add(10 * time.Second))
	if got := cl.Left(0, t0.Add(time.Hour)); got != 50*time.Second || cl.Running() != -1 {
		t.Fatalf("paused: %v left, running %d", got, cl.Running())
	}
	cl.Start(0, t0.Add(time.Hour))
	if got := cl.Left(0, t0.Add(time.Hour+5*time.Second)); got != 45*time.Second {
		t.Errorf("resumed: %v left, want 45s", got)
	}
}
