package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"qipan/engine/match"
	"qipan/engine/oracles"
	"qipan/engine/xiangqi/record"
)

func TestParseResign(t *testing.T) {
	tests := []struct {
		in   string
		want match.Resign
		ok   bool
	}{
		{"4,1000", match.Resign{Moves: 4, Score: 1000}, true},
		{" 1, 300 ", match.Resign{Moves: 1, Score: 300}, true},
		{"4", match.Resign{}, false},
		{"0,1000", match.Resign{}, false},
		{"4,0", match.Resign{}, false},
		{"4,-1000", match.Resign{}, false},
		{"4,1000,1", match.Resign{}, false},
		{"a,b", match.Resign{}, false},
	}
	for _, tt := range tests {
		got, err := parseResign(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("parseResign(%q) = %+v, %v; want %+v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestParseTC(t *testing.T) {
	const s = time.Second
	tests := []struct {
		in        string
		base, inc time.Duration
		ok        bool
	}{
		{"60+0", 60 * s, 0, true},
		{"180+2", 180 * s, 2 * s, true},
		{"60", 60 * s, 0, true},
		{"10+0.1", 10 * s, 100 * time.Millisecond, true},
		{"1m+0", 60 * s, 0, true},
		{"3m+2s", 180 * s, 2 * s, true},
		{"1:00+0", 60 * s, 0, true},
		{"3:00+2", 180 * s, 2 * s, true},
		{" 1m30s + 500ms ", 90 * s, 500 * time.Millisecond, true},
		{"0+1", 0, 0, false},
		{"60+", 0, 0, false},
		{"60+-1", 0, 0, false},
		{"-60+0", 0, 0, false},
		{"1:5+0", 0, 0, false},
		{"1:60+0", 0, 0, false},
		{"40/60+0", 0, 0, false},
		{"fast", 0, 0, false},
	}
	for _, tt := range tests {
		got, err := match.ParseTimeControl(tt.in)
		want := match.TimeControl{Base: tt.base, Inc: tt.inc}
		if (err == nil) != tt.ok || tt.ok && got != want {
			t.Errorf("ParseTimeControl(%q) = %+v, %v; want %+v, ok %v", tt.in, got, err, want, tt.ok)
		}
	}
}

func TestFlagErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-b-cmd", "x", "-depth", "1"}, "-a-cmd: missing"},
		{[]string{"-a-cmd", "x", "-b-cmd", "y"}, "no limit per move"},
		{[]string{"-a-cmd", "x", "-b-cmd", "y", "-depth", "1", "-a-proto", "xboard"}, "-a-proto"},
		{[]string{"-a-cmd", "x", "-b-cmd", "y", "-depth", "1", "-b-preset", "stockfish"}, "-b-preset"},
		{[]string{"-a-cmd", "x", "-b-cmd", "y", "-depth", "1", "-a-ranks", "2"}, "-a-ranks"},
		{[]string{"-a-cmd", "x", "-b-cmd", "y", "-depth", "1", "-b-opt", "=3"}, "-b-opt"},
		{[]string{"-a-cmd", "x", "-b-cmd", "y", "-depth", "1", "-sprt", "0,5"}, "sprt"},
		{[]string{"-a-cmd", "x", "-b-cmd", "y", "-depth", "1", "-resign", "4"}, "-resign \"4\""},
		{[]string{"-a-cmd", "x", "-b-cmd", "y", "-depth", "1", "-openings", "/nonexistent"}, "nonexistent"},
		{[]string{"-a-cmd", "/nonexistent/engine", "-b-cmd", "y", "-depth", "1"}, "nonexistent"},
		{[]string{"-a-cmd", "x", "-b-cmd", "y", "-depth", "1", "extra"}, "unexpected"},
		{[]string{"-a-cmd", "x", "-b-cmd", "y", "-tc", "1x+0"}, "-tc \"1x+0\""},
		{[]string{"-a-cmd", "x", "-b-cmd", "y", "-tc", "60+0", "-movetime", "100"}, "-tc and -movetime"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		if code := run(context.Background(), tt.args, &out, &errb); code != 2 || !strings.Contains(errb.String(), tt.want) {
			t.Errorf("run(%q) = %d, stderr %q; want 2 and %q", tt.args, code, errb.String(), tt.want)
		}
	}
}

var (
	engineOnce sync.Once
	engineBin  string
	engineErr  error
	binDir     string // removed by TestMain
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// buildEngine builds cmd/qipan-engine once into a temporary folder.
func buildEngine(t *testing.T) string {
	t.Helper()
	engineOnce.Do(func() {
		if binDir, engineErr = os.MkdirTemp("", "qipan-match-test"); engineErr != nil {
			return
		}
		engineBin = filepath.Join(binDir, "qipan-engine")
		out, err := exec.Command("go", "build", "-o", engineBin, "qipan/cmd/qipan-engine").CombinedOutput()
		if err != nil {
			engineErr = fmt.Errorf("building the engine: %v\n%s", err, out)
		}
	})
	if engineErr != nil {
		t.Fatal(engineErr)
	}
	return engineBin
}

// readGames parses a PGN file and checks each game is legal and its result agrees with the
// rules where the game ended on the board.
func readGames(t *testing.T, path string) []*record.Game {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games, warns, err := record.ParsePGN(string(data))
	if err != nil || len(warns) != 0 {
		t.Fatalf("PGN does not read back as legal games: %v %v", err, warns)
	}
	if n := strings.Count(string(data), "[Format \"ICCS\"]\n"); n != len(games) {
		t.Errorf("%d games with [Format \"ICCS\"], want %d", n, len(games))
	}
	for _, g := range games {
		rec, err := g.Game()
		if err != nil {
			t.Fatal(err)
		}
		if r := rec.Result(); r.Over() && r.String() != string(g.Result) {
			t.Errorf("game %s: Result %s, but the rules say %s", g.Tag("Round"), g.Result, r)
		}
		if g.EndComment() == "" {
			t.Errorf("game %s: no comment saying how it ended", g.Tag("Round"))
		}
	}
	return games
}

func TestSelfPlay(t *testing.T) {
	bin := buildEngine(t)
	pgnPath := filepath.Join(t.TempDir(), "games.pgn")
	var out, errb bytes.Buffer
	args := []string{"-a-cmd", bin, "-a-name", "qipan-a", "-b-cmd", bin, "-b-name", "qipan-b",
		"-depth", "2", "-games", "2", "-maxplies", "80", "-pgnout", pgnPath, "-sprt", "0,10,0.05,0.05"}
	if code := run(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errb.String())
	}
	for _, want := range []string{"[1/2] game 1 qipan-a vs qipan-b", "[2/2] game 2 qipan-b vs qipan-a",
		"W-D-L ", "Elo ", "Pairs [0, ½, 1, 1½, 2]", "SPRT elo0=0 elo1=10", "LLR"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	games := readGames(t, pgnPath)
	if len(games) != 2 || games[0].Tag("Red") != "qipan-a" || games[1].Tag("Red") != "qipan-b" ||
		games[0].Tag("Opening") != games[1].Tag("Opening") {
		t.Errorf("games: %d, reds %q %q, openings %q %q", len(games), games[0].Tag("Red"), games[1].Tag("Red"),
			games[0].Tag("Opening"), games[1].Tag("Opening"))
	}
}

// TestClock plays two short games of the real engine on a clock: nobody loses on time, and the
// PGN and the summary carry the clock.
func TestClock(t *testing.T) {
	bin := buildEngine(t)
	pgnPath := filepath.Join(t.TempDir(), "games.pgn")
	var out, errb bytes.Buffer
	args := []string{"-a-cmd", bin, "-b-cmd", bin, "-tc", "3+0.1", "-games", "2", "-maxplies", "40", "-pgnout", pgnPath}
	if code := run(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errb.String())
	}
	for _, want := range []string{"clock 3+0.1", "least left: Red ", "losses on time: qipan-engine (A) 0, qipan-engine (B) 0; least time left at a bestmove: "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	games := readGames(t, pgnPath)
	for _, g := range games {
		if g.Tag("TimeControl") != "3+0.1" || g.Tag("Termination") != "" {
			t.Errorf("game %s: TimeControl %q Termination %q", g.Tag("Round"), g.Tag("TimeControl"), g.Tag("Termination"))
		}
		if n := len(g.Moves); n == 0 || !strings.HasPrefix(g.Moves[n-1].Comment, "[%clk 0:00:0") {
			t.Errorf("game %s: last comment %q, want the clock first", g.Tag("Round"), g.EndComment())
		}
	}
}

// TestFairyStockfish plays two short games against Fairy-Stockfish (the oracle): its moves
// come back with ranks 1..10 and must be translated to be legal here.
func TestFairyStockfish(t *testing.T) {
	if testing.Short() {
		t.Skip("starts node")
	}
	dir, env := oracles.Setup(t)
	name, value, _ := strings.Cut(env, "=")
	t.Setenv(name, value) // for the fsuci.js the runner starts
	fsuci := filepath.Join(dir, "fsuci.js")
	bin := buildEngine(t)
	pgnPath := filepath.Join(t.TempDir(), "games.pgn")
	var out, errb bytes.Buffer
	args := []string{"-a-cmd", bin, "-b-preset", "fairy", "-b-cmd", "node " + fsuci,
		"-depth", "1", "-games", "2", "-maxplies", "30", "-pgnout", pgnPath}
	if code := run(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errb.String())
	}
	if strings.Contains(errb.String(), "illegal") || strings.Contains(errb.String(), "unreadable") {
		t.Errorf("engine trouble:\n%s", errb.String())
	}
	games := readGames(t, pgnPath)
	if len(games) != 2 || games[0].Tag("Black") != "fairy-stockfish" {
		t.Fatalf("%d games, Black %q", len(games), games[0].Tag("Black"))
	}
	for _, g := range games {
		if len(g.Moves) <= len(strings.Fields("h2e2 h9g7 h0g2 b9c7 i0h0 i9h9")) {
			t.Errorf("game %s ended in the opening: %s", g.Tag("Round"), g.EndComment())
		}
	}
}

// A run resumed with -skip and -resume counts the stopped run's games in its results.
func TestResume(t *testing.T) {
	bin := buildEngine(t)
	dir := t.TempDir()
	first, rest := filepath.Join(dir, "first.pgn"), filepath.Join(dir, "rest.pgn")
	common := []string{"-a-cmd", bin, "-a-name", "qipan-a", "-b-cmd", bin, "-b-name", "qipan-b",
		"-depth", "1", "-games", "4", "-maxplies", "40", "-sprt", "0,10,0.05,0.05"}
	var out, errb bytes.Buffer
	if code := run(context.Background(), append(common[:len(common):len(common)], "-games", "2", "-pgnout", first), &out, &errb); code != 0 {
		t.Fatalf("first run: exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	args := append(common[:len(common):len(common)], "-skip", "2", "-resume", first, "-pgnout", rest)
	if code := run(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("resumed run: exit %d\n%s%s", code, out.String(), errb.String())
	}
	for _, want := range []string{"resuming: 2 games of " + first, "[1/2] game 3 ", "[2/2] game 4 ",
		": 4 games in ", "(2 of them from the resumed run)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := run(context.Background(), append(args[:len(args):len(args)], "-resume", filepath.Join(dir, "none.pgn")), &out, &errb); code != 2 ||
		!strings.Contains(errb.String(), "-resume") {
		t.Errorf("missing -resume file: exit %d, stderr %q", code, errb.String())
	}
}
