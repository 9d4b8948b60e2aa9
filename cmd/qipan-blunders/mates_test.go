package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"qipan/engine/match/openings"
	"qipan/engine/xiangqi/record"
)

// matesPGN: qipan is mated as Black (game 1) and as Red (game 2); mates as Red (3); is
// adjudicated before the mate (4); does not play (5); is left without a legal move, not in
// check, as Black (6).
const matesPGN = `[Red "other"]
[Black "qipan"]
[Result "1-0"]
[FEN "4k4/R8/9/9/9/9/8p/9/9/1R1K5 b - - 0 1"]
[Format "ICCS"]

1. ... I3-I2 2. D0-D1 I2-I1 3. D1-D0 I1-H1 4. B0-B9 {Red wins: Black is checkmated} 1-0

[Red "qipan"]
[Black "other"]
[Result "0-1"]
[FEN "1r1k5/9/9/9/8P/9/9/9/r8/4K4 w - - 0 1"]
[Format "ICCS"]

1. I5-I6 D9-D8 2. I6-I7 B9-B0 {Black wins: Red is checkmated} 0-1

[Red "qipan"]
[Black "other"]
[Result "1-0"]
[FEN "4k4/R8/9/9/9/9/8p/9/9/1R1K5 b - - 0 1"]
[Format "ICCS"]

1. ... I3-I2 2. D0-D1 I2-I1 3. D1-D0 I1-H1 4. B0-B9 1-0

[Red "other"]
[Black "qipan"]
[Result "1-0"]
[FEN "4k4/R8/9/9/9/9/8p/9/9/1R1K5 b - - 0 1"]
[Format "ICCS"]

1. ... I3-I2 2. D0-D1 I2-I1 3. D1-D0 I1-H1 {Red wins by adjudication} 1-0

[Red "other"]
[Black "someone"]
[Result "1-0"]
[FEN "4k4/R8/9/9/9/9/8p/9/9/1R1K5 b - - 0 1"]
[Format "ICCS"]

1. ... I3-I2 2. D0-D1 I2-I1 3. D1-D0 I1-H1 4. B0-B9 1-0

[Red "other"]
[Black "qipan"]
[Result "1-0"]
[FEN "4k4/9/R8/9/9/9/9/9/9/3K1R3 w - - 0 1"]
[Format "ICCS"]

1. A7-A8 {Red wins: Black has no legal move} 1-0
`

func matesGames(t *testing.T) []*record.Game {
	t.Helper()
	games, _, err := record.ParsePGN(matesPGN)
	if err != nil {
		t.Fatal(err)
	}
	return games
}

// TestMateLosses: which games are qipan's losses by mate on the board, and which positions
// are taken for each j: all with qipan to move.
func TestMateLosses(t *testing.T) {
	games := matesGames(t)
	tests := []struct {
		as    string
		games []int
		plies map[int][]int // per game, the position taken for j = 1, 2, 3, 4 (-1: none)
	}{
		{"", []int{1, 2, 6}, map[int][]int{1: {4, 2, 0, -1}, 2: {2, 0, -1, -1}, 6: {-1, -1, -1, -1}}},
		{"black", []int{1, 6}, nil},
		{"red", []int{2}, nil},
	}
	for _, tt := range tests {
		lost, err := mateLosses(games, "qipan", tt.as)
		if err != nil {
			t.Fatal(err)
		}
		var got []int
		for _, lg := range lost {
			got = append(got, lg.n)
			want, ok := tt.plies[lg.n]
			if !ok {
				continue
			}
			col, _ := sideOf(lg.rec, "qipan")
			for j := 1; j <= 4; j++ {
				ply, taken := horizonPly(len(lg.rec.Moves), bookPlies(lg.rec, openings.Builtin()), j)
				if !taken {
					ply = -1
				}
				if ply != want[j-1] {
					t.Errorf("game %d, j %d: ply %d, want %d", lg.n, j, ply, want[j-1])
				}
				if taken && lg.play.PositionAt(ply).Turn() != col {
					t.Errorf("game %d, j %d: qipan not to move at ply %d", lg.n, j, ply)
				}
			}
		}
		if !reflect.DeepEqual(got, tt.games) {
			t.Errorf("-as %q: games %v, want %v", tt.as, got, tt.games)
		}
	}
}

func TestHorizonPly(t *testing.T) {
	tests := []struct {
		plies, skip, j int
		want           int
		taken          bool
	}{
		{86, 6, 3, 80, true},
		{86, 6, 40, 6, true},  // the first position after the opening
		{86, 6, 41, 4, false}, // in the opening
		{6, 0, 3, 0, true},    // the start
		{6, 0, 4, -2, false},  // before the start
	}
	for _, tt := range tests {
		if got, taken := horizonPly(tt.plies, tt.skip, tt.j); got != tt.want || taken != tt.taken {
			t.Errorf("horizonPly(%d, %d, %d) = %d, %v; want %d, %v", tt.plies, tt.skip, tt.j, got, taken, tt.want, tt.taken)
		}
	}
}

// TestMateScores: a score counts as seen only when it is a mate against the side to move,
// in either dialect.
func TestMateScores(t *testing.T) {
	tests := []struct {
		score string
		mated bool
		shown string
	}{
		{"mate -3", true, "M-3"},
		{"mate 2", false, "M2"},
		{"mate 0", true, "M0"},
		{"-9994", true, "M-3"}, // UCCI: mated in 6 plies
		{"-9998", true, "M-1"},
		{"9999", false, "M1"},
		{"9995", false, "M3"},
		{"-8999", false, "-8999"},
		{"cp -9994", false, "-9994"}, // UCI centipawns are never a mate
		{"cp 31", false, "31"},
		{"", false, "?"},
	}
	for _, tt := range tests {
		if got := mated(tt.score); got != tt.mated {
			t.Errorf("mated(%q) = %v, want %v", tt.score, got, tt.mated)
		}
		if got := showScore(tt.score); got != tt.shown {
			t.Errorf("showScore(%q) = %q, want %q", tt.score, got, tt.shown)
		}
	}
}

func TestParseMates(t *testing.T) {
	tests := []struct {
		in   string
		want []int // nil: an error
	}{
		{"3", []int{3}},
		{"3,5, 7", []int{3, 5, 7}},
		{"0", nil},
		{"3,3", nil},
		{"3,x", nil},
		{"", nil},
	}
	for _, tt := range tests {
		got, err := parseMates(tt.in)
		if (err != nil) != (tt.want == nil) || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseMates(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

// TestMates runs the mode with qipan-engine as both the engine and the judge on the games
// above: every position is one move from the mate, so both see it in every one.
func TestMates(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs qipan-engine")
	}
	bin := buildEngine(t)
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, []byte(matesPGN), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	args := []string{"-side", "qipan", "-mates", "1,2", "-nodes", "2000", "-engine", bin,
		"-judge-preset", "none", "-judge-cmd", bin, "-judge-time", "100ms", path}
	if code := run(args, &out, &errb); code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errb.String())
	}
	table, summary, _ := strings.Cut(out.String(), "\n\n")
	rows := strings.Split(table, "\n")
	wantRows := []string{"1\t\t1\t5\tM-1\t", "1\t\t2\t3\tM-1\t", "2\t\t1\t3\tM-1\t", "2\t\t2\t1\tM-1\t"}
	if len(rows) != 1+len(wantRows) || rows[0] != "game\tround\tj\tply\tqipan-engine\tqipan-engine best\tjudge\tjudge best\tplayed\tfen" {
		t.Fatalf("table:\n%s", table)
	}
	for i, w := range wantRows {
		f := strings.Split(rows[i+1], "\t")
		if !strings.HasPrefix(rows[i+1], w) || len(f) != 10 || f[6] != "M-1" {
			t.Errorf("row %q, want it to start %q with the judge's M-1", rows[i+1], w)
		}
	}
	wantSum := "j\tpositions\tqipan-engine\tjudge\n1\t2\t2\t2\n2\t2\t2\t2\n"
	if !strings.HasSuffix(summary, wantSum) || !strings.Contains(summary, "of 3 games lost by mate") {
		t.Errorf("summary:\n%s\nwant it to end:\n%s", summary, wantSum)
	}
}
