package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"qipan/engine/match/openings"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/record"
)

func TestWanted(t *testing.T) {
	tests := []struct {
		result record.Result
		col    xiangqi.Color
		only   string
		want   bool
	}{
		{record.RedWins, xiangqi.Black, "losses", true},
		{record.RedWins, xiangqi.Red, "losses", false},
		{record.BlackWins, xiangqi.Red, "losses", true},
		{record.BlackWins, xiangqi.Black, "wins", true},
		{record.Draw, xiangqi.Black, "losses", false},
		{record.Draw, xiangqi.Red, "draws", true},
		{record.Unknown, xiangqi.Red, "all", true},
		{record.Unknown, xiangqi.Red, "losses", false},
	}
	for _, tt := range tests {
		if got := wanted(tt.result, tt.col, tt.only); got != tt.want {
			t.Errorf("wanted(%s, %v, %s) = %v, want %v", tt.result, tt.col, tt.only, got, tt.want)
		}
	}
}

func TestBookPlies(t *testing.T) {
	book := openings.Builtin()
	tests := []struct {
		name, fen, moves string
		book             []openings.Opening
		want             int
	}{
		{"central cannon v screen horses, both chariots out", "", "h2e2 h9g7 h0g2 b9c7 i0h0 i9h9 h0h6 c6c5", book, 6},
		{"line 36", "", "h2e2 h9g7 h0g2 b9c7 i0h0 i9h9 h0h6 c6c5", book, 6},
		{"", "", "h2e2 h9g7 h0g2 b9c7 b0c2 a9b9", book, 5},
		{"", "", "h2e2 h9g7 h0g2 b9c7 i0h0 i9h9", nil, 0},
		{"", "", "a3a4 a6a5", book, 0},
		{"central cannon v screen horses, both chariots out", "4k4/8r/9/9/9/9/9/9/9/R2K5 b - - 0 1", "i8a8 a0a8", book, 0},
	}
	for _, tt := range tests {
		g := record.NewGame()
		if tt.fen != "" {
			var err error
			if g.Start, err = xiangqi.ParseFEN(tt.fen); err != nil {
				t.Fatal(err)
			}
		}
		g.SetTag("Opening", tt.name)
		for _, s := range strings.Fields(tt.moves) {
			m, err := xiangqi.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			g.Moves = append(g.Moves, record.Move{Move: m})
		}
		if got := bookPlies(g, tt.book); got != tt.want {
			t.Errorf("%q %s: %d opening plies, want %d", tt.name, tt.moves, got, tt.want)
		}
	}
}

func TestMaterial(t *testing.T) {
	tests := []struct{ fen, want string }{
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "RRNNCCAABBPPPPP/rrnnccaabbppppp"},
		{"4k4/8r/9/9/9/9/9/9/9/R2K5 b - - 0 1", "R/r"},
		{"3k5/4P4/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "AP/"},
	}
	for _, tt := range tests {
		p, err := xiangqi.ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := material(p); got != tt.want {
			t.Errorf("material(%s) = %q, want %q", tt.fen, got, tt.want)
		}
	}
}

func TestPV(t *testing.T) {
	tests := []struct {
		base int
		line string
		want []string
	}{
		{1, "info depth 3 score cp 20 nodes 9 pv h3e3 h10g8 b1c3", []string{"H2-E2", "H9-G7", "B0-C2"}},
		{0, "info depth 2 score 5 pv h2e2 h9g7", []string{"H2-E2", "H9-G7"}},
		{1, "info depth 9 pv a1a2 a2a3 a3a4 a4a5 a5a6 a6a7 a7a8", []string{"A0-A1", "A1-A2", "A2-A3", "A3-A4", "A4-A5", "A5-A6"}},
		{1, "info depth 14 currmove c1e3 currmovenumber 1", nil},
		{1, "bestmove h3e3", nil},
	}
	for _, tt := range tests {
		k := pvKeeper{base: tt.base}
		k.see(tt.line)
		if got := k.take(); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("base %d, %q: pv %q, want %q", tt.base, tt.line, got, tt.want)
		}
	}
}

func TestSummary(t *testing.T) {
	moves := []judgedMove{
		{ply: 2, played: "H9-G7", best: "H9-G7", before: 20, after: -400}, // the best move: no loss
		{ply: 4, played: "A9-A8", best: "B9-C7", before: 10, after: -160},
		{ply: 6, played: "C6-C5", best: "I9-H9", before: -170, after: -200},
		{ply: 8, played: "H7-H0", best: "I6-I5", before: -320, after: -mateScore},
	}
	tests := []struct {
		ply, loss int
	}{{2, 0}, {4, 170}, {6, 30}, {8, mateScore - 320}}
	for i, tt := range tests {
		if moves[i].ply != tt.ply || moves[i].loss() != tt.loss {
			t.Errorf("ply %d: loss %d, want %d", moves[i].ply, moves[i].loss(), tt.loss)
		}
	}
	s := summarize(3, record.NewGame(), xiangqi.Black, moves)
	if s.at150.ply != 6 || s.at300.ply != 8 || s.worst.ply != 8 {
		t.Errorf("below -150 at %d, -300 at %d, worst %d; want 6, 8, 8", s.at150.ply, s.at300.ply, s.worst.ply)
	}
}

func TestFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string // in stderr
	}{
		{[]string{"-judge-cmd", "x", "g.pgn"}, "usage"},
		{[]string{"-side", "a", "g.pgn"}, "-judge-cmd"},
		{[]string{"-side", "a", "-judge-cmd", "x", "-judge-preset", "pikafish", "g.pgn"}, "-judge-preset"},
		{[]string{"-side", "a", "-judge-cmd", "x", "-depth", "0", "g.pgn"}, "-depth"},
		{[]string{"-side", "a", "-judge-cmd", "x", "-only", "lost", "g.pgn"}, "-only"},
		{[]string{"-side", "a", "-judge-cmd", "x", "-as", "blue", "g.pgn"}, "-as"},
		{[]string{"-side", "a", "-judge-cmd", "x", filepath.Join(t.TempDir(), "none.pgn")}, "none.pgn"},
		{[]string{"-side", "a", "-judge-cmd", "x", "-mates", "3,0", "g.pgn"}, "-mates"},
		{[]string{"-side", "a", "-judge-cmd", "x", "-engine", "qe", "g.pgn"}, "-engine goes with -mates"},
		{[]string{"-side", "a", "-judge-cmd", "x", "-mates", "3", "-nodes", "0", "g.pgn"}, "-nodes"},
		{[]string{"-side", "a", "-judge-cmd", "x", "-mates", "3", "-judge-time", "0s", "g.pgn"}, "-judge-time"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		if code := run(tt.args, &out, &errb); code != 2 || !strings.Contains(errb.String(), tt.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tt.args, code, errb.String(), tt.want)
		}
	}
}

// TestJudge has qipan-engine judge two games: in the first the judged player, Black, gives
// its chariot away and loses; the second the player won as Red, so -only losses skips it.
func TestJudge(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs qipan-engine")
	}
	dir := t.TempDir()
	bin := buildEngine(t)
	var pgn bytes.Buffer
	games := []struct {
		red, black, fen string
		moves           []string
		result          record.Result
	}{
		{"other", "judged", "4k4/8r/9/9/9/9/9/9/9/R2K5 b - - 0 1", []string{"i8a8", "a0a8", "e9f9", "a8a9"}, record.RedWins},
		{"judged", "other", "4k4/8r/9/9/9/9/9/9/9/R2K5 b - - 0 1", []string{"i8a8", "a0a8"}, record.RedWins},
	}
	for _, g := range games {
		start, err := xiangqi.ParseFEN(g.fen)
		if err != nil {
			t.Fatal(err)
		}
		r := &record.Game{Start: start, Result: g.result}
		r.SetTag("Red", g.red)
		r.SetTag("Black", g.black)
		for _, s := range g.moves {
			m, err := xiangqi.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			r.Moves = append(r.Moves, record.Move{Move: m})
		}
		if err := record.WritePGN(&pgn, r, record.PGNOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(path, pgn.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	args := []string{"-side", "judged", "-only", "losses", "-depth", "4", "-threshold", "300",
		"-judge-preset", "none", "-judge-cmd", bin, path}
	if code := run(args, &out, &errb); code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errb.String())
	}
	var mistakes, sums []string
	for _, l := range strings.Split(out.String(), "\n") {
		switch {
		case strings.HasPrefix(l, "game"):
			if strings.HasPrefix(l, "game ") {
				sums = append(sums, l)
			}
		case l != "":
			mistakes = append(mistakes, l)
		}
	}
	if len(mistakes) != 1 || !strings.HasPrefix(mistakes[0], "1\t1\tI8-A8\t") {
		t.Errorf("mistakes %q, want one: game 1, ply 1, I8-A8", mistakes)
	}
	f := strings.Split(mistakes[0], "\t")
	if len(f) != 9 || f[3] == "I8-A8" || f[8] != games[0].fen {
		t.Errorf("mistake fields %q", f)
	}
	if len(sums) != 1 || !strings.HasPrefix(sums[0], "game 1 ") || !strings.Contains(sums[0], "worst ply 1 I8-A8") {
		t.Errorf("summaries %q", sums)
	}
	// The loss is about a chariot.
	var loss int
	if _, err := fmt.Sscan(f[4], &loss); err != nil || loss < 500 {
		t.Errorf("loss %q, want a chariot's worth", f[4])
	}
}

// buildEngine builds qipan-engine into a temporary folder and returns its path.
func buildEngine(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "qipan-engine")
	if out, err := exec.Command("go", "build", "-o", bin, "qipan/cmd/qipan-engine").CombinedOutput(); err != nil {
		t.Fatalf("building the engine: %v\n%s", err, out)
	}
	return bin
}
