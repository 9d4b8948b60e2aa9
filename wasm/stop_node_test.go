//go:build !wasm

package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// nodeEngine is the worker's wasm running under node (wasm/run-node.js), fed line by line.
type nodeEngine struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string // stdout, closed at exit
}

func startNode(t *testing.T) *nodeEngine {
	t.Helper()
	needNode(t)
	cmd := exec.Command("node", "run-node.js", wasmExecJS(t), engineWasm(t))
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	e := &nodeEngine{t: t, cmd: cmd, in: in, lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	t.Cleanup(func() {
		in.Close()
		cmd.Process.Kill()
		cmd.Wait()
	})
	return e
}

func (e *nodeEngine) send(lines ...string) {
	e.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(e.in, l+"\n"); err != nil {
			e.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// waitFor returns the first line starting with prefix and how long it took to come; it fails
// the test after limit.
func (e *nodeEngine) waitFor(prefix string, limit time.Duration) (string, time.Duration) {
	e.t.Helper()
	start := time.Now()
	timeout := time.After(limit)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				e.t.Fatalf("the engine exited while waiting for %q", prefix)
			}
			if strings.HasPrefix(l, prefix) {
				return l, time.Since(start)
			}
		case <-timeout:
			e.t.Fatalf("no %q within %v", prefix, limit)
		}
	}
}

// TestNodeStopsAtOnce: under node, stop, isready and the end of input reach a searching engine
// as promptly as in the browser, for both games. The bound is generous (a second); the log
// shows the latencies.
func TestNodeStopsAtOnce(t *testing.T) {
	const bound = time.Second
	for _, variant := range []string{"xiangqi", "reversi"} {
		t.Run(variant, func(t *testing.T) {
			e := startNode(t)
			e.send("uci", "setoption name UCI_Variant value "+variant, "position startpos", "isready")
			e.waitFor("readyok", 30*time.Second) // the wasm is compiled and warmed up
			for i := range 3 {
				e.send("go infinite")
				e.waitFor("info depth", 10*time.Second)
				time.Sleep(200 * time.Millisecond)
				e.send("isready")
				_, ready := e.waitFor("readyok", 10*bound)
				e.send("stop")
				best, stop := e.waitFor("bestmove", 10*bound)
				t.Logf("try %d: readyok while thinking after %v, %q after stop in %v", i+1, ready, best, stop)
				if ready > bound || stop > bound {
					t.Errorf("readyok after %v, bestmove after %v: want both within %v", ready, stop, bound)
				}
			}
			// The end of input while searching: the runner sends quit.
			e.send("go infinite")
			e.waitFor("info depth", 10*time.Second)
			time.Sleep(200 * time.Millisecond)
			e.in.Close()
			_, quit := e.waitFor("bye", 10*bound)
			t.Logf("bye %v after the end of input", quit)
			if quit > bound {
				t.Errorf("bye came %v after the end of input, want within %v", quit, bound)
			}
		})
	}
}
