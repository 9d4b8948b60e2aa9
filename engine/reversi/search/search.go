package search

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand"
	"strings"
	"time"

	"qipan/engine/reversi"
	"qipan/engine/reversi/search/pattern"
)

// Kind says what a score means.
type Kind uint8

const (
	Midgame Kind = iota // an evaluation, in centi-discs
	WLD                 // exact win (+100), draw (0) or loss (-100)
	Exact               // the exact final disc difference, times 100
)

func (k Kind) String() string {
	switch k {
	case WLD:
		return "wld"
	case Exact:
		return "exact"
	}
	return "midgame"
}

// Limits bound a search. Zero values mean "from the level" or "no limit".
type Limits struct {
	Level int           // 1 (beginner) .. 10 (strongest); 0 means 10
	Depth int           // midgame depth; 0 = the level's
	Time  time.Duration // time budget; the search stops deepening in time and is cut at it
	Nodes uint64        // node budget
	// Clock says Time is a share of a clock's time, not a fixed time for the move: a best move
	// that stays the same stops the deepening sooner, which leaves the time to later moves,
	// and one that just changed later (iterationBudget).
	Clock bool
	// Yield, if set, is called every ~1000 nodes: in wasm it lets the JS event loop run (and a
	// stop message arrive) during a long search.
	Yield func()
	// Seed makes the weaker levels' randomness reproducible (0 = from the clock).
	Seed int64
	// Eval chooses the midgame evaluation (DefaultEval: the level's).
	Eval Evaluation
	// ProbCut turns Multi-ProbCut on (probcut.go) in the midgame search; it prunes only with
	// PatternEval, whose errors its statistics measure.
	ProbCut bool
}

// Evaluation names a midgame evaluation.
type Evaluation uint8

const (
	DefaultEval Evaluation = iota // the level's: PatternEval from level patternFrom, else HandEval
	HandEval                      // Evaluate, the hand-weighted classic features
	PatternEval                   // Evaluate corrected by pattern.Midgame, fitted for every stage
)

// patternFrom is the lowest level that evaluates with PatternEval by default: the levels below
// keep the hand evaluation, the beginner's (PatternEval scored 72.5 % against it at level 10,
// 400 games at 50,000 nodes a move: docs/strength-log.md, 2026-11-24).
const patternFrom = 5

// Info reports a finished iteration (midgame) or solve.
type Info struct {
	Kind  Kind
	Depth int            // midgame depth, or the empties of an endgame solve
	Score int            // for the side to move, centi-discs (see Kind)
	Nodes uint64         // nodes searched so far
	Time  time.Duration  // time spent so far
	PV    []reversi.Move // best line found (may be just the move)
}

// Result is the outcome of Search.
type Result struct {
	Info
	Move reversi.Move // the move to play: a square, Pass, or NoMove if the game is over
}

// Hint is the score of one legal move (for the side to move before it) and its line.
type Hint struct {
	Move  reversi.Move
	Score int
	Kind  Kind
	Depth int
	// PV is the line from Move: as far as the table holds it, up to Depth moves, for a
	// midgame score; Move and the best reply for an exact one.
	PV []reversi.Move
}

// level describes one playing level.
type level struct {
	depth      int // midgame depth
	wld, exact int // solve win/loss/draw, exactly, from this many empties
	noise      int // random centi-discs added to each root move's score
}

// levels: 1–4 the hand evaluation with noise; 5–10 PatternEval with Multi-ProbCut (the
// protocol adapter's default), two plies apart from level 6 on: with ProbCut a ply cost little
// and steps of one ply had shrunk to 59–68 % (L7–L6, L6–L5, L8–L7); two plies apart each step
// scores 66–80 % (40 games a step, docs/strength-log.md, 2026-11-24, fourth session).
var levels = [11]level{
	1:  {depth: 1, wld: 4, exact: 2, noise: 600},
	2:  {depth: 2, wld: 6, exact: 4, noise: 300},
	3:  {depth: 3, wld: 8, exact: 6, noise: 150},
	4:  {depth: 4, wld: 10, exact: 8, noise: 60},
	5:  {depth: 4, wld: 12, exact: 10},
	6:  {depth: 6, wld: 14, exact: 12},
	7:  {depth: 8, wld: 16, exact: 14},
	8:  {depth: 10, wld: 18, exact: 16},
	9:  {depth: 12, wld: 20, exact: 18},
	10: {depth: 14, wld: 22, exact: 20},
}

// SolveFrom returns the empties from which level (1..10; 0 means 10) solves the endgame
// win/loss/draw and exactly: a clock's planning counts the moves until then.
func SolveFrom(level int) (wld, exact int) {
	if level <= 0 || level > 10 {
		level = 10
	}
	return levels[level].wld, levels[level].exact
}

// Searcher searches Reversi positions. One search at a time; not safe for concurrent use.
type Searcher struct {
	pos    reversi.Position
	mid    ttTable
	solver *Solver

	// per search
	pat      *pattern.Weights // the midgame evaluation; nil: Evaluate
	patterns *pattern.Weights // PatternEval's weights: pattern.Midgame unless SetPatternWeights
	probCut  bool
	ctx      context.Context
	start    time.Time
	deadline time.Time
	maxNodes uint64
	yield    func()
	nodes    uint64
	next     uint64
	stop     bool
}

// DefaultHashMB is the size of a Searcher's tables, both together, made by New: 16 MB each.
// Half of it lost an A/B at 1 s per move against the old 32 + 32 MB, this did not (noisy
// figures in docs/strength-log.md, 2026-11-23: in a game, a smaller solver table keeps less of
// the previous move's endgame solve).
const DefaultHashMB = 32

// New returns a searcher at the initial position, with tables of DefaultHashMB.
func New() *Searcher { return NewSized(DefaultHashMB) }

// NewSized returns a searcher at the initial position whose tables, the midgame search's and
// the endgame solver's, hold at most mb megabytes together (at least 1): half each, a power of
// two entries (TableBits). A solver table of 8 or 16 MB solves FFO #40–#44 as fast as one of
// 64 MB, within noise (a few % more nodes, fewer cache misses).
func NewSized(mb int) *Searcher {
	bits := TableBits(mb)
	return &Searcher{pos: reversi.Start(), mid: newTable(bits), solver: NewSolver(bits)}
}

// TableBits returns the size of each of a Searcher's two tables within mb megabytes together:
// 2^(bits+1) entries of 32 bytes, at most mb/2 MB (mb below 1 counts as 1).
func TableBits(mb int) uint {
	return uint(bits.Len(uint(max(mb, 1)))-1) + 13 // 2^(13+6) bytes = 1/2 MB
}

// TableBytes returns the bytes held by the searcher's tables.
func (e *Searcher) TableBytes() int { return e.mid.bytes() + e.solver.tt.bytes() }

// Solver returns the searcher's endgame solver (its table is the searcher's), for exact solves of
// whole positions.
func (e *Searcher) Solver() *Solver { return e.solver }

// NewGame clears the tables (keeps the position).
func (e *Searcher) NewGame() {
	e.mid.clear()
	e.solver.Clear()
}

// Position returns the current position.
func (e *Searcher) Position() reversi.Position { return e.pos }

// SetPosition sets the position: board text (see reversi.ParseBoard; "" or "startpos" for the
// initial position), then moves as coordinates ("f5") or "pass". A forced pass may be left out.
func (e *Searcher) SetPosition(board string, moves []string) error {
	p := reversi.Start()
	if b := strings.TrimSpace(board); b != "" && b != "startpos" {
		q, err := reversi.ParseBoard(b)
		if err != nil {
			return err
		}
		p = *q
	}
	for i, s := range moves {
		m, err := reversi.ParseMove(s)
		if err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
		if m != reversi.Pass && p.Status() == reversi.MustPass {
			p.Make(reversi.Pass)
		}
		if err := p.Play(m); err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	e.pos = p
	return nil
}

// SetPatternWeights makes PatternEval evaluate with w (nil: pattern.Midgame): the trainer's
// searches with the weights it is fitting.
func (e *Searcher) SetPatternWeights(w *pattern.Weights) { e.patterns = w }

// SetBoard sets the position directly.
func (e *Searcher) SetBoard(p reversi.Position) { e.pos = p }

func (e *Searcher) begin(ctx context.Context, lim Limits) level {
	if ctx == nil {
		ctx = context.Background()
	}
	e.ctx, e.start, e.yield, e.maxNodes = ctx, time.Now(), lim.Yield, lim.Nodes
	e.deadline = time.Time{}
	if lim.Time > 0 {
		e.deadline = e.start.Add(lim.Time)
	}
	e.nodes, e.next, e.stop = 0, pollEvery, false
	e.solver.Nodes = 0
	lv := lim.Level
	if lv <= 0 || lv > 10 {
		lv = 10
	}
	l := levels[lv]
	e.pat, e.probCut = e.patterns, lim.ProbCut
	if e.pat == nil {
		e.pat = pattern.Midgame
	}
	if lim.Eval == HandEval || lim.Eval == DefaultEval && lv < patternFrom {
		e.pat, e.probCut = nil, false
	}
	if lim.Depth > 0 {
		l.depth = lim.Depth
	}
	return l
}

// poll is called every pollEvery nodes: it yields, then checks the context and the limits.
func (e *Searcher) poll() bool {
	e.next = e.nodes + pollEvery
	if e.yield != nil {
		e.yield()
	}
	select {
	case <-e.ctx.Done():
		e.stop = true
	default:
	}
	if !e.deadline.IsZero() && time.Now().After(e.deadline) {
		e.stop = true
	}
	if e.maxNodes > 0 && e.nodes+e.solver.Nodes >= e.maxNodes {
		e.stop = true
	}
	return e.stop
}

func (e *Searcher) totalNodes() uint64 { return e.nodes + e.solver.Nodes }

// Nodes returns the nodes of the last search (Search or Hints) so far, midgame and endgame.
func (e *Searcher) Nodes() uint64 { return e.totalNodes() }

// alphaBeta is a fail-soft principal variation search to depth plies.
func (e *Searcher) alphaBeta(P, O uint64, depth, alpha, beta int) int {
	e.nodes++
	if e.nodes >= e.next && e.poll() || e.stop {
		return 0
	}
	if depth <= 0 {
		return e.evaluate(P, O)
	}
	moves := reversi.Moves(P, O)
	if moves == 0 {
		if reversi.Moves(O, P) == 0 {
			return reversi.FinalScore(P, O) * discUnit
		}
		return -e.alphaBeta(O, P, depth, -beta, -alpha)
	}
	hashMove := -1
	if t := e.mid.probe(P, O); t != nil {
		if int(t.depth) >= depth {
			if int(t.lower) >= beta {
				return int(t.lower)
			}
			if int(t.upper) <= alpha {
				return int(t.upper)
			}
			if t.lower == t.upper {
				return int(t.lower)
			}
		}
		hashMove = int(t.move)
	}
	if e.probCut && depth >= probCutMin && beta == alpha+1 {
		if v, ok := e.tryProbCut(P, O, depth, alpha); ok {
			return v
		}
		if e.stop {
			return 0
		}
	}
	var list [32]childMove
	k := 0
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f := reversi.Flips(P, O, reversi.Square(sq))
		np, no := O^f, P|f|1<<uint(sq)
		var key int32
		switch {
		case sq == hashMove:
			key = 1 << 30
		case depth >= 2:
			key = orderKey(np, no, reversi.Moves(np, no), sq, 0) - int32(e.evaluate(np, no))
		default:
			key = orderKey(np, no, reversi.Moves(np, no), sq, 0)
		}
		list[k] = childMove{P: np, O: no, sq: int8(sq), key: key}
		k++
	}
	a0 := alpha
	best, bestMove := -scoreInf, -1
	for i := 0; i < k; i++ {
		pickBest(&list, i, k)
		m := &list[i]
		var v int
		if i == 0 {
			v = -e.alphaBeta(m.P, m.O, depth-1, -beta, -alpha)
		} else {
			v = -e.alphaBeta(m.P, m.O, depth-1, -alpha-1, -alpha)
			if v > alpha && v < beta && !e.stop {
				v = -e.alphaBeta(m.P, m.O, depth-1, -beta, -alpha)
			}
		}
		if e.stop {
			return 0
		}
		if v > best {
			best, bestMove = v, int(m.sq)
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	lower, upper := bounds(best, a0, beta, scoreInf)
	e.mid.store(P, O, depth, lower, upper, bestMove)
	return best
}

// evaluate is the search's evaluation of (P, O) for P, in centi-discs.
func (e *Searcher) evaluate(P, O uint64) int {
	if e.pat == nil {
		return Evaluate(P, O)
	}
	return EvaluateWith(e.pat, P, O)
}

// EvaluateWith returns PatternEval's evaluation of (P, O) for P, with the weights w: Evaluate
// corrected by w (fitted to what Evaluate misses), a finished game's exact score.
func EvaluateWith(w *pattern.Weights, P, O uint64) int {
	mp, mo := reversi.Moves(P, O), reversi.Moves(O, P)
	if mp == 0 && mo == 0 {
		return reversi.FinalScore(P, O) * discUnit
	}
	v := evaluate(P, O, mp, mo) + w.EvalMoves(P, O, mp, mo)
	return max(min(v, winBase-1), -winBase+1)
}

// pv follows the table's best moves from the root move r, up to n moves in all.
func (e *Searcher) pv(r *rootMove, n int) []reversi.Move {
	line := []reversi.Move{r.move}
	p := r.child
	for len(line) < n {
		t := e.mid.probe(p.P, p.O)
		if t == nil || t.move < 0 || !p.IsLegal(reversi.Move(t.move)) {
			if p.Status() == reversi.MustPass {
				line = append(line, reversi.Pass)
				p.Make(reversi.Pass)
				continue
			}
			break
		}
		line = append(line, reversi.Move(t.move))
		p.Make(reversi.Move(t.move))
	}
	return line
}

// rootMove is one legal move at the root with its latest score (and, for hints, its line).
type rootMove struct {
	move  reversi.Move
	child reversi.Position
	score int
	pv    []reversi.Move
}

func rootMoves(p reversi.Position) []rootMove {
	var rm []rootMove
	for _, m := range p.LegalMoves() {
		c := p
		c.Make(m)
		rm = append(rm, rootMove{move: m, child: c, score: -scoreInf})
	}
	return rm
}

// searchRoot runs one midgame iteration over rm (sorted best first afterwards); all=true gives
// every move an exact score and its line (for hints), else later moves get null-window
// bounds. A move's line is read from the table as soon as its search ends: the searches of
// the moves after it may overwrite its entries.
//
// An iteration cut by the limits returns false; a move it had searched in full that beat the
// first (the last iteration's best) is then moved to the front with its score: the cut
// iteration's time is not lost.
func (e *Searcher) searchRoot(rm []rootMove, depth int, all bool) bool {
	alpha, better := -scoreInf, 0
	for i := range rm {
		c := &rm[i].child
		var v int
		if i == 0 || all {
			v = -e.alphaBeta(c.P, c.O, depth-1, -scoreInf, scoreInf)
		} else {
			v = -e.alphaBeta(c.P, c.O, depth-1, -alpha-1, -alpha)
			if v > alpha && !e.stop {
				v = -e.alphaBeta(c.P, c.O, depth-1, -scoreInf, -alpha)
			}
		}
		if e.stop {
			if better > 0 && !all {
				b := rm[better]
				copy(rm[1:better+1], rm[:better])
				rm[0] = b
			}
			return false
		}
		if i > 0 && v > alpha {
			better = i
		}
		rm[i].score = v
		if all {
			rm[i].pv = e.pv(&rm[i], depth)
		}
		if v > alpha {
			alpha = v
		}
	}
	sortRoot(rm)
	return true
}

// sortRoot sorts by score, best first, keeping the order of equal scores (stable insertion).
func sortRoot(rm []rootMove) {
	for i := 1; i < len(rm); i++ {
		for j := i; j > 0 && rm[j].score > rm[j-1].score; j-- {
			rm[j], rm[j-1] = rm[j-1], rm[j]
		}
	}
}

// Search finds a move for the current position within the limits. Progress, if not nil, gets
// each finished iteration. Cancelling ctx stops the search; the best move found so far is
// returned. With 0 legal moves the result is Pass (forced) or NoMove (game over).
func (e *Searcher) Search(ctx context.Context, lim Limits, progress func(Info)) Result {
	l := e.begin(ctx, lim)
	p := e.pos
	switch p.Status() {
	case reversi.Over:
		return Result{Move: reversi.NoMove, Info: Info{Kind: Exact, Score: p.Score() * discUnit}}
	case reversi.MustPass:
		return Result{Move: reversi.Pass, Info: Info{Kind: Midgame, PV: []reversi.Move{reversi.Pass}}}
	}
	if l.noise > 0 {
		return e.noisy(l, lim.Seed, progress)
	}
	rm := rootMoves(p)
	res := Result{Move: rm[0].move}
	report := func(kind Kind, depth, score int, pv []reversi.Move) {
		res.Move = pv[0]
		res.Info = Info{Kind: kind, Depth: depth, Score: score, Nodes: e.totalNodes(), Time: time.Since(e.start), PV: pv}
		if progress != nil {
			progress(res.Info)
		}
	}
	n := p.Empties()
	maxDepth := l.depth
	if n <= l.wld {
		maxDepth = min(maxDepth, 6) // a short midgame search orders the root and is the fallback
	}
	if maxDepth > n {
		maxDepth = n
	}
	stable := 0 // iterations the best move has stayed the same
	for d := 1; d <= maxDepth; d++ {
		if !e.searchRoot(rm, d, false) {
			if m := rm[0].move; d > 1 && m != res.Move { // a better move before the cut
				res.Move, res.Info.Score, res.Info.PV = m, rm[0].score, []reversi.Move{m}
			}
			break
		}
		if d > 1 && rm[0].move == res.Move {
			stable++
		} else {
			stable = 0
		}
		report(Midgame, d, rm[0].score, e.pv(&rm[0], d))
		if !e.deadline.IsZero() && time.Since(e.start) > iterationBudget(lim, stable) {
			break // the next iteration would likely not finish, or is not needed
		}
	}
	if e.stop || n > l.wld {
		return res
	}
	// Endgame: solve with the root moves in the midgame's order.
	kind, lo, hi := Exact, -64, 64
	if n > l.exact {
		kind, lo, hi = WLD, -1, 1
	}
	v, m := e.solveRoot(rm, lo, hi)
	if !e.stop {
		if kind == WLD {
			v = sign(v)
		}
		report(kind, n, v*discUnit, []reversi.Move{m})
	}
	return res
}

// iterationBudget is how long into a timed search a new iteration may still start: half the
// time, as a fixed time for the move always has; under a clock 0.6 of it just after the best
// move changed, down to 0.3 once it has stayed the same for three iterations.
func iterationBudget(lim Limits, stable int) time.Duration {
	pct := 50
	if lim.Clock {
		pct = 60 - 10*min(stable, 3)
	}
	return lim.Time * time.Duration(pct) / 100
}

// solveRoot solves each root move in turn with a window narrowed by the best so far.
func (e *Searcher) solveRoot(rm []rootMove, lo, hi int) (int, reversi.Move) {
	s := e.solver
	s.hook, s.stop, s.next = e.solverHook, false, s.Nodes+pollEvery
	best, bestMove := -solveInf, rm[0].move
	alpha := lo
	for i, r := range rm {
		c := r.child
		n := c.Empties()
		var v int
		if i == 0 {
			w, _ := s.pvs(c.P, c.O, -hi, -alpha, n)
			v = -w
		} else {
			v = -s.nws(c.P, c.O, c.Moves(), -alpha-1, n)
			if v > alpha && v < hi && !s.stop {
				w, _ := s.pvs(c.P, c.O, -hi, -alpha, n)
				v = -w
			}
		}
		if s.stop {
			e.stop = true
			break
		}
		if v > best {
			best, bestMove = v, r.move
			if v > alpha {
				alpha = v
				if v >= hi {
					break
				}
			}
		}
	}
	return best, bestMove
}

func (e *Searcher) solverHook() bool { return e.poll() }

// noisy picks a move for the weak levels: every move scored at the level's depth, plus noise.
func (e *Searcher) noisy(l level, seed int64, progress func(Info)) Result {
	if seed == 0 {
		seed = time.Now().UnixNano()
	}
	r := rand.New(rand.NewSource(seed))
	p := e.pos
	rm := rootMoves(p)
	depth := min(l.depth, p.Empties())
	kind := Midgame
	if p.Empties() <= l.exact {
		kind = Exact
	}
	best, bestScore, bestNoisy := rm[0].move, 0, -1<<30
	for _, m := range rm {
		var v int
		if kind == Exact {
			s := e.solver
			s.hook, s.stop, s.next = e.solverHook, false, s.Nodes+pollEvery
			w, _ := s.pvs(m.child.P, m.child.O, -64, 64, m.child.Empties())
			v = -w * discUnit
		} else {
			v = -e.alphaBeta(m.child.P, m.child.O, depth-1, -scoreInf, scoreInf)
		}
		if e.stop {
			break
		}
		nv := v + r.Intn(2*l.noise+1) - l.noise
		if nv > bestNoisy {
			best, bestScore, bestNoisy = m.move, v, nv
		}
	}
	res := Result{Move: best, Info: Info{Kind: kind, Depth: depth, Score: bestScore, Nodes: e.totalNodes(),
		Time: time.Since(e.start), PV: []reversi.Move{best}}}
	if progress != nil {
		progress(res.Info)
	}
	return res
}

// Hints scores every legal move of the current position (best first), each with its line:
// exactly when the position is within the level's exact-solve range, else by a midgame
// search deepened until the level's depth or the limits. Progress gets each finished depth's
// best line. A search cut by the limits returns the last finished depth's hints: the moves
// it scored a ply deeper are not mixed in, since odd and even depths' scores differ by
// several discs (the side to move at the leaves).
func (e *Searcher) Hints(ctx context.Context, lim Limits, progress func(Info)) []Hint {
	l := e.begin(ctx, lim)
	p := e.pos
	if p.Status() != reversi.Ongoing {
		return nil
	}
	rm := rootMoves(p)
	hints := func(kind Kind, depth int) []Hint {
		h := make([]Hint, len(rm))
		for i, r := range rm {
			h[i] = Hint{Move: r.move, Score: r.score, Kind: kind, Depth: depth, PV: r.pv}
		}
		return h
	}
	var out []Hint
	n := p.Empties()
	if n <= l.exact {
		s := e.solver
		s.hook, s.stop, s.next = e.solverHook, false, s.Nodes+pollEvery
		for i := range rm {
			c := rm[i].child
			w, reply := s.pvs(c.P, c.O, -64, 64, c.Empties())
			if s.stop {
				return out
			}
			rm[i].score = -w * discUnit
			rm[i].pv = []reversi.Move{rm[i].move}
			if reply >= 0 {
				rm[i].pv = append(rm[i].pv, reversi.Move(reply))
			}
		}
		sortRoot(rm)
		return hints(Exact, n)
	}
	for d := 1; d <= min(l.depth, n); d++ {
		if !e.searchRoot(rm, d, true) {
			break
		}
		out = hints(Midgame, d)
		if progress != nil {
			progress(Info{Kind: Midgame, Depth: d, Score: rm[0].score, Nodes: e.totalNodes(),
				Time: time.Since(e.start), PV: rm[0].pv})
		}
	}
	return out
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
