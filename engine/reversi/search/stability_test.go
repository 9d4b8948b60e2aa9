package search

import (
	"math/rand"
	"testing"

	"qipan/engine/reversi"
)

func TestPackColumn(t *testing.T) {
	for x := 0; x < 256; x++ {
		var b uint64
		for i := 0; i < 8; i++ {
			if x&(1<<i) != 0 {
				b |= 1 << uint(i*8)
			}
		}
		if colA(b) != x || unpackA(uint8(x)) != b {
			t.Fatalf("column a %08b: packed %08b, unpacked %#x want %#x", x, colA(b), unpackA(uint8(x)), b)
		}
	}
}

func TestFullLines(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for i := 0; i < 2000; i++ {
		filled := randomFill(r)
		h, v, d9, d7 := FullLines(filled)
		got := [4]uint64{h, v, d9, d7}
		dirs := [4][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}}
		for k, d := range dirs {
			var want uint64
			for s := reversi.Square(0); s < 64; s++ {
				full := true
				for _, sign := range [2]int{1, -1} {
					c, rw := s.Col(), s.Row()
					for c >= 0 && c < 8 && rw >= 0 && rw < 8 {
						if filled&reversi.SquareOf(c, rw).Bit() == 0 {
							full = false
						}
						c, rw = c+sign*d[0], rw+sign*d[1]
					}
				}
				if full {
					want |= s.Bit()
				}
			}
			if got[k] != want {
				t.Fatalf("filled %#x direction %d: %#x, want %#x", filled, k, got[k], want)
			}
		}
	}
}

// Discs called stable must keep their colour through random continuations of real games.
func TestStabilityHolds(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	var ml reversi.MoveList
	found := 0
	for g := 0; g < 300; g++ {
		p := reversi.Start()
		for p.Status() != reversi.Over {
			p.GenerateLegal(&ml)
			p.Make(ml.Moves[r.Intn(ml.N)])
			stable := Stability(p.P, p.O)
			stableO := Stability(p.O, p.P)
			if stable == 0 && stableO == 0 {
				continue
			}
			found++
			mine, theirs := p.Turn, p.Turn.Other()
			for k := 0; k < 5; k++ {
				q := p
				for q.Status() != reversi.Over {
					q.GenerateLegal(&ml)
					q.Make(ml.Moves[r.Intn(ml.N)])
					if q.Discs(mine)&stable != stable || q.Discs(theirs)&stableO != stableO {
						t.Fatalf("stable discs flipped: %v stable %#x/%#x, later %v", p, stable, stableO, q)
					}
				}
			}
		}
	}
	if found < 1000 {
		t.Fatalf("only %d positions with stable discs", found)
	}
}

// randomFill returns occupied squares at densities from sparse to all but one.
func randomFill(r *rand.Rand) uint64 {
	switch r.Intn(4) {
	case 0:
		return r.Uint64() & r.Uint64()
	case 1:
		return r.Uint64()
	case 2:
		return r.Uint64() | r.Uint64() | r.Uint64()
	}
	return ^uint64(0) &^ (1 << uint(r.Intn(64)))
}
