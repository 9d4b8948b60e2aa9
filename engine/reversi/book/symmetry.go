package book

import "math/bits"

// The board's 8 symmetries. Symmetry s transposes (swaps rows and columns) if s&4, then
// reverses the rows (a1 ↔ a8) if s&2, then the columns (a1 ↔ h1) if s&1; 0 is the identity.
const symmetries = 8

// transform applies symmetry s to a bitboard (bit i = square i = row*8 + column).
func transform(s int, b uint64) uint64 {
	if s&4 != 0 {
		b = transpose(b)
	}
	if s&2 != 0 {
		b = bits.ReverseBytes64(b) // row r ↔ row 7-r
	}
	if s&1 != 0 {
		b = mirror(b)
	}
	return b
}

// mirror reverses the columns of every row (the bits of every byte).
func mirror(b uint64) uint64 {
	b = b>>1&0x5555555555555555 | b&0x5555555555555555<<1
	b = b>>2&0x3333333333333333 | b&0x3333333333333333<<2
	return b>>4&0x0f0f0f0f0f0f0f0f | b&0x0f0f0f0f0f0f0f0f<<4
}

// transpose swaps rows and columns (square r*8+c ↔ c*8+r), the flip about the a1–h8 diagonal.
func transpose(b uint64) uint64 {
	const k1, k2, k4 = 0x5500550055005500, 0x3333000033330000, 0x0f0f0f0f00000000
	t := k4 & (b ^ b<<28)
	b ^= t ^ t>>28
	t = k2 & (b ^ b<<14)
	b ^= t ^ t>>14
	t = k1 & (b ^ b<<7)
	return b ^ t ^ t>>7
}

// symSquare[s][sq] is the square sq goes to under symmetry s; invSquare[s] undoes it.
var symSquare, invSquare [symmetries][64]uint8

func init() {
	for s := range symmetries {
		for sq := range 64 {
			t := uint8(bits.TrailingZeros64(transform(s, 1<<sq)))
			symSquare[s][sq] = t
			invSquare[s][t] = uint8(sq)
		}
	}
}

// Canonical returns the representative of (P, O) under the 8 symmetries (the least P, then
// the least O) and the symmetry s that takes (P, O) to it.
func Canonical(P, O uint64) (cp, co uint64, s int) {
	cp, co = P, O
	for t := 1; t < symmetries; t++ {
		p, o := transform(t, P), transform(t, O)
		if p < cp || p == cp && o < co {
			cp, co, s = p, o, t
		}
	}
	return cp, co, s
}

// Key is the book's key of a position (side to move P, opponent O): a 64-bit hash of its
// canonical form, the same for all 8 symmetric positions.
func Key(P, O uint64) uint64 {
	cp, co, _ := Canonical(P, O)
	return hash(cp, co)
}

func hash(P, O uint64) uint64 { return mix(mix(P) ^ O) }

// mix is splitmix64's finaliser.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
