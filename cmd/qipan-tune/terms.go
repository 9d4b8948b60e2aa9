package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"qipan/engine/match/player"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/search"
)

// terms compares qipan's static evaluation with Fairy-Stockfish's classical one, term by term:
// Fairy-Stockfish's "eval" command prints what each term (material, mobility, king safety,
// threats…) adds. Over the positions of a data file it fits qipan ≈ a·Fairy-Stockfish and
// prints, for each term, its size and how it correlates with what is left (qipan − a·FS): a
// strongly negative correlation names a term qipan's evaluation lacks.
func terms(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("terms", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "", "positions (FEN;… lines: gen, pgn or label output)")
	engine := fs.String("engine", "node ../shared/oracles/fsuci.js", "Fairy-Stockfish (UCI, with the eval command)")
	limit := fs.Int("n", 4000, "positions to compare at most (the file's first)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	lines, err := readFile(*in)
	if err != nil {
		fmt.Fprintln(stderr, "qipan-tune:", err)
		return 1
	}
	cfg, err := fairyConfig(*engine, "fairy")
	if err != nil {
		fmt.Fprintln(stderr, "qipan-tune: -engine:", err)
		return 1
	}
	p, err := player.Start(cfg, time.Minute)
	if err != nil {
		fmt.Fprintln(stderr, "qipan-tune:", err)
		return 1
	}
	defer p.Close()
	var samples []termSample
	for _, l := range lines[:min(len(lines), *limit)] {
		out, err := p.Ask([]string{"position fen " + l.pos.FEN(), "eval"},
			func(s string) bool { return strings.HasPrefix(s, "Final evaluation") }, 10*time.Second)
		if err != nil {
			fmt.Fprintln(stderr, "qipan-tune:", err)
			return 1
		}
		t, err := parseEvalTerms(out)
		if err != nil {
			fmt.Fprintf(stderr, "qipan-tune: %s: %v\n", l.pos.FEN(), err)
			return 1
		}
		own := search.Evaluate(l.pos)
		if l.pos.Turn() == xiangqi.Black {
			own = -own
		}
		samples = append(samples, termSample{own: float64(own), terms: t})
	}
	printTerms(stdout, samples)
	return 0
}

// evalTerms are Fairy-Stockfish's classical terms from White's (Red's) view in centipawns:
// each row's middlegame total, and the classical evaluation under "total".
type evalTerms map[string]float64

type termSample struct {
	own   float64 // qipan's static evaluation, Red's view
	terms evalTerms
}

// parseEvalTerms reads the table Stockfish's eval command prints:
//
//	|King safety | -3.02 -2.85 | -0.53 -1.20 | -2.49 -1.64 |
//	Classical evaluation   -3.92 (white side)
func parseEvalTerms(out []string) (evalTerms, error) {
	t := evalTerms{}
	for _, l := range out {
		if v, ok := strings.CutPrefix(l, "Classical evaluation"); ok {
			f := strings.Fields(v)
			if len(f) == 0 {
				return nil, fmt.Errorf("no value in %q", l)
			}
			x, err := strconv.ParseFloat(f[0], 64)
			if err != nil {
				return nil, fmt.Errorf("%q: %v", l, err)
			}
			t["total"] = 100 * x
			continue
		}
		cells := strings.Split(l, "|")
		if len(cells) != 6 || strings.TrimSpace(cells[1]) == "Term" {
			continue
		}
		total := strings.Fields(cells[4])
		if len(total) != 2 {
			continue
		}
		x, err := strconv.ParseFloat(total[0], 64)
		if err != nil {
			continue // the header's "MG EG"
		}
		t[strings.TrimSpace(cells[1])] = 100 * x
	}
	if _, ok := t["total"]; !ok {
		return nil, fmt.Errorf("no classical evaluation in the engine's answer (%d lines)", len(out))
	}
	return t, nil
}

// printTerms fits own ≈ a·total over the samples (decided positions, beyond ±1500 on either
// side, left out) and prints each term's mean size, spread and correlation with own − a·total.
func printTerms(w io.Writer, samples []termSample) {
	var kept []termSample
	for _, s := range samples {
		if math.Abs(s.own) < 1500 && math.Abs(s.terms["total"]) < 1500 {
			kept = append(kept, s)
		}
	}
	if len(kept) < 3 {
		fmt.Fprintln(w, "too few positions")
		return
	}
	var sxy, sxx float64
	for _, s := range kept {
		sxy += s.own * s.terms["total"]
		sxx += s.terms["total"] * s.terms["total"]
	}
	a := sxy / sxx
	res := make([]float64, len(kept))
	own := make([]float64, len(kept))
	fs := make([]float64, len(kept))
	for i, s := range kept {
		res[i] = s.own - a*s.terms["total"]
		own[i], fs[i] = s.own, s.terms["total"]
	}
	fmt.Fprintf(w, "%d positions; qipan ≈ %.2f × Fairy-Stockfish, correlation %.3f; what is left: sd %.0f cp (qipan's sd %.0f)\n",
		len(kept), a, correlation(own, fs), sd(res), sd(own))
	fmt.Fprintln(w, "| term (middlegame, Fairy-Stockfish's cp) | mean size | sd | correlation with qipan − a·FS |")
	fmt.Fprintln(w, "|---|---|---|---|")
	for _, name := range []string{"Material", "Imbalance", "Mobility", "King safety", "Threats", "Passed", "Space", "Variant", "Winnable"} {
		x := make([]float64, len(kept))
		size := 0.0
		for i, s := range kept {
			x[i] = s.terms[name]
			size += math.Abs(x[i])
		}
		fmt.Fprintf(w, "| %s | %.0f | %.0f | %.3f |\n", name, size/float64(len(kept)), sd(x), correlation(res, x))
	}
}

func mean(x []float64) float64 {
	m := 0.0
	for _, v := range x {
		m += v
	}
	return m / float64(len(x))
}

func sd(x []float64) float64 {
	m, s := mean(x), 0.0
	for _, v := range x {
		s += (v - m) * (v - m)
	}
	return math.Sqrt(s / float64(len(x)))
}

// correlation is Pearson's r of x and y (0 when either is constant).
func correlation(x, y []float64) float64 {
	mx, my := mean(x), mean(y)
	var sxy, sxx, syy float64
	for i := range x {
		sxy += (x[i] - mx) * (y[i] - my)
		sxx += (x[i] - mx) * (x[i] - mx)
		syy += (y[i] - my) * (y[i] - my)
	}
	if sxx == 0 || syy == 0 {
		return 0
	}
	return sxy / math.Sqrt(sxx*syy)
}
