package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ParseTimeControl reads a match's -tc BASE[+INC]: each part seconds ("60", "0.5", as in PGN's
// TimeControl tag and cutechess-cli), a Go duration ("1m", "2s", "500ms") or M:SS ("3:00");
// "+INC" may be left out for 0. BASE must be positive. cmd/qipan-match and cmd/reversi-match
// read their -tc with it.
func ParseTimeControl(s string) (TimeControl, error) {
	bad := func() (TimeControl, error) {
		return TimeControl{}, fmt.Errorf("-tc %q: want BASE+INC in seconds (60+0, 180+2), or with units (1m+0, 3m+2s, 3:00+2)", s)
	}
	bs, is, _ := strings.Cut(strings.TrimSpace(s), "+")
	base, ok1 := ParseClockTime(bs)
	inc, ok2 := time.Duration(0), true
	if is != "" || strings.Contains(s, "+") {
		inc, ok2 = ParseClockTime(is)
	}
	if !ok1 || !ok2 || base <= 0 || inc < 0 {
		return bad()
	}
	return TimeControl{Base: base, Inc: inc}, nil
}

// ParseClockTime reads seconds ("60", "0.5"), a Go duration ("1m30s") or M:SS ("1:30").
func ParseClockTime(s string) (time.Duration, bool) {
	s = strings.TrimSpace(s)
	if m, sec, ok := strings.Cut(s, ":"); ok {
		mn, err1 := strconv.Atoi(m)
		sc, err2 := strconv.ParseFloat(sec, 64)
		if err1 != nil || err2 != nil || mn < 0 || sc < 0 || sc >= 60 || len(sec) < 2 {
			return 0, false
		}
		return time.Duration(mn)*time.Minute + time.Duration(sc*float64(time.Second)), true
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if f < 0 || f > 1e6 {
			return 0, false
		}
		return time.Duration(f * float64(time.Second)), true
	}
	d, err := time.ParseDuration(s)
	return d, err == nil
}

// Charge takes a move's time off a side's clock: left is what remained when the move came, and
// flagged is true if that is not more than 0 (the clock stays at left); otherwise the
// increment is added.
func (tc TimeControl) Charge(clock *time.Duration, took time.Duration) (left time.Duration, flagged bool) {
	left = *clock - took
	if left <= 0 {
		*clock = left
		return left, true
	}
	*clock = left + tc.Inc
	return left, false
}
