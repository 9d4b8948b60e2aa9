package ui

import (
	"math"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/glyph"
	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/engine/xiangqi"
)

// PointAction is the action a click on a board point posts; its value is the point ("h2").
const PointAction = "qipan/point"

// BoardView is what the board shows: a snapshot taken from the match.
type BoardView struct {
	Position *xiangqi.Position
	Flipped  bool
	Selected xiangqi.Square // -1 for none
	Hints    []xiangqi.Move
	Last     xiangqi.Move // xiangqi.NoMove for none
	Ready    bool         // the app is running: clicks are handled
	Thinking bool         // the engine is searching
	HintMove xiangqi.Move // the engine's suggestion to draw as an arrow, NoMove for none
	Coords   string       // play.CoordsChinese (default) or play.CoordsICCS
	Lang     i18n.Lang    // of the board's accessible name
	Refusal  play.Refusal // why the last attempt was refused ("" for none)
	Refusals int          // attempts refused so far: each one shakes the board again
	Cursor   string       // the point in the tab order (keyboard.go), "" for the default
	Browsing bool         // the record is reviewed: the arrows browse it
}

// Board is the SVG board. It follows the DOM contract of docs/contracts.md: data-square on
// every point, data-piece on pieces, data-hint on hint markers, data-last, data-check,
// and data-turn/data-fen on the board itself.
type Board struct {
	app.Compo
	View BoardView
}

func newBoard() *Board { return &Board{} }

// WithView sets what the board shows.
func (b *Board) WithView(v BoardView) *Board {
	b.View = v
	return b
}

func (b *Board) Render() app.UI {
	v := b.View
	pos := v.Position
	if pos == nil {
		pos = xiangqi.NewPosition()
	}
	turn := "w"
	if pos.Turn() == xiangqi.Black {
		turn = "b"
	}
	root := svgElem("svg").
		ID("board").
		Class("board").
		Attr("viewBox", "0 0 "+itoa(boardW)+" "+itoa(boardH)).
		Attr("role", "group").
		Attr("aria-label", v.Lang.T(i18n.XiangqiBoard)).
		Attr("data-turn", turn).
		Attr("data-fen", pos.FEN()).
		On("click", b.onClick).
		On("keydown", onBoardKeyDown)
	if v.Ready {
		root = root.Attr("data-ready", "true")
	}
	if v.Thinking {
		root = root.Attr("data-thinking", "true")
	}
	if v.Browsing {
		root = root.Attr("data-browsing", "true")
	}
	root = refused(root, v.Refusal, v.Refusals)
	return root.Body(
		&boardBase{Flipped: v.Flipped, Coords: v.Coords},
		b.lastMove(),
		b.pieces(pos),
		b.hints(pos),
		b.hintArrow(),
		b.points(),
	)
}

// onClick finds the point under the click and posts it as an action for the page.
func (b *Board) onClick(ctx app.Context, e app.Event) {
	pt := e.Get("target").Call("closest", "[data-square]")
	if !pt.Truthy() {
		return
	}
	ctx.NewActionWithValue(PointAction, pt.Call("getAttribute", "data-square").String())
}

// boardBase is the board's unchanging layers: the glyph outlines, the wood, the grid and its
// coordinates. As a component of its own it is drawn again only when the flip or the
// coordinates change (go-app skips a component whose fields are unchanged): drawn at every
// move, its hundreds of nodes were most of a click's work.
type boardBase struct {
	app.Compo
	Flipped bool
	Coords  string
}

func (b *boardBase) Render() app.UI {
	return svgElem("g").Class("board-base").Body(boardDefs(), boardBackground(), boardGrid(b.Flipped, b.Coords))
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
func boardGrid(flipped bool, coords string) app.UI {
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
	var labels app.UI
	if coords == play.CoordsICCS {
		labels = iccsCoords(flipped)
	} else {
		labels = chineseCoords(flipped)
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
		labels,
	)
}

// iccsCoords labels files a–i under the board and ranks 0–9 on its left.
func iccsCoords(flipped bool) app.UI {
	var labels []app.UI
	for col := 0; col < 9; col++ {
		file := col
		if flipped {
			file = 8 - col
		}
		labels = append(labels, svgElem("text").Attr("x", margin+col*cell).Attr("y", boardH-28).Text(string(rune('a'+file))))
	}
	for row := 0; row < 10; row++ {
		rank := 9 - row
		if flipped {
			rank = row
		}
		labels = append(labels, svgElem("text").Attr("x", 44).Attr("y", margin+row*cell+10).Text(itoa(rank)))
	}
	return svgElem("g").Class("coords iccs").Body(labels...)
}

// chineseCoords labels the files as each side reads them, along its own edge: Red's 九…一
// (right to left from Red's seat, so 九 is Red's left), Black's １…９ (from Black's right).
// Flipping the board moves each row of numbers with its side.
func chineseCoords(flipped bool) app.UI {
	var labels []app.UI
	for col := 0; col < 9; col++ {
		file := col
		if flipped {
			file = 8 - col
		}
		x := margin + col*cell
		redY, blackY := boardH-34, 34
		if flipped {
			redY, blackY = blackY, redY
		}
		red := []rune("九八七六五四三二一")[file]
		labels = append(labels,
			svgElem("use").Class("red-file").Attr("data-file-label", string(red)).
				Attr("href", "#g"+hex(red)).Attr("transform", translate(x, redY)+" scale(0.03)"),
			svgElem("text").Class("black-file").Attr("data-file-label", itoa(file+1)).
				Attr("x", x).Attr("y", blackY+10).Text(string(rune('１'+file))))
	}
	return svgElem("g").Class("coords zh").Body(labels...)
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

func (b *Board) lastMove() app.UI {
	v := b.View
	if v.Last == xiangqi.NoMove {
		return svgElem("g").Class("last")
	}
	mark := func(s xiangqi.Square) app.UI {
		x, y := pointXY(s, v.Flipped)
		return svgElem("rect").Attr("x", x-46).Attr("y", y-46).Attr("width", 92).Attr("height", 92).Attr("rx", 12)
	}
	return svgElem("g").Class("last").Body(mark(v.Last.From()), mark(v.Last.To()))
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

func (b *Board) pieces(pos *xiangqi.Position) app.UI {
	v := b.View
	checked := xiangqi.Square(-1)
	if pos.InCheck() {
		for s := xiangqi.Square(0); s < 90; s++ {
			if pc := pos.At(s); pc != xiangqi.NoPiece && pc.Kind() == xiangqi.General && pc.Color() == pos.Turn() {
				checked = s
			}
		}
	}
	var ps []app.UI
	for s := xiangqi.Square(0); s < 90; s++ {
		pc := pos.At(s)
		if pc == xiangqi.NoPiece {
			continue
		}
		x, y := pointXY(s, v.Flipped)
		g := piece(pc.FEN(), x, y, true).Attr("data-piece", string(pc.FEN())).Attr("data-square", s.String())
		if s == v.Selected {
			g = g.Class("selected")
		}
		if s == checked {
			g = g.Attr("data-check", "true")
		}
		ps = append(ps, g)
	}
	return svgElem("g").Class("pieces").Body(ps...)
}

func (b *Board) hints(pos *xiangqi.Position) app.UI {
	v := b.View
	var hs []app.UI
	for _, mv := range v.Hints {
		x, y := pointXY(mv.To(), v.Flipped)
		class, r := "hint", 14
		if pos.At(mv.To()) != xiangqi.NoPiece {
			class, r = "hint capture", 47
		}
		hs = append(hs, svgElem("circle").Class(class).
			Attr("data-hint", "true").
			Attr("data-square", mv.To().String()).
			Attr("cx", x).Attr("cy", y).Attr("r", r))
	}
	return svgElem("g").Class("hints").Body(hs...)
}

// hintArrow draws the engine's suggested move as an arrow from its origin to its target.
func (b *Board) hintArrow() app.UI {
	v := b.View
	g := svgElem("g").Class("hint-arrow")
	if v.HintMove == xiangqi.NoMove {
		return g
	}
	x1, y1 := pointXY(v.HintMove.From(), v.Flipped)
	x2, y2 := pointXY(v.HintMove.To(), v.Flipped)
	dx, dy := float64(x2-x1), float64(y2-y1)
	l := math.Hypot(dx, dy)
	ux, uy := dx/l, dy/l
	const head, width = 44.0, 36.0
	// The shaft stops where the head begins; the head's tip sits on the target point.
	bx, by := float64(x2)-ux*head, float64(y2)-uy*head
	pt := func(x, y float64) string { return ftoa(x) + "," + ftoa(y) }
	return g.Attr("data-hint-move", v.HintMove.String()).Body(
		svgElem("circle").Attr("cx", x1).Attr("cy", y1).Attr("r", 48),
		svgElem("line").Attr("x1", x1).Attr("y1", y1).Attr("x2", ftoa(bx)).Attr("y2", ftoa(by)),
		svgElem("polygon").Attr("points", pt(float64(x2), float64(y2))+" "+
			pt(bx-uy*width/2*1.4, by+ux*width/2*1.4)+" "+pt(bx+uy*width/2*1.4, by-ux*width/2*1.4)),
	)
}

// points is the top layer: one transparent square per point, the click targets.
func (b *Board) points() app.UI {
	v := b.View
	pos := v.Position
	if pos == nil {
		pos = xiangqi.NewPosition()
	}
	cursor := cursorOr(v.Cursor, "e0")
	if v.Flipped && v.Cursor == "" {
		cursor = "e9"
	}
	var pts []app.UI
	for s := xiangqi.Square(0); s < 90; s++ {
		x, y := pointXY(s, v.Flipped)
		tab := "-1"
		if s.String() == cursor {
			tab = "0"
		}
		r := svgElem("rect").Class("pt").
			Attr("data-square", s.String()).
			Attr("role", "button").Attr("tabindex", tab).Attr("aria-label", pointLabel(v.Lang, s, pos.At(s), v.Coords, v.Flipped)).
			Attr("x", x-cell/2).Attr("y", y-cell/2).Attr("width", cell).Attr("height", cell)
		if v.Last != xiangqi.NoMove && (s == v.Last.From() || s == v.Last.To()) {
			r = r.Attr("data-last", "true")
		}
		pts = append(pts, r)
	}
	return svgElem("g").Class("points").Body(pts...)
}
