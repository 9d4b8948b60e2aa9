package search

import "qipan/engine/xiangqi"

// Piece values on a scale where a chariot is 600 and a soldier 30 before the river, as the
// exchange evaluation (see.go) and move ordering count them. The tables below add a positional
// bonus per square, written from Red's side (row 0 = Red's back rank, as in the board's ranks);
// Black uses them turned 180°. An advisor or elephant is worth 20–50 less than its value here on
// every point it can stand on: that is what the games say (the tables' fit, below).
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
// weights (positional.go) by `qipan-tune fit -target result -values -l2 1e-7` to the results
// of 3,820 games the engine played at 100,000 nodes a move and against Fairy-Stockfish (424k
// quiet positions), starting from and pulled toward the tables fitted before to
// Fairy-Stockfish's depth-7 scores (docs/strength-log.md, nineteenth session).
var bonus = [xiangqi.NumKinds][10][9]int32{
	xiangqi.General: {
		{0, 0, 0, -5, 13, -5, 0, 0, 0},
		{0, 0, 0, -8, 4, -8, 0, 0, 0},
		{0, 0, 0, -18, -13, -18, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	xiangqi.Advisor: {
		{0, 0, 0, -44, 0, -44, 0, 0, 0},
		{0, 0, 0, 0, -25, 0, 0, 0, 0},
		{0, 0, 0, -34, 0, -34, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	xiangqi.Elephant: {
		{0, 0, -41, 0, 0, 0, -41, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-49, 0, 0, 0, -22, 0, 0, 0, -49},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, -43, 0, 0, 0, -43, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	xiangqi.Horse: {
		{-34, -46, -31, -40, -31, -40, -31, -46, -34},
		{-48, -28, -26, -34, -51, -34, -26, -28, -48},
		{-30, -19, -27, -15, -22, -15, -27, -19, -30},
		{-28, -19, -12, -15, -7, -15, -12, -19, -28},
		{-23, -12, 3, 14, -5, 14, 3, -12, -23},
		{-20, -8, -7, 12, 1, 12, -7, -8, -20},
		{-19, 2, 10, 17, -1, 17, 10, 2, -19},
		{-13, -4, 5, 0, 6, 0, 5, -4, -13},
		{-19, -7, 11, 2, -7, 2, 11, -7, -19},
		{-20, -19, -13, -13, -19, -13, -13, -19, -20},
	},
	xiangqi.Chariot: {
		{-17, 0, -1, 14, 0, 14, -1, 0, -17},
		{-10, -1, -4, 4, -1, 4, -4, -1, -10},
		{-16, 0, 3, 5, 11, 5, 3, 0, -16},
		{2, 5, 7, 16, 17, 16, 7, 5, 2},
		{5, 7, 18, 16, 21, 16, 18, 7, 5},
		{5, 14, 16, 20, 22, 20, 16, 14, 5},
		{9, 14, 26, 25, 22, 25, 26, 14, 9},
		{8, 8, 11, 20, 22, 20, 11, 8, 8},
		{9, 19, 20, 29, 25, 29, 20, 19, 9},
		{5, 12, 17, 20, 19, 20, 17, 12, 5},
	},
	xiangqi.Cannon: {
		{-1, -2, -3, 6, 8, 6, -3, -2, -1},
		{-5, -2, 3, 2, 9, 2, 3, -2, -5},
		{3, -10, 9, 6, 21, 6, 9, -10, 3},
		{0, -2, -3, 1, 6, 1, -3, -2, 0},
		{-6, -3, 2, -1, 18, -1, 2, -3, -6},
		{1, -2, -3, -2, 19, -2, -3, -2, 1},
		{-6, -9, 6, 1, 24, 1, 6, -9, -6},
		{3, -1, -2, -6, -5, -6, -2, -1, 3},
		{3, -1, -2, -9, -7, -9, -2, -1, 3},
		{6, 9, -2, -9, -9, -9, -2, 9, 6},
	},
	xiangqi.Soldier: {
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{3, 0, -3, 0, 31, 0, -3, 0, 3},
		{-2, 0, 19, 0, 19, 0, 19, 0, -2},
		{38, 42, 54, 61, 66, 61, 54, 42, 38},
		{37, 47, 74, 73, 83, 73, 74, 47, 37},
		{40, 52, 71, 85, 85, 85, 71, 52, 40},
		{41, 51, 61, 70, 76, 70, 61, 51, 41},
		{8, 11, 13, 18, 22, 18, 13, 11, 8},
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
