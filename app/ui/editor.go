package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// The position editor (Xiangqi 摆局, Reversi setup) takes the place of the board and its panel
// while a position is set up: the board to place pieces on, the palette, the side to move,
// why the position cannot be played, and Clear, Start position, Flip, Cancel and Play from
// here. Its DOM (docs/contracts.md): the root has data-editor (the game), data-fen (the edited
// position) and data-legal; the line .edit-status says why the position cannot be played, with
// data-edit-error = the reason's name (play.EditReason), or that it is legal (then without
// data-edit-error); every point data-square, every piece data-piece (disc data-disc); the
// palette's buttons data-pick (the FEN letter, X/O, "-" for the eraser) and aria-pressed; the
// buttons data-edit (turn with data-side 0/1, clear, start, flip, cancel, play).

// EditAction is what the editor posts; its value is an Edit.
const EditAction = "qipan/edit"

// Edit is one thing done in the editor: a button's data-edit (with its data-side or
// data-pick as Arg), "put" on the point Arg, a key ("key") pressed on the point Arg, or a
// piece dragged ("move") from the point Arg to the point To.
type Edit struct{ Do, Arg, Key, To string }

// EditView is what the editor shows, a snapshot of a play.Editor.
type EditView struct {
	Variant string
	Board   play.BoardView // the edited position (play.Editor.View), its Position the root's data-fen
	Turn    int
	Picked  byte
	Palette []byte
	Problem play.EditProblem
	Stuck   bool // legal, and the side to move has no move (play.Editor.Stuck)
	Lang    i18n.Lang
	Theme   string
}

// editView takes the snapshot of e the editor shows: cursor is the square in the tab order,
// coords Xiangqi's coordinates, as the game's board shows them.
func editView(e *play.Editor, l i18n.Lang, theme string, cursor int, coords string) EditView {
	return EditView{Variant: e.Variant(), Board: e.View(play.ViewOptions{Coords: coords, Cursor: e.SquareName(cursor), Lang: l}),
		Turn: e.Turn(), Picked: e.Picked(), Palette: e.Palette(), Problem: e.Check(), Stuck: e.Stuck(), Lang: l, Theme: theme}
}

// PositionEditor is the editor component.
type PositionEditor struct {
	app.Compo
	View     EditView
	undrag   func()
	dragFrom string // the point a drag started from
}

// OnMount lets the pieces of the Xiangqi editor be dragged from point to point (drag_wasm.go;
// the Reversi discs are only placed and removed).
func (c *PositionEditor) OnMount(ctx app.Context) {
	c.undrag = listenDragIn("[data-editor='xiangqi'] .edit-board",
		func(sq string) { ctx.Dispatch(func(app.Context) { c.dragFrom = sq }) },
		func(sq string) {
			ctx.Dispatch(func(ctx app.Context) {
				ctx.NewActionWithValue(EditAction, Edit{Do: "move", Arg: c.dragFrom, To: sq})
			})
		})
}

func (c *PositionEditor) OnDismount() {
	if c.undrag != nil {
		c.undrag()
	}
}

func newPositionEditor() *PositionEditor { return &PositionEditor{} }

// WithView sets what the editor shows.
func (c *PositionEditor) WithView(v EditView) *PositionEditor {
	c.View = v
	return c
}

func (c *PositionEditor) reversi() bool { return c.View.Variant == play.VariantReversi }

func (c *PositionEditor) Render() app.UI {
	v, l := c.View, c.View.Lang
	class := "qipan editing"
	if c.reversi() {
		class += " reversi"
	}
	legal := v.Problem.Reason == ""
	why := v.Problem.Text(l, v.Variant)
	if legal {
		key := i18n.EditLegal
		switch {
		case v.Stuck && c.reversi():
			key = i18n.EditLegalPass
		case v.Stuck:
			key = i18n.EditLegalOver
		}
		why = l.T(key, play.SideLabel(l, v.Variant, v.Turn))
	}
	help := i18n.EditHelp
	if c.reversi() {
		help = i18n.EditHelpReversi
	}
	return app.Div().Class(class).Attr("data-theme", v.Theme).
		Attr("data-editor", v.Variant).Attr("data-fen", v.Board.Position).Attr("data-legal", strconv.FormatBool(legal)).
		Body(
			app.Div().Class("board-wrap").Body(c.board()),
			app.Aside().Class("panel edit-panel").Aria("label", l.T(i18n.EditTitle)).Body(
				app.H1().Class("title").Text(l.T(i18n.EditTitle)),
				app.P().Class("edit-help").Text(l.T(help)),
				// The verdict comes first, so that on a phone it is in view under the board.
				app.P().Class(map[bool]string{true: "edit-status legal", false: "edit-status illegal"}[legal]).
					Attr("data-edit-error", string(v.Problem.Reason)).Attr("role", "status").Attr("aria-live", "polite").Text(why),
				c.palette(),
				app.Div().Class("segmented two").Attr("role", "group").Aria("label", l.T(i18n.EditSideToMove)).Body(
					c.sideButton(0), c.sideButton(1),
				),
				c.boardButtons(),
				app.Div().Class("controls two").Body(
					editButton("cancel", l.T(i18n.EditCancel), l.T(i18n.EditCancelTitle), true),
					editButton("play", l.T(i18n.PlayFromHere), l.T(i18n.EditPlayTitle), legal).Class("play"),
				),
			),
		)
}

// boardButtons clear the board, set the start position and (Xiangqi) turn the board round.
func (c *PositionEditor) boardButtons() app.UI {
	l := c.View.Lang
	clear := editButton("clear", l.T(i18n.EditClear), l.T(i18n.EditClearTitle), true)
	start := editButton("start", l.T(i18n.StartPosition), l.T(i18n.EditStartTitle), true)
	if c.reversi() { // the Reversi board is not turned round
		return app.Div().Class("controls two").Body(clear, start)
	}
	return app.Div().Class("controls three").Body(clear, start, editButton("flip", l.T(i18n.Flip), l.T(i18n.FlipTitle), true))
}

// editButton is a button posting EditAction with its data-edit.
func editButton(do, label, title string, enabled bool) app.HTMLButton {
	return app.Button().Class("control").Attr("data-edit", do).Title(title).Disabled(!enabled).Text(label).OnClick(onEditClick)
}

func onEditClick(ctx app.Context, e app.Event) {
	t := e.Get("currentTarget")
	arg := t.Call("getAttribute", "data-side")
	if !arg.Truthy() {
		arg = t.Call("getAttribute", "data-pick")
	}
	ed := Edit{Do: t.Call("getAttribute", "data-edit").String()}
	if arg.Truthy() {
		ed.Arg = arg.String()
	}
	ctx.NewActionWithValue(EditAction, ed)
}

// sideButton chooses the side to move.
func (c *PositionEditor) sideButton(side int) app.UI {
	v := c.View
	name := play.SideLabel(v.Lang, v.Variant, side)
	return editButton("turn", name, v.Lang.T(i18n.EditSideToMove)+": "+name, true).Class("seg").
		Attr("data-side", itoa(side)).Attr("aria-pressed", strconv.FormatBool(v.Turn == side))
}

// pickName is the palette's name of a piece for data-pick: its letter, "-" for the eraser.
func pickName(pc byte) string {
	if pc == 0 {
		return "-"
	}
	return string(pc)
}

// palette is one button per piece (or disc) and the eraser; the chosen one is pressed.
func (c *PositionEditor) palette() app.UI {
	v := c.View
	var bs []app.UI
	for _, pc := range v.Palette {
		bs = append(bs, editButton("pick", "", play.PieceText(v.Lang, pc), true).Class("swatch").
			Attr("data-pick", pickName(pc)).Aria("label", play.PieceText(v.Lang, pc)).
			Attr("aria-pressed", strconv.FormatBool(pc == v.Picked)).Body(swatch(pc, c.reversi())))
	}
	class := "palette"
	if c.reversi() {
		class += " discs-palette"
	}
	return app.Div().Class(class).Attr("role", "group").Aria("label", v.Lang.T(i18n.EditPalette)).Body(bs...)
}

// swatch draws a palette piece as the board draws it (the glyphs are the editor board's defs).
func swatch(pc byte, reversi bool) app.UI {
	s := svgElem("svg").Attr("viewBox", "-50 -50 100 100").Attr("aria-hidden", "true")
	switch {
	case pc == 0:
		return s.Class("eraser").Body(
			svgElem("circle").Attr("r", 40),
			svgElem("path").Attr("d", "M-20 -20L20 20M20 -20L-20 20"))
	case reversi:
		colour := map[byte]string{'X': "disc black", 'O': "disc white"}[pc]
		return s.Body(svgElem("circle").Class(colour).Attr("r", 42))
	}
	return s.Body(piece(pc, 0, 0, false))
}

// board is the position being set up, drawn as the game's board is; every point is a button
// that puts the picked piece there.
func (c *PositionEditor) board() app.UI {
	v, l := c.View.Board, c.View.Lang
	if c.reversi() {
		return c.boardRoot("board reversi edit-board", itoa(rvSize)+" "+itoa(rvSize)).Body(
			reversiGrid(v.Labels), reversiDiscs(v), pointRects(v, l, cellXY, rvCell))
	}
	return c.boardRoot("board edit-board", itoa(boardW)+" "+itoa(boardH)).Body(
		&boardBase{Coords: v.Coords, Labels: v.Labels}, xiangqiPieces(v), pointRects(v, l, pointCorner, cell))
}

// boardRoot is the editor board's svg: clicks put a piece, keys move the cursor (keyboard.go's
// grid pattern: one point in the tab order).
func (c *PositionEditor) boardRoot(class, size string) app.HTMLElem {
	return svgElem("svg").Class(class).Attr("viewBox", "0 0 "+size).
		Attr("role", "group").Aria("label", c.View.Lang.T(i18n.EditBoard)).
		On("click", onEditBoardClick).On("keydown", onEditBoardKey)
}

func onEditBoardClick(ctx app.Context, e app.Event) {
	pt := e.Get("target").Call("closest", "[data-square]")
	if pt.Truthy() {
		ctx.NewActionWithValue(EditAction, Edit{Do: "put", Arg: pt.Call("getAttribute", "data-square").String()})
	}
}

func onEditBoardKey(ctx app.Context, e app.Event) {
	key := e.Get("key").String()
	if !boardKeys[key] || key == "Escape" {
		return
	}
	pt := e.Get("target").Call("closest", ".pt[data-square]")
	if !pt.Truthy() {
		return
	}
	e.PreventDefault()
	e.Call("stopPropagation") // the page's own ← → browse the record
	ctx.NewActionWithValue(EditAction, Edit{Do: "key", Key: key, Arg: pt.Call("getAttribute", "data-square").String()})
}

// applyEdit does ed to the editor e; cursor is the square in the tab order. It returns the
// new cursor and what the page has to do: "cancel", "play", or "" (the editor changed, or
// nothing happened).
func applyEdit(e *play.Editor, cursor int, ed Edit) (int, string) {
	switch ed.Do {
	case "pick":
		pc := byte(0)
		if ed.Arg != "-" && len(ed.Arg) == 1 {
			pc = ed.Arg[0]
		}
		e.Pick(pc)
	case "put":
		if sq, ok := e.ParseSquare(ed.Arg); ok {
			e.Put(sq)
			cursor = sq
		}
	case "key":
		sq, ok := e.ParseSquare(ed.Arg)
		if !ok {
			break
		}
		if ed.Key == "Enter" || ed.Key == " " {
			e.Put(sq)
			return sq, ""
		}
		if d, ok := arrows[ed.Key]; ok {
			if next := e.Step(sq, d[0], d[1]); next >= 0 {
				cursor = next
			}
		}
	case "move":
		from, ok1 := e.ParseSquare(ed.Arg)
		to, ok2 := e.ParseSquare(ed.To)
		if ok1 && ok2 && e.Piece(from) != 0 {
			e.Move(from, to)
			cursor = to
		}
	case "turn":
		if side, err := strconv.Atoi(ed.Arg); err == nil {
			e.SetTurn(side)
		}
	case "clear":
		e.Clear()
	case "start":
		e.StartPosition()
	case "flip":
		if e.Variant() != play.VariantReversi {
			e.Flip()
		}
	case "cancel", "play":
		return cursor, ed.Do
	}
	return cursor, ""
}

// openEditor starts setting up a position from the one the board shows.
func (p *Page) openEditor() {
	p.editor = play.NewEditor(p.table())
	cols, rows := p.editor.Dims()
	p.editCursor = p.editor.Cell(cols/2, rows-1)
	p.s.Do(play.ActNewCancel)
	p.refusal = ""
}

// onEdit handles the editor's buttons, points and keys.
func (p *Page) onEdit(ctx app.Context, a app.Action) {
	ed, ok := a.Value.(Edit)
	if !ok || p.editor == nil {
		return
	}
	cursor, do := applyEdit(p.editor, p.editCursor, ed)
	if cursor != p.editCursor {
		p.editCursor = cursor
		name := p.editor.SquareName(cursor)
		ctx.Defer(func(app.Context) { focusEditPoint(name) })
	}
	switch do {
	case "cancel":
		p.editor = nil
	case "play":
		p.playFromEditor(ctx)
	}
}

// playFromEditor starts a new game from the edited position, keeping the game it replaces
// as New does (keep.go: it can be brought back).
func (p *Page) playFromEditor(ctx app.Context) {
	if !p.editor.Legal() {
		return
	}
	e, err := p.s.Replace(p.editor.Start)
	if err != nil {
		p.notice = err.Error()
		return
	}
	p.editor, p.cursor, p.notice = nil, "", ""
	p.kept(e)
	p.apply(ctx, e)
}

// focusEditPoint gives the editor's point sq the focus (the keyboard's cursor).
func focusEditPoint(sq string) {
	if el := app.Window().Get("document").Call("querySelector", `[data-editor] .pt[data-square="`+sq+`"]`); el.Truthy() {
		el.Call("focus")
	}
}
