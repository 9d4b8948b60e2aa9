// Command qipan-openings writes a larger set of match openings for A/B tests between two
// versions of the engine: each built-in opening (engine/match/openings) followed by a few
// random legal moves, kept only if a short search finds the position balanced. Engines
// searching to fixed nodes play the same game from the same opening, so a match of hundreds
// of games needs hundreds of openings. Deterministic for a seed; one opening a line, in the
// format qipan-match -openings reads.
//
//	qipan-openings -n 300 -plies 4 -seed 1 > ab-openings.txt
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"qipan/engine/match/openings"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/search"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "qipan-openings:", err)
		os.Exit(2)
	}
}

func run(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("qipan-openings", flag.ContinueOnError)
	n := fs.Int("n", 300, "openings to write")
	plies := fs.Int("plies", 4, "random moves added to each built-in opening")
	seed := fs.Uint64("seed", 1, "random seed")
	margin := fs.Int("margin", 80, "keep positions a depth-6 search scores within ±margin centipawns")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *n < 1 || *plies < 0 {
		return fmt.Errorf("need -n >= 1 and -plies >= 0")
	}
	rng := rand.New(rand.NewPCG(*seed, 0x9e3779b97f4a7c15))
	base := openings.Builtin()
	s := search.New(8)
	seen := map[uint64]bool{}
	for written, tries := 0, 0; written < *n; tries++ {
		if tries > 100**n {
			return fmt.Errorf("only %d balanced openings found in %d tries", written, tries)
		}
		o := base[tries%len(base)]
		g, err := o.Game()
		if err != nil {
			return err
		}
		moves := append([]string(nil), o.Moves...)
		p := *g.Position()
		ok := true
		for k := 0; k < *plies; k++ {
			var ml xiangqi.MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				ok = false
				break
			}
			m := ml.Moves[rng.IntN(ml.N)]
			p.Make(m)
			moves = append(moves, m.String())
		}
		if !ok || seen[p.Key()] {
			continue
		}
		r := s.Search(context.Background(), &p, nil, search.Limits{Depth: 6}, nil)
		if r.Score > *margin || r.Score < -*margin {
			continue
		}
		seen[p.Key()] = true
		fmt.Fprintln(w, strings.Join(moves, " "))
		written++
	}
	return nil
}
