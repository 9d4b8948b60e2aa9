package rvengine_test

import (
	"testing"
	"time"

	"qipan/engine/protocol"
	"qipan/engine/protocol/rvengine"
	"qipan/engine/reversi/search"
)

// TestPlan: a sudden-death game's time is planned by the empties: the side's moves until the
// solve point plus rvengine.SolveShares (10) for the solve, two shares from the solve point
// on; the reserve counts the side's moves still to play, at least 15 of them.
func TestPlan(t *testing.T) {
	if rvengine.SolveShares != 10 {
		t.Fatalf("SolveShares %d: the table below is for 10", rvengine.SolveShares)
	}
	tests := []struct {
		empties, solveAt int
		moves, shares    int
	}{
		{60, 22, 30, 29}, // 19 moves with more than 22 empties, then the solve
		{54, 22, 27, 26},
		{50, 22, 25, 24},
		{30, 22, 15, 14},
		{24, 22, 15, 11}, // one move, then the solve at 22
		{23, 22, 15, 11},
		{22, 22, 15, 2}, // the solve: half of what is left at most
		{21, 22, 15, 2},
		{9, 22, 15, 2},
		{2, 22, 15, 1},   // the last move
		{30, 14, 15, 15}, // 8 moves before the solve + 10, but never more than the moves left
		{16, 14, 15, 8},
	}
	for _, tt := range tests {
		moves, shares := rvengine.Plan(tt.empties, tt.solveAt)
		if moves != tt.moves || shares != tt.shares {
			t.Errorf("plan(%d, %d) = %d, %d; want %d, %d", tt.empties, tt.solveAt, moves, shares, tt.moves, tt.shares)
		}
	}
}

// TestBudgetByEmpties plays out one side's clock in sudden death, a move every other empty
// square: every move costs its whole search time (the cut, the worst case) plus a latency.
// The clock must never run out, each move must leave the 15 overheads of the reserve (so a
// 0.3 s stall past the cut does not flag), and the sum of the planned times must fit in the
// base and increments less that reserve. With a minute or more, the solve (the first move at
// or under the level's win/loss/draw range) gets more than the midgame moves when those
// spend about half their time, as the search's deepening does.
func TestBudgetByEmpties(t *testing.T) {
	const (
		s       = time.Second
		ms      = time.Millisecond
		latency = 5 * ms
		reserve = 15 * protocol.Overhead
	)
	tests := []struct {
		base, inc time.Duration
		empties   int
	}{
		{60 * s, 0, 50},
		{60 * s, s, 50},
		{180 * s, 2 * s, 60},
		{5 * s, 0, 24},
		{5 * s, 500 * ms, 24},
		{500 * ms, 0, 30},
		{500 * ms, 100 * ms, 30},
		{s, 0, 60},
	}
	for _, tt := range tests {
		clock, sum, n := tt.base, time.Duration(0), 0
		for e := tt.empties; e > 0; e -= 2 {
			tm, lv := rvengine.Budget(protocol.Limits{Time: clock, Inc: tt.inc}, e, rvengine.MaxLevel)
			if tm <= 0 || lv < 6 || lv > rvengine.MaxLevel {
				t.Fatalf("%v+%v at %d empties: %d empties, clock %v: time %v, level %d", tt.base, tt.inc, tt.empties, e, clock, tm, lv)
			}
			if clock > reserve && clock-tm < reserve || clock <= reserve && tm > ms {
				t.Errorf("%v+%v at %d empties: %d empties, clock %v: time %v eats into the reserve %v", tt.base, tt.inc, tt.empties, e, clock, tm, reserve)
			}
			sum += tm
			n++
			clock -= tm + latency
			if clock <= 0 {
				t.Fatalf("%v+%v at %d empties: flagged at %d empties", tt.base, tt.inc, tt.empties, e)
			}
			clock += tt.inc
		}
		if limit := tt.base + time.Duration(n-1)*tt.inc - reserve + time.Duration(n)*ms; sum > limit {
			t.Errorf("%v+%v at %d empties: %v planned in all, more than %v", tt.base, tt.inc, tt.empties, sum, limit)
		}
	}
	// The solve's share, moves spending half their time before it.
	for _, tt := range tests[:3] {
		clock, first := tt.base, time.Duration(0)
		for e := tt.empties; e > 0; e -= 2 {
			tm, lv := rvengine.Budget(protocol.Limits{Time: clock, Inc: tt.inc}, e, rvengine.MaxLevel)
			if wld, _ := search.SolveFrom(lv); e <= wld {
				if lv != rvengine.MaxLevel || tm < 3*first/2 {
					t.Errorf("%v+%v at %d empties: the solve at %d empties gets %v at level %d, the first move %v", tt.base, tt.inc, tt.empties, e, tm, lv, first)
				}
				t.Logf("%v+%v: first move %v, the solve at %d empties %v (clock %v)", tt.base, tt.inc, first, e, tm, clock)
				break
			}
			if first == 0 {
				first = tm
			}
			clock += tt.inc - tm/2 - latency
		}
	}
}

// TestBudgetOtherLimits: movetime, movestogo and levels below 10 keep Budget's time.
func TestBudgetOtherLimits(t *testing.T) {
	const s = time.Second
	for _, tt := range []struct {
		lim   protocol.Limits
		level int
	}{
		{protocol.Limits{MoveTime: 2 * s}, rvengine.MaxLevel},
		{protocol.Limits{Time: 60 * s, MovesToGo: 10}, rvengine.MaxLevel},
		{protocol.Limits{Time: 60 * s, MovesToGo: 1}, 7},
		{protocol.Limits{}, rvengine.MaxLevel},
		{protocol.Limits{Depth: 8}, 5},
	} {
		soft, hard := tt.lim.Budget()
		tm, lv := rvengine.Budget(tt.lim, 40, tt.level)
		if want := min(hard, 2*soft); tm != want {
			t.Errorf("%+v at level %d: time %v, want Budget's %v", tt.lim, tt.level, tm, want)
		}
		if tt.level < rvengine.MaxLevel && lv != tt.level {
			t.Errorf("%+v at level %d: level %d", tt.lim, tt.level, lv)
		}
	}
	// Below level 10 the solve point is the level's own: level 7 solves from 16 empties.
	lim := protocol.Limits{Time: 20 * s}
	at20, _ := rvengine.Budget(lim, 20, 7)
	at16, _ := rvengine.Budget(lim, 16, 7)
	if at16 <= at20 {
		t.Errorf("level 7 with 20 s: %v at 20 empties, %v at 16 (its solve): want more at the solve", at20, at16)
	}
}
