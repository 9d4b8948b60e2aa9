package search

import "qipan/engine/xiangqi"

// Static exchange evaluation: the material outcome of a capture followed by the cheapest
// recaptures on the same point, each side free to stop. Pins, checks and the flying-general
// rule are ignored; the general recaptures last.

type legStep struct{ from, leg xiangqi.Square }

var (
	// seeRays[s][d] lists the points from s outward (up, down, right, left), nearest first.
	seeRays  [xiangqi.NumSquares][4][9]xiangqi.Square
	seeRayN  [xiangqi.NumSquares][4]uint8
	horseTo  [xiangqi.NumSquares][8]legStep // a horse on from reaches s if leg is empty
	horseToN [xiangqi.NumSquares]uint8
	// seeValue is the exchange value of each kind; the general's is large so that it takes
	// only an undefended piece.
	seeValue = [xiangqi.NumKinds]int{xiangqi.General: 5000, xiangqi.Advisor: 120, xiangqi.Elephant: 120,
		xiangqi.Horse: 270, xiangqi.Chariot: 600, xiangqi.Cannon: 285, xiangqi.Soldier: 60}
)

func init() {
	on := func(f, r int) bool { return f >= 0 && f < 9 && r >= 0 && r < 10 }
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		f, r := s.File(), s.Rank()
		for d, v := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			for i := 1; on(f+v[0]*i, r+v[1]*i); i++ {
				seeRays[s][d][seeRayN[s][d]] = xiangqi.SquareOf(f+v[0]*i, r+v[1]*i)
				seeRayN[s][d]++
			}
		}
		// A horse jumping by (df, dr) lands on s from s-(df, dr); its leg is one step from
		// the horse along the long side of the L.
		for _, v := range [8][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}} {
			hf, hr := f-v[0], r-v[1]
			if !on(hf, hr) {
				continue
			}
			lf, lr := hf, hr+v[1]/2
			if v[0] == 2 || v[0] == -2 {
				lf, lr = hf+v[0]/2, hr
			}
			horseTo[s][horseToN[s]] = legStep{xiangqi.SquareOf(hf, hr), xiangqi.SquareOf(lf, lr)}
			horseToN[s]++
		}
	}
	// The evaluation's horse moves, from the same table: here, because positional.go's init
	// runs before this one (files initialise in name order) and once read horseTo empty.
	for t := xiangqi.Square(0); t < xiangqi.NumSquares; t++ {
		for i := uint8(0); i < horseToN[t]; i++ {
			st := horseTo[t][i]
			horseHops[st.from][horseHopsN[st.from]] = hop{t, st.leg}
			horseHopsN[st.from]++
		}
	}
}

func inPalace(c xiangqi.Color, s xiangqi.Square) bool {
	f, r := s.File(), s.Rank()
	if c == xiangqi.Black {
		r = 9 - r
	}
	return f >= 3 && f <= 5 && r <= 2
}

// ownHalf reports whether s lies on c's side of the river.
func ownHalf(c xiangqi.Color, s xiangqi.Square) bool { return (s.Rank() <= 4) == (c == xiangqi.Red) }

// leastAttacker returns the square of c's cheapest piece that can move to s on board b
// (NoSquare if none).
func leastAttacker(b *[xiangqi.NumSquares]xiangqi.Piece, s xiangqi.Square, c xiangqi.Color) xiangqi.Square {
	f := s.File()
	// Soldiers: from behind, or from the side once across the river.
	soldier := xiangqi.MakePiece(c, xiangqi.Soldier)
	if c == xiangqi.Red {
		if s >= 9 && b[s-9] == soldier {
			return s - 9
		}
	} else if s < 81 && b[s+9] == soldier {
		return s + 9
	}
	if !ownHalf(c, s) {
		if f > 0 && b[s-1] == soldier {
			return s - 1
		}
		if f < 8 && b[s+1] == soldier {
			return s + 1
		}
	}
	if inPalace(c, s) {
		adv := xiangqi.MakePiece(c, xiangqi.Advisor)
		for _, d := range [4]int{8, 10, -8, -10} {
			t := s + xiangqi.Square(d)
			if t.Valid() && abs(t.File()-f) == 1 && b[t] == adv {
				return t
			}
		}
	}
	if ownHalf(c, s) {
		el := xiangqi.MakePiece(c, xiangqi.Elephant)
		for _, d := range [4]int{16, 20, -16, -20} {
			t := s + xiangqi.Square(d)
			if t.Valid() && abs(t.File()-f) == 2 && b[t] == el && b[s+xiangqi.Square(d/2)] == xiangqi.NoPiece {
				return t
			}
		}
	}
	horse := xiangqi.MakePiece(c, xiangqi.Horse)
	for i := uint8(0); i < horseToN[s]; i++ {
		if st := horseTo[s][i]; b[st.from] == horse && b[st.leg] == xiangqi.NoPiece {
			return st.from
		}
	}
	chariot, cannon := xiangqi.MakePiece(c, xiangqi.Chariot), xiangqi.MakePiece(c, xiangqi.Cannon)
	cannonAt, chariotAt := xiangqi.NoSquare, xiangqi.NoSquare
	for d := 0; d < 4; d++ {
		ray, n := &seeRays[s][d], int(seeRayN[s][d])
		i := 0
		for i < n && b[ray[i]] == xiangqi.NoPiece {
			i++
		}
		if i == n {
			continue
		}
		if b[ray[i]] == chariot {
			chariotAt = ray[i]
		}
		for i++; i < n; i++ {
			if q := b[ray[i]]; q != xiangqi.NoPiece {
				if q == cannon {
					cannonAt = ray[i]
				}
				break
			}
		}
	}
	if cannonAt != xiangqi.NoSquare {
		return cannonAt
	}
	if chariotAt != xiangqi.NoSquare {
		return chariotAt
	}
	if inPalace(c, s) {
		gen := xiangqi.MakePiece(c, xiangqi.General)
		for _, d := range [4]int{9, -9, 1, -1} {
			t := s + xiangqi.Square(d)
			if t.Valid() && abs(t.File()-f) <= 1 && b[t] == gen {
				return t
			}
		}
	}
	return xiangqi.NoSquare
}

// see returns the exchange value of the capture m for the side to move (m must capture).
func see(p *xiangqi.Position, m xiangqi.Move) int {
	var b board
	b.load(p)
	return seeBoard(&b.sq, m, p.Turn())
}

// see is see on the search's position, from its board copy.
func (s *Searcher) see(m xiangqi.Move) int {
	b := s.board.sq
	return seeBoard(&b, m, s.pos.Turn())
}

func seeBoard(b *[xiangqi.NumSquares]xiangqi.Piece, m xiangqi.Move, us xiangqi.Color) int {
	from, to := m.From(), m.To()
	var gain [40]int
	gain[0] = seeValue[b[to].Kind()]
	onSquare := seeValue[b[from].Kind()] // the value standing on `to` after each capture
	b[to], b[from] = b[from], xiangqi.NoPiece
	side := us.Other()
	n := 1
	for ; n < len(gain); n++ {
		a := leastAttacker(b, to, side)
		if a == xiangqi.NoSquare {
			break
		}
		gain[n] = onSquare - gain[n-1]
		onSquare = seeValue[b[a].Kind()]
		b[to], b[a] = b[a], xiangqi.NoPiece
		side = side.Other()
	}
	for n--; n > 0; n-- {
		gain[n-1] = -max(-gain[n-1], gain[n])
	}
	return gain[0]
}
