package play

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"qipan/app/i18n"
)

// A game with a clock: the Table keeps the time control chosen for its games, the running
// game's Clock, and both sides' times as each ply began (marks), so that Undo gives the times
// back as they were and the record can write each move's time left (%clk). The clock starts
// with the game's first move (the first side's first move is not timed, as on the servers), and
// a flag fall ends the game: the side out of time loses. The front end gives the time (Tick,
// the Table's now), the Table reads no clock of its own.

// clockMark is both sides' times as a ply began.
type clockMark struct {
	Base [2]time.Duration
	Byo  [2]bool
}

func (c *Clock) mark() clockMark { return clockMark{c.base, c.byo} }

// reset puts the clock back to m with side's time running from now (-1: stopped); a fallen
// flag is lifted (the move it fell in is taken back).
func (c *Clock) reset(m clockMark, side int, now time.Time) {
	c.base, c.byo, c.flagged, c.running, c.since = m.Base, m.Byo, -1, -1, now
	if side >= 0 {
		c.running = side & 1
	}
}

// timing is a Table's clock.
type timing struct {
	tc     TimeControl // for the next game (New); the running game's is clock.TC
	clock  *Clock      // nil: the game has no clock
	marks  []clockMark // marks[p]: the times as ply p began (p ≤ the record's length)
	hidden bool        // the page is hidden: a game against the computer pauses
	now    func() time.Time
	seen   [2]time.Duration // each side's time at the last tick (lowTime), 0 before the first
}

// TimeControl is the time control of the game on the table (NoClock for none).
func (t *Table) TimeControl() TimeControl {
	if t.clock == nil {
		return NoClock
	}
	return t.clock.TC
}

// NextTimeControl is the time control chosen for the next game.
func (t *Table) NextTimeControl() TimeControl { return t.tc }

// SetTimeControl chooses tc for the games to come; a game not yet begun (no move played) takes
// it at once. A game under way keeps its own: a clock never changes under a player.
func (t *Table) SetTimeControl(tc TimeControl) {
	t.tc = tc
	if t.rules.gameLen() == 0 && t.puzzle == nil && !t.held {
		t.startClock()
	}
}

// startClock gives a new game the chosen time control (none for NoClock).
func (t *Table) startClock() {
	t.clock, t.marks = nil, nil
	if t.tc.On() {
		t.clock = NewClock(t.tc)
		t.marks = []clockMark{t.clock.mark()}
	}
}

// stopClock takes the clock away: a game that was not played at this table's clock (an
// import, a puzzle, a position set up).
func (t *Table) stopClock() { t.clock, t.marks = nil, nil }

func (t *Table) timeNow() time.Time {
	if t.now != nil {
		return t.now()
	}
	return time.Now()
}

// clockMoved presses the clock after a move of the record (the person's or the engine's; a
// forced pass that followed counts with it): the mover's time is settled, the side to move's
// runs; now is the time the caller found the mover's flag standing at (settleClock). The
// game's end stops the clock.
func (t *Table) clockMoved(before int, now time.Time) {
	c := t.clock
	if c == nil {
		return
	}
	c.Press(now) // cannot fail: the flag stood at now

	ply := t.rules.gamePly()
	c.Start(t.rules.turnAt(ply), now)
	if t.paused() || t.rules.Over() {
		c.Pause(now)
	}
	t.marks = t.marks[:min(before+1, len(t.marks))]
	for len(t.marks) <= ply {
		t.marks = append(t.marks, c.mark())
	}
}

// clockTo puts the clock back to its times at ply (Undo, Redo, Continue from here): the side to
// move there has its time then, from now.
func (t *Table) clockTo(ply int) {
	c := t.clock
	if c == nil || len(t.marks) == 0 {
		return
	}
	m := t.marks[min(ply, len(t.marks)-1)]
	side := -1
	if ply > 0 && !t.rules.Over() && !t.paused() { // before the first move the clock waits
		side = t.rules.turnAt(ply)
	}
	c.reset(m, side, t.timeNow())
}

// paused reports whether the clock waits: the page is hidden in a game against the computer
// (two people at the board keep their time, as at a club).
func (t *Table) paused() bool { return t.hidden && t.mode == VsComputer }

// SetHidden tells the table the page is hidden (or shown again): a game against the computer
// pauses its clock meanwhile; two players' time runs on.
func (t *Table) SetHidden(hidden bool) {
	was := t.paused()
	t.hidden = hidden
	c := t.clock
	if c == nil || was == t.paused() || t.Over() {
		return
	}
	now := t.timeNow()
	if t.paused() {
		c.Pause(now)
	} else if t.rules.gamePly() > 0 {
		c.Start(t.rules.turnAt(t.rules.gamePly()), now)
	}
}

// Flagged is the side whose flag has fallen (it lost on time), -1 for none.
func (t *Table) Flagged() int {
	if t.clock == nil {
		return -1
	}
	return t.clock.flagged
}

// settleClock lets the clock see the time: a flag that fell by now ends the game. It returns
// now, and whether a flag fell just now.
func (t *Table) settleClock() (now time.Time, fell bool) {
	now = t.timeNow()
	c := t.clock
	if c == nil || c.flagged >= 0 || c.Running() < 0 {
		return now, false
	}
	return now, c.Flag(now) >= 0
}

// ClockView is one side's clock as drawn.
type ClockView struct {
	Left    time.Duration // what is left: the base, or in 读秒 the move's period
	Running bool          // this side's time runs
	Byo     bool          // its base is spent: each move has the period (读秒)
	Flagged bool
}

// Clocks are both sides' clocks (index 0 the first to move), false for a game without one.
// While the record is reviewed they show the times as that ply began; a running game's clock
// goes on meanwhile (Clocks after the review shows it).
func (t *Table) Clocks() ([2]ClockView, bool) {
	var out [2]ClockView
	c := t.clock
	if c == nil {
		return t.recordClocks()
	}
	if t.Reviewing() && len(t.marks) > 0 {
		m := t.marks[min(t.ShownPly(), len(t.marks)-1)]
		for s := range out {
			out[s] = ClockView{Left: m.Base[s], Byo: m.Byo[s]}
			if m.Byo[s] {
				out[s].Left = c.TC.PerMove
			}
		}
		return out, true
	}
	now := t.timeNow()
	for s := range out {
		out[s] = ClockView{Left: c.Left(s, now), Running: c.Running() == s, Byo: c.InByoYomi(s), Flagged: c.flagged == s}
	}
	return out, true
}

// moveClocks are the times left to each move's mover after it, for the record's %clk (the
// game's moves as far as the marks hold them).
func (t *Table) moveClocks() []time.Duration {
	if t.clock == nil {
		return nil
	}
	n := min(t.rules.gamePly(), len(t.marks)-1)
	out := make([]time.Duration, n)
	for p := 1; p <= n; p++ {
		m, side := t.marks[p], t.rules.turnAt(p-1)
		out[p-1] = m.Base[side]
	}
	return out
}

// clockGo is the engine's go command under the clock: both sides' times (wtime is the first
// side's), less a margin for the messages between the page and the Worker; in 读秒 a share of
// the period. The level's option still caps the engine's strength.
func (t *Table) clockGo() string {
	c := t.clock
	now := t.timeNow()
	side := t.rules.turnAt(t.rules.gamePly())
	if c.InByoYomi(side) {
		return "go movetime " + ms(c.Left(side, now)/2-engineMargin)
	}
	inc := c.TC.Increment
	if c.TC.PerMove > 0 {
		inc = c.TC.PerMove // the period after the base is time the engine will have
	}
	return "go wtime " + ms(c.Left(0, now)-engineMargin) + " btime " + ms(c.Left(1, now)-engineMargin) +
		" winc " + ms(inc) + " binc " + ms(inc)
}

// engineMargin is kept back from the engine's time: a Worker's message and the page's render.
const engineMargin = 300 * time.Millisecond

func ms(d time.Duration) string { return strconv.FormatInt(max(d.Milliseconds(), 1), 10) }

// ClockText writes a clock as players read it: "9:55", "1:02:03", and tenths under ten seconds
// ("8.4").
func ClockText(d time.Duration) string {
	d = max(d, 0)
	if d < 10*time.Second {
		tenths := int(d / (100 * time.Millisecond))
		return strconv.Itoa(tenths/10) + "." + strconv.Itoa(tenths%10)
	}
	s := int(d / time.Second)
	h, m := s/3600, s/60%60
	two := func(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }
	if h > 0 {
		return strconv.Itoa(h) + ":" + two(m) + ":" + two(s%60)
	}
	return strconv.Itoa(m) + ":" + two(s%60)
}

// FlagText is the result of a flag fall in l: "Red loses on time", "红方超时负".
func FlagText(l i18n.Lang, variant string, side int) string {
	return l.T(i18n.LostOnTime, SideLabel(l, variant, side))
}

// SavedClock is a game's clock as Saved keeps it. A reload gives no time back and takes none:
// the running side's move keeps the time it had used when the game was saved. The time the
// page was closed is not counted in a game against the computer (the clock pauses while the
// page is hidden, and a closed page is hidden); with two players it is (their clock runs on,
// as it would on the table).
type SavedClock struct {
	TC      string     `json:"tc"`
	Base    [2]int64   `json:"base"` // ms
	Byo     [2]bool    `json:"byo,omitempty"`
	Running int        `json:"running"`        // -1: stopped
	Used    int64      `json:"used,omitempty"` // ms of the running side's move, when saved
	At      int64      `json:"at"`             // when saved, Unix ms
	Flagged int        `json:"flagged"`
	Marks   [][3]int64 `json:"marks"` // each ply's: both bases (ms), the 读秒 flags (bit 0, 1)
}

// saveClock is the table's clock as kept (nil for none), and the time control chosen.
func (t *Table) saveClock() (*SavedClock, string) {
	c := t.clock
	if c == nil {
		return nil, t.tc.String()
	}
	now := t.timeNow()
	out := &SavedClock{TC: c.TC.String(), Running: c.running, At: now.UnixMilli(), Flagged: c.flagged}
	for s := range 2 {
		out.Base[s], out.Byo[s] = c.base[s].Milliseconds(), c.byo[s]
	}
	if c.running >= 0 {
		out.Used = now.Sub(c.since).Milliseconds()
	}
	for _, m := range t.marks {
		bits := int64(0)
		for s := range 2 {
			if m.Byo[s] {
				bits |= 1 << s
			}
		}
		out.Marks = append(out.Marks, [3]int64{m.Base[0].Milliseconds(), m.Base[1].Milliseconds(), bits})
	}
	return out, t.tc.String()
}

// restoreClock puts the kept clock back (after the game's record), from now. A clock it
// cannot read is left out, never the game with it.
func (t *Table) restoreClock(sc *SavedClock, next string) {
	t.tc, t.clock, t.marks = NoClock, nil, nil
	if tc, err := ParseTimeControl(next); err == nil {
		t.tc = tc
	}
	if sc == nil {
		if t.rules.gameLen() == 0 && !t.held {
			t.startClock() // a game not begun has the clock chosen
		}
		return
	}
	tc, err := ParseTimeControl(sc.TC)
	if err != nil || !tc.On() || len(sc.Marks) == 0 {
		return
	}
	c := NewClock(tc)
	for s := range 2 {
		c.base[s], c.byo[s] = time.Duration(sc.Base[s])*time.Millisecond, sc.Byo[s]
	}
	c.flagged, c.running = -1, -1
	if sc.Flagged == 0 || sc.Flagged == 1 {
		c.flagged = sc.Flagged
	}
	now := t.timeNow()
	if sc.Running == 0 || sc.Running == 1 {
		used := time.Duration(sc.Used) * time.Millisecond
		if t.mode == TwoPlayer {
			used += max(now.Sub(time.UnixMilli(sc.At)), 0)
		}
		c.running, c.since = sc.Running, now.Add(-used)
	}
	for _, m := range sc.Marks {
		t.marks = append(t.marks, clockMark{
			Base: [2]time.Duration{time.Duration(m[0]) * time.Millisecond, time.Duration(m[1]) * time.Millisecond},
			Byo:  [2]bool{m[2]&1 != 0, m[2]&2 != 0},
		})
	}
	t.marks = t.marks[:min(len(t.marks), t.rules.gameLen()+1)]
	if c.running < 0 && c.flagged < 0 && t.rules.gamePly() > 0 && !t.rules.Over() {
		// Saved while paused (the page hidden, as it is when it closes): the side to move's
		// time runs again from now, its base as the pause left it.
		c.running, c.since = t.rules.turnAt(t.rules.gamePly()), now
	}
	t.clock = c
}

// LowTimes are the times left at which a clock warns (a sound and an announcement).
var LowTimes = []time.Duration{60 * time.Second, 30 * time.Second, 10 * time.Second}

// LowTimeWarning is a clock come down to one of LowTimes.
type LowTimeWarning struct {
	Side int
	Left time.Duration // the LowTimes mark passed
}

// lowTime reports the mark of LowTimes the running side's clock passed since the last tick.
func (t *Table) lowTime(now time.Time) (*LowTimeWarning, bool) {
	c := t.clock
	if c == nil || c.Running() < 0 {
		return nil, false
	}
	side := c.Running()
	was, left := t.seen[side], c.Left(side, now)
	t.seen[side] = left
	for _, mark := range LowTimes {
		if was > mark && left <= mark {
			return &LowTimeWarning{side, mark}, true
		}
	}
	return nil, false
}

// LowTimeText says a warning in l: "Red: 30 seconds left", "红方还剩30秒".
func LowTimeText(l i18n.Lang, variant string, w LowTimeWarning) string {
	return l.T(i18n.TimeLeft, SideLabel(l, variant, w.Side), int(w.Left/time.Second))
}

// The commands PGN writers put in comments ([%clk 0:09:55], [%eval 0.25], [%emt …], lichess's
// arrows and squares): the record keeps them, the comment shown leaves them out.
var (
	clkCommand = regexp.MustCompile(`\[%clk\s+(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)\]`)
	commands   = regexp.MustCompile(`\s*\[%(?:clk|eval|emt|csl|cal)\b[^\]]*\]\s*`)
)

// ShownComment is a record's comment as read: without the commands for programs in it.
func ShownComment(c string) string {
	if !strings.Contains(c, "[%") {
		return c
	}
	return strings.TrimSpace(commands.ReplaceAllString(c, " "))
}

// clkIn reads the time a comment's [%clk h:mm:ss] gives.
func clkIn(c string) (time.Duration, bool) {
	m := clkCommand.FindStringSubmatch(c)
	if m == nil {
		return 0, false
	}
	h, _ := strconv.Atoi(m[1])
	mi, _ := strconv.Atoi(m[2])
	sec, _ := strconv.ParseFloat(m[3], 64)
	return time.Duration(h)*time.Hour + time.Duration(mi)*time.Minute + time.Duration(sec*float64(time.Second)), true
}

// recordClocks are the clocks an imported record's %clk comments give at the ply shown: each
// side's time after its last move there (the record's TimeControl base before its first), none
// when the moves there carry no %clk.
func (t *Table) recordClocks() ([2]ClockView, bool) {
	var out [2]ClockView
	a, ok := t.Annotated()
	if !ok {
		return out, false
	}
	known := [2]bool{}
	// The last moves only: a render asks, and a record's moves carry a %clk each or none.
	for p := t.ShownPly(); p >= max(1, t.ShownPly()-3) && !(known[0] && known[1]); p-- {
		side := t.Mover(p)
		if known[side] {
			continue
		}
		if d, ok := clkIn(a.Comment(p)); ok {
			out[side].Left, known[side] = d, true
		}
	}
	if known[0] || known[1] {
		base := t.recordBase()
		for s := range out {
			if !known[s] {
				out[s].Left = base
			}
		}
		return out, true
	}
	// Before any move: the record's clocks only if its moves carry them.
	if t.ShownPly() == 0 && t.Len() > 0 {
		if _, ok := clkIn(a.Comment(1)); ok {
			out[0].Left, out[1].Left = t.recordBase(), t.recordBase()
			return out, true
		}
	}
	return out, false
}

// recordBase is the base time of an imported record's TimeControl tag ("600+5"), 0 if none.
func (t *Table) recordBase() time.Duration {
	a, ok := t.Annotated()
	if !ok {
		return 0
	}
	tag := a.Tag("TimeControl")
	if i := strings.IndexAny(tag, "+:"); i >= 0 {
		tag = tag[:i]
	}
	secs, err := strconv.Atoi(tag)
	if err != nil {
		return 0
	}
	return time.Duration(secs) * time.Second
}
