package desktop

import (
	"math"
	"strconv"

	"qipan/app/glyph"
	"qipan/app/i18n"
	"qipan/app/play"
)

// Colours of the board and the panel.
var (
	wood      = rgb(0xe9, 0xc7, 0x8b)
	woodEdge  = rgb(0x8a, 0x5a, 0x2b)
	ink       = rgb(0x4a, 0x2c, 0x12)
	felt      = rgb(0x2e, 0x7d, 0x4f)
	feltLine  = rgb(0x17, 0x4d, 0x2e)
	face      = rgb(0xf6, 0xe7, 0xc8)
	redInk    = rgb(0xb3, 0x1b, 0x1b)
	blackInk  = rgb(0x1d, 0x1d, 0x1d)
	discBlack = rgb(0x15, 0x15, 0x15)
	discWhite = rgb(0xf4, 0xf4, 0xf0)
	mark      = rgb(0x1e, 0x88, 0xe5)
	selMark   = rgb(0x2e, 0xa0, 0x43)
	alert     = rgb(0xe5, 0x39, 0x35)
	panelBg   = rgb(0xf7, 0xf3, 0xea)
	text      = rgb(0x22, 0x22, 0x22)
	dim       = rgb(0x99, 0x99, 0x99)
	button    = rgb(0xe4, 0xdc, 0xcc)
	active    = rgb(0xc9, 0x8b, 0x3c)
)

// widget is a panel button as laid out for a frame.
type widget struct {
	id, label       string
	box             Box
	enabled, active bool
}

// entry is a clickable move of the move list.
type entry struct {
	ply  int
	text string
	box  Box
	cur  bool // the shown ply
	undo bool // beyond the game's ply (the redo tail)
}

// frameLayout is where everything goes in the current window.
type frameLayout struct {
	geo     Geometry
	panel   Box
	u       float32 // the panel's text size
	buttons []widget
	entries []entry
	texts   []Op // the panel's text lines
	list    Box  // the move list's area
}

// Geometry returns where the board of the game shown is drawn in the current window.
func (a *App) Geometry() Geometry { return a.layout().geo }

// square returns the square under pixel x, y, if any.
func (l *frameLayout) square(b play.Board, x, y float32) (int, bool) {
	c, r, ok := l.geo.Hit(x, y)
	if !ok {
		return -1, false
	}
	return b.Cell(c, r), true
}

func (a *App) layout() *frameLayout {
	w, h := max(a.w, 200), max(a.h, 200)
	bb, pb := Split(w, h)
	cols, rows := a.b.Dims()
	l := &frameLayout{
		geo:   BoardGeometry(bb.X, bb.Y, bb.W, bb.H, cols, rows, a.b.Variant() == play.VariantXiangqi),
		panel: pb,
		u:     max(11, min(pb.W/26, 17)),
	}
	a.panel(l)
	return l
}

// panel lays out the panel: the game switch, the status, the controls, the settings, import
// and export, and the move list in the space left.
func (a *App) panel(l *frameLayout) {
	b, u, p, lang := a.b, l.u, l.panel, a.Lang()
	pad, gap := u*0.7, u*0.35
	x, y, w := p.X+pad, p.Y+pad, p.W-2*pad
	// A wide, low panel (under the board in a tall window) puts the move list beside the
	// controls rather than under them.
	var side *Box
	if p.W > 1.5*p.H {
		lw := w * 0.36
		side = &Box{x + w - lw, y, lw, p.H - 2*pad}
		w -= lw + pad
	}
	bh := u * 1.9
	row := func(ws ...widget) {
		n := float32(len(ws))
		bw := (w - gap*(n-1)) / n
		for i, wd := range ws {
			wd.box = Box{x + float32(i)*(bw+gap), y, bw, bh}
			l.buttons = append(l.buttons, wd)
		}
		y += bh + gap
	}
	line := func(s string, size float32, c Color, tag string) {
		if s == "" {
			return
		}
		l.texts = append(l.texts, Op{Kind: OpText, Text: s, X: x, Y: y, W: w, H: size * 1.5, Size: size, Color: c, Tag: tag})
		y += size * 1.5
	}
	on := func(id, label string, enabled bool) widget { return widget{id: id, label: label, enabled: enabled} }
	pick := func(id, label string, act bool) widget {
		return widget{id: id, label: label, enabled: true, active: act}
	}
	xq := b.Variant() == play.VariantXiangqi
	row(pick("game:"+play.VariantXiangqi, lang.T(i18n.GameXiangqi), xq), pick("game:"+play.VariantReversi, lang.T(i18n.GameReversi), !xq),
		on("lang", lang.Name(), true))
	e := b.Engine()
	line(play.StatusText(lang, b), u*1.1, text, "status")
	hint := ""
	if from, to, ok := b.HintMove(); ok {
		hint = lang.T(i18n.HintMove, a.moveName(from, to))
	}
	line(hint, u*0.9, mark, "hint-text")
	line(play.BoardNote(lang, b), u*0.9, text, "note")
	line(play.RefusalText(lang, a.refusal), u*0.8, alert, "refusal")
	engineOK := e.Failed() == ""
	reviewing := b.Reviewing()
	row(on("new", lang.T(i18n.New), true), on("undo", lang.T(i18n.Undo), b.CanUndo()), on("redo", lang.T(i18n.Redo), b.CanRedo()))
	// Move now hurries the computer's search: without one (the person's turn, two players)
	// it has nothing to do, in either game.
	row(on("flip", lang.T(i18n.Flip), true),
		on("hint", lang.T(i18n.Hint), engineOK && !reviewing && b.PersonToMove() && !e.Hinting()),
		on("movenow", lang.T(i18n.MoveNow), e.Thinking()))
	if reviewing {
		row(on("continue", lang.T(i18n.ContinueHere), true), on("live", lang.T(i18n.BackToGame), true))
	}
	two := b.Mode() == play.TwoPlayer
	you := [2]i18n.Key{i18n.YouRed, i18n.YouBlack}
	if !xq {
		you = [2]i18n.Key{i18n.YouBlack, i18n.YouWhite}
	}
	row(pick("side:0", lang.T(you[0]), !two && b.Human() == 0),
		pick("side:1", lang.T(you[1]), !two && b.Human() == 1),
		pick("side:two", lang.T(i18n.TwoPlayers), two))
	row(on("level:-", "−", a.st.Level > play.MinLevel),
		widget{id: "level", label: lang.T(i18n.Level, a.st.Level)},
		on("level:+", "+", a.st.Level < play.MaxLevel),
		pick("sound", map[bool]string{false: lang.T(i18n.SoundOn), true: lang.T(i18n.SoundOff)}[a.st.Muted], !a.st.Muted))
	if xq {
		var ns []widget
		for _, n := range play.Notations {
			ns = append(ns, pick("notation:"+string(n.N), n.Label, a.st.Notation == n.N))
		}
		ns = append(ns, pick("coords", map[bool]string{true: "a–i", false: "九…一"}[a.st.Coords == play.CoordsICCS], false))
		row(ns...)
	}
	var ex []widget
	for i, e := range b.Exports() {
		ex = append(ex, on("copy:"+strconv.Itoa(i), lang.T(i18n.CopyWhat, play.WhatText(lang, e.Name)), true))
	}
	row(ex...)
	row(on("paste", lang.T(i18n.Paste), true), on("savefile", lang.T(i18n.SaveFile), true))
	line(a.Info(), u*0.8, text, "info")
	line(a.Notice(), u*0.8, alert, "notice")
	l.list = Box{x, y, w, p.Y + p.H - pad - y}
	if side != nil {
		l.list = *side
	}
	a.moveList(l)
}

// moveName writes a move of the shown position for the hint line.
func (a *App) moveName(from, to int) string {
	if m, ok := a.b.(*play.XiangqiBoard); ok {
		if mv, ok := m.M.HintMove(); ok {
			return play.MoveText(m.M.Shown(), mv, a.st.Notation)
		}
	}
	return string(rune('a'+to%8)) + strconv.Itoa(to/8+1)
}

// moveList lays out the numbered rows of the record, keeping the shown move in view.
func (a *App) moveList(l *frameLayout) {
	b, u := a.b, l.u
	texts := b.MoveTexts(a.st.Notation)
	rows := play.MoveRows(texts, b.SecondFirst())
	rh := u * 1.6
	fit := int(l.list.H / rh)
	if fit <= 0 {
		return
	}
	shown := b.ShownPly()
	if shown != a.shown {
		a.shown = shown
		// Keep the row of the shown ply in view.
		for i, r := range rows {
			for _, p := range r.Plies {
				if p == shown {
					if i < a.scroll {
						a.scroll = i
					} else if i >= a.scroll+fit {
						a.scroll = i - fit + 1
					}
				}
			}
		}
	}
	a.scroll = max(0, min(a.scroll, len(rows)-fit))
	numW := u * 2.6
	colW := (l.list.W - numW) / 2
	for i := a.scroll; i < len(rows) && i < a.scroll+fit; i++ {
		r := rows[i]
		y := l.list.Y + float32(i-a.scroll)*rh
		l.texts = append(l.texts, Op{Kind: OpText, Text: strconv.Itoa(r.Number) + ".", X: l.list.X, Y: y, W: numW, H: rh, Size: u, Color: dim})
		col := 0
		if r.Second {
			col = 1
		}
		for _, ply := range r.Plies {
			l.entries = append(l.entries, entry{
				ply: ply, text: texts[ply-1],
				box: Box{l.list.X + numW + float32(col)*colW, y, colW, rh},
				cur: ply == shown, undo: ply > b.Ply(),
			})
			col++
		}
	}
}

// Scene returns what the window shows now.
func (a *App) Scene() Scene {
	l := a.layout()
	var s Scene
	s.rect(0, 0, max(a.w, 200), max(a.h, 200), panelBg, "background")
	if a.b.Variant() == play.VariantXiangqi {
		a.xiangqiBoard(&s, l.geo)
	} else {
		a.reversiBoard(&s, l.geo)
	}
	a.panelScene(&s, l)
	return s
}

func (a *App) panelScene(s *Scene, l *frameLayout) {
	u := l.u
	for _, w := range l.buttons {
		bg, fg := button, text
		switch {
		case w.active:
			bg, fg = active, rgb(255, 255, 255)
		case !w.enabled && w.id != "level":
			fg = dim
		case w.id == "level":
			bg = panelBg
		}
		s.rect(w.box.X, w.box.Y, w.box.W, w.box.H, bg, "button "+w.id)
		s.text(w.label, w.box.X, w.box.Y, w.box.W, w.box.H, u*0.9, AlignCenter, fg, "label "+w.id)
	}
	*s = append(*s, l.texts...)
	for _, e := range l.entries {
		c := text
		if e.undo {
			c = dim
		}
		if e.cur {
			s.rect(e.box.X, e.box.Y, e.box.W-u*0.3, e.box.H, active.Alpha(90), "current")
		}
		s.text(e.text, e.box.X+u*0.3, e.box.Y, e.box.W-u*0.6, e.box.H, u, AlignLeft, c, "move "+strconv.Itoa(e.ply))
	}
}

// xiangqiBoard draws the wooden board, its lines, river and coordinates, the marks and the
// pieces.
func (a *App) xiangqiBoard(s *Scene, g Geometry) {
	b, c := a.b, g.C
	start := len(*s)
	s.rect(g.BX, g.BY, g.BW, g.BH, wood, "board")
	// One frame, on the board's edge: the coordinates stand in the margin between it and the
	// grid, clear of every line.
	edge := max(1, c*0.04)
	s.frame(g.BX+edge/2, g.BY+edge/2, g.BW-edge, g.BH-edge, edge, woodEdge, "edge")
	lw := max(1, c*0.025)
	x0, y0 := g.Center(0, 0)
	x8, y9 := g.Center(8, 9)
	for r := range 10 {
		_, y := g.Center(0, r)
		if r == 0 || r == 9 { // the grid's border is the one thick line
			s.line(x0-lw, y, x8+lw, y, lw*2, ink, "")
			continue
		}
		s.line(x0, y, x8, y, lw, ink, "")
	}
	for col := range 9 {
		x, _ := g.Center(col, 0)
		_, y4 := g.Center(col, 4)
		_, y5 := g.Center(col, 5)
		if col == 0 || col == 8 {
			s.line(x, y0-lw, x, y9+lw, lw*2, ink, "")
			continue
		}
		s.line(x, y0, x, y4, lw, ink, "")
		s.line(x, y5, x, y9, lw, ink, "")
	}
	for _, top := range []int{0, 7} { // the palaces' diagonals
		ax, ay := g.Center(3, top)
		bx, by := g.Center(5, top+2)
		s.line(ax, ay, bx, by, lw, ink, "")
		s.line(bx, ay, ax, by, lw, ink, "")
	}
	// The river: 楚河 on the top side's half, 漢界 on the bottom's, upright.
	_, ry := g.Center(0, 4)
	ry += c / 2
	for i, r := range []rune("楚河漢界") {
		col := []float32{1.5, 2.5, 5.5, 6.5}[i]
		s.glyph(r, x0+col*c, ry, c*0.62, ink.Alpha(200), "river")
	}
	a.xiangqiCoords(s, g)
	s.group(start, g.BX, g.BY)
	// Marks under the pieces: the last move, check.
	if from, to := b.LastMove(); to >= 0 {
		for _, sq := range []int{from, to} {
			x, y := a.centerOf(g, sq)
			s.circle(x, y, c*0.5, mark.Alpha(70), "last")
			s.group(len(*s)-1, x, y)
		}
	}
	if sq := b.Check(); sq >= 0 {
		x, y := a.centerOf(g, sq)
		s.circle(x, y, c*0.56, alert.Alpha(150), "check")
		s.group(len(*s)-1, x, y)
	}
	drag, dx, dy, dragging := a.Dragging()
	a.eachPiece(g, func(sq int, pc byte, x, y float32) {
		alpha := uint8(255)
		if dragging && sq == drag {
			alpha = 80
		}
		a.piece(s, x, y, c, pc, alpha, "piece "+squareName(b, sq))
	})
	if sq := b.Selected(); sq >= 0 {
		x, y := a.centerOf(g, sq)
		s.ring(x, y, c*0.5, max(2, c*0.06), selMark, "selected")
		s.group(len(*s)-1, x, y)
	}
	for _, sq := range b.Targets() {
		x, y := a.centerOf(g, sq)
		if b.Piece(sq) != 0 {
			s.ring(x, y, c*0.48, max(2, c*0.05), selMark.Alpha(200), "target "+squareName(b, sq))
		} else {
			s.circle(x, y, c*0.13, selMark.Alpha(200), "target "+squareName(b, sq))
		}
		s.group(len(*s)-1, x, y)
	}
	if from, to, ok := b.HintMove(); ok {
		fx, fy := a.centerOf(g, from)
		tx, ty := a.centerOf(g, to)
		s.line(fx, fy, tx, ty, max(3, c*0.1), mark.Alpha(190), "hint")
		s.circle(tx, ty, c*0.16, mark.Alpha(220), "hint")
	}
	if dragging {
		a.piece(s, dx, dy, c, b.Piece(drag), 255, "dragged")
	}
}

// piece draws a xiangqi piece centred at x, y on a board of spacing c.
func (a *App) piece(s *Scene, x, y, c float32, pc byte, alpha uint8, tag string) {
	ink := redInk
	if pc >= 'a' {
		ink = blackInk
	}
	start := len(*s)
	s.circle(x+c*0.03, y+c*0.05, c*0.45, rgb(0, 0, 0).Alpha(alpha/4), "")
	s.circle(x, y, c*0.45, face.Alpha(alpha), tag)
	s.ring(x, y, c*0.45, max(1, c*0.03), woodEdge.Alpha(alpha), "")
	s.ring(x, y, c*0.37, max(1, c*0.025), ink.Alpha(alpha), "")
	s.glyph(glyph.PieceRune(pc), x, y, c*0.6, ink.Alpha(alpha), "")
	s.group(start, x, y)
}

// coordOff is how far from the grid's border the coordinates stand, in spacings: past a
// piece's rim (0.45), short of the board's edge (1).
const coordOff = 0.72

// xiangqiCoords writes the file numbers along both edges: each side's own (Red's 九…一,
// Black's １…９) or a–i, and ranks 0–9 in ICCS mode.
func (a *App) xiangqiCoords(s *Scene, g Geometry) {
	b, c := a.b, g.C
	size := c * 0.32
	for col := range 9 {
		for _, r := range []int{0, 9} {
			file := b.Cell(col, r) % 9
			redSide := (r == 9) != b.Flipped()
			var t string
			switch {
			case a.st.Coords == play.CoordsICCS:
				t = string(rune('a' + file))
			case redSide:
				t = string([]rune("九八七六五四三二一")[file])
			default:
				t = string(rune('１' + file))
			}
			x, y := g.Center(col, r)
			dy := -coordOff * c
			if r == 9 {
				dy = coordOff * c
			}
			s.text(t, x-c/2, y+dy-size/2, c, size, size, AlignCenter, ink, "coord")
		}
	}
	if a.st.Coords == play.CoordsICCS {
		for r := range 10 {
			x, y := g.Center(0, r)
			s.text(strconv.Itoa(b.Cell(0, r)/9), x-coordOff*c-size/2, y-size/2, size, size, size, AlignCenter, ink, "coord")
		}
	}
}

// reversiBoard draws the green board, the discs (turning over when they change), the marks.
func (a *App) reversiBoard(s *Scene, g Geometry) {
	b, c := a.b, g.C
	start := len(*s)
	s.rect(g.BX, g.BY, g.BW, g.BH, felt, "board")
	lw := max(1, c*0.025)
	for i := range 9 {
		x, y := g.X0+float32(i)*c, g.Y0+float32(i)*c
		s.line(x, g.Y0, x, g.Y0+8*c, lw, feltLine, "")
		s.line(g.X0, y, g.X0+8*c, y, lw, feltLine, "")
	}
	for _, p := range [][2]int{{2, 2}, {6, 2}, {2, 6}, {6, 6}} {
		s.circle(g.X0+float32(p[0])*c, g.Y0+float32(p[1])*c, c*0.07, feltLine, "")
	}
	for i := range 8 {
		file := b.Cell(i, 0) % 8
		rank := b.Cell(0, i) / 8
		x, _ := g.Center(i, 0)
		_, y := g.Center(0, i)
		s.text(string(rune('a'+file)), x-c/2, g.BY, c, c/2, c*0.28, AlignCenter, discWhite, "coord")
		s.text(strconv.Itoa(rank+1), g.BX, y-c/2, c/2, c, c*0.28, AlignCenter, discWhite, "coord")
	}
	s.group(start, g.BX, g.BY)
	_, last := b.LastMove()
	a.eachPiece(g, func(sq int, pc byte, x, y float32) {
		rx := c * 0.42
		turning := false
		if t, was, ok := a.flipping(sq); ok {
			rx *= float32(math.Abs(math.Cos(math.Pi * float64(t))))
			turning = true
			if t < 0.5 {
				pc = was
			}
		}
		start := len(*s)
		fill := discBlack
		if pc == 'O' {
			fill = discWhite
		}
		s.circle(x+c*0.03, y+c*0.05, c*0.42, rgb(0, 0, 0).Alpha(70), "")
		*s = append(*s, Op{Kind: OpCircle, X: x, Y: y, W: rx, H: c * 0.42, Color: fill, Tag: "disc " + squareName(b, sq) + " " + string(pc)})
		if sq == last {
			s.circle(x, y, c*0.08, alert, "last")
		}
		if !turning {
			s.group(start, x, y)
		}
	})
	for _, sq := range b.Targets() {
		x, y := a.centerOf(g, sq)
		s.circle(x, y, c*0.1, rgb(0, 0, 0).Alpha(90), "target "+squareName(b, sq))
		s.group(len(*s)-1, x, y)
	}
	if _, to, ok := b.HintMove(); ok {
		x, y := a.centerOf(g, to)
		s.ring(x, y, c*0.38, max(2, c*0.05), mark, "hint")
		s.group(len(*s)-1, x, y)
	}
}

// eachPiece calls fn with each piece (or disc) on the board and its pixel centre.
func (a *App) eachPiece(g Geometry, fn func(sq int, pc byte, x, y float32)) {
	for r := range g.Rows {
		for col := range g.Cols {
			sq := a.b.Cell(col, r)
			if pc := a.b.Piece(sq); pc != 0 {
				x, y := g.Center(col, r)
				fn(sq, pc, x, y)
			}
		}
	}
}

// centerOf is the pixel centre of square sq.
func (a *App) centerOf(g Geometry, sq int) (float32, float32) {
	for r := range g.Rows {
		for c := range g.Cols {
			if a.b.Cell(c, r) == sq {
				return g.Center(c, r)
			}
		}
	}
	return -1, -1
}

// squareName names sq as the games do: "h2" (Xiangqi, files a–i, ranks 0–9) or "f5".
func squareName(b play.Board, sq int) string {
	cols, _ := b.Dims()
	if b.Variant() == play.VariantXiangqi {
		return string(rune('a'+sq%cols)) + strconv.Itoa(sq/cols)
	}
	return string(rune('a'+sq%cols)) + strconv.Itoa(sq/cols+1)
}

// Place returns the pixel centre of the square named name ("h2", "f5") in the current window,
// for tests and tools that click the board.
func (a *App) Place(name string) (x, y float32, ok bool) {
	g := a.layout().geo
	for r := range g.Rows {
		for c := range g.Cols {
			if squareName(a.b, a.b.Cell(c, r)) == name {
				x, y := g.Center(c, r)
				return x, y, true
			}
		}
	}
	return 0, 0, false
}
