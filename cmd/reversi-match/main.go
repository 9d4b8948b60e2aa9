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
// move time plus 10 s (a minute with -nodes), loses the game; the final score counts empties
// to the winner. The engines run as engine/match/player's processes (the command split as a
// shell would, quotes included); one that hung or exited is started again for the next game.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

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
	per := movetime.String()
	if *nodes > 0 {
		per = fmt.Sprintf("%d nodes", *nodes)
	}
	fmt.Fprintf(stdout, "%s vs %s, %d openings × 2 colours, %s per move\n", *aName, *bName, len(ops), per)
	var tri stats.Trinomial
	var penta stats.Pentanomial
	for i, op := range ops {
		pair := 0
		for swap := 0; swap < 2; swap++ {
			black := engs[swap] // A is Black (X, moves first) in the first game of a pair
			white := engs[1-swap]
			g, err := play(black, white, op)
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
			fmt.Fprintf(stdout, "game %d: %s (X) - %s (O) %+d%s  opening %s  %s   A: +%d =%d -%d\n",
				2*i+swap+1, black.name(), white.name(), g.blackScore, g.note, reversi.Transcript(op),
				reversi.Transcript(g.moves[len(op):]), tri.Wins, tri.Draws, tri.Losses)
		}
		penta.Add(pair)
	}
	fmt.Fprintf(stdout, "%s vs %s: +%d =%d -%d (%d games)\n", *aName, *bName, tri.Wins, tri.Draws, tri.Losses, tri.Games())
	fmt.Fprintf(stdout, "Elo (games): %v\n", stats.TrinomialElo(tri))
	fmt.Fprintf(stdout, "Elo (pairs): %v  pentanomial %v\n", stats.PentanomialElo(penta), penta)
	return 0
}

// game is a finished game.
type game struct {
	moves      []reversi.Move
	blackScore int    // Black's final score (empties to the winner); ±64 for a forfeit
	note       string // why it ended early, if it did
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

// play plays one game from the opening. An engine error other than a bad move is returned.
func play(black, white *engine, opening []reversi.Move) (game, error) {
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
	for p.Status() != reversi.Over {
		side := black
		if p.Turn == reversi.White {
			side = white
		}
		m, err := side.move(p, moves)
		if err != nil || !p.IsLegal(m) {
			why := fmt.Sprintf(" (%s forfeits: %v)", side.name(), err)
			if err == nil {
				why = fmt.Sprintf(" (%s forfeits: illegal move %v in %v)", side.name(), m, p)
			}
			score := 64
			if p.Turn == reversi.Black {
				score = -64
			}
			g.moves, g.blackScore, g.note = moves, score, why
			return g, nil
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

// engine is one side of the match: a UCI engine process playing Reversi, the notation of its
// moves and the limits of each move.
type engine struct {
	cfg  player.Config
	not  notation
	p    *player.Player
	lim  player.Limits // go movetime or go nodes
	wait time.Duration // the longest wait for a bestmove
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
// e.wait). A qipan engine gets `position startpos moves …`; Fairy-Stockfish gets p as a FEN:
// its pass is written with a square that depends on the position, so a move list with passes
// cannot be written reliably.
func (e *engine) move(p reversi.Position, moves []reversi.Move) (reversi.Move, error) {
	fen, ms := "startpos", make([]string, len(moves))
	for i, m := range moves {
		ms[i] = m.String()
	}
	if e.not == fsNotation {
		fen, ms = fsFEN(p, moves), nil
	}
	r, err := e.p.Go(fen, ms, e.lim, e.wait)
	if err != nil {
		return reversi.NoMove, err
	}
	if r.Move == "" {
		return reversi.NoMove, fmt.Errorf("%q: no move", r.Line)
	}
	return reversi.ParseMove(r.Move)
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
