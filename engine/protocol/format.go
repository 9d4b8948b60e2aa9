package protocol

import (
	"strconv"
	"strings"
	"time"
)

// MateScore is the UCCI score of mate on the board: mate in n plies is ±(MateScore - n).
// A score beyond MateBound is a mate.
const (
	MateScore = 10000
	MateBound = MateScore - 1000
)

// MateMoves reads a UCCI score: the moves to mate, > 0 when the side to move mates and < 0
// when it is mated (as UCI's "score mate n"); ok is false for a score that is not a mate.
func MateMoves(score int) (moves int, ok bool) {
	switch {
	case score > MateBound:
		return pliesToMoves(MateScore - score), true
	case score < -MateBound:
		return pliesToMoves(-MateScore - score), true
	}
	return 0, false
}

// pliesToMoves turns plies to mate (negative: to be mated) into moves, as UCI counts them.
func pliesToMoves(plies int) int {
	if plies < 0 {
		return (plies - 1) / 2
	}
	return (plies + 1) / 2
}

// Option describes one engine option for the ucci/uci option lines.
type Option struct {
	Name     string // lower case, one word (UCCI's name)
	UCIName  string // the name under UCI if different (e.g. "Skill Level"); setoption takes either
	Type     string // check, spin, combo, button, string
	Default  string
	Min, Max int      // spin only
	Vars     []string // combo only: the values it takes
}

func (o Option) format(d dialect) string {
	var b strings.Builder
	name := o.Name
	if d == dialectUCI && o.UCIName != "" {
		name = o.UCIName
	}
	b.WriteString(name + " type " + o.Type)
	if o.Type == "spin" {
		b.WriteString(" min " + strconv.Itoa(o.Min) + " max " + strconv.Itoa(o.Max))
	}
	if o.Type != "button" {
		b.WriteString(" default " + o.Default)
	}
	for _, v := range o.Vars {
		b.WriteString(" var " + v)
	}
	return b.String()
}

// formatInfo writes one progress line in the dialect's words.
func formatInfo(d dialect, inf Info) string {
	var b strings.Builder
	b.WriteString("info depth ")
	b.WriteString(strconv.Itoa(inf.Depth))
	if inf.MultiPV > 0 {
		b.WriteString(" multipv ")
		b.WriteString(strconv.Itoa(inf.MultiPV))
	}
	if inf.SelDepth > 0 {
		b.WriteString(" seldepth ")
		b.WriteString(strconv.Itoa(inf.SelDepth))
	}
	b.WriteString(" score ")
	switch {
	case d == dialectUCI && inf.MatePlies != 0:
		b.WriteString("mate " + strconv.Itoa(pliesToMoves(inf.MatePlies)))
	case d == dialectUCI:
		b.WriteString("cp " + strconv.Itoa(inf.Score))
	case inf.MatePlies > 0:
		b.WriteString(strconv.Itoa(MateScore - inf.MatePlies))
	case inf.MatePlies < 0:
		b.WriteString(strconv.Itoa(-MateScore - inf.MatePlies))
	default:
		b.WriteString(strconv.Itoa(inf.Score))
	}
	ms := inf.Time.Milliseconds()
	b.WriteString(" nodes " + strconv.FormatUint(inf.Nodes, 10))
	b.WriteString(" time " + strconv.FormatInt(ms, 10))
	if inf.Time > 0 {
		b.WriteString(" nps " + strconv.FormatUint(uint64(float64(inf.Nodes)/inf.Time.Seconds()), 10))
	}
	if len(inf.PV) > 0 {
		b.WriteString(" pv " + strings.Join(inf.PV, " "))
	}
	return b.String()
}

// Budget says how long to think under the limits' clock: after soft no new iteration should
// start, at hard the search stops. Both are 0 when there is no clock and no movetime.
//
// A move costs more than its search: the GUI, the pipe or the Worker's messages, and the stalls
// of a loaded machine (the wasm engine under node answered up to 0.3 s past its hard limit with
// other work on the machine; docs/strength-log.md, "Clock"). So overhead is held back for every
// move still to play in the control (MovesToGo, 30 for sudden death): a reserve of 0.9 s that the
// engine never plans to use. Below it the engine answers at once (a 1 ms budget), and an
// increment, if any, fills the reserve again. With MovesToGo 1 (a fixed time for this move) only
// one overhead is held back. Budget is Share(mtg, mtg) with that moves-to-go mtg.
func (l Limits) Budget() (soft, hard time.Duration) {
	mtg := l.MovesToGo
	if mtg <= 0 || mtg > MaxMovesToGo {
		mtg = MaxMovesToGo
	}
	return l.Share(mtg, mtg)
}

// MaxMovesToGo is the most moves a clock's time is planned over: sudden death's.
const MaxMovesToGo = 30

// Overhead is what Budget holds back for each move still to play (see Budget).
const Overhead = 30 * time.Millisecond

// Share is Budget with its two uses of the moves to go apart, for an engine that can count its
// game's moves (Reversi's, engine/protocol/rvengine): moves still to play hold back an
// Overhead each (the reserve, never planned with), and the rest of the clock is cut into
// shares equal parts, this move getting one (plus ¾ of the increment) as its soft budget; a
// move expected to cost more than the others is counted as several shares. The hard budget is
// 3 × soft, at most half the rest while shares > 1, at most the rest. Both numbers are taken
// between 1 and MaxMovesToGo. MoveTime, if given, is both budgets.
func (l Limits) Share(moves, shares int) (soft, hard time.Duration) {
	if l.MoveTime > 0 {
		return l.MoveTime, l.MoveTime
	}
	if l.Time <= 0 {
		return 0, 0
	}
	moves = min(max(moves, 1), MaxMovesToGo)
	shares = min(max(shares, 1), MaxMovesToGo)
	left := l.Time - Overhead*time.Duration(moves)
	if left < time.Millisecond {
		left = time.Millisecond
	}
	soft = left/time.Duration(shares) + l.Inc*3/4
	hard = soft * 3
	if limit := left / 2; shares > 1 && hard > limit {
		hard = limit
	}
	if hard > left {
		hard = left
	}
	if soft > hard {
		soft = hard
	}
	return soft, hard
}
