//go:build wasm

package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// readFile reads the browser File f and calls done with its bytes (nil and false if the
// browser could not read it). done runs on the JavaScript side's callback: it must only
// post an action.
func readFile(f app.Value, done func(data []byte, ok bool)) {
	if !f.Truthy() || !f.Get("arrayBuffer").Truthy() {
		done(nil, false)
		return
	}
	var then, fail app.Func
	release := func() { then.Release(); fail.Release() }
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		defer release()
		u8 := app.Window().Get("Uint8Array").New(args[0])
		data := make([]byte, u8.Get("length").Int())
		app.CopyBytesToGo(data, u8)
		done(data, true)
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		defer release()
		done(nil, false)
		return nil
	})
	f.Call("arrayBuffer").Call("then", then, fail)
}

// decodeGBK decodes the legacy Chinese encoding (GBK, as GB18030) with the browser's
// TextDecoder, so the page carries no table of its own; without one it keeps the bytes.
func decodeGBK(b []byte) string {
	ctor := app.Window().Get("TextDecoder")
	if !ctor.Truthy() {
		return string(b)
	}
	u8 := app.Window().Get("Uint8Array").New(len(b))
	app.CopyBytesToJS(u8, b)
	return ctor.New("gb18030").Call("decode", u8).String()
}
