package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"time"

	"qipan/engine/reversi"
	"qipan/engine/reversi/search"
)

// games writes positions of every stage from self-play, labelled the way Logistello's were:
// each game starts with a random number of random moves (0 to -random), then both sides play
// a noisy depth -depth search; at -solve empties the position is solved exactly and every
// position since the random moves gets that score (for its side to move: the game's exact
// result from there, if both sides had played on perfectly). From -solve empties down to 4,
// every position is solved exactly and labelled by its own score. Game g's randomness comes
// from seed and g only, so a run cut by -for writes a prefix of the same run uncut.
func games(args []string) error {
	fs := flag.NewFlagSet("games", flag.ExitOnError)
	n := fs.Int("games", 1000, "games to play")
	seed := fs.Int64("seed", 1, "random seed")
	random := fs.Int("random", 24, "most random moves at the start of a game")
	depth := fs.Int("depth", 6, "search depth of the moves after the random ones")
	noise := fs.Int("noise", 100, "random centi-discs added to each move's score")
	solve := fs.Int("solve", 20, "empties from which positions are solved exactly")
	limit := fs.Duration("for", 0, "stop starting games after this long (0: no limit)")
	out := fs.String("o", "", "output file (default stdout)")
	fs.Parse(args)
	if *solve > 24 || *solve < 4 || *depth < 1 || *random < 0 || *random > 40 {
		return fmt.Errorf("games: want 4 ≤ -solve ≤ 24, -depth ≥ 1, 0 ≤ -random ≤ 40")
	}
	w, done, err := output(*out)
	if err != nil {
		return err
	}
	defer done()
	g := &gameGen{e: search.NewSized(16), random: *random, depth: *depth, noise: *noise, solve: *solve}
	start := time.Now()
	for i := 0; i < *n; i++ {
		if *limit > 0 && time.Since(start) > *limit {
			fmt.Fprintf(os.Stderr, "games: stopped after %d games (%v)\n", i, time.Since(start).Round(time.Second))
			break
		}
		if err := g.play(w, *seed*1_000_003+int64(i)); err != nil {
			return err
		}
		w.Flush()
	}
	return nil
}

type gameGen struct {
	e                           *search.Searcher
	random, depth, noise, solve int
}

// play plays one game from seed and writes its labelled positions to w.
func (g *gameGen) play(w io.Writer, seed int64) error {
	r := rand.New(rand.NewSource(seed))
	p := g.opening(r)
	g.e.NewGame()
	s := g.e.Solver()
	var early []reversi.Position // positions before the solve, waiting for its score
	for p.Status() != reversi.Over {
		if p.Status() == reversi.MustPass {
			p.Make(reversi.Pass)
			continue
		}
		if n := p.Empties(); n > g.solve {
			early = append(early, p)
		} else if n >= 4 {
			v, _ := s.Solve(&p, -64, 64, nil)
			for _, q := range early {
				if err := writeSample(w, q, v, q.Turn == p.Turn); err != nil {
					return err
				}
			}
			early = early[:0]
			if err := writeSample(w, p, v, true); err != nil {
				return err
			}
		}
		p.Make(g.move(p, r))
	}
	// a game over before the solve: its final score labels the positions
	for _, q := range early {
		v := p.Score()
		if err := writeSample(w, q, v, q.Turn == p.Turn); err != nil {
			return err
		}
	}
	return nil
}

// opening plays 0 to g.random random moves from the start.
func (g *gameGen) opening(r *rand.Rand) reversi.Position {
	p := reversi.Start()
	for k := r.Intn(g.random + 1); k > 0 && p.Status() != reversi.Over; k-- {
		if p.Status() == reversi.MustPass {
			p.Make(reversi.Pass)
			continue
		}
		ms := p.LegalMoves()
		p.Make(ms[r.Intn(len(ms))])
	}
	return p
}

// move scores every move by a depth-g.depth search (level 4: solved only from 8 empties) and
// returns the best after adding each score noise of up to ±g.noise.
func (g *gameGen) move(p reversi.Position, r *rand.Rand) reversi.Move {
	g.e.SetBoard(p)
	best, bestV := reversi.NoMove, 0
	for _, h := range g.e.Hints(context.Background(), search.Limits{Level: 4, Depth: g.depth}, nil) {
		v := h.Score
		if g.noise > 0 {
			v += r.Intn(2*g.noise+1) - g.noise
		}
		if best == reversi.NoMove || v > bestV {
			best, bestV = h.Move, v
		}
	}
	return best
}

// writeSample writes q with score v (for the side to move of the solved position; same says
// whether q has that side to move).
func writeSample(w io.Writer, q reversi.Position, v int, same bool) error {
	if !same {
		v = -v
	}
	_, err := fmt.Fprintf(w, "%v %d\n", q, v)
	return err
}
