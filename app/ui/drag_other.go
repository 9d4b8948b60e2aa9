//go:build !wasm

package ui

// listenDrag is the native twin of drag_wasm.go: no pointer outside a browser.
func listenDrag(onStart, onDrop func(square string)) func() { return func() {} }

// listenDragIn is listenDrag on another board: nothing to listen to natively.
func listenDragIn(root string, onStart, onDrop func(square string)) func() { return func() {} }
