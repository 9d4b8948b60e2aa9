package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pgnGame is a game of 20 plies; of the positions from ply 16 on, before plies 17 and 18 are
// quiet, plies 19 and 20 capture (G5-F5 a horse, D2-B2 a cannon).
const pgnGame = `[Event "t"]
[Result "%s"]
[Format "ICCS"]

1. H2-E2 H9-G7 2. H0-G2 B9-C7 3. I0-H0 I9-H9 4. H0-H6 D9-E8 5. H6-G6 H7-H8
6. G6-H6 C9-E7 7. H6-H7 G7-F5 8. G3-G4 A9-D9 9. G4-G5 D9-D2 10. G5-F5 D2-B2 %s
`

func TestPGNQuietPositions(t *testing.T) {
	for _, tt := range []struct {
		result, want string
		n            int
	}{
		{"1-0", "1", 2},
		{"0-1", "0", 2},
		{"1/2-1/2", "0.5", 2},
		{"*", "", 0}, // no result: nothing to fit
	} {
		dir := t.TempDir()
		name := filepath.Join(dir, "g.pgn")
		text := strings.Replace(strings.Replace(pgnGame, "%s", tt.result, 1), "%s", tt.result, 1)
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errs bytes.Buffer
		if code := run([]string{"pgn", name}, &out, &errs); code != 0 {
			t.Fatalf("%s: exit %d: %s", tt.result, code, errs.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		data, err := readLines(strings.NewReader(out.String()))
		if err != nil || len(data) != tt.n {
			t.Fatalf("%s: %d positions (%v), want %d:\n%s", tt.result, len(data), err, tt.n, out.String())
		}
		for _, l := range lines[:tt.n] {
			if !strings.HasSuffix(l, ";"+tt.want) {
				t.Errorf("%s: line %q, want result %s", tt.result, l, tt.want)
			}
		}
	}
}

func TestPGNIllegalMove(t *testing.T) {
	name := filepath.Join(t.TempDir(), "bad.pgn")
	// The rook cannot jump its own soldier: the command fails and names the file.
	os.WriteFile(name, []byte("[Result \"1-0\"]\n[Format \"ICCS\"]\n\n1. A0-A5 1-0\n"), 0o644)
	var out, errs bytes.Buffer
	if code := run([]string{"pgn", name}, &out, &errs); code == 0 || !strings.Contains(errs.String(), "bad.pgn") {
		t.Fatalf("exit %d, stderr %q: want a failure naming the file", code, errs.String())
	}
}
