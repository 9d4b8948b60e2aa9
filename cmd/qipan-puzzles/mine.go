package main

// qipan-puzzles mine: puzzles mined from qipan's own games, the way lichess mines its. The
// engine plays itself at varied levels (the weaker levels make the mistakes that leave
// tactics), and every position of a game is asked, for its side to move (the solver):
//   - a quick search of its two best moves: is there a mate, or a gain of half a chariot or
//     more, with the second move clearly worse? Most positions stop here;
//   - a deep search of the two best moves, the table cleared: a mate the prover (proof.go)
//     confirms on the board, or a decisive gain (≥ decisiveCP); the second move at least
//     uniqueGap of win chance worse and not already winning (below wonCP): the start is not
//     won by any move, and one move stands out;
//   - for a mate, no other first move mates within the mate's length + 2 (by checks, or the
//     mate solver's);
//   - the line: the defence's best reply (the longest resistance), and at each of
//     the solver's moves the same test of the two best moves, the mate proven again for the
//     moves left; a last move that mates in one is any mate. A gain's line goes on while the
//     solver's move stays the only good one (at most maxGainMoves), and must win material
//     (minGain, counted after the defence's reply to the last move).
//
// Everything is limited by nodes and seeded: a game is its seed's (the two levels, the book's
// random openings and the levels' noise), and the searches of its positions start from a
// cleared table, so a game's puzzles do not depend on the machine, its load or the games
// before it (except that a position kept already is not kept again). The file is written again
// after every game, with the seeds played so far; a run started on an existing file goes on
// from the next seed, with the flags it was mined with.
//
// A mate is the search's, proven by the prover (proof.go: the search's moves, every reply on
// the board); engine/xiangqi/mate's solver (checks first, with up to mateQuiet quiet moves)
// then shortens it to its shortest length when it can, looks for another first move that
// mates within the length + 2 (which leaves the position out), and gives the defence's reply
// that resists longest at each step of the line.

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"qipan/app/play"
	"qipan/engine/protocol"
	"qipan/engine/protocol/xqengine"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/mate"
	"qipan/engine/xiangqi/search"
)

const (
	decisiveCP   = 300  // a gain this large (half a chariot) is decisive
	wonCP        = 150  // a second move scoring this much would leave the start already won
	uniqueGap    = 0.42 // the win chance by which the second move must be worse (lichess's)
	maxMate      = 12   // the longest mate mined, in the solver's moves
	maxGainMoves = 4    // the longest gain's line, in the solver's moves
	minGain      = 250  // material a gain's line must win (search.PieceValue: a horse is 270)
	firstPly     = 8    // positions before this ply are the book's
	maxGamePlies = 300
	winK         = 0.0034 // the project's curve of win chance (app/play/report.go)
	mateQuiet    = 2      // quiet moves per line the mate solver may try
)

// mineOptions are the miner's flags.
type mineOptions struct {
	out        string
	from       uint64 // the first game's seed (0: the file's next)
	games      int    // games to play (0: until -for runs out)
	runFor     time.Duration
	quick      uint64 // nodes of the quick search of every position
	deep       uint64 // nodes of each deep search
	proofNodes uint64
	checks     uint64
	levels     []int
	hashMB     int
	verbose    bool
	workers    int // games mined at once (the file is the same as with one)
}

// mineDefaults are the recipe's values; the file's comment names those that differ.
var mineDefaults = mineOptions{quick: 30_000, deep: 600_000, proofNodes: 4_000_000, checks: 50_000, hashMB: 16}

func mine(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("qipan-puzzles mine", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := mineDefaults
	levels := "1,2,3"
	fs.StringVar(&o.out, "out", "web/puzzles/xiangqi-mined.tsv", "the collection written (read first: its puzzles are kept and its next seed played)")
	fs.Uint64Var(&o.from, "seed", 0, "the first game's seed (default: the file's next, or 1)")
	fs.IntVar(&o.games, "games", 0, "games to play (0: until -for runs out)")
	fs.DurationVar(&o.runFor, "for", 0, "no game starts after this long (0 with -games 0: one game)")
	fs.Uint64Var(&o.quick, "quick", o.quick, "nodes of the quick search of every position")
	fs.Uint64Var(&o.deep, "nodes", o.deep, "nodes of each deep search")
	fs.Uint64Var(&o.proofNodes, "check-nodes", o.proofNodes, "nodes allowed to a mate's proof")
	fs.Uint64Var(&o.checks, "checks", o.checks, "positions the search by checks may expand per candidate")
	fs.StringVar(&levels, "levels", levels, "the levels the games are played at, each side's drawn from them")
	fs.IntVar(&o.hashMB, "hash", o.hashMB, "the search's hash table, in MB")
	fs.BoolVar(&o.verbose, "v", false, "print each puzzle as it is found")
	fs.IntVar(&o.workers, "workers", 1, "games mined at once, each on a core (the file is the same as with one)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "qipan-puzzles mine:", err)
		return 2
	}
	for _, f := range strings.Split(levels, ",") {
		lv, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || lv < 1 || lv > xqengine.MaxLevel {
			return fail(fmt.Errorf("-levels: %q is not a level 1..%d", f, xqengine.MaxLevel))
		}
		o.levels = append(o.levels, lv)
	}
	if fs.NArg() > 0 || o.quick == 0 || o.deep == 0 || o.hashMB < 1 || o.workers < 1 {
		return fail(errors.New("usage: qipan-puzzles mine [-out FILE] [-seed N] [-games N] [-for D] [-nodes N] [-quick N] [-levels 2,3,...] [-workers N]"))
	}
	col, err := readMined(o.out)
	if err != nil {
		return fail(err)
	}
	if o.from == 0 {
		o.from = max(col.next, 1)
	}
	if col.next != 0 && o.from != col.next {
		return fail(fmt.Errorf("%s was mined up to seed %d: -seed %d would leave a gap or play games again", o.out, col.next-1, o.from))
	}
	if col.first == 0 {
		col.first = o.from
	}
	recipe := "go run ./cmd/qipan-puzzles mine " + recipeFlags(o)
	if col.recipe != "" && col.recipe != recipe {
		return fail(fmt.Errorf("%s was mined with other flags: %s", o.out, col.recipe))
	}
	col.recipe = recipe
	start, kept := time.Now(), 0
	more := func(g int) bool {
		return o.games > 0 && g < o.games || o.games == 0 && (o.runFor == 0 && g < 1 || o.runFor > 0 && time.Since(start) < o.runFor)
	}
	err = mineGames(o, col, more, func(r minedGame) error {
		kept += len(r.found)
		if err := col.write(o.out); err != nil {
			return err
		}
		st := r.st
		fmt.Fprintf(stderr, "seed %d: levels %d/%d, %d plies, %d positions, %d candidates, %d puzzles (%d in all) in %.0fs\n",
			r.seed, st.levels[0], st.levels[1], st.plies, st.positions, st.candidates, len(r.found), len(col.puzzles), r.took.Seconds())
		if o.verbose {
			for _, p := range r.found {
				fmt.Fprintf(stderr, "\t%s\t%s\t%s\n", p.fen, lineText(p.line), p.describe())
			}
		}
		return nil
	})
	if err != nil {
		return fail(err)
	}
	fmt.Fprintln(stdout, col.summary())
	fmt.Fprintf(stdout, "%.0f games and %.1f puzzles per hour\n", float64(col.next-o.from)/time.Since(start).Hours(),
		float64(kept)/time.Since(start).Hours())
	return 0
}

// minedGame is one game's puzzles, as a worker mined them.
type minedGame struct {
	seed   uint64
	found  []minedPuzzle
	st     gameStats
	looked []uint64 // the keys of the positions the game asked seen about
	known  int      // the collection's puzzles when it started: seen held theirs
	took   time.Duration
}

// mineGames mines games from o.from on while more(games started) says so, o.workers at once,
// and adds each to col in the order of the seeds, then calls done. A game skips the positions
// the collection holds already (seen); one that met a position found by a game that ended
// after it started is mined again against the collection as it is, so the file is the one
// mining the games one by one would write.
func mineGames(o mineOptions, col *minedFile, more func(started int) bool, done func(minedGame) error) error {
	type job struct {
		seed  uint64
		known int // len(col.puzzles) when seen was taken
		seen  map[uint64]bool
	}
	// now is the job of mining seed against the collection as it is.
	now := func(seed uint64) job { return job{seed: seed, known: len(col.puzzles), seen: col.seen()} }
	mineOne := func(mn *miner, j job) minedGame {
		t := time.Now()
		found, st := mn.game(context.Background(), j.seed, j.seen)
		return minedGame{seed: j.seed, found: found, st: st, looked: slices.Clone(mn.looked), known: j.known, took: time.Since(t)}
	}
	jobs, results := make(chan job), make(chan minedGame)
	var wg sync.WaitGroup
	for range o.workers {
		wg.Add(1)
		go func(mn *miner) {
			defer wg.Done()
			for j := range jobs {
				results <- mineOne(mn, j)
			}
		}(newMiner(o))
	}
	defer func() {
		close(jobs)
		for range results { // let the workers end
		}
	}()
	go func() { wg.Wait(); close(results) }()
	started, inFlight := 0, 0
	pending := map[uint64]minedGame{}
	var again *miner // for a game mined again, beside the workers
	next := o.from
	for {
		for inFlight < o.workers && more(started) {
			jobs <- now(o.from + uint64(started))
			started++
			inFlight++
		}
		if inFlight == 0 {
			return nil
		}
		r := <-results
		inFlight--
		pending[r.seed] = r
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			if metLater(col, r) {
				if again == nil {
					again = newMiner(o)
				}
				r = mineOne(again, now(r.seed))
			}
			col.add(r.found, r.st, r.seed)
			if err := done(r); err != nil {
				return err
			}
			next++
		}
	}
}

// metLater reports whether game r met a position of a puzzle the collection took after r
// started: r's seen lacked it.
func metLater(col *minedFile, r minedGame) bool {
	if r.known >= len(col.puzzles) {
		return false
	}
	later := (&minedFile{puzzles: col.puzzles[r.known:]}).seen()
	return slices.ContainsFunc(r.looked, func(k uint64) bool { return later[k] })
}

// recipeFlags are the flags that make the games and their puzzles (not where they go, nor
// how many games).
func recipeFlags(o mineOptions) string {
	var lv []string
	for _, l := range o.levels {
		lv = append(lv, strconv.Itoa(l))
	}
	return fmt.Sprintf("-levels %s -quick %d -nodes %d -check-nodes %d -checks %d -hash %d",
		strings.Join(lv, ","), o.quick, o.deep, o.proofNodes, o.checks, o.hashMB)
}

// minedPuzzle is one puzzle found: the position, its solution line (the solver's moves and
// the defence's replies, ending with the solver's), what it wins, and where it came from.
type minedPuzzle struct {
	fen    string
	line   []xiangqi.Move
	mate   int // the solver's moves to mate; 0 for a gain
	score  int // a gain's: the first move's score, in centipawns for the solver
	gain   int // a gain's: the material won over the line (search.PieceValue)
	levels [2]int
	seed   uint64
	ply    int // the game's ply the position came after
}

func (p minedPuzzle) describe() string {
	if p.mate > 0 {
		return fmt.Sprintf("mate in %d", p.mate)
	}
	return fmt.Sprintf("gain %d (score %d)", p.gain, p.score)
}

func lineText(l []xiangqi.Move) string {
	s := make([]string, len(l))
	for i, m := range l {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

// gameStats counts a run's work.
type gameStats struct {
	levels                       [2]int
	plies, positions, candidates int
	kept                         int
	mates, gains                 int
	rejected                     map[string]int
}

// miner holds the searches; one game at a time.
type miner struct {
	o      mineOptions
	c      *checker
	ms     *mate.Solver
	looked []uint64 // the last game's positions whose seen was asked
}

func newMiner(o mineOptions) *miner {
	c := newChecker(o.hashMB, limits{nodes: o.deep})
	c.proofLimit, c.checkLimit = o.proofNodes, o.checks
	return &miner{o: o, c: c, ms: mate.New(o.hashMB)}
}

// keys are the positions' keys, for the mate solver's repetitions.
func keys(hist []search.Past) []uint64 {
	out := make([]uint64, len(hist))
	for i, h := range hist {
		out[i] = h.Key
	}
	return out
}

// solveMate asks the mate solver for the side to move's shortest mate within maxMoves,
// the moves banned left out, from a cleared table.
func (mn *miner) solveMate(ctx context.Context, pos *xiangqi.Position, hist []search.Past, maxMoves int, ban []xiangqi.Move) mate.Result {
	mn.ms.Clear()
	return mn.ms.Solve(ctx, pos, keys(hist), mate.Limits{MaxMoves: maxMoves, Quiet: mateQuiet, Nodes: mn.o.proofNodes, Ban: ban})
}

// gameLevels draws the two sides' levels from seed.
func gameLevels(seed uint64, levels []int) [2]int {
	rng := rand.New(rand.NewPCG(seed, seed^0x5bd1e995))
	return [2]int{levels[rng.IntN(len(levels))], levels[rng.IntN(len(levels))]}
}

// selfPlay plays seed's game: each side at its level, the book's openings at random by
// weight. It returns the moves.
func selfPlay(ctx context.Context, seed uint64, levels [2]int) []xiangqi.Move {
	eng := [2]*xqengine.Adapter{xqengine.New(protocol.WithSeed(2 * seed)), xqengine.New(protocol.WithSeed(2*seed + 1))}
	for i, e := range eng {
		e.SetOption("level", strconv.Itoa(levels[i]))
	}
	game := xiangqi.NewGame(xiangqi.NewPosition())
	var moves []string
	var out []xiangqi.Move
	for ply := 0; ply < maxGamePlies && !game.Result().Over(); ply++ {
		e := eng[ply%2]
		if err := e.SetPosition(xiangqi.StartFEN, moves); err != nil {
			panic(err) // the moves are the game's own, legal
		}
		res := e.Search(ctx, protocol.Limits{}, nil)
		m, err := xiangqi.ParseMove(res.Best)
		if err != nil || game.Play(m) != nil {
			break
		}
		moves = append(moves, res.Best)
		out = append(out, m)
	}
	return out
}

// game plays seed's game and mines its positions; seen are the positions already kept
// (by key), which are not kept again.
func (mn *miner) game(ctx context.Context, seed uint64, seen map[uint64]bool) ([]minedPuzzle, gameStats) {
	st := gameStats{levels: gameLevels(seed, mn.o.levels), rejected: map[string]int{}}
	moves := selfPlay(ctx, seed, st.levels)
	st.plies = len(moves)
	mn.c.s.Clear()
	game := xiangqi.NewGame(xiangqi.NewPosition())
	var hist []search.Past
	var found []minedPuzzle
	skip := [2]int{} // a side's positions before this ply belong to a puzzle found
	mn.looked = mn.looked[:0]
	for ply, m := range moves {
		pos := game.Position()
		hist = append(hist, search.Past{Key: pos.Key(), Check: pos.InCheck()})
		if game.Play(m) != nil {
			break
		}
		pos = game.Position()
		side := int(pos.Turn())
		if ply+1 < firstPly || ply+1 < skip[side] || game.Result().Over() {
			continue
		}
		if mn.looked = append(mn.looked, pos.Key()); seen[pos.Key()] {
			continue
		}
		st.positions++
		if !mn.candidate(ctx, pos, hist) {
			continue
		}
		st.candidates++
		p, why := mn.examine(ctx, pos, hist)
		if why != "" {
			st.rejected[why]++
			continue
		}
		p.levels, p.seed, p.ply = st.levels, seed, ply+1
		seen[pos.Key()] = true
		skip[side] = ply + 1 + len(p.line) + 1
		found = append(found, p)
		st.kept++
		if p.mate > 0 {
			st.mates++
		} else {
			st.gains++
		}
	}
	return found, st
}

// twoBest searches pos for its two best moves within nodes.
func (mn *miner) twoBest(ctx context.Context, pos *xiangqi.Position, hist []search.Past, nodes uint64) (best, second search.Line, two bool) {
	res := mn.c.s.Search(ctx, pos, hist, search.Limits{Nodes: nodes, MultiPV: 2}, nil)
	switch len(res.Lines) {
	case 0:
		return search.Line{Move: res.Best, Score: res.Score}, search.Line{}, false
	case 1:
		return res.Lines[0], search.Line{}, false
	}
	return res.Lines[0], res.Lines[1], true
}

// winChance is the solver's win chance for a score in (-1, 1); a mate is ±1.
func winChance(score int) float64 {
	if _, ok := mateMoves(score); ok {
		if score > 0 {
			return 1
		}
		return -1
	}
	return 2/(1+math.Exp(-winK*float64(score))) - 1
}

// standsOut says whether best stands out from second at a solver's move: second at least
// uniqueGap of win chance worse (a position with one legal move: best is forced).
func standsOut(best, second search.Line, two bool) bool {
	return !two || winChance(best.Score)-winChance(second.Score) >= uniqueGap
}

// candidate is the quick look at a position: a mate or a decisive gain, the second move
// worse and not winning.
func (mn *miner) candidate(ctx context.Context, pos *xiangqi.Position, hist []search.Past) bool {
	best, second, two := mn.twoBest(ctx, pos, hist, mn.o.quick)
	if !two {
		return false
	}
	n, mate := mateMoves(best.Score)
	if mate && (n < 1 || n > maxMate) || !mate && best.Score < decisiveCP-50 {
		return false
	}
	return second.Score < wonCP+100 && winChance(best.Score)-winChance(second.Score) >= uniqueGap-0.15
}

// Why a candidate is not kept.
const (
	rejWon       = "another move wins too"
	rejNotBetter = "the best move does not stand out"
	rejSmall     = "no decisive gain"
	rejProof     = "mate not proven"
	rejOtherMate = "another first move mates"
	rejLine      = "a solver move of the line does not stand out"
	rejMaterial  = "the line wins too little material"
)

// rejections order the reasons as examine checks them.
var rejections = []string{rejNotBetter, rejWon, rejSmall, rejOtherMate, rejProof, rejLine, rejMaterial}

// examine searches a candidate deeply and builds its line: the puzzle, or why not.
func (mn *miner) examine(ctx context.Context, pos *xiangqi.Position, hist []search.Past) (minedPuzzle, string) {
	c := mn.c
	c.s.Clear()
	c.proof.reset(ctx, c.proofLimit)
	c.checks.reset(c.checkLimit)
	best, second, two := mn.twoBest(ctx, pos, hist, mn.o.deep)
	p := minedPuzzle{fen: pos.FEN()}
	switch {
	case !two:
		return p, rejNotBetter
	case second.Score >= wonCP:
		return p, rejWon
	case !standsOut(best, second, two):
		return p, rejNotBetter
	}
	n, mate := mateMoves(best.Score)
	if mate && n > 0 && n <= maxMate {
		return mn.mateLine(ctx, pos, hist, best.Move, n)
	}
	if mate || best.Score < decisiveCP {
		return p, rejSmall
	}
	return mn.gainLine(ctx, pos, hist, best)
}

// proveMate says whether m mates from pos within n of the solver's moves, on the board.
func (mn *miner) proveMate(pos *xiangqi.Position, m xiangqi.Move, n int) bool {
	return mn.c.proof.first(pos, m, n) == proofDone
}

// mateLine proves the mate in n starting with first and builds its line.
func (mn *miner) mateLine(ctx context.Context, pos *xiangqi.Position, hist []search.Past, first xiangqi.Move, n int) (minedPuzzle, string) {
	c := mn.c
	p := minedPuzzle{fen: pos.FEN()}
	if k, m, ok := c.checks.solve(pos, n); ok {
		if m != first {
			return p, rejOtherMate
		}
		n = k
	}
	if !mn.proveMate(pos, first, n) {
		return p, rejProof
	}
	if r := mn.solveMate(ctx, pos, hist, n, nil); r.Status == mate.Proven {
		if r.Best != first {
			return p, rejOtherMate
		}
		n = r.Moves
	}
	for _, m := range pos.LegalMoves() {
		if m == first {
			continue
		}
		if _, ok := c.checks.solveWith(pos, m, n+2); ok {
			return p, rejOtherMate
		}
	}
	if r := mn.solveMate(ctx, pos, hist, n+2, []xiangqi.Move{first}); r.Status == mate.Proven {
		return p, rejOtherMate
	}
	q, h := *pos, slices.Clone(hist)
	move := first
	for k := n; ; {
		p.line = append(p.line, move)
		h = append(h, search.Past{Key: q.Key(), Check: q.InCheck()})
		q.Make(move)
		var ml xiangqi.MoveList
		q.GenerateLegal(&ml)
		if ml.N == 0 {
			break // mated
		}
		if k <= 1 {
			return p, rejProof // the proof said mate: not expected
		}
		mn.ms.Clear()
		reply := mn.ms.Defend(ctx, &q, keys(h), mate.Limits{MaxMoves: k - 1, Quiet: mateQuiet, Nodes: mn.o.proofNodes}).Best
		if reply == xiangqi.NoMove { // the solver did not prove it: the search's reply
			reply = c.s.Search(ctx, &q, h, search.Limits{Nodes: mn.o.deep / 2}, nil).Best
		}
		p.line = append(p.line, reply)
		h = append(h, search.Past{Key: q.Key(), Check: q.InCheck()})
		q.Make(reply)
		best, second, two := mn.twoBest(ctx, &q, h, mn.o.deep)
		j, ok := mateMoves(best.Score)
		if !ok || j < 1 || j > k-1 {
			j = k - 1 // the search missed the proven mate: look for it by the proof
		}
		if j > 1 && !standsOut(best, second, two) {
			return p, rejLine
		}
		if !mn.proveMate(&q, best.Move, j) {
			return p, rejProof
		}
		move, k = best.Move, j
	}
	p.mate = (len(p.line) + 1) / 2
	return p, ""
}

// gainLine builds a decisive gain's line: the solver's moves while each stands out, the
// defence's best replies between them.
func (mn *miner) gainLine(ctx context.Context, pos *xiangqi.Position, hist []search.Past, first search.Line) (minedPuzzle, string) {
	c := mn.c
	p := minedPuzzle{fen: pos.FEN(), score: first.Score}
	solver := pos.Turn()
	q, h := *pos, slices.Clone(hist)
	move := first.Move
	var settled xiangqi.Position // after the defence's reply to the line's last move
	for {
		p.line = append(p.line, move)
		h = append(h, search.Past{Key: q.Key(), Check: q.InCheck()})
		q.Make(move)
		settled = q
		if len(q.LegalMoves()) == 0 {
			break
		}
		reply := c.s.Search(ctx, &q, h, search.Limits{Nodes: mn.o.deep / 2}, nil).Best
		h = append(h, search.Past{Key: q.Key(), Check: q.InCheck()})
		q.Make(reply)
		settled = q
		if (len(p.line)+1)/2 >= maxGainMoves || len(q.LegalMoves()) == 0 {
			break
		}
		best, second, two := mn.twoBest(ctx, &q, h, mn.o.deep)
		if _, mate := mateMoves(best.Score); mate || best.Score < decisiveCP || !standsOut(best, second, two) {
			break
		}
		p.line = append(p.line, reply)
		move = best.Move
	}
	p.gain = material(&settled, solver) - material(pos, solver)
	if p.gain < minGain {
		return p, rejMaterial
	}
	return p, ""
}

// material is side's material less the other side's (search.PieceValue).
func material(pos *xiangqi.Position, side xiangqi.Color) int {
	v := 0
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		pc := pos.At(s)
		if pc == xiangqi.NoPiece {
			continue
		}
		if pc.Color() == side {
			v += int(search.PieceValue(pc.Kind()))
		} else {
			v -= int(search.PieceValue(pc.Kind()))
		}
	}
	return v
}

// minedFile is the collection as written: its puzzles, the seeds played, the counts.
type minedFile struct {
	recipe      string
	first, next uint64 // the seeds played: first .. next-1 (next 0: none)
	puzzles     []minedPuzzle
	gameStats   // summed over the games
}

func (f *minedFile) seen() map[uint64]bool {
	out := make(map[uint64]bool, len(f.puzzles))
	for _, p := range f.puzzles {
		if pos, err := xiangqi.ParseFEN(p.fen); err == nil {
			out[pos.Key()] = true
		}
	}
	return out
}

func (f *minedFile) add(found []minedPuzzle, st gameStats, seed uint64) {
	f.puzzles = append(f.puzzles, found...)
	f.next = seed + 1
	f.plies += st.plies
	f.positions += st.positions
	f.candidates += st.candidates
	f.kept += st.kept
	f.mates += st.mates
	f.gains += st.gains
	if f.rejected == nil {
		f.rejected = map[string]int{}
	}
	for k, v := range st.rejected {
		f.rejected[k] += v
	}
}

// minedHeader is the collection's column line.
const minedHeader = "fen\tsource\tnumber\tgoal\tmate\tfirst\tscore\tline\tgain\ttheme\trating\tlevels\tseed\tply"

var seedsLine = regexp.MustCompile(`^# games: seeds (\d+)-(\d+); (\d+) plies, (\d+) positions looked at, (\d+) candidates, (\d+) kept`)

// summary is the counts in a line, as the file's comment says them.
func (f *minedFile) summary() string {
	if f.next == 0 {
		return "# games: none"
	}
	s := fmt.Sprintf("# games: seeds %d-%d; %d plies, %d positions looked at, %d candidates, %d kept (%d mates, %d gains); next seed %d",
		f.first, f.next-1, f.plies, f.positions, f.candidates, len(f.puzzles), f.count(true), f.count(false), f.next)
	return s
}

// rejections are the candidates left out, by why, as the file's comment says them.
func (f *minedFile) rejections() string {
	var parts []string
	for _, r := range rejections {
		parts = append(parts, fmt.Sprintf("%s %d", r, f.rejected[r]))
	}
	return "# candidates left out: " + strings.Join(parts, "; ")
}

var rejectionsLine = regexp.MustCompile(`^# candidates left out: (.*)$`)

func (f *minedFile) count(mates bool) int {
	n := 0
	for _, p := range f.puzzles {
		if (p.mate > 0) == mates {
			n++
		}
	}
	return n
}

// write writes the collection (to a temporary file renamed over the old, so that a run
// stopped while writing loses nothing).
func (f *minedFile) write(path string) error {
	var b strings.Builder
	b.WriteString("# Xiangqi puzzles mined from qipan's self-play games: a forced mate proven on the board, or a decisive gain a deep search confirms; one good move at every solver move, the start not won by any other move\n")
	fmt.Fprintf(&b, "# %s\n", f.recipe)
	b.WriteString(f.summary() + "\n")
	b.WriteString(f.rejections() + "\n")
	b.WriteString(minedHeader + "\n")
	for i, p := range f.puzzles {
		goal, first, score := "", "", ""
		if len(p.line) > 0 {
			first = p.line[0].String()
		}
		mate, gain := "", ""
		if p.mate > 0 {
			mate = strconv.Itoa(p.mate)
		} else {
			goal, score, gain = "better", strconv.Itoa(p.score), strconv.Itoa(p.gain)
		}
		fmt.Fprintf(&b, "%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%d/%d\t%d\t%d\n", p.fen, play.MinedSource, i+1, goal, mate, first,
			score, lineText(p.line), gain, strings.Join(themesOf(p), " "), ratingOf(p), p.levels[0], p.levels[1], p.seed, p.ply)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(b.String()), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// readMined reads a collection the miner wrote; a missing file is an empty one.
func readMined(path string) (*minedFile, error) {
	data, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return &minedFile{gameStats: gameStats{rejected: map[string]int{}}}, nil
	}
	if err != nil {
		return nil, err
	}
	defer data.Close()
	return parseMined(path, data)
}

// parseMined reads a collection the miner wrote from r (named name in errors).
func parseMined(path string, r io.Reader) (*minedFile, error) {
	f := &minedFile{gameStats: gameStats{rejected: map[string]int{}}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	header := false
	for n := 1; sc.Scan(); n++ {
		s := sc.Text()
		if m := seedsLine.FindStringSubmatch(s); m != nil {
			v := make([]uint64, len(m)-1)
			for i := range v {
				v[i], _ = strconv.ParseUint(m[i+1], 10, 64)
			}
			f.first, f.next = v[0], v[1]+1
			f.plies, f.positions, f.candidates, f.kept = int(v[2]), int(v[3]), int(v[4]), int(v[5])
			continue
		}
		if m := rejectionsLine.FindStringSubmatch(s); m != nil {
			for _, part := range strings.Split(m[1], "; ") {
				i := strings.LastIndexByte(part, ' ')
				if i > 0 {
					f.rejected[part[:i]], _ = strconv.Atoi(part[i+1:])
				}
			}
			continue
		}
		if r, ok := strings.CutPrefix(s, "# go run ./cmd/qipan-puzzles mine "); ok {
			f.recipe = "go run ./cmd/qipan-puzzles mine " + r
			continue
		}
		if strings.HasPrefix(s, "#") || strings.TrimSpace(s) == "" {
			continue
		}
		if !header {
			if s != minedHeader {
				return nil, fmt.Errorf("%s:%d: the header is not the miner's (%s)", path, n, minedHeader)
			}
			header = true
			continue
		}
		p, err := parseMinedLine(s)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		f.puzzles = append(f.puzzles, p)
	}
	f.mates, f.gains = f.count(true), f.count(false)
	return f, sc.Err()
}

// parseMinedLine reads a line of the collection back (the columns that are not derived).
func parseMinedLine(s string) (minedPuzzle, error) {
	c := strings.Split(s, "\t")
	if len(c) != strings.Count(minedHeader, "\t")+1 {
		return minedPuzzle{}, fmt.Errorf("%d columns, want %d", len(c), strings.Count(minedHeader, "\t")+1)
	}
	p := minedPuzzle{fen: c[0]}
	pos, err := xiangqi.ParseFEN(p.fen)
	if err != nil {
		return p, err
	}
	for _, t := range strings.Fields(c[7]) {
		m, err := xiangqi.ParseMove(t)
		if err != nil || !pos.IsLegal(m) {
			return p, fmt.Errorf("line: %q is not a legal move", t)
		}
		pos.Make(m)
		p.line = append(p.line, m)
	}
	if len(p.line) == 0 || len(p.line)%2 == 0 {
		return p, fmt.Errorf("a line of %d moves: the solver's last", len(p.line))
	}
	num := func(t string) int { v, _ := strconv.Atoi(t); return v }
	p.mate, p.score, p.gain = num(c[4]), num(c[6]), num(c[8])
	fmt.Sscanf(c[11], "%d/%d", &p.levels[0], &p.levels[1])
	p.seed, _ = strconv.ParseUint(c[12], 10, 64)
	p.ply = num(c[13])
	return p, nil
}
