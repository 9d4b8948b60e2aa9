package xiangqi

// Move and attack tables, built once at init. Fixed-size arrays with counts keep the hot
// paths free of slices and bounds surprises.

type step struct{ to, block Square } // a horse/elephant step and the point that must be empty

var (
	// rays[s][d] lists the squares from s outward in direction d (0 up = +rank, 1 down,
	// 2 right = +file, 3 left), nearest first; rayN holds the lengths.
	rays [NumSquares][4][9]Square
	rayN [NumSquares][4]uint8

	generalMoves [NumSquares][4]Square // orthogonal steps inside the palace
	generalN     [NumSquares]uint8
	advisorMoves [NumSquares][4]Square // diagonal steps inside the palace
	advisorN     [NumSquares]uint8
	elephantMov  [NumSquares][4]step // two diagonal steps on its own half; block = the eye
	elephantN    [NumSquares]uint8
	horseMoves   [NumSquares][8]step // block = the leg
	horseN       [NumSquares]uint8
	horseAttack  [NumSquares][8]step // to = a square a horse attacks s from, block = its leg
	horseAttackN [NumSquares]uint8
	soldierMov   [2][NumSquares][3]Square
	soldierN     [2][NumSquares]uint8

	// rayMask[s][d]: the squares of rays[s][d] as a bit set (bit s of word s>>6).
	rayMask [NumSquares][4][2]uint64

	zobrist     [NumPieces][NumSquares]uint64
	zobristSide uint64 // xor-ed in when Black is to move
)

func onBoard(f, r int) bool { return f >= 0 && f < 9 && r >= 0 && r < 10 }

// inPalace: files d-f, ranks 0-2 (Red) or 7-9 (Black).
func inPalace(f, r int) bool { return f >= 3 && f <= 5 && (r <= 2 || r >= 7) }

// sameHalf reports whether ranks a and b are on the same side of the river.
func sameHalf(a, b int) bool { return (a <= 4) == (b <= 4) }

var dirs = [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} // (file, rank) deltas

func init() {
	for s := Square(0); s < NumSquares; s++ {
		f, r := s.File(), s.Rank()
		for d, v := range dirs {
			for i := 1; ; i++ {
				nf, nr := f+v[0]*i, r+v[1]*i
				if !onBoard(nf, nr) {
					break
				}
				rays[s][d][rayN[s][d]] = SquareOf(nf, nr)
				rayN[s][d]++
			}
			if inPalace(f, r) {
				nf, nr := f+v[0], r+v[1]
				if onBoard(nf, nr) && inPalace(nf, nr) {
					generalMoves[s][generalN[s]] = SquareOf(nf, nr)
					generalN[s]++
				}
			}
		}
		for _, df := range []int{-1, 1} {
			for _, dr := range []int{-1, 1} {
				if inPalace(f, r) && onBoard(f+df, r+dr) && inPalace(f+df, r+dr) {
					advisorMoves[s][advisorN[s]] = SquareOf(f+df, r+dr)
					advisorN[s]++
				}
				if nf, nr := f+2*df, r+2*dr; onBoard(nf, nr) && sameHalf(r, nr) {
					elephantMov[s][elephantN[s]] = step{SquareOf(nf, nr), SquareOf(f+df, r+dr)}
					elephantN[s]++
				}
			}
		}
		for _, v := range [8][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}} {
			nf, nr := f+v[0], r+v[1]
			if !onBoard(nf, nr) {
				continue
			}
			// The leg is one orthogonal step from the horse along the long side of the L.
			var leg Square
			if v[1] == 2 || v[1] == -2 {
				leg = SquareOf(f, r+v[1]/2)
			} else {
				leg = SquareOf(f+v[0]/2, r)
			}
			horseMoves[s][horseN[s]] = step{SquareOf(nf, nr), leg}
			horseN[s]++
		}
		for c := Red; c <= Black; c++ {
			fwd := 1
			crossed := r >= 5
			if c == Black {
				fwd, crossed = -1, r <= 4
			}
			if onBoard(f, r+fwd) {
				soldierMov[c][s][soldierN[c][s]] = SquareOf(f, r+fwd)
				soldierN[c][s]++
			}
			if crossed {
				for _, df := range []int{-1, 1} {
					if onBoard(f+df, r) {
						soldierMov[c][s][soldierN[c][s]] = SquareOf(f+df, r)
						soldierN[c][s]++
					}
				}
			}
		}
	}
	// Invert the horse table: a horse on h attacks s with leg l.
	for h := Square(0); h < NumSquares; h++ {
		for i := uint8(0); i < horseN[h]; i++ {
			st := horseMoves[h][i]
			horseAttack[st.to][horseAttackN[st.to]] = step{h, st.block}
			horseAttackN[st.to]++
		}
	}
	for s := Square(0); s < NumSquares; s++ {
		for d := 0; d < 4; d++ {
			for _, t := range rays[s][d][:rayN[s][d]] {
				rayMask[s][d][t>>6] |= 1 << (uint(t) & 63)
			}
		}
	}
	// Fixed seed: keys are identical on every platform and every run.
	x := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { // splitmix64
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for p := range zobrist {
		for s := range zobrist[p] {
			zobrist[p][s] = next()
		}
	}
	zobristSide = next()
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// legalSquare reports whether piece p may stand on s at all (used to validate FENs):
// generals and advisors in their palace on their points, elephants on their seven points,
// soldiers never behind their starting rank nor off the starting files before the river.
func legalSquare(p Piece, s Square) bool {
	f, r := s.File(), s.Rank()
	if p.Color() == Black { // mirror ranks so the rules read from Red's side
		r = 9 - r
	}
	switch p.Kind() {
	case General:
		return f >= 3 && f <= 5 && r <= 2
	case Advisor:
		return f >= 3 && f <= 5 && r <= 2 && (f+r)%2 == 1
	case Elephant:
		return r <= 4 && r%2 == 0 && f%2 == 0 && (r/2+f/2)%2 == 1
	case Soldier:
		return r >= 5 || (r >= 3 && f%2 == 0)
	}
	return true
}
