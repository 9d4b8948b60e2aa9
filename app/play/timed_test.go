package play

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"qipan/app/i18n"
	"qipan/engine/xiangqi"
)

// fakeTime is a clock the test moves by hand.
type fakeTime struct{ t time.Time }

func (f *fakeTime) now() time.Time       { return f.t }
func (f *fakeTime) pass(d time.Duration) { f.t = f.t.Add(d) }
func newFakeTime() *fakeTime             { return &fakeTime{time.Unix(1_800_000_000, 0)} }
func timedXQ(tc TimeControl, f *fakeTime) xq {
	m := newXQ()
	m.now = f.now
	m.SetTimeControl(tc)
	return m
}
func left(t *testing.T, m xq) [2]time.Duration {
	t.Helper()
	c, ok := m.Clocks()
	if !ok {
		t.Fatal("no clock")
	}
	return [2]time.Duration{c[0].Left, c[1].Left}
}

// clickMoves plays moves as the person does, with d between them.
func clickMoves(t *testing.T, m xq, f *fakeTime, d time.Duration, moves ...string) {
	t.Helper()
	for _, s := range moves {
		f.pass(d)
		mv, _ := xiangqi.ParseMove(s)
		m.Click(mv.From())
		if !m.Click(mv.To()) {
			t.Fatalf("move %s refused (%s)", s, m.Refusal())
		}
	}
}

func TestClockIncrementAndTurns(t *testing.T) {
	f := newFakeTime()
	m := timedXQ(TimeControl{Base: time.Minute, Increment: 5 * time.Second}, f)
	m.SetTwoPlayer()
	if got := left(t, m); got != [2]time.Duration{time.Minute, time.Minute} {
		t.Fatalf("at the start %v", got)
	}
	clickMoves(t, m, f, 20*time.Second, "h2e2") // the first move is not timed
	if got := left(t, m); got[0] != time.Minute {
		t.Errorf("after the first move Red has %v", got[0])
	}
	clickMoves(t, m, f, 10*time.Second, "h9g7")
	clickMoves(t, m, f, 3*time.Second, "b0c2")
	want := [2]time.Duration{time.Minute + 5*time.Second - 3*time.Second, time.Minute + 5*time.Second - 10*time.Second}
	if got := left(t, m); got != want {
		t.Errorf("after three moves %v, want %v", got, want)
	}
	if c, _ := m.Clocks(); !c[1].Running || c[0].Running {
		t.Errorf("Black's clock should run: %+v", c)
	}
}

func TestClockFlagFall(t *testing.T) {
	f := newFakeTime()
	s := NewSession(NewTable(VariantXiangqi))
	s.SetNow(f.now)
	m := s.Table()
	m.SetTimeControl(TimeControl{Base: time.Minute})
	m.SetTwoPlayer()
	x, _ := m.Xiangqi()
	xm := xq{m, x}
	clickMoves(t, xm, f, time.Second, "h2e2", "h9g7")
	f.pass(59 * time.Second)
	if e := s.ClockTick(); e.Save || m.Over() {
		t.Fatal("the flag fell with a second left")
	}
	f.pass(2 * time.Second)
	e := s.ClockTick()
	if !e.Save || e.Sound == "" || !m.Over() || m.Flagged() != 0 {
		t.Fatalf("Red out of time: effects %+v, over %v, flagged %d", e, m.Over(), m.Flagged())
	}
	if r := m.Result(); r != "Red loses on time" {
		t.Errorf("result %q", r)
	}
	if r := TableResult(i18n.Simplified, m); r != "红方超时负" {
		t.Errorf("result in Chinese %q", r)
	}
	mv, _ := xiangqi.ParseMove("b0c2")
	xm.Click(mv.From())
	if xm.Click(mv.To()) {
		t.Error("a move was played after the flag fell")
	}
	pgn, err := x.PGN(m.Seats(), ICCS)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[TimeControl "60+0"]`, `[Result "0-1"]`, `[Termination "time forfeit"]`, "{[%clk 0:01:00]}", "0-1"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("the PGN lacks %s:\n%s", want, pgn)
		}
	}
	// A flag that fell before the person's click: the click finds it, the move is refused.
	f2 := newFakeTime()
	m2 := timedXQ(TimeControl{Base: time.Minute}, f2)
	m2.SetTwoPlayer()
	clickMoves(t, m2, f2, time.Second, "h2e2")
	f2.pass(61 * time.Second)
	mv, _ = xiangqi.ParseMove("h9g7")
	m2.Click(mv.From())
	if m2.Click(mv.To()) || m2.Flagged() != 1 {
		t.Errorf("Black moved out of time (flagged %d)", m2.Flagged())
	}
}

// The engine plays to the clock: its go command carries both times, and its moves press it.
func TestClockEngineAndUndo(t *testing.T) {
	f := newFakeTime()
	m := timedXQ(TimeControl{Base: time.Minute, Increment: 2 * time.Second}, f)
	clickMoves(t, m, f, time.Second, "h2e2")
	send := m.EngineLines()
	if g := send[len(send)-1]; g != "go wtime 59700 btime 59700 winc 2000 binc 2000" {
		t.Errorf("the engine's go: %q", g)
	}
	f.pass(4 * time.Second)
	if _, moved, err := m.EngineSaid("bestmove h9g7"); !moved || err != nil {
		t.Fatalf("engine move: %v %v", moved, err)
	}
	clickMoves(t, m, f, 30*time.Second, "b0c2")
	f.pass(5 * time.Second)
	m.EngineLines()
	if _, moved, err := m.EngineSaid("bestmove b9c7"); !moved || err != nil {
		t.Fatalf("engine move: %v %v", moved, err)
	}
	after := left(t, m)
	if want := (time.Minute + 2*time.Second - 30*time.Second); after[0] != want {
		t.Errorf("Red has %v, want %v", after[0], want)
	}
	f.pass(10 * time.Second)
	if !m.Undo() {
		t.Fatal("undo")
	}
	// Back to Red's second move: the times as they were then, Red's running.
	if got, want := left(t, m), [2]time.Duration{time.Minute, time.Minute - 2*time.Second}; got != want {
		t.Errorf("after undo %v, want %v", got, want)
	}
	f.pass(time.Second)
	if got := left(t, m); got[0] != time.Minute-time.Second {
		t.Errorf("Red's time does not run after undo: %v", got[0])
	}
	// Review does not stop the clock; it shows the times of the ply reviewed.
	m.Review(1)
	if got := left(t, m); got != [2]time.Duration{time.Minute, time.Minute} {
		t.Errorf("reviewing ply 1 shows %v", got)
	}
	f.pass(time.Second)
	m.BackToGame()
	if got := left(t, m); got[0] != time.Minute-2*time.Second {
		t.Errorf("the review stopped the clock: %v", got[0])
	}
}

func TestClockSavedOverReload(t *testing.T) {
	for _, two := range []bool{false, true} {
		f := newFakeTime()
		m := timedXQ(TimeControl{Base: 5 * time.Minute}, f)
		if two {
			m.SetTwoPlayer()
		}
		clickMoves(t, m, f, time.Second, "h2e2")
		f.pass(40 * time.Second) // Black (the computer's turn, or the second player's) thinks
		saved := m.Save()
		data, err := json.Marshal(saved)
		if err != nil {
			t.Fatal(err)
		}
		var back Saved
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		f.pass(time.Hour) // the page was closed an hour
		r := NewTable(VariantXiangqi)
		r.now = f.now
		if err := r.Restore(back); err != nil {
			t.Fatal(err)
		}
		c, ok := r.Clocks()
		if !ok {
			t.Fatal("the clock was not restored")
		}
		want := 5*time.Minute - 40*time.Second // no time back; the hour away is not counted…
		if two {
			want = 0 // …except by two players, whose clock ran on
		}
		if c[1].Left != want || !c[1].Running && !two {
			t.Errorf("two players %v: Black has %v (running %v), want %v", two, c[1].Left, c[1].Running, want)
		}
		if r.NextTimeControl() != m.NextTimeControl() {
			t.Errorf("the next time control %v, want %v", r.NextTimeControl(), m.NextTimeControl())
		}
	}
	// Saved as the page closes (hidden, so paused against the computer): the clock runs again
	// after the reload, with the time the move had used taken off.
	f := newFakeTime()
	h := timedXQ(TimeControl{Base: time.Minute}, f)
	clickMoves(t, h, f, time.Second, "h2e2")
	h.EngineLines()
	f.pass(time.Second)
	h.EngineSaid("bestmove h9g7")
	f.pass(10 * time.Second)
	h.SetHidden(true)
	back := h.Save()
	f.pass(time.Hour)
	hr := NewTable(VariantXiangqi)
	hr.now = f.now
	if err := hr.Restore(back); err != nil {
		t.Fatal(err)
	}
	f.pass(5 * time.Second)
	if c, _ := hr.Clocks(); !c[0].Running || c[0].Left != 45*time.Second {
		t.Errorf("after a reload of a paused game: Red %+v, want 45 s running", c[0])
	}
	// A clock that cannot be read is left out; the game is kept.
	m := newXQ()
	play(t, m, "h2e2")
	s := m.Save()
	s.Clock = &SavedClock{TC: "nonsense"}
	r := NewTable(VariantXiangqi)
	if err := r.Restore(s); err != nil || r.Len() != 1 {
		t.Errorf("a bad clock lost the game: %v, %d moves", err, r.Len())
	}
}

func TestClockPausesWhileHidden(t *testing.T) {
	for _, two := range []bool{false, true} {
		f := newFakeTime()
		m := timedXQ(TimeControl{Base: time.Minute}, f)
		if two {
			m.SetTwoPlayer()
		}
		clickMoves(t, m, f, time.Second, "h2e2")
		if !two {
			m.EngineLines()
			f.pass(time.Second)
			m.EngineSaid("bestmove h9g7")
		} else {
			clickMoves(t, m, f, time.Second, "h9g7")
		}
		f.pass(10 * time.Second)
		m.SetHidden(true)
		f.pass(time.Hour)
		m.SetHidden(false)
		got := left(t, m)[0]
		want := 50 * time.Second
		if two {
			want = 0
		}
		if got != want {
			t.Errorf("two players %v: Red has %v after an hour hidden, want %v", two, got, want)
		}
	}
}

func TestClockByoYomi(t *testing.T) {
	f := newFakeTime()
	m := timedXQ(TimeControl{Base: 10 * time.Second, PerMove: 5 * time.Second}, f)
	m.SetTwoPlayer()
	clickMoves(t, m, f, time.Second, "h2e2", "h9g7")
	clickMoves(t, m, f, 12*time.Second, "b0c2") // the base ran out; 2 s of the period used
	c, _ := m.Clocks()
	if !c[0].Byo || c[0].Left != 5*time.Second {
		t.Errorf("Red in 读秒: %+v", c[0])
	}
	clickMoves(t, m, f, 12*time.Second, "b9c7")
	if got := m.clockGo(); got != "go movetime 2200" { // half the period, less the margin
		t.Errorf("the engine's go in 读秒: %q", got)
	}
}

func TestClockText(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0.0"}, {8400 * time.Millisecond, "8.4"}, {10 * time.Second, "0:10"},
		{9*time.Minute + 55*time.Second, "9:55"}, {time.Hour + 2*time.Minute + 3*time.Second, "1:02:03"},
		{-time.Second, "0.0"},
	} {
		if got := ClockText(c.d); got != c.want {
			t.Errorf("ClockText(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

// New takes the chosen time control; a game under way keeps its own.
func TestClockChosenForNextGame(t *testing.T) {
	f := newFakeTime()
	m := timedXQ(NoClock, f)
	play(t, m, "h2e2")
	m.SetTimeControl(Presets[0])
	if m.TimeControl().On() {
		t.Error("a game under way was given a clock")
	}
	m.New()
	if m.TimeControl() != Presets[0] {
		t.Errorf("New's clock %v", m.TimeControl())
	}
	if _, _, err := m.Import("1. h2e2 h9g7"); err != nil {
		t.Fatal(err)
	}
	if m.TimeControl().On() {
		t.Error("an imported record was given the clock")
	}
}

// An imported record's %clk comments are its clocks in review; the comment shown leaves the
// commands out. Reversi's flag ends its game as Xiangqi's does.
func TestClockOfARecord(t *testing.T) {
	m := newXQ()
	pgn := "[TimeControl \"300+0\"]\n\n1. h2e2 {[%clk 0:04:58] a central cannon} h9g7 {[%clk 0:04:50]} 2. b0c2 {[%clk 0:04:40][%eval 0.3]} *"
	if _, _, err := m.Import(pgn); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		ply  int
		want [2]time.Duration
	}{
		{0, [2]time.Duration{5 * time.Minute, 5 * time.Minute}},
		{1, [2]time.Duration{4*time.Minute + 58*time.Second, 5 * time.Minute}},
		{3, [2]time.Duration{4*time.Minute + 40*time.Second, 4*time.Minute + 50*time.Second}},
	} {
		m.Review(c.ply)
		if got := left(t, m); got != c.want {
			t.Errorf("ply %d: %v, want %v", c.ply, got, c.want)
		}
	}
	m.Review(1)
	if v := m.View(ViewOptions{}); v.Comment != "a central cannon" {
		t.Errorf("the comment shown %q", v.Comment)
	}
	m.Review(3)
	if v := m.View(ViewOptions{}); v.Comment != "" {
		t.Errorf("a comment of commands alone shows %q", v.Comment)
	}
	// No %clk: no clocks.
	plain := newXQ()
	play(t, plain, "h2e2")
	if _, ok := plain.Clocks(); ok {
		t.Error("an untimed game shows clocks")
	}

	f := newFakeTime()
	r := NewTable(VariantReversi)
	r.now = f.now
	r.SetTimeControl(TimeControl{Base: time.Minute})
	r.SetTwoPlayer()
	for _, sq := range []string{"f5", "d6"} {
		f.pass(time.Second)
		n, _ := r.ParseSquare(sq)
		if !r.Click(n) {
			t.Fatalf("Reversi %s refused", sq)
		}
	}
	f.pass(2 * time.Minute)
	if _, fell := r.settleClock(); !fell || r.Flagged() != 0 || r.Result() != "Black loses on time" {
		t.Errorf("Reversi: fell %v flagged %d result %q", fell, r.Flagged(), r.Result())
	}
}
