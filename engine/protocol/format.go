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
func (l Limits) Budget() (soft, hard time.Duration) {
	if l.MoveTime > 0 {
		return l.MoveTime, l.MoveTime
	}
	if l.Time <= 0 {
		return 0, 0
	}
	const overhead = 30 * time.Millisecond // for the GUI and the pipe
	left := l.Time - overhead
	if left < time.Millisecond {
		left = time.Millisecond
	}
	mtg := l.MovesToGo
	if mtg <= 0 || mtg > 30 {
		mtg = 30
	}
	soft = left/time.Duration(mtg) + l.Inc*3/4
	hard = soft * 3
	if limit := left / 2; mtg > 1 && hard > limit {
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
