package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

// calibrate fits the curve that turns the engine's score into an expected result: E(cp) =
// 1/(1+e^(−k·cp)), cp from Red's view, the game's result for Red (1, ½, 0) the target, k by
// least squares over every scored position of gen's data. The game report (app/play
// report.go) judges moves by the drop of this expectation; the table beside the fit is the
// calibration: predicted and observed mean results by score bucket.
//
//	qipan-tune calibrate -in data.txt
func calibrate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("calibrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "", "data from gen: FEN;result;cp lines (lines without a score are skipped)")
	if err := fs.Parse(args); err != nil || *in == "" {
		fmt.Fprintln(stderr, "usage: qipan-tune calibrate -in data.txt")
		return 2
	}
	f, err := os.Open(*in)
	if err != nil {
		fmt.Fprintln(stderr, "qipan-tune:", err)
		return 1
	}
	defer f.Close()
	var cps, results []float64
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for line := 1; sc.Scan(); line++ {
		parts := strings.Split(sc.Text(), ";")
		if len(parts) != 3 {
			continue
		}
		r, err1 := strconv.ParseFloat(parts[1], 64)
		cp, err2 := strconv.ParseFloat(parts[2], 64)
		if err1 != nil || err2 != nil {
			fmt.Fprintf(stderr, "qipan-tune calibrate: %s line %d: %q is not FEN;result;cp\n", *in, line, sc.Text())
			return 2
		}
		cps, results = append(cps, cp), append(results, r)
	}
	if len(cps) == 0 {
		fmt.Fprintln(stderr, "qipan-tune calibrate: no scored positions in", *in)
		return 1
	}
	k := fitK(cps, results)
	fmt.Fprintf(stdout, "positions %d\nk %.6f (E = 1/(1+exp(-k*cp)); lichess's chess constant is 0.00368)\n", len(cps), k)
	fmt.Fprintf(stdout, "%-14s %8s %10s %10s\n", "cp (Red)", "count", "predicted", "observed")
	edges := []float64{math.Inf(-1), -800, -400, -200, -100, -50, 50, 100, 200, 400, 800, math.Inf(1)}
	for i := 0; i+1 < len(edges); i++ {
		var n int
		var pred, obs float64
		for j, cp := range cps {
			if cp >= edges[i] && cp < edges[i+1] {
				n++
				pred += expected(k, cp)
				obs += results[j]
			}
		}
		if n > 0 {
			fmt.Fprintf(stdout, "%-14s %8d %10.3f %10.3f\n", fmt.Sprintf("[%g, %g)", edges[i], edges[i+1]), n, pred/float64(n), obs/float64(n))
		}
	}
	return 0
}

func expected(k, cp float64) float64 { return 1 / (1 + math.Exp(-k*cp)) }

// fitK minimises the mean squared error of expected(k, cp) against the results, by golden
// section over k (the error is unimodal in k).
func fitK(cps, results []float64) float64 {
	mse := func(k float64) float64 {
		var s float64
		for i, cp := range cps {
			d := results[i] - expected(k, cp)
			s += d * d
		}
		return s / float64(len(cps))
	}
	lo, hi := 1e-5, 0.05
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := mse(a), mse(b)
	for hi-lo > 1e-7 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = mse(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = mse(b)
		}
	}
	return (lo + hi) / 2
}
