package search

import "math/bits"

// Stable discs can never be flipped again, whatever is played. Stability returns a subset of
// them for the side P (a cheap lower bound, as Edax computes it): discs on the edges that no
// sequence of moves along that edge can flip, then, repeatedly, inner discs whose four lines
// are each full or end in a stable disc of their own colour on one side.

// edgeStable[p*256+o] = the discs of p (8-bit line) that stay p whatever is played on the line.
var edgeStable [256 * 256]uint8

func init() {
	done := make([]bool, 256*256)
	var solve func(p, o int) uint8
	solve = func(p, o int) uint8 {
		i := p*256 + o
		if done[i] {
			return edgeStable[i]
		}
		stable := uint8(p)
		empty := ^(p | o) & 0xff
		for x := 0; x < 8 && stable != 0; x++ {
			if empty&(1<<x) == 0 {
				continue
			}
			// Either side may fill x (legally or not: a line alone cannot say), flipping along it.
			for side := 0; side < 2; side++ {
				me, them := p, o
				if side == 1 {
					me, them = o, p
				}
				me |= 1 << x
				for _, d := range [2]int{-1, 1} {
					var run int
					y := x + d
					for y >= 0 && y < 8 && them&(1<<y) != 0 {
						run |= 1 << y
						y += d
					}
					if y >= 0 && y < 8 && me&(1<<y) != 0 {
						me |= run
						them &^= run
					}
				}
				if side == 1 {
					me, them = them, me
				}
				stable &= solve(me, them)
			}
		}
		edgeStable[i] = stable
		done[i] = true
		return stable
	}
	for p := 0; p < 256; p++ {
		for o := 0; o < 256; o++ {
			if p&o == 0 {
				solve(p, o)
			}
		}
	}
}

// colA packs column a (bits 0, 8, …, 56) into a byte, row 1 in bit 0.
func colA(b uint64) int {
	return int(((b & 0x0101010101010101) * 0x0102040810204080) >> 56)
}

// unpackA spreads a byte back into column a: bit i to square i*8.
func unpackA(x uint8) uint64 {
	// the multiply spreads bit i to row 7-i; reversing the bytes puts it on row i
	return bits.ReverseBytes64(((uint64(x) * 0x8040201008040201) >> 7) & 0x0101010101010101)
}

// StableEdges returns the discs of P on the four edges that can never be flipped.
func StableEdges(P, O uint64) uint64 {
	top := uint64(edgeStable[int(P&0xff)*256+int(O&0xff)])
	bottom := uint64(edgeStable[int(P>>56)*256+int(O>>56)]) << 56
	left := unpackA(edgeStable[colA(P)*256+colA(O)])
	right := unpackA(edgeStable[colA(P>>7)*256+colA(O>>7)]) << 7
	return top | bottom | left | right
}

// fullBorder[d][k]: squares whose neighbour 2^k steps away in direction d is off the board;
// directions E, W, S, N, SE, NW, SW, NE (squares +1, -1, +8, -8, +9, -9, +7, -7).
var fullBorder [8][3]uint64

func init() {
	dc := [8]int{1, -1, 0, 0, 1, -1, -1, 1}
	dr := [8]int{0, 0, 1, -1, 1, -1, 1, -1}
	for d := 0; d < 8; d++ {
		for k := 0; k < 3; k++ {
			step := 1 << k
			for s := 0; s < 64; s++ {
				c, r := s&7+dc[d]*step, s>>3+dr[d]*step
				if c < 0 || c > 7 || r < 0 || r > 7 {
					fullBorder[d][k] |= 1 << uint(s)
				}
			}
		}
	}
}

// fullAbove returns the squares of t from which the squares n, 2n, … higher, up to the edge
// (b: fullBorder of that direction), are all in t; fullBelow the same towards lower squares.
// Written per shift so that Go inlines them with constant shifts (Stability runs at many of
// the endgame solver's nodes).
func fullAbove(t uint64, n uint, b *[3]uint64) uint64 {
	t &= t>>n | b[0]
	t &= t>>(2*n) | b[1]
	return t & (t>>(4*n) | b[2])
}

func fullBelow(t uint64, n uint, b *[3]uint64) uint64 {
	t &= t<<n | b[0]
	t &= t<<(2*n) | b[1]
	return t & (t<<(4*n) | b[2])
}

// FullLines returns, for the four line directions (horizontal, vertical, diagonal a1-h8,
// diagonal h1-a8), the squares whose whole line in that direction is filled.
func FullLines(filled uint64) (h, v, d9, d7 uint64) {
	h = fullAbove(filled, 1, &fullBorder[0]) & fullBelow(filled, 1, &fullBorder[1])
	v = fullAbove(filled, 8, &fullBorder[2]) & fullBelow(filled, 8, &fullBorder[3])
	d9 = fullAbove(filled, 9, &fullBorder[4]) & fullBelow(filled, 9, &fullBorder[5])
	d7 = fullAbove(filled, 7, &fullBorder[6]) & fullBelow(filled, 7, &fullBorder[7])
	return
}

// Stability returns discs of P that can never be flipped (a subset of all such discs).
func Stability(P, O uint64) uint64 {
	const central = 0x007e7e7e7e7e7e00
	h, v, d9, d7 := FullLines(P | O)
	stable := StableEdges(P, O) | (h & v & d9 & d7 & P & central)
	if stable == 0 {
		return 0
	}
	pc := P & central
	for {
		old := stable
		sh := stable>>1 | stable<<1 | h
		sv := stable>>8 | stable<<8 | v
		s9 := stable>>9 | stable<<9 | d9
		s7 := stable>>7 | stable<<7 | d7
		stable |= sh & sv & s9 & s7 & pc
		if stable == old {
			return stable
		}
	}
}
