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
	"strconv"
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
	solveNodes                       uint64
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
	fs.IntVar(&c.nodes, "nodes", 5000, "nodes of each self-play move's search")
	fs.Int64Var(&c.seed, "seed", 1, "random seed of the run")
	fs.Float64Var(&c.skew, "skew", 3, "a game's target empties are min + (max-min+1)·u^skew, u uniform in [0,1): above 1, fewer of the slow large ones")
	fs.IntVar(&c.workers, "workers", 2, "games played and solved at once")
	fs.Uint64Var(&c.solveNodes, "solve-nodes", 30_000_000, "solver nodes for a position's scores past which it is dropped, checked between its solves (0: no limit)")
	fs.DurationVar(&c.limit, "for", 0, "stop starting games after this long and write what is kept (0: no limit)")
	out := fs.String("o", "", "output file (default stdout)")
	verbose := fs.Bool("v", false, "report each game on stderr")
	merge := fs.Bool("merge", false, "merge the collections named as arguments (runs of other seeds) into one: a position met again dropped, sorted by empties, numbered again")
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
	if *merge {
		return mergeFiles(w, args, fs.Args())
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
	fmt.Fprintf(bw, "# from %d self-play games (seed %d, levels 1-10, %d nodes a move, target empties skewed by %g): %d kept, %d positions solved, %d without a single best move by %d discs, %d over %d solver nodes, %d no candidate or a repeat\n",
		games, c.seed, c.nodes, c.skew, len(kept), counts.solved, counts.close, c.gap, counts.hard, c.solveNodes, games-len(kept)-counts.close-counts.hard)
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
type counts struct{ solved, close, hard int }

// generate plays games 0, 1, … on c.workers workers until c.n puzzles are kept from the first
// games (or c.limit passes), and returns them in game order, a position met again dropped,
// with the number of games that count (every game before the last kept one) and their counts.
// The result depends on c only, not on the workers or the machine, unless c.limit cuts it.
func generate(c config, each func(int, puzzle)) ([]puzzle, int, counts, error) {
	type result struct {
		i   int
		p   puzzle
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
			total.hard += d.c.hard
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
	if p.Empties() <= exactLevel10 {
		return g.hints(p)
	}
	g.s.Clear() // the nodes a position takes depend on it alone, not on the games before
	start := g.s.Nodes
	// The budget is checked between solves: the solver's hook would stop one, but a stopped
	// root solve then looks for its move by a search of every line.
	over := func() bool { return g.c.solveNodes > 0 && g.s.Nodes-start > g.c.solveNodes }
	hard := func() (puzzle, bool) {
		g.counts.hard++
		return puzzle{}, false
	}
	best, bm := g.s.Solve(&p, -64, 64, nil)
	if over() {
		return hard()
	}
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
		v, _ := g.s.Solve(&q, g.c.gap-best-1, g.c.gap-best, nil)
		if over() {
			return hard()
		}
		if v < g.c.gap-best {
			g.counts.close++
			return puzzle{}, false
		}
	}
	pz := puzzle{pos: p}
	for _, m := range p.LegalMoves() {
		v := ExactScore(g.s, p, m)
		if over() {
			return hard()
		}
		pz.moves = append(pz.moves, scored{m, v})
	}
	sort.SliceStable(pz.moves, func(i, j int) bool { return pz.moves[i].score > pz.moves[j].score })
	if pz.moves[0].score != best || pz.moves[0].score-pz.moves[1].score < g.c.gap {
		g.err = fmt.Errorf("%s: the exact scores %v disagree with the position's solve %+d", p, pz.moves, best)
		return puzzle{}, false
	}
	return pz, true
}

// exactLevel10 is the empties from which level 10's hints are exact (engine/reversi/search).
const exactLevel10 = 20

// hints scores every move of p exactly by the engine's hints, which a node budget stops
// cleanly (the solver's Solve, stopped, would look for its move by a search of every line).
func (g *gen) hints(p reversi.Position) (puzzle, bool) {
	g.e.SetBoard(p)
	hs := g.e.Hints(context.Background(), search.Limits{Level: 10, Nodes: g.c.solveNodes}, nil)
	if len(hs) < 2 || hs[0].Kind != search.Exact {
		g.counts.hard++
		return puzzle{}, false
	}
	pz := puzzle{pos: p}
	for _, h := range hs {
		pz.moves = append(pz.moves, scored{h.Move, h.Score / 100})
	}
	sort.SliceStable(pz.moves, func(i, j int) bool { return pz.moves[i].score > pz.moves[j].score })
	if pz.moves[0].score-pz.moves[1].score < g.c.gap {
		g.counts.close++
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

// mergeFiles writes the collections named by files as one: their comments, a line saying the
// merge, the header, then every position once (the first file's first), sorted by empties
// (stably) and numbered again.
func mergeFiles(w io.Writer, args, files []string) error {
	var comments, lines [][]string
	seen := map[string]bool{}
	header := ""
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		head := ""
		for _, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
			switch f := strings.Split(l, "\t"); {
			case strings.HasPrefix(l, "#"):
				comments = append(comments, []string{l})
			case head == "":
				head = l
				if header != "" && head != header {
					return fmt.Errorf("%s: columns %q, the first file's %q", name, head, header)
				}
				header = head
			case len(f) != 6:
				return fmt.Errorf("%s: %d columns in %q, want 6", name, len(f), l)
			case !seen[f[0]]:
				seen[f[0]] = true
				lines = append(lines, f)
			}
		}
	}
	empties := func(f []string) int { n, _ := strconv.Atoi(f[5]); return n }
	sort.SliceStable(lines, func(i, j int) bool { return empties(lines[i]) < empties(lines[j]) })
	bw := bufio.NewWriter(w)
	for _, c := range comments {
		fmt.Fprintln(bw, c[0])
	}
	fmt.Fprintf(bw, "# merged: go run ./cmd/reversi-puzzles %s: %d puzzles\n", strings.Join(args, " "), len(lines))
	fmt.Fprintln(bw, header)
	for i, f := range lines {
		f[1] = strconv.Itoa(i + 1)
		fmt.Fprintln(bw, strings.Join(f, "\t"))
	}
	return bw.Flush()
}
