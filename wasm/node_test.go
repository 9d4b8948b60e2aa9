//go:build !wasm

package main

import (
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"qipan/engine/protocol"
	"qipan/engine/protocol/xqengine"
)

// signatureScript is searched to fixed depths and counted with perft: deterministic output,
// so the wasm build must print exactly what the native build prints (times aside).
const signatureScript = `setoption batch true
setoption usebook false
position startpos
go depth 6
position fen r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1
go depth 5
go perft 3
position startpos moves h2e2 h9g7 h0g2
go nodes 20000
bench 5
`

var timeFields = regexp.MustCompile(` (time|nps) \d+`)

func signature(lines []string) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		out = append(out, timeFields.ReplaceAllString(l, ""))
	}
	return out
}

// needNode skips the test without node, or fails it under CI=true.
func needNode(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is missing")
		}
		t.Skip("node is missing")
	}
}

// wasmMatchesNative runs script through the worker's wasm under node (wasm/run-node.js) and
// through eng natively, fails the test unless both print the same lines (times aside), and
// returns the native lines for further checks.
func wasmMatchesNative(t *testing.T, script string, eng protocol.Engine) []string {
	t.Helper()
	needNode(t)
	cmd := exec.Command("node", "run-node.js", wasmExecJS(t), engineWasm(t))
	cmd.Stdin = strings.NewReader(script)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node run-node.js: %v\n%s", err, out)
	}
	got := signature(strings.Split(strings.TrimSpace(string(out)), "\n"))

	var mu sync.Mutex
	var native []string
	s := protocol.New(eng, func(l string) { mu.Lock(); native = append(native, l); mu.Unlock() })
	for _, l := range strings.Split(strings.TrimSpace(script), "\n") {
		s.Handle(l)
	}
	s.Handle("quit")
	<-s.Done()
	want := signature(native)
	if !slices.Equal(got, want) {
		t.Errorf("wasm under node printed\n%s\nnative printed\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	return want
}

// TestWasmMatchesNative runs the worker's wasm under node (wasm/run-node.js) and checks that
// it prints what the native engine prints for the same script: same nodes, moves and scores.
func TestWasmMatchesNative(t *testing.T) {
	want := wasmMatchesNative(t, signatureScript, xqengine.New())
	if !slices.ContainsFunc(want, func(l string) bool { return strings.HasPrefix(l, "info string bench 14/14 depth 5 ") }) {
		t.Errorf("native bench did not search all 14 positions to depth 5: %q", want)
	}
	if !slices.Contains(want, "Nodes searched: 43929") {
		t.Errorf("native perft 3 of the second position is not 43929: %q", want)
	}
}
