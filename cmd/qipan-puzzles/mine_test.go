package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
)

// testMiner is the miner with the recipe's searches (quick: every search small, for a whole
// game), the weakest levels.
func testMiner(quick bool) *miner {
	o := mineDefaults
	o.levels, o.hashMB = []int{1, 2}, 8
	if quick {
		o.quick, o.deep, o.proofNodes, o.checks = 5_000, 50_000, 400_000, 10_000
	}
	return newMiner(o)
}

// TestExamine: a candidate kept with its line, or left out for the reason the rules give.
func TestExamine(t *testing.T) {
	tests := []struct {
		name, fen string
		why       string
		line      string // kept: the line's start
		mate      int
	}{
		// Two chariots against a bare general: b0b9 mates, but so does a8a9 later, and every
		// move keeps the win: the start is won already.
		{"won by any move", "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", rejWon, "", 0},
		// Mined (seed 20): the chariot takes the chariot that Black left on g2.
		{"wins the chariot", "2b1kab2/4a4/6R2/p3r4/2p6/4C4/P1P1P4/6r2/9/2BAKAB2 w - - 0 25", "", "g7g2", 0},
		// Mined (seed 19): 双车错 in three.
		{"mined mate in 3", "2Rakab2/5c3/c8/p8/2P3r2/3R4P/P3P1n2/2N1B4/4Ar3/2B1KA3 w - - 1 28", "", "d4d9 e9e8 d9e9", 3},
		// 双车错 in two: a9 checks, the general steps up, h8 mates; Black's chariots win if Red
		// does not mate, but another first move mates within four.
		{"another mate", "4k1b2/9/7R1/4P3p/9/9/9/8r/R7r/4K4 w - - 0 1", rejOtherMate, "", 0},
		// Mined (seed 9): Black mates in three, the chariot's check first.
		{"Black mates in 3", "1Cbak1b2/2NcaR3/9/2P1p1P1p/9/5N3/4P3P/4n4/4A2r1/1cBAK4 b - - 1 34", "", "h1h0 e1f0", 3},
	}
	mn := testMiner(false)
	var kept []minedPuzzle
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos, err := xiangqi.ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			p, why := mn.examine(context.Background(), pos, nil)
			if why != tc.why {
				t.Fatalf("left out for %q, want %q (line %s)", why, tc.why, lineText(p.line))
			}
			if why == "" && (!strings.HasPrefix(lineText(p.line), tc.line) || p.mate != tc.mate) {
				t.Errorf("line %s, mate %d; want %s…, mate %d", lineText(p.line), p.mate, tc.line, tc.mate)
			}
			if why == "" {
				p.levels, p.seed, p.ply = [2]int{1, 2}, 7, 30
				kept = append(kept, p)
			}
		})
	}
	// The file written reads back the same, and a run goes on from its next seed only.
	f := &minedFile{first: 5, recipe: "go run ./cmd/qipan-puzzles mine " + recipeFlags(mn.o), gameStats: gameStats{rejected: map[string]int{}}}
	f.add(kept, gameStats{positions: 40, candidates: 4, rejected: map[string]int{rejWon: 1}}, 7)
	out := filepath.Join(t.TempDir(), "mined.tsv")
	if err := f.write(out); err != nil {
		t.Fatal(err)
	}
	back, err := readMined(out)
	if err != nil {
		t.Fatal(err)
	}
	if back.first != 5 || back.next != 8 || !reflect.DeepEqual(back.puzzles, kept) || back.rejected[rejWon] != 1 || back.positions != 40 || back.recipe != f.recipe {
		t.Errorf("read back: seeds %d-%d, %d puzzles, rejected %v, %d positions; wrote %d puzzles",
			back.first, back.next, len(back.puzzles), back.rejected, back.positions, len(kept))
	}
	var errOut strings.Builder
	if code := mine([]string{"-out", out, "-seed", "1"}, &strings.Builder{}, &errOut); code != 2 || !strings.Contains(errOut.String(), "gap") {
		t.Errorf("a run from another seed than the file's next: exit %d, %q", code, errOut.String())
	}
	errOut.Reset()
	if code := mine([]string{"-out", out, "-nodes", "1000"}, &strings.Builder{}, &errOut); code != 2 || !strings.Contains(errOut.String(), "other flags") {
		t.Errorf("a run with other flags: exit %d, %q", code, errOut.String())
	}
	data, _ := os.ReadFile(out)
	if !strings.Contains(string(data), "next seed 8") {
		t.Errorf("the file does not say the next seed:\n%s", data)
	}
}

// TestMineGame: a game's puzzles are its seed's: the same twice, whatever game came between.
func TestMineGame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	ctx := context.Background()
	mn := testMiner(true)
	first, st := mn.game(ctx, 19, map[uint64]bool{})
	mn.game(ctx, 3, map[uint64]bool{})
	again, st2 := mn.game(ctx, 19, map[uint64]bool{})
	if st.positions == 0 || st.candidates == 0 || !reflect.DeepEqual(first, again) || !reflect.DeepEqual(st, st2) {
		t.Errorf("seed 19 mined twice: %+v %v\nthen %+v %v", st, first, st2, again)
	}
}

// TestMineWorkers: games mined two at a time write the file mining them one by one writes.
func TestMineWorkers(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	dir := t.TempDir()
	file := func(workers string) string {
		out := filepath.Join(dir, "mined-"+workers+".tsv")
		args := []string{"-out", out, "-seed", "19", "-games", "4", "-workers", workers, "-levels", "1,2", "-hash", "8",
			"-quick", "5000", "-nodes", "50000", "-check-nodes", "400000", "-checks", "10000"}
		var stderr strings.Builder
		if code := mine(args, io.Discard, &stderr); code != 0 {
			t.Fatalf("mine -workers %s: exit %d: %s", workers, code, stderr.String())
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	one, two := file("1"), file("2")
	if one != two {
		t.Errorf("one worker wrote\n%s\ntwo wrote\n%s", one, two)
	}
	if !strings.Contains(one, "seeds 19-22;") {
		t.Errorf("the file does not say the seeds mined:\n%s", one)
	}
}

// TestMetLater: a game is mined again only when it met a position found after it started.
func TestMetLater(t *testing.T) {
	fens := []string{"3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1", "4k4/9/9/9/9/9/9/9/3R5/3K5 w - - 0 1"}
	col := &minedFile{}
	var keys []uint64
	for _, f := range fens {
		col.puzzles = append(col.puzzles, minedPuzzle{fen: f})
		pos, err := xiangqi.ParseFEN(f)
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, pos.Key())
	}
	for _, c := range []struct {
		known  int
		looked []uint64
		want   bool
	}{
		{1, []uint64{7, keys[1]}, true}, // the second puzzle came after the game started
		{1, []uint64{keys[0]}, false},   // the first was in its seen
		{2, []uint64{keys[1]}, false},
		{0, nil, false},
	} {
		if got := metLater(col, minedGame{known: c.known, looked: c.looked}); got != c.want {
			t.Errorf("known %d, looked %v: %v, want %v", c.known, c.looked, got, c.want)
		}
	}
}
