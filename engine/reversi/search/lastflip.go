package search

// Counting the discs flipped on the last empty square without building the flips (Edax's
// count_last_flip): every other square is taken, so a line through the square is known from
// the mover's discs alone, read as one byte; a table gives the flips of each byte.

// lineFlips[i][b]: the discs flipped on a line of 8 by a disc put on its square i, where the
// mover holds the bits of b and the opponent all the others.
var lineFlips [8][256]uint8

// lastLines[sq]: sq's column and row, and the masks of its two diagonals (read as a byte by
// column).
var lastLines [64]struct {
	c, r   uint8
	d9, d7 uint64
}

func init() {
	for i := 0; i < 8; i++ {
		for b := 0; b < 256; b++ {
			n := 0
			for _, step := range [2]int{-1, 1} {
				run := 0
				for j := i + step; j >= 0 && j < 8; j += step {
					if b&(1<<j) != 0 {
						n += run
						break
					}
					run++
				}
			}
			lineFlips[i][b] = uint8(n)
		}
	}
	for sq := 0; sq < 64; sq++ {
		c, r := sq&7, sq>>3
		lastLines[sq].c, lastLines[sq].r = uint8(c), uint8(r)
		for c2 := 0; c2 < 8; c2++ {
			if r2 := r + c2 - c; r2 >= 0 && r2 < 8 {
				lastLines[sq].d9 |= 1 << uint(r2*8+c2)
			}
			if r2 := r - c2 + c; r2 >= 0 && r2 < 8 {
				lastLines[sq].d7 |= 1 << uint(r2*8+c2)
			}
		}
	}
}

// lastFlipCount returns how many discs P flips by playing on sq, the board's only empty
// square (all the others are P's or the opponent's).
func lastFlipCount(P uint64, sq int) int {
	const col, colMagic, diagMagic = 0x0101010101010101, 0x0102040810204080, 0x0101010101010101
	l := &lastLines[sq&63]
	t := &lineFlips[l.c&7]
	return int(t[uint8(P>>(8*l.r))] + t[(P&l.d9)*diagMagic>>56] + t[(P&l.d7)*diagMagic>>56] +
		lineFlips[l.r&7][((P>>l.c)&col)*colMagic>>56])
}
