package reversi

import "math/bits"

// Square is a board square 0..63 (see the package doc), or NoSquare.
type Square int8

const NoSquare Square = -1

// SquareOf returns the square at column col (0 = a) and row (0 = row 1, the top).
func SquareOf(col, row int) Square { return Square(row*8 + col) }

func (s Square) Col() int { return int(s) & 7 }
func (s Square) Row() int { return int(s) >> 3 }

func (s Square) String() string {
	if s < 0 || s > 63 {
		return "??"
	}
	return string([]byte{'a' + byte(s.Col()), '1' + byte(s.Row())})
}

// Bit returns the bitboard with only s set.
func (s Square) Bit() uint64 { return 1 << uint(s) }

const (
	notA  uint64 = 0xfefefefefefefefe // column a cleared
	notH  uint64 = 0x7f7f7f7f7f7f7f7f // column h cleared
	inner uint64 = 0x7e7e7e7e7e7e7e7e
)

// Moves returns the legal moves of the player with discs P against discs O, as a bitboard.
// Per line direction (E-W with mask, N-S, the two diagonals), Edax's parallel prefix: the
// squares from which a run of O discs, both ways, ends on a P disc. The four blocks are written
// out: Go would not inline a helper, and a call is dear, above all in WebAssembly, where Moves
// runs for every child of an endgame node.
func Moves(P, O uint64) uint64 {
	mask := O & inner
	var moves uint64
	{
		fl := mask & (P << 1)
		fl |= mask & (fl << 1)
		ml := mask & (mask << 1)
		fl |= ml & (fl << 2)
		fl |= ml & (fl << 2)
		fr := mask & (P >> 1)
		fr |= mask & (fr >> 1)
		mr := mask & (mask >> 1)
		fr |= mr & (fr >> 2)
		fr |= mr & (fr >> 2)
		moves |= (fl << 1) | (fr >> 1)
	}
	{
		fl := O & (P << 8)
		fl |= O & (fl << 8)
		ml := O & (O << 8)
		fl |= ml & (fl << 16)
		fl |= ml & (fl << 16)
		fr := O & (P >> 8)
		fr |= O & (fr >> 8)
		mr := O & (O >> 8)
		fr |= mr & (fr >> 16)
		fr |= mr & (fr >> 16)
		moves |= (fl << 8) | (fr >> 8)
	}
	{
		fl := mask & (P << 7)
		fl |= mask & (fl << 7)
		ml := mask & (mask << 7)
		fl |= ml & (fl << 14)
		fl |= ml & (fl << 14)
		fr := mask & (P >> 7)
		fr |= mask & (fr >> 7)
		mr := mask & (mask >> 7)
		fr |= mr & (fr >> 14)
		fr |= mr & (fr >> 14)
		moves |= (fl << 7) | (fr >> 7)
	}
	{
		fl := mask & (P << 9)
		fl |= mask & (fl << 9)
		ml := mask & (mask << 9)
		fl |= ml & (fl << 18)
		fl |= ml & (fl << 18)
		fr := mask & (P >> 9)
		fr |= mask & (fr >> 9)
		mr := mask & (mask >> 9)
		fr |= mr & (fr >> 18)
		fr |= mr & (fr >> 18)
		moves |= (fl << 9) | (fr >> 9)
	}
	return moves &^ (P | O)
}

// rays[sq] holds, per direction, the squares from sq (exclusive) to the board edge.
// Indexes 0..3 go towards higher squares (E, SW, S, SE), 4..7 towards lower ones.
var rays [64][8]uint64

func init() {
	dc := [8]int{1, -1, 0, 1, -1, 1, 0, -1}
	dr := [8]int{0, 1, 1, 1, 0, -1, -1, -1}
	for sq := 0; sq < 64; sq++ {
		for d := 0; d < 8; d++ {
			c, r := sq&7+dc[d], sq>>3+dr[d]
			for c >= 0 && c < 8 && r >= 0 && r < 8 {
				rays[sq][d] |= 1 << uint(r*8+c)
				c, r = c+dc[d], r+dr[d]
			}
		}
	}
}

// Flips returns the discs of O that P flips by playing on the empty square sq; zero means
// sq is not a legal move. Each ray is scanned for its first non-O square (the outflank);
// the eight rays are unrolled by hand (Go does not unroll, and calls are dear in wasm).
func Flips(P, O uint64, sq Square) uint64 {
	r := &rays[sq&63]
	var f uint64
	// Rays towards higher squares: the outflank is the lowest non-O bit.
	{
		m := r[0]
		o := m &^ O
		if b := o & -o; b&P != 0 {
			f |= (b - 1) & m
		}
	}
	{
		m := r[1]
		o := m &^ O
		if b := o & -o; b&P != 0 {
			f |= (b - 1) & m
		}
	}
	{
		m := r[2]
		o := m &^ O
		if b := o & -o; b&P != 0 {
			f |= (b - 1) & m
		}
	}
	{
		m := r[3]
		o := m &^ O
		if b := o & -o; b&P != 0 {
			f |= (b - 1) & m
		}
	}
	// Rays towards lower squares: the outflank is the highest non-O bit.
	if o := r[4] &^ O; o != 0 {
		if b := uint64(1) << uint(63-bits.LeadingZeros64(o)); b&P != 0 {
			f |= r[4] &^ (b<<1 - 1)
		}
	}
	if o := r[5] &^ O; o != 0 {
		if b := uint64(1) << uint(63-bits.LeadingZeros64(o)); b&P != 0 {
			f |= r[5] &^ (b<<1 - 1)
		}
	}
	if o := r[6] &^ O; o != 0 {
		if b := uint64(1) << uint(63-bits.LeadingZeros64(o)); b&P != 0 {
			f |= r[6] &^ (b<<1 - 1)
		}
	}
	if o := r[7] &^ O; o != 0 {
		if b := uint64(1) << uint(63-bits.LeadingZeros64(o)); b&P != 0 {
			f |= r[7] &^ (b<<1 - 1)
		}
	}
	return f
}

// Count returns the number of set bits.
func Count(b uint64) int { return bits.OnesCount64(b) }

// FirstSquare returns the lowest square set in b, or NoSquare if b is empty.
func FirstSquare(b uint64) Square {
	if b == 0 {
		return NoSquare
	}
	return Square(bits.TrailingZeros64(b))
}
