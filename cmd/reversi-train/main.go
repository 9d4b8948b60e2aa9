// Command reversi-train makes the pattern evaluation that orders the endgame solver's moves
// (engine/reversi/search/pattern): it generates positions labelled by the exact solver, then
// fits the pattern weights to them.
//
//	reversi-train gen -n 16000 -seed 1 -o /tmp/rv1.txt   # positions with 10-18 empties, solved
//	reversi-train gen -n 16000 -seed 2 -o /tmp/rv2.txt
//	reversi-train fit -o engine/reversi/search/pattern/weights.bin /tmp/rv1.txt /tmp/rv2.txt
//
// These commands made the embedded weights (gen: about 15 minutes of one core each; fit: a few
// seconds; the fit holds out the last tenth of the samples and reports its error).
//
// gen plays games with level 3 (a depth-3 search with noise of ±1.5 discs, so games vary)
// after four random moves and writes about half of each game's positions with min to max
// empties with their exact score for the side to move, one a line: "board score".
// fit reads such lines and writes the weights (the format pattern.Load reads).
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
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
		fmt.Fprintln(os.Stderr, "usage: reversi-train gen|fit [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = gen(os.Args[2:])
	case "fit":
		err = fit(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q: want gen or fit", os.Args[1])
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
	w := bufio.NewWriter(os.Stdout)
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = bufio.NewWriter(f)
	}
	defer w.Flush()
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
	fs.Parse(args)
	var samples []pattern.Sample
	for _, name := range fs.Args() {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(f)
		line := 0
		for sc.Scan() {
			line++
			smp, err := parseSample(sc.Text())
			if err != nil {
				f.Close()
				return fmt.Errorf("%s:%d: %v", name, line, err)
			}
			samples = append(samples, smp)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return err
		}
	}
	if len(samples) == 0 {
		return fmt.Errorf("no samples")
	}
	w, report := pattern.Fit(samples, *epochs, *l2)
	fmt.Fprint(os.Stderr, report)
	return os.WriteFile(*out, w.Marshal(), 0o644)
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
