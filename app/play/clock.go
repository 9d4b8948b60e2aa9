package play

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeControl is how a game keeps time, as Xiangqi and Othello events do: a base for each
// side (局时), then an increment after every move (加秒, Fischer) or, once the base is spent,
// a fixed time for every move (读秒, byo-yomi). The zero TimeControl is no clock.
type TimeControl struct {
	Base      time.Duration // each side's time for the game
	Increment time.Duration // added after each of the side's moves
	PerMove   time.Duration // 读秒: once Base is spent, each move has this long (its time is not kept)
}

// NoClock is the zero TimeControl: today's game without time.
var NoClock TimeControl

// On reports whether tc keeps time.
func (tc TimeControl) On() bool { return tc != NoClock }

// Presets are the time controls a player picks from (quick, slow, blitz, byo-yomi), named by
// their String.
var Presets = []TimeControl{
	{Base: 10 * time.Minute, Increment: 5 * time.Second},  // 快棋
	{Base: 30 * time.Minute, Increment: 30 * time.Second}, // 慢棋
	{Base: 3 * time.Minute, Increment: 2 * time.Second},   // 超快
	{Base: 20 * time.Minute, PerMove: 30 * time.Second},   // 读秒
}

// String writes tc as a link writes it: "10+5" (minutes + increment seconds), "20m30s" (20
// minutes, then 30 s a move), "" for no clock. ParseTimeControl reads it back.
func (tc TimeControl) String() string {
	if !tc.On() {
		return ""
	}
	base := strconv.FormatFloat(tc.Base.Minutes(), 'f', -1, 64)
	if tc.PerMove > 0 {
		return base + "m" + strconv.FormatFloat(tc.PerMove.Seconds(), 'f', -1, 64) + "s"
	}
	return base + "+" + strconv.FormatFloat(tc.Increment.Seconds(), 'f', -1, 64)
}

// PGN writes tc as PGN's TimeControl tag does ("600+5"; byo-yomi as "1200+30" is not PGN's,
// so it is written "1200:30" as some readers do), "-" for none.
func (tc TimeControl) PGN() string {
	switch {
	case !tc.On():
		return "-"
	case tc.PerMove > 0:
		return fmt.Sprintf("%d:%d", int(tc.Base.Seconds()), int(tc.PerMove.Seconds()))
	}
	return fmt.Sprintf("%d+%d", int(tc.Base.Seconds()), int(tc.Increment.Seconds()))
}

// maxBase bounds a link's clock: beyond it a number is a mistake, not a time control.
const maxBase = 10 * time.Hour

// ParseTimeControl reads a time control as a link gives it: "10+5" (10 minutes each, 5 s
// added a move), "20m30s" (20 minutes, then 30 s a move), "5" (5 minutes, no increment), or
// "" / "none" for no clock. A text it cannot read is an error naming it.
func ParseTimeControl(s string) (TimeControl, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "" || s == "none" || s == "-" {
		return NoClock, nil
	}
	num := func(part, what string) (float64, error) {
		v, err := strconv.ParseFloat(part, 64)
		if err != nil || v < 0 || v != v {
			return 0, fmt.Errorf("the clock %q: %s %q is not a number", s, what, part)
		}
		return v, nil
	}
	var tc TimeControl
	switch {
	case strings.HasSuffix(s, "s") && strings.Contains(s, "m"):
		base, per, _ := strings.Cut(strings.TrimSuffix(s, "s"), "m")
		b, err := num(base, "the minutes")
		if err != nil {
			return NoClock, err
		}
		p, err := num(per, "the seconds a move")
		if err != nil {
			return NoClock, err
		}
		tc = TimeControl{Base: minutes(b), PerMove: seconds(p)}
		if tc.PerMove == 0 {
			return NoClock, fmt.Errorf("the clock %q: no time a move", s)
		}
	default:
		base, inc, hasInc := strings.Cut(s, "+")
		b, err := num(base, "the minutes")
		if err != nil {
			return NoClock, err
		}
		tc.Base = minutes(b)
		if hasInc {
			i, err := num(inc, "the increment")
			if err != nil {
				return NoClock, err
			}
			tc.Increment = seconds(i)
		}
	}
	switch {
	case tc.Base <= 0 && tc.PerMove == 0:
		return NoClock, fmt.Errorf("the clock %q: no time to play", s)
	case tc.Base > maxBase || tc.Increment > time.Hour || tc.PerMove > time.Hour:
		return NoClock, fmt.Errorf("the clock %q: more time than a game takes", s)
	}
	return tc, nil
}

func minutes(v float64) time.Duration {
	return time.Duration(v * float64(time.Minute)).Round(time.Second)
}
func seconds(v float64) time.Duration {
	return time.Duration(v * float64(time.Second)).Round(time.Millisecond)
}

// Clock keeps both sides' time under a TimeControl. It is told the time (Start, Press, Left
// take now): it reads no clock itself, so it tests natively and a front end's time drives it.
type Clock struct {
	TC      TimeControl
	base    [2]time.Duration // each side's base left, as of the start of its move
	byo     [2]bool          // the side's base is spent: each move has TC.PerMove (读秒)
	running int              // the side whose time runs, -1 for none (not started, paused, over)
	since   time.Time        // when the running side's move began (or the clock resumed)
	flagged int              // the side out of time, -1 for none
}

// NewClock returns a clock for tc, stopped, each side with its base.
func NewClock(tc TimeControl) *Clock {
	return &Clock{TC: tc, base: [2]time.Duration{tc.Base, tc.Base}, running: -1, flagged: -1}
}

// errFlagged is Press's error for a side out of time.
var errFlagged = errors.New("the side to move is out of time")

// Start runs side's time from now (the first move's, or after a pause).
func (c *Clock) Start(side int, now time.Time) {
	if c.flagged < 0 {
		c.running, c.since = side&1, now
	}
}

// Pause stops the running time at now (a page hidden in a game against the computer); the
// move's time used so far counts.
func (c *Clock) Pause(now time.Time) {
	if side := c.running; side >= 0 && c.Flag(now) < 0 {
		used := now.Sub(c.since)
		if !c.byo[side] {
			c.base[side] -= min(used, c.base[side])
			c.byo[side] = c.base[side] == 0 && c.TC.PerMove > 0
		}
		c.running = -1
	}
}

// Running is the side whose time runs, -1 for none.
func (c *Clock) Running() int { return c.running }

// Left is side's time at now, never below zero: its base, or in 读秒 what is left of its
// move's period.
func (c *Clock) Left(side int, now time.Time) time.Duration {
	side &= 1
	if side == c.flagged {
		return 0
	}
	var used time.Duration
	if side == c.running {
		used = now.Sub(c.since)
	}
	if !c.byo[side] {
		if used <= c.base[side] {
			return c.base[side] - used
		}
		used -= c.base[side]
	}
	return max(c.TC.PerMove-used, 0)
}

// InByoYomi reports whether side's base is spent (its moves have TC.PerMove each).
func (c *Clock) InByoYomi(side int) bool { return c.byo[side&1] }

// Flag reports the side out of time at now, -1 for none; the first to fall stays fallen.
func (c *Clock) Flag(now time.Time) int {
	if c.flagged < 0 && c.running >= 0 && c.Left(c.running, now) <= 0 {
		c.flagged, c.running = c.running, -1
	}
	return c.flagged
}

// Press ends the running side's move at now: its base keeps what is left with the increment
// added (or, in 读秒, its next move has a fresh period), and the other side's time runs. A side
// out of time by now cannot press: its flag has fallen.
func (c *Clock) Press(now time.Time) error {
	side := c.running
	if side < 0 {
		return nil
	}
	if c.Flag(now) >= 0 {
		return errFlagged
	}
	used := now.Sub(c.since)
	switch {
	case c.byo[side]:
	case used <= c.base[side]:
		c.base[side] += c.TC.Increment - used
	default:
		c.base[side], c.byo[side] = 0, true // the base ran out in this move; its period held
	}
	c.running, c.since = side^1, now
	return nil
}
