// Package protocoltest drives engines through the protocol in tests: Run plays a script and
// returns what the engine wrote, a Recorder keeps a connection open and waits for lines, and
// PerftStops checks what every Perfter must do with a cancelled context or a bad depth.
package protocoltest

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"qipan/engine/protocol"
)

// Run runs lines through a protocol.Conn over eng in batch mode (each line waits for the search
// before it: a script runs in order), waits for the last search to finish and returns the
// output.
func Run(eng protocol.Engine, lines ...string) []string {
	var mu sync.Mutex
	var out []string
	c := protocol.New(eng, func(l string) { mu.Lock(); out = append(out, l); mu.Unlock() })
	c.Handle("setoption batch true")
	for _, l := range lines {
		c.Handle(l)
	}
	c.Finish()
	mu.Lock()
	defer mu.Unlock()
	return slices.Clone(out)
}

// Recorder is a connection (protocol.Conn) to an engine that keeps the lines it writes, for tests that
// send lines as they go (Handle) and wait for answers (WaitFor).
type Recorder struct {
	*protocol.Conn
	mu    sync.Mutex
	lines []string
	ch    chan string
}

// NewRecorder opens a connection to eng.
func NewRecorder(eng protocol.Engine) *Recorder {
	r := &Recorder{ch: make(chan string, 10000)}
	r.Conn = protocol.New(eng, func(l string) {
		r.mu.Lock()
		r.lines = append(r.lines, l)
		r.mu.Unlock()
		r.ch <- l
	})
	return r
}

// Lines returns every line written so far.
func (r *Recorder) Lines() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.lines)
}

// WaitFor returns the next line beginning with prefix (passing over the lines before it); the
// test fails if none comes within 20 seconds.
func (r *Recorder) WaitFor(t testing.TB, prefix string) string {
	t.Helper()
	for {
		select {
		case l := <-r.ch:
			if strings.HasPrefix(l, prefix) {
				return l
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("no %q line", prefix)
		}
	}
}

// PerftStops checks that p's Perft returns an error for depth 0 and, with a cancelled
// context, for depth (deep enough to reach the count's stop check).
func PerftStops(t testing.TB, p protocol.Perfter, depth int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Perft(ctx, depth, func(string, uint64) {}); err == nil {
		t.Errorf("perft %d with a cancelled context returned no error", depth)
	}
	if _, err := p.Perft(context.Background(), 0, func(string, uint64) {}); err == nil {
		t.Error("perft 0 returned no error")
	}
}
