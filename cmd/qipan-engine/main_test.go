package main

import (
	"bufio"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"qipan/engine/xiangqi"
)

// TestBinaryUCCI builds the real binary and talks UCCI to it through pipes.
func TestBinaryUCCI(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "qipan-engine")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string, 1000)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	send := func(l string) {
		if _, err := io.WriteString(stdin, l+"\n"); err != nil {
			t.Fatalf("writing %q: %v", l, err)
		}
	}
	// expect reads lines until one starts with prefix (each line must come: output is flushed).
	expect := func(prefix string) string {
		t.Helper()
		timeout := time.After(30 * time.Second)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("output ended before %q", prefix)
				}
				if strings.HasPrefix(l, prefix) {
					return l
				}
			case <-timeout:
				t.Fatalf("no %q line", prefix)
			}
		}
	}

	send("ucci")
	expect("ucciok")
	send("isready")
	expect("readyok")
	send("position startpos moves h2e2")
	send("go depth 4")
	best := strings.Fields(expect("bestmove"))[1]
	p := xiangqi.NewPosition()
	p.Make(xiangqi.NewMove(xiangqi.SquareOf(7, 2), xiangqi.SquareOf(4, 2)))
	if m, err := xiangqi.ParseMove(best); err != nil || !p.IsLegal(m) {
		t.Errorf("bestmove %s is not legal for Black after h2e2", best)
	}
	send("go infinite")
	expect("info depth 2")
	send("isready")
	expect("readyok")
	send("stop")
	expect("bestmove")
	send("stop")
	expect("nobestmove")
	send("position fen rnbakabnr/9 w")
	if l := expect("info string error"); !strings.Contains(l, "bad FEN") {
		t.Errorf("bad FEN answered %q", l)
	}
	send("go perft 2")
	if l := expect("Nodes searched"); l != "Nodes searched: 1564" {
		t.Errorf("perft 2 after h2e2: %q", l) // still after h2e2 (Fairy-Stockfish: 1564)
	}
	send("go infinite")
	expect("info depth 1")
	send("quit")
	expect("bestmove")
	expect("bye")
	done := make(chan error)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exit: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("did not exit after quit")
	}
}
