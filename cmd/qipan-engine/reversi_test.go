package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"qipan/engine/reversi"
)

// TestBinaryReversi builds the real binary and plays a Reversi script through it: switch,
// positions, a forced pass, perft, an exact solve, hints, an error, and back to xiangqi.
func TestBinaryReversi(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "qipan-engine")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	script := strings.Join([]string{
		"uci",
		"setoption batch true", // run the script in order: lines wait while thinking
		"setoption name UCI_Variant value reversi",
		"isready",
		"position startpos moves f5 d6",
		"go depth 4",
		"go perft 3",
		"position fen XXXXXXXXXXXOOOXXXXXXXXOXXXOXXOOXXXXXXXOXXXOXOXXXXOXXXOOXOOOOOOO- O",
		"go depth 2",
		"position fen XXXXXXXXXXXOOOXXXXXXXXOXXXOXXOOXXXXXXXOXXXOXOXXXXOXXXOOXOOOOOOO- O moves pass",
		"go depth 60",
		"position fen XXXXXXXXXXXOOOXXXXXXXXOXXXOXXOOXXXXXXXOXXXOXOXXXXOXXXOOXOOOOOOO- O moves pass h8",
		"go depth 1",
		"position startpos moves e2e4",
		"setoption name MultiPV value 4",
		"position startpos",
		"go depth 3",
		"setoption name UCI_Variant value xiangqi",
		"setoption name OwnBook value false",
		"setoption name MultiPV value 1",
		"position startpos",
		"go depth 2",
		"quit",
	}, "\n") + "\n"
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(script)
	outB, err := cmd.Output()
	if err != nil {
		t.Fatalf("qipan-engine: %v\n%s", err, outB)
	}
	out := string(outB)
	// Each pattern must match, in order.
	want := []string{
		`option name UCI_Variant type combo default xiangqi var xiangqi var reversi`,
		`readyok`,
		`info depth 4 score cp -?\d+ nodes \d+ .*pv [a-h][1-8]`,
		`bestmove [a-h][1-8]`,
		`Nodes searched: \d+`,
		`bestmove pass`,
		`info depth 1 score cp 2600 nodes \d+ time \d+.* pv h8\ninfo string exact`, // X 45, O 19
		`bestmove h8`,
		`bestmove \(none\)`,
		`info string error: position: moves\[1\]`,
		`info depth 3 multipv 4 score cp -?\d+ .*pv [a-h][1-8]( [a-h][1-8])*\n`,
		`bestmove [cdef][3456]`,
		`bestmove [a-i][0-9][a-i][0-9]`,
		`bye`,
	}
	rest := out
	for _, w := range want {
		loc := regexp.MustCompile(w).FindStringIndex(rest)
		if loc == nil {
			t.Fatalf("no %q after the earlier lines in\n%s", w, out)
		}
		rest = rest[loc[1]:]
	}
	p := reversi.Start()
	for _, m := range []string{"f5", "d6"} {
		mv, _ := reversi.ParseMove(m)
		p.Make(mv)
	}
	if want := fmt.Sprintf("Nodes searched: %d\n", reversi.Perft(&p, 3)); !strings.Contains(out, want) {
		t.Errorf("perft 3 after f5 d6: want %q in\n%s", want, out)
	}
}
