// Command qipan-match plays two xiangqi engines against each other and reports the result:
// wins, draws and losses, score, Elo difference with its 95% margin, and optionally an SPRT
// verdict. Every game is written as PGN (ICCS moves).
//
//	qipan-match -a-cmd ./bin/qipan-engine \
//	    -b-preset fairy -b-cmd "node ../shared/oracles/fsuci.js" -b-opt "Skill Level=5" \
//	    -movetime 300 -games 20 -pgnout games.pgn
//
// Engines are A (-a-…, whose score is reported) and B (-b-…): a command line (split like a
// shell would, with quotes), a protocol (ucci or uci), the first rank number on the wire (0,
// or 1 for Fairy-Stockfish's h3e3), options ("Name=Value", repeatable) and a name. The
// preset "fairy" sets uci, ranks from 1, UCI_Variant=xiangqi and Threads=1.
//
// Each opening (the built-in set, or -openings FILE; see engine/match/openings) is played
// twice with colours swapped. Adjudication and losses are described in engine/match.
// -resign N,S (off by default) also ends a game once both engines agree on it, like
// cutechess-cli's -resign movecount=N score=S twosided=true: for N moves of each engine in a
// row, the winner's engine scored ≥ S and the loser's ≤ -S, each in its own units (a mate
// score counts as beyond any S). For example -resign 4,1000.
//
// -tc BASE+INC plays on a game clock instead of a fixed time per move (-depth and -nodes
// still apply if given; -movetime does not go with it): each side has BASE for the game and
// gains INC after each move. BASE and INC are seconds, as in PGN's TimeControl tag and
// cutechess-cli: -tc 60+0 is a 1-minute game, -tc 180+2 3 minutes plus 2 s a move, -tc 10+0.1
// a bullet test. Minutes read naturally too: 1m+0, 3m+2s, 1:00+0, 3:00+2 (Go durations such as
// 500ms or 1m30s, and M:SS, are accepted for either part); "+INC" may be left out for 0. The
// referee charges each move the wall time from sending go to reading bestmove, sends the
// clocks the way each protocol wants them (UCI "go wtime btime winc binc" in ms; UCCI "go
// time increment opptime oppincrement", in ms for an engine that announced usemillisec,
// which is then switched on, else in seconds), and a side whose clock reaches 0 before its
// bestmove loses on time. The PGN gets [TimeControl "60+0"], each move's clock as
// {[%clk 0:00:55]}, and [Termination "time forfeit"] on a time loss; the summary adds
// "losses on time: A n, B m" and the least time each engine had left at a bestmove.
//
//	qipan-match -a-cmd "node wasm/run-node.js $(go env GOROOT)/lib/wasm/wasm_exec.js bin/engine.wasm" \
//	    -b-cmd "node wasm/run-node.js $(go env GOROOT)/lib/wasm/wasm_exec.js bin/engine.wasm" \
//	    -tc 60+0 -games 50 -pgnout bin/tc60.pgn
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"qipan/engine/match"
	"qipan/engine/match/openings"
	"qipan/engine/match/player"
	"qipan/engine/match/stats"
	"qipan/engine/xiangqi/record"
)

func main() {
	// Interrupted or terminated (kill), the match still prints what it finished.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// engineFlags are one engine's flags.
type engineFlags struct {
	name, cmd, proto, preset, dir string
	ranks                         int
	nodes                         uint64
	opts                          multi
}

type multi []string

func (m *multi) String() string     { return strings.Join(*m, ", ") }
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }

func (e *engineFlags) register(fs *flag.FlagSet, p, defName string) {
	fs.StringVar(&e.name, p+"-name", defName, "engine "+p+": name in the PGN and reports")
	fs.StringVar(&e.cmd, p+"-cmd", "", "engine "+p+": command line (quotes group words)")
	fs.StringVar(&e.dir, p+"-dir", "", "engine "+p+": working directory")
	fs.StringVar(&e.proto, p+"-proto", "", "engine "+p+": protocol ucci or uci (default ucci, or the preset's)")
	fs.IntVar(&e.ranks, p+"-ranks", -1, "engine "+p+": first rank number on the wire, 0 (UCCI) or 1 (Fairy-Stockfish) (default 0, or the preset's)")
	fs.StringVar(&e.preset, p+"-preset", "", "engine "+p+": \"fairy\" = Fairy-Stockfish playing xiangqi (uci, ranks 1..10, UCI_Variant=xiangqi, Threads=1)")
	fs.Uint64Var(&e.nodes, p+"-nodes", 0, "engine "+p+": node limit per move, in place of -nodes (engines of different speeds at a fixed ratio)")
	fs.Var(&e.opts, p+"-opt", "engine "+p+": option Name=Value (repeatable; Name alone for a button)")
}

func (e *engineFlags) config(which string) (player.Config, error) {
	c := player.Config{Name: e.name, Dir: e.dir, Protocol: player.UCCI, Nodes: e.nodes}
	switch e.preset {
	case "":
	case "fairy":
		c = player.FairyXiangqi(c)
		if e.name == "" {
			c.Name = "fairy-stockfish"
		}
	default:
		return c, fmt.Errorf("-%s-preset %q: the only preset is fairy", which, e.preset)
	}
	if e.proto != "" {
		p, err := player.ParseProtocol(e.proto)
		if err != nil {
			return c, fmt.Errorf("-%s-proto: %v", which, err)
		}
		c.Protocol = p
	}
	switch e.ranks {
	case -1:
	case 0, 1:
		c.RankBase = e.ranks
	default:
		return c, fmt.Errorf("-%s-ranks %d: want 0 or 1", which, e.ranks)
	}
	var err error
	if c.Command, err = player.SplitCommand(e.cmd); err != nil {
		return c, fmt.Errorf("-%s-cmd: %v", which, err)
	}
	if len(c.Command) == 0 {
		return c, fmt.Errorf("-%s-cmd: missing (the engine's command line)", which)
	}
	for _, o := range e.opts {
		name, value, _ := strings.Cut(o, "=")
		if strings.TrimSpace(name) == "" {
			return c, fmt.Errorf("-%s-opt %q: want Name=Value", which, o)
		}
		c.Options = append(c.Options, player.Option{Name: strings.TrimSpace(name), Value: strings.TrimSpace(value)})
	}
	if c.Name == "" {
		c.Name = filepath.Base(c.Command[0])
	}
	return c, nil
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("qipan-match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var a, b engineFlags
	a.register(fs, "a", "")
	b.register(fs, "b", "")
	var (
		movetime    = fs.Int("movetime", 0, "milliseconds per move")
		tcSpec      = fs.String("tc", "", "game clock BASE+INC in seconds (60+0, 180+2; also 1m+0, 3:00+2): see the doc")
		depth       = fs.Int("depth", 0, "depth limit per move (with or without -movetime)")
		nodes       = fs.Uint64("nodes", 0, "node limit per move")
		games       = fs.Int("games", 0, "games to play, rounded up to pairs (default: two per opening)")
		skip        = fs.Int("skip", 0, "do not play the first N games of the schedule (rounded down to pairs): resume a stopped run, game numbers unchanged")
		resume      = fs.String("resume", "", "the stopped run's PGN: its games numbered up to -skip count in the score and the SPRT")
		openingFile = fs.String("openings", "", "file of openings (moves, FEN, or FEN moves …; one a line); default: the built-in set")
		concurrency = fs.Int("concurrency", 1, "games at once (each with its own two engine processes)")
		pgnOut      = fs.String("pgnout", "", "write every game to this PGN file (appended)")
		maxPlies    = fs.Int("maxplies", 300, "draw after this many plies")
		margin      = fs.Duration("timeout", 0, "how long past -movetime (or its clock's time left with -tc) an engine may stay silent before it is killed (default 3s with -movetime or -tc, else 60s)")
		resignSpec  = fs.String("resign", "", "N,S: adjudicate a win once, for N moves of each engine in a row, the winner's engine scored ≥ S and the loser's ≤ -S (e.g. 4,1000; default off)")
		sprtSpec    = fs.String("sprt", "", "elo0,elo1,alpha,beta: stop when the pentanomial GSPRT crosses a bound")
		event       = fs.String("event", "qipan-match", "PGN Event tag")
		site        = fs.String("site", "", "PGN Site tag (default: the host name)")
		debug       = fs.Bool("debug", false, "print every line to and from the engines on stderr")
	)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: qipan-match -a-cmd CMD -b-cmd CMD (-movetime MS | -depth N | -nodes N) [flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "qipan-match:", err)
		return 2
	}
	if fs.NArg() > 0 {
		return fail(fmt.Errorf("unexpected arguments %q", fs.Args()))
	}
	ca, err := a.config("a")
	if err != nil {
		return fail(err)
	}
	cb, err := b.config("b")
	if err != nil {
		return fail(err)
	}
	if ca.Name == cb.Name {
		ca.Name, cb.Name = ca.Name+" (A)", cb.Name+" (B)"
	}
	if *movetime < 0 || *depth < 0 {
		return fail(errors.New("-movetime and -depth must not be negative"))
	}
	lim := player.Limits{MoveTime: time.Duration(*movetime) * time.Millisecond, Depth: *depth, Nodes: *nodes}
	var tc match.TimeControl
	if *tcSpec != "" {
		if tc, err = match.ParseTimeControl(*tcSpec); err != nil {
			return fail(err)
		}
		if lim.MoveTime > 0 {
			return fail(errors.New("-tc and -movetime: give one of them"))
		}
	}
	if lim == (player.Limits{}) && !tc.On() {
		return fail(errors.New("no limit per move: give -tc, -movetime, -depth or -nodes"))
	}
	ops := openings.Builtin()
	if *openingFile != "" {
		f, err := os.Open(*openingFile)
		if err != nil {
			return fail(err)
		}
		ops, err = openings.Parse(f)
		f.Close()
		if err != nil {
			return fail(err)
		}
	}
	var resign match.Resign
	if *resignSpec != "" {
		if resign, err = parseResign(*resignSpec); err != nil {
			return fail(err)
		}
	}
	var sprt *stats.SPRT
	if *sprtSpec != "" {
		s, err := stats.ParseSPRT(*sprtSpec)
		if err != nil {
			return fail(err)
		}
		sprt = &s
	}
	timeout := *margin
	if timeout == 0 {
		timeout = 60 * time.Second
		if lim.MoveTime > 0 || tc.On() {
			timeout = 3 * time.Second
		}
	}
	if *site == "" {
		*site, _ = os.Hostname()
	}
	var outMu sync.Mutex
	printf := func(w io.Writer, format string, args ...any) {
		outMu.Lock()
		fmt.Fprintf(w, format, args...)
		outMu.Unlock()
	}
	if *debug {
		ca.Trace = func(name, dir, line string) { printf(stderr, "%s %s %s\n", name, dir, line) }
		cb.Trace = ca.Trace
	}
	cfg := match.Config{
		Engines: [2]player.Config{ca, cb}, Openings: ops, Games: *games, Skip: *skip, Limits: lim, Clock: tc,
		Timeout: timeout, Concurrency: *concurrency, Rules: match.Rules{MaxPlies: *maxPlies, Resign: resign},
		SPRT: sprt, Event: *event, Site: *site,
		Log: func(s string) { printf(stderr, "qipan-match: %s\n", s) },
	}
	if *resume != "" {
		if cfg.Prior, err = readPrior(*resume, ca.Name, *skip-*skip%2); err != nil {
			return fail(err)
		}
	}
	if *pgnOut != "" {
		f, err := os.OpenFile(*pgnOut, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return fail(err)
		}
		defer f.Close()
		cfg.PGN = f
	}
	total := cfg.Games
	if total <= 0 {
		total = 2 * len(ops)
	}
	total += total % 2
	adjudication := ""
	if resign.Moves > 0 {
		adjudication = fmt.Sprintf(", resign %d,%d", resign.Moves, resign.Score)
	}
	printf(stdout, "qipan-match: %s vs %s, %d games, %s, %d openings, concurrency %d%s\n",
		ca.Name, cb.Name, total, describeLimits(lim, tc), len(ops), max(1, *concurrency), adjudication)
	if n := cfg.Prior.Games.Games(); n > 0 {
		printf(stdout, "qipan-match: resuming: %d games of %s counted (%s %d-%d-%d)\n", n, *resume,
			ca.Name, cfg.Prior.Games.Wins, cfg.Prior.Games.Draws, cfg.Prior.Games.Losses)
	}
	start := time.Now()
	cfg.Progress = func(r match.Report) { printf(stdout, "%s%s\n", progressLine(r, sprt), when(time.Now())) }
	rep, err := match.Run(ctx, cfg)
	if err != nil {
		return fail(err)
	}
	printf(stdout, "%s", summary(rep, sprt, time.Since(start), ctx.Err() != nil))
	return 0
}

// readPrior tallies engine a's results in the games of a stopped run's PGN up to game upTo.
func readPrior(path, a string, upTo int) (match.Tally, error) {
	f, err := os.Open(path)
	if err != nil {
		return match.Tally{}, fmt.Errorf("-resume: %v", err)
	}
	defer f.Close()
	games, _, err := record.ReadPGN(f)
	if err != nil {
		return match.Tally{}, fmt.Errorf("-resume %s: %v", path, err)
	}
	t, err := match.TallyOf(games, a, upTo)
	if err != nil {
		return t, fmt.Errorf("-resume %s: %v", path, err)
	}
	return t, nil
}

// parseResign reads -resign N,S.
func parseResign(s string) (match.Resign, error) {
	ns, ss, ok := strings.Cut(s, ",")
	n, err1 := strconv.Atoi(strings.TrimSpace(ns))
	score, err2 := strconv.Atoi(strings.TrimSpace(ss))
	if !ok || err1 != nil || err2 != nil || n < 1 || score < 1 {
		return match.Resign{}, fmt.Errorf("-resign %q: want MOVES,SCORE, both positive (e.g. 4,1000)", s)
	}
	return match.Resign{Moves: n, Score: score}, nil
}

func describeLimits(l player.Limits, tc match.TimeControl) string {
	var parts []string
	if tc.On() {
		parts = append(parts, "clock "+tc.String())
	}
	if l.MoveTime > 0 {
		parts = append(parts, fmt.Sprintf("%d ms/move", l.MoveTime.Milliseconds()))
	}
	if l.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", l.Depth))
	}
	if l.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes", l.Nodes))
	}
	return strings.Join(parts, ", ")
}

// leastLeft is engine i's least time left at a bestmove, in ms ("-" without a timed move).
func leastLeft(r match.Report, i int) string {
	if r.Timed[i] == 0 {
		return "-"
	}
	return r.MinLeft[i].Round(time.Millisecond).String()
}

// progressLine is one line per finished game.
func progressLine(r match.Report, sprt *stats.SPRT) string {
	g := r.Last
	e := stats.TrinomialElo(r.Games)
	line := fmt.Sprintf("[%d/%d] game %d %s vs %s (%s): %s {%s} | %s %d-%d-%d %.1f%% Elo %s ± %s",
		r.Done, r.Total, g.Number, g.Red, g.Black, g.Opening.Name, g.Outcome.Result, g.Outcome.Reason,
		r.Names[0], r.Games.Wins, r.Games.Draws, r.Games.Losses, 100*e.Score, stats.FormatElo(e.Elo), stats.FormatElo(e.Margin))
	if g.Timed[0]+g.Timed[1] > 0 {
		line += fmt.Sprintf(" | least left: Red %s, Black %s", g.MinLeft[0].Round(time.Millisecond), g.MinLeft[1].Round(time.Millisecond))
	}
	if sprt != nil {
		lo, hi := sprt.Bounds()
		line += fmt.Sprintf(" | LLR %.2f (%.2f, %.2f)", r.LLR, lo, hi)
	}
	return line
}

// when is the time a game ended and the machine's load then (Linux's 1-minute load average),
// for a clock run: a loss on time under a load the engine does not choose is told apart.
func when(now time.Time) string {
	s := " | at " + now.Format("15:04:05")
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) > 0 {
			s += ", load " + f[0]
		}
	}
	return s
}

// summary is the final report.
func summary(r match.Report, sprt *stats.SPRT, took time.Duration, interrupted bool) string {
	var b strings.Builder
	if interrupted {
		fmt.Fprintf(&b, "interrupted: the games in progress are not counted\n")
	}
	tri := stats.TrinomialElo(r.Games)
	fmt.Fprintf(&b, "Result of %s vs %s: %d games in %s", r.Names[0], r.Names[1], r.Games.Games(), took.Round(time.Second))
	if prior := r.Games.Games() - r.Done; prior > 0 {
		fmt.Fprintf(&b, " (%d of them from the resumed run)", prior)
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "W-D-L %d-%d-%d (from %s's side), score %.1f%%\n", r.Games.Wins, r.Games.Draws, r.Games.Losses, r.Names[0], 100*tri.Score)
	fmt.Fprintf(&b, "Elo %s ± %s (95%%, trinomial), LOS %.1f%%\n", stats.FormatElo(tri.Elo), stats.FormatElo(tri.Margin), 100*tri.LOS)
	if r.Timed[0]+r.Timed[1] > 0 {
		fmt.Fprintf(&b, "losses on time: %s %d, %s %d", r.Names[0], r.TimeLosses[0], r.Names[1], r.TimeLosses[1])
		if prior := r.Games.Games() - r.Done; prior > 0 {
			fmt.Fprintf(&b, " (this run's %d games)", r.Done)
		}
		fmt.Fprintf(&b, "; least time left at a bestmove: %s %s, %s %s (%d and %d moves on the clock)\n",
			r.Names[0], leastLeft(r, 0), r.Names[1], leastLeft(r, 1), r.Timed[0], r.Timed[1])
	}
	if r.Pairs.Pairs() > 0 {
		pe := stats.PentanomialElo(r.Pairs)
		fmt.Fprintf(&b, "Pairs [0, ½, 1, 1½, 2] = %v: Elo %s ± %s (95%%, pentanomial)\n", r.Pairs, stats.FormatElo(pe.Elo), stats.FormatElo(pe.Margin))
	}
	if sprt != nil {
		lo, hi := sprt.Bounds()
		v := r.Verdict.String()
		if r.Verdict == stats.Continue {
			v = "no bound crossed"
		}
		fmt.Fprintf(&b, "SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.2f (%.2f, %.2f): %s\n",
			sprt.Elo0, sprt.Elo1, sprt.Alpha, sprt.Beta, r.LLR, lo, hi, v)
	}
	return b.String()
}
