package main

// -solve: the mate solver (engine/xiangqi/mate) alone on every position of the manuals, for
// the strength log: how many it proves within a time each, and how fast. A line per position
// (manual, number, status, mate, first move, nodes, seconds), then the summary.

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/mate"
)

// solveAll runs the solver on each position (Red to move; a line that is no position is
// skipped), with a fresh table per position, and writes what it found. With cpu, lim.Time is
// the solving thread's CPU time instead of the clock's (the load of the machine aside), and
// the times written are CPU times too.
func solveAll(ctx context.Context, lines []line, lim mate.Limits, cpu bool, hashMB int, w io.Writer) {
	s := mate.New(hashMB)
	var times []time.Duration // of the proven
	count := map[mate.Status]int{}
	var nodes uint64
	start := time.Now()
	var clock func() time.Duration
	if cpu {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		clock = threadCPU
	}
	for _, l := range lines {
		pos, err := xiangqi.ParseFEN(l.fen)
		if l.bad != "" || err != nil {
			continue
		}
		s.Clear()
		pl, pctx, cancel := lim, ctx, context.CancelFunc(func() {})
		var from time.Duration
		if clock != nil {
			pctx, cancel = context.WithCancel(ctx)
			from = clock()
			pl.Time, pl.Poll = 0, func() {
				if lim.Time > 0 && clock()-from >= lim.Time {
					cancel()
				}
			}
		}
		r := s.Solve(pctx, pos, nil, pl)
		if clock != nil {
			r.Time = clock() - from
		}
		cancel()
		count[r.Status]++
		nodes += r.Nodes
		if r.Status == mate.Proven {
			times = append(times, r.Time)
		}
		fmt.Fprintf(w, "%s\t%s\t%v\t%d\t%v\t%d\t%.3f\n", l.manual, l.number, r.Status, r.Moves, r.Best, r.Nodes, r.Time.Seconds())
	}
	n := count[mate.Proven] + count[mate.Disproven] + count[mate.Unknown]
	fmt.Fprintf(w, "solver: %d positions: %d proven, %d disproven, %d unknown; %d nodes, %v in all\n", n,
		count[mate.Proven], count[mate.Disproven], count[mate.Unknown], nodes, time.Since(start).Round(time.Millisecond))
	if len(times) > 0 {
		slices.Sort(times)
		var sum time.Duration
		for _, t := range times {
			sum += t
		}
		fmt.Fprintf(w, "proven in: median %.3fs, mean %.3fs, 90th percentile %.3fs, slowest %.3fs\n",
			times[len(times)/2].Seconds(), (sum / time.Duration(len(times))).Seconds(),
			times[len(times)*9/10].Seconds(), times[len(times)-1].Seconds())
	}
}
