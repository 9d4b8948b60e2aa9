package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/engine/xiangqi"
)

// MoveList shows the moves played, numbered by full move, in ICCS ("H2-E2"). Each entry
// carries data-ply (1, 2, …).
type MoveList struct {
	app.Compo
	Moves     []xiangqi.Move // the moves played (not the redo tail)
	BlackFrom bool           // the game started with Black to move
}

func newMoveList() *MoveList { return &MoveList{} }

// WithMoves sets the moves shown; blackFirst says the first one is Black's.
func (l *MoveList) WithMoves(moves []xiangqi.Move, blackFirst bool) *MoveList {
	l.Moves, l.BlackFrom = moves, blackFirst
	return l
}

func (l *MoveList) Render() app.UI {
	var cells []app.UI
	offset := 0
	if l.BlackFrom {
		offset = 1
	}
	n := len(l.Moves) + offset
	for i := 0; i < n; i += 2 {
		cells = append(cells, app.Span().Class("num").Text(itoa(i/2+1)+"."))
		for j := i; j < i+2; j++ {
			ply := j - offset + 1
			switch {
			case ply < 1:
				cells = append(cells, app.Span().Class("move empty").Text("…"))
			case ply <= len(l.Moves):
				cls := "move"
				if ply == len(l.Moves) {
					cls += " current"
				}
				cells = append(cells, app.Span().Class(cls).Attr("data-ply", ply).Text(l.Moves[ply-1].ICCS()))
			}
		}
	}
	body := app.Div().ID("moves").Class("moves")
	if len(cells) == 0 {
		return body.Body(app.P().Class("nomoves").Text("No moves yet."))
	}
	return body.Body(cells...)
}
