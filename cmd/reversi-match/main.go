// Command reversi-match plays two UCI Reversi engines against each other, one game at a time,
// and reports A's wins, draws and losses, its score and the Elo difference with its 95% margin
// (engine/match/stats, single games and opening pairs).
//
//	go build -o /tmp/qe ./cmd/qipan-engine
//	reversi-match -a "/tmp/qe" -a-opt UCI_Variant=reversi \
//	    -b "node ../shared/oracles/fsuci.js" -b-notation fs -b-opt UCI_Variant=flipello \
//	    -movetime 200ms -openings 20
//
// -nodes N gives each move N nodes (`go nodes N`) instead of -movetime: games that do not
// depend on the machine's load.
//
// -tc BASE+INC plays on a game clock instead (neither -movetime nor -nodes goes with it), with
// the syntax and meaning of qipan-match's -tc (engine/match.ParseTimeControl): seconds as in
// PGN's TimeControl, -tc 60+0 a minute a side, -tc 3+0.1 three seconds plus 0.1 s a move (also
// 1m+0, 3:00+2). Each side starts with BASE; the wall time from sending go to reading bestmove
// (a forced `bestmove pass` included) is taken off the mover's clock, then INC is added. The
// engines get `go wtime … btime … winc … binc …` in ms, Black (X, the first player) as "white".
// A side whose clock reaches 0 before its bestmove, or that stays silent for its time left plus
// 3 s (it is then killed), loses the game on time (scored as a forfeit, ±64: "(A loses on
// time: …)" in the game line). Each game line ends with the least time each engine had left at
// a bestmove (before the increment; negative for a fallen flag), and the summary adds
// "losses on time: A n, B m; least time left at a bestmove: …" over the match:
//
//	reversi-match -a "node wasm/run-node.js $(go env GOROOT)/lib/wasm/wasm_exec.js new.wasm" -a-opt UCI_Variant=reversi \
//	    -b "node wasm/run-node.js $(go env GOROOT)/lib/wasm/wasm_exec.js old.wasm" -b-opt UCI_Variant=reversi \
//	    -tc 60+0 -openings 20
//
// Openings: -openings N random openings of 4–8 plies (-plies: another range, such as 2-4 for
// openings an opening book knows; -in-book: only those whose position is in the opening book
// of engine/reversi/book this command is built with, so that an A/B of the book tests it)
// (seeded by -seed) whose score after a
// short search of the position (qipan's engine/reversi/search, depth 6) is within -balance
// discs, so neither side starts lost; each is played twice with colours swapped. A qipan
// engine gets `position startpos moves …` ("f5", "pass"); Fairy-Stockfish (-b-notation fs)
// gets `position fen …` of the current position, because its pass is written as a null move
// on a square that depends on the position (it answers drops "P@f4", rank = 9 − row, and
// passes such as "a1a1" or "d1d1"). The running engine is the same wasm as the site's when
// -a is "node wasm/run-node.js $(go env GOROOT)/lib/wasm/wasm_exec.js engine.wasm".
// The rules are engine/reversi's: an illegal or unreadable move, or no answer within the
// move time plus 10 s (a minute with -nodes; on a clock see above), loses the game; the final score counts empties
// to the winner. The engines run as engine/match/player's processes (the command split as a
// shell would, quotes included); one that hung or exited is started again for the next game.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"qipan/engine/match"
	"qipan/engine/match/player"
	"qipan/engine/match/stats"
	"qipan/engine/reversi"
	"qipan/engine/reversi/book"
	"qipan/engine/reversi/search"
)

type multi []string

func (m *multi) String() string     { return strings.Join(*m, ", ") }
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("reversi-match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	aCmd := fs.String("a", "", "engine A's command line (its score is reported)")
	bCmd := fs.String("b", "", "engine B's command line")
	aName := fs.String("a-name", "A", "engine A's name")
	bName := fs.String("b-name", "B", "engine B's name")
	aNot := fs.String("a-notation", "qipan", "engine A's moves: qipan (f5, pass) or fs (P@f4, a1a1)")
	bNot := fs.String("b-notation", "qipan", "engine B's moves: qipan or fs")
	var aOpts, bOpts multi
	fs.Var(&aOpts, "a-opt", "engine A option Name=Value (repeatable)")
	fs.Var(&bOpts, "b-opt", "engine B option Name=Value (repeatable)")
	movetime := fs.Duration("movetime", 200*time.Millisecond, "time per move, the same for both")
	nodes := fs.Uint64("nodes", 0, "nodes per move instead of -movetime (go nodes N; qipan engines only)")
	tcSpec := fs.String("tc", "", "game clock BASE+INC in seconds (60+0, 180+2; also 1m+0, 3:00+2) instead of -movetime: see the doc")
	nOpen := fs.Int("openings", 20, "number of openings (each played twice, colours swapped)")
	seed := fs.Int64("seed", 1, "seed of the openings")
	balance := fs.Int("balance", 4, "openings are kept if a depth-6 search scores them within this many discs")
	plies := fs.String("plies", "4-8", "the openings' random plies, a range lo-hi (or one number)")
	inBook := fs.Bool("in-book", false, "only openings whose position is in the opening book built in (engine/reversi/book)")
	verbose := fs.Bool("v", false, "print every line sent and received on stderr")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *aCmd == "" || *bCmd == "" || *nOpen < 1 || *movetime <= 0 {
		fmt.Fprintln(stderr, "reversi-match: need -a, -b, -openings ≥ 1 and -movetime > 0")
		return 2
	}
	lo, hi, err := parsePlies(*plies)
	if err != nil {
		fmt.Fprintln(stderr, "reversi-match:", err)
		return 2
	}
	nots := [2]notation{}
	for i, s := range []string{*aNot, *bNot} {
		n, err := parseNotation(s)
		if err != nil {
			fmt.Fprintln(stderr, "reversi-match:", err)
			return 2
		}
		nots[i] = n
	}
	var trace func(name, dir, line string)
	if *verbose {
		var mu sync.Mutex // the players trace from their reading goroutines too
		trace = func(name, dir, line string) {
			arrow := ">" // what the engine wrote
			if dir == ">" {
				arrow = "<" // what it was sent
			}
			mu.Lock()
			fmt.Fprintln(stderr, name, arrow, line)
			mu.Unlock()
		}
	}
	lim, wait := player.Limits{MoveTime: *movetime}, *movetime+10*time.Second
	if *nodes > 0 {
		lim, wait = player.Limits{Nodes: *nodes}, time.Minute
	}
	var tc match.TimeControl
	if *tcSpec != "" {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if set["movetime"] || set["nodes"] {
			fmt.Fprintln(stderr, "reversi-match: -tc goes with neither -movetime nor -nodes: give one of them")
			return 2
		}
		if tc, err = match.ParseTimeControl(*tcSpec); err != nil {
			fmt.Fprintln(stderr, "reversi-match:", err)
			return 2
		}
		lim, wait = player.Limits{}, 0 // set at each move from the clock
	}
	var keep func(*reversi.Position) bool
	if *inBook {
		bk, err := book.Default()
		if err != nil {
			fmt.Fprintln(stderr, "reversi-match:", err)
			return 1
		}
		keep = func(p *reversi.Position) bool { _, ok := bk.Lookup(p); return ok }
	}
	ops := openings(*nOpen, *seed, *balance, lo, hi, keep)
	var engs [2]*engine
	for i, c := range []struct {
		name, cmd string
		opts      []string
	}{{*aName, *aCmd, aOpts}, {*bName, *bCmd, bOpts}} {
		e, err := start(c.name, c.cmd, nots[i], c.opts, trace)
		if err != nil {
			fmt.Fprintln(stderr, "reversi-match:", err)
			return 1
		}
		defer e.close()
		e.lim, e.wait = lim, wait
		e.log = func(s string) { fmt.Fprintln(stderr, "reversi-match:", s) }
		engs[i] = e
	}
	per := movetime.String() + " per move"
	if *nodes > 0 {
		per = fmt.Sprintf("%d nodes per move", *nodes)
	}
	if tc.On() {
		per = "clock " + tc.String()
	}
	fmt.Fprintf(stdout, "%s vs %s, %d openings × 2 colours, %s\n", *aName, *bName, len(ops), per)
	var clocks [2]clockStats // A's and B's
	var tri stats.Trinomial
	var penta stats.Pentanomial
	for i, op := range ops {
		pair := 0
		for swap := 0; swap < 2; swap++ {
			black := engs[swap] // A is Black (X, moves first) in the first game of a pair
			white := engs[1-swap]
			g, err := play(black, white, op, tc)
			if err != nil {
				fmt.Fprintln(stderr, "reversi-match:", err)
				return 1
			}
			half := g.halfPoints(swap == 0) // A's half points
			pair += half
			switch half {
			case 2:
				tri.Wins++
			case 1:
				tri.Draws++
			default:
				tri.Losses++
			}
			clockNote := ""
			if tc.On() {
				ab := [2]reversi.Color{reversi.Black, reversi.White} // A's and B's colours
				if swap == 1 {
					ab = [2]reversi.Color{reversi.White, reversi.Black}
				}
				for k, c := range ab {
					clocks[k].add(g.clock[c], g.timeLoss && g.loser == c)
				}
				clockNote = fmt.Sprintf("   least left: %s %s, %s %s", *aName, g.clock[ab[0]].least(), *bName, g.clock[ab[1]].least())
			}
			fmt.Fprintf(stdout, "game %d: %s (X) - %s (O) %+d%s  opening %s  %s   A: +%d =%d -%d%s\n",
				2*i+swap+1, black.name(), white.name(), g.blackScore, g.note, reversi.Transcript(op),
				reversi.Transcript(g.moves[len(op):]), tri.Wins, tri.Draws, tri.Losses, clockNote)
		}
		penta.Add(pair)
	}
	fmt.Fprintf(stdout, "%s vs %s: +%d =%d -%d (%d games)\n", *aName, *bName, tri.Wins, tri.Draws, tri.Losses, tri.Games())
	fmt.Fprintf(stdout, "Elo (games): %v\n", stats.TrinomialElo(tri))
	fmt.Fprintf(stdout, "Elo (pairs): %v  pentanomial %v\n", stats.PentanomialElo(penta), penta)
	if tc.On() {
		fmt.Fprintf(stdout, "losses on time: %s %d, %s %d; least time left at a bestmove: %s %s, %s %s (%d and %d moves on the clock)\n",
			*aName, clocks[0].losses, *bName, clocks[1].losses, *aName, clocks[0].least(), *bName, clocks[1].least(),
			clocks[0].moves, clocks[1].moves)
	}
	return 0
}

// clockStats are one side's (or engine's) figures on the clock: its least time left at a
// bestmove (before the increment; ≤ 0 when its flag fell), its moves on the clock and its
// losses on time.
type clockStats struct {
	minLeft       time.Duration
	moves, losses int
}

// charge counts a bestmove that came with left on the clock.
func (c *clockStats) charge(left time.Duration) {
	if c.moves == 0 || left < c.minLeft {
		c.minLeft = left
	}
	c.moves++
}

// add counts a game's figures, lost on time or not.
func (c *clockStats) add(g clockStats, lostOnTime bool) {
	if g.moves > 0 && (c.moves == 0 || g.minLeft < c.minLeft) {
		c.minLeft = g.minLeft
	}
	c.moves += g.moves
	if lostOnTime {
		c.losses++
	}
}

// least is the least time left, to the millisecond ("-" without a move on the clock).
func (c clockStats) least() string {
	if c.moves == 0 {
		return "-"
	}
	return c.minLeft.Round(time.Millisecond).String()
}

// game is a finished game.
type game struct {
	moves      []reversi.Move
	blackScore int    // Black's final score (empties to the winner); ±64 for a forfeit or a loss on time
	note       string // why it ended early, if it did
	// On a clock:
	clock    [2]clockStats // Black's and White's (indexed by reversi.Color)
	timeLoss bool          // loser lost on time
	loser    reversi.Color
}

// halfPoints returns Black's (or White's) result in half points.
func (g game) halfPoints(black bool) int {
	s := g.blackScore
	if !black {
		s = -s
	}
	switch {
	case s > 0:
		return 2
	case s == 0:
		return 1
	}
	return 0
}

// play plays one game from the opening, on tc's clock if it is on: each side starts with
// tc.Base, a move's time (player.Reply.Took: from writing go to reading bestmove, a forced
// pass's included) is taken off the mover's clock, then tc.Inc is added; a side whose clock
// reaches 0 before its bestmove, or that stays silent for its time left plus clockMargin,
// loses on time. An engine error other than a bad move or a loss on time is returned.
func play(black, white *engine, opening []reversi.Move, tc match.TimeControl) (game, error) {
	for _, e := range []*engine{black, white} {
		if err := e.newGame(); err != nil {
			return game{}, err
		}
	}
	var g game
	p := reversi.Start()
	moves := append([]reversi.Move(nil), opening...)
	for _, m := range opening {
		p.Make(m)
	}
	clock := [2]time.Duration{tc.Base, tc.Base} // Black's, White's
	for p.Status() != reversi.Over {
		side := black
		if p.Turn == reversi.White {
			side = white
		}
		lose := func(why string) (game, error) {
			score := 64
			if p.Turn == reversi.Black {
				score = -64
			}
			g.moves, g.blackScore, g.note, g.loser = moves, score, why, p.Turn
			return g, nil
		}
		var clk *player.Clock
		if tc.On() {
			clk = &player.Clock{On: true, RedToMove: p.Turn == reversi.Black,
				Red: clock[reversi.Black], Black: clock[reversi.White], RedInc: tc.Inc, BlackInc: tc.Inc}
		}
		m, took, err := side.move(p, moves, clk)
		if tc.On() && (err == nil || errors.Is(err, player.ErrTimeout)) {
			had := clock[p.Turn]
			left, flagged := tc.Charge(&clock[p.Turn], took)
			g.clock[p.Turn].charge(left)
			if flagged {
				g.timeLoss = true
				if err != nil {
					return lose(fmt.Sprintf(" (%s loses on time: no bestmove within %v, with %v left; killed)",
						side.name(), took.Round(time.Millisecond), had.Round(time.Millisecond)))
				}
				return lose(fmt.Sprintf(" (%s loses on time: bestmove after %v with %v left)",
					side.name(), took.Round(time.Millisecond), had.Round(time.Millisecond)))
			}
		}
		if err != nil || !p.IsLegal(m) {
			why := fmt.Sprintf(" (%s forfeits: %v)", side.name(), err)
			if err == nil {
				why = fmt.Sprintf(" (%s forfeits: illegal move %v in %v)", side.name(), m, p)
			}
			return lose(why)
		}
		p.Make(m)
		moves = append(moves, m)
	}
	g.moves, g.blackScore = moves, p.BlackScore()
	return g, nil
}

// Timeouts of the conversation outside a move: starting (the handshake and the options), and
// readying for a new game.
const (
	startTimeout = time.Minute
	readyTimeout = 30 * time.Second
)

// clockMargin is how long past its time left an engine on a clock may stay silent before it is
// killed (it has lost on time by then); a variable for the tests.
var clockMargin = 3 * time.Second

// engine is one side of the match: a UCI engine process playing Reversi, the notation of its
// moves and the limits of each move.
type engine struct {
	cfg  player.Config
	not  notation
	p    *player.Player
	lim  player.Limits // go movetime or go nodes (none on a clock)
	wait time.Duration // the longest wait for a bestmove (on a clock: the time left + clockMargin)
	log  func(string)
}

// start runs command and completes the UCI handshake, setting options ("Name=Value").
func start(name, command string, not notation, options []string, trace func(name, dir, line string)) (*engine, error) {
	words, err := player.SplitCommand(command)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	cfg := player.Config{Name: name, Command: words, Protocol: player.UCI, Notation: not, Trace: trace}
	for _, o := range options {
		k, v, _ := strings.Cut(o, "=")
		cfg.Options = append(cfg.Options, player.Option{Name: k, Value: v})
	}
	p, err := player.Start(cfg, startTimeout)
	if err != nil {
		return nil, err
	}
	return &engine{cfg: cfg, not: not, p: p, log: func(string) {}}, nil
}

func (e *engine) name() string { return e.cfg.Name }

// newGame readies the engine for a new game, starting it again if it hung or exited.
func (e *engine) newGame() error {
	if e.p.Alive() {
		if err := e.p.NewGame(readyTimeout); err == nil {
			return nil
		}
	}
	e.log(e.name() + ": restarting")
	e.p.Kill()
	p, err := player.Start(e.cfg, startTimeout)
	if err != nil {
		return err
	}
	e.p = p
	return p.NewGame(readyTimeout)
}

// move asks for a move in p, reached by moves from the initial position, within e.lim (and
// e.wait), or on clk's clock if it is not nil (waiting the mover's time left + clockMargin).
// took is the time the answer took (the wait on ErrTimeout). A qipan engine gets `position
// startpos moves …`; Fairy-Stockfish gets p as a FEN: its pass is written with a square that
// depends on the position, so a move list with passes cannot be written reliably.
func (e *engine) move(p reversi.Position, moves []reversi.Move, clk *player.Clock) (m reversi.Move, took time.Duration, err error) {
	fen, ms := "startpos", make([]string, len(moves))
	for i, m := range moves {
		ms[i] = m.String()
	}
	if e.not == fsNotation {
		fen, ms = fsFEN(p, moves), nil
	}
	lim, wait := e.lim, e.wait
	if clk != nil {
		lim.Clock = *clk
		wait = clk.Black
		if clk.RedToMove {
			wait = clk.Red
		}
		wait = max(wait, 0) + clockMargin
	}
	r, err := e.p.Go(fen, ms, lim, wait)
	if errors.Is(err, player.ErrTimeout) {
		return reversi.NoMove, wait, err
	}
	if err != nil {
		return reversi.NoMove, r.Took, err
	}
	if r.Move == "" {
		return reversi.NoMove, r.Took, fmt.Errorf("%q: no move", r.Line)
	}
	m, err = reversi.ParseMove(r.Move)
	return m, r.Took, err
}

func (e *engine) close() { e.p.Close() }

// parsePlies reads -plies: "lo-hi" or "n", 1 ≤ lo ≤ hi ≤ 30.
func parsePlies(s string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || lo < 1 || lo > hi || hi > 30 {
		return 0, 0, fmt.Errorf("-plies %q: want lo-hi with 1 ≤ lo ≤ hi ≤ 30", s)
	}
	return lo, hi, nil
}

// openings returns n distinct random openings of lo–hi plies whose depth-6 score is within
// balance discs (and, if keep is not nil, whose position it keeps). Short ones may have fewer
// than n distinct positions: it returns those.
func openings(n int, seed int64, balance, lo, hi int, keep func(*reversi.Position) bool) [][]reversi.Move {
	r := rand.New(rand.NewSource(seed))
	e := search.New()
	seen := map[reversi.Position]bool{}
	var out [][]reversi.Move
	for tries := 0; len(out) < n && tries < 100*n; tries++ {
		p := reversi.Start()
		plies := lo + r.Intn(hi-lo+1)
		var ms []reversi.Move
		for len(ms) < plies && p.Status() == reversi.Ongoing {
			l := p.LegalMoves()
			m := l[r.Intn(len(l))]
			p.Make(m)
			ms = append(ms, m)
		}
		if len(ms) < plies || seen[p] || keep != nil && !keep(&p) {
			continue
		}
		e.NewGame()
		e.SetBoard(p)
		res := e.Search(context.Background(), search.Limits{Depth: 6}, nil)
		if abs(res.Score) > balance*100 {
			continue
		}
		seen[p] = true
		out = append(out, ms)
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
