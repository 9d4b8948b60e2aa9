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

// Rows are ranks 0 (Red's back rank) to 9; columns files a..i.
var bonus = [xiangqi.NumKinds][10][9]int32{
	xiangqi.General: {
		{0, 0, 0, 2, 8, 2, 0, 0, 0},
		{0, 0, 0, -6, -4, -6, 0, 0, 0},
		{0, 0, 0, -16, -12, -16, 0, 0, 0},
	},
	xiangqi.Advisor: {
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 6, 0, 0, 0, 0},
		{0, 0, 0, -2, 0, -2, 0, 0, 0},
	},
	xiangqi.Elephant: {
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-4, 0, 0, 0, 6, 0, 0, 0, -4},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, -2, 0, 0, 0, -2, 0, 0},
	},
	xiangqi.Horse: {
		{-12, -8, -6, -6, -10, -6, -6, -8, -12},
		{-8, -4, 0, -4, -10, -4, 0, -4, -8},
		{-6, 0, 4, 4, 2, 4, 4, 0, -6},
		{-4, 4, 8, 6, 8, 6, 8, 4, -4},
		{-2, 6, 10, 12, 10, 12, 10, 6, -2},
		{0, 10, 14, 16, 14, 16, 14, 10, 0},
		{2, 12, 18, 20, 18, 20, 18, 12, 2},
		{4, 14, 20, 22, 26, 22, 20, 14, 4},
		{2, 10, 16, 24, 14, 24, 16, 10, 2},
		{0, 2, 6, 8, 2, 8, 6, 2, 0},
	},
	xiangqi.Chariot: {
		{-10, 4, 0, 8, 0, 8, 0, 4, -10},
		{-2, 6, 4, 8, 0, 8, 4, 6, -2},
		{0, 6, 4, 10, 10, 10, 4, 6, 0},
		{2, 8, 6, 12, 14, 12, 6, 8, 2},
		{6, 10, 10, 14, 16, 14, 10, 10, 6},
		{6, 12, 12, 16, 16, 16, 12, 12, 6},
		{8, 14, 12, 18, 18, 18, 12, 14, 8},
		{8, 14, 12, 18, 20, 18, 12, 14, 8},
		{10, 18, 16, 22, 24, 22, 16, 18, 10},
		{8, 14, 12, 18, 18, 18, 12, 14, 8},
	},
	xiangqi.Cannon: {
		{0, 0, 2, 6, 6, 6, 2, 0, 0},
		{0, 2, 4, 4, 4, 4, 4, 2, 0},
		{2, 2, 0, 2, 12, 2, 0, 2, 2},
		{0, 0, 0, 2, 6, 2, 0, 0, 0},
		{-2, 0, 4, 2, 8, 2, 4, 0, -2},
		{0, 0, 0, 2, 8, 2, 0, 0, 0},
		{0, 2, 4, 6, 10, 6, 4, 2, 0},
		{2, 2, 0, -6, -4, -6, 0, 2, 2},
		{4, 4, 0, -4, -6, -4, 0, 4, 4},
		{6, 4, 0, -6, -8, -6, 0, 4, 6},
	},
	xiangqi.Soldier: {
		{},
		{},
		{},
		{0, 0, -2, 0, 4, 0, -2, 0, 0},
		{2, 0, 8, 0, 8, 0, 8, 0, 2},
		{30, 36, 44, 50, 52, 50, 44, 36, 30},
		{36, 44, 56, 64, 70, 64, 56, 44, 36},
		{40, 50, 64, 76, 84, 76, 64, 50, 40},
		{40, 50, 60, 70, 76, 70, 60, 50, 40},
		{10, 14, 18, 22, 24, 22, 18, 14, 10},
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
	v := int(m[us]-m[us.Other()]+tempo) + Positional(p)
	if us == xiangqi.Black {
		v -= 2 * Positional(p)
	}
	return v
}

// PieceSquare is pc's material and piece-square score on s, from pc's own side (for the tuner).
func PieceSquare(pc xiangqi.Piece, s xiangqi.Square) int32 { return pst[pc][s] }

// PieceValue is kind k's material value without the square bonus (for the tuner).
func PieceValue(k xiangqi.Kind) int32 { return value[k] }
