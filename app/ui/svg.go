// Package ui holds qipan's go-app components: the page, the SVG board, the controls and the
// move list. The rules come from engine/xiangqi and the game logic from app/play; the only
// browser-only part (the engine Worker) lives in worker_wasm.go with a native twin, so the
// package builds and tests natively.
package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/play"
	"qipan/engine/xiangqi"
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

// pointXY returns the centre of square s on screen; Red's back rank is at the bottom unless
// the board is flipped.
func pointXY(s xiangqi.Square, flipped bool) (x, y int) {
	col, row := s.File(), 9-s.Rank()
	if flipped {
		col, row = 8-col, 9-row
	}
	return margin + col*cell, margin + row*cell
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
