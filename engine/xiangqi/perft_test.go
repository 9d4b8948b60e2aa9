package xiangqi

import (
	"os"
	"testing"
)

// perftCases is /work/shared/reference/perft.md (reproduced with Fairy-Stockfish).
var perftCases = []struct {
	fen   string
	nodes []uint64 // nodes[d-1] = perft(d)
}{
	{StartFEN, []uint64{44, 1920, 79666, 3290240, 133312995, 5392831844}},
	{"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", []uint64{38, 1128, 43929, 1339047, 53112976}},
	{"r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1", []uint64{58, 1651, 90744, 2605437}},
	{"1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1", []uint64{7, 281, 8620, 326201}},
	{"5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1", []uint64{25, 424, 9850, 202884}},
	{"CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1", []uint64{28, 516, 14808, 395483}},
	{"1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", []uint64{49, 2265, 100326, 4485547}},
	{"4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", []uint64{13, 272, 3707, 92741}},
}

// perftMaxDepth is the deepest row TestPerft checks: perftDepth (5 natively, so the start
// position's 133M and the second position's 53M leaves are checked by every `go test`; 4
// under GOOS=js, where wasm runs ~4x slower), 3 under -short, and every row (depth 6 too,
// 5.4G leaves) with QIPAN_SLOW=1. BenchmarkPerft6 also checks depth 6.
func perftMaxDepth() int {
	switch {
	case os.Getenv("QIPAN_SLOW") == "1":
		return 99
	case testing.Short():
		return 3
	}
	return perftDepth
}

func TestPerft(t *testing.T) {
	maxD := perftMaxDepth()
	for _, tc := range perftCases {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		for d, want := range tc.nodes {
			if d+1 > maxD {
				break
			}
			if got := Perft(p, d+1); got != want {
				t.Errorf("perft(%d) of %s = %d, want %d", d+1, tc.fen, got, want)
			}
		}
		if got := p.FEN(); got != tc.fen {
			t.Errorf("perft changed the position: %s, want %s", got, tc.fen)
		}
	}
}

// BenchmarkPerft6 is the start position's depth 6 (5,392,831,844 leaves, minutes per run),
// checked against the reference: `go test -run X -bench Perft6 -benchtime 1x`.
func BenchmarkPerft6(b *testing.B) {
	want := perftCases[0].nodes[5]
	p := NewPosition()
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		got := Perft(p, 6)
		if got != want {
			b.Fatalf("perft(6) of the start position = %d, want %d", got, want)
		}
		nodes += got
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
