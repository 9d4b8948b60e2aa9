package search

import (
	"context"
	"testing"

	"qipan/engine/reversi"
	"qipan/engine/reversi/search/pattern"
)

func BenchmarkEvaluate(b *testing.B) {
	p, _ := reversi.ParseBoard("--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O")
	b.Run("hand", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			Evaluate(p.P, p.O)
		}
	})
	b.Run("pattern", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			EvaluateWith(pattern.Midgame, p.P, p.O)
		}
	})
}

// BenchmarkSolveFFO40 solves FFO #40 (20 empties) exactly; see cmd/reversi-bench for #40-#44.
func BenchmarkSolveFFO40(b *testing.B) {
	p, _ := reversi.ParseBoard("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")
	b.ReportAllocs()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		s := NewSolver(20)
		if v, m := s.Solve(p, -64, 64, nil); v != 38 || m.String() != "a2" {
			b.Fatalf("FFO #40: %v %d, want a2 +38", m, v)
		}
		nodes += s.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

// BenchmarkMidgame searches a position after 12 moves to depth 8, with each evaluation.
func BenchmarkMidgame(b *testing.B) {
	e := New()
	if err := e.SetPosition("", []string{"f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7", "d7", "c6"}); err != nil {
		b.Fatal(err)
	}
	for _, ev := range []struct {
		name string
		eval Evaluation
	}{{"hand", HandEval}, {"pattern", PatternEval}} {
		b.Run(ev.name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for i := 0; i < b.N; i++ {
				e.NewGame()
				nodes += e.Search(context.Background(), Limits{Depth: 8, Eval: ev.eval}, nil).Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}
