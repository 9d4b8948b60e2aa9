package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
)

// testLimits keep each position well under a second.
var testLimits = limits{nodes: 100_000}

func testChecker() *checker {
	c := newChecker(8, testLimits)
	c.proofLimit, c.checkLimit = 400_000, 20_000
	return c
}

func TestVerify(t *testing.T) {
	tests := []struct {
		name, fen     string
		why, detail   string
		mate          int
		first, second string // "" for none
	}{
		// Two chariots: b0b9 mates at once; a8a9 mates too, later (any forced mate counts).
		{"mate in 1", "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", "", "", 1, "b0b9", "a8a9"},
		// 梦入神机 42 (黄鹂出谷), with its cook.
		{"mate in 2", "5kc1c/1C2P4/b4N3/4P4/9/9/9/9/4p3r/2RK5 w - - 0 1", "", "", 2, "c0c9", "e8e9"},
		// 梦入神机 2 (弋不射宿).
		{"mate in 3", "3akab2/Rc1Pn4/7C1/6pN1/1r7/9/9/9/2pC5/3K2B1r w - - 0 1", "", "", 3, "h7e7", ""},
		{"soldier behind its start", "4k4/9/9/9/9/9/9/P8/9/3K5 w - - 0 1", whyFEN, "soldier-square", 0, "", ""},
		{"generals facing", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", whyFEN, "facing", 0, "", ""},
		{"Black to move", "4k4/R8/9/9/9/9/9/9/9/1R1K5 b - - 0 1", whyBlack, "", 0, "", ""},
		{"Red checkmated", "3k5/9/9/9/9/9/9/9/r8/r3K4 w - - 0 1", whyOver, "", 0, "", ""},
		{"a soldier against the defenders", "2bakab2/9/9/4P4/9/9/9/9/9/3K5 w - - 0 1", whyNone, "", 0, "", ""},
		{"two chariots against a bare general", "3k5/9/9/9/9/9/r8/1r7/9/4K4 w - - 0 1", whyLost, "", 0, "", ""},
	}
	c := testChecker()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := c.verify(context.Background(), tc.fen)
			if v.why != tc.why || v.detail != tc.detail {
				t.Fatalf("left out for %q (%q), want %q (%q)", v.why, v.detail, tc.why, tc.detail)
			}
			if v.mate != tc.mate || moveText(v.first) != tc.first || moveText(v.second) != tc.second {
				t.Errorf("mate in %d, first %q, second %q; want %d, %q, %q",
					v.mate, moveText(v.first), moveText(v.second), tc.mate, tc.first, tc.second)
			}
		})
	}
}

func moveText(m xiangqi.Move) string {
	if m == xiangqi.NoMove {
		return ""
	}
	return m.String()
}

func TestProver(t *testing.T) {
	pos, err := xiangqi.ParseFEN("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		move  string
		moves int
		want  proofResult
	}{
		{"b0b9", 1, proofDone},
		{"a8a9", 1, proofFailed}, // the general steps to e8
		{"a8a9", 2, proofFailed}, // b0b8 lets it out to e7
		{"a8a9", 3, proofDone},
		{"b0b8", 2, proofDone},   // quiet: the general's one move, e9f9, and b8b9 mates
		{"b0b8", 1, proofFailed}, // no check
	}
	c := testChecker()
	for _, tc := range tests {
		m, err := xiangqi.ParseMove(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		c.s.Clear()
		c.proof.reset(context.Background(), c.proofLimit)
		c.checks.reset(c.checkLimit)
		if got := c.proof.first(pos, m, tc.moves); got != tc.want {
			t.Errorf("%s mates in %d: %v, want %v", tc.move, tc.moves, got, tc.want)
		}
	}
}

func TestCheckSolver(t *testing.T) {
	tests := []struct {
		fen   string
		moves int
		first string // "" for no mate by checks
	}{
		{"4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", 1, "b0b9"},
		{"5kc1c/1C2P4/b4N3/4P4/9/9/9/9/4p3r/2RK5 w - - 0 1", 2, "c0c9"},
		{"2bakab2/9/9/4P4/9/9/9/9/9/3K5 w - - 0 1", 0, ""},
	}
	var s checkSolver
	for _, tc := range tests {
		pos, err := xiangqi.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		s.reset(20_000)
		n, m, ok := s.solve(pos, maxCheckMate)
		if tc.first == "" {
			if ok {
				t.Errorf("%s: mate in %d with %s, want none", tc.fen, n, m)
			}
			continue
		}
		if !ok || n != tc.moves || m.String() != tc.first {
			t.Errorf("%s: mate in %d with %s (%v), want %d with %s", tc.fen, n, m, ok, tc.moves, tc.first)
		}
	}
}

func TestSplitTitle(t *testing.T) {
	tests := []struct{ in, number, title string }{
		{"第001局 气吞关右", "1", "气吞关右"},
		{"第287局 敛手削地", "287", "敛手削地"},
		{"001由中应外", "1", "由中应外"},
		{"151 终", "151", "终"},
		{"无号", "", "无号"},
	}
	for _, tc := range tests {
		if n, title := splitTitle(tc.in); n != tc.number || title != tc.title {
			t.Errorf("splitTitle(%q) = %q, %q; want %q, %q", tc.in, n, title, tc.number, tc.title)
		}
	}
}

// TestRun runs the command on a small manual: a repeated position and a malformed line are
// left out, the index and the summary say so.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "m.tsv"), filepath.Join(dir, "out", "index.tsv")
	manual := "# fen\ttitle\tsource\n" +
		"5kc1c/1C2P4/b4N3/4P4/9/9/9/9/4p3r/2RK5 w - - 0 1\t042黄鹂出谷\t梦入神机\n" +
		"5kc1c/1C2P4/b4N3/4P4/9/9/9/9/4p3r/2RK5 w - - 0 1\t043黄鹂出谷\t梦入神机\n" +
		"4k4/R8/9/9/9/9/9/9/9/1R1K5 b - - 0 1\t044\t梦入神机\n" +
		"only one field\n"
	if err := os.WriteFile(in, []byte(manual), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	args := []string{"-in", in, "-out", out, "-nodes", "100000", "-checks", "20000"}
	if code := run(args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	summary := "verified 1 of 4 (1 with a second winning first move); left out 3: " +
		"1 not a line of FEN, number and title, manual; 1 not Red to move; 1 the same position as an earlier line"
	want := []string{
		"# Xiangqi compositions, Red to move and mate, verified by qipan's search: go run ./cmd/qipan-puzzles " + strings.Join(args, " "),
		"# from " + in + " (梦入神机)",
		"# " + summary,
		header,
		"5kc1c/1C2P4/b4N3/4P4/9/9/9/9/4p3r/2RK5 w - - 0 1\t梦入神机\t42\t黄鹂出谷\t2\tc0c9\te8e9",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("index:\n%s\nwant:\n%s", data, strings.Join(want, "\n"))
	}
	if !strings.HasPrefix(stdout.String(), summary+"\nmate lengths (moves:positions): 2:1\n") {
		t.Errorf("printed:\n%s", stdout.String())
	}
}

func TestFlags(t *testing.T) {
	for _, args := range [][]string{{"extra"}, {"-movetime", "-1s"}, {"-hash", "0"}, {"-in", "/nonexistent/m.tsv"}} {
		var stdout, stderr bytes.Buffer
		if code := run(append(args, "-out", filepath.Join(t.TempDir(), "x.tsv")), &stdout, &stderr); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
