// Command qipan-blunders finds the mistakes one player made in a file of xiangqi games (the
// PGN qipan-match -pgnout writes): it replays each game and has a judge engine search, at a
// fixed depth, the position before each of the player's moves and the position after it.
// A move's loss is the best score minus the score after the move, both in centipawns from
// the mover's view (none when the move is the judge's best); every move that loses at least
// -threshold is printed. A mate counts as ±10000.
//
//	qipan-blunders -side qipan-wasm -only losses -depth 12 \
//	    -judge-cmd "node ../shared/oracles/fsuci.js" games.pgn more.pgn
//
// The moves of the game's opening are not judged: the longest opening of -openings (the
// built-in set of engine/match/openings by default, or a file as qipan-match reads it, or
// none) that the game starts with, the one named by the game's [Opening] tag first.
//
// The judge is Fairy-Stockfish by default (-judge-preset fairy: uci, ranks 1..10,
// UCI_Variant=xiangqi, Threads=1); -judge-preset none with -judge-proto ucci judges with a
// UCCI engine such as qipan-engine. The judge sees every position as the game's start and
// the moves since, so its repetition rules apply.
//
// Output: a tab-separated line per mistake (game, ply, the move played and the judge's
// best move in ICCS, loss, score before and after, the judge's principal variation's
// head, the FEN before the move), then one summary line per game: the first ply where the
// player's score fell below -150 and below -300, with the material then on the board
// (upper case Red, lower case Black; generals left out). -threshold with a large negative
// value prints every judged move.
//
// -mates measures the mate horizon instead: for each game the player lost by mate on the
// board (checkmated, or left without a legal move), the positions 3, 5 and 7 (say) of its
// moves before the mate, the player to move, outside the game's opening. Each -engine (a
// qipan-engine build, UCCI, book off) searches them with -nodes, the judge with -judge-time;
// a line per position gives each one's score (M-3: mated in 3) and best move, the move
// played and the FEN, and a table at the end counts, per number of moves before the mate,
// the positions each engine saw as lost by mate (a mate score against the side to move).
// -only, -depth and -threshold do not apply.
//
//	qipan-blunders -side qipan-wasm -mates 3,5,7 -nodes 300000 -engine bin/qe-main \
//	    -engine bin/qe-new -judge-time 1s -judge-cmd "node ../shared/oracles/fsuci.js" games.pgn
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"qipan/engine/match/openings"
	"qipan/engine/match/player"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/record"
)

// mateScore is what a mate counts as, in centipawns.
const mateScore = 10000

// pvHead is how many moves of the judge's principal variation are printed.
const pvHead = 6

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

type multi []string

func (m *multi) String() string     { return strings.Join(*m, ", ") }
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }

// options are the command's flags.
type options struct {
	side, only, as, openings     string
	depth, threshold             int
	judgeCmd, judgePreset, proto string
	opts                         multi
	timeout                      time.Duration
	files                        []string

	// -mates mode
	matesFlag string
	mates     []int
	engines   multi
	nodes     uint64
	judgeTime time.Duration
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("qipan-blunders", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.side, "side", "", "the player whose moves are judged, as named in the [Red] or [Black] tag")
	fs.StringVar(&o.only, "only", "all", "which of the player's games: all, losses, wins or draws")
	fs.StringVar(&o.as, "as", "", "only the games the player played as red or as black (default both)")
	fs.StringVar(&o.openings, "openings", "builtin", "the openings whose moves are not judged: builtin, none, or a file as qipan-match reads it")
	fs.IntVar(&o.depth, "depth", 12, "the judge's search depth per position")
	fs.IntVar(&o.threshold, "threshold", 100, "print moves that lose at least this many centipawns")
	fs.StringVar(&o.judgeCmd, "judge-cmd", "", "the judge's command line (quotes group words)")
	fs.StringVar(&o.judgePreset, "judge-preset", "fairy", "fairy (Fairy-Stockfish playing xiangqi) or none")
	fs.StringVar(&o.proto, "judge-proto", "", "the judge's protocol, ucci or uci (default: the preset's, else ucci)")
	fs.Var(&o.opts, "judge-opt", "judge option Name=Value (repeatable)")
	fs.DurationVar(&o.timeout, "timeout", 5*time.Minute, "how long the judge (or an -engine) may take for one position")
	fs.StringVar(&o.matesFlag, "mates", "", "the mate horizon instead of mistakes: search the positions this many of the player's moves before each mate it lost on the board, as 3,5,7")
	fs.Var(&o.engines, "engine", "with -mates: a qipan-engine command line (quotes group words) that searches each position too (repeatable)")
	fs.Uint64Var(&o.nodes, "nodes", 300000, "with -mates: each -engine's node budget per position")
	fs.DurationVar(&o.judgeTime, "judge-time", time.Second, "with -mates: the judge's time per position")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: qipan-blunders -side NAME -judge-cmd CMD [flags] FILE.pgn...")
		fmt.Fprintln(stderr, "       qipan-blunders -side NAME -judge-cmd CMD -mates 3,5,7 -engine CMD... [flags] FILE.pgn...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	o.files = fs.Args()
	fail := func(err error) int {
		fmt.Fprintln(stderr, "qipan-blunders:", err)
		return 2
	}
	cfg, err := o.config()
	if err != nil {
		return fail(err)
	}
	if o.side == "" || len(o.files) == 0 {
		fs.Usage()
		return 2
	}
	if !validOnly(o.only) {
		return fail(fmt.Errorf("-only %q: want all, losses, wins or draws", o.only))
	}
	if o.as != "" && o.as != "red" && o.as != "black" {
		return fail(fmt.Errorf("-as %q: want red or black", o.as))
	}
	if err := o.checkMates(); err != nil {
		return fail(err)
	}
	games, err := readGames(o.files)
	if err != nil {
		return fail(err)
	}
	book, err := readOpenings(o.openings)
	if err != nil {
		return fail(err)
	}
	if o.mates != nil {
		if err := runMates(stdout, &o, games, book, cfg); err != nil {
			return fail(err)
		}
		return 0
	}
	judge, err := startJudge(cfg)
	if err != nil {
		return fail(err)
	}
	defer judge.Close()
	fmt.Fprintln(stdout, "game\tply\tplayed\tbest\tloss\tbefore\tafter\tpv\tfen")
	var sums []summary
	for i, g := range games {
		col, ok := sideOf(g, o.side)
		if !ok || !wanted(g.Result, col, o.only) || (o.as != "" && o.as != col.String()) {
			continue
		}
		moves, err := judgeGame(judge, g, col, bookPlies(g, book), o.depth, o.timeout)
		if err != nil {
			return fail(fmt.Errorf("game %d: %v", i+1, err))
		}
		for _, m := range moves {
			if m.loss() >= o.threshold {
				fmt.Fprintf(stdout, "%d\t%d\t%s\t%s\t%d\t%d\t%d\t%s\t%s\n", i+1, m.ply, m.played, m.best,
					m.loss(), m.before, m.after, strings.Join(m.pv, " "), m.fen)
			}
		}
		sums = append(sums, summarize(i+1, g, col, moves))
	}
	fmt.Fprintln(stdout)
	for _, s := range sums {
		fmt.Fprintln(stdout, s)
	}
	return 0
}

// config is the judge's player configuration from the flags.
func (o *options) config() (player.Config, error) {
	cmd, err := player.SplitCommand(o.judgeCmd)
	if err != nil {
		return player.Config{}, fmt.Errorf("-judge-cmd: %v", err)
	}
	c := player.Config{Name: "judge", Protocol: player.UCCI, Command: cmd}
	switch o.judgePreset {
	case "fairy":
		c = player.FairyXiangqi(c)
	case "none", "":
	default:
		return c, fmt.Errorf("-judge-preset %q: want fairy or none", o.judgePreset)
	}
	if o.proto != "" {
		p, err := player.ParseProtocol(o.proto)
		if err != nil {
			return c, fmt.Errorf("-judge-proto: %v", err)
		}
		c.Protocol = p
	}
	if len(c.Command) == 0 {
		return c, errors.New("-judge-cmd: missing (the judge's command line)")
	}
	for _, s := range o.opts {
		name, value, _ := strings.Cut(s, "=")
		if strings.TrimSpace(name) == "" {
			return c, fmt.Errorf("-judge-opt %q: want Name=Value", s)
		}
		c.Options = append(c.Options, player.Option{Name: strings.TrimSpace(name), Value: strings.TrimSpace(value)})
	}
	if o.depth < 1 {
		return c, fmt.Errorf("-depth %d: want at least 1", o.depth)
	}
	return c, nil
}

// checkMates reads -mates and checks the flags that go with it.
func (o *options) checkMates() error {
	if o.matesFlag == "" {
		if len(o.engines) > 0 {
			return errors.New("-engine goes with -mates")
		}
		return nil
	}
	var err error
	if o.mates, err = parseMates(o.matesFlag); err != nil {
		return err
	}
	if o.nodes < 1 || o.judgeTime <= 0 {
		return fmt.Errorf("-nodes %d, -judge-time %v: want both above 0", o.nodes, o.judgeTime)
	}
	return nil
}

func readGames(files []string) ([]*record.Game, error) {
	var all []*record.Game
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		games, _, err := record.ParsePGN(string(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", filepath.Base(f), err)
		}
		all = append(all, games...)
	}
	return all, nil
}

// sideOf is the colour the named player had in g.
func sideOf(g *record.Game, name string) (xiangqi.Color, bool) {
	switch name {
	case g.Tag("Red"):
		return xiangqi.Red, true
	case g.Tag("Black"):
		return xiangqi.Black, true
	}
	return xiangqi.Red, false
}

func validOnly(only string) bool {
	switch only {
	case "all", "losses", "wins", "draws":
		return true
	}
	return false
}

// wanted says whether a game with result r, played by the judged side as col, is one of
// the games -only asks for.
func wanted(r record.Result, col xiangqi.Color, only string) bool {
	won, lost := record.RedWins, record.BlackWins
	if col == xiangqi.Black {
		won, lost = lost, won
	}
	switch only {
	case "all":
		return true
	case "losses":
		return r == lost
	case "wins":
		return r == won
	case "draws":
		return r == record.Draw
	}
	return false
}

// judgedMove is one move of the judged side with the judge's scores, in centipawns from the
// mover's view.
type judgedMove struct {
	ply           int // 1 = the game's first move
	fen           string
	played, best  string // ICCS
	pv            []string
	before, after int    // best score before the move; score after it (negated)
	material      string // before the move
}

// loss is what the move gave away: none when it is the judge's best move (the two searches
// at one depth can disagree by more than the threshold).
func (m judgedMove) loss() int {
	if m.played == m.best {
		return 0
	}
	return m.before - m.after
}

// clampScore turns a judge's score into centipawns with a mate as ±mateScore.
func clampScore(v int) int { return max(-mateScore, min(mateScore, v)) }

// readOpenings reads -openings.
func readOpenings(spec string) ([]openings.Opening, error) {
	switch spec {
	case "builtin":
		return openings.Builtin(), nil
	case "none":
		return nil, nil
	}
	f, err := os.Open(spec)
	if err != nil {
		return nil, fmt.Errorf("-openings: %v", err)
	}
	defer f.Close()
	return openings.Parse(f)
}

// bookPlies is how many of g's first moves are its opening's: the opening named by g's
// [Opening] tag if g starts with its moves, else the longest of book that g starts with.
func bookPlies(g *record.Game, book []openings.Opening) int {
	start := g.Start.FEN()
	starts := func(o openings.Opening) bool {
		if p, err := xiangqi.ParseFEN(o.StartFEN()); err != nil || p.FEN() != start || len(o.Moves) > len(g.Moves) {
			return false
		}
		for i, s := range o.Moves {
			if m, err := xiangqi.ParseMove(s); err != nil || m != g.Moves[i].Move {
				return false
			}
		}
		return true
	}
	n := 0
	for _, o := range book {
		if starts(o) {
			if o.Name == g.Tag("Opening") {
				return len(o.Moves)
			}
			n = max(n, len(o.Moves))
		}
	}
	return n
}

// judgeGame has the judge search before and after each of col's moves after the first
// skip plies.
func judgeGame(judge *judge, g *record.Game, col xiangqi.Color, skip, depth int, timeout time.Duration) ([]judgedMove, error) {
	if err := judge.NewGame(time.Minute); err != nil {
		return nil, err
	}
	startFEN := g.Start.FEN()
	pos := *g.Start
	var played []string
	var out []judgedMove
	for i, rm := range g.Moves {
		if !pos.IsLegal(rm.Move) {
			return out, fmt.Errorf("ply %d: %s is not legal in %s", i+1, rm.Move.ICCS(), pos.FEN())
		}
		if pos.Turn() == col && i >= skip {
			m := judgedMove{ply: i + 1, fen: pos.FEN(), played: rm.Move.ICCS(), material: material(&pos)}
			r, pv, err := judge.search(startFEN, played, depth, timeout)
			if err != nil {
				return out, fmt.Errorf("ply %d: %v", i+1, err)
			}
			m.before, m.pv = r.score, pv
			if mv, err := xiangqi.ParseMove(r.move); err == nil {
				m.best = mv.ICCS()
			}
			after := append(played[:len(played):len(played)], rm.Move.String())
			r2, _, err := judge.search(startFEN, after, depth, timeout)
			if err != nil {
				return out, fmt.Errorf("ply %d, after %s: %v", i+1, rm.Move.ICCS(), err)
			}
			m.after = -r2.score
			if r2.move == "" && !r2.scored {
				// No reply and no score: the opponent has no move, so the move won.
				m.after = mateScore
			}
			out = append(out, m)
		}
		played = append(played, rm.Move.String())
		pos.Make(rm.Move)
	}
	return out, nil
}

type searchResult struct {
	move   string // UCCI coordinates
	score  int
	scored bool
}

// judge is the judge engine and the principal variation of its last info line that had
// one (the player's Trace feeds it).
type judge struct {
	*player.Player
	pv pvKeeper
}

func startJudge(cfg player.Config) (*judge, error) {
	j := &judge{pv: pvKeeper{base: cfg.RankBase}}
	cfg.Trace = func(_, dir, line string) {
		if dir == "<" {
			j.pv.see(line)
		}
	}
	var err error
	j.Player, err = player.Start(cfg, time.Minute)
	return j, err
}

// search asks the judge for its move and score in the position after moves from fen, and
// returns the head of its last principal variation in ICCS.
func (j *judge) search(fen string, moves []string, depth int, timeout time.Duration) (searchResult, []string, error) {
	j.pv.take()
	r, err := j.Go(fen, moves, player.Limits{Depth: depth}, timeout)
	if err != nil {
		return searchResult{}, nil, err
	}
	res := searchResult{move: r.Move}
	if v, _, ok := player.ParseScore(r.Score); ok {
		res.score, res.scored = clampScore(v), true
	}
	return res, j.pv.take(), nil
}

type pvKeeper struct {
	mu   sync.Mutex
	base int
	pv   []string
}

func (k *pvKeeper) see(line string) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return
	}
	for i, w := range f {
		if w != "pv" {
			continue
		}
		var pv []string
		for _, s := range f[i+1:] {
			if len(pv) == pvHead {
				break
			}
			c, err := player.FromEngine(s, k.base)
			if err != nil {
				break
			}
			mv, err := xiangqi.ParseMove(c)
			if err != nil {
				break
			}
			pv = append(pv, mv.ICCS())
		}
		k.mu.Lock()
		k.pv = pv
		k.mu.Unlock()
		return
	}
}

func (k *pvKeeper) take() []string {
	k.mu.Lock()
	defer k.mu.Unlock()
	pv := k.pv
	k.pv = nil
	return pv
}

// material lists the pieces on the board except the generals, Red's then Black's, strongest
// kind first, in FEN letters: "RRNNCCAABBPPPPP/rrnnccaabbppppp".
func material(p *xiangqi.Position) string {
	order := "RNCABP"
	var sides [2][]byte
	p.Squares(xiangqi.Red, func(_ xiangqi.Square, pc xiangqi.Piece) { sides[0] = append(sides[0], pc.FEN()) })
	p.Squares(xiangqi.Black, func(_ xiangqi.Square, pc xiangqi.Piece) { sides[1] = append(sides[1], pc.FEN()) })
	var parts [2]string
	for i, s := range sides {
		sort.Slice(s, func(a, b int) bool {
			return strings.IndexByte(order, upper(s[a])) < strings.IndexByte(order, upper(s[b]))
		})
		parts[i] = strings.Map(func(r rune) rune {
			if r == 'K' || r == 'k' {
				return -1
			}
			return r
		}, string(s))
	}
	return parts[0] + "/" + parts[1]
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// summary is one game's line: where the judged side's score first fell below -150 and
// -300 (0 when it never did).
type summary struct {
	game          int
	round, result string
	col           xiangqi.Color
	plies         int
	at150, at300  judgedMove
	worst         judgedMove
}

func summarize(n int, g *record.Game, col xiangqi.Color, moves []judgedMove) summary {
	s := summary{game: n, round: g.Tag("Round"), result: string(g.Result), col: col, plies: len(g.Moves)}
	for _, m := range moves {
		if s.at150.ply == 0 && m.before < -150 {
			s.at150 = m
		}
		if s.at300.ply == 0 && m.before < -300 {
			s.at300 = m
		}
		if s.worst.ply == 0 || m.loss() > s.worst.loss() {
			s.worst = m
		}
	}
	return s
}

func (s summary) String() string {
	at := func(m judgedMove) string {
		if m.ply == 0 {
			return "never"
		}
		return fmt.Sprintf("ply %d (%d, %s)", m.ply, m.before, m.material)
	}
	worst := "none"
	if s.worst.ply != 0 {
		worst = fmt.Sprintf("ply %d %s (%d, judge %s)", s.worst.ply, s.worst.played, s.worst.loss(), s.worst.best)
	}
	return fmt.Sprintf("game %d (round %s, %s as %v, %d plies): below -150 at %s; below -300 at %s; worst %s",
		s.game, s.round, s.result, s.col, s.plies, at(s.at150), at(s.at300), worst)
}
