package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/engine/reversi"
)

// Reversi board geometry, in viewBox units: 8 cells of rvCell from rvMargin (the labels' room).
const (
	rvCell   = 110
	rvMargin = 60
	rvSize   = 2*rvMargin + 8*rvCell // 1000
)

// cellXY returns the top-left corner of square s (a1 top-left, as transcripts have it).
func cellXY(s reversi.Square) (x, y int) { return rvMargin + s.Col()*rvCell, rvMargin + s.Row()*rvCell }

// ReversiView is what the Reversi board shows: a snapshot taken from the game.
type ReversiView struct {
	Position *reversi.Position
	Hints    []reversi.Square // the person's legal moves
	Last     reversi.Move     // NoMove (or Pass) for no disc to mark
	HintMove reversi.Move     // the engine's suggestion, NoMove for none
	Ready    bool
	Thinking bool
	Lang     i18n.Lang // of the board's accessible name
	Refusal  play.Refusal
	Refusals int
	Cursor   string // the cell in the tab order (keyboard.go), "" for the default
	Browsing bool   // the record is reviewed: the arrows browse it
	// Scores are the hint search's scores of the legal moves (centi-discs for the side to
	// move), written on their cells; nil for none.
	Scores map[reversi.Square]int
}

// ReversiBoard is the green 8×8 SVG board. Its DOM (docs/contracts.md): data-square on every
// cell, data-disc (X/O) and data-square on discs, data-hint on the legal moves, data-hint-move
// on the engine's suggestion, data-last on the last move's cell, data-turn and data-fen on
// the board.
type ReversiBoard struct {
	app.Compo
	View ReversiView
}

func newReversiBoard() *ReversiBoard { return &ReversiBoard{} }

// WithView sets what the board shows.
func (b *ReversiBoard) WithView(v ReversiView) *ReversiBoard {
	b.View = v
	return b
}

func (b *ReversiBoard) Render() app.UI {
	v := b.View
	pos := v.Position
	if pos == nil {
		pos = reversi.NewPosition()
	}
	text := pos.String()
	root := svgElem("svg").ID("board").Class("board reversi").
		Attr("viewBox", "0 0 "+itoa(rvSize)+" "+itoa(rvSize)).
		Attr("role", "group").Attr("aria-label", b.View.Lang.T(i18n.ReversiBoard)).
		Attr("data-turn", text[65:]).
		Attr("data-fen", text).
		On("click", onBoardClick).
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
		reversiGrid(),
		b.discs(pos),
		b.marks(),
		b.cells(),
	)
}

// onBoardClick posts the square under the click (both boards).
func onBoardClick(ctx app.Context, e app.Event) {
	pt := e.Get("target").Call("closest", "[data-square]")
	if pt.Truthy() {
		ctx.NewActionWithValue(PointAction, pt.Call("getAttribute", "data-square").String())
	}
}

// reversiGrid draws the felt, the lines, the four star points and the coordinates.
func reversiGrid() app.UI {
	var lines, labels []app.UI
	for i := 0; i <= 8; i++ {
		p := rvMargin + i*rvCell
		lines = append(lines,
			svgElem("line").Attr("x1", rvMargin).Attr("y1", p).Attr("x2", rvMargin+8*rvCell).Attr("y2", p),
			svgElem("line").Attr("x1", p).Attr("y1", rvMargin).Attr("x2", p).Attr("y2", rvMargin+8*rvCell))
	}
	for i := 0; i < 8; i++ {
		c := rvMargin + i*rvCell + rvCell/2
		labels = append(labels,
			svgElem("text").Attr("x", c).Attr("y", rvMargin-18).Text(string(rune('a'+i))),
			svgElem("text").Attr("x", rvMargin/2).Attr("y", c+10).Text(itoa(i+1)))
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

// discs draws one slot per square, always in the same order, so a flipped disc is the same
// element with another class: the CSS turns it over.
func (b *ReversiBoard) discs(pos *reversi.Position) app.UI {
	var ds []app.UI
	for s := reversi.Square(0); s < 64; s++ {
		x, y := cellXY(s)
		c := svgElem("circle").Attr("cx", x+rvCell/2).Attr("cy", y+rvCell/2).Attr("r", 44)
		color, ok := pos.At(s)
		switch {
		case !ok:
			c = c.Class("disc none")
		case color == reversi.Black:
			c = c.Class("disc black").Attr("data-disc", "X").Attr("data-square", s.String())
		default:
			c = c.Class("disc white").Attr("data-disc", "O").Attr("data-square", s.String())
		}
		ds = append(ds, c)
	}
	return svgElem("g").Class("discs").Body(ds...)
}

// marks draws the legal-move dots, the last move's dot and the engine's suggestion.
func (b *ReversiBoard) marks() app.UI {
	v := b.View
	centre := func(s reversi.Square) (int, int) {
		x, y := cellXY(s)
		return x + rvCell/2, y + rvCell/2
	}
	var ms []app.UI
	// The suggestion's dashed ring first: the move's score, drawn later, sits over it.
	if s := v.HintMove.Square(); s != reversi.NoSquare {
		x, y := centre(s)
		ms = append(ms, svgElem("circle").Class("hint-move").Attr("data-hint-move", s.String()).
			Attr("cx", x).Attr("cy", y).Attr("r", 40))
	}
	for _, s := range v.Hints {
		x, y := centre(s)
		ms = append(ms, svgElem("circle").Class("hint").Attr("data-hint", "true").Attr("data-square", s.String()).
			Attr("cx", x).Attr("cy", y).Attr("r", 14))
		if sc, ok := v.Scores[s]; ok {
			// Above the dot; on the suggestion, in the middle of its ring (clear of the
			// ring's dashes, which pass where the others' scores stand).
			ty := y - 18
			if s == v.HintMove.Square() {
				ty = y + 8
			}
			ms = append(ms, svgElem("text").Class("hint-score").Attr("data-hint-score", sc).Attr("data-square", s.String()).
				Attr("x", x).Attr("y", ty).Text(discScore(sc)))
		}
	}
	if s := v.Last.Square(); s != reversi.NoSquare {
		x, y := centre(s)
		ms = append(ms, svgElem("circle").Class("last-dot").Attr("cx", x).Attr("cy", y).Attr("r", 9))
	}
	return svgElem("g").Class("marks").Body(ms...)
}

// cells is the top layer: one transparent square per cell, the click targets.
func (b *ReversiBoard) cells() app.UI {
	last := b.View.Last.Square()
	pos := b.View.Position
	if pos == nil {
		pos = reversi.NewPosition()
	}
	cursor := cursorOr(b.View.Cursor, "d3")
	var cs []app.UI
	for s := reversi.Square(0); s < 64; s++ {
		x, y := cellXY(s)
		tab := "-1"
		if s.String() == cursor {
			tab = "0"
		}
		r := svgElem("rect").Class("pt").Attr("data-square", s.String()).
			Attr("role", "button").Attr("tabindex", tab).Attr("aria-label", cellLabel(b.View.Lang, s, pos)).
			Attr("x", x).Attr("y", y).Attr("width", rvCell).Attr("height", rvCell)
		if s == last {
			r = r.Attr("data-last", "true")
		}
		cs = append(cs, r)
	}
	return svgElem("g").Class("points").Body(cs...)
}
