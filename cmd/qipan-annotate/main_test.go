package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/simplifiedchinese"

	"qipan/app/play"
)

// blunder is a short game with a planted blunder: 2. e2e6 leaves the cannon to the horse.
const blunder = "1. h2e2 h9g7 2. e2e6 g7e6\n"

// fast are the flags of a quick, reproducible search.
var fast = []string{"-nodes", "10000", "-jobs", "2"}

// runCmd runs the command with args (fast's first) and stdin, returning its exit code and
// outputs.
func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errs bytes.Buffer
	code = run(append(append([]string{}, fast...), args...), strings.NewReader(stdin), &out, &errs)
	return code, out.String(), errs.String()
}

// file writes text to a file in a test directory and returns its path.
func file(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBlunderMarked(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want []string // in the output
	}{
		{"pgn", nil, []string{"E2-E6?", "Blunder (", "was best.", "(2. "}},
		{"pgn wxf", []string{"-notation", "wxf"}, []string{"C5+4?", "Blunder (", "(2. "}},
		{"pgn zh-Hans", []string{"-lang", "zh-Hans"}, []string{"炮五进四?", "败着 (", "更好", "(2. "}},
		{"pgn zh-Hant", []string{"-lang", "zh-Hant"}, []string{"炮五進四?", "敗著 (", "更好", "(2. "}},
		{"dhtmlxq", []string{"-format", "dhtmlxq"}, []string{"[DhtmlXQ]", "[DhtmlXQ_move_0_3_1]", "Blunder ("}},
		{"table", []string{"-table"}, []string{"ply  side", "E2-E6", "Blunder (", "# Red: accuracy"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCmd(t, blunder, append(tc.args, "-")...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			if !strings.Contains(errs, "Red: accuracy") || !strings.Contains(errs, "1 blunder") && !strings.Contains(errs, "1 mistake") {
				t.Errorf("summary: %s", errs)
			}
		})
	}
}

// The annotated record read back by the board's own import keeps the mark, the comment and the
// better line, in either format.
func TestRoundTrip(t *testing.T) {
	for _, format := range []string{"pgn", "dhtmlxq"} {
		t.Run(format, func(t *testing.T) {
			code, out, errs := runCmd(t, blunder, "-format", format, "-")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			tb := play.NewTable(play.VariantXiangqi)
			kind, _, err := tb.Import(out)
			if err != nil {
				t.Fatalf("import: %v\n%s", err, out)
			}
			if tb.Len() != 4 {
				t.Fatalf("%s: %d plies, want 4", kind, tb.Len())
			}
			a, _ := tb.Annotated()
			if sym := a.Symbol(3); sym != "?" && sym != "??" {
				t.Errorf("move 3's symbol %q, want ? or ??", sym)
			}
			if c := a.Comment(3); !strings.Contains(c, "Blunder") && !strings.Contains(c, "Mistake") {
				t.Errorf("move 3's comment %q", c)
			}
			if len(a.Branches(2, play.ICCS)) == 0 {
				t.Errorf("no better line at ply 2")
			}
			// The horse taking the cannon back is the only good move: !, with its comment.
			if a.Symbol(4) != "!" || !strings.Contains(a.Comment(4), "Only good move") {
				t.Errorf("move 4 (g7e6): %q %q, want the only good move", a.Symbol(4), a.Comment(4))
			}
			for ply := 1; ply <= 2; ply++ {
				if a.Symbol(ply) != "" {
					t.Errorf("move %d marked %q", ply, a.Symbol(ply))
				}
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	illegal := "[Event \"x\"]\n\n1. h2e2 h9g7\n2. e2e9 g7e6 *\n"
	for _, tc := range []struct {
		name, text string
		args       []string
		want       []string // in stderr
	}{
		{"illegal move", illegal, nil, []string{"line 4, column 4", "e2e9"}},
		{"illegal move zh", illegal, []string{"-lang", "zh-Hans"}, []string{"第 4 行", "line 4, column 4", "e2e9"}},
		{"reversi illegal", "f5d6c3d3c4f4f6f3e6a1\n", nil, []string{"move 10", "a1"}},
		{"reversi as xiangqi", "f5d6c3\n", []string{"-game", "xiangqi"}, []string{"line 1"}},
		{"ggf illegal", "(;GM[Othello]B[f5]W[d6]B[c3]W[h8];)", nil, []string{"move 4", "h8"}},
		{"empty", "", nil, []string{"nothing to import"}},
		{"no moves", "[Event \"x\"]\n\n*\n", nil, []string{"no moves"}},
		{"format of the other game", blunder, []string{"-format", "ggf"}, []string{"-format ggf"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := file(t, "game.txt", tc.text)
			out := filepath.Join(t.TempDir(), "out.pgn")
			code, stdout, errs := runCmd(t, "", append(tc.args, "-o", out, in)...)
			if code != 2 {
				t.Fatalf("exit %d, want 2: %s", code, errs)
			}
			for _, w := range tc.want {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr lacks %q: %s", w, errs)
				}
			}
			if stdout != "" {
				t.Errorf("stdout: %q", stdout)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("-o file made: %v", err)
			}
			if m, _ := filepath.Glob(filepath.Join(filepath.Dir(out), "*")); len(m) > 0 {
				t.Errorf("left behind: %v", m)
			}
		})
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"a", "b"},
		{"-format", "xqf", "-"},
		{"-lang", "fr", "-"},
		{"-notation", "san", "-"},
		{"-game", "chess", "-"},
		{"-jobs", "0", "-"},
		{"-depth", "6", "-thorough", "-"},
		{"-table", "-format", "pgn", "-"},
		{"-nosuchflag", "-"},
	} {
		var out, errs bytes.Buffer
		if code := run(args, strings.NewReader(blunder), &out, &errs); code != 2 || out.Len() > 0 || !strings.Contains(errs.String(), "usage:") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out.String(), errs.String())
		}
	}
	var out, errs bytes.Buffer
	if code := run([]string{"-h"}, nil, &out, &errs); code != 0 || !strings.Contains(errs.String(), "cannot hold comments") {
		t.Errorf("-h: exit %d, %q", code, errs.String())
	}
}

// -o writes what stdout would have had; searches by nodes give the same report whatever -jobs.
func TestOutputFileAndJobs(t *testing.T) {
	in := file(t, "game.pgn", blunder)
	var outs []string
	for _, jobs := range []string{"1", "2", "3"} {
		code, out, errs := runCmd(t, "", "-jobs", jobs, in)
		if code != 0 {
			t.Fatalf("-jobs %s: exit %d: %s", jobs, code, errs)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] || outs[0] != outs[2] {
		t.Errorf("-jobs changed the output:\n%s\n---\n%s\n---\n%s", outs[0], outs[1], outs[2])
	}
	o := filepath.Join(t.TempDir(), "annotated.pgn")
	code, out, errs := runCmd(t, "", "-o", o, in)
	if code != 0 || out != "" {
		t.Fatalf("-o: exit %d, stdout %q: %s", code, out, errs)
	}
	if b, err := os.ReadFile(o); err != nil || string(b) != outs[0] {
		t.Errorf("-o file %q (%v), want %q", b, err, outs[0])
	}
}

func TestReversi(t *testing.T) {
	const transcript = "f5d6c3d3c4f4f6f3e6e7d7g6\n"
	const ggf = "(;GM[Othello]PB[alice]PW[bob]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[d6]B[c3];)\n"
	for _, tc := range []struct {
		name, in string
		args     []string
		want     func(out string) bool
	}{
		{"transcript unchanged", transcript, nil, func(out string) bool { return out == transcript }},
		{"ggf unchanged", ggf, nil, func(out string) bool { return out == ggf }},
		{"transcript as ggf", transcript, []string{"-format", "ggf"}, func(out string) bool {
			// Every move with its score as GGF's eval (the mover's view, discs): the report's
			// scores, which an import reads back.
			return strings.HasPrefix(out, "(;GM[Othello]") && regexp.MustCompile(`B\[F5/[-+]?\d+\.\d\d\]W\[D6/[-+]?\d+\.\d\d\]`).MatchString(out) &&
				strings.Count(out, "/") == 12
		}},
		{"table", transcript, []string{"-table"}, func(out string) bool {
			lines := strings.Split(strings.TrimSpace(out), "\n")
			return len(lines) == 1+12+2 && strings.HasPrefix(lines[1], "1    Black  f5") && strings.HasPrefix(lines[14], "# White: accuracy")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCmd(t, tc.in, append(tc.args, "-")...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if !tc.want(out) {
				t.Errorf("output:\n%s", out)
			}
			if !strings.Contains(errs, "Black: accuracy") {
				t.Errorf("summary: %s", errs)
			}
		})
	}
}

func TestParsePosition(t *testing.T) {
	for _, tc := range []struct {
		line, fen string
		moves     []string
		bad       bool
	}{
		{"position startpos", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", nil, false},
		{"position startpos moves f5 d6", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", []string{"f5", "d6"}, false},
		{"position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1 moves e0e1", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", []string{"e0e1"}, false},
		{"position fen --- X", "--- X", nil, false},
		{"position", "", nil, true},
		{"go depth 3", "", nil, true},
		{"position fen x y nomoves a", "", nil, false},
	} {
		fen, moves, err := parsePosition(tc.line)
		if tc.bad != (err != nil) {
			t.Errorf("%q: error %v", tc.line, err)
			continue
		}
		if tc.bad || tc.fen == "" {
			continue
		}
		if fen != tc.fen || strings.Join(moves, " ") != strings.Join(tc.moves, " ") {
			t.Errorf("%q: %q %q", tc.line, fen, moves)
		}
	}
}

func TestWidth(t *testing.T) {
	for s, w := range map[string]int{"E2-E6": 5, "炮五进四": 8, "马８进７": 8, "+0.3 → −2.6": 11} {
		if got := width(s); got != w {
			t.Errorf("width(%q) = %d, want %d", s, got, w)
		}
	}
}

// XQF (binary) is read by the board's reader and written as PGN; a GBK text file is decoded.
func TestXQFAndGBK(t *testing.T) {
	xqf, err := os.ReadFile("../../engine/xiangqi/record/testdata/xqf/spec-sample.xqf")
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd(t, string(xqf), "-")
	if code != 0 || !strings.Contains(errs, "XQF cannot hold the report: writing pgn") || !strings.Contains(out, "1. ") {
		t.Errorf("XQF: exit %d, stderr %s, stdout:\n%s", code, errs, out)
	}
	gbk, err := simplifiedchinese.GB18030.NewEncoder().String("[Red \"许银川\"]\n\n1. 炮二平五 马８进７ 2. 炮五进四 马７进５ *\n")
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs = runCmd(t, gbk, "-lang", "zh-Hans", "-")
	if code != 0 || !strings.Contains(out, "许银川") || !strings.Contains(out, "炮五进四?") {
		t.Errorf("GBK: exit %d, stderr %s, stdout:\n%s", code, errs, out)
	}
}

// Without a terminal the progress is a line at each tenth.
func TestProgress(t *testing.T) {
	var b bytes.Buffer
	p := newProgress(&b, 20, time.Now())
	for range 20 {
		p.step()
	}
	p.done()
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 11 || lines[0] != "annotating: 0/20 positions, 0 s" || lines[10] != "annotating: 20/20 positions, 0 s" {
		t.Errorf("progress:\n%s", b.String())
	}
}

// Every move is judged: the mate that ends a game, the last move of a Reversi game and the
// move before a forced pass (the pass itself is no one's choice).
func TestEveryMoveJudged(t *testing.T) {
	for _, tc := range []struct {
		name, record string
		rows         int
	}{
		{"mate", "4k4/R8/9/9/9/9/9/9/9/1R3K3 w - - 0 1 moves a8a7 e9e8 b0b8 e8e9 a7a9\n", 5},
		{"reversi with a pass", "f5d6c3f4c5c4e3d3b4a4c2e2c6e6f3d2c1d1a3b3e1f2b1a2g1g3g5f1g4h1h2h3h4h5b5a1d7a6a5b6c7f6b2b7g6h7h6f7g8g2a8c8h8f8e8e7a7passb8d8g7\n", 60},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCmd(t, tc.record, "-table", "-")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			rows := strings.Count(out, "\n") - 1 - 2 // the head, the accuracies
			if rows != tc.rows || strings.Contains(errs, "moves judged") {
				t.Errorf("%d moves judged, want %d: %s\n%s", rows, tc.rows, errs, out)
			}
		})
	}
}
