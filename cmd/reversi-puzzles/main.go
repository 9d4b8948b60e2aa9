// Command reversi-puzzles makes qipan's Reversi puzzles ("find the best move"): self-play games
// of engine/reversi/search at varied levels and seeds give positions of -min to -max empties;
// each is solved exactly by the engine's endgame solver, every legal move scored, and kept when
// one best move beats the next by at least -gap discs. The collection is written as a TSV
// (web/puzzles/reversi.tsv) that app/play.ParsePuzzles reads:
//
//	position	number	best	score	moves	empties
//
// position is the board text (engine/reversi's, the side to move last), best the best move,
// score its exact final disc difference for the side to move, moves every legal move with its
// exact score ("d3:+6 c4:-4 …", best first). Game g's randomness comes from -seed and g only, so
// a run's games are the same whatever -n stops it at.
//
//	nice -n 19 go run ./cmd/reversi-puzzles -n 500 -o web/puzzles/reversi.tsv
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"qipan/engine/reversi"
	"qipan/engine/reversi/search"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "reversi-puzzles:", err)
		os.Exit(1)
	}
}

// config is a run's recipe.
type config struct {
	n, min, max, gap, nodes, workers int
	seed                             int64
	skew                             float64
	limit                            time.Duration
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("reversi-puzzles", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	fs.IntVar(&c.n, "n", 500, "puzzles to keep")
	fs.IntVar(&c.min, "min", 14, "fewest empties of a puzzle")
	fs.IntVar(&c.max, "max", 24, "most empties of a puzzle")
	fs.IntVar(&c.gap, "gap", 2, "discs by which the best move must beat the next")
	fs.IntVar(&c.nodes, "nodes", 20000, "nodes of each self-play move's search")
	fs.Int64Var(&c.seed, "seed", 1, "random seed of the run")
	fs.Float64Var(&c.skew, "skew", 3, "a game's target empties are min + (max-min+1)·u^skew, u uniform in [0,1): above 1, fewer of the slow large ones")
	fs.IntVar(&c.workers, "workers", 2, "games played and solved at once")
	fs.DurationVar(&c.limit, "for", 0, "stop starting games after this long and write what is kept (0: no limit)")
	out := fs.String("o", "", "output file (default stdout)")
	verbose := fs.Bool("v", false, "report each game on stderr")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if c.min < 2 || c.max > 30 || c.min > c.max || c.gap < 1 || c.n < 1 {
		return fmt.Errorf("want 2 ≤ -min ≤ -max ≤ 30, -gap ≥ 1, -n ≥ 1")
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	start := time.Now()
	kept, games, counts, err := generate(c, func(i int, p puzzle) {
		if *verbose {
			fmt.Fprintf(stderr, "game %d: %d empties, %s %+d, next %+d, %v\n", i, p.pos.Empties(), p.moves[0].move, p.moves[0].score, p.moves[1].score, time.Since(start).Round(time.Second))
		}
	})
	if err != nil {
		return err
	}
	sort.SliceStable(kept, func(i, j int) bool { return kept[i].pos.Empties() < kept[j].pos.Empties() })
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# Reversi puzzles, find the best move, solved exactly by qipan's endgame solver: go run ./cmd/reversi-puzzles %s\n", strings.Join(args, " "))
	fmt.Fprintf(bw, "# from %d self-play games (seed %d, levels 1-10, %d nodes a move, target empties skewed by %g): %d kept, %d positions solved, %d without a single best move by %d discs, %d no candidate or a repeat\n",
		games, c.seed, c.nodes, c.skew, len(kept), counts.solved, counts.close, c.gap, games-len(kept)-counts.close)
	fmt.Fprintln(bw, "position\tnumber\tbest\tscore\tmoves\tempties")
	for i, p := range kept {
		ms := make([]string, len(p.moves))
		for k, m := range p.moves {
			ms[k] = fmt.Sprintf("%s:%+d", m.move, m.score)
		}
		fmt.Fprintf(bw, "%s\t%d\t%s\t%+d\t%s\t%d\n", p.pos, i+1, p.moves[0].move, p.moves[0].score, strings.Join(ms, " "), p.pos.Empties())
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%d puzzles from %d games, %d positions solved, %v\n", len(kept), games, counts.solved, time.Since(start).Round(time.Second))
	return nil
}

// puzzle is a position kept, its moves scored exactly, best first.
type puzzle struct {
	pos   reversi.Position
	moves []scored
}

type scored struct {
	move  reversi.Move
	score int // the exact final disc difference for the side to move
}

type gen struct {
	c      config
	e      *search.Searcher
	s      *search.Solver
	counts counts
	err    error // the solver disagreed with itself
}

// counts are what became of the games.
type counts struct{ solved, close int }

// generate plays games 0, 1, … on c.workers workers until c.n puzzles are kept from the first
// games (or c.limit passes), and returns them in game order, a position met again dropped,
// with the number of games that count (every game before the last kept one) and their counts.
// The result depends on c only, not on the workers or the machine, unless c.limit cuts it.
func generate(c config, each func(int, puzzle)) ([]puzzle, int, counts, error) {
	type result struct {
		i  int
		p  puzzle
		ok  bool
		c   counts
		err error
	}
	start := time.Now()
	next := make(chan int)
	results := make(chan result)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < max(1, c.workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := newGen(c)
			for i := range next {
				g.counts = counts{}
				p, ok := g.game(i)
				results <- result{i, p, ok, g.counts, g.err}
			}
		}()
	}
	go func() {
		defer close(next)
		for i := 0; ; i++ {
			if c.limit > 0 && time.Since(start) > c.limit {
				return
			}
			select {
			case next <- i:
			case <-stop:
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	done := map[int]result{}
	var kept []puzzle
	var total counts
	seen := map[string]bool{}
	games := 0
	stopped := false
	var err error
	for r := range results {
		if r.err != nil && err == nil {
			err = r.err
			if !stopped {
				stopped = true
				close(stop)
			}
		}
		done[r.i] = r
		for ; !stopped; games++ { // take the games in order
			d, ok := done[games]
			if !ok {
				break
			}
			delete(done, games)
			total.solved += d.c.solved
			total.close += d.c.close
			if d.ok && !seen[d.p.pos.String()] {
				seen[d.p.pos.String()] = true
				kept = append(kept, d.p)
				each(d.i, d.p)
				if len(kept) == c.n {
					stopped = true
					close(stop)
				}
			}
		}
	}
	return kept, games, total, err
}

func newGen(c config) *gen {
	e := search.NewSized(16)
	return &gen{c: c, e: e, s: search.NewSolver(20)}
}

// game plays self-play game i from the start to a random number of empties between c.min and
// c.max (the level of each side, the target and the engine's noise come from the seed and i),
// and scores the position reached there; ok is false when it has no single best move by c.gap
// discs, or no position with two moves or more came within the range.
func (g *gen) game(i int) (puzzle, bool) {
	seed := g.c.seed*1_000_003 + int64(i)
	r := rand.New(rand.NewSource(seed))
	levels := [2]int{1 + r.Intn(10), 1 + r.Intn(10)}
	target := g.c.min + int(float64(g.c.max-g.c.min+1)*math.Pow(r.Float64(), g.c.skew))
	p := reversi.Start()
	g.e.NewGame()
	for p.Status() != reversi.Over {
		if p.Status() == reversi.MustPass {
			p.Make(reversi.Pass)
			continue
		}
		n := p.Empties()
		if n < g.c.min {
			return puzzle{}, false
		}
		if n <= target && reversi.Count(p.Moves()) >= 2 {
			return g.score(p)
		}
		g.e.SetBoard(p)
		res := g.e.Search(context.Background(), search.Limits{Level: levels[p.Turn], Nodes: uint64(g.c.nodes), Seed: seed + int64(n)}, nil)
		if res.Move == reversi.NoMove || !p.IsLegal(res.Move) {
			return puzzle{}, false
		}
		p.Make(res.Move)
	}
	return puzzle{}, false
}

// score solves every legal move of p exactly and keeps p if the best beats the next by c.gap.
// The position's own solve comes first: a second move reaching within c.gap of it (a null-window
// test) drops p before the slower exact scores.
func (g *gen) score(p reversi.Position) (puzzle, bool) {
	g.counts.solved++
	best, bm := g.s.Solve(&p, -64, 64, nil)
	for _, m := range p.LegalMoves() {
		if m == bm {
			continue
		}
		q := p
		q.Make(m)
		if q.Status() == reversi.Over {
			if -q.Score() > best-g.c.gap {
				g.counts.close++
				return puzzle{}, false
			}
			continue
		}
		// the child's score for its side to move is < gap-best ⇔ this move's is > best-gap
		if v, _ := g.s.Solve(&q, g.c.gap-best-1, g.c.gap-best, nil); v < g.c.gap-best {
			g.counts.close++
			return puzzle{}, false
		}
	}
	pz := puzzle{pos: p}
	for _, m := range p.LegalMoves() {
		pz.moves = append(pz.moves, scored{m, ExactScore(g.s, p, m)})
	}
	sort.SliceStable(pz.moves, func(i, j int) bool { return pz.moves[i].score > pz.moves[j].score })
	if pz.moves[0].score != best || pz.moves[0].score-pz.moves[1].score < g.c.gap {
		g.err = fmt.Errorf("%s: the exact scores %v disagree with the position's solve %+d", p, pz.moves, best)
		return puzzle{}, false
	}
	return pz, true
}

// ExactScore is the exact final disc difference, for p's side to move, after m and perfect
// play from there (the empties to the winner).
func ExactScore(s *search.Solver, p reversi.Position, m reversi.Move) int {
	p.Make(m)
	if p.Status() == reversi.Over {
		return -p.Score()
	}
	v, _ := s.Solve(&p, -64, 64, nil)
	return -v
}
