package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"

	"qipan/engine/reversi"
	"qipan/engine/reversi/search"
	"qipan/engine/reversi/search/pattern"
)

// probcut measures what Multi-ProbCut needs (engine/reversi/search/probcut.go): for positions
// of the sample files (every -every'th with at least 14 empties), the scores of an iterative
// deepening to -depth with the pattern evaluation, and per empties group and depth d the mean
// and standard deviation of (score at d) − (score at search.ProbCutShallow(d)). It prints them
// as the Go table.
func probcut(args []string) error {
	fs := flag.NewFlagSet("probcut", flag.ExitOnError)
	depth := fs.Int("depth", 10, "deepest search")
	every := fs.Int("every", 200, "take every this many'th position")
	wfile := fs.String("w", "", "PatternEval's weights file (default the embedded pattern.Midgame)")
	fs.Parse(args)
	w, err := loadWeights(*wfile)
	if err != nil {
		return err
	}
	samples, err := readSamples(fs.Args())
	if err != nil {
		return err
	}
	var ps []reversi.Position
	for i := 0; i < len(samples); i += max(*every, 1) {
		p := reversi.Position{P: samples[i].P, O: samples[i].O}
		if p.Empties() >= 14 && p.Status() == reversi.Ongoing {
			ps = append(ps, p)
		}
	}
	return probcutTable(os.Stdout, ps, *depth, w)
}

func probcutTable(out io.Writer, ps []reversi.Position, depth int, w *pattern.Weights) error {
	const groups, width = 4, 13
	var n, sum, sum2 [groups][width]float64
	e := search.NewSized(64)
	e.SetPatternWeights(w)
	for _, p := range ps {
		if p.Empties() <= depth+12 {
			continue // level 5 would solve it, and deep scores near the end are exact
		}
		scores := make([]int, depth+1)
		e.SetBoard(p)
		e.NewGame()
		e.Search(context.Background(), search.Limits{Level: 5, Depth: depth, Eval: search.PatternEval},
			func(i search.Info) { scores[i.Depth] = i.Score })
		g := search.ProbCutGroup(p.Empties())
		for d := 3; d <= depth && d < width; d++ {
			x := float64(scores[d] - scores[search.ProbCutShallow(d)])
			n[g][d]++
			sum[g][d] += x
			sum2[g][d] += x * x
		}
	}
	fmt.Fprintf(out, "// %d positions searched to depth %d; {mean, sd} of depth d − depth ProbCutShallow(d)\n", len(ps), depth)
	fmt.Fprintln(out, "var probCutStats = [4][13]struct{ mean, sd int16 }{")
	for g := 0; g < groups; g++ {
		fmt.Fprintf(out, "\t{ // group %d: %.0f positions\n\t\t", g, n[g][3])
		for d := 0; d < width; d++ {
			m, sd := 0.0, 0.0
			if n[g][d] > 1 {
				m = sum[g][d] / n[g][d]
				sd = math.Sqrt(max(sum2[g][d]/n[g][d]-m*m, 0))
			}
			fmt.Fprintf(out, "{%.0f, %.0f}, ", m, sd)
		}
		fmt.Fprintln(out, "\n\t},")
	}
	fmt.Fprintln(out, "}")
	return nil
}
