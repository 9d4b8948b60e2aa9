// Package rvengine plays Reversi (Othello) behind the protocol: it adapts the rules
// (engine/reversi) and the search (engine/reversi/search) to protocol.Adapter (an Engine with
// Perfter, Bencher and Optioner) and Sider. engine/protocol/variants puts it beside xiangqi's
// (xqengine.Adapter). The options it shares with xiangqi (hashsize, level, multipv) and the
// searcher they size are protocol.Settings.
//
// Conventions on the wire:
//   - Positions: `position startpos` is the initial position (the protocol.Conn passes xiangqi's
//     protocol.StartFEN for it, which is read as the initial position here);
//     `position fen <64 cells> <X|O>` is reversi's board text (cells a1, b1 … h8, X black,
//     O white, - empty; see reversi.ParseBoard). Black (X) moves first: it is the "white" of
//     wtime/winc (the first player, as in Fairy-Stockfish's flipello).
//   - Moves are transcript coordinates ("f5"), and "pass" when the side to move must pass (a
//     forced pass may also be left out). A bad or illegal move is an error naming its number.
//   - Scores (`score cp`) are centi-discs for the side to move: 100 = one disc. A midgame score
//     is an evaluation. An info line followed by `info string exact` is an endgame solve:
//     its score is 100 × the final disc difference (empties to the winner). One followed by
//     `info string wld` is a win/loss/draw solve: +100 win, 0 draw, -100 loss.
//   - `bestmove pass` when passing is forced; `bestmove (none)` (UCI) / `nobestmove` (UCCI)
//     when the game is over.
//   - `go depth N` with N ≥ the empty squares solves the position exactly (the endgame
//     solver of engine/reversi/search, whatever the level); otherwise the level's search
//     solves exactly or win/loss/draw near the end on its own (level 10: from 20 / 22 empties).
//   - `go perft N` counts a forced pass as a move and a finished game as a leaf (reversi.Perft).
//   - Time: `go movetime`, or a clock (`go wtime … btime … winc … binc … [movestogo …]`,
//     protocol.Limits.Budget's reserve of an overhead per move still to play). In sudden death
//     (no movestogo) the time is planned by the empty squares rather than over 30 moves: the
//     side has at most ceil(empties/2) moves left (the reserve counts them, at least 15), and
//     the time is shared among its moves until the level's endgame solve (22 empties at level
//     10, fewer when solveLevel cuts the solve ranges for lack of time) and the solve phase,
//     counted as solveShares (10) moves: the solve is the costliest move and decides the
//     game, and after it the moves cost little (the tables hold the solve). From the solve
//     point on, a move may take up to half of what is left (budget, plan).
//
// Options (UCCI name / UCI name):
//   - hashsize / Hash: the size in MB of the midgame and endgame tables together (0 = the
//     default, search.DefaultHashMB), made at the first search and dropped by Release
//     (variants releases the game it leaves), so only the game being played holds memory.
//   - level / Skill Level: 1..10, the search levels of engine/reversi/search (depth, endgame
//     solve range; levels 1–4 add noise); 10 is full strength. At 10 under a clock or
//     movetime the depth is whatever the time allows and the solve range shrinks with the
//     time (solveLevel), so that solves finish.
//   - eval / Evaluation: the midgame evaluation, level (the level's, search.DefaultEval), hand
//     (search.Evaluate) or pattern (pattern.Midgame), for comparisons.
//   - probcut / ProbCut: Multi-ProbCut in the midgame search (search.Limits.ProbCut), on by
//     default; it prunes only where the evaluation is PatternEval (levels 5–10), whose
//     measured errors it uses.
//   - multipv / MultiPV: 1..64; above 1 every legal move is scored (search.Hints): each
//     finished depth's best line is reported as `info … multipv 1 …`, and at the end the best
//     that many moves as `info … multipv k …` lines with their PVs, all of the last depth that
//     finished: the hints.
//   - usebook / OwnBook: play from the opening book (engine/reversi/book's Default, built by
//     cmd/reversi-book) while the position is in it, without searching (default true): from
//     level bookBestFrom the book's best move, below it a deterministic choice among the moves
//     within bookVariety discs of the best (seeded by protocol.WithSeed, else from the clock).
//     Not for `go depth N` (a search of that depth is asked for: analysis, tests, solves), go
//     infinite, nor with multipv above 1 (the hints search every move). A book
//     move is reported as an info line of the book's depth and value (score cp: 100 × its
//     value in discs) followed by `info string book`.
package rvengine

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"qipan/engine/protocol"
	"qipan/engine/reversi"
	"qipan/engine/reversi/book"
	"qipan/engine/reversi/search"
)

// MaxLevel is full strength.
const MaxLevel = protocol.MaxLevel

// MaxMultiPV bounds the multipv option (more than any position's legal moves).
const MaxMultiPV = 64

// infiniteDepth is the midgame depth of an infinite search at full strength: deeper than
// any game lasts, so it runs until stop.
const infiniteDepth = 60

// Adapter is Reversi behind the protocol (a protocol.Adapter): a position, a searcher (made on
// first use, with tables of the hashsize option) and its options.
type Adapter struct {
	pos reversi.Position
	cfg protocol.Config

	// The searcher (made at the first search, dropped by Release) and the options hashsize,
	// level and multipv.
	protocol.Settings[search.Searcher]
	eval    search.Evaluation
	probCut bool
	useBook bool
	seed    uint64 // the book's choices below bookBestFrom
}

// bookBestFrom is the lowest level that plays the book's best move; bookVariety is how many
// discs below the best the levels under it may choose.
const (
	bookBestFrom = 7
	bookVariety  = 3
)

// New returns an adapter at the initial position, made with protocol.WithYield (searches and
// perft call it) and protocol.WithSeed (the weak levels' random choices; 0 as if not given:
// from the clock).
func New(opts ...protocol.ConfigOption) *Adapter {
	set := protocol.NewSettings(search.DefaultHashMB, MaxMultiPV, search.NewSized, (*search.Searcher).TableBytes, (*search.Searcher).NewGame)
	cfg := protocol.NewConfig(opts...)
	seed := cfg.Seed
	if !cfg.Seeded {
		seed = uint64(time.Now().UnixNano())
	}
	return &Adapter{pos: reversi.Start(), cfg: cfg, Settings: set, probCut: true, useBook: true, seed: seed}
}

var _ interface {
	protocol.Adapter
	protocol.Sider
} = (*Adapter)(nil)

// SetPosition sets the position after moves from fen (board text, or "", "startpos" or
// protocol.StartFEN for the initial position); on error nothing changes.
func (e *Adapter) SetPosition(fen string, moves []string) error {
	p, err := replay(fen, moves)
	if err != nil {
		return err
	}
	e.pos = *p
	return nil
}

func replay(fen string, moves []string) (*reversi.Position, error) {
	p := reversi.Start()
	switch fen = strings.TrimSpace(fen); fen {
	case "", "startpos", protocol.StartFEN:
	default:
		q, err := reversi.ParseBoard(fen)
		if err != nil {
			return nil, fmt.Errorf("reversi board: %v (want 64 cells of X, O or - and the side to move X or O)", err)
		}
		p = *q
	}
	for i, s := range moves {
		m, err := reversi.ParseMove(s)
		if err != nil {
			return nil, fmt.Errorf("moves[%d]: %v", i+1, err)
		}
		if m != reversi.Pass && p.Status() == reversi.MustPass {
			p.Make(reversi.Pass) // a forced pass left out
		}
		if err := p.Play(m); err != nil {
			return nil, fmt.Errorf("moves[%d]: %v in %v", i+1, err, p)
		}
	}
	return &p, nil
}

// Position returns the current position.
func (e *Adapter) Position() reversi.Position { return e.pos }

// FirstToMove reports whether Black (X), the first player, is to move.
func (e *Adapter) FirstToMove() bool { return e.pos.Turn == reversi.Black }

// limits turns the protocol's limits into the search's.
func (e *Adapter) limits(ctx context.Context, lim protocol.Limits) search.Limits {
	level := e.Level()
	sl := search.Limits{Level: level, Depth: lim.Depth, Nodes: lim.Nodes, Seed: int64(e.cfg.Seed), Eval: e.eval, ProbCut: e.probCut}
	if lim.Infinite {
		sl.Depth, sl.Nodes = 0, 0
		if level == MaxLevel {
			sl.Depth = infiniteDepth
		}
	} else if t, lv := budget(lim, e.pos.Empties(), level); t > 0 {
		sl.Time, sl.Clock = t, lim.MoveTime <= 0
		if level == MaxLevel && lim.Depth == 0 {
			// Full strength under a clock: deepen as far as the time allows, and solve the
			// endgame only from where a solve fits in it (a cut solve falls back on a shallow
			// midgame move).
			sl.Level, sl.Depth = lv, infiniteDepth
		}
	}
	sl.Yield = e.cfg.Poll(ctx)
	return sl
}

// budget is a move's search time under lim's clock or movetime (0: neither) with empties
// empty squares at level, and the level whose solve ranges fit in that time (solveLevel; level
// itself below MaxLevel). The search stops deepening once half its time is gone (under a clock
// from 0.3 of it once the best move has settled to 0.6 just after it changed:
// search.Limits.Clock): a time of 2×soft (at most hard) spends about soft.
//
// In sudden death (a clock without movestogo) the time is planned by the empties (plan) with
// protocol.Limits.Share, instead of over Budget's 30 moves: the moves until the solve point of
// the level (search.SolveFrom's win/loss/draw range; at MaxLevel that of solveLevel's level,
// which depends on the time, so it is worked out twice), and the solve, the costliest move and
// the one that decides the game, counted as solveShares moves.
func budget(lim protocol.Limits, empties, level int) (time.Duration, int) {
	at := func(solveAt int) time.Duration {
		soft, hard := lim.Budget()
		if lim.MoveTime <= 0 && lim.MovesToGo <= 0 && lim.Time > 0 {
			soft, hard = lim.Share(plan(empties, solveAt))
		}
		return min(hard, 2*soft)
	}
	wld, _ := search.SolveFrom(level)
	t := at(wld)
	if level != MaxLevel || lim.Depth != 0 || t <= 0 {
		return t, level
	}
	lv := solveLevel(t)
	if w, _ := search.SolveFrom(lv); w != wld {
		t = at(w) // more moves before a nearer solve point: less time, never a higher level
		lv = solveLevel(t)
	}
	return t, lv
}

// solveShares is how many midgame moves' time the endgame solve phase is planned with (plan):
// its searches are the costliest of the game (the win/loss/draw solve, then the exact one) and
// they decide it; the moves after them cost little, the tables holding the solve.
const solveShares = 10

// minReserve is the fewest moves plan holds protocol.Overhead back for, however few are left:
// 0.45 s, which a stall of the wasm engine on a loaded machine (up to 0.3 s past its hard
// limit, docs/strength-log.md, "Clock") does not use up at the game's last moves.
const minReserve = 15

// plan spreads a sudden-death game's time by its empty squares: moves is the side to move's
// moves still to play, at most ceil(empties/2), each holding back protocol.Overhead (at least
// minReserve of them), and shares the parts its time is cut into: its moves before the solve
// point solveAt (the empties from which the search solves) plus solveShares for the solve.
// From the solve point on, the solves still to come (win/loss/draw, exact, or one cut before)
// are planned as two shares: each may take up to half of what is left. Both at most
// protocol.MaxMovesToGo.
func plan(empties, solveAt int) (moves, shares int) {
	left := (empties + 1) / 2 // the side to move's moves, passes aside
	shares = min(2, left)
	if empties > solveAt {
		shares = min((empties-solveAt+1)/2+solveShares, left)
	}
	return min(max(left, minReserve), protocol.MaxMovesToGo), min(max(shares, 1), protocol.MaxMovesToGo)
}

// solveLevel is the level whose endgame solve ranges (win/loss/draw, exact) fit in a search
// of t, measured in the browser build (wasm, ~3× slower than native): levels 5–10 differ only
// in depth and solve ranges, and the depth is set apart.
func solveLevel(t time.Duration) int {
	switch {
	case t < 100*time.Millisecond:
		return 6 // wld 14, exact 12 empties
	case t < 400*time.Millisecond:
		return 8 // 18, 16
	case t < 1500*time.Millisecond:
		return 9 // 20, 18
	}
	return MaxLevel // 22, 20
}

// Search finds a move: "pass" when forced, none when the game is over. With multipv above 1
// it scores every legal move and reports the best multipv of them.
func (e *Adapter) Search(ctx context.Context, lim protocol.Limits, progress func(protocol.Info)) protocol.Result {
	switch e.pos.Status() {
	case reversi.Over:
		return protocol.Result{}
	case reversi.MustPass:
		return protocol.Result{Best: reversi.Pass.String()}
	}
	if e.useBook && !lim.Infinite && lim.Depth == 0 && e.MultiPV() == 1 {
		if r, ok := e.bookMove(progress); ok {
			return r
		}
	}
	s := e.Searcher()
	s.SetBoard(e.pos)
	sl := e.limits(ctx, lim)
	report := func(i search.Info) {
		if progress != nil {
			progress(info(i, 0))
		}
	}
	if e.MultiPV() > 1 {
		return e.hints(ctx, sl, progress)
	}
	if lim.Depth >= e.pos.Empties() {
		if r, ok := e.solve(ctx, lim, progress); ok {
			return r
		}
	}
	res := s.Search(ctx, sl, report)
	if res.Move == reversi.NoMove {
		return protocol.Result{}
	}
	out := protocol.Result{Best: res.Move.String()}
	if len(res.PV) > 1 {
		out.Ponder = res.PV[1].String()
	}
	return out
}

// bookMove returns the book's move for the current position (see usebook), if it is in the
// shipped book.
func (e *Adapter) bookMove(progress func(protocol.Info)) (protocol.Result, bool) {
	bk, err := book.Default()
	if err != nil {
		return protocol.Result{}, false
	}
	en, ok := bk.Lookup(&e.pos)
	if !ok {
		return protocol.Result{}, false
	}
	m := en.Best()
	if e.Level() < bookBestFrom {
		pick := en.Pick(&e.pos, min(bookVariety, bk.Window), e.seed)
		for _, c := range en.Moves[:en.N] {
			if c.Move == pick {
				m = c
			}
		}
	}
	if progress != nil {
		progress(protocol.Info{Depth: bk.Depth, Score: m.Value * 100, PV: []string{m.Move.String()}, Note: "book"})
	}
	return protocol.Result{Best: m.Move.String()}, true
}

// solve finds the exact score and a best move by the endgame solver (`go depth N` with N at
// least the empty squares: a search to the end of the game). ok is false if it was stopped
// before it finished.
func (e *Adapter) solve(ctx context.Context, lim protocol.Limits, progress func(protocol.Info)) (protocol.Result, bool) {
	solver := e.Searcher().Solver()
	start := time.Now()
	_, hard := lim.Budget()
	hook := func() bool {
		if e.cfg.Yield != nil {
			e.cfg.Yield(ctx)
		}
		return ctx.Err() != nil || hard > 0 && time.Since(start) > hard ||
			lim.Nodes > 0 && solver.Nodes >= lim.Nodes
	}
	p := e.pos
	solver.Nodes = 0
	v, m := solver.Solve(&p, -64, 64, hook)
	if solver.Stopped() || m == reversi.NoMove {
		return protocol.Result{}, false
	}
	if progress != nil {
		progress(info(search.Info{Kind: search.Exact, Depth: p.Empties(), Score: v * 100, Nodes: solver.Nodes,
			Time: time.Since(start), PV: []reversi.Move{m}}, 0))
	}
	return protocol.Result{Best: m.String()}, true
}

// hints scores every legal move (search.Hints) and reports the best MultiPV() as multipv lines,
// each with its line: those of the last depth the search finished.
func (e *Adapter) hints(ctx context.Context, sl search.Limits, progress func(protocol.Info)) protocol.Result {
	start := time.Now()
	s := e.Searcher()
	hs := s.Hints(ctx, sl, func(i search.Info) {
		if progress != nil {
			progress(info(i, 1)) // each depth's best line while deepening
		}
	})
	if len(hs) == 0 { // stopped before the first depth: any legal move will do
		return protocol.Result{Best: e.pos.LegalMoves()[0].String()}
	}
	if progress != nil {
		for k, h := range hs[:min(len(hs), e.MultiPV())] {
			progress(info(search.Info{Kind: h.Kind, Depth: h.Depth, Score: h.Score, Nodes: s.Nodes(),
				Time: time.Since(start), PV: h.PV}, k+1))
		}
	}
	return protocol.Result{Best: hs[0].Move.String()}
}

// info converts a search report; multiPV is the line's rank (0: a single line).
func info(i search.Info, multiPV int) protocol.Info {
	pv := make([]string, len(i.PV))
	for k, m := range i.PV {
		pv[k] = m.String()
	}
	out := protocol.Info{Depth: i.Depth, MultiPV: multiPV, Score: i.Score, Nodes: i.Nodes, Time: i.Time, PV: pv}
	switch i.Kind {
	case search.Exact:
		out.Note = "exact"
	case search.WLD:
		out.Note = "wld"
	}
	return out
}

// evalNames are the values of the eval option, indexed by search.Evaluation.
var evalNames = []string{search.DefaultEval: "level", search.HandEval: "hand", search.PatternEval: "pattern"}

// Options lists hashsize, level, multipv, eval, probcut and usebook.
func (e *Adapter) Options() []protocol.Option {
	return []protocol.Option{
		e.HashOption(),
		e.LevelOption(),
		e.MultiPVOption(),
		{Name: "eval", UCIName: "Evaluation", Type: "combo", Default: "level", Vars: evalNames},
		protocol.CheckOption("probcut", "ProbCut", true),
		protocol.CheckOption("usebook", "OwnBook", true),
	}
}

// SetOption sets one of Options (by its lower-case UCCI name).
func (e *Adapter) SetOption(name, value string) error {
	switch name {
	case "eval":
		i := slices.Index(evalNames, strings.ToLower(value))
		if i < 0 {
			return fmt.Errorf("eval %q: want level, hand or pattern", value)
		}
		e.eval = search.Evaluation(i)
		return nil
	case "probcut":
		return protocol.SetBool(&e.probCut, value)
	case "usebook":
		return protocol.SetBool(&e.useBook, value)
	}
	return e.Settings.SetOption(name, value) // hashsize, level, multipv
}

// BenchDepth is the depth of `bench` without an argument.
const BenchDepth = 8

// BenchBoards are the bench positions: midgames (30–48 empties, so no endgame solve).
var BenchBoards = []string{
	"----------------O--XO---OOOOO---OXXXO---OXX--------------------- X",
	"-----X----O-XX--OOOOO---OOXXO---OXXXO---OXX--------------------- X",
	"-----X----O-XX--OOOOO---OOOOXX--OXOOX---OOOOOX--O----O---------- X",
	"----OX----O-OX--OOOOO---OOOOXX--OXOOX---OOOOOX--O-OX-X----O-XX-- X",
}

// Bench searches BenchBoards to depth (0: BenchDepth) at full strength, clearing the tables
// first, so the node count is a signature of the search, whatever the options: with a hashsize
// other than the default, the adapter's tables give way to default ones for the bench.
func (e *Adapter) Bench(ctx context.Context, depth int, progress func(string)) (uint64, error) {
	if depth <= 0 {
		depth = BenchDepth
	}
	if e.HashMB() == search.DefaultHashMB {
		return e.bench(ctx, e.Searcher(), depth, progress)
	}
	e.Release()
	defer runtime.GC() // the bench's tables
	return e.bench(ctx, search.New(), depth, progress)
}

func (e *Adapter) bench(ctx context.Context, s *search.Searcher, depth int, progress func(string)) (uint64, error) {
	var total uint64
	for i, b := range BenchBoards {
		p, err := reversi.ParseBoard(b)
		if err != nil {
			return 0, err
		}
		s.NewGame()
		s.SetBoard(*p)
		sl := search.Limits{Level: MaxLevel, Depth: depth, Yield: e.cfg.Poll(ctx)}
		r := s.Search(ctx, sl, nil)
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		total += r.Nodes
		progress(fmt.Sprintf("info string bench %d/%d depth %d nodes %d bestmove %v", i+1, len(BenchBoards), r.Depth, r.Nodes, r.Move))
	}
	return total, nil
}

const maxPerftDepth = 60

// Perft counts the leaves of the legal-move tree (reversi.Perft's convention), per root move.
func (e *Adapter) Perft(ctx context.Context, depth int, root func(move string, nodes uint64)) (uint64, error) {
	run, err := protocol.StartPerft(ctx, depth, maxPerftDepth, 4096, e.cfg.Yield, root)
	if err != nil {
		return 0, err
	}
	c := perft{run}
	p := e.pos
	var ml reversi.MoveList
	p.GenerateLegal(&ml)
	if ml.N == 0 {
		return 1, nil // a finished game is one leaf
	}
	for _, m := range ml.Moves[:ml.N] {
		q := p
		q.Make(m)
		if !run.Root(m.String(), c.count(q.P, q.O, depth-1)) {
			break
		}
	}
	return run.Result()
}

type perft struct{ *protocol.PerftRun }

// count is reversi.Perft with a stop check every 4096 inner nodes.
func (c perft) count(P, O uint64, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if c.Stopped() {
		return 0
	}
	m := reversi.Moves(P, O)
	if m == 0 {
		if reversi.Moves(O, P) == 0 || depth == 1 {
			return 1 // game over, or the pass is the last ply
		}
		return c.count(O, P, depth-1)
	}
	if depth == 1 {
		return uint64(reversi.Count(m))
	}
	var n uint64
	for ; m != 0; m &= m - 1 {
		sq := reversi.FirstSquare(m)
		f := reversi.Flips(P, O, sq)
		n += c.count(O^f, P|f|sq.Bit(), depth-1)
	}
	return n
}
