package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"qipan/engine/reversi"
)

func TestNotation(t *testing.T) {
	for _, tt := range []struct {
		move   string // qipan's
		fs     string
		fsAlso []string // other ways Fairy-Stockfish may write it
	}{
		{"f5", "P@f4", nil},
		{"a1", "P@a8", nil},
		{"h8", "P@h1", nil},
		{"d3", "P@d6", nil},
		{"pass", "a1a1", []string{"d1d1", "0000"}},
	} {
		m, err := reversi.ParseMove(tt.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := fsNotation.ToEngine(m.String()); got != tt.fs {
			t.Errorf("fs write %s = %q, want %q", tt.move, got, tt.fs)
		}
		for _, s := range append([]string{tt.fs}, tt.fsAlso...) {
			if got, err := fsNotation.FromEngine(s); err != nil || got != tt.move {
				t.Errorf("fs read %q = %v, %v; want %s", s, got, err, tt.move)
			}
		}
		if got, err := qipanNotation.FromEngine(qipanNotation.ToEngine(tt.move)); err != nil || got != tt.move {
			t.Errorf("qipan round trip of %s: %v, %v", tt.move, got, err)
		}
	}
	for _, bad := range []string{"P@i4", "P@a9", "e2e4", "(none)", "P@a"} {
		if _, err := fsNotation.FromEngine(bad); err == nil {
			t.Errorf("fs read %q: no error", bad)
		}
	}
	for _, bad := range []string{"(none)", "0000", "i9", "f5f5"} {
		if _, err := qipanNotation.FromEngine(bad); err == nil {
			t.Errorf("qipan read %q: no error", bad)
		}
	}
}

func TestFSFEN(t *testing.T) {
	start := reversi.Start()
	want := "8/8/8/3pP3/3Pp3/8/8/8[" + strings.Repeat("P", 60) + strings.Repeat("p", 60) + "] w 0 1"
	if got := fsFEN(start, nil); got != want {
		t.Errorf("start: %q, want Fairy-Stockfish's %q", got, want)
	}
	// after f5 (P@f4: white drops on f4 and flips e4)
	p := start
	f5, _ := reversi.ParseMove("f5")
	p.Make(f5)
	want = "8/8/8/3pP3/3PPP2/8/8/8[" + strings.Repeat("P", 59) + strings.Repeat("p", 60) + "] b 0 1"
	if got := fsFEN(p, []reversi.Move{f5}); got != want {
		t.Errorf("after f5: %q, want %q", got, want)
	}
}

func TestOpenings(t *testing.T) {
	a, b := openings(6, 3, 4, 4, 8, nil), openings(6, 3, 4, 4, 8, nil)
	if len(a) != 6 {
		t.Fatalf("%d openings, want 6", len(a))
	}
	seen := map[string]bool{}
	for i, op := range a {
		if len(op) < 4 || len(op) > 8 {
			t.Errorf("opening %d has %d plies, want 4..8", i, len(op))
		}
		p := reversi.Start()
		for _, m := range op {
			if err := p.Play(m); err != nil {
				t.Fatalf("opening %d: %v", i, err)
			}
		}
		if seen[p.String()] {
			t.Errorf("opening %d repeats a position", i)
		}
		seen[p.String()] = true
		if !slices.Equal(op, b[i]) {
			t.Errorf("opening %d differs between runs with one seed", i)
		}
	}
	// One ply: f5, d3, c4 and e6 (balanced), however many are asked for.
	if ops := openings(10, 3, 4, 1, 1, nil); len(ops) != 4 {
		t.Errorf("openings of one ply: %d, want the 4 moves", len(ops))
	}
	// keep chooses: here only openings that play f5.
	f5, _ := reversi.ParseMove("f5")
	played := func(p *reversi.Position) bool { _, ok := p.At(f5.Square()); return ok }
	for _, op := range openings(5, 3, 4, 2, 4, played) {
		if !slices.Contains(op, f5) {
			t.Errorf("opening %v kept", op)
		}
	}
}

func TestParsePlies(t *testing.T) {
	for _, tt := range []struct {
		s      string
		lo, hi int
		ok     bool
	}{
		{"4-8", 4, 8, true}, {"2", 2, 2, true}, {"2-4", 2, 4, true},
		{"0-4", 0, 0, false}, {"5-4", 0, 0, false}, {"x", 0, 0, false}, {"2-31", 0, 0, false},
	} {
		lo, hi, err := parsePlies(tt.s)
		if (err == nil) != tt.ok || lo != tt.lo || hi != tt.hi {
			t.Errorf("parsePlies(%q) = %d, %d, %v", tt.s, lo, hi, err)
		}
	}
}

// TestMatch plays qipan's engine against itself over 2 openings (4 games), by time and by
// nodes, and checks the report's shape and the game count.
func TestMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 4 games")
	}
	bin := filepath.Join(t.TempDir(), "qipan-engine")
	if out, err := exec.Command("go", "build", "-o", bin, "../qipan-engine").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, budget := range [][]string{{"-movetime", "20ms"}, {"-nodes", "3000", "-v"}} {
		var out, errOut bytes.Buffer
		code := run(append([]string{"-a", bin, "-a-opt", "UCI_Variant=reversi", "-a-opt", "Skill Level=3",
			"-b", bin, "-b-opt", "UCI_Variant=reversi", "-b-opt", "Skill Level=3", "-openings", "2"}, budget...), &out, &errOut)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s\n%s", budget, code, errOut.String(), out.String())
		}
		games := regexp.MustCompile(`(?m)^game \d: .* [+-]\d+  opening [a-h1-8]+  [a-h1-8]+   A: \+\d+ =\d+ -\d+$`).FindAllString(out.String(), -1)
		if len(games) != 4 {
			t.Errorf("%q: %d game lines, want 4:\n%s", budget, len(games), out.String())
		}
		if !regexp.MustCompile(`A vs B: \+\d+ =\d+ -\d+ \(4 games\)\nElo \(games\): `).MatchString(out.String()) {
			t.Errorf("%q: no result lines:\n%s", budget, out.String())
		}
		if strings.Contains(out.String(), "forfeits") {
			t.Errorf("%q: a forfeit between two correct engines:\n%s", budget, out.String())
		}
		if budget[0] == "-nodes" && (!strings.Contains(errOut.String(), "go nodes 3000") || strings.Contains(errOut.String(), "movetime")) {
			t.Errorf("-nodes 3000: the engines were not asked for go nodes 3000 alone:\n%s", errOut.String())
		}
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{{}, {"-a", "x"}, {"-a", "x", "-b", "y", "-a-notation", "sgf"}, {"-a", "x", "-b", "y", "-openings", "0"}} {
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 2 {
			t.Errorf("%q: exit %d, want 2 (%s)", args, code, errOut.String())
		}
	}
}
