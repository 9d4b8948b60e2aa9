package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
)

// ReviewAction is the action a move list entry posts when clicked; its value is the entry's
// ply (the board then shows the position after it).
const ReviewAction = "qipan/review"

// MoveList shows the whole record, numbered by full move, in the notation chosen: the moves
// played, then the redo tail (moves undone, dimmed). The entry of the position the board
// shows is marked current. Each entry carries data-ply (1, 2, …) and can be clicked.
type MoveList struct {
	app.Compo
	Texts     []string // every recorded move, written out
	Played    int      // how many of them the game has played (the rest is the redo tail)
	Shown     int      // the ply the board shows
	BlackFrom bool     // the game started with Black to move
	Lang      i18n.Lang
}

func newMoveList() *MoveList { return &MoveList{} }

// WithMoves sets the moves shown: all of texts played, the last one shown.
func (l *MoveList) WithMoves(texts []string, blackFirst bool) *MoveList {
	return l.WithRecord(texts, len(texts), len(texts), blackFirst)
}

// WithRecord sets the record shown: texts, of which played are played, with the board at
// ply shown.
func (l *MoveList) WithRecord(texts []string, played, shown int, blackFirst bool) *MoveList {
	l.Texts, l.Played, l.Shown, l.BlackFrom = texts, played, shown, blackFirst
	return l
}

// In sets the language of the list's words.
func (l *MoveList) In(lang i18n.Lang) *MoveList {
	l.Lang = lang
	return l
}

func (l *MoveList) Render() app.UI {
	var cells []app.UI
	offset := 0
	if l.BlackFrom {
		offset = 1
	}
	n := len(l.Texts) + offset
	for i := 0; i < n; i += 2 {
		cells = append(cells, app.Span().Class("num").Text(itoa(i/2+1)+"."))
		for j := i; j < i+2; j++ {
			ply := j - offset + 1
			switch {
			case ply < 1:
				cells = append(cells, app.Span().Class("move empty").Text("…"))
			case ply <= len(l.Texts):
				cls := "move"
				if ply > l.Played {
					cls += " tail"
				}
				if ply == l.Shown {
					cls += " current"
				}
				cells = append(cells, app.Span().Class(cls).Attr("data-ply", ply).Attr("role", "button").
					Title(l.Lang.T(i18n.ShowPosition)).Text(l.Texts[ply-1]).OnClick(l.onClick(ply)))
			}
		}
	}
	body := app.Div().ID("moves").Class("moves")
	if len(cells) == 0 {
		return body.Body(app.P().Class("nomoves").Text(l.Lang.T(i18n.NoMoves)))
	}
	return body.Body(cells...)
}

func (l *MoveList) onClick(ply int) app.EventHandler {
	return func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ReviewAction, ply) }
}
