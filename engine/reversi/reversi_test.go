package reversi

import (
	"os"
	"testing"
)

func TestPerftStart(t *testing.T) {
	tests := []struct {
		depth int
		nodes uint64
	}{
		{0, 1}, {1, 4}, {2, 12}, {3, 56}, {4, 244}, {5, 1396}, {6, 8200}, {7, 55092},
		{8, 390216}, {9, 3005288}, {10, 24571284}, {11, 212258800},
	}
	for _, tc := range tests {
		if tc.depth >= 9 && testing.Short() || tc.depth >= 10 && os.Getenv("QIPAN_SLOW") != "1" {
			continue
		}
		if got := Perft(NewPosition(), tc.depth); got != tc.nodes {
			t.Errorf("perft(start, %d) = %d, want %d", tc.depth, got, tc.nodes)
		}
	}
}

func TestPerftDivideSums(t *testing.T) {
	moves, counts := PerftDivide(NewPosition(), 5)
	var sum uint64
	for _, c := range counts {
		sum += c
	}
	if len(moves) != 4 || sum != 1396 {
		t.Fatalf("divide: %d moves, sum %d; want 4 moves, 1396", len(moves), sum)
	}
}

func BenchmarkPerft9(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Perft(NewPosition(), 9)
	}
}

func BenchmarkPerft11(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if n := Perft(NewPosition(), 11); n != 212258800 {
			b.Fatalf("perft 11 = %d", n)
		}
	}
}

func TestNoAllocs(t *testing.T) {
	p, err := ParseBoard("--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O")
	if err != nil {
		t.Fatal(err)
	}
	var ml MoveList
	allocs := testing.AllocsPerRun(100, func() {
		p.GenerateLegal(&ml)
		for i := 0; i < ml.N; i++ {
			u := p.Make(ml.Moves[i])
			_ = p.Status()
			p.Unmake(ml.Moves[i], u)
		}
		_ = Flips(p.P, p.O, 0)
	})
	if allocs != 0 {
		t.Fatalf("move generation and make allocate %v times per run", allocs)
	}
}

func TestMakeUnmake(t *testing.T) {
	p := Start()
	orig := p
	var ml MoveList
	p.GenerateLegal(&ml)
	for i := 0; i < ml.N; i++ {
		u := p.Make(ml.Moves[i])
		if p.Turn != White || Count(p.P|p.O) != 5 {
			t.Fatalf("after %v: %v", ml.Moves[i], p.String())
		}
		p.Unmake(ml.Moves[i], u)
		if p != orig {
			t.Fatalf("unmake %v: got %v, want %v", ml.Moves[i], p.String(), orig.String())
		}
	}
}

func TestStatusAndScore(t *testing.T) {
	tests := []struct {
		board   string
		status  Status
		outcome Outcome
		black   int // BlackScore, empties to the winner
	}{
		// start
		{"---------------------------OX------XO--------------------------- X", Ongoing, NoOutcome, 0},
		// black only: 3 discs + 61 empties
		{"XXX------------------------------------------------------------- O", Over, BlackWins, 64},
		// black cannot outflank a1; white can play c1
		{"OX-------------------------------------------------------------- X", MustPass, NoOutcome, 0},
		// white plays c1
		{"OX-------------------------------------------------------------- O", Ongoing, NoOutcome, 0},
		// white plays d1; leader white gets the empties
		{"OOX------------------------------------------------------------- O", Ongoing, NoOutcome, -62},
		// no line to outflank for either side
		{"XXXXXXXO-------------------------------------------------------- O", Over, BlackWins, 62},
		// draw: empties go to nobody
		{"X-O------------------------------------------------------------- X", Over, Draw, 0},
		{"OO-X------------------------------------------------------------ X", Over, WhiteWins, -62},
	}
	for _, tc := range tests {
		p, err := ParseBoard(tc.board)
		if err != nil {
			t.Fatal(err)
		}
		if s := p.Status(); s != tc.status {
			t.Errorf("%s: status %v, want %v", tc.board, s, tc.status)
		}
		if o := p.Outcome(); o != tc.outcome {
			t.Errorf("%s: outcome %v, want %v", tc.board, o, tc.outcome)
		}
		if s := p.BlackScore(); s != tc.black {
			t.Errorf("%s: black score %d, want %d", tc.board, s, tc.black)
		}
	}
}
