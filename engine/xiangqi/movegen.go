package xiangqi

import "math/bits"

// attacked reports whether the general's square g is attacked by color by: chariots and
// cannons along lines, the enemy general along an open file (the flying-general rule),
// horses with a free leg, and soldiers. Advisors and elephants never cross the river and
// the generals' palaces are apart, so those cannot attack a general and are not looked at.
func (p *Position) attacked(g Square, by Color) bool {
	b := &p.board
	occ := &p.occ[by]
	chariot, cannon := MakePiece(by, Chariot), MakePiece(by, Cannon)
	for d := 0; d < 4; d++ {
		// A ray without an enemy piece cannot attack: skip it. (During dropUnsafe's tests, occ
		// may still hold a captured piece: a wasted scan at worst.)
		if m := &rayMask[g][d]; m[0]&occ[0]|m[1]&occ[1] == 0 {
			continue
		}
		ray := &rays[g][d]
		n := int(rayN[g][d])
		i := 0
		for i < n && b[ray[i]] == NoPiece {
			i++
		}
		if i == n {
			continue
		}
		if q := b[ray[i]]; q == chariot || (d < 2 && q == MakePiece(by, General)) {
			return true
		}
		for i++; i < n; i++ {
			if q := b[ray[i]]; q != NoPiece {
				if q == cannon {
					return true
				}
				break
			}
		}
	}
	horse := MakePiece(by, Horse)
	for i := uint8(0); i < horseAttackN[g]; i++ {
		st := horseAttack[g][i]
		if b[st.to] == horse && b[st.block] == NoPiece {
			return true
		}
	}
	soldier := MakePiece(by, Soldier)
	r := g.Rank()
	if by == Red {
		if r > 0 && b[g-9] == soldier {
			return true
		}
		if r < 5 { // a red soldier attacks sideways only from Black's half
			return false
		}
	} else {
		if r < 9 && b[g+9] == soldier {
			return true
		}
		if r > 4 {
			return false
		}
	}
	f := g.File()
	return (f > 0 && b[g-1] == soldier) || (f < 8 && b[g+1] == soldier)
}

// InCheck reports whether the side to move's general is attacked.
func (p *Position) InCheck() bool { return p.check }

// computeCheck tests InCheck from the board, for whatever sets the board or the turn.
func (p *Position) computeCheck() bool { return p.attacked(p.general[p.turn], p.turn^1) }

// genCtx carries what the legality filter needs for one generation call.
type genCtx struct {
	p        *Position
	ml       *MoveList
	us       Color
	risk     [2]uint64 // squares where a move may expose our general (riskMask)
	test     [2]uint64 // indexes in ml of the moves add marked for the legality test
	inCheck  bool
	captures bool // only moves that capture
	pseudo   bool // keep the moves that expose the general (WhyIllegal's question)
}

// riskMask returns the squares where moving a piece away or arriving may expose us's
// general: the whole ray from the general along a file or rank holding an enemy chariot or
// cannon (or, on the file, the enemy general), and the legs of enemy horses aimed at it.
// When not in check, a non-general move with neither square in the mask is legal: nothing
// else can open a line, add a cannon screen or free a horse leg toward the general.
func (p *Position) riskMask(us Color) [2]uint64 {
	g := p.general[us]
	them := us ^ 1
	chariot, cannon, general := MakePiece(them, Chariot), MakePiece(them, Cannon), MakePiece(them, General)
	occ := &p.occ[them]
	var m [2]uint64
	for d := 0; d < 4; d++ {
		if rm := &rayMask[g][d]; rm[0]&occ[0]|rm[1]&occ[1] == 0 {
			continue // no enemy piece on this ray (as in attacked)
		}
		ray := &rays[g][d]
		for i := 0; i < int(rayN[g][d]); i++ {
			if q := p.board[ray[i]]; q == chariot || q == cannon || (d < 2 && q == general) {
				m[0] |= rayMask[g][d][0]
				m[1] |= rayMask[g][d][1]
				break
			}
		}
	}
	horse := MakePiece(them, Horse)
	for i := uint8(0); i < horseAttackN[g]; i++ {
		if st := horseAttack[g][i]; p.board[st.to] == horse {
			m[st.block>>6] |= 1 << (uint(st.block) & 63)
		}
	}
	return m
}

func (g *genCtx) risky(s Square) bool { return g.risk[s>>6]>>(uint(s)&63)&1 != 0 }

// add stores the pseudo-legal move from→to at ml.Moves[n] and returns n+1, marking it for
// the legality test when it touches the risk mask. It is small enough to inline, and the
// count stays in a local until genPieces ends: calls and memory traffic are costly in wasm.
func (g *genCtx) add(n int, from, to Square, risky bool) int {
	if risky || g.risky(to) {
		g.test[n>>6] |= 1 << (uint(n) & 63)
	}
	g.ml.Moves[n] = NewMove(from, to)
	return n + 1
}

// dropUnsafe removes the marked moves that would leave the general attacked, keeping the
// order of the others. Each test plays the move on the board array alone and takes it back
// (written out here rather than called: calls are costly in wasm).
func (g *genCtx) dropUnsafe() {
	if g.test == [2]uint64{} || g.pseudo {
		return
	}
	p, ml := g.p, g.ml
	b := &p.board
	n := 0
	for i, m := range ml.Moves[:ml.N] {
		if g.test[i>>6]>>(uint(i)&63)&1 != 0 {
			from, to := m.From(), m.To()
			pc, cap := b[from], b[to]
			gen := p.general[g.us]
			if pc.Kind() == General {
				gen = to
			}
			b[to], b[from] = pc, NoPiece
			attacked := p.attacked(gen, g.us^1)
			b[from], b[to] = pc, cap
			if attacked {
				continue
			}
		}
		ml.Moves[n] = m
		n++
	}
	ml.N = n
}

// squareSet returns the bit set (as in Position.occ) holding s alone.
func squareSet(s Square) (set [2]uint64) {
	set[s>>6] = 1 << (uint(s) & 63)
	return set
}

// GenerateLegal fills ml with every legal move of the side to move (ml.N is reset).
func (p *Position) GenerateLegal(ml *MoveList) { p.generate(ml, p.occ[p.turn], false) }

// GenerateCaptures fills ml with the legal captures only (for quiescence search).
func (p *Position) GenerateCaptures(ml *MoveList) { p.generate(ml, p.occ[p.turn], true) }

// LegalMoves returns the legal moves in a new slice (allocates; not for hot paths).
func (p *Position) LegalMoves() []Move {
	var ml MoveList
	p.GenerateLegal(&ml)
	return append([]Move(nil), ml.Slice()...)
}

// generate fills ml with the legal moves (or captures only) of the side to move's pieces on
// the squares of set (a bit set like Position.occ).
func (p *Position) generate(ml *MoveList, set [2]uint64, captures bool) {
	ml.N = 0
	g := genCtx{p: p, ml: ml, us: p.turn, inCheck: p.check, captures: captures}
	if !g.inCheck {
		g.risk = p.riskMask(p.turn)
	}
	p.genPieces(&g, set)
}

// target reports whether the piece of color us may land on s (empty or enemy), honouring
// the captures-only mode.
func (g *genCtx) target(q Piece) bool {
	if q == NoPiece {
		return !g.captures
	}
	return q.Color() != g.us
}

// genPieces generates the legal moves of the pieces on the squares of set (a bit set like
// Position.occ). One call covers all the pieces: calls are costly in wasm. The pseudo-legal
// moves fit in ml before dropUnsafe: at most 119 (17 for each chariot and cannon, 8 per
// horse, 4 per elephant, advisor and the general, 3 per soldier).
func (p *Position) genPieces(g *genCtx, set [2]uint64) {
	b := &p.board
	n := g.ml.N
	for w := 0; w < 2; w++ {
		for bb := set[w]; bb != 0; bb &= bb - 1 {
			from := Square(w<<6 + bits.TrailingZeros64(bb))
			pc := b[from]
			risky := g.inCheck || g.risky(from)
			switch pc.Kind() {
			case General:
				for i := uint8(0); i < generalN[from]; i++ {
					to := generalMoves[from][i]
					if g.target(b[to]) {
						n = g.add(n, from, to, true)
					}
				}
			case Advisor:
				for i := uint8(0); i < advisorN[from]; i++ {
					to := advisorMoves[from][i]
					if g.target(b[to]) {
						n = g.add(n, from, to, risky)
					}
				}
			case Elephant:
				for i := uint8(0); i < elephantN[from]; i++ {
					st := elephantMov[from][i]
					if b[st.block] == NoPiece && g.target(b[st.to]) {
						n = g.add(n, from, st.to, risky)
					}
				}
			case Horse:
				for i := uint8(0); i < horseN[from]; i++ {
					st := horseMoves[from][i]
					if b[st.block] == NoPiece && g.target(b[st.to]) {
						n = g.add(n, from, st.to, risky)
					}
				}
			case Chariot:
				for d := 0; d < 4; d++ {
					ray := &rays[from][d]
					rn := int(rayN[from][d])
					for i := 0; i < rn; i++ {
						to := ray[i]
						if q := b[to]; q != NoPiece {
							if q.Color() != g.us {
								n = g.add(n, from, to, risky)
							}
							break
						}
						if !g.captures {
							n = g.add(n, from, to, risky)
						}
					}
				}
			case Cannon:
				for d := 0; d < 4; d++ {
					ray := &rays[from][d]
					rn := int(rayN[from][d])
					i := 0
					for ; i < rn && b[ray[i]] == NoPiece; i++ {
						if !g.captures {
							n = g.add(n, from, ray[i], risky)
						}
					}
					for i++; i < rn; i++ { // past the screen: the first piece may be captured
						if q := b[ray[i]]; q != NoPiece {
							if q.Color() != g.us {
								n = g.add(n, from, ray[i], risky)
							}
							break
						}
					}
				}
			case Soldier:
				for i := uint8(0); i < soldierN[g.us][from]; i++ {
					to := soldierMov[g.us][from][i]
					if g.target(b[to]) {
						n = g.add(n, from, to, risky)
					}
				}
			}
		}
	}
	g.ml.N = n
	g.dropUnsafe()
}

// IsLegal reports whether m is a legal move here. Any Move value is accepted.
func (p *Position) IsLegal(m Move) bool {
	from, to := m.From(), m.To()
	if !from.Valid() || !to.Valid() {
		return false
	}
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != p.turn {
		return false
	}
	var ml MoveList
	p.generate(&ml, squareSet(from), false)
	return ml.Contains(m)
}

// Status of a position or game.
type Status uint8

const (
	Ongoing   Status = iota
	Checkmate        // side to move is in check with no legal move: it lost
	Stalemate        // side to move has no legal move and is not in check: in xiangqi it lost too
	// Game-level rules (Game.Result; see rules.go), never returned by Position.Status:
	MoveLimit            // 60 moves without a capture: draw
	Repetition           // the same position three times: draw
	PerpetualCheck       // the side that checked throughout the repetition lost
	PerpetualChase       // the side that chased throughout the repetition lost
	InsufficientMaterial // neither side can cross the river: draw
)

var statusNames = [...]string{"ongoing", "checkmate", "stalemate", "60-move rule", "repetition",
	"perpetual check", "perpetual chase", "insufficient material"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "Status(?)"
}

// Status says whether the side to move has been mated or stalemated (both lose in xiangqi;
// Winner names the side that won). It knows nothing of repetition or move limits: see Game.
func (p *Position) Status() Status {
	var ml MoveList
	p.GenerateLegal(&ml)
	if ml.N > 0 {
		return Ongoing
	}
	if p.InCheck() {
		return Checkmate
	}
	return Stalemate
}

// Winner returns the side that won and true if the side to move has no legal move
// (checkmated or stalemated); otherwise false.
func (p *Position) Winner() (Color, bool) {
	if p.Status() == Ongoing {
		return Red, false
	}
	return p.turn.Other(), true
}

// Perft counts the leaves of the legal move tree to depth (bulk-counted at the last ply).
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	if depth == 1 {
		return uint64(ml.N)
	}
	var n uint64
	for _, m := range ml.Moves[:ml.N] {
		u := p.Make(m)
		n += Perft(p, depth-1)
		p.Unmake(m, u)
	}
	return n
}

// PerftDivide returns the perft count below each legal root move.
func PerftDivide(p *Position, depth int) map[Move]uint64 {
	out := map[Move]uint64{}
	var ml MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Moves[:ml.N] {
		u := p.Make(m)
		out[m] = Perft(p, depth-1)
		p.Unmake(m, u)
	}
	return out
}
