package search

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"qipan/engine/reversi"
)

// lastFlipCount must count what Flips flips, for every square and many fillings of the rest.
func TestLastFlipCount(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for sq := 0; sq < 64; sq++ {
		for i := 0; i < 2000; i++ {
			P := r.Uint64() &^ (1 << uint(sq))
			if i%3 == 0 {
				P &= r.Uint64() // sparser: longer runs of the opponent's discs
			}
			O := ^P &^ (1 << uint(sq))
			want := bits.OnesCount64(reversi.Flips(P, O, reversi.Square(sq)))
			if got := lastFlipCount(P, sq); got != want {
				t.Fatalf("square %v, P %#x: %d flips counted, Flips flips %d", reversi.Square(sq), P, got, want)
			}
		}
	}
}
