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
		{0, 0, 0, 5, 19, 5, 0, 0, 0},
		{0, 0, 0, -7, 4, -7, 0, 0, 0},
		{0, 0, 0, -25, -22, -25, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	xiangqi.Advisor: {
		{0, 0, 0, -68, 0, -68, 0, 0, 0},
		{0, 0, 0, 0, -46, 0, 0, 0, 0},
		{0, 0, 0, -59, 0, -59, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	xiangqi.Elephant: {
		{0, 0, -62, 0, 0, 0, -62, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-86, 0, 0, 0, -46, 0, 0, 0, -86},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, -76, 0, 0, 0, -76, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	xiangqi.Horse: {
		{-37, -66, -39, -72, -30, -72, -39, -66, -37},
		{-93, -41, -37, -50, -86, -50, -37, -41, -93},
		{-38, -2, -30, -2, -36, -2, -30, -2, -38},
		{-38, -18, -3, -9, 13, -9, -3, -18, -38},
		{-20, -6, 34, 38, 22, 38, 34, -6, -20},
		{-16, 0, -7, 33, 21, 33, -7, 0, -16},
		{-22, 31, 28, 38, -5, 38, 28, 31, -22},
		{7, 8, 16, 0, 11, 0, 16, 8, 7},
		{-22, 8, 50, -3, -8, -3, 50, 8, -22},
		{-16, -19, 5, -12, -20, -12, 5, -19, -16},
	},
	xiangqi.Chariot: {
		{-32, -8, -2, 35, 0, 35, -2, -8, -32},
		{-28, -13, -23, -5, -8, -5, -23, -13, -28},
		{-50, -4, 5, -1, 19, -1, 5, -4, -50},
		{11, 6, 18, 33, 37, 33, 18, 6, 11},
		{9, 8, 38, 29, 38, 29, 38, 8, 9},
		{-2, 20, 30, 27, 39, 27, 30, 20, -2},
		{8, 12, 42, 35, 27, 35, 42, 12, 8},
		{11, -6, 8, 24, 31, 24, 8, -6, 11},
		{7, 22, 31, 43, 36, 43, 31, 22, 7},
		{-2, 11, 31, 33, 26, 33, 31, 11, -2},
	},
	xiangqi.Cannon: {
		{-4, -1, -15, 11, 28, 11, -15, -1, -4},
		{-17, -5, 9, 12, 30, 12, 9, -5, -17},
		{4, -19, 20, 12, 28, 12, 20, -19, 4},
		{3, -5, -13, 4, 14, 4, -13, -5, 3},
		{-15, -8, 2, -3, 40, -3, 2, -8, -15},
		{5, -8, -19, -15, 43, -15, -19, -8, 5},
		{-21, -33, 3, -12, 41, -12, 3, -33, -21},
		{8, -11, -10, -9, -7, -9, -10, -11, 8},
		{4, -14, -11, -29, -19, -29, -11, -14, 4},
		{10, 23, -8, -23, -9, -23, -8, 23, 10},
	},
	xiangqi.Soldier: {
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{7, 0, 3, 0, 55, 0, 3, 0, 7},
		{3, 0, 26, 0, 46, 0, 26, 0, 3},
		{50, 57, 73, 88, 96, 88, 73, 57, 50},
		{44, 59, 97, 79, 97, 79, 97, 59, 44},
		{44, 61, 95, 114, 91, 114, 95, 61, 44},
		{51, 57, 65, 67, 72, 67, 65, 57, 51},
		{-3, -8, -12, -11, 2, -11, -12, -8, -3},
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
