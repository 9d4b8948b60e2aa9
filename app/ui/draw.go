package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// drawing is what a front end adds to a board's own state when it draws it.
type drawing struct {
	Ready      bool      // the app is running: clicks are handled
	Coords     string    // Xiangqi's coordinates (play.CoordsChinese or play.CoordsICCS)
	Lang       i18n.Lang // of the accessible names
	Refusal    play.Refusal
	Refusals   int
	Cursor     string // the point in the tab order, "" for the default
	HintScores bool   // write the hint search's scores on Reversi's legal cells
}

// drawBoard draws b's shown position with the SVG board of its game: the one place that
// knows which drawing goes with which game.
func drawBoard(b *play.Table, d drawing) app.UI {
	if r, ok := b.Reversi(); ok {
		hint, _ := r.HintMove()
		v := ReversiView{
			Position: r.Shown(), Hints: r.Hints(), Last: r.LastMove(), HintMove: hint, Ready: d.Ready,
			Thinking: r.Engine.Thinking(), Lang: d.Lang, Refusal: d.Refusal, Refusals: d.Refusals,
			Cursor: d.Cursor, Browsing: r.Reviewing(),
		}
		if d.HintScores {
			v.Scores = r.HintScores()
		}
		return newReversiBoard().WithView(v)
	}
	if m, ok := b.Xiangqi(); ok {
		last, _ := m.LastMove()
		hint, _ := m.HintMove()
		return newBoard().WithView(BoardView{
			Position: m.Shown(), Flipped: m.Flipped(), Selected: m.Selected(), Hints: m.Hints(), Last: last,
			Ready: d.Ready, Thinking: m.Engine.Thinking(), HintMove: hint, Coords: d.Coords, Lang: d.Lang,
			Refusal: d.Refusal, Refusals: d.Refusals, Cursor: d.Cursor, Browsing: m.Reviewing(),
		})
	}
	return app.Div()
}
