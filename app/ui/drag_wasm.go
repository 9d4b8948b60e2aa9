//go:build wasm

package ui

import (
	"math"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// dragThreshold is how far (CSS pixels) a pointer moves on a piece before it is a drag, not
// a click.
const dragThreshold = 6

// listenDrag lets a person move a Xiangqi piece by dragging it, with a mouse, a pen or a
// finger: the piece follows the pointer, and letting go over a point plays there. onStart is
// called with the piece's point when a drag begins (to select it), onDrop with the point it is
// dropped on. A drop anywhere else puts the piece back. The listeners are on the document, so
// they outlive the board's re-renders; the returned function removes them.
func listenDrag(onStart, onDrop func(square string)) func() {
	return listenDragIn("#board:not(.reversi)", onStart, onDrop)
}

// listenDragIn is listenDrag on the board svg that root selects (the game's, or the position
// editor's).
func listenDragIn(root string, onStart, onDrop func(square string)) func() {
	doc := app.Window().Get("document")
	var (
		from       string
		piece      app.Value
		x0, y0     float64
		scale      float64
		dragging   bool
		swallowOne bool // the click that follows a drop is not a click
	)
	reset := func() {
		if piece != nil && piece.Truthy() {
			piece.Get("style").Set("translate", "")
			piece.Get("classList").Call("remove", "dragging")
		}
		from, piece, dragging = "", nil, false
	}
	down := app.FuncOf(func(this app.Value, args []app.Value) any {
		e := args[0]
		swallowOne = false // a new gesture: an earlier drop's click never came
		if e.Get("button").Int() != 0 || !e.Get("isPrimary").Bool() {
			return nil
		}
		t := e.Get("target")
		if !t.Truthy() || !t.Get("closest").Truthy() {
			return nil
		}
		pt := t.Call("closest", root+" [data-square]")
		if !pt.Truthy() {
			return nil
		}
		sq := pt.Call("getAttribute", "data-square").String()
		board := pt.Call("closest", root)
		pc := board.Call("querySelector", `[data-piece][data-square="`+sq+`"]`)
		if !pc.Truthy() {
			return nil
		}
		ctm := board.Call("getScreenCTM")
		if !ctm.Truthy() || ctm.Get("a").Float() == 0 {
			return nil
		}
		from, piece, scale = sq, pc, ctm.Get("a").Float()
		x0, y0 = e.Get("clientX").Float(), e.Get("clientY").Float()
		return nil
	})
	move := app.FuncOf(func(this app.Value, args []app.Value) any {
		if from == "" {
			return nil
		}
		e := args[0]
		dx, dy := e.Get("clientX").Float()-x0, e.Get("clientY").Float()-y0
		if !dragging {
			if math.Hypot(dx, dy) < dragThreshold {
				return nil
			}
			dragging = true
			piece.Get("classList").Call("add", "dragging")
			onStart(from)
		}
		e.Call("preventDefault")
		// translate composes with the piece's own transform; in the board's units.
		piece.Get("style").Set("translate", ftoa(dx/scale)+"px "+ftoa(dy/scale)+"px")
		return nil
	})
	up := app.FuncOf(func(this app.Value, args []app.Value) any {
		if from == "" {
			return nil
		}
		e := args[0]
		wasDragging, start := dragging, from
		reset()
		if !wasDragging {
			return nil
		}
		swallowOne = true
		if el := doc.Call("elementFromPoint", e.Get("clientX"), e.Get("clientY")); el.Truthy() {
			if pt := el.Call("closest", root+" .pt[data-square]"); pt.Truthy() {
				if to := pt.Call("getAttribute", "data-square").String(); to != start {
					onDrop(to)
				}
			}
		}
		return nil
	})
	cancel := app.FuncOf(func(this app.Value, args []app.Value) any {
		reset()
		return nil
	})
	click := app.FuncOf(func(this app.Value, args []app.Value) any {
		if swallowOne {
			swallowOne = false
			args[0].Call("stopPropagation")
			args[0].Call("preventDefault")
		}
		return nil
	})
	capture := map[string]any{"capture": true}
	doc.Call("addEventListener", "pointerdown", down)
	doc.Call("addEventListener", "pointermove", move, map[string]any{"passive": false})
	doc.Call("addEventListener", "pointerup", up)
	doc.Call("addEventListener", "pointercancel", cancel)
	doc.Call("addEventListener", "click", click, capture)
	return func() {
		doc.Call("removeEventListener", "pointerdown", down)
		doc.Call("removeEventListener", "pointermove", move)
		doc.Call("removeEventListener", "pointerup", up)
		doc.Call("removeEventListener", "pointercancel", cancel)
		doc.Call("removeEventListener", "click", click, capture)
		for _, f := range []app.Func{down, move, up, cancel, click} {
			f.Release()
		}
	}
}
