package desktop

import "math"

// Geometry places a board's grid in the window: Xiangqi's pieces stand on the points (line
// crossings) of a 9×10 grid, Reversi's discs in the cells of an 8×8 one.
type Geometry struct {
	X0, Y0 float32 // the top-left point (Points) or the top-left cell's corner
	C      float32 // the spacing of points, or a cell's side
	Cols   int
	Rows   int
	Points bool
	// The board's wooden (or green) area.
	BX, BY, BW, BH float32
}

// BoardGeometry fits a cols×rows board into the box x, y, w, h: points boards keep a margin
// of one spacing around the grid (for the coordinates), cell boards half a cell.
func BoardGeometry(x, y, w, h float32, cols, rows int, points bool) Geometry {
	g := Geometry{Cols: cols, Rows: rows, Points: points}
	fw, fh := float32(cols+1), float32(rows+1) // points: n-1 spacings + 2 margins; cells: n + 2×½
	g.C = min(w/fw, h/fh)
	g.BW, g.BH = g.C*fw, g.C*fh
	g.BX, g.BY = x+(w-g.BW)/2, y+(h-g.BH)/2
	if points {
		g.X0, g.Y0 = g.BX+g.C, g.BY+g.C
	} else {
		g.X0, g.Y0 = g.BX+g.C/2, g.BY+g.C/2
	}
	return g
}

// Center returns the pixel centre of display place col, row.
func (g Geometry) Center(col, row int) (x, y float32) {
	if g.Points {
		return g.X0 + float32(col)*g.C, g.Y0 + float32(row)*g.C
	}
	return g.X0 + (float32(col)+0.5)*g.C, g.Y0 + (float32(row)+0.5)*g.C
}

// Hit returns the display place at pixel x, y: for points, the nearest point within half a
// spacing; for cells, the cell under it. ok is false outside the board.
func (g Geometry) Hit(x, y float32) (col, row int, ok bool) {
	fx, fy := (x-g.X0)/g.C, (y-g.Y0)/g.C
	if g.Points {
		col, row = int(math.Round(float64(fx))), int(math.Round(float64(fy)))
		dx, dy := fx-float32(col), fy-float32(row)
		if dx*dx+dy*dy > 0.25 {
			return 0, 0, false
		}
	} else {
		if fx < 0 || fy < 0 {
			return 0, 0, false
		}
		col, row = int(fx), int(fy)
	}
	return col, row, col >= 0 && row >= 0 && col < g.Cols && row < g.Rows
}

// Box is a rectangle in window pixels.
type Box struct{ X, Y, W, H float32 }

// In reports whether pixel x, y is inside b.
func (b Box) In(x, y float32) bool { return x >= b.X && y >= b.Y && x < b.X+b.W && y < b.Y+b.H }

// The panel's height in text units (u): its rows of buttons and lines without the move list
// and the message (panelRows), and the least move list and message below them.
const (
	panelRows = 33
	panelMin  = 42 // with a few rows of the move list and a message
	controlsW = 24 // the controls' column, in u
)

// Arrangement is where the board and the panel go in a window, and the panel's text unit.
type Arrangement struct {
	Board, Panel Box
	U            float32 // the panel's text size
	ListBeside   bool    // the move list and the message in a column of their own
}

// Arrange places the board (cols+1 by rows+1 spacings with its margins) and the panel in a
// window of w×h: the panel beside the board or under it, whichever leaves the board larger,
// with the text sized to the window, and the move list in a column of its own where the
// panel is wide enough.
func Arrange(w, h float32, cols, rows int) Arrangement {
	fw, fh := float32(cols+1), float32(rows+1)
	clampU := func(u float32) float32 { return max(11, min(u, 30)) }
	// Beside: the panel takes the window's height; it is as wide as the board leaves, at
	// least the controls' column.
	ub := clampU(min(h/panelMin, w*0.5/controlsW))
	bw := min(w-controlsW*ub, h*fw/fh)
	side := Arrangement{Board: Box{0, 0, bw, h}, Panel: Box{bw, 0, w - bw, h}, U: ub}
	side.ListBeside = side.Panel.W >= (controlsW+12)*ub
	// Under: the controls and the move list side by side below the board.
	uu := clampU(min(w/(controlsW+12), h*0.45/panelRows))
	ph := max(panelRows*uu, h-w*fh/fw)
	under := Arrangement{Board: Box{0, 0, w, h - ph}, Panel: Box{0, h - ph, w, ph}, U: uu, ListBeside: true}
	spacing := func(a Arrangement) float32 { return min(a.Board.W/fw, a.Board.H/fh) }
	if spacing(under) > spacing(side)*1.05 {
		return under
	}
	return side
}
