package main

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"

	"qipan/engine/reversi"
	"qipan/engine/reversi/search"
	"qipan/engine/reversi/search/pattern"
)

func TestParseSample(t *testing.T) {
	const board = "--OOOO--O-OOOO---OXOXO-XXXOOOOXOXXOOOXOOXXOOXXOO--XXXX---XXXXXX- O"
	for _, c := range []struct {
		line    string
		score   int
		wantErr string
	}{
		{board + " -2", -2, ""},
		{board + " 64", 64, ""},
		{board + " 65", 0, "score"},
		{board + " x", 0, "score"},
		{board, 0, "side to move"},
		{"nothing", 0, "want \"board score\""},
	} {
		s, err := parseSample(c.line)
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%q: %v", c.line, err)
		case c.wantErr == "" && s.Score != c.score:
			t.Errorf("%q: score %d, want %d", c.line, s.Score, c.score)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%q: error %v, want one with %q", c.line, err, c.wantErr)
		}
	}
}

// A game is the same from the same seed, and its labels are right: from the solve on, each
// position's exact score; before, the first solved position's score for the side to move.
func TestGamesLabels(t *testing.T) {
	g := &gameGen{e: search.NewSized(1), random: 10, depth: 2, noise: 100, solve: 12}
	var a, b bytes.Buffer
	if err := g.play(&a, 7); err != nil {
		t.Fatal(err)
	}
	if err := g.play(&b, 7); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Fatal("two games from the same seed differ")
	}
	lines := strings.Split(strings.TrimSpace(a.String()), "\n")
	if len(lines) < 20 {
		t.Fatalf("%d positions, want a game's", len(lines))
	}
	var first *reversi.Position // the first solved position and its score
	firstScore := 0
	s := search.NewSolver(16)
	for _, l := range lines {
		smp, err := parseSample(l)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := reversi.ParseBoard(l[:strings.LastIndexByte(l, ' ')])
		if p.Empties() <= g.solve {
			v, _ := s.Solve(p, -64, 64, nil)
			if v != smp.Score {
				t.Fatalf("%s: solved %d", l, v)
			}
			if first == nil {
				first, firstScore = p, v
			}
		}
	}
	for _, l := range lines {
		smp, _ := parseSample(l)
		p, _ := reversi.ParseBoard(l[:strings.LastIndexByte(l, ' ')])
		if p.Empties() <= g.solve {
			break
		}
		want := firstScore
		if p.Turn != first.Turn {
			want = -want
		}
		if smp.Score != want {
			t.Fatalf("%s: want %d, the score of %v", l, want, first)
		}
	}
}

func TestScoreSet(t *testing.T) {
	g := &gameGen{e: search.NewSized(1), random: 20}
	var samples []pattern.Sample
	for i := 0; i < 3; i++ {
		p := g.opening(rand.New(rand.NewSource(int64(i))))
		samples = append(samples, pattern.Sample{P: p.P, O: p.O, Score: 0})
	}
	var out bytes.Buffer
	if err := scoreSet(&out, samples, 2, pattern.Midgame, false); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(out.String()), "\n"); len(lines) != 5 {
		t.Fatalf("%d lines, want a header and depths 0-2:\n%s", len(lines), out.String())
	}
	end, _ := reversi.ParseBoard("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOO---- O")
	if err := scoreSet(&out, []pattern.Sample{{P: end.P, O: end.O}}, 1, pattern.Midgame, false); err == nil || !strings.Contains(err.Error(), "more than 22") {
		t.Fatalf("a position with 4 empties: error %v, want one saying more than 22", err)
	}
}
