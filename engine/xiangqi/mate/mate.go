// Package mate proves forced mates in Xiangqi, beside the main search (engine/xiangqi/search):
// a depth-first AND/OR search with iterative deepening on the attacker's checks and a
// transposition table, and, with Limits.PN, a proof-number search (df-pn) over every move,
// made for composed positions (残局), whose mates are long forced lines, mostly checks (连将杀),
// against a side that threatens mate itself, some of them with quiet moves or zugzwang.
//
// Conventions:
//   - A mate's length counts the attacker's moves, the mating one included ("mate in 3": the
//     attacker moves three times). Xiangqi's mate: the side to move without a legal move has
//     lost, checked or not (a stalemate is a loss too).
//   - The deepening: the attacker moves checks first, those that leave the defender fewest
//     replies first; when the defender's reply checks, every way out (the defender threatens
//     mate itself, and the attacker must answer before it checks again). With Limits.Quiet > 0
//     each line may also hold that many attacker moves that neither check nor answer a check,
//     each of them threatening mate by checks (tried after the checks). The defender tries
//     every legal reply. Iterative deepening makes its mate the shortest of those kinds.
//   - The proof-number search (dfpn.go), with Limits.PN: the attacker's every legal move,
//     a quiet one as much as a check (so mates with several quiet moves, and zugzwang, are
//     found), the defender's every reply; proof and disproof numbers (a check's proof number
//     starts at the defender's replies, a quiet move's one more) lead it to the narrowest trees
//     first. Its mate is not the shortest: once proven it is searched again within one move
//     fewer, while that proves within as many nodes again as the proof took.
//   - Repetition: a position that recurs on the line (the game's history given included, since
//     the last capture) ends that line as no mate. With the attacker checking throughout, such
//     a cycle is a perpetual check, which WXF's rules forbid to the attacker
//     (xiangqi.Cycle's ruling); otherwise it is at best a draw, or a chase the defender would be
//     blamed for, and a proof does not rest on the defender being forced into a loss by a
//     repetition. So every line of a proof reaches a mate without repeating a position.
//   - The tables are read within one solve only. A failure they hold may rest on a repetition
//     of the line that met it; read on another line it may hide a mate, never make one.
//   - A line that runs into the 60-move rule (xiangqi.MoveLimitPlies plies without a capture)
//     before the mate is no mate either.
//   - A proven mate is proven on the board: every defender reply was generated and answered.
//     The proof-number search's proof is checked again before it counts (verify): the
//     attacker's move its table holds at each of its positions, every reply of the defender's,
//     as a graph of positions that must hold no cycle nor a position of the game's history,
//     every line ending in mate; its length is that graph's longest line.
//   - Disproven means no mate of the kind searched at any length: the deepening's tree was
//     exhausted (by checks, with Limits.Quiet quiet moves); with Limits.PN, the proof-number
//     search refuted every move without a repetition or a bound in the way (no mate at all).
//     Unknown: none found within the limits.
//
// Files: mate.go (Solver, Solve and Defend, the deepening), dfpn.go (the proof-number search
// and the check of its proofs), table.go (the two transposition tables). Nothing is allocated
// per node: the move lists live in per-ply stacks of the Solver's.
package mate

import (
	"context"
	"time"

	"qipan/engine/xiangqi"
)

// MaxMoves is the longest mate the solver looks for, in the attacker's moves.
const MaxMoves = 60

// maxPly bounds the lines searched, in plies (two per attacker move, and a root reply).
const maxPly = 2*MaxMoves + 2

// maxPath bounds the positions kept for repetition: the game's before the root and the line's.
const maxPath = xiangqi.MoveLimitPlies + maxPly + 1

// maxQuiet bounds Limits.Quiet.
const maxQuiet = 8

// quietReach is the longest mate searched with quiet moves, in the attacker's moves: beyond
// it only by checks (the quiet moves' tree grows fast, and longer mates of the manuals are
// mostly by checks).
const quietReach = 8

// checksPart is the part of the limits the mates by checks take first: half, a quarter with
// the proof-number search.
func checksPart(lim Limits) int {
	if lim.PN {
		return 4
	}
	return 2
}

// pollEvery is how many nodes pass between checks of the limits.
const pollEvery = 1024

// Status is what a solve found.
type Status uint8

const (
	Unknown   Status = iota // no mate found within the limits
	Proven                  // a forced mate
	Disproven               // no mate of the kind searched at any length (the tree was exhausted)
)

var statusNames = [...]string{"unknown", "proven", "disproven"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "status?"
}

// Limits bound a solve; zero fields do not limit (MaxMoves 0 is MaxMoves).
type Limits struct {
	MaxMoves int // the longest mate looked for, in the attacker's moves
	Quiet    int // the deepening's attacker moves per line that need not check
	// PN adds the proof-number search (every move of the attacker's, any number of quiet moves
	// a line, zugzwang) after the mates by checks, with the limits' three quarters.
	PN    bool
	Nodes uint64        // nodes searched
	Time  time.Duration // time taken
	Ban   []xiangqi.Move
	// Poll, if set, is called every few thousand nodes (the Worker yields to its messages).
	Poll func()
}

// Result is a solve's outcome, from the side to move's view.
type Result struct {
	Status Status
	// Moves is the mate's length in the attacker's moves (Proven): with Solve the side to move
	// mates in Moves, with Defend it is mated in Moves at best.
	Moves int
	// Best is the side to move's move: the shortest mate's first move (Solve), the reply that
	// resists longest (Defend). NoMove when not proven.
	Best xiangqi.Move
	// PV is a line of the proof: the attacker's moves and the defender's longest replies.
	PV    []xiangqi.Move
	Depth int // the longest mate searched completely, in the attacker's moves
	Nodes uint64
	Time  time.Duration
}

// frame is one ply's move lists.
type frame struct {
	ml    xiangqi.MoveList
	reply xiangqi.MoveList // scratch: the replies to a check, counted
	order [xiangqi.MaxMoves]candidate
}

// candidate is a move with its ordering key (lower first).
type candidate struct {
	m     xiangqi.Move
	key   int16
	quiet bool // an attacker's move that does not check
}

// Solver proves mates with its table, reused by each solve (what an earlier solve stored is
// not read); a Solver is not safe for concurrent use.
type Solver struct {
	tt     table
	pt     pnTable
	pf     [maxPly + 1]pnFrame
	vset   []vslot // verify's positions (verifySlots, made with pt)
	pos    xiangqi.Position
	hist   int            // the history's keys on path
	ban    []xiangqi.Move // the root's moves the proof-number search leaves out
	bound  int            // the proof-number search's longest mate, in attacker moves
	vstamp uint32         // verify's current marks in vset
	hashMB int
	stack  [maxPly + 1]frame
	path   [maxPath]uint64                // keys from the oldest position kept to the one searched
	depth  int                            // positions on path
	left   [xiangqi.MaxMoves]xiangqi.Move // Defend's replies not yet proven mated

	nodes, limit uint64
	deadline     time.Time
	ctx          context.Context
	poll         func()
	stopped      bool
	cut          bool // the subtree searched met a bound (length, repetition, move limit)
	deep         bool // … the bound of length among them
}

// New returns a solver with a table of about hashMB megabytes (at least 1), and as much again
// for the proof-number search's, made at the first solve that asks for it (Limits.PN).
func New(hashMB int) *Solver {
	s := &Solver{}
	s.tt.resize(hashMB)
	s.hashMB = hashMB
	return s
}

// Clear empties the table.
func (s *Solver) Clear() { s.tt.clear(); s.pt.clear() }

// HashBytes is the table's size in bytes.
func (s *Solver) HashBytes() int { return s.tt.bytes() + s.pt.bytes() }

// Solve looks for a forced mate by the side to move at pos, the shortest it can. history holds
// the keys of the game's positions before pos, oldest first (for repetition; nil for none).
//
// Stages share the limits. The mates by checks first, deepened within half the limits (a
// quarter with Limits.PN; most of the manuals' mates are of this kind, some of them long).
// Then, with Limits.Quiet, the mates of up to quietReach moves with quiet moves, each length
// by checks first, then with one quiet move, two, … (shorter than the mate by checks found, if
// any). With Limits.PN, when checks did not mate, the proof-number search instead, and if it
// gives up (on repetitions) before the limits, those quiet moves. Then, if the checks were cut
// short and nothing is proven, the checks again within all the limits. Moves is the shortest
// mate of the deepening's kinds when one is proven; a mate of the proof-number search's is as
// short as its shortening found.
func (s *Solver) Solve(ctx context.Context, pos *xiangqi.Position, history []uint64, lim Limits) Result {
	start := time.Now()
	maxMoves, quiet := s.begin(ctx, pos, history, lim, start)
	var r Result
	s.push()
	s.share(lim, start, checksPart(lim))
	a := s.deepen(1, maxMoves, 0, lim.Ban)
	r.Depth = a.depth
	if a.status == Proven {
		r.Status, r.Moves, r.Best = Proven, a.moves, a.best
	}
	s.share(lim, start, 1)
	b := a
	pn, pnDisproven := false, false
	switch {
	case s.stopped:
	case quiet > 0 && (r.Status == Proven || !lim.PN):
		top := quietReach
		if r.Status == Proven { // a shorter mate with quiet moves
			top = min(top, r.Moves-1)
		}
		if b = s.deepen(1, top, quiet, lim.Ban); b.status == Proven {
			r.Status, r.Moves, r.Best = Proven, b.moves, b.best
		}
	case lim.PN && r.Status != Proven:
		s.ban = lim.Ban
		c := s.provePN(maxMoves)
		s.ban = nil
		switch {
		case c.status == Proven:
			r.Status, r.Moves, r.Best, pn = Proven, c.moves, c.best, true
		case c.status == Disproven:
			pnDisproven = true
		case !s.stopped && quiet > 0: // given up on repetitions: the deepening's quiet moves with what is left
			if b = s.deepen(1, quietReach, quiet, lim.Ban); b.status == Proven {
				r.Status, r.Moves, r.Best = Proven, b.moves, b.best
			}
		}
	}
	if r.Status != Proven && !pnDisproven && a.status == Unknown && a.cutShort && !s.stopped {
		a = s.deepen(a.depth+1, maxMoves, 0, lim.Ban)
		r.Depth = max(r.Depth, a.depth)
		if a.status == Proven {
			r.Status, r.Moves, r.Best = Proven, a.moves, a.best
		}
	}
	s.depth--
	switch {
	case pn:
		r.PV = s.pv(r.Best, r.Moves, true, s.pnProof)
	case r.Status == Proven:
		r.PV = s.pv(r.Best, r.Moves, true, s.ttProof)
	case pnDisproven || !lim.PN && a.status == Disproven && (quiet == 0 || b.status == Disproven):
		r.Status = Disproven
	}
	r.Nodes, r.Time = s.nodes, time.Since(start)
	return r
}

// stage is what one deepening found.
type stage struct {
	status   Status
	moves    int
	best     xiangqi.Move
	depth    int  // the longest mate searched completely
	cutShort bool // stopped by its share of the limits
}

// share gives the stages from now 1/part of the solve's limits (counted from its start). A
// stop asked by the context stays.
func (s *Solver) share(lim Limits, start time.Time, part int) {
	s.limit, s.deadline = lim.Nodes/uint64(part), time.Time{}
	if lim.Nodes > 0 && s.limit == 0 {
		s.limit = 1
	}
	if lim.Time > 0 {
		s.deadline = start.Add(lim.Time / time.Duration(part))
	}
	s.stopped = s.ctx != nil && s.ctx.Err() != nil || lim.Nodes > 0 && s.nodes >= lim.Nodes
}

// deepen looks for a mate at the root in from, from+1, … to moves, each length by checks
// first, then with one quiet move, two, … quiet (quiet moves only up to quietReach moves).
// Disproven when the tree of the most quiet moves was exhausted; no longer mates are searched
// with as many quiet moves once a length met no bound of length (its lines end in mates,
// failures or repetitions, and longer ones would meet the same).
func (s *Solver) deepen(from, to, quiet int, ban []xiangqi.Move) (st stage) {
	var over [maxQuiet + 1]bool
	st.depth = from - 1
	for k := from; k <= to; k++ {
		searched := false
		for q := 0; q <= quiet; q++ {
			if over[q] || q > 0 && k > quietReach {
				continue
			}
			searched = true
			s.cut, s.deep = false, false
			ok := s.attack(0, k, q, ban)
			if s.stopped {
				st.cutShort = true
				return st
			}
			if ok {
				st.status, st.moves, st.best = Proven, k, s.stack[0].order[0].m // attack leaves the mating move first
				st.depth = k
				return st
			}
			over[q] = !s.cut || !s.deep
			if !s.cut && q == quiet {
				st.status = Disproven
			}
		}
		if !searched {
			break
		}
		st.depth = k
	}
	return st
}

// Defend finds, for the side to move at pos, the reply that resists a forced mate longest: the
// mate is proven when every legal reply is mated (Moves: the longest of their mates, in the
// attacker's moves; no legal move at all is mate in 0). history as for Solve.
//
// As Solve, by stages: every reply's mate by checks, deepened within half the limits (a
// quarter with Limits.PN); then, with Limits.Quiet, the replies not so mated with quiet moves,
// in mates of up to quietReach moves (within half with Limits.PN); then, with Limits.PN, the
// proof-number search after each reply left (a fresh table each); then the checks again if
// the first stage was cut short. A reply mated by checks keeps that length (a shorter mate of
// it with a quiet move is not looked for).
func (s *Solver) Defend(ctx context.Context, pos *xiangqi.Position, history []uint64, lim Limits) Result {
	start := time.Now()
	maxMoves, quiet := s.begin(ctx, pos, history, lim, start)
	var r Result
	f := &s.stack[0]
	s.pos.GenerateLegal(&f.ml)
	switch {
	case f.ml.N == 0:
		r.Status = Proven
	case s.pos.HalfmoveClock() >= xiangqi.MoveLimitPlies:
		r.Status = Disproven
	}
	if r.Status != Unknown {
		r.Nodes, r.Time = s.nodes, time.Since(start)
		return r
	}
	d := defence{n: copy(s.left[:], f.ml.Slice())}
	s.push()
	s.share(lim, start, checksPart(lim))
	a := s.deepenReplies(&d, 1, maxMoves, 0, quiet == 0 && !lim.PN)
	if lim.PN {
		s.share(lim, start, 2)
	} else {
		s.share(lim, start, 1)
	}
	b := a
	if d.n > 0 && quiet > 0 && !s.stopped && !d.escaped {
		b = s.deepenReplies(&d, 1, quietReach, quiet, !lim.PN)
	}
	s.share(lim, start, 1)
	if d.n > 0 && lim.PN && !s.stopped && !d.escaped {
		s.pnReplies(&d, maxMoves)
	}
	if d.n > 0 && a.cutShort && !s.stopped && !d.escaped {
		a = s.deepenReplies(&d, a.depth+1, maxMoves, 0, quiet == 0)
	}
	r.Depth = max(a.depth, b.depth)
	s.depth--
	switch {
	case d.n == 0:
		r.Status, r.Best, r.Moves = Proven, d.longest, d.moves
		if d.pn {
			r.PV = d.pv
		} else {
			r.PV = s.pv(r.Best, r.Moves, false, s.ttProof)
		}
	case d.escaped:
		r.Status = Disproven
	}
	r.Nodes, r.Time = s.nodes, time.Since(start)
	return r
}

// defence is Defend's progress: the replies not yet proven mated (s.left[:n]), the one proven
// last (its mate the longest so far) and its length, whether one escapes every mate searched.
type defence struct {
	n       int
	longest xiangqi.Move
	moves   int
	escaped bool
	pn      bool           // longest was proven mated by the proof-number search
	pv      []xiangqi.Move // … and its line
}

// deepenReplies deepens each reply left from from to to moves, each length by checks first,
// then with one quiet move, two, … quiet (up to quietReach moves). With final (quiet is the
// solve's), a reply whose tree of the most quiet moves is exhausted escapes; the deepening ends
// when a length met no bound of length in any reply.
func (s *Solver) deepenReplies(d *defence, from, to, quiet int, final bool) (st stage) {
	st.depth = from - 1
	for k := from; k <= to && d.n > 0; k++ {
		deep := false
		for q := 0; q <= quiet && d.n > 0 && (q == 0 || k <= quietReach); q++ {
			for i := 0; i < d.n; {
				m := s.left[i]
				s.cut, s.deep = false, false
				u := s.pos.Make(m)
				s.push()
				ok := s.attack(1, k, q, nil)
				s.depth--
				s.pos.Unmake(m, u)
				if s.stopped {
					st.cutShort = true
					return st
				}
				if ok {
					d.longest, d.moves, d.pn = m, k, false
					d.n--
					s.left[i] = s.left[d.n]
					continue
				}
				if !s.cut && q == quiet && final {
					d.escaped = true
					return st
				}
				deep = deep || s.deep
				i++
			}
		}
		st.depth = k
		if !deep {
			break // longer mates would meet the same ends
		}
	}
	return st
}

// begin sets up a solve: the position, the path from the history, the limits.
func (s *Solver) begin(ctx context.Context, pos *xiangqi.Position, history []uint64, lim Limits, start time.Time) (maxMoves, quiet int) {
	s.pos = *pos
	keep := min(len(history), xiangqi.MoveLimitPlies, pos.HalfmoveClock())
	s.depth = copy(s.path[:], history[len(history)-keep:])
	s.hist = s.depth
	s.nodes, s.limit, s.stopped = 0, lim.Nodes, false
	s.deadline = time.Time{}
	if lim.Time > 0 {
		s.deadline = start.Add(lim.Time)
	}
	s.ctx, s.poll = ctx, lim.Poll
	maxMoves = lim.MaxMoves
	if maxMoves <= 0 || maxMoves > MaxMoves {
		maxMoves = MaxMoves
	}
	s.tt.newSolve()
	if lim.PN && s.pt.entries == nil {
		s.pt.resize(s.hashMB)
		s.vset = make([]vslot, verifySlots)
	}
	s.pt.newSolve()
	return maxMoves, max(0, min(lim.Quiet, maxQuiet))
}

// push puts the position on the path.
func (s *Solver) push() {
	s.path[s.depth] = s.pos.Key()
	s.depth++
}

// repeated says whether the position, last on the path, stood on it before since the last
// capture.
func (s *Solver) repeated() bool {
	key := s.pos.Key()
	low := max(0, s.depth-1-s.pos.HalfmoveClock())
	for i := s.depth - 5; i >= low; i -= 2 { // same side to move, at least four plies back
		if s.path[i] == key {
			return true
		}
	}
	return false
}

// count counts a node and checks the limits every pollEvery nodes.
func (s *Solver) count() bool {
	if s.stopped {
		return false
	}
	s.nodes++
	if s.limit > 0 && s.nodes >= s.limit {
		s.stopped = true
	}
	if s.nodes%pollEvery == 0 {
		if s.poll != nil {
			s.poll()
		}
		if s.ctx != nil && s.ctx.Err() != nil || !s.deadline.IsZero() && time.Now().After(s.deadline) {
			s.stopped = true
		}
	}
	return !s.stopped
}

// keyEvade orders the attacker's ways out of a check after its checks, and keyQuiet its quiet
// moves after those (the checks ordered by the defender's replies, fewest first); keyTT puts
// the table's move first.
const (
	keyTT    = -1
	keyEvade = 150
	keyQuiet = 200
)

// attack says whether the attacker, to move at ply, mates in at most k moves with at most q
// quiet ones. When it does, the mating move is left first in the ply's order (the root reads
// it). ban lists moves not to try (the root's); with a ban the table is neither read nor
// written here, since the answer is the ban's.
func (s *Solver) attack(ply, k, q int, ban []xiangqi.Move) bool {
	if k < 1 || ply > 0 && s.repeated() || s.pos.HalfmoveClock() >= xiangqi.MoveLimitPlies {
		s.cut, s.deep = true, s.deep || k < 1
		return false
	}
	f := &s.stack[ply]
	key := s.pos.Key()
	var ttMove xiangqi.Move
	if e := s.tt.probe(key); e != nil && ban == nil {
		if e.proven(k, q) && s.pos.IsLegal(e.move) {
			f.order[0] = candidate{m: e.move}
			return true
		}
		if e.failed(k, q) {
			if e.fail != exhausted {
				s.cut, s.deep = true, s.deep || e.deep
			}
			return false
		}
		ttMove = e.move
	}
	if !s.count() {
		return false
	}
	s.pos.GenerateLegal(&f.ml)
	n := 0
	short := false // quiet moves left out for want of moves to follow
	evade := s.pos.InCheck()
	for _, m := range f.ml.Slice() {
		if banned(m, ban) {
			continue
		}
		u := s.pos.Make(m)
		check := s.pos.InCheck()
		replies := -1
		if check || q > 0 {
			s.pos.GenerateLegal(&f.reply)
			replies = f.reply.N
		}
		s.pos.Unmake(m, u)
		if replies == 0 { // the defender has no move: mate (a stalemate loses too)
			f.order[0] = candidate{m: m}
			if ban == nil {
				s.tt.store(key, m, 1, 0, 0, 0, false)
			}
			return true
		}
		var c candidate
		switch {
		case check:
			c = candidate{m: m, key: int16(replies)}
		case evade && k == 1: // a way out that does not check would need a second move to mate
			short = true
			continue
		case evade: // the defender checks: every way out, none of them counted as quiet
			c = candidate{m: m, key: keyEvade}
		case q > 0 && k == 1: // a quiet move would need a second move to mate
			short = true
			continue
		case q > 0:
			c = candidate{m: m, key: int16(keyQuiet + replies), quiet: true}
			if u.Captured != xiangqi.NoPiece {
				c.key -= 100
			}
		default:
			continue
		}
		if m == ttMove {
			c.key = keyTT
		}
		f.order[n] = c
		n++
	}
	sortCandidates(f.order[:n])
	cut, deep := s.cut, s.deep
	s.cut, s.deep = short, short
	for i := 0; i < n; i++ {
		c := f.order[i]
		nq := q
		if c.quiet {
			if !s.threatens(ply, c.m, k-1, q-1) {
				if s.stopped {
					return false
				}
				continue
			}
			nq--
		}
		u := s.pos.Make(c.m)
		s.push()
		ok := s.defend(ply+1, k-1, nq)
		s.depth--
		s.pos.Unmake(c.m, u)
		if ok {
			f.order[0] = c
			if ban == nil {
				s.tt.store(key, c.m, uint8(k), uint8(q), 0, 0, false)
			}
			s.cut, s.deep = cut || s.cut, deep || s.deep
			return true
		}
		if s.stopped {
			return false
		}
	}
	if ban == nil {
		fail := uint8(k)
		if !s.cut {
			fail = exhausted
		}
		s.tt.store(key, xiangqi.NoMove, 0, 0, fail, uint8(q), s.deep)
	}
	s.cut, s.deep = cut || s.cut, deep || s.deep
	return false
}

// threatens says whether the attacker's quiet move m at ply threatens mate: were the defender
// to pass, the attacker would mate in at most k moves with q quiet ones. Only such quiet moves
// are tried (a quiet move that threatens nothing gives the defender a free move); a mate by
// zugzwang alone is not looked for.
func (s *Solver) threatens(ply int, m xiangqi.Move, k, q int) bool {
	u := s.pos.Make(m)
	s.push()
	n := s.pos.MakeNull()
	s.push()
	ok := s.attack(ply+2, k, q, nil)
	s.depth -= 2
	s.pos.UnmakeNull(n)
	s.pos.Unmake(m, u)
	return ok
}

// defend says whether the defender, to move at ply, is mated in at most k more moves of the
// attacker's (with at most q quiet ones) whatever it replies.
func (s *Solver) defend(ply, k, q int) bool {
	f := &s.stack[ply]
	s.pos.GenerateLegal(&f.ml)
	if f.ml.N == 0 {
		return true
	}
	if k < 1 || s.repeated() || s.pos.HalfmoveClock() >= xiangqi.MoveLimitPlies {
		s.cut, s.deep = true, s.deep || k < 1
		return false
	}
	key := s.pos.Key()
	e := s.tt.probe(key)
	var ttMove xiangqi.Move
	if e != nil {
		if e.proven(k, q) {
			return true
		}
		if e.failed(k, q) {
			if e.fail != exhausted {
				s.cut, s.deep = true, s.deep || e.deep
			}
			return false
		}
		ttMove = e.move
	}
	if !s.count() {
		return false
	}
	// The refutation found before first, then captures, then the rest.
	n := 0
	for _, m := range f.ml.Slice() {
		c := int16(2)
		switch {
		case m == ttMove:
			c = 0
		case s.pos.At(m.To()) != xiangqi.NoPiece:
			c = 1
		}
		f.order[n] = candidate{m: m, key: c}
		n++
	}
	sortCandidates(f.order[:n])
	cut, deep := s.cut, s.deep
	s.cut, s.deep = false, false
	for i := 0; i < n; i++ {
		m := f.order[i].m
		u := s.pos.Make(m)
		s.push()
		ok := s.attack(ply+1, k, q, nil)
		s.depth--
		s.pos.Unmake(m, u)
		if !ok {
			if !s.stopped {
				fail := uint8(k)
				if !s.cut {
					fail = exhausted
				}
				s.tt.store(key, m, 0, 0, fail, uint8(q), s.deep)
			}
			s.cut, s.deep = cut || s.cut, deep || s.deep
			return false
		}
	}
	s.tt.store(key, xiangqi.NoMove, uint8(k), uint8(q), 0, 0, false)
	s.cut, s.deep = cut || s.cut, deep || s.deep
	return true
}

// sortCandidates orders by key, stable (insertion sort: the lists are short).
func sortCandidates(c []candidate) {
	for i := 1; i < len(c); i++ {
		x := c[i]
		j := i
		for ; j > 0 && c[j-1].key > x.key; j-- {
			c[j] = c[j-1]
		}
		c[j] = x
	}
}

func banned(m xiangqi.Move, ban []xiangqi.Move) bool {
	for _, b := range ban {
		if b == m {
			return true
		}
	}
	return false
}

// pv writes a line of a proof from the root: first (the root's move), then at each attacker
// position the proof's mating move and at each defender position the reply whose mate the
// proof holds longest, as read by proof (ttProof or pnProof: the table the proof is in).
// attacker says whether the side to move at the root attacks.
func (s *Solver) pv(first xiangqi.Move, moves int, attacker bool, proof func(key uint64) (xiangqi.Move, int, bool)) []xiangqi.Move {
	line := make([]xiangqi.Move, 0, 2*moves+1)
	p := s.pos
	m := first
	for len(line) < 2*moves+1 {
		if m == xiangqi.NoMove || !p.IsLegal(m) {
			break
		}
		line = append(line, m)
		p.Make(m)
		attacker = !attacker
		m = xiangqi.NoMove
		if attacker {
			if best, _, ok := proof(p.Key()); ok {
				m = best
			}
			continue
		}
		var ml xiangqi.MoveList
		p.GenerateLegal(&ml)
		longest := -1
		for _, r := range ml.Slice() {
			u := p.Make(r)
			if _, n, ok := proof(p.Key()); ok && n > longest {
				longest, m = n, r
			}
			p.Unmake(r, u)
		}
	}
	return line
}

// ttProof reads the depth-first search's table for pv: the entry's move and the length of its
// proven mate.
func (s *Solver) ttProof(key uint64) (xiangqi.Move, int, bool) {
	if e := s.tt.probe(key); e != nil && e.prove > 0 {
		return e.move, int(e.prove), true
	}
	return xiangqi.NoMove, 0, false
}
