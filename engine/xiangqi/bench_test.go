package xiangqi

import (
	"fmt"
	"testing"
)

// BenchmarkPerft reports leaf nodes per second (bulk-counted at the last ply). The deeper
// rows of the reference table run here rather than in TestPerft.
func BenchmarkPerft(b *testing.B) {
	for _, bc := range []struct {
		name  string
		fen   string
		depth int
	}{
		{"start/d4", StartFEN, 4},
		{"start/d5", StartFEN, 5},
		{"midgame/d4", perftCases[6].fen, 4},
	} {
		b.Run(bc.name, func(b *testing.B) {
			p, err := ParseFEN(bc.fen)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				nodes += Perft(p, bc.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

func BenchmarkGenerateLegal(b *testing.B) {
	for i, tc := range []string{StartFEN, perftCases[6].fen, perftCases[3].fen} {
		b.Run(fmt.Sprint(i), func(b *testing.B) {
			p, _ := ParseFEN(tc)
			var ml MoveList
			b.ReportAllocs()
			for b.Loop() {
				p.GenerateLegal(&ml)
			}
		})
	}
}

func BenchmarkGenerateCaptures(b *testing.B) {
	p, _ := ParseFEN(perftCases[6].fen)
	var ml MoveList
	b.ReportAllocs()
	for b.Loop() {
		p.GenerateCaptures(&ml)
	}
}

// BenchmarkMakeUnmake plays and takes back every legal move of a middle-game position;
// ns/op is per move.
func BenchmarkMakeUnmake(b *testing.B) {
	p, _ := ParseFEN(perftCases[6].fen)
	var ml MoveList
	p.GenerateLegal(&ml)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m := ml.Moves[i]
		u := p.Make(m)
		p.Unmake(m, u)
		if i++; i == ml.N {
			i = 0
		}
	}
}

// BenchmarkCheckTest times the attack test Make runs for InCheck.
func BenchmarkCheckTest(b *testing.B) {
	p, _ := ParseFEN(perftCases[6].fen)
	b.ReportAllocs()
	for b.Loop() {
		p.computeCheck()
	}
}
