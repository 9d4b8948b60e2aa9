package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// drawing is what a front end adds to a board's view when it draws it.
type drawing struct {
	Ready      bool      // the app is running: clicks are handled
	Lang       i18n.Lang // of the accessible names
	Refusal    play.Refusal
	Refusals   int
	HintScores bool   // write the hint search's scores on the cells they score
	Puzzle     string // the board's data-puzzle: how the puzzle on it stands ("" for a game)
	Report     string // the board's data-report: "running", "done" or ""
}

// drawBoard draws the board view v (play.Table.View) with the SVG board of its game: wood and
// points for Xiangqi, felt and cells for Reversi. It is the one place that knows which
// drawing goes with which game.
func drawBoard(v play.BoardView, d drawing) app.UI {
	if v.Variant == play.VariantReversi {
		return &ReversiBoard{View: v, Draw: d}
	}
	return &Board{View: v, Draw: d}
}
