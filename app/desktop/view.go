package desktop

import (
	"math"

	"qipan/app/glyph"
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
	messageBg = rgb(0xee, 0xe4, 0xd0)
	engineInk = rgb(0x5c, 0x55, 0x4a)
)

// view is the board as the desktop draws it (play.Table.View), in the settings' coordinates.
func (a *App) view() play.BoardView {
	return a.Table().View(play.ViewOptions{Coords: a.st.Coords, Lang: a.Lang()})
}

// centre is the pixel centre of cell c.
func centre(g Geometry, c play.ViewCell) (float32, float32) { return g.Center(c.Col, c.Row) }

// xiangqiBoard draws the wooden board, its lines, river and coordinates, the marks and the
// pieces of view v.
func (a *App) xiangqiBoard(s *Scene, g Geometry, v play.BoardView) {
	c := g.C
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
	xiangqiCoords(s, g, v)
	s.group(start, g.BX, g.BY)
	// Marks under the pieces: the last move, check.
	for _, cl := range v.Cells {
		if x, y := centre(g, cl); cl.Last {
			s.circle(x, y, c*0.5, mark.Alpha(70), "last")
			s.group(len(*s)-1, x, y)
		}
	}
	for _, cl := range v.Cells {
		if x, y := centre(g, cl); cl.Check {
			s.circle(x, y, c*0.56, alert.Alpha(150), "check")
			s.group(len(*s)-1, x, y)
		}
	}
	drag, dx, dy, dragging := a.Dragging()
	for _, cl := range v.Cells {
		if cl.Piece == 0 {
			continue
		}
		alpha := uint8(255)
		if dragging && cl.Square == drag {
			alpha = 80
		}
		x, y := centre(g, cl)
		a.piece(s, x, y, c, cl.Piece, alpha, "piece "+cl.Name)
	}
	for _, cl := range v.Cells {
		x, y := centre(g, cl)
		switch {
		case cl.Selected:
			s.ring(x, y, c*0.5, max(2, c*0.06), selMark, "selected")
		case cl.HintPiece: // a puzzle's hint, first step: the piece to move
			s.ring(x, y, c*0.5, max(3, c*0.08), mark.Alpha(220), "hint-piece")
		case cl.Target && cl.Piece != 0:
			s.ring(x, y, c*0.48, max(2, c*0.05), selMark.Alpha(200), "target "+cl.Name)
		case cl.Target:
			s.circle(x, y, c*0.13, selMark.Alpha(200), "target "+cl.Name)
		default:
			continue
		}
		s.group(len(*s)-1, x, y)
	}
	if v.HintFrom >= 0 && v.HintTo >= 0 {
		fx, fy := centre(g, v.Cells[v.HintFrom])
		tx, ty := centre(g, v.Cells[v.HintTo])
		s.line(fx, fy, tx, ty, max(3, c*0.1), mark.Alpha(190), "hint")
		s.circle(tx, ty, c*0.16, mark.Alpha(220), "hint")
	}
	if dragging {
		if cl, ok := v.Find(drag); ok {
			a.piece(s, dx, dy, c, cl.Piece, 255, "dragged")
		}
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

// xiangqiCoords writes the view's edge labels: each side's file numbers along its own edge
// (Red's 九…一, Black's １…９), or files a–i under the board and ranks 0–9 on its left.
func xiangqiCoords(s *Scene, g Geometry, v play.BoardView) {
	c := g.C
	size := c * 0.32
	for _, l := range v.Labels {
		switch l.Edge {
		case play.EdgeLeft:
			x, y := g.Center(0, l.At)
			s.text(l.Text, x-coordOff*c-size/2, y-size/2, size, size, size, AlignCenter, ink, "coord")
		case play.EdgeTop:
			x, y := g.Center(l.At, 0)
			s.text(l.Text, x-c/2, y-coordOff*c-size/2, c, size, size, AlignCenter, ink, "coord")
		default:
			x, y := g.Center(l.At, v.Rows-1)
			s.text(l.Text, x-c/2, y+coordOff*c-size/2, c, size, size, AlignCenter, ink, "coord")
		}
	}
}

// reversiBoard draws the green board, the discs of view v (turning over when they change),
// the marks.
func (a *App) reversiBoard(s *Scene, g Geometry, v play.BoardView) {
	c := g.C
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
	for _, l := range v.Labels {
		if l.Edge == play.EdgeLeft {
			_, y := g.Center(0, l.At)
			s.text(l.Text, g.BX, y-c/2, c/2, c, c*0.28, AlignCenter, discWhite, "coord")
		} else {
			x, _ := g.Center(l.At, 0)
			s.text(l.Text, x-c/2, g.BY, c, c/2, c*0.28, AlignCenter, discWhite, "coord")
		}
	}
	s.group(start, g.BX, g.BY)
	for _, cl := range v.Cells {
		if cl.Piece == 0 {
			continue
		}
		x, y := centre(g, cl)
		pc, rx := cl.Piece, c*0.42
		turning := false
		if t, was, ok := a.flipping(cl.Square); ok {
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
		*s = append(*s, Op{Kind: OpCircle, X: x, Y: y, W: rx, H: c * 0.42, Color: fill, Tag: "disc " + cl.Name + " " + string(pc)})
		if cl.Last {
			s.circle(x, y, c*0.08, alert, "last")
		}
		if !turning {
			s.group(start, x, y)
		}
	}
	for _, cl := range v.Cells {
		if cl.Target {
			x, y := centre(g, cl)
			s.circle(x, y, c*0.1, rgb(0, 0, 0).Alpha(90), "target "+cl.Name)
			s.group(len(*s)-1, x, y)
		}
	}
	if v.HintTo >= 0 {
		x, y := centre(g, v.Cells[v.HintTo])
		s.ring(x, y, c*0.38, max(2, c*0.05), mark, "hint")
		s.group(len(*s)-1, x, y)
	}
}

// Place returns the pixel centre of the square named name ("h2", "f5") in the current window,
// for tests and tools that click the board.
func (a *App) Place(name string) (x, y float32, ok bool) {
	sq, ok := a.Table().ParseSquare(name)
	if !ok {
		return 0, 0, false
	}
	l := a.layout()
	c, ok := l.view.Find(sq)
	if !ok {
		return 0, 0, false
	}
	x, y = centre(l.geo, c)
	return x, y, true
}
