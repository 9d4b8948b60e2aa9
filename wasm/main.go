//go:build js && wasm

// Command wasm is qipan's engine for a Web Worker (web/engine-worker.js loads it). The worker
// calls self.qipanReceive(line) with each message; every output line goes back with
// postMessage(line). A running search yields to the worker's event loop about every 10 ms
// through self.qipanYield (in the Worker a MessageChannel round trip; under node, in
// wasm/run-node.js, setImmediate), so that `stop` gets delivered.
package main

import (
	"context"
	"strings"
	"syscall/js"
	"time"

	"qipan/engine/protocol"
	"qipan/engine/protocol/variants"
	"qipan/engine/protocol/xqengine"
)

func main() {
	warmUp()
	y := newYielder()
	c := protocol.New(variants.New(protocol.WithYield(y.yield)), func(line string) {
		js.Global().Call("postMessage", line)
	})
	js.Global().Set("qipanReceive", js.FuncOf(func(_ js.Value, args []js.Value) any {
		for _, a := range args {
			for _, line := range strings.Split(a.String(), "\n") {
				c.Handle(line)
			}
		}
		return nil
	}))
	if started := js.Global().Get("qipanStarted"); started.Type() == js.TypeFunction {
		started.Invoke()
	}
	select {}
}

// warmUp runs a small search so the browser compiles the hot code before the first real one.
func warmUp() {
	e := xqengine.New()
	e.SetOption("hashsize", "1")
	e.SetOption("usebook", "false") // a book move would skip the search
	e.Search(context.Background(), protocol.Limits{Depth: 5}, nil)
}

// yielder lets the event loop run once, at most every yieldEvery.
type yielder struct {
	last  time.Time
	woken chan struct{}
	cb    js.Func
	fn    js.Value
}

const yieldEvery = 10 * time.Millisecond

func newYielder() *yielder {
	y := &yielder{woken: make(chan struct{}, 1), fn: js.Global().Get("qipanYield")}
	y.cb = js.FuncOf(func(js.Value, []js.Value) any {
		select {
		case y.woken <- struct{}{}:
		default:
		}
		return nil
	})
	return y
}

// yield returns after the event loop has run (or at once if ctx is done, e.g. by a stop that
// arrived meanwhile). Without qipanYield (not in the worker) it does nothing.
func (y *yielder) yield(ctx context.Context) {
	if y.fn.Type() != js.TypeFunction || time.Since(y.last) < yieldEvery {
		return
	}
	select {
	case <-y.woken: // a wake-up left over from a yield that ctx ended
	default:
	}
	y.fn.Invoke(y.cb)
	select {
	case <-y.woken:
	case <-ctx.Done():
	}
	y.last = time.Now()
}
