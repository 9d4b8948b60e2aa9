package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// ReviewAction is the action a move list entry posts when clicked; its value is the entry's
// ply (the board then shows the position after it).
const ReviewAction = "qipan/review"

// The move list draws only a window of its rows, with empty blocks of the right height
// before and after, so that a 10,000-ply record costs what a short one does (drawing every
// entry took 60 ms natively per render, and the browser then compared them all). Rows have
// one height, --move-row in the style sheet, so the blocks are rows × that height.
const (
	// windowChunk is the step, in rows, by which the window follows the scroll position:
	// scrolling within a chunk changes nothing drawn.
	windowChunk = 20
	// windowRows is how many rows are drawn: the most a tall list shows (about 40) and a
	// chunk or more on each side.
	windowRows = 100
)

// MoveList shows the record, numbered by full move, in the notation chosen: the moves played,
// then the redo tail (moves undone, dimmed). The entry of the position the board shows is
// marked current, and the list keeps it drawn when the shown position changes. Each entry
// carries data-ply (1, 2, …), takes focus, and can be clicked (or Enter/Space) to review it.
type MoveList struct {
	app.Compo
	Texts     []string // every recorded move, written out
	Played    int      // how many of them the game has played (the rest is the redo tail)
	Shown     int      // the ply the board shows
	BlackFrom bool     // the game started with Black to move
	Lang      i18n.Lang
	// Judged are the report's judgements of the moves (data-judgement), nil for none.
	Judged []play.Judgement

	first    int // the first row in view, from the scroll position
	followed int // the shown ply the window was last placed for, -1 before the first render
}

func newMoveList() *MoveList { return &MoveList{followed: -1} }

// WithRecord sets the record shown: texts, of which played are played, with the board at
// ply shown.
func (l *MoveList) WithRecord(texts []string, played, shown int, blackFirst bool) *MoveList {
	l.Texts, l.Played, l.Shown, l.BlackFrom = texts, played, shown, blackFirst
	return l
}

// WithJudgements sets the report's judgements of the moves (index ply−1).
func (l *MoveList) WithJudgements(j []play.Judgement) *MoveList {
	l.Judged = j
	return l
}

// In sets the language of the list's words.
func (l *MoveList) In(lang i18n.Lang) *MoveList {
	l.Lang = lang
	return l
}

// offset is 1 when the first row starts with Black's move (its first cell is empty).
func (l *MoveList) offset() int {
	if l.BlackFrom {
		return 1
	}
	return 0
}

// rows is the number of numbered rows.
func (l *MoveList) rows() int { return (len(l.Texts) + l.offset() + 1) / 2 }

// rowOf is the row holding ply's entry (the first row for the start position).
func (l *MoveList) rowOf(ply int) int { return max(0, ply-1+l.offset()) / 2 }

// moveWindow returns the rows [from, to) to draw of rows when row first is the first in view:
// from whole chunks, a chunk before first. At the end of the record the window is shorter
// rather than moved, so that a move played adds a row instead of redrawing every row.
func moveWindow(first, rows int) (from, to int) {
	from = max(0, (first/windowChunk-1)*windowChunk)
	return from, min(rows, from+windowRows)
}

func (l *MoveList) Render() app.UI {
	// One handler for every entry, reading the entry's ply from the page: go-app keeps an
	// element's handler when it draws another entry in that element, so a handler per entry
	// would review the ply the element first showed.
	// data-moves: how many moves the record holds (the list draws only a window of them).
	body := app.Div().ID("moves").Class("moves").Attr("data-moves", len(l.Texts)).
		OnScroll(l.onScroll).OnClick(l.onClick).OnKeyDown(l.onKey)
	rows := l.rows()
	if rows == 0 {
		return body.Body(app.P().Class("nomoves").Text(l.Lang.T(i18n.NoMoves)))
	}
	from, to := moveWindow(l.first, rows)
	if l.Shown != l.followed {
		// The board shows another position: draw its entry (the page then scrolls it into
		// view). The window stays where it is when the entry is in it already, so that an
		// entry clicked or focused stays the same element.
		l.followed = l.Shown
		if r := l.rowOf(l.Shown); r < from || r >= to {
			// Two chunks above it: the rows a tall list shows above the entry it scrolls
			// to, and room below for the moves to come.
			l.first = max(0, r-2*windowChunk)
			from, to = moveWindow(l.first, rows)
		}
	}
	cells := make([]app.UI, 0, to-from+2)
	cells = append(cells, gap(from))
	for r := from; r < to; r++ {
		cells = append(cells, l.row(r))
	}
	return body.Body(append(cells, gap(rows-to))...)
}

// gap stands for n rows not drawn.
func gap(n int) app.UI {
	return app.Div().Class("moves-gap").Attr("aria-hidden", "true").Style("height", "calc("+strconv.Itoa(n)+" * var(--move-row))")
}

// row draws row r: the move number and its one or two entries.
func (l *MoveList) row(r int) app.UI {
	cells := []app.UI{app.Span().Class("num").Text(itoa(r+1) + ".")}
	for j := 0; j < 2; j++ {
		ply := 2*r + j - l.offset() + 1
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
			el := app.Span().Class(cls).Attr("data-ply", ply).Attr("role", "button").TabIndex(0).
				Title(l.Lang.T(i18n.ShowPosition)).Text(l.Texts[ply-1])
			if ply <= len(l.Judged) && l.Judged[ply-1] != play.Unjudged {
				el = el.Attr("data-judgement", string(l.Judged[ply-1]))
			}
			cells = append(cells, el)
		}
	}
	return app.Div().Class("row").Body(cells...)
}

// onClick reviews the entry clicked.
func (l *MoveList) onClick(ctx app.Context, e app.Event) { l.review(ctx, e) }

// onKey reviews the focused entry on Enter or Space, as a button does.
func (l *MoveList) onKey(ctx app.Context, e app.Event) {
	if k := e.Get("key").String(); k == "Enter" || k == " " {
		if l.review(ctx, e) {
			e.PreventDefault()
		}
	}
}

// review posts the review of the entry the event is on, if it is on one.
func (l *MoveList) review(ctx app.Context, e app.Event) bool {
	entry := e.Get("target").Call("closest", "[data-ply]")
	if !entry.Truthy() {
		return false
	}
	ply, err := strconv.Atoi(entry.Call("getAttribute", "data-ply").String())
	if err != nil {
		return false
	}
	ctx.NewActionWithValue(ReviewAction, ply)
	return true
}

// onScroll moves the window with the scroll position, drawing again only when it enters
// another chunk; the entry that had the focus keeps it.
func (l *MoveList) onScroll(ctx app.Context, e app.Event) {
	list := ctx.JSSrc()
	row := list.Call("querySelector", ".row")
	if !row.Truthy() || row.Get("offsetHeight").Int() <= 0 {
		ctx.PreventUpdate()
		return
	}
	first := list.Get("scrollTop").Int() / row.Get("offsetHeight").Int()
	before, _ := moveWindow(l.first, l.rows())
	l.first = first
	if after, _ := moveWindow(first, l.rows()); after == before {
		ctx.PreventUpdate()
		return
	}
	focused := app.Window().Get("document").Get("activeElement")
	if !focused.Truthy() || !list.Call("contains", focused).Bool() || focused.Call("getAttribute", "data-ply").IsNull() {
		return
	}
	ply := focused.Call("getAttribute", "data-ply").String()
	ctx.Defer(func(ctx app.Context) {
		if el := list.Call("querySelector", `[data-ply="`+ply+`"]`); el.Truthy() {
			el.Call("focus", map[string]any{"preventScroll": true})
		}
	})
}
