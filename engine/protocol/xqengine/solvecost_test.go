package xqengine

import (
	"context"
	"os"
	"sort"
	"strconv"
	"testing"
	"time"

	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/record"
	"qipan/engine/xiangqi/search"
)

// BenchmarkSolveFirstCost measures what solveFirst takes of an ordinary search's budget in
// game positions (docs/strength-log.md): QIPAN_SOLVECOST_PGN names the games (a match's PGN),
// QIPAN_SOLVECOST_MS the soft budget, every QIPAN_SOLVECOST_EVERY-th position is asked. It
// reports the mean share of the budget taken where no mate was proven (%budget) and logs the
// distribution.
func BenchmarkSolveFirstCost(b *testing.B) {
	for b.Loop() {
		solveFirstCost(b)
	}
}

func solveFirstCost(t *testing.B) {
	path := os.Getenv("QIPAN_SOLVECOST_PGN")
	if path == "" {
		t.Skip("QIPAN_SOLVECOST_PGN not set")
	}
	ms, _ := strconv.Atoi(os.Getenv("QIPAN_SOLVECOST_MS"))
	every, _ := strconv.Atoi(os.Getenv("QIPAN_SOLVECOST_EVERY"))
	every = max(every, 1)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	games, _, err := record.ReadPGN(f)
	if err != nil {
		t.Fatal(err)
	}
	soft := time.Duration(ms) * time.Millisecond
	e := New()
	var used []time.Duration
	var total time.Duration
	asked, proven, n := 0, 0, 0
	for _, g := range games {
		fen := xiangqi.NewPosition().FEN()
		if g.Start != nil {
			fen = g.Start.FEN()
		}
		var moves []string
		for _, m := range g.Moves {
			moves = append(moves, m.Move.String())
			n++
			if n%every != 0 {
				continue
			}
			if err := e.SetPosition(fen, moves); err != nil {
				t.Fatal(err)
			}
			if e.pos.Status() != xiangqi.Ongoing {
				continue
			}
			sl := search.Limits{Soft: soft, Hard: 3 * soft}
			start := time.Now()
			_, ok := e.solveFirst(context.Background(), &sl, nil)
			d := time.Since(start)
			asked++
			if ok {
				proven++
				continue
			}
			used = append(used, d)
			total += d
		}
	}
	sort.Slice(used, func(i, j int) bool { return used[i] < used[j] })
	q := func(f float64) time.Duration { return used[int(f*float64(len(used)-1))] }
	t.ReportMetric(100*float64(total)/float64(time.Duration(len(used))*soft), "%budget")
	t.Logf("soft %v: %d positions, %d proven; unproven: mean %v (%.1f %% of the budget), median %v, 90 %% %v, max %v",
		soft, asked, proven, total/time.Duration(len(used)), 100*float64(total)/float64(time.Duration(len(used))*soft), q(0.5), q(0.9), q(1))
}
