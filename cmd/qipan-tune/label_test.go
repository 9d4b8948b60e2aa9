package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"qipan/engine/oracles"
)

// TestLabel asks Fairy-Stockfish (the oracle) for three positions: a chariot up for Red with
// either side to move must score well above 0 from Red's view both times (the sign is
// turned for Black), and a position whose best move is a capture is dropped.
func TestLabel(t *testing.T) {
	if testing.Short() {
		t.Skip("starts node")
	}
	dir, env := oracles.Setup(t)
	name, value, _ := strings.Cut(env, "=")
	t.Setenv(name, value) // for the fsuci.js the runner starts
	checkLabel(t, "-engine", "node "+filepath.Join(dir, "fsuci.js"), "-depth", "4")
}

// TestLabelSelf is TestLabel with qipan's own search as the teacher, by depth and by nodes.
func TestLabelSelf(t *testing.T) {
	checkLabel(t, "-engine", "self", "-depth", "4")
	checkLabel(t, "-engine", "self", "-nodes", "3000")
}

func checkLabel(t *testing.T, teacher ...string) {
	t.Helper()
	up := "3aka3/9/9/2p1p1p2/9/9/2P1P1P2/9/9/R2AKA3" // nothing can be captured
	in := strings.Join([]string{
		up + " w - - 0 1;1",
		up + " b - - 0 1;0.5",
		"4k4/9/9/9/9/4r4/9/9/9/3KR4 w - - 0 1;0", // the chariot takes the hanging chariot
	}, "\n") + "\n"
	tmp := t.TempDir()
	inPath, outPath := filepath.Join(tmp, "in.txt"), filepath.Join(tmp, "out.txt")
	if err := os.WriteFile(inPath, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	if code := label(append([]string{"-in", inPath, "-out", outPath, "-jobs", "1"}, teacher...), &errb); code != 0 {
		t.Fatalf("label exit %d: %s", code, errb.String())
	}
	data, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 2 {
		t.Fatalf("want the two quiet positions labelled, got:\n%s\nstderr: %s", data, errb.String())
	}
	for i, want := range []string{up + " w - - 0 1;1;", up + " b - - 0 1;0.5;"} {
		if !strings.HasPrefix(lines[i], want) {
			t.Errorf("line %d = %q, want it to start %q", i+1, lines[i], want)
			continue
		}
		cp, err := strconv.Atoi(strings.TrimPrefix(lines[i], want))
		if err != nil || cp < 300 {
			t.Errorf("line %d: score %q, want a chariot's worth for Red (> 300)", i+1, strings.TrimPrefix(lines[i], want))
		}
	}
	if _, err := readLines(bytes.NewReader(data)); err != nil {
		t.Errorf("fit cannot read label's output: %v", err)
	}
}
