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

// someMoves returns the squares from which a run of mask discs, in direction dir both ways,
// ends on a P disc: Edax's parallel-prefix move generator for one line direction.
func someMoves(P, mask uint64, dir uint) uint64 {
	fl := mask & (P << dir)
	fl |= mask & (fl << dir)
	ml := mask & (mask << dir)
	fl |= ml & (fl << (2 * dir))
	fl |= ml & (fl << (2 * dir))
	fr := mask & (P >> dir)
	fr |= mask & (fr >> dir)
	mr := mask & (mask >> dir)
	fr |= mr & (fr >> (2 * dir))
	fr |= mr & (fr >> (2 * dir))
	return (fl << dir) | (fr >> dir)
}

// Moves returns the legal moves of the player with discs P against discs O, as a bitboard.
func Moves(P, O uint64) uint64 {
	mask := O & inner
	return (someMoves(P, mask, 1) | someMoves(P, O, 8) | someMoves(P, mask, 7) |
		someMoves(P, mask, 9)) &^ (P | O)
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
