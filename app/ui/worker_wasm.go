//go:build wasm

package ui

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// worker is the engine's Web Worker (docs/contracts.md: one protocol line per message).
type worker struct {
	js             app.Value
	onMsg, onError app.Func
}

// startWorker starts the Worker at url. onLine gets each line it posts and onFail a reason if
// it fails to load; both are called outside the UI goroutine.
func startWorker(url string, onLine, onFail func(string)) (w *worker, err error) {
	defer func() {
		if r := recover(); r != nil { // new Worker throws on a bad URL or a blocked origin
			w, err = nil, fmt.Errorf("starting %s: %v", url, r)
		}
	}()
	ctor := app.Window().Get("Worker")
	if !ctor.Truthy() {
		return nil, fmt.Errorf("this browser has no Web Workers")
	}
	w = &worker{js: ctor.New(url)}
	w.onMsg = app.FuncOf(func(this app.Value, args []app.Value) any {
		if d := args[0].Get("data"); d.Type() == app.TypeString {
			onLine(d.String())
		}
		return nil
	})
	w.onError = app.FuncOf(func(this app.Value, args []app.Value) any {
		why := "the worker failed"
		if msg := args[0].Get("message"); msg.Truthy() {
			why = msg.String()
		}
		onFail(why)
		return nil
	})
	w.js.Set("onmessage", w.onMsg)
	w.js.Set("onerror", w.onError)
	return w, nil
}

func (w *worker) Post(line string) { w.js.Call("postMessage", line) }

func (w *worker) Close() {
	w.js.Call("terminate")
	w.onMsg.Release()
	w.onError.Release()
}
