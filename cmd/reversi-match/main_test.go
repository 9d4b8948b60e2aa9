package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"qipan/engine/reversi"
)

// fakeEnv turns the test binary into a scripted Reversi engine (TestMain): UCI, the first
// legal move (or pass) after the delay its value gives ("150ms"): an engine too slow for a
// clock, or one that never answers in time.
const fakeEnv = "REVERSI_MATCH_FAKE_DELAY"

func TestMain(m *testing.M) {
	if d, ok := os.LookupEnv(fakeEnv); ok {
		delay, err := time.ParseDuration(d)
		if err != nil {
			fmt.Fprintln(os.Stderr, "fake engine:", err)
			os.Exit(2)
		}
		fakeEngine(os.Stdin, os.Stdout, delay)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func fakeEngine(in io.Reader, out io.Writer, delay time.Duration) {
	sc := bufio.NewScanner(in)
	p := reversi.Start()
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			fmt.Fprintln(out, "id name fake\nuciok")
		case "isready":
			fmt.Fprintln(out, "readyok")
		case "position": // startpos only
			p = reversi.Start()
			for _, w := range f[min(len(f), 3):] {
				m, err := reversi.ParseMove(w)
				if err != nil {
					fmt.Fprintln(os.Stderr, "fake engine:", err)
					return
				}
				if m != reversi.Pass && p.Status() == reversi.MustPass {
					p.Make(reversi.Pass)
				}
				p.Make(m)
			}
		case "go":
			time.Sleep(delay)
			switch l := p.LegalMoves(); {
			case p.Status() == reversi.MustPass:
				fmt.Fprintln(out, "bestmove pass")
			case len(l) == 0:
				fmt.Fprintln(out, "bestmove (none)")
			default:
				fmt.Fprintln(out, "info depth 1 score cp 0\nbestmove", l[0])
			}
		case "quit":
			return
		}
	}
}

// fake is the command line of the fake engine with delay.
func fake(delay string) string {
	return "env " + fakeEnv + "=" + delay + " " + os.Args[0] + " -test.run=^$"
}

var (
	buildOnce sync.Once
	engineBin string
	buildErr  error
)

// qipanEngine builds cmd/qipan-engine once for the tests that play it.
func qipanEngine(t *testing.T) string {
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "reversi-match-test")
		if err != nil {
			buildErr = err
			return
		}
		engineBin = filepath.Join(dir, "qipan-engine")
		if out, err := exec.Command("go", "build", "-o", engineBin, "../qipan-engine").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return engineBin
}

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
	bin := qipanEngine(t)
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

// TestClockMatch plays qipan's engine against itself on a 3+0.1 clock (one opening, two
// games): no loss on time, and each game line and the summary give the least time left.
func TestClockMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 2 games of 3+0.1")
	}
	bin := qipanEngine(t)
	var out, errOut bytes.Buffer
	code := run([]string{"-a", bin, "-a-opt", "UCI_Variant=reversi", "-b", bin, "-b-opt", "UCI_Variant=reversi",
		"-openings", "1", "-tc", "3+0.1", "-v"}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut.String(), out.String())
	}
	games := regexp.MustCompile(`(?m)^game \d: .* [+-]\d+  opening [a-h1-8]+  [a-h1-8]+   A: \+\d+ =\d+ -\d+   least left: A \d[.\dms]*s, B \d[.\dms]*s$`).FindAllString(out.String(), -1)
	if len(games) != 2 {
		t.Errorf("%d game lines with the least time left, want 2:\n%s", len(games), out.String())
	}
	if !regexp.MustCompile(`(?m)^losses on time: A 0, B 0; least time left at a bestmove: A \d[.\dms]*s, B \d[.\dms]*s \(\d\d and \d\d moves on the clock\)$`).MatchString(out.String()) {
		t.Errorf("no summary of the clock, or a loss on time:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "clock 3+0.1") || strings.Contains(out.String(), "forfeits") {
		t.Errorf("header or a forfeit:\n%s", out.String())
	}
	// The engines were told the clock: go wtime … btime … winc 100 binc 100, both clocks
	// at 3000 before the first engine move, and nothing but the clock.
	goes := regexp.MustCompile(`(?m)< go .*$`).FindAllString(errOut.String(), -1)
	if len(goes) < 40 {
		t.Fatalf("%d go commands:\n%s", len(goes), errOut.String())
	}
	for _, g := range goes {
		if !regexp.MustCompile(`^< go wtime \d+ btime \d+ winc 100 binc 100$`).MatchString(g) {
			t.Errorf("%q: want the clock alone", g)
		}
	}
	if goes[0] != "< go wtime 3000 btime 3000 winc 100 binc 100" {
		t.Errorf("first go %q, want both clocks full", goes[0])
	}
}

// TestLossOnTime: a side too slow for its clock loses on time, whichever colour it has, and
// the increment can save it; one that does not answer is killed after its time left and the
// margin, and loses on time too.
func TestLossOnTime(t *testing.T) {
	defer func(m time.Duration) { clockMargin = m }(clockMargin)
	clockMargin = 300 * time.Millisecond
	tests := []struct {
		name, b, tc string
		lines       []string // in the output, in order
	}{
		// B needs 150 ms a move with 400 ms and no increment: its third move flags.
		{"B too slow", "150ms", "0.4+0", []string{
			`^game 1: A \(X\) - B \(O\) \+64 \(B loses on time: bestmove after \d+ms with \d+ms left\)  opening \S+  \S+   A: \+1 =0 -0   least left: A \d.*, B -\d+(\.\d+)?ms$`,
			`^game 2: B \(X\) - A \(O\) -64 \(B loses on time: .*A: \+2 =0 -0   least left: A .*, B -`,
			`^A vs B: \+2 =0 -0 \(2 games\)$`,
			`^losses on time: A 0, B 2; least time left at a bestmove: A \d.*, B -\d+(\.\d+)?ms \(\d+ and \d+ moves on the clock\)$`}},
		// 50 ms a move, 200 ms back after each (and 1 s for a loaded machine's stalls): B
		// plays to the end.
		{"increment saves B", "50ms", "1+0.2", []string{
			`^game 1: A \(X\) - B \(O\) [+-]\d+  opening `,
			`^game 2: B \(X\) - A \(O\) [+-]\d+  opening `,
			`^losses on time: A 0, B 0; least time left at a bestmove: A \d.*, B \d+ms`}},
		{"B silent", "1h", "0.5+0", []string{
			`^game 1: A \(X\) - B \(O\) \+64 \(B loses on time: no bestmove within 800ms, with 500ms left; killed\)`,
			`^game 2: B \(X\) - A \(O\) -64 \(B loses on time: no bestmove within 800ms`,
			`^losses on time: A 0, B 2; `}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run([]string{"-a", fake("0s"), "-b", fake(tt.b), "-openings", "1", "-tc", tt.tc}, &out, &errOut)
			if code != 0 {
				t.Fatalf("exit %d: %s\n%s", code, errOut.String(), out.String())
			}
			lines := strings.Split(out.String(), "\n")
			i := 0
			for _, want := range tt.lines {
				re := regexp.MustCompile(want)
				for i < len(lines) && !re.MatchString(lines[i]) {
					i++
				}
				if i == len(lines) {
					t.Errorf("no line %q (in order) in:\n%s\n%s", want, out.String(), errOut.String())
					break
				}
			}
		})
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{{}, {"-a", "x"}, {"-a", "x", "-b", "y", "-a-notation", "sgf"}, {"-a", "x", "-b", "y", "-openings", "0"},
		{"-a", "x", "-b", "y", "-tc", "60+0", "-movetime", "1s"}, {"-a", "x", "-b", "y", "-tc", "60+0", "-nodes", "1000"},
		{"-a", "x", "-b", "y", "-tc", "fast"}, {"-a", "x", "-b", "y", "-tc", "0+1"}} {
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 2 {
			t.Errorf("%q: exit %d, want 2 (%s)", args, code, errOut.String())
		}
	}
}
