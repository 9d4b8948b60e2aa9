package play

import (
	"strconv"

	"qipan/app/i18n"
	"qipan/engine/xiangqi"
)

// The board's cells as a screen reader names them, in the board's coordinates.

// SpokenName names cell c as the board's coordinates write it: ICCS's "e0" (and every other
// game's own name), or with Xiangqi's Chinese coordinates the file as the side at the bottom
// numbers it (Red's 一…九, Black's １…９, as EdgeLabels writes them; in English its number)
// and the row counted from the bottom: "五路第1行", "file 5, row 1".
func (v BoardView) SpokenName(l i18n.Lang, c ViewCell) string {
	if v.Variant != VariantXiangqi || v.Coords == CoordsICCS {
		return c.Name
	}
	n, row := v.Cols-c.Col, v.Rows-c.Row // the side at the bottom numbers files from its right
	file := strconv.Itoa(n)
	switch {
	case l == i18n.English:
	case v.Flipped:
		file = string(rune('０' + n))
	default:
		file = string([]rune("一二三四五六七八九")[n-1])
	}
	return l.T(i18n.PointChinese, file, row)
}

// CellLabel is cell c's accessible name: "e2, red cannon", "八路第3行 红炮", "d4, White disc",
// "e5, empty".
func (v BoardView) CellLabel(l i18n.Lang, c ViewCell) string {
	name := v.SpokenName(l, c)
	switch c.Piece {
	case 0:
		return l.T(i18n.PointEmpty, name)
	case 'X', 'O':
		return l.T(i18n.PointDisc, name, PieceText(l, c.Piece))
	}
	pc, ok := xiangqiPiece(c.Piece)
	if !ok {
		return l.T(i18n.PointPiece, name, "", string(c.Piece))
	}
	colour := l.T(i18n.RedWord)
	if pc.Color() == xiangqi.Black {
		colour = l.T(i18n.BlackWord)
	}
	return l.T(i18n.PointPiece, name, colour, PieceName(l, pc.Color(), pc.Kind()))
}

// xiangqiPiece is the piece whose FEN letter is b.
func xiangqiPiece(b byte) (xiangqi.Piece, bool) {
	for _, c := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
		for k := xiangqi.Kind(1); k < xiangqi.NumKinds; k++ {
			if pc := xiangqi.MakePiece(c, k); pc.FEN() == b {
				return pc, true
			}
		}
	}
	return xiangqi.NoPiece, false
}
