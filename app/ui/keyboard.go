package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
)

// The boards take the keyboard as the grid pattern does: one point at a time is in the tab
// order (the cursor, tabindex 0; the others -1), the arrow keys move it, Enter or Space acts
// as a click there (pick up, put down), Escape drops the selection. Every point has an
// accessible name ("e2, red cannon" / "e2 红炮"), and each move played is announced.

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
		p.board().Deselect()
	default:
		next := p.step(at, k.Key)
		if next == "" {
			return
		}
		p.cursor = next
		ctx.Defer(func(app.Context) { focusPoint(next) })
	}
}

// step is the point next to sq in the direction of an arrow key as the board is drawn, or ""
// at the edge.
func (p *Page) step(sq, key string) string {
	b := p.board()
	at, ok := b.ParseSquare(sq)
	if !ok {
		return ""
	}
	cols, rows := b.Dims()
	for col := 0; col < cols; col++ {
		for row := 0; row < rows; row++ {
			if b.Cell(col, row) != at {
				continue
			}
			col += map[string]int{"ArrowLeft": -1, "ArrowRight": 1}[key]
			row += map[string]int{"ArrowUp": -1, "ArrowDown": 1}[key]
			if col < 0 || col >= cols || row < 0 || row >= rows {
				return ""
			}
			return b.SquareName(b.Cell(col, row))
		}
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

// pointLabel is a Xiangqi point's accessible name in the board's coordinates (squareName):
// "e2, red cannon", "八路第3行 红炮", "五路第1行 红帅", "e5, empty".
func pointLabel(l i18n.Lang, s xiangqi.Square, pc xiangqi.Piece, coords string, flipped bool) string {
	name := squareName(l, s, coords, flipped)
	if pc == xiangqi.NoPiece {
		return l.T(i18n.PointEmpty, name)
	}
	colour := l.T(i18n.RedWord)
	if pc.Color() == xiangqi.Black {
		colour = l.T(i18n.BlackWord)
	}
	return l.T(i18n.PointPiece, name, colour, play.PieceName(l, pc.Color(), pc.Kind()))
}

// squareName names a point in the coordinates the board shows: ICCS's "e0", or with the
// Chinese ones the file as the side at the bottom numbers it (Red's 九…一, Black's １…９, as
// board.go's chineseCoords draws them; in English its number) and the row counted from the
// bottom: "五路第1行", "file 5, row 1".
func squareName(l i18n.Lang, s xiangqi.Square, coords string, flipped bool) string {
	if coords == play.CoordsICCS {
		return s.String()
	}
	n, row := 9-s.File(), s.Rank()+1 // Red's file numbers run from its right
	if flipped {
		n, row = s.File()+1, 10-s.Rank()
	}
	file := strconv.Itoa(n)
	switch {
	case l == i18n.English:
	case flipped:
		file = string(rune('０' + n))
	default:
		file = string([]rune("一二三四五六七八九")[n-1])
	}
	return l.T(i18n.PointChinese, file, row)
}

// cellLabel is a Reversi cell's accessible name: "d4, white disc", "d4 白棋", "a1, empty".
func cellLabel(l i18n.Lang, s reversi.Square, pos *reversi.Position) string {
	bit := uint64(1) << uint(s)
	switch {
	case pos.Black()&bit != 0:
		return l.T(i18n.PointDisc, s.String(), play.DiscText(l, reversi.Black))
	case pos.White()&bit != 0:
		return l.T(i18n.PointDisc, s.String(), play.DiscText(l, reversi.White))
	}
	return l.T(i18n.PointEmpty, s.String())
}

// announcement is the last move played, for screen readers: "Red: C2.5", "黑棋：f4", with
// the result when it ended the game; "" at the start or while reviewing. texts are the move
// list's (every recorded move, written).
func (p *Page) announcement(texts []string) string {
	b, l := p.board(), p.lang
	ply := b.Ply()
	if ply == 0 || b.Reviewing() {
		return ""
	}
	text := l.T(i18n.Announce, play.SideLabel(l, b.Variant(), b.Mover(ply)), texts[ply-1])
	if b.Result() != "" {
		text += " · " + play.BoardResult(l, b)
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
	b := p.board()
	// Reversi's discs are not moved; a piece already selected stays selected.
	if s, ok := b.ParseSquare(sq); !ok || s == b.Selected() || b.Variant() == play.VariantReversi {
		return
	}
	p.onPoint(ctx, app.Action{Name: PointAction, Value: sq})
}
