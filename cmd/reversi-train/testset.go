package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand"
	"os"

	"qipan/engine/reversi"
	"qipan/engine/reversi/search"
	"qipan/engine/reversi/search/pattern"
)

// testset writes a midgame test set: positions at -min to -max empties from self-play games
// played as games plays them (seeds apart from its), one a game, each with its exact score.
func testset(args []string) error {
	fs := flag.NewFlagSet("testset", flag.ExitOnError)
	n := fs.Int("n", 50, "positions")
	seed := fs.Int64("seed", 1, "random seed")
	lo := fs.Int("min", 24, "fewest empties")
	hi := fs.Int("max", 26, "most empties")
	out := fs.String("o", "", "output file (default stdout)")
	fs.Parse(args)
	if *lo < 1 || *hi < *lo || *hi > 40 {
		return fmt.Errorf("testset: want 1 ≤ -min ≤ -max ≤ 40")
	}
	w, done, err := output(*out)
	if err != nil {
		return err
	}
	defer done()
	g := &gameGen{e: search.NewSized(64), random: 24, depth: 6, noise: 100}
	for i := 0; i < *n; i++ {
		r := rand.New(rand.NewSource(-(*seed*1_000_003 + int64(i)))) // negative: not a games seed
		want := *lo + r.Intn(*hi-*lo+1)
		p := g.opening(r)
		for p.Empties() > want && p.Status() != reversi.Over {
			if p.Status() == reversi.MustPass {
				p.Make(reversi.Pass)
				continue
			}
			p.Make(g.move(p, r))
		}
		if p.Status() != reversi.Ongoing {
			i--
			continue
		}
		g.e.NewGame()
		v, _ := g.e.Solver().Solve(&p, -64, 64, nil)
		if err := writeSample(w, p, v, true); err != nil {
			return err
		}
		w.Flush()
	}
	return nil
}

// score reads a test set and reports the rms error in discs, against the exact scores, of
// each evaluation alone and of its search to each depth up to -depth.
func score(args []string) error {
	fs := flag.NewFlagSet("score", flag.ExitOnError)
	depth := fs.Int("depth", 6, "deepest search")
	wfile := fs.String("w", "", "PatternEval's weights file (default the embedded pattern.Midgame)")
	probCut := fs.Bool("probcut", false, "search with Multi-ProbCut")
	fs.Parse(args)
	samples, err := readSamples(fs.Args())
	if err != nil {
		return err
	}
	w, err := loadWeights(*wfile)
	if err != nil {
		return err
	}
	return scoreSet(os.Stdout, samples, *depth, w, *probCut)
}

// loadWeights reads a weights file, or returns pattern.Midgame for "".
func loadWeights(name string) (*pattern.Weights, error) {
	if name == "" {
		return pattern.Midgame, nil
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return pattern.Load(b)
}

func scoreSet(out io.Writer, samples []pattern.Sample, depth int, w *pattern.Weights, probCut bool) error {
	for _, s := range samples {
		if n := 64 - bits.OnesCount64(s.P|s.O); n <= 22 && depth > 0 {
			// the search would solve it (level 10 solves from 22 empties)
			return fmt.Errorf("score: a position with %d empties, want more than 22", n)
		}
	}
	e := search.NewSized(64)
	e.SetPatternWeights(w)
	fmt.Fprintf(out, "%d positions: rms error in discs against the exact scores\n", len(samples))
	fmt.Fprintln(out, "depth  hand  pattern  (nodes: hand, pattern)")
	for d := 0; d <= depth; d++ {
		fmt.Fprintf(out, "%5d", d)
		var nodes [2]uint64
		for k, ev := range []search.Evaluation{search.HandEval, search.PatternEval} {
			var sum float64
			for _, s := range samples {
				var v int
				switch {
				case d > 0:
					p := reversi.Position{P: s.P, O: s.O}
					e.SetBoard(p)
					e.NewGame()
					// level 10's solve ranges stay below the test set's empties when depth < empties
					r := e.Search(context.Background(), search.Limits{Depth: d, Eval: ev, ProbCut: probCut}, nil)
					v, nodes[k] = r.Score, nodes[k]+r.Nodes
				case ev == search.HandEval:
					v = search.Evaluate(s.P, s.O)
				default:
					v = search.EvaluateWith(w, s.P, s.O)
				}
				x := float64(v)/100 - float64(s.Score)
				sum += x * x
			}
			fmt.Fprintf(out, " %6.2f", math.Sqrt(sum/float64(max(len(samples), 1))))
		}
		if d > 0 {
			fmt.Fprintf(out, "  %d %d", nodes[0], nodes[1])
		}
		fmt.Fprintln(out)
	}
	return nil
}
