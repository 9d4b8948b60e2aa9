//go:build wasm

package ui

import (
	"errors"
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// fetchText fetches the text at url (relative to the page, so that a sub-path works; the
// service worker answers from its cache offline) and calls done with it, or with why it could
// not be had (the network's error, an HTTP status). done is called once, outside the UI
// goroutine.
func fetchText(url string, done func(text string, err error)) {
	var got, read, fail app.Func
	release := func() {
		got.Release()
		read.Release()
		fail.Release()
	}
	finish := func(text string, err error) {
		release()
		done(text, err)
	}
	read = app.FuncOf(func(this app.Value, args []app.Value) any {
		finish(args[0].String(), nil)
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		why := "the request failed"
		if len(args) > 0 && args[0].Truthy() {
			if msg := args[0].Get("message"); msg.Truthy() {
				why = msg.String()
			} else {
				why = args[0].Call("toString").String()
			}
		}
		finish("", errors.New(why))
		return nil
	})
	got = app.FuncOf(func(this app.Value, args []app.Value) any {
		resp := args[0]
		if !resp.Get("ok").Bool() {
			finish("", fmt.Errorf("HTTP %d", resp.Get("status").Int()))
			return nil
		}
		resp.Call("text").Call("then", read, fail)
		return nil
	})
	defer func() {
		if r := recover(); r != nil { // fetch throws on a URL it cannot read
			finish("", fmt.Errorf("fetching %s: %v", url, r))
		}
	}()
	app.Window().Call("fetch", url).Call("then", got, fail)
}
