package ui

import (
	"math"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/glyph"
	"qipan/app/i18n"
	"qipan/app/play"
)

// PointAction is the action a click on a board point posts; its value is the point ("h2").
const PointAction = "qipan/point"

// Board is the SVG Xiangqi board, drawn from the table's view. It follows the DOM contract of
// docs/contracts.md: data-square on every point, data-piece on pieces, data-hint on hint
// markers, data-last, data-check, and data-turn/data-fen on the board itself.
type Board struct {
	app.Compo
	View play.BoardView
	Draw drawing
}

func (b *Board) Render() app.UI {
	v, d := b.View, b.Draw
	return boardRoot(v, d, "board", [2]int{boardW, boardH}, i18n.XiangqiBoard).Body(
		&boardBase{Coords: v.Coords, Labels: v.Labels},
		lastMarks(v),
		xiangqiPieces(v),
		xiangqiHints(v),
		hintArrow(v),
		pointRects(v, d.Lang, pointCorner, cell),
	)
}

// boardBase is the board's unchanging layers: the glyph outlines, the wood, the grid and its
// coordinates. As a component of its own it is drawn again only when the coordinates change
// (go-app skips a component whose fields are unchanged): drawn at every move, its hundreds of
// nodes were most of a click's work.
type boardBase struct {
	app.Compo
	Coords string // play.CoordsChinese or play.CoordsICCS
	Labels []play.EdgeLabel
}

func (b *boardBase) Render() app.UI {
	return svgElem("g").Class("board-base").Body(boardDefs(), boardBackground(), boardGrid(b.Coords, b.Labels))
}

// boardDefs holds the gradients, the wood grain and one outline per character.
func boardDefs() app.UI {
	glyphs := []app.UI{}
	for _, r := range "帥仕相傌俥炮兵將士象馬車砲卒楚河漢界一二三四五六七八九" {
		d, _ := glyph.Path(r)
		glyphs = append(glyphs, svgElem("path").ID("g%X", r).Attr("d", d))
	}
	stop := func(offset, color string) app.UI {
		return svgElem("stop").Attr("offset", offset).Attr("stop-color", color)
	}
	return svgElem("defs").Body(
		svgElem("linearGradient").ID("wood").Attr("x1", "0").Attr("y1", "0").Attr("x2", "1").Attr("y2", "1").Body(
			stop("0", "#ecc98d"), stop("0.5", "#e1b472"), stop("1", "#d39f58"),
		),
		svgElem("radialGradient").ID("face").Attr("cx", "0.42").Attr("cy", "0.36").Attr("r", "0.7").Body(
			stop("0", "#fff8e6"), stop("0.7", "#f0dcae"), stop("1", "#d9b77a"),
		),
		svgElem("filter").ID("grain").Attr("x", "0").Attr("y", "0").Attr("width", "1").Attr("height", "1").Body(
			svgElem("feTurbulence").Attr("type", "fractalNoise").Attr("baseFrequency", "0.006 0.12").
				Attr("numOctaves", "3").Attr("seed", "7"),
			svgElem("feColorMatrix").Attr("values", "0 0 0 0 0.35  0 0 0 0 0.2  0 0 0 0 0.05  0 0 0 0.22 0"),
			svgElem("feComposite").Attr("in2", "SourceGraphic").Attr("operator", "in"),
		),
		svgElem("g").Body(glyphs...),
	)
}

func boardBackground() app.UI {
	return svgElem("g").Class("wood").Body(
		svgElem("rect").Attr("width", boardW).Attr("height", boardH).Attr("rx", 18).Attr("fill", "url(#wood)"),
		svgElem("rect").Attr("width", boardW).Attr("height", boardH).Attr("rx", 18).Attr("fill", "#000").Attr("filter", "url(#grain)"),
	)
}

// boardGrid draws the lines, the palaces, the river and the coordinates.
func boardGrid(coords string, edge []play.EdgeLabel) app.UI {
	line := func(x1, y1, x2, y2 int) app.UI {
		return svgElem("line").Attr("x1", x1).Attr("y1", y1).Attr("x2", x2).Attr("y2", y2)
	}
	x := func(col int) int { return margin + col*cell }
	y := func(row int) int { return margin + row*cell }
	var lines []app.UI
	for row := 0; row < 10; row++ {
		lines = append(lines, line(x(0), y(row), x(8), y(row)))
	}
	for col := 0; col < 9; col++ {
		if col == 0 || col == 8 {
			lines = append(lines, line(x(col), y(0), x(col), y(9)))
			continue
		}
		lines = append(lines, line(x(col), y(0), x(col), y(4)), line(x(col), y(5), x(col), y(9)))
	}
	// Palaces: the same from either side.
	lines = append(lines,
		line(x(3), y(0), x(5), y(2)), line(x(5), y(0), x(3), y(2)),
		line(x(3), y(7), x(5), y(9)), line(x(5), y(7), x(3), y(9)))
	// Marks where the cannons and soldiers start.
	var marks []app.UI
	for _, p := range [][2]int{{1, 2}, {7, 2}, {1, 7}, {7, 7}, {0, 3}, {2, 3}, {4, 3}, {6, 3}, {8, 3}, {0, 6}, {2, 6}, {4, 6}, {6, 6}, {8, 6}} {
		marks = append(marks, startMark(x(p[0]), y(p[1]), p[0] > 0, p[0] < 8))
	}
	river := func(r rune, cx int, rotate bool) app.UI {
		t := translate(cx, y(4)+cell/2) + " scale(0.056)"
		if rotate {
			t = translate(cx, y(4)+cell/2) + " rotate(180) scale(0.056)"
		}
		return svgElem("use").Attr("href", "#g"+hex(r)).Attr("transform", t)
	}
	return svgElem("g").Class("grid").Body(
		svgElem("rect").Class("frame").Attr("x", margin-14).Attr("y", margin-14).
			Attr("width", 8*cell+28).Attr("height", 9*cell+28),
		svgElem("g").Class("lines").Body(lines...),
		svgElem("g").Class("lines").Body(marks...),
		svgElem("g").Class("river").Body(
			river('楚', x(1)+cell/2, false), river('河', x(2)+cell/2, false),
			river('界', x(5)+cell/2, true), river('漢', x(6)+cell/2, true),
		),
		xiangqiCoords(coords, edge),
	)
}

// xiangqiCoords writes the edge labels: with Chinese coordinates each side's file numbers
// along its own edge (Red's 九…一 as glyph outlines, Black's １…９ as text: data-file-label
// names them 一…九 and 1…9); with ICCS's, files a–i under the board and ranks 0–9 on its left.
func xiangqiCoords(coords string, edge []play.EdgeLabel) app.UI {
	var labels []app.UI
	for _, l := range edge {
		x, y := margin+l.At*cell, 34 // the top edge
		if l.Edge == play.EdgeBottom {
			y = boardH - 34
		}
		switch {
		case l.Side == 0:
			r := []rune(l.Text)[0]
			labels = append(labels, svgElem("use").Class("red-file").Attr("data-file-label", l.Text).
				Attr("href", "#g"+hex(r)).Attr("transform", translate(x, y)+" scale(0.03)"))
		case l.Side == 1:
			labels = append(labels, svgElem("text").Class("black-file").Attr("data-file-label", itoa(int([]rune(l.Text)[0]-'０'))).
				Attr("x", x).Attr("y", y+10).Text(l.Text))
		case l.Edge == play.EdgeLeft:
			labels = append(labels, svgElem("text").Attr("x", 44).Attr("y", margin+l.At*cell+10).Text(l.Text))
		default:
			labels = append(labels, svgElem("text").Attr("x", x).Attr("y", boardH-28).Text(l.Text))
		}
	}
	class := "coords zh"
	if coords == play.CoordsICCS {
		class = "coords iccs"
	}
	return svgElem("g").Class(class).Body(labels...)
}

// startMark draws the small corner marks around a starting point; left and right say which
// sides have room (not on the board's edge).
func startMark(cx, cy int, left, right bool) app.UI {
	const gap, arm = 8, 18
	d := ""
	for _, sx := range []int{-1, 1} {
		if (sx < 0 && !left) || (sx > 0 && !right) {
			continue
		}
		for _, sy := range []int{-1, 1} {
			x0, y0 := cx+sx*gap, cy+sy*gap
			d += "M" + itoa(x0+sx*arm) + " " + itoa(y0) + "H" + itoa(x0) + "V" + itoa(y0+sy*arm)
		}
	}
	return svgElem("path").Attr("d", d).Attr("fill", "none")
}

func hex(r rune) string {
	const digits = "0123456789ABCDEF"
	s := ""
	for ; r > 0; r >>= 4 {
		s = string(digits[r&15]) + s
	}
	return s
}

// lastMarks marks the ends of the last move under the pieces.
func lastMarks(v play.BoardView) app.UI {
	var marks []app.UI
	for _, c := range v.Cells {
		if c.Last {
			x, y := pointXY(c)
			marks = append(marks, svgElem("rect").Attr("x", x-46).Attr("y", y-46).Attr("width", 92).Attr("height", 92).Attr("rx", 12))
		}
	}
	return svgElem("g").Class("last").Body(marks...)
}

// piece draws a Xiangqi piece (FEN letter pc) centred on x, y, with its shadow when shadow is
// set: the board's pieces, the editor's and its palette's.
func piece(pc byte, x, y int, shadow bool) app.HTMLElem {
	colour := "red"
	if pc >= 'a' {
		colour = "black"
	}
	var parts []app.UI
	if shadow {
		parts = append(parts, svgElem("circle").Class("shadow").Attr("cx", 3).Attr("cy", 6).Attr("r", 45))
	}
	parts = append(parts,
		svgElem("circle").Class("face").Attr("r", 45),
		svgElem("circle").Class("ring").Attr("r", 38),
		svgElem("use").Class("glyph").Attr("href", "#g"+hex(glyph.PieceRune(pc))).Attr("transform", "scale(0.058)"))
	return svgElem("g").Class("piece "+colour).Attr("transform", translate(x, y)).Body(parts...)
}

// xiangqiPieces draws the pieces (the game's board and the editor's), the selected one and
// the general in check marked.
func xiangqiPieces(v play.BoardView) app.UI {
	var ps []app.UI
	for _, c := range v.Cells {
		if c.Piece == 0 {
			continue
		}
		x, y := pointXY(c)
		g := piece(c.Piece, x, y, true).Attr("data-piece", string(c.Piece)).Attr("data-square", c.Name)
		if c.Selected {
			g = g.Class("selected")
		}
		if c.HintPiece { // a puzzle's hint, first step: this piece moves
			g = g.Class("hint-piece").Attr("data-hint-piece", "true")
		}
		if c.Check {
			g = g.Attr("data-check", "true")
		}
		ps = append(ps, g)
	}
	return svgElem("g").Class("pieces").Body(ps...)
}

// xiangqiHints marks the selected piece's targets: a dot, or a ring round a piece it takes.
func xiangqiHints(v play.BoardView) app.UI {
	var hs []app.UI
	for _, c := range v.Cells {
		if !c.Target {
			continue
		}
		x, y := pointXY(c)
		class, r := "hint", 14
		if c.Piece != 0 {
			class, r = "hint capture", 47
		}
		hs = append(hs, svgElem("circle").Class(class).
			Attr("data-hint", "true").
			Attr("data-square", c.Name).
			Attr("cx", x).Attr("cy", y).Attr("r", r))
	}
	return svgElem("g").Class("hints").Body(hs...)
}

// hintArrow draws the engine's suggested move as an arrow from its origin to its target.
func hintArrow(v play.BoardView) app.UI {
	g := svgElem("g").Class("hint-arrow")
	if v.HintFrom < 0 || v.HintTo < 0 {
		return g
	}
	x1, y1 := pointXY(v.Cells[v.HintFrom])
	x2, y2 := pointXY(v.Cells[v.HintTo])
	dx, dy := float64(x2-x1), float64(y2-y1)
	l := math.Hypot(dx, dy)
	ux, uy := dx/l, dy/l
	const head, width = 44.0, 36.0
	// The shaft stops where the head begins; the head's tip sits on the target point.
	bx, by := float64(x2)-ux*head, float64(y2)-uy*head
	pt := func(x, y float64) string { return ftoa(x) + "," + ftoa(y) }
	return g.Attr("data-hint-move", v.Hint).Body(
		svgElem("circle").Attr("cx", x1).Attr("cy", y1).Attr("r", 48),
		svgElem("line").Attr("x1", x1).Attr("y1", y1).Attr("x2", ftoa(bx)).Attr("y2", ftoa(by)),
		svgElem("polygon").Attr("points", pt(float64(x2), float64(y2))+" "+
			pt(bx-uy*width/2*1.4, by+ux*width/2*1.4)+" "+pt(bx+uy*width/2*1.4, by-ux*width/2*1.4)),
	)
}
