package reversi

import (
	"math/rand"
	"testing"
)

// flipSlow walks the eight directions square by square: the obvious reference for Flips.
func flipSlow(P, O uint64, sq Square) uint64 {
	if (P|O)&sq.Bit() != 0 {
		return 0
	}
	var f uint64
	for _, d := range [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}} {
		c, r := sq.Col()+d[0], sq.Row()+d[1]
		var run uint64
		for c >= 0 && c < 8 && r >= 0 && r < 8 {
			b := SquareOf(c, r).Bit()
			if O&b != 0 {
				run |= b
			} else {
				if P&b != 0 {
					f |= run
				}
				break
			}
			c, r = c+d[0], r+d[1]
		}
	}
	return f
}

func movesSlow(P, O uint64) uint64 {
	var m uint64
	for s := Square(0); s < 64; s++ {
		if flipSlow(P, O, s) != 0 {
			m |= s.Bit()
		}
	}
	return m
}

// randomBoard fills each square black, white or empty with varying densities.
func randomBoard(r *rand.Rand) (P, O uint64) {
	fill := r.Intn(100)
	for s := 0; s < 64; s++ {
		if r.Intn(100) < fill {
			if r.Intn(2) == 0 {
				P |= 1 << uint(s)
			} else {
				O |= 1 << uint(s)
			}
		}
	}
	return
}

func TestFlipsEqualSlow(t *testing.T) {
	seed := int64(20261122)
	r := rand.New(rand.NewSource(seed))
	for i := 0; i < 20000; i++ {
		P, O := randomBoard(r)
		if got, want := Moves(P, O), movesSlow(P, O); got != want {
			t.Fatalf("seed %d case %d: Moves(%#x, %#x) = %#x, slow %#x", seed, i, P, O, got, want)
		}
		for e := ^(P | O); e != 0; e &= e - 1 {
			s := FirstSquare(e)
			if got, want := Flips(P, O, s), flipSlow(P, O, s); got != want {
				t.Fatalf("seed %d case %d: Flips(%#x, %#x, %v) = %#x, slow %#x", seed, i, P, O, s, got, want)
			}
		}
	}
}
