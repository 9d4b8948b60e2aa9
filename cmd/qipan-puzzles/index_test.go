package main

import (
	"context"
	"os"
	"regexp"
	"strconv"
	"testing"

	"qipan/app/play"
	"qipan/engine/xiangqi"
)

// shipped is the index this command wrote, as the site ships it.
const shipped = "../../web/puzzles/xiangqi-classical.tsv"

// TestShippedIndex reads the shipped index as the board does (play.ParsePuzzles): as many
// puzzles as its summary says were verified, each a legal position with Red to move, one or
// two legal first moves, and the mates of up to 5 moves proven again with the first move.
func TestShippedIndex(t *testing.T) {
	data, err := os.ReadFile(shipped)
	if err != nil {
		t.Fatal(err)
	}
	list, err := play.ParsePuzzles(play.VariantXiangqi, string(data))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^# verified (\d+) of \d+`).FindSubmatch(data)
	if m == nil {
		t.Fatal("no summary line")
	}
	if n, _ := strconv.Atoi(string(m[1])); len(list) != n {
		t.Errorf("%d puzzles, the summary says %d", len(list), n)
	}
	c := testChecker()
	reproved := 0
	for _, pz := range list {
		pos, err := xiangqi.ParseFEN(pz.FEN)
		if err != nil || pos.Turn() != xiangqi.Red {
			t.Errorf("%s %d: %v, turn %v", pz.Source, pz.Number, err, pos.Turn())
			continue
		}
		if pz.Mate < 1 || len(pz.First) < 1 || len(pz.First) > 2 || pz.Title == "" || pz.Number < 1 {
			t.Errorf("%s %d: mate %d, moves %v, title %q", pz.Source, pz.Number, pz.Mate, pz.First, pz.Title)
			continue
		}
		for _, s := range pz.First {
			if mv, err := xiangqi.ParseMove(s); err != nil || !pos.IsLegal(mv) {
				t.Errorf("%s %d: first move %q is not legal", pz.Source, pz.Number, s)
			}
		}
		if pz.Mate <= 5 {
			mv, _ := xiangqi.ParseMove(pz.First[0])
			c.s.Clear()
			c.proof.reset(context.Background(), c.proofLimit)
			c.checks.reset(c.checkLimit)
			if got := c.proof.first(pos, mv, pz.Mate); got != proofDone {
				t.Errorf("%s %d: %s mates in %d: %v", pz.Source, pz.Number, pz.First[0], pz.Mate, got)
			}
			reproved++
		}
	}
	if reproved == 0 {
		t.Error("no short mate proven again")
	}
}
