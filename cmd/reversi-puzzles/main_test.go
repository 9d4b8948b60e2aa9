package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"qipan/app/play"
	"qipan/engine/reversi"
	"qipan/engine/reversi/search"
)

// slowScore is the exact final disc difference for p's side to move by plain negamax over every
// line (the empties to the winner, as the solver counts): the reference for small positions.
func slowScore(p reversi.Position) int {
	switch p.Status() {
	case reversi.Over:
		return p.Score()
	case reversi.MustPass:
		p.Make(reversi.Pass)
		return -slowScore(p)
	}
	best := -65
	for _, m := range p.LegalMoves() {
		q := p
		q.Make(m)
		best = max(best, -slowScore(q))
	}
	return best
}

// TestGenerate: a small run keeps positions whose every move's score is exact (checked by plain
// negamax), best first by at least the gap; the workers change nothing of the output.
func TestGenerate(t *testing.T) {
	var out [2]string
	for i, workers := range []string{"1", "2"} {
		var w, log bytes.Buffer
		if err := run([]string{"-n", "4", "-min", "7", "-max", "8", "-nodes", "500", "-workers", workers}, &w, &log); err != nil {
			t.Fatal(err)
		}
		_, out[i], _ = strings.Cut(w.String(), "\n") // the first line names the command's flags
	}
	if out[0] != out[1] {
		t.Fatalf("one worker and two wrote different collections:\n%s\n%s", out[0], out[1])
	}
	list, err := play.ParsePuzzles(play.VariantReversi, out[0])
	if err != nil || len(list) != 4 {
		t.Fatalf("%d puzzles, %v:\n%s", len(list), err, out[0])
	}
	for _, pz := range list {
		checkExact(t, pz, slowScore)
	}
}

// checkExact checks pz's every move's score against score's of the position after it, and the
// gap between the best and the next.
func checkExact(t *testing.T, pz play.Puzzle, score func(reversi.Position) int) {
	t.Helper()
	p, err := reversi.ParseBoard(pz.FEN)
	if err != nil {
		t.Fatal(err)
	}
	for _, ms := range pz.Scores {
		m, _ := reversi.ParseMove(ms.Move)
		q := *p
		q.Make(m)
		if v := -score(q); v != ms.Discs {
			t.Errorf("no. %d %s: %s scored %+d, exactly %+d", pz.Number, pz.FEN, ms.Move, ms.Discs, v)
		}
	}
	if len(pz.Scores) < 2 || pz.Scores[0].Discs-pz.Scores[1].Discs < 2 || pz.Scores[0].Move != pz.Best {
		t.Errorf("no. %d: the best %s does not beat the next by 2 discs: %v", pz.Number, pz.Best, pz.Scores)
	}
}

// TestShippedCollection reads web/puzzles/reversi.tsv as the page does and solves a sample of
// it again exactly: every move of the first puzzle of each number of empties up to 18 (the
// larger ones take minutes each).
func TestShippedCollection(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "web", "puzzles", "reversi.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	list, err := play.ParsePuzzles(play.VariantReversi, string(b))
	if err != nil {
		t.Fatal(err)
	}
	if len(list) < 500 {
		t.Errorf("%d puzzles, want 500 or more", len(list))
	}
	seen := map[string]bool{}
	sample := map[int]play.Puzzle{}
	for i, pz := range list {
		if pz.Number != i+1 || pz.Goal != play.GoalBest || pz.Empties < 14 || pz.Empties > 24 || seen[pz.FEN] {
			t.Errorf("line %d: number %d, goal %q, %d empties, a repeat %v", i+1, pz.Number, pz.Goal, pz.Empties, seen[pz.FEN])
		}
		seen[pz.FEN] = true
		if _, ok := sample[pz.Empties]; !ok && pz.Empties <= 18 {
			sample[pz.Empties] = pz
		}
	}
	if !strings.HasPrefix(string(b), "# ") {
		t.Error("the collection does not say how it was made")
	}
	s := search.NewSolver(18)
	for _, pz := range sample {
		checkExact(t, pz, func(p reversi.Position) int {
			if p.Status() == reversi.Over {
				return p.Score()
			}
			v, _ := s.Solve(&p, -64, 64, nil)
			return v
		})
	}
	t.Logf("%d puzzles; solved again: %d", len(list), len(sample))
}
