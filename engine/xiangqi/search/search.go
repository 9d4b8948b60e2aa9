// Package search finds good xiangqi moves: iterative deepening with aspiration windows,
// principal-variation alpha-beta with a transposition table (probed in quiescence too), then a
// quiescence search of captures that do not lose material by static exchange. The tree is cut
// as the strongest alpha-beta engines cut theirs: null move, reverse futility and razoring at
// a node; futility, late-move, history and SEE pruning of moves; late-move reductions
// adjusted by history, improving, PV and cut nodes; internal iterative reductions; singular
// extensions (with multi-cut and negative extensions) in place of extending every check
// (checks are extended in PV nodes only). Moves are ordered by the hash move, captures by
// value and exchange, killers, the countermove and history with continuation history (one and
// two plies). It prints nothing: progress goes to a callback.
//
// Files:
//   - search.go: Searcher, Limits, Info, Result; iterative deepening, the clock
//     (iterationBudget), negamax in named steps (probeTT, pruneNode, the singular test,
//     searchMoves), quiescence; repetition by the rules; stopping (context, nodes, time, Poll).
//   - order.go:  move ordering (hash move, good captures by MVV-LVA, killers, countermove,
//     history and continuation history, losing captures last).
//   - see.go:    static exchange evaluation.
//   - tt.go:     the transposition table (two-entry buckets: depth-preferred + always).
//   - eval.go:   material and piece-square evaluation, kept incrementally by the search.
//   - positional.go: positional features (cannon threats on the general, attackers against a
//     palace missing advisors or elephants, horse and chariot mobility, …) times Weights,
//     computed at each evaluation; Evaluate is the whole evaluation from scratch.
//   - bench.go:  the bench positions and Bench, the node-count signature (`bench` command).
//   - stats.go:  counters of where the nodes went (cmd/qipan-treestats prints them).
//
// Conventions: scores are from the side to move's view, a chariot is worth 600; mate in n
// plies scores Mate-n (being mated: n-Mate). A position with no legal move is lost (xiangqi has
// no stalemate draw). A position that repeats one earlier in the game or the search, with no
// capture between, ends the line, scored by the game's repetition rules (xiangqi's doc): the
// side that checked or chased perpetually loses (±Perpetual), otherwise it is a draw; so is
// 120 plies without a capture.
package search

import (
	"context"
	"math"
	"time"

	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/nnue"
)

const (
	// MaxPly bounds the search depth including extensions and quiescence.
	MaxPly = 128
	// MaxDepth bounds iterative deepening.
	MaxDepth = 64
	// Mate is the score of giving mate now; mate in n plies is Mate-n.
	Mate = 30000
	// Perpetual is the score of a repetition the opponent forced by checking every move
	// (he loses by the rules); large, but not a mate score.
	Perpetual = 20000
	// pollEvery is how many nodes pass between checks of the limits and calls of Poll.
	pollEvery = 1024
	// drawPlies: this many plies without a capture is a draw (60 moves each).
	drawPlies = 120
	inf       = Mate + 1
	mateBound = Mate - MaxPly // scores beyond ±mateBound are mates
)

// Past is a position of the game before the one searched: its key and whether the side to
// move there was in check (to judge perpetual check).
type Past struct {
	Key   uint64
	Check bool
}

// Limits say when to stop; zero fields do not limit.
type Limits struct {
	Depth int           // iterations (plies)
	Nodes uint64        // nodes searched
	Soft  time.Duration // no new iteration starts after this
	Hard  time.Duration // the search stops at once after this
	Ban   []xiangqi.Move
	// MultiPV > 1 searches that many best root moves, each with its own score and line
	// (full windows, so a little slower); Result.Lines holds them.
	MultiPV int
	// Poll, if set, is called every ~1000 nodes. The browser build yields to the JavaScript
	// event loop in it, so that a stop message can arrive while the search runs.
	Poll func()
}

// Info reports a finished iteration (or, with MultiPV, one line of it).
type Info struct {
	Depth     int
	MultiPV   int // with Limits.MultiPV > 1: the line's rank, 1 = best; else 0
	SelDepth  int
	Score     int
	MatePlies int // > 0: mate in that many plies; < 0: mated; 0: no mate seen
	Nodes     uint64
	Time      time.Duration
	PV        []xiangqi.Move
}

// Result is the search's choice: Best is NoMove only when there is no legal move.
type Result struct {
	Best, Ponder xiangqi.Move
	Score        int
	Depth        int
	Nodes        uint64
	// Lines are the root moves of the last finished iteration, best first, with their
	// scores: Limits.MultiPV of them (capped by the legal moves), or just Best. The slice
	// belongs to the Searcher and is valid until its next search.
	Lines []Line
}

// Line is a root move and its score.
type Line struct {
	Move  xiangqi.Move
	Score int
}

// maxMultiPV bounds Limits.MultiPV.
const maxMultiPV = 16

// frame is one ply's scratch space, so the search allocates nothing per node.
type frame struct {
	ml      xiangqi.MoveList
	scores  [xiangqi.MaxMoves]int32
	killers [2]xiangqi.Move
	pv      [MaxPly]xiangqi.Move
	pvN     int
	move    xiangqi.Move  // the move played from this ply (NoMove for a null move)
	piece   xiangqi.Piece // the piece that played it
	quiets  [64]xiangqi.Move
	nq      int
	counter xiangqi.Move // the countermove to the previous move (set by scoreMoves)
	// static is the node's static evaluation (-inf in check); improving says it is better
	// than two plies ago.
	static    int
	improving bool
	// raw is the static evaluation before correction; eval is static sharpened by the
	// table's score where its bound allows, used to prune.
	raw, eval int
	// excluded is the move a singular-extension search leaves out (NoMove otherwise).
	excluded xiangqi.Move
}

// Searcher holds a position being searched and the tables kept between searches. It is not
// safe for concurrent use.
type Searcher struct {
	tt      table
	history [xiangqi.NumPieces][xiangqi.NumSquares]int32
	// cont[piece][to] scores a quiet reply by what was played one and two plies before it
	// (continuation history).
	cont    *[xiangqi.NumPieces][xiangqi.NumSquares]contEntry
	counter [xiangqi.NumPieces][xiangqi.NumSquares]xiangqi.Move
	// corr[side][structure] corrects the static evaluation (corr.go); skey is the
	// structure's key now.
	corr *[2][corrSize]int32
	skey uint64
	// fcorr[side to move][side] corrects by each side's attacking force, fkey[side] its key.
	fcorr  *[2][2][corrSize]int32
	fkey   [2]uint64
	frames [MaxPly + 1]frame
	lines  [maxMultiPV]Line // the current iteration's lines (MultiPV)
	done   [maxMultiPV]Line // the last finished iteration's lines

	evals [evalCacheSize]evalEntry // positional terms of recently evaluated positions

	pos    xiangqi.Position
	board  board    // pos's points, kept move by move
	mat    [2]int32 // material of each side, kept incrementally
	keys   []uint64 // keys of the game and the search path; keys[len-1] is the position now
	checks []bool   // checks[i]: the side to move at keys[i] was in check
	floor  int      // keys below this index cannot repeat (a null move lies between)

	ctx      context.Context
	lim      Limits
	start    time.Time
	nodes    uint64
	checkAt  uint64
	stopped  bool
	selDepth int

	stats Stats

	cycle *xiangqi.Cycle // judges the repetitions found (20 KB, apart from the searcher's fields)

	// net, when set, evaluates in place of the hand evaluation; accs[top] holds its sums for
	// the position now (one per move made on the search path).
	net  *nnue.Net
	accs []nnue.Accumulator
	top  int
}

// SetNet makes the searcher evaluate with n (engine/xiangqi/nnue); nil goes back to the hand
// evaluation.
func (s *Searcher) SetNet(n *nnue.Net) {
	s.net = n
	if n != nil && s.accs == nil {
		s.accs = make([]nnue.Accumulator, MaxPly+2)
	}
}

// lmr[depth][moveIndex] is the late-move reduction of a quiet move.
var lmr [MaxDepth + 1][xiangqi.MaxMoves]int8

func init() {
	for d := 1; d <= MaxDepth; d++ {
		for i := 1; i < xiangqi.MaxMoves; i++ {
			lmr[d][i] = int8(0.5 + math.Log(float64(d))*math.Log(float64(i))/2.2)
		}
	}
}

// New returns a searcher with a transposition table of about hashMB megabytes (at least 1).
func New(hashMB int) *Searcher {
	s := &Searcher{cycle: new(xiangqi.Cycle), cont: new([xiangqi.NumPieces][xiangqi.NumSquares]contEntry),
		corr: new([2][corrSize]int32), fcorr: new([2][2][corrSize]int32)}
	s.tt.resize(hashMB)
	return s
}

// SetHashSize resizes (and clears) the transposition table.
func (s *Searcher) SetHashSize(mb int) { s.tt.resize(mb) }

// Clear forgets everything learned from earlier searches.
func (s *Searcher) Clear() {
	s.tt.clear()
	s.history = [xiangqi.NumPieces][xiangqi.NumSquares]int32{}
	clear(s.cont[:])
	clear(s.corr[:])
	clear(s.fcorr[:])
	s.counter = [xiangqi.NumPieces][xiangqi.NumSquares]xiangqi.Move{}
	for i := range s.frames {
		s.frames[i].killers = [2]xiangqi.Move{}
	}
}

// Search searches pos (which it does not change) until a limit or ctx stops it. history holds
// the game's earlier positions, oldest first, for repetition; it may be nil.
func (s *Searcher) Search(ctx context.Context, pos *xiangqi.Position, history []Past, lim Limits, progress func(Info)) Result {
	s.pos, s.ctx, s.lim = *pos, ctx, lim
	s.mat = material(&s.pos)
	if s.top = 0; s.net != nil {
		s.net.Refresh(&s.accs[0], &s.pos)
	}
	s.board.load(&s.pos)
	s.skey, s.fkey = corrKeys(&s.board)
	s.keys, s.checks = s.keys[:0], s.checks[:0]
	for _, h := range history {
		s.keys, s.checks = append(s.keys, h.Key), append(s.checks, h.Check)
	}
	s.keys, s.checks = append(s.keys, s.pos.Key()), append(s.checks, s.pos.InCheck())
	s.floor = 0
	s.start, s.nodes, s.stopped, s.selDepth = time.Now(), 0, false, 0
	s.stats = Stats{}
	s.checkAt = pollEvery
	if lim.Nodes > 0 && lim.Nodes < s.checkAt {
		s.checkAt = lim.Nodes
	}
	s.tt.age++
	clear(s.evals[:])          // Weights may have changed since the last search
	for i := range s.history { // keep some of the ordering knowledge, fade the rest
		for j := range s.history[i] {
			s.history[i][j] /= 8
		}
	}

	root := &s.frames[0]
	s.pos.GenerateLegal(&root.ml)
	n := 0
	for _, m := range root.ml.Moves[:root.ml.N] {
		if !banned(m, lim.Ban) {
			root.ml.Moves[n] = m
			n++
		}
	}
	root.ml.N = n
	if n == 0 {
		return Result{}
	}
	// Order once by the usual heuristics; later iterations move the best move to the front.
	s.scoreMoves(root, 0, s.tt.move(s.pos.Key()))
	for i := 0; i < n; i++ {
		pickMove(root, i)
	}
	res := Result{Best: root.ml.Moves[0]}

	maxDepth := MaxDepth
	if lim.Depth > 0 && lim.Depth < maxDepth {
		maxDepth = lim.Depth
	}
	multi := max(1, min(lim.MultiPV, n, maxMultiPV))
	res.Lines = s.done[:1]
	s.done[0] = Line{Move: res.Best}
	prev, stable := 0, 0
	for depth := 1; depth <= maxDepth; depth++ {
		var score int
		var best xiangqi.Move
		if multi == 1 {
			score, best = s.aspiration(depth, prev)
		} else {
			score, best = s.searchLines(depth, multi, progress)
		}
		if s.stopped {
			if best != xiangqi.NoMove && best != res.Best {
				// A move searched in full beat the last iteration's choice before the stop.
				res.Best, res.Ponder = best, xiangqi.NoMove
				if root.pvN > 1 && root.pv[0] == best {
					res.Ponder = root.pv[1]
				}
			}
			break
		}
		if best == res.Best && depth > 1 {
			stable++
		} else {
			stable = 0
		}
		drop := prev - score
		prev = score
		pvLine := root.pv[:root.pvN]
		res.Best, res.Score, res.Depth, res.Ponder = best, score, depth, xiangqi.NoMove
		if multi == 1 {
			s.done[0] = Line{best, score}
		} else {
			copy(s.done[:multi], s.lines[:multi])
			res.Lines = s.done[:multi]
			pvLine = s.frames[0].pv[:0] // reported line by line already
		}
		if len(root.pv) > 1 && root.pvN > 1 && root.pv[0] == best {
			res.Ponder = root.pv[1]
		}
		if progress != nil && multi == 1 {
			progress(Info{Depth: depth, SelDepth: s.selDepth, Score: score, MatePlies: matePlies(score),
				Nodes: s.nodes, Time: time.Since(s.start), PV: append([]xiangqi.Move(nil), pvLine...)})
		}
		if mp := matePlies(score); mp != 0 && depth > abs(mp)+2 {
			break // a deeper search finds no faster mate or escape
		}
		if n == 1 && lim.Soft > 0 {
			break // a forced move needs no clock time
		}
		if lim.Soft > 0 && lim.Hard > lim.Soft && time.Since(s.start) > iterationBudget(lim.Soft, lim.Hard, stable, drop) {
			break // the next iteration would likely not finish in time, or is not needed
		}
		// With a fixed time for the move (Hard == Soft) time left unused is lost: go on, a cut
		// iteration still counts once it finds a better move.
	}
	res.Nodes = s.nodes
	return res
}

// searchLines runs one MultiPV iteration: the best move, then the best of the others, and so
// on, each with a full window. The root moves end up ordered by line. It reports each line.
func (s *Searcher) searchLines(depth, multi int, progress func(Info)) (int, xiangqi.Move) {
	root := &s.frames[0]
	var firstScore int
	var first xiangqi.Move
	var firstPV [MaxPly]xiangqi.Move
	firstN := 0
	for k := 0; k < multi; k++ {
		score, best := s.searchRoot(depth, -inf, inf, k)
		if s.stopped {
			if k == 0 {
				return score, best
			}
			break
		}
		s.lines[k] = Line{best, score}
		if k == 0 {
			firstScore, first = score, best
			firstN = copy(firstPV[:], root.pv[:root.pvN])
		}
		if progress != nil {
			progress(Info{Depth: depth, MultiPV: k + 1, SelDepth: s.selDepth, Score: score, MatePlies: matePlies(score),
				Nodes: s.nodes, Time: time.Since(s.start), PV: append([]xiangqi.Move(nil), root.pv[:root.pvN]...)})
		}
	}
	root.pvN = copy(root.pv[:], firstPV[:firstN])
	return firstScore, first
}

// aspiration searches one iteration in a window around the previous score, widening it on a
// fail. It returns the score and the best move (NoMove if stopped before one was found).
func (s *Searcher) aspiration(depth, prev int) (int, xiangqi.Move) {
	alpha, beta, delta := -inf, inf, 40
	if depth >= 4 && abs(prev) < mateBound {
		alpha, beta = prev-delta, prev+delta
	}
	found := xiangqi.NoMove
	for {
		score, best := s.searchRoot(depth, alpha, beta, 0)
		if best != xiangqi.NoMove {
			found = best
		}
		if s.stopped {
			return score, found
		}
		switch {
		case score <= alpha && alpha > -inf:
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -inf)
		case score >= beta && beta < inf:
			beta = min(score+delta, inf)
		default:
			return score, found
		}
		delta += delta
		if delta > 600 {
			alpha, beta = -inf, inf
		}
	}
}

// iterationBudget is how long into a clock search a new iteration may still start: 0.6 of the
// soft limit, less when the best move has stayed the same for several iterations (stable),
// more when it just changed or the score dropped (drop, centipawns, since the last
// iteration), and never past 0.6 of the hard limit.
func iterationBudget(soft, hard time.Duration, stable, drop int) time.Duration {
	pct := 150 - 20*min(stable, 5) // 150 % after a change, down to 50 % when long settled
	if drop > 20 {
		pct += min(50, drop/2)
	}
	return min(soft*time.Duration(pct)/100*6/10, hard*6/10)
}

func banned(m xiangqi.Move, ban []xiangqi.Move) bool {
	for _, b := range ban {
		if m == b {
			return true
		}
	}
	return false
}

func matePlies(score int) int {
	switch {
	case score > mateBound:
		return Mate - score
	case score < -mateBound:
		return -(Mate + score)
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// searchRoot runs one iteration over the root moves from index first on, in their current
// order, within (alpha, beta), fail-soft. It returns the score and the best move among those
// searched in full that raised alpha (NoMove if none did), which it moves to index first.
func (s *Searcher) searchRoot(depth, alpha, beta, first int) (int, xiangqi.Move) {
	f := &s.frames[0]
	f.pvN = 0
	bestScore, best := -inf, xiangqi.NoMove
	origAlpha := alpha
	for i := first; i < f.ml.N; i++ {
		m := f.ml.Moves[i]
		f.move, f.piece = m, s.board.sq[m.From()]
		u := s.makeMove(m)
		ext := 0
		if s.inCheck() {
			ext = 1
		}
		var score int
		if i == first {
			score = -s.negamax(-beta, -alpha, depth-1+ext, 1, false)
		} else {
			score = -s.negamax(-alpha-1, -alpha, depth-1+ext, 1, true)
			if score > alpha && score < beta && !s.stopped {
				score = -s.negamax(-beta, -alpha, depth-1+ext, 1, false)
			}
		}
		s.unmakeMove(m, u)
		if s.stopped {
			break
		}
		if score > bestScore {
			bestScore = score
		}
		if score > alpha {
			alpha, best = score, m
			s.updatePV(0, m)
			copy(f.ml.Moves[first+1:i+1], f.ml.Moves[first:i]) // best first for the next iteration
			f.ml.Moves[first] = m
			if alpha >= beta {
				break
			}
		}
	}
	if !s.stopped && first == 0 {
		s.tt.store(s.pos.Key(), best, bestScore, depth, boundOf(bestScore, origAlpha, beta), 0)
	}
	return bestScore, best
}

func (s *Searcher) updatePV(ply int, m xiangqi.Move) {
	f, child := &s.frames[ply], &s.frames[ply+1]
	f.pv[0] = m
	n := copy(f.pv[1:], child.pv[:child.pvN])
	f.pvN = n + 1
}

// makeMove plays m and keeps the material sums, the key path and the check flags.
func (s *Searcher) makeMove(m xiangqi.Move) xiangqi.Undo {
	from, to := m.From(), m.To()
	pc, cap := s.board.sq[from], s.board.sq[to]
	c := pc.Color()
	s.mat[c] += pst[pc][to] - pst[pc][from]
	s.fkey[c] ^= forceZobrist[pc][from] ^ forceZobrist[pc][to]
	if cap != xiangqi.NoPiece {
		s.mat[c^1] -= pst[cap][to]
		s.fkey[c^1] ^= forceZobrist[cap][to]
	}
	s.skey ^= structZobrist[pc][from] ^ structZobrist[pc][to] ^ structZobrist[cap][to]
	s.board.move(from, to)
	if s.net != nil {
		s.accs[s.top+1] = s.accs[s.top]
		s.net.Update(&s.accs[s.top+1], &s.pos, m)
		s.top++
	}
	u := s.pos.Make(m)
	s.keys = append(s.keys, s.pos.Key())
	s.checks = append(s.checks, s.pos.InCheck())
	return u
}

func (s *Searcher) unmakeMove(m xiangqi.Move, u xiangqi.Undo) {
	s.pos.Unmake(m, u)
	if s.net != nil {
		s.top--
	}
	s.keys = s.keys[:len(s.keys)-1]
	s.checks = s.checks[:len(s.checks)-1]
	from, to := m.From(), m.To()
	pc := s.board.sq[to]
	s.board.unmove(from, to, u.Captured)
	s.skey ^= structZobrist[pc][from] ^ structZobrist[pc][to] ^ structZobrist[u.Captured][to]
	c := pc.Color()
	s.mat[c] -= pst[pc][to] - pst[pc][from]
	s.fkey[c] ^= forceZobrist[pc][from] ^ forceZobrist[pc][to]
	if u.Captured != xiangqi.NoPiece {
		s.mat[c^1] += pst[u.Captured][to]
		s.fkey[c^1] ^= forceZobrist[u.Captured][to]
	}
}

// inCheck reports whether the side to move now is in check (computed when the move was made).
func (s *Searcher) inCheck() bool { return s.checks[len(s.checks)-1] }

// residualLimit bounds a residual network's correction of the hand evaluation: its error
// on quiet game positions is small, but on what a search reaches it strays by hundreds of
// centipawns. At 20,000 nodes a move against the hand evaluation alone (docs/strength-log.md):
// unbounded 17.5 % (40 games), ±120 31 % (60), ±60 45 % (40), ±30 55 % (200 games: +35 ± 30 Elo).
const residualLimit = 30

// evalEntry caches the positional terms (Red's view) of the position with key.
type evalEntry struct {
	key uint64
	v   int32
}

// evalCacheSize is a power of two: about a quarter of the evaluations in a search repeat one
// of the last few thousand (transpositions, razoring and quiescence at the same node).
const evalCacheSize = 1 << 14

func (s *Searcher) eval() int {
	us := s.pos.Turn()
	if s.net != nil && !s.net.Residual {
		return s.net.Evaluate(&s.accs[s.top], us)
	}
	k := s.pos.Key()
	e := &s.evals[k&(evalCacheSize-1)]
	if e.key != k {
		e.key, e.v = k, int32(positional(&s.board, &s.pos))
	}
	v := int(e.v)
	if us == xiangqi.Black {
		v = -v
	}
	v += int(s.mat[us] - s.mat[us^1] + tempo)
	if s.net != nil { // a residual network: what the hand evaluation misses, within bounds
		v += max(-residualLimit, min(residualLimit, s.net.Evaluate(&s.accs[s.top], us)))
	}
	return scaled(&s.pos, us, v)
}

// repetition reports whether the position now occurred before with no capture or null move
// in between (same side to move, so two plies apart), and if so its score for the side to
// move by the rules (xiangqi.Cycle judges the stretch since the position's first occurrence):
// a loss for the side to move if it is the one that checked or chased perpetually, a win if
// the opponent did, otherwise a draw.
func (s *Searcher) repetition() (int, bool) {
	n := len(s.keys) - 1
	low := n - s.pos.HalfmoveClock()
	if low < s.floor {
		low = s.floor
	}
	k := s.keys[n]
	first := -1
	for i := n - 4; i >= low; i -= 2 { // a position cannot recur two plies later
		if s.keys[i] == k {
			first = i
		}
	}
	if first < 0 {
		return 0, false
	}
	r, ok := s.cycle.Judge(&s.pos, s.keys[first:])
	if !ok { // keys the rules cannot replay (a history with gaps): judge checks alone
		return s.checkRepetition(first), true
	}
	switch {
	case r.Draw || (r.Status != xiangqi.PerpetualCheck && r.Status != xiangqi.PerpetualChase):
		return 0, true
	case r.Loser == s.pos.Turn():
		return -Perpetual, true
	}
	return Perpetual, true
}

// checkRepetition scores the repetition since keys[first] by perpetual check alone.
func (s *Searcher) checkRepetition(first int) int {
	n := len(s.keys) - 1
	// checks[j] says the move into j gave check. The opponent moved into n, n-2, …;
	// the side to move into n-1, n-3, ….
	them, us := true, true
	for j := n; j > first; j -= 2 {
		them = them && s.checks[j]
		us = us && s.checks[j-1]
	}
	switch {
	case them && !us:
		return Perpetual
	case us && !them:
		return -Perpetual
	}
	return 0
}

// check is called every pollEvery nodes (and at the node limit): it calls Poll and decides
// whether to stop.
func (s *Searcher) check() {
	s.checkAt = s.nodes + pollEvery
	if s.lim.Nodes > 0 {
		if s.nodes >= s.lim.Nodes {
			s.stopped = true
			return
		}
		if s.lim.Nodes < s.checkAt {
			s.checkAt = s.lim.Nodes
		}
	}
	if s.lim.Poll != nil {
		s.lim.Poll()
	}
	select {
	case <-s.ctx.Done():
		s.stopped = true
		return
	default:
	}
	if s.lim.Hard > 0 && time.Since(s.start) >= s.lim.Hard {
		s.stopped = true
	}
}

// Pruning margins (centipawns, chariot = 600) and depth limits.
const (
	rfpMargin   = 100 // reverse futility per ply of depth
	rfpDepth    = 7
	razorMargin = 260 // razoring per ply of depth
	futBase     = 60  // futility: base and per ply of depth
	futMargin   = 110
	futDepth    = 6
	lmpDepth    = 7 // late-move pruning of quiet moves up to this depth
	histDepth   = 4 // history pruning of quiet moves up to this depth
	histMargin  = 3000
	seeDepth    = 6 // SEE pruning of losing captures up to this depth
	// singularDepth is the least depth at which the hash move is tested for a singular
	// extension.
	singularDepth = 7
)

// lmpLimit[improving][depth] is how many quiet moves a node tries before the rest are pruned.
var lmpLimit [2][lmpDepth + 1]int

func init() {
	for d := 1; d <= lmpDepth; d++ {
		lmpLimit[0][d] = 2 + d*d
		lmpLimit[1][d] = 4 + 2*d*d
	}
}

// negamax searches the position now to depth plies and returns its score (fail-soft). cut
// says the node is expected to fail high (a null-window child of an expected fail-low, or a
// reduced late move): it is reduced more.
func (s *Searcher) negamax(alpha, beta, depth, ply int, cut bool) int {
	f := &s.frames[ply]
	f.pvN = 0
	if depth <= 0 {
		return s.quiesce(alpha, beta, ply)
	}
	s.nodes++
	if s.nodes >= s.checkAt {
		s.check()
	}
	if s.stopped {
		return 0
	}
	if score, ok := s.repetition(); ok {
		return score
	}
	if s.pos.HalfmoveClock() >= drawPlies {
		return 0
	}
	if ply >= MaxPly-1 {
		return s.eval()
	}
	// Mate distance pruning: no score here can beat mating at once or lose later than now.
	alpha, beta = max(alpha, -Mate+ply), min(beta, Mate-ply-1)
	if alpha >= beta {
		return alpha
	}
	pvNode := beta-alpha > 1
	key := s.pos.Key()
	excluded := f.excluded
	tp, hit := s.probeTT(key, alpha, beta, depth, ply, pvNode || excluded != xiangqi.NoMove)
	if hit {
		s.stats.TTCuts++
		return tp.score
	}
	ttMove := tp.move
	inCheck := s.inCheck()
	f.static, f.raw, f.eval, f.improving = -inf, -inf, -inf, false
	if !inCheck {
		f.raw = s.eval()
		f.static = f.raw + s.correction()
		f.eval = tp.sharpen(f.static)
		if ply >= 2 && s.frames[ply-2].static != -inf {
			f.improving = f.static > s.frames[ply-2].static
		}
	}
	if !pvNode && !inCheck && abs(beta) < mateBound && excluded == xiangqi.NoMove {
		if v, ok := s.pruneNode(alpha, beta, depth, ply, cut); ok {
			return v
		}
		if s.stopped {
			return 0
		}
	}
	// Internal iterative reduction: with no hash move to try first the node is searched a ply
	// less; the table will have a move when it comes back at full depth.
	if (pvNode || cut) && ttMove == xiangqi.NoMove && depth >= 5 {
		depth--
	}
	// Singular extension: if every move but the hash move fails well below the hash move's
	// stored score, the hash move is searched a ply deeper; if even without it the node fails
	// high, several moves refute it and the node is cut (multi-cut).
	ttExt := 0
	if excluded == xiangqi.NoMove && depth >= singularDepth && ttMove != xiangqi.NoMove && ply > 0 {
		if e, ok := s.tt.probe(key); ok && e.move == ttMove && e.bound != boundUpper && int(e.depth) >= depth-3 &&
			abs(int(e.score)) < mateBound {
			tts := int(e.score)
			sBeta := tts - 2*depth
			f.excluded = ttMove
			v := s.negamax(sBeta-1, sBeta, (depth-1)/2, ply, cut)
			f.excluded = xiangqi.NoMove
			if s.stopped {
				return 0
			}
			switch {
			case v < sBeta:
				ttExt = 1
				s.stats.Extensions++
			case sBeta >= beta:
				s.stats.NodePruned++
				return sBeta
			case tts >= beta:
				ttExt = -1
			}
		}
	}
	return s.searchMoves(alpha, beta, depth, ply, pvNode, cut, inCheck, ttMove, ttExt)
}

// ttProbe is what the table holds on a position (found false: nothing), its score relative
// to the node.
type ttProbe struct {
	move  xiangqi.Move
	score int
	bound bound
	found bool
}

// sharpen returns the stored score in place of static when its bound says the true score
// lies beyond static (or it is exact); static otherwise, and always for mate scores.
func (tp ttProbe) sharpen(static int) int {
	if tp.found && abs(tp.score) < mateBound && (tp.bound == boundExact ||
		tp.bound == boundLower && tp.score > static || tp.bound == boundUpper && tp.score < static) {
		return tp.score
	}
	return static
}

// probeTT looks the position up: its hash move and stored result, and whether the result
// answers the node at once (hit: deep enough and its bound decides). PV nodes only take the
// move, so the principal variation stays whole.
func (s *Searcher) probeTT(key uint64, alpha, beta, depth, ply int, pvNode bool) (ttProbe, bool) {
	e, ok := s.tt.probe(key)
	if !ok {
		return ttProbe{move: xiangqi.NoMove}, false
	}
	tp := ttProbe{move: e.move, score: fromTT(int(e.score), ply), bound: e.bound, found: true}
	if !pvNode && int(e.depth) >= depth {
		switch {
		case e.bound == boundExact,
			e.bound == boundLower && tp.score >= beta,
			e.bound == boundUpper && tp.score <= alpha:
			return tp, true
		}
	}
	return tp, false
}

// pruneNode tries to answer a non-PV node not in check without searching its moves: reverse
// futility (far above beta), razoring (far below alpha: only captures could help) and the
// null move (passing still fails high). ok reports an answer.
func (s *Searcher) pruneNode(alpha, beta, depth, ply int, cut bool) (int, bool) {
	f := &s.frames[ply]
	static := f.eval
	improving := 0
	if f.improving {
		improving = 1
	}
	// Reverse futility: far above beta at a shallow depth, a quiet move will not lose it all.
	if depth <= rfpDepth && static-rfpMargin*(depth-improving) >= beta {
		s.stats.NodePruned++
		return static, true
	}
	if depth <= 2 && static+razorMargin*depth <= alpha {
		v := s.quiesce(alpha, beta, ply)
		if s.stopped {
			return 0, true
		}
		if v <= alpha {
			s.stats.NodePruned++
			return v, true
		}
	}
	// Null move: not twice in a row, and not without pieces that can move freely (the
	// zugzwang-prone endings).
	us := s.pos.Turn()
	if depth >= 3 && static >= beta && s.frames[ply-1].move != xiangqi.NoMove && s.hasPieces(us) {
		r := 4 + depth/3 + min(3, (static-beta)/200)
		f.move, f.piece = xiangqi.NoMove, xiangqi.NoPiece
		u := s.pos.MakeNull()
		s.keys, s.checks = append(s.keys, s.pos.Key()), append(s.checks, false)
		floor := s.floor
		s.floor = len(s.keys) - 1
		s.stats.NullTries++
		score := -s.negamax(-beta, -beta+1, depth-r, ply+1, !cut)
		s.floor = floor
		s.keys, s.checks = s.keys[:len(s.keys)-1], s.checks[:len(s.checks)-1]
		s.pos.UnmakeNull(u)
		if s.stopped {
			return 0, true
		}
		if score >= beta {
			s.stats.NullCuts++
			if score > mateBound {
				score = beta
			}
			return score, true
		}
	}
	return 0, false
}

// searchMoves is the move loop: the moves in order, late quiet ones pruned or searched
// shallower first, the result stored in the table.
func (s *Searcher) searchMoves(alpha, beta, depth, ply int, pvNode, cut, inCheck bool, ttMove xiangqi.Move, ttExt int) int {
	f := &s.frames[ply]
	s.pos.GenerateLegal(&f.ml)
	if f.ml.N == 0 {
		return -Mate + ply // mated, or no move at all: lost either way
	}
	excluded := f.excluded
	s.scoreMoves(f, ply, ttMove)
	improving := 0
	if f.improving {
		improving = 1
	}
	origAlpha := alpha
	best, bestMove := -inf, xiangqi.NoMove
	f.nq = 0
	quietsSeen := 0
	for i := 0; i < f.ml.N; i++ {
		m := pickMove(f, i)
		if m == excluded {
			continue
		}
		pc := s.board.sq[m.From()]
		quiet := s.board.sq[m.To()] == xiangqi.NoPiece
		special := m == ttMove || m == f.killers[0] || m == f.killers[1]
		hist := 0
		if quiet {
			quietsSeen++
			hist = s.quietHistory(ply, pc, m.To())
		}
		// Shallow pruning of moves that cannot raise alpha, once a move has scored.
		if !pvNode && !inCheck && best > -mateBound && m != ttMove {
			if quiet {
				if depth <= lmpDepth && quietsSeen > lmpLimit[improving][depth] {
					s.stats.Pruned++
					continue // late-move pruning (checks included: they were ordered late)
				}
				if depth <= histDepth && !special && hist < -histMargin*depth {
					s.stats.Pruned++
					continue // history pruning: this move kept failing elsewhere
				}
			} else if f.scores[i] < 0 && depth <= seeDepth && s.see(m) < -100*depth {
				s.stats.Pruned++
				continue
			}
		}
		f.move, f.piece = m, pc
		u := s.makeMove(m)
		givesCheck := s.inCheck()
		if quiet && !givesCheck && !pvNode && !inCheck && best > -mateBound && depth <= futDepth &&
			f.eval+futBase+futMargin*depth <= alpha && i > 0 {
			s.unmakeMove(m, u) // futility: a quiet move will not make up the deficit
			s.stats.Pruned++
			continue
		}
		ext := 0
		switch {
		case m == ttMove:
			ext = ttExt
		case givesCheck && pvNode && ply < 2*MaxDepth:
			ext = 1
			s.stats.Extensions++
		}
		var score int
		if i == 0 {
			score = -s.negamax(-beta, -alpha, depth-1+ext, ply+1, !pvNode && !cut)
		} else {
			// Late moves are searched shallower first; a surprise earns the full depth.
			r := 0
			if depth >= 2 && !inCheck && (quiet || f.scores[i] < 0) {
				r = int(lmr[min(depth, MaxDepth)][min(i, xiangqi.MaxMoves-1)])
				r += 1 - improving
				if cut {
					r++
				}
				if pvNode {
					r--
				}
				if special || m == f.counter || givesCheck {
					r--
				}
				if quiet {
					r -= max(-2, min(2, hist/8192))
				}
				r = max(0, min(r, depth-1))
			}
			if r > 0 {
				s.stats.LMRTries++
			}
			score = -s.negamax(-alpha-1, -alpha, depth-1-r+ext, ply+1, true)
			if score > alpha && r > 0 && !s.stopped {
				s.stats.LMRResearch++
				score = -s.negamax(-alpha-1, -alpha, depth-1+ext, ply+1, !cut)
			}
			if score > alpha && score < beta && !s.stopped {
				s.stats.PVSResearch++
				score = -s.negamax(-beta, -alpha, depth-1+ext, ply+1, false)
			}
		}
		s.unmakeMove(m, u)
		if s.stopped {
			return 0
		}
		if score > best {
			best, bestMove = score, m
			if score > alpha {
				alpha = score
				s.updatePV(ply, m)
				if alpha >= beta {
					s.stats.CutNodes++
					if i == 0 {
						s.stats.FirstCuts++
					}
					if quiet {
						s.rewardQuiet(f, ply, m, depth)
					}
					break
				}
			}
		}
		if quiet && f.nq < len(f.quiets) {
			f.quiets[f.nq] = m
			f.nq++
		}
	}
	if excluded != xiangqi.NoMove {
		if best == -inf { // the excluded move was the only one
			return alpha
		}
		return best // a result without the best move is not the node's: not stored
	}
	b := boundOf(best, origAlpha, beta)
	s.tt.store(s.pos.Key(), bestMove, best, depth, b, ply)
	// The static evaluation learns from results it did not foresee, when a quiet line (no
	// capture decided it) and the bound say which way it erred.
	if !inCheck && abs(best) < mateBound && (bestMove == xiangqi.NoMove || s.board.sq[bestMove.To()] == xiangqi.NoPiece) &&
		!(b == boundLower && best <= f.static) && !(b == boundUpper && best >= f.static) {
		s.updateCorrection(best-f.raw, depth)
	}
	return best
}

// hasPieces reports whether c has a chariot, horse or cannon.
func (s *Searcher) hasPieces(c xiangqi.Color) bool {
	return s.pos.Count(xiangqi.MakePiece(c, xiangqi.Chariot))+s.pos.Count(xiangqi.MakePiece(c, xiangqi.Horse))+
		s.pos.Count(xiangqi.MakePiece(c, xiangqi.Cannon)) > 0
}

// quiesce searches captures only (all moves when in check) until the position is quiet.
func (s *Searcher) quiesce(alpha, beta, ply int) int {
	f := &s.frames[ply]
	f.pvN = 0
	s.nodes++
	s.stats.QNodes++
	if s.nodes >= s.checkAt {
		s.check()
	}
	if s.stopped {
		return 0
	}
	if ply > s.selDepth {
		s.selDepth = ply
	}
	if ply >= MaxPly-1 {
		return s.eval()
	}
	// The table answers here too (any stored depth will do) and names the capture to try first.
	key := s.pos.Key()
	tp, hit := s.probeTT(key, alpha, beta, 0, ply, beta-alpha > 1)
	if hit {
		s.stats.TTCuts++
		return tp.score
	}
	ttMove := tp.move
	origAlpha := alpha
	inCheck := s.inCheck()
	best, bestMove := -inf, xiangqi.NoMove
	stand := 0
	if inCheck {
		s.pos.GenerateLegal(&f.ml)
		if f.ml.N == 0 {
			return -Mate + ply
		}
	} else {
		stand = tp.sharpen(s.eval() + s.correction())
		if stand >= beta {
			s.tt.store(key, xiangqi.NoMove, stand, 0, boundLower, ply)
			return stand
		}
		if stand > alpha {
			alpha = stand
		}
		best = stand
		s.pos.GenerateCaptures(&f.ml)
	}
	s.scoreMoves(f, ply, ttMove)
	for i := 0; i < f.ml.N; i++ {
		m := pickMove(f, i)
		cap := s.board.sq[m.To()]
		if !inCheck {
			// Delta pruning: even winning this piece outright would not reach alpha.
			if cap.Kind() != xiangqi.General && stand+int(value[cap.Kind()])+200 <= alpha {
				continue
			}
			if f.scores[i] < 0 {
				continue // loses material by exchange (scored so by scoreMoves)
			}
		}
		f.move, f.piece = m, s.board.sq[m.From()]
		u := s.makeMove(m)
		score := -s.quiesce(-beta, -alpha, ply+1)
		s.unmakeMove(m, u)
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha, bestMove = score, m
				s.updatePV(ply, m)
				if alpha >= beta {
					break
				}
			}
		}
	}
	s.tt.store(key, bestMove, best, 0, boundOf(best, origAlpha, beta), ply)
	return best
}

// Probe returns what the transposition table holds on p: its best move, score (from the side
// to move's view), depth and whether the score is a lower and/or upper bound.
func (s *Searcher) Probe(p *xiangqi.Position) (m xiangqi.Move, score, depth int, lower, upper, ok bool) {
	e, ok := s.tt.probe(p.Key())
	if !ok {
		return xiangqi.NoMove, 0, 0, false, false, false
	}
	return e.move, fromTT(int(e.score), 0), int(e.depth), e.bound != boundUpper, e.bound != boundLower, true
}
