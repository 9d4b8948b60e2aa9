// Package ui holds qipan's go-app components: the page, the SVG boards, the controls and the
// move list. The game logic and what the boards show (play.BoardView) come from app/play; the
// browser-only parts (the engine Worker, drags, files) live in *_wasm.go files with native
// twins, so the package builds and tests natively.
package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

const svgNS = "http://www.w3.org/2000/svg"

// svgElem returns an SVG element; go-app needs the namespace on every one of them.
func svgElem(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

// Board geometry, in viewBox units: points are cell apart, the first one margin from the edge.
const (
	cell   = 100
	margin = 100
	boardW = 2*margin + 8*cell // 1000
	boardH = 2*margin + 9*cell // 1100
)

// pointXY returns the centre of Xiangqi point c on screen (its display column and row: Red's
// back rank is at the bottom unless the board is flipped).
func pointXY(c play.ViewCell) (x, y int) { return margin + c.Col*cell, margin + c.Row*cell }

// pointCorner is the top-left corner of the click target round Xiangqi point c.
func pointCorner(c play.ViewCell) (x, y int) {
	x, y = pointXY(c)
	return x - cell/2, y - cell/2
}

func itoa(v int) string { return strconv.Itoa(v) }

func ftoa(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// translate returns an SVG transform moving the origin to (x, y).
func translate(x, y int) string { return "translate(" + itoa(x) + " " + itoa(y) + ")" }

// refused marks a board root with the reason of a refused attempt (data-refusal) and a class
// that shakes it: the class alternates with each refusal so that the animation runs again.
func refused(root app.HTMLElem, r play.Refusal, n int) app.HTMLElem {
	if r == "" {
		return root
	}
	cls := "refused-a"
	if n%2 == 1 {
		cls = "refused-b"
	}
	return root.Attr("data-refusal", string(r)).Class(cls)
}

// boardRoot is the svg of either game's board (#board): its game's class, viewBox and
// accessible name, and what docs/contracts.md puts on it: data-turn and data-fen of the
// position shown, data-ready, data-thinking, data-browsing, data-refusal.
func boardRoot(v play.BoardView, d drawing, class string, size [2]int, name i18n.Key) app.HTMLElem {
	turn := ""
	if f := strings.Fields(v.Position); len(f) > 1 {
		turn = f[1] // Xiangqi's w or b, Reversi's X or O
	}
	root := svgElem("svg").ID("board").Class(class).
		Attr("viewBox", "0 0 "+itoa(size[0])+" "+itoa(size[1])).
		Attr("role", "group").Attr("aria-label", d.Lang.T(name)).
		Attr("data-turn", turn).
		Attr("data-fen", v.Position).
		On("click", onBoardClick).
		On("keydown", onBoardKeyDown)
	if d.Ready {
		root = root.Attr("data-ready", "true")
	}
	if v.Thinking {
		root = root.Attr("data-thinking", "true")
	}
	if v.Reviewing {
		root = root.Attr("data-browsing", "true")
	}
	if d.Puzzle != "" {
		root = root.Attr("data-puzzle", d.Puzzle)
	}
	if d.Report != "" {
		root = root.Attr("data-report", d.Report)
	}
	return refused(root, d.Refusal, d.Refusals)
}

// onBoardClick posts the square under the click (both boards).
func onBoardClick(ctx app.Context, e app.Event) {
	pt := e.Get("target").Call("closest", "[data-square]")
	if pt.Truthy() {
		ctx.NewActionWithValue(PointAction, pt.Call("getAttribute", "data-square").String())
	}
}

// pointRects is either board's top layer: one transparent square of side size per cell (its
// top-left corner at corner(c)), the click targets, each with its accessible name in l; the
// cursor's alone is in the tab order (keyboard.go).
func pointRects(v play.BoardView, l i18n.Lang, corner func(play.ViewCell) (int, int), size int) app.UI {
	var pts []app.UI
	for _, c := range v.Cells {
		x, y := corner(c)
		tab := "-1"
		if c.Cursor {
			tab = "0"
		}
		r := svgElem("rect").Class("pt").Attr("data-square", c.Name).
			Attr("role", "button").Attr("tabindex", tab).Attr("aria-label", v.CellLabel(l, c)).
			Attr("x", x).Attr("y", y).Attr("width", size).Attr("height", size)
		if c.Last {
			r = r.Attr("data-last", "true")
		}
		pts = append(pts, r)
	}
	return svgElem("g").Class("points").Body(pts...)
}
