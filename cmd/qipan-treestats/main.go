// Command qipan-treestats shows how the xiangqi search's tree grows: for each position (the
// bench positions by default) it searches to a depth and prints, per iteration, the nodes and
// time to finish it and the effective branching factor (nodes to finish depth d over nodes to
// finish d-1), then where the nodes went (quiescence share, extensions, null-move and
// late-move-reduction success, re-searches, pruning). The summary line gives the geometric
// mean branching factor over the depths asked and the median time to each depth, so a change
// to the search can show its effect on these figures. It runs the same natively and, built
// with GOOS=js GOARCH=wasm, under node.
//
//	qipan-treestats -depth 14 -from 8
//	qipan-treestats -fen "4kab2/4a4/…" -depth 18
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"time"

	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/search"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "qipan-treestats:", err)
		os.Exit(2)
	}
}

// iteration is one finished iteration of one position.
type iteration struct {
	depth int
	nodes uint64
	time  time.Duration
}

func run(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("qipan-treestats", flag.ContinueOnError)
	depth := fs.Int("depth", 12, "search each position to this depth")
	from := fs.Int("from", 8, "the summary's branching factor starts at this depth")
	fen := fs.String("fen", "", "one position instead of the bench positions")
	hash := fs.Int("hash", search.BenchHashMB, "transposition table, MB")
	maxTime := fs.Duration("maxtime", 0, "stop a position after this long (0: no limit)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	fens := search.BenchFENs
	if *fen != "" {
		fens = []string{*fen}
	}
	if *depth < 2 || *from < 2 || *from > *depth {
		return fmt.Errorf("need 2 <= -from <= -depth, got -from %d -depth %d", *from, *depth)
	}
	s := search.New(*hash)
	var total search.Stats
	byDepth := make([][]time.Duration, *depth+1) // time to finish each depth, per position
	var logEBF float64
	var nEBF int
	for i, f := range fens {
		p, err := xiangqi.ParseFEN(f)
		if err != nil {
			return fmt.Errorf("position %d: %v", i+1, err)
		}
		s.Clear()
		var its []iteration
		lim := search.Limits{Depth: *depth, Hard: *maxTime, Soft: *maxTime}
		r := s.Search(context.Background(), p, nil, lim, func(in search.Info) {
			its = append(its, iteration{in.Depth, in.Nodes, in.Time})
		})
		fmt.Fprintf(w, "position %d: %s\n", i+1, f)
		fmt.Fprintf(w, "  depth %8s %12s %9s %6s\n", "ms", "nodes", "knps", "EBF")
		for k, it := range its {
			ebf := ""
			if k > 0 && its[k-1].nodes > 0 {
				b := float64(it.nodes) / float64(its[k-1].nodes)
				ebf = fmt.Sprintf("%.2f", b)
				if it.depth > *from {
					logEBF += math.Log(b)
					nEBF++
				}
			}
			knps := 0.0
			if it.time > 0 {
				knps = float64(it.nodes) / it.time.Seconds() / 1000
			}
			fmt.Fprintf(w, "  %5d %8d %12d %9.0f %6s\n", it.depth, it.time.Milliseconds(), it.nodes, knps, ebf)
			byDepth[it.depth] = append(byDepth[it.depth], it.time)
		}
		st := s.Stats()
		fmt.Fprintf(w, "  best %v score %d depth %d\n", r.Best, r.Score, r.Depth)
		printStats(w, "  ", st)
		add(&total, st)
	}
	fmt.Fprintln(w, "all positions:")
	printStats(w, "  ", total)
	if nEBF > 0 {
		fmt.Fprintf(w, "  EBF (geometric mean, depths %d-%d): %.3f over %d iterations\n", *from+1, *depth, math.Exp(logEBF/float64(nEBF)), nEBF)
	}
	fmt.Fprint(w, "  median ms to depth:")
	for d := *from; d <= *depth; d++ {
		if t := byDepth[d]; len(t) == len(fens) {
			slices.Sort(t)
			fmt.Fprintf(w, " %d:%d", d, t[len(t)/2].Milliseconds())
		}
	}
	fmt.Fprintln(w)
	return nil
}

func add(t *search.Stats, s search.Stats) {
	t.Nodes += s.Nodes
	t.QNodes += s.QNodes
	t.TTCuts += s.TTCuts
	t.CutNodes += s.CutNodes
	t.FirstCuts += s.FirstCuts
	t.Extensions += s.Extensions
	t.NullTries += s.NullTries
	t.NullCuts += s.NullCuts
	t.LMRTries += s.LMRTries
	t.LMRResearch += s.LMRResearch
	t.PVSResearch += s.PVSResearch
	t.Pruned += s.Pruned
	t.NodePruned += s.NodePruned
}

func pct(a, b uint64) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func printStats(w io.Writer, in string, s search.Stats) {
	main := s.Nodes - s.QNodes
	fmt.Fprintf(w, "%snodes %d, quiescence %.1f %%; table cuts %.1f %% of full-width nodes; first-move cuts %.1f %% of %d cuts\n",
		in, s.Nodes, pct(s.QNodes, s.Nodes), pct(s.TTCuts, main), pct(s.FirstCuts, s.CutNodes), s.CutNodes)
	fmt.Fprintf(w, "%sextensions %.3f per full-width node; null move %d tried, %.1f %% cut; LMR %d, %.1f %% re-searched; PVS re-searches %d\n",
		in, float64(s.Extensions)/math.Max(1, float64(main)), s.NullTries, pct(s.NullCuts, s.NullTries), s.LMRTries, pct(s.LMRResearch, s.LMRTries), s.PVSResearch)
	fmt.Fprintf(w, "%smoves pruned %d (%.2f per full-width node), nodes cut by margins %d\n",
		in, s.Pruned, float64(s.Pruned)/math.Max(1, float64(main)), s.NodePruned)
}
