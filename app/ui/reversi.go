package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// Reversi board geometry, in viewBox units: 8 cells of rvCell from rvMargin (the labels' room).
const (
	rvCell   = 110
	rvMargin = 60
	rvSize   = 2*rvMargin + 8*rvCell // 1000
)

// cellXY returns the top-left corner of cell c (a1 top-left, as transcripts have it).
func cellXY(c play.ViewCell) (x, y int) { return rvMargin + c.Col*rvCell, rvMargin + c.Row*rvCell }

// cellCentre returns the centre of cell c.
func cellCentre(c play.ViewCell) (x, y int) {
	x, y = cellXY(c)
	return x + rvCell/2, y + rvCell/2
}

// ReversiBoard is the green 8×8 SVG board, drawn from the table's view. Its DOM
// (docs/contracts.md): data-square on every cell, data-disc (X/O) and data-square on discs,
// data-hint on the legal moves, data-hint-move on the engine's suggestion, data-last on the
// last move's cell, data-turn and data-fen on the board.
type ReversiBoard struct {
	app.Compo
	View play.BoardView
	Draw drawing
}

func (b *ReversiBoard) Render() app.UI {
	v, d := b.View, b.Draw
	return boardRoot(v, d, "board reversi", [2]int{rvSize, rvSize}, i18n.ReversiBoard).Body(
		reversiGrid(v.Labels),
		reversiDiscs(v),
		reversiMarks(v, d.HintScores),
		pointRects(v, d.Lang, cellXY, rvCell),
	)
}

// reversiGrid draws the felt, the lines, the four star points and the coordinates.
func reversiGrid(edge []play.EdgeLabel) app.UI {
	var lines, labels []app.UI
	for i := 0; i <= 8; i++ {
		p := rvMargin + i*rvCell
		lines = append(lines,
			svgElem("line").Attr("x1", rvMargin).Attr("y1", p).Attr("x2", rvMargin+8*rvCell).Attr("y2", p),
			svgElem("line").Attr("x1", p).Attr("y1", rvMargin).Attr("x2", p).Attr("y2", rvMargin+8*rvCell))
	}
	for _, l := range edge {
		c := rvMargin + l.At*rvCell + rvCell/2
		if l.Edge == play.EdgeLeft {
			labels = append(labels, svgElem("text").Attr("x", rvMargin/2).Attr("y", c+10).Text(l.Text))
		} else {
			labels = append(labels, svgElem("text").Attr("x", c).Attr("y", rvMargin-18).Text(l.Text))
		}
	}
	var stars []app.UI
	for _, p := range [][2]int{{2, 2}, {6, 2}, {2, 6}, {6, 6}} {
		stars = append(stars, svgElem("circle").Class("star").
			Attr("cx", rvMargin+p[0]*rvCell).Attr("cy", rvMargin+p[1]*rvCell).Attr("r", 9))
	}
	return svgElem("g").Class("grid").Body(
		svgElem("rect").Class("felt").Attr("width", rvSize).Attr("height", rvSize).Attr("rx", 18),
		svgElem("rect").Class("frame").Attr("x", rvMargin).Attr("y", rvMargin).Attr("width", 8*rvCell).Attr("height", 8*rvCell),
		svgElem("g").Class("lines").Body(lines...),
		svgElem("g").Class("stars").Body(stars...),
		svgElem("g").Class("coords").Body(labels...),
	)
}

// reversiDiscs draws one slot per cell, always in the same order, so a flipped disc is the
// same element with another class: the CSS turns it over.
func reversiDiscs(v play.BoardView) app.UI {
	var ds []app.UI
	for _, c := range v.Cells {
		x, y := cellCentre(c)
		d := svgElem("circle").Attr("cx", x).Attr("cy", y).Attr("r", 44)
		switch c.Piece {
		case 'X':
			d = d.Class("disc black").Attr("data-disc", "X").Attr("data-square", c.Name)
		case 'O':
			d = d.Class("disc white").Attr("data-disc", "O").Attr("data-square", c.Name)
		default:
			d = d.Class("disc none")
		}
		ds = append(ds, d)
	}
	return svgElem("g").Class("discs").Body(ds...)
}

// reversiMarks draws the engine's suggestion, the legal-move dots (with the hint search's
// scores when scores is set) and the last move's dot.
func reversiMarks(v play.BoardView, scores bool) app.UI {
	var ms []app.UI
	// The suggestion's dashed ring first: the move's score, drawn later, sits over it.
	if v.HintTo >= 0 {
		x, y := cellCentre(v.Cells[v.HintTo])
		ms = append(ms, svgElem("circle").Class("hint-move").Attr("data-hint-move", v.Hint).
			Attr("cx", x).Attr("cy", y).Attr("r", 40))
	}
	for i, c := range v.Cells {
		if !c.Target {
			continue
		}
		x, y := cellCentre(c)
		ms = append(ms, svgElem("circle").Class("hint").Attr("data-hint", "true").Attr("data-square", c.Name).
			Attr("cx", x).Attr("cy", y).Attr("r", 14))
		if scores && c.Scored {
			// Above the dot; on the suggestion, in the middle of its ring (clear of the
			// ring's dashes, which pass where the others' scores stand).
			ty := y - 18
			if i == v.HintTo {
				ty = y + 8
			}
			ms = append(ms, svgElem("text").Class("hint-score").Attr("data-hint-score", c.Score).Attr("data-square", c.Name).
				Attr("x", x).Attr("y", ty).Text(discScore(c.Score)))
		}
	}
	for _, c := range v.Cells {
		if c.Last {
			x, y := cellCentre(c)
			ms = append(ms, svgElem("circle").Class("last-dot").Attr("cx", x).Attr("cy", y).Attr("r", 9))
		}
	}
	return svgElem("g").Class("marks").Body(ms...)
}
