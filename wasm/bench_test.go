//go:build !wasm

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"qipan/engine/xiangqi/search"
)

// TestBenchSignatureNativeAndWasm: the engine wasm, run under node as the Worker runs it,
// counts the same bench nodes as the native search: the two builds search the same tree.
func TestBenchSignatureNativeAndWasm(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is missing: the wasm bench cannot run")
		}
		t.Skip("node is missing")
	}
	const depth = 6
	native := search.Bench(context.Background(), depth, nil, nil)

	cmd := exec.Command(node, filepath.Join(".", "run-node.js"), wasmExecJS(t), engineWasm(t))
	cmd.Stdin = strings.NewReader("setoption batch true\nbench " + strconv.Itoa(depth) + "\n")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`Nodes searched: (\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("no node count in the wasm engine's output:\n%s", out)
	}
	if got, _ := strconv.ParseUint(string(m[1]), 10, 64); got != native {
		t.Errorf("bench %d: wasm %d nodes, native %d", depth, got, native)
	}
}
