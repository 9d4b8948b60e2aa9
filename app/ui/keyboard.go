package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// The boards take the keyboard as the grid pattern does: one point at a time is in the tab
// order (the cursor, tabindex 0; the others -1), the arrow keys move it, Enter or Space acts
// as a click there (pick up, put down), Escape drops the selection. Every point has an
// accessible name (play.BoardView.CellLabel: "e2, red cannon" / "五路第3行 红炮"), and each
// move played is announced.

// BoardKeyAction is posted by a key pressed on a board point; its value is a BoardKey.
const BoardKeyAction = "qipan/board-key"

// BoardKey is a key pressed on the board point Square.
type BoardKey struct{ Key, Square string }

// boardKeys are the keys the board uses; the others (← → to browse the record from outside
// the board, Tab) go on as usual.
var boardKeys = map[string]bool{
	"ArrowUp": true, "ArrowDown": true, "ArrowLeft": true, "ArrowRight": true, "Enter": true, " ": true, "Escape": true,
}

// onBoardKeyDown is both boards' keydown handler. While the record is reviewed (the board's
// data-browsing) the board takes no moves, and the arrows browse the record as they do off
// the board. (The state is read from the DOM: go-app keeps a handler from the first render.)
func onBoardKeyDown(ctx app.Context, e app.Event) {
	key := e.Get("key").String()
	if !boardKeys[key] {
		return
	}
	pt := e.Get("target").Call("closest", ".pt[data-square]")
	if !pt.Truthy() {
		return
	}
	browsing := pt.Call("closest", "#board").Call("hasAttribute", "data-browsing").Bool()
	if arrow := key != "Enter" && key != " " && key != "Escape"; arrow && browsing {
		return
	}
	e.PreventDefault()
	e.Call("stopPropagation") // the page's own ← → browse the record
	ctx.NewActionWithValue(BoardKeyAction, BoardKey{Key: key, Square: pt.Call("getAttribute", "data-square").String()})
}

// onBoardKey moves the cursor, or acts on the point under it.
func (p *Page) onBoardKey(ctx app.Context, a app.Action) {
	k, ok := a.Value.(BoardKey)
	if !ok {
		return
	}
	// The cursor, when there is one, is where the keys act: the focus follows it a frame
	// later, so quick keys could name the point it is leaving.
	at := cursorOr(p.cursor, k.Square)
	switch k.Key {
	case "Enter", " ":
		p.onPoint(ctx, app.Action{Name: PointAction, Value: at})
	case "Escape":
		p.refusal = ""
		p.s.Escape()
	default:
		next := p.step(at, k.Key)
		if next == "" {
			return
		}
		p.cursor = next
		ctx.Defer(func(app.Context) { focusPoint(next) })
	}
}

// arrows are the moves of the keyboard's cursor by the arrow keys, in display columns and rows
// (the game's board and the editor's).
var arrows = map[string][2]int{"ArrowLeft": {-1, 0}, "ArrowRight": {1, 0}, "ArrowUp": {0, -1}, "ArrowDown": {0, 1}}

// step is the point next to sq in the direction of an arrow key as the board is drawn, or ""
// at the edge.
func (p *Page) step(sq, key string) string {
	b := p.table()
	at, ok := b.ParseSquare(sq)
	d, arrow := arrows[key]
	if !ok || !arrow {
		return ""
	}
	if next := p.view().Step(at, d[0], d[1]); next >= 0 {
		return b.SquareName(next)
	}
	return ""
}

// cursorOr returns the cursor, or def when there is none yet.
func cursorOr(cursor, def string) string {
	if cursor == "" {
		return def
	}
	return cursor
}

// announcement is the last move played, for screen readers: "Red: C2.5", "黑棋：f4", with
// the result when it ended the game; "" at the start or while reviewing. texts are the move
// list's (every recorded move, written).
func (p *Page) announcement(texts []string) string {
	b, l := p.table(), p.lang
	ply := b.Ply()
	if ply == 0 || b.Reviewing() {
		return ""
	}
	text := l.T(i18n.Announce, play.SideLabel(l, b.Variant(), b.Mover(ply)), texts[ply-1])
	if b.Result() != "" {
		text += " · " + play.TableResult(l, b)
	}
	return text
}

// announcer is the live region that reads out each move (texts: the move list's).
func (p *Page) announcer(texts []string) app.UI {
	return app.P().Class("sr-only").Attr("aria-live", "polite").Attr("data-announce", "true").Text(p.announcement(texts))
}

// onDragStart selects the piece a drag picked up (drag_wasm.go); the drop is a click where it
// lands. A piece already selected stays selected.
func (p *Page) onDragStart(ctx app.Context, sq string) {
	b := p.table()
	// (Only Xiangqi's board listens for drags: listenDrag.)
	if s, ok := b.ParseSquare(sq); !ok || s == b.Selected() {
		return
	}
	p.onPoint(ctx, app.Action{Name: PointAction, Value: sq})
}
