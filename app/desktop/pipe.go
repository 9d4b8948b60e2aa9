package desktop

import (
	"sync"

	"qipan/engine/protocol"
	"qipan/engine/protocol/variants"
)

// Pipe carries protocol lines to an engine and back, as the web board's Worker does. Send
// and Lines never block: the app calls them from its frame loop.
type Pipe interface {
	// Send queues lines for the engine.
	Send(lines ...string)
	// Lines returns the lines the engine wrote since the last call.
	Lines() []string
}

// LocalPipe is qipan's engine (engine/protocol/variants: Xiangqi and Reversi) running in
// this process, behind the same protocol session as the native binary: one goroutine feeds it
// the queued lines in order (a stop waits there for the search to end, not in the frame
// loop), and the search runs in the session's own goroutine.
type LocalPipe struct {
	mu   sync.Mutex
	in   []string      // lines queued for the engine
	wake chan struct{} // a line was queued
	out  []string      // lines the engine wrote
	// notify, when set, is called (from the engine's goroutine) after each line the engine
	// writes: a window that draws only on change wakes up for it.
	notify func()
}

// Notify sets fn to be called, from the engine's goroutine, after each line the engine writes.
func (e *LocalPipe) Notify(fn func()) {
	e.mu.Lock()
	e.notify = fn
	e.mu.Unlock()
}

// NewLocalPipe starts the engine. It says "info string ready" first, as the Worker does once
// its wasm has loaded.
func NewLocalPipe() *LocalPipe {
	e := &LocalPipe{wake: make(chan struct{}, 1), out: []string{"info string ready"}}
	s := protocol.New(variants.New(), func(line string) {
		e.mu.Lock()
		e.out = append(e.out, line)
		fn := e.notify
		e.mu.Unlock()
		if fn != nil {
			fn()
		}
	})
	go func() {
		for range e.wake {
			for {
				e.mu.Lock()
				if len(e.in) == 0 {
					e.mu.Unlock()
					break
				}
				line := e.in[0]
				e.in = e.in[1:]
				e.mu.Unlock()
				s.Handle(line)
			}
		}
	}()
	return e
}

// Send queues lines for the engine, in order; it never blocks.
func (e *LocalPipe) Send(lines ...string) {
	e.mu.Lock()
	e.in = append(e.in, lines...)
	e.mu.Unlock()
	select {
	case e.wake <- struct{}{}:
	default: // the feeder is already awake and will see the new lines
	}
}

// Lines returns what the engine wrote since the last call.
func (e *LocalPipe) Lines() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := e.out
	e.out = nil
	return out
}
