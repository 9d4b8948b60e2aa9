package search

import "qipan/engine/xiangqi"

// Piece values on a scale where a chariot is 600 and a soldier 30 before the river. The tables
// below add a positional bonus per square, written from Red's side (row 0 = Red's back rank,
// as in the board's ranks); Black uses them turned 180°.
var value = [xiangqi.NumKinds]int32{
	xiangqi.General:  0,
	xiangqi.Advisor:  120,
	xiangqi.Elephant: 120,
	xiangqi.Horse:    270,
	xiangqi.Chariot:  600,
	xiangqi.Cannon:   285,
	xiangqi.Soldier:  30,
}

// Rows are ranks 0 (Red's back rank) to 9; columns files a..i. Fitted with the feature
// weights (positional.go) by cmd/qipan-tune to Fairy-Stockfish's depth-7 scores of 18k quiet
// self-play positions, pulled toward the earlier hand-written tables (docs/strength-log.md).
// The horse's rows hold −21 on every point: the fit's HorseTrapped weight, which a bug in the
// horse tables then applied to every horse (docs/strength-log.md, fifth and sixth sessions).
var bonus = [xiangqi.NumKinds][10][9]int32{
	xiangqi.General: {
		{0, 0, 0, -2, 12, -2, 0, 0, 0},
		{0, 0, 0, -7, -1, -7, 0, 0, 0},
		{0, 0, 0, -17, -12, -17, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	xiangqi.Advisor: {
		{0, 0, 0, -6, 0, -6, 0, 0, 0},
		{0, 0, 0, 0, 4, 0, 0, 0, 0},
		{0, 0, 0, -3, 0, -3, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	xiangqi.Elephant: {
		{0, 0, -6, 0, 0, 0, -6, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-11, 0, 0, 0, 3, 0, 0, 0, -11},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, -10, 0, 0, 0, -10, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	xiangqi.Horse: {
		{-33, -31, -28, -29, -31, -29, -28, -31, -33},
		{-30, -25, -21, -25, -33, -25, -21, -25, -30},
		{-28, -21, -18, -17, -19, -17, -18, -21, -28},
		{-25, -17, -13, -15, -13, -15, -13, -17, -25},
		{-23, -14, -10, -7, -11, -7, -10, -14, -23},
		{-21, -10, -7, -4, -7, -4, -7, -10, -21},
		{-19, -9, -4, 0, -3, 0, -4, -9, -19},
		{-17, -7, 0, 0, 5, 0, 0, -7, -17},
		{-19, -11, -6, 2, -7, 2, -6, -11, -19},
		{-21, -19, -15, -13, -19, -13, -15, -19, -21},
	},
	xiangqi.Chariot: {
		{-11, 4, 0, 8, 0, 8, 0, 4, -11},
		{-3, 6, 3, 8, 0, 8, 3, 6, -3},
		{-1, 5, 4, 10, 10, 10, 4, 5, -1},
		{2, 8, 6, 12, 14, 12, 6, 8, 2},
		{6, 10, 10, 14, 16, 14, 10, 10, 6},
		{6, 12, 12, 16, 16, 16, 12, 12, 6},
		{8, 15, 13, 18, 18, 18, 13, 15, 8},
		{8, 14, 12, 18, 20, 18, 12, 14, 8},
		{10, 18, 17, 21, 24, 21, 17, 18, 10},
		{7, 13, 13, 17, 18, 17, 13, 13, 7},
	},
	xiangqi.Cannon: {
		{0, -1, 2, 6, 6, 6, 2, -1, 0},
		{0, 1, 4, 4, 4, 4, 4, 1, 0},
		{2, 0, 1, 3, 13, 3, 1, 0, 2},
		{0, 0, 0, 2, 6, 2, 0, 0, 0},
		{-2, 0, 4, 2, 8, 2, 4, 0, -2},
		{0, 0, 0, 1, 8, 1, 0, 0, 0},
		{0, 3, 5, 5, 11, 5, 5, 3, 0},
		{2, 2, 0, -6, -5, -6, 0, 2, 2},
		{3, 3, 0, -5, -6, -5, 0, 3, 3},
		{4, 3, -1, -6, -9, -6, -1, 3, 4},
	},
	xiangqi.Soldier: {
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-4, 0, -4, 0, 9, 0, -4, 0, -4},
		{0, 0, 10, 0, 6, 0, 10, 0, 0},
		{30, 36, 43, 50, 52, 50, 43, 36, 30},
		{35, 44, 57, 65, 69, 65, 57, 44, 35},
		{40, 50, 64, 78, 85, 78, 64, 50, 40},
		{40, 50, 61, 70, 77, 70, 61, 50, 40},
		{10, 14, 18, 23, 24, 23, 18, 14, 10},
	},
}

// tempo is the bonus of having the move.
const tempo = 8

// pst[piece][square] = value + bonus from that piece's own side.
var pst [xiangqi.NumPieces][xiangqi.NumSquares]int32

func init() {
	for k := xiangqi.General; k <= xiangqi.Soldier; k++ {
		for r := 0; r < 10; r++ {
			for f := 0; f < 9; f++ {
				v := value[k] + bonus[k][r][f]
				pst[xiangqi.MakePiece(xiangqi.Red, k)][xiangqi.SquareOf(f, r)] = v
				pst[xiangqi.MakePiece(xiangqi.Black, k)][xiangqi.SquareOf(8-f, 9-r)] = v
			}
		}
	}
}

// material returns each side's sum of pst over its pieces, from scratch.
func material(p *xiangqi.Position) (m [2]int32) {
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		if pc := p.At(s); pc != xiangqi.NoPiece {
			m[pc.Color()] += pst[pc][s]
		}
	}
	return m
}

// Evaluate scores p from the side to move's view from scratch (the search keeps the material
// and piece-square sum incrementally and adds the same positional terms).
func Evaluate(p *xiangqi.Position) int {
	m := material(p)
	us := p.Turn()
	pos := Positional(p) // Red's view
	if us == xiangqi.Black {
		pos = -pos
	}
	return scaled(p, us, int(m[us]-m[us.Other()]+tempo)+pos)
}

// PieceSquare is pc's material and piece-square score on s, from pc's own side (for the tuner).
func PieceSquare(pc xiangqi.Piece, s xiangqi.Square) int32 { return pst[pc][s] }

// PieceValue is kind k's material value without the square bonus (for the tuner).
func PieceValue(k xiangqi.Kind) int32 { return value[k] }

// drawScale is how much of an advantage for c its material can turn into a win, in
// sixteenths: endings where c's attackers cannot mate the enemy's defenders (a lone cannon or
// horse against advisors, elephants or any other piece, a lone chariot against all four
// advisors and elephants, nothing to attack with) are drawn whatever the material count says.
func drawScale(p *xiangqi.Position, c xiangqi.Color) int {
	count := func(c xiangqi.Color, k xiangqi.Kind) int { return p.Count(xiangqi.MakePiece(c, k)) }
	chariots, horses := count(c, xiangqi.Chariot), count(c, xiangqi.Horse)
	cannons, soldiers := count(c, xiangqi.Cannon), count(c, xiangqi.Soldier)
	if pieces := chariots + horses + cannons; pieces > 1 || pieces == 1 && soldiers > 0 {
		return 16
	}
	e := c.Other()
	defenders := count(e, xiangqi.Advisor) + count(e, xiangqi.Elephant)
	if chariots == 0 { // a lone horse, cannon or soldier is held by any enemy piece as by a
		// defender, by a chariot as by two
		defenders += count(e, xiangqi.Horse) + count(e, xiangqi.Cannon) + count(e, xiangqi.Soldier) + 2*count(e, xiangqi.Chariot)
	}
	switch {
	case chariots+horses+cannons+soldiers == 0:
		return 0
	case chariots == 1:
		if defenders == 4 {
			return 2
		}
	case cannons == 1:
		if defenders >= 1 {
			return 2
		}
	case horses == 1:
		if defenders >= 3 {
			return 2
		}
		if defenders == 2 {
			return 8
		}
	case soldiers == 1:
		if defenders >= 2 {
			return 2
		}
	}
	return 16
}

// scaled applies drawScale to v, an evaluation from us's view.
func scaled(p *xiangqi.Position, us xiangqi.Color, v int) int {
	if v > 0 {
		return v * drawScale(p, us) / 16
	}
	return v * drawScale(p, us.Other()) / 16
}
