package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
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
		hint := reversi.NoMove
		if _, to, ok := b.HintMove(); ok {
			hint = reversi.MoveAt(reversi.Square(to))
		}
		var hints []reversi.Square
		for _, sq := range b.Targets() {
			hints = append(hints, reversi.Square(sq))
		}
		v := ReversiView{
			Position: r.Shown(), Hints: hints, Last: r.LastMove(), HintMove: hint, Ready: d.Ready,
			Thinking: b.Engine.Thinking(), Lang: d.Lang, Refusal: d.Refusal, Refusals: d.Refusals,
			Cursor: d.Cursor, Browsing: b.Reviewing(),
		}
		if d.HintScores {
			for sq, score := range b.HintScores() {
				if v.Scores == nil {
					v.Scores = map[reversi.Square]int{}
				}
				v.Scores[reversi.Square(sq)] = score
			}
		}
		return newReversiBoard().WithView(v)
	}
	if m, ok := b.Xiangqi(); ok {
		last, _ := m.LastMove()
		hint := xiangqi.NoMove
		if from, to, ok := b.HintMove(); ok {
			hint = xiangqi.NewMove(xiangqi.Square(from), xiangqi.Square(to))
		}
		return newBoard().WithView(BoardView{
			Position: m.Shown(), Flipped: b.Flipped(), Selected: m.Selected(), Hints: m.Hints(), Last: last,
			Ready: d.Ready, Thinking: b.Engine.Thinking(), HintMove: hint, Coords: d.Coords, Lang: d.Lang,
			Refusal: d.Refusal, Refusals: d.Refusals, Cursor: d.Cursor, Browsing: b.Reviewing(),
		})
	}
	return app.Div()
}
