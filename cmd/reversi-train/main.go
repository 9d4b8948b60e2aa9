// Command reversi-train makes the pattern evaluations of engine/reversi/search/pattern: the one
// that orders the endgame solver's moves (weights.bin, one stage) and the midgame search's
// (midgame.bin, a stage every few empties). It generates positions labelled by the exact
// solver or by self-play results, then fits the pattern weights to them.
//
// The solver's ordering evaluation, weights.bin:
//
//	reversi-train gen -n 16000 -seed 1 -o /tmp/rv1.txt   # positions with 10-18 empties, solved
//	reversi-train gen -n 16000 -seed 2 -o /tmp/rv2.txt
//	reversi-train fit -o engine/reversi/search/pattern/weights.bin /tmp/rv1.txt /tmp/rv2.txt
//
// (gen: about 15 minutes of one core each; fit: a few seconds; the fit holds out the last tenth
// of the samples and reports its error). gen plays games with level 3 (a depth-3 search with
// noise of ±1.5 discs, so games vary) after four random moves and writes about half of each
// game's positions with min to max empties with their exact score for the side to move, one a
// line: "board score". fit reads such lines and writes the weights (the format pattern.Load
// reads).
//
// The midgame evaluation, midgame.bin (the recipe and its figures: engine/reversi/search/BENCH.md):
//
//	reversi-train games -games 100000 -for 55m -seed 1 -o /tmp/games1.txt
//	reversi-train fit -stages 15 -boot 4 -prior -l2 3e-3 -o engine/reversi/search/pattern/midgame.bin /tmp/games1.txt /tmp/games2.txt
//
// games plays self-play games (0 to 24 random moves, then a depth-6 search with ±1 disc of
// noise) and labels every position: from 20 empties by its exact score, before by the exact
// score at 20 empties of the game it is in (see games.go). fit -stages N fits each stage to the
// samples within -spread empties of its range, holds out the last tenth (whole games; or the
// files of -test) and reports the held-out error per stage beside the hand evaluation's
// (search.Evaluate). -boot D labels the samples above 20 empties by a depth-D search on the
// stages already fitted; -prior starts each stage from the one fitted before it and pulls it
// towards it. heldout -w FILE reports a weights file's error per stage on other sample files;
// score and probcut take -w too (another weights file than the embedded one).
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand"
	"os"
	"strconv"
	"strings"

	"qipan/engine/reversi"
	"qipan/engine/reversi/search"
	"qipan/engine/reversi/search/pattern"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: reversi-train gen|games|fit|heldout|testset|score|probcut [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = gen(os.Args[2:])
	case "games":
		err = games(os.Args[2:])
	case "fit":
		err = fit(os.Args[2:])
	case "testset":
		err = testset(os.Args[2:])
	case "score":
		err = score(os.Args[2:])
	case "probcut":
		err = probcut(os.Args[2:])
	case "heldout":
		err = heldOutCmd(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q: want gen, games, fit, heldout, testset, score or probcut", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "reversi-train:", err)
		os.Exit(1)
	}
}

func gen(args []string) error {
	fs := flag.NewFlagSet("gen", flag.ExitOnError)
	n := fs.Int("n", 10000, "positions to write")
	seed := fs.Int64("seed", 1, "random seed")
	lo := fs.Int("min", 10, "fewest empties")
	hi := fs.Int("max", 18, "most empties")
	out := fs.String("o", "", "output file (default stdout)")
	fs.Parse(args)
	w, done, err := output(*out)
	if err != nil {
		return err
	}
	defer done()
	r := rand.New(rand.NewSource(*seed))
	e := search.NewSized(8)
	s := search.NewSolver(18)
	for i := 0; i < *n; {
		// one game: random opening moves, then level 3; about half of its positions with lo to
		// hi empties are solved (the later ones cheaply, from the table the first one filled)
		p := reversi.Start()
		s.Clear()
		for ply := 0; p.Empties() >= *lo && p.Status() != reversi.Over && i < *n; ply++ {
			if p.Status() == reversi.MustPass {
				p.Make(reversi.Pass)
				continue
			}
			if p.Empties() <= *hi && r.Intn(2) == 0 {
				v, _ := s.Solve(&p, -64, 64, nil)
				fmt.Fprintf(w, "%v %d\n", p, v)
				if i++; i%1000 == 0 {
					w.Flush()
				}
			}
			var m reversi.Move
			if ply < 4 {
				ms := p.LegalMoves()
				m = ms[r.Intn(len(ms))]
			} else {
				e.SetBoard(p)
				m = e.Search(context.Background(), search.Limits{Level: 3, Seed: r.Int63()}, nil).Move
			}
			p.Make(m)
		}
	}
	return nil
}

func fit(args []string) error {
	fs := flag.NewFlagSet("fit", flag.ExitOnError)
	out := fs.String("o", "weights.bin", "weights file to write")
	epochs := fs.Int("epochs", 500, "passes over the data")
	l2 := fs.Float64("l2", 5e-4, "L2 penalty per weight")
	stages := fs.Int("stages", 1, "stages (ranges of empties) with weights of their own; more than 1 holds out the last tenth and reports its error per stage")
	spread := fs.Int("spread", 2, "a stage also fits the samples within this many empties of its range")
	boot := fs.Int("boot", 0, "label samples above -exact empties by a search this deep with the stages fitted so far (0: keep their scores)")
	exact := fs.Int("exact", 20, "with -boot: samples with this many empties or fewer keep their (exact) scores")
	blend := fs.Float64("blend", 0, "with -boot: the weight of the sample's own score in its label, the search's 1 − blend")
	prior := fs.Bool("prior", false, "with -stages: each stage starts from the one fitted before it and its L2 penalty pulls towards it")
	testFiles := fs.String("test", "", "with -stages: hold out these files' samples (comma-separated) instead of the last tenth")
	fs.Parse(args)
	samples, err := readSamples(fs.Args())
	if err != nil {
		return err
	}
	if len(samples) == 0 {
		return fmt.Errorf("no samples")
	}
	if *stages <= 1 {
		w, report := pattern.Fit(samples, *epochs, *l2)
		fmt.Fprint(os.Stderr, report)
		return os.WriteFile(*out, w.Marshal(), 0o644)
	}
	// the last tenth (whole games, as gen and games write them in order) is held out, or -test
	hold := len(samples) / 10
	train, test := samples[:len(samples)-hold], samples[len(samples)-hold:]
	if *testFiles != "" {
		if test, err = readSamples(strings.Split(*testFiles, ",")); err != nil {
			return err
		}
		train = samples
	}
	for i := range train { // the weights correct the hand evaluation (search.PatternEval)
		train[i].Base = float64(search.Evaluate(train[i].P, train[i].O)) / 100
	}
	var relabel pattern.Relabel
	if *boot > 0 {
		relabel = bootstrap(*boot, *exact, *blend)
	}
	w := pattern.FitStages(train, *stages, *spread, *epochs, *l2, *prior, os.Stderr, relabel)
	heldOut(os.Stderr, w, *stages, test)
	return os.WriteFile(*out, w.Marshal(), 0o644)
}

// bootstrap returns the Relabel of fit -boot: a depth-depth search with the weights so far,
// blended with the sample's score, for samples above exact empties.
func bootstrap(depth, exact int, blend float64) pattern.Relabel {
	e := search.NewSized(16)
	return func(w *pattern.Weights, samples []pattern.Sample) []float64 {
		e.SetPatternWeights(w)
		e.NewGame() // the table holds scores of the previous weights
		ys := make([]float64, len(samples))
		for i, s := range samples {
			ys[i] = float64(s.Score)
			p := reversi.Position{P: s.P, O: s.O}
			if p.Empties() <= exact || p.Status() != reversi.Ongoing {
				continue
			}
			e.SetBoard(p)
			// level 5 solves from 12 empties, below any sample searched here
			v := e.Search(context.Background(), search.Limits{Level: 5, Depth: depth, Eval: search.PatternEval}, nil).Score
			ys[i] = blend*ys[i] + (1-blend)*float64(v)/100
		}
		return ys
	}
}

// heldOutCmd reports a weights file's error per stage on sample files, as fit does on its
// held-out samples: weights fitted on other data compared on the same positions.
func heldOutCmd(args []string) error {
	fs := flag.NewFlagSet("heldout", flag.ExitOnError)
	wfile := fs.String("w", "", "weights file (default the embedded pattern.Midgame)")
	stages := fs.Int("stages", 15, "stages to report (ranges of empties)")
	fs.Parse(args)
	w, err := loadWeights(*wfile)
	if err != nil {
		return err
	}
	samples, err := readSamples(fs.Args())
	if err != nil {
		return err
	}
	heldOut(os.Stdout, w, *stages, samples)
	return nil
}

// heldOut writes, per stage, the rms error in discs on the held-out samples of search.PatternEval
// with w (the hand evaluation corrected by w), of the hand evaluation (search.Evaluate) and of
// it scaled by the factor that fits these samples best (what re-weighting it alone could reach).
func heldOut(out io.Writer, w *pattern.Weights, stages int, test []pattern.Sample) {
	fmt.Fprintln(out, "held out: stage, empties, samples, rms error in discs: pattern, hand, hand best-scaled")
	for s := 0; s < stages; s++ {
		lo, hi := pattern.StageRange(s, stages)
		var n, ep, eh, xy, xx, yy float64
		for _, t := range test {
			e := 64 - bits.OnesCount64(t.P|t.O)
			if e < lo || e > hi {
				continue
			}
			y := float64(t.Score)
			p := float64(search.EvaluateWith(w, t.P, t.O)) / 100
			h := float64(search.Evaluate(t.P, t.O)) / 100
			n++
			ep += (p - y) * (p - y)
			eh += (h - y) * (h - y)
			xy, xx, yy = xy+h*y, xx+h*h, yy+y*y
		}
		if n == 0 {
			continue
		}
		scaled := yy // with the best scale a = xy/xx, the error is yy - xy²/xx
		if xx > 0 {
			scaled = yy - xy*xy/xx
		}
		fmt.Fprintf(out, "%2d %2d-%2d %6.0f %6.2f %6.2f %6.2f\n", s, lo, hi, n,
			math.Sqrt(ep/n), math.Sqrt(eh/n), math.Sqrt(max(scaled, 0)/n))
	}
}

// output opens the file name for writing (stdout if ""), buffered; done flushes and closes it.
func output(name string) (w *bufio.Writer, done func() error, err error) {
	if name == "" {
		w = bufio.NewWriter(os.Stdout)
		return w, w.Flush, nil
	}
	f, err := os.Create(name)
	if err != nil {
		return nil, nil, err
	}
	w = bufio.NewWriter(f)
	return w, func() error {
		if err := w.Flush(); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}, nil
}

// readSamples reads the samples of files written by gen, games or testset.
func readSamples(names []string) ([]pattern.Sample, error) {
	var samples []pattern.Sample
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		line := 0
		for sc.Scan() {
			line++
			smp, err := parseSample(sc.Text())
			if err != nil {
				f.Close()
				return nil, fmt.Errorf("%s:%d: %v", name, line, err)
			}
			samples = append(samples, smp)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return samples, nil
}

// parseSample reads a line written by gen: board text, a space, the score (discs, -64..64).
func parseSample(t string) (pattern.Sample, error) {
	i := strings.LastIndexByte(t, ' ')
	if i < 0 {
		return pattern.Sample{}, fmt.Errorf("want \"board score\", got %q", t)
	}
	p, err := reversi.ParseBoard(t[:i])
	if err != nil {
		return pattern.Sample{}, err
	}
	v, err := strconv.Atoi(t[i+1:])
	if err != nil || v < -64 || v > 64 {
		return pattern.Sample{}, fmt.Errorf("score %q: want a whole number of discs, -64 to 64", t[i+1:])
	}
	return pattern.Sample{P: p.P, O: p.O, Score: v}, nil
}
