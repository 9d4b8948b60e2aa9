// Package glyph holds the outlines of the Chinese characters the board draws (pieces, river,
// Red's file numbers 一…九), as SVG path data, so they look the same whether or not the
// machine has a CJK font.
// paths.go is generated from Noto Serif CJK (SIL OFL 1.1) by ./gen.
package glyph

//go:generate sh -c "cd gen && go run . > ../paths.go"

// Size is the side of the square box each path is drawn in, centred on (0, 0), y down.
const Size = 1000

// pieceNames maps a FEN piece letter to its character: red upper case, black lower case.
var pieceNames = map[byte]rune{
	'K': '帥', 'A': '仕', 'B': '相', 'N': '傌', 'R': '俥', 'C': '炮', 'P': '兵',
	'k': '將', 'a': '士', 'b': '象', 'n': '馬', 'r': '車', 'c': '砲', 'p': '卒',
}

// PieceRune returns the character written on the piece with FEN letter fen, or 0 if fen is
// not a piece letter.
func PieceRune(fen byte) rune { return pieceNames[fen] }

// Path returns the outline of r, and false if r is not one of the board's characters.
func Path(r rune) (string, bool) {
	p, ok := paths[r]
	return p, ok
}
