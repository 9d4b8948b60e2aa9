package play

import "qipan/app/i18n"

// PuzzleSourceName is the name of a puzzle collection in l, as a list of puzzles heads its
// puzzles with it: a manual's own (适情雅趣), or the words for qipan's Reversi collection
// (ReversiSource) and its mined Xiangqi one (MinedSource).
func PuzzleSourceName(l i18n.Lang, src string) string {
	switch src {
	case ReversiSource:
		return l.T(i18n.ReversiPuzzles)
	case MinedSource:
		return l.T(i18n.MinedPuzzles)
	}
	return src
}
