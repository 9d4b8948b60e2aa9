package main

import (
	"testing"

	"qipan/engine/reversi"
)

func TestJudge(t *testing.T) {
	a2, c1, g3, b8 := reversi.Move(8), reversi.Move(2), reversi.Move(22), reversi.Move(57)
	// moveWLD stubs: every move wins, every move loses, or only a2 wins
	wins := func(reversi.Move) int { return 1 }
	loses := func(reversi.Move) int { return -1 }
	onlyA2 := func(m reversi.Move) int {
		if m == a2 {
			return 1
		}
		return -1
	}
	for _, c := range []struct {
		name    string
		score   int
		best    string
		v       int
		m       reversi.Move
		wld     bool
		moveWLD func(reversi.Move) int
		want    bool
	}{
		{"exact right", 38, "a2", 38, a2, false, nil, true},
		{"exact wrong score", 38, "a2", 36, a2, false, nil, false},
		{"exact wrong move", 38, "a2", 38, c1, false, nil, false},
		{"exact second listed move", -12, "g3 c7", -12, g3, false, nil, true},
		{"exact move must be a whole listed name", -14, "d2 b8", -14, reversi.Move(1), false, nil, false},
		{"exact listed b8", -14, "d2 b8", -14, b8, false, nil, true},
		// FFO #40 with the window (-1, 1): the fail-soft +2 from c1 is a win
		{"wld fail-soft win", 38, "a2", 2, c1, true, wins, true},
		{"wld exact +1", 38, "a2", 1, a2, true, onlyA2, true},
		{"wld win by a losing move", 38, "a2", 2, c1, true, onlyA2, false},
		{"wld draw read as win", 0, "h4", 1, a2, true, wins, false},
		{"wld draw", 0, "h4", 0, a2, true, func(reversi.Move) int { return 0 }, true},
		{"wld fail-soft loss", -12, "g3 c7", -6, g3, true, loses, true},
		{"wld loss read as draw", -12, "g3 c7", 0, g3, true, loses, false},
	} {
		if got := judge(c.score, c.best, c.v, c.m, c.wld, c.moveWLD); got != c.want {
			t.Errorf("%s: judge(%d, %q, %d, %v, wld=%v) = %v, want %v", c.name, c.score, c.best, c.v, c.m, c.wld, got, c.want)
		}
	}
}
