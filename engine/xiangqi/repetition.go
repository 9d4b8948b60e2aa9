package xiangqi

import "math/bits"

// The repetition rules (see the package doc for them in plain words). A repeated stretch is
// judged move by move: each move either gives check or not, and chases a set of enemy pieces
// (chased). A side checks perpetually if every one of its moves in the stretch checks; it
// chases perpetually if one enemy piece, followed as it moves, is chased by every one of its
// moves. Perpetual check is judged before chase; the side that offends alone loses, both
// offending is a draw, and so is a repetition without offence.

// set is a set of squares, laid out like Position.occ (squares 0..63 in [0], 64..89 in [1]).
type set [2]uint64

func (b set) has(s Square) bool { return b[s>>6]>>(uint(s)&63)&1 != 0 }
func (b *set) add(s Square)     { b[s>>6] |= 1 << (uint(s) & 63) }
func (b *set) del(s Square)     { b[s>>6] &^= 1 << (uint(s) & 63) }
func (b set) and(c set) set     { return set{b[0] & c[0], b[1] & c[1]} }
func (b set) or(c set) set      { return set{b[0] | c[0], b[1] | c[1]} }
func (b set) minus(c set) set   { return set{b[0] &^ c[0], b[1] &^ c[1]} }
func (b set) empty() bool       { return b[0]|b[1] == 0 }
func (b set) count() int        { return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) }

// first returns the lowest square of a non-empty set.
func (b set) first() Square {
	if b[0] != 0 {
		return Square(bits.TrailingZeros64(b[0]))
	}
	return Square(64 + bits.TrailingZeros64(b[1]))
}

// pop removes and returns the lowest square of a non-empty set.
func (b *set) pop() Square {
	s := b.first()
	b.del(s)
	return s
}

func single(s Square) (b set) { b.add(s); return b }

// occupied is every piece on the board.
func (p *Position) occupied() set { return set(p.occ[Red]).or(p.occ[Black]) }

// kinds is the set of c's pieces of the given kinds.
func (p *Position) kinds(c Color, ks ...Kind) set {
	var b set
	for w := 0; w < 2; w++ {
		for x := p.occ[c][w]; x != 0; x &= x - 1 {
			s := Square(w<<6 + bits.TrailingZeros64(x))
			for _, k := range ks {
				if p.board[s].Kind() == k {
					b.add(s)
				}
			}
		}
	}
	return b
}

// unchaseable is c's soldiers that have not crossed the river, with c's general: pieces no
// chase counts.
func (p *Position) unchaseable(c Color) set {
	var b set
	for w := 0; w < 2; w++ {
		for x := p.occ[c][w]; x != 0; x &= x - 1 {
			s := Square(w<<6 + bits.TrailingZeros64(x))
			switch p.board[s].Kind() {
			case General:
				b.add(s)
			case Soldier:
				if crossed := (c == Red) == (s.Rank() >= 5); !crossed {
					b.add(s)
				}
			}
		}
	}
	return b
}

// attacksFrom is the set of squares a piece pc on s attacks when the occupied squares are occ
// (the general's palace steps only: facing generals are handled where they matter).
func attacksFrom(pc Piece, s Square, occ set) set {
	var b set
	switch pc.Kind() {
	case General:
		for i := uint8(0); i < generalN[s]; i++ {
			b.add(generalMoves[s][i])
		}
	case Advisor:
		for i := uint8(0); i < advisorN[s]; i++ {
			b.add(advisorMoves[s][i])
		}
	case Elephant:
		for i := uint8(0); i < elephantN[s]; i++ {
			if st := elephantMov[s][i]; !occ.has(st.block) {
				b.add(st.to)
			}
		}
	case Horse:
		for i := uint8(0); i < horseN[s]; i++ {
			if st := horseMoves[s][i]; !occ.has(st.block) {
				b.add(st.to)
			}
		}
	case Chariot:
		for d := 0; d < 4; d++ {
			for _, t := range rays[s][d][:rayN[s][d]] {
				b.add(t)
				if occ.has(t) {
					break
				}
			}
		}
	case Cannon:
		for d := 0; d < 4; d++ {
			screen := false
			for _, t := range rays[s][d][:rayN[s][d]] {
				if !occ.has(t) {
					continue
				}
				if screen {
					b.add(t)
					break
				}
				screen = true
			}
		}
	case Soldier:
		c := pc.Color()
		for i := uint8(0); i < soldierN[c][s]; i++ {
			b.add(soldierMov[c][s][i])
		}
	}
	return b
}

// chariotLines is what a chariot on s attacks with occupancy occ.
func chariotLines(s Square, occ set) set { return attacksFrom(MakePiece(Red, Chariot), s, occ) }

// attackersTo is the set of c's pieces that attack s when the occupied squares are occ.
func (p *Position) attackersTo(s Square, occ set, c Color) set {
	var b set
	for w := 0; w < 2; w++ {
		for x := p.occ[c][w]; x != 0; x &= x - 1 {
			from := Square(w<<6 + bits.TrailingZeros64(x))
			if attacksFrom(p.board[from], from, occ).has(s) {
				b.add(from)
			}
		}
	}
	return b
}

// blockers is the set of pieces (either color) whose removal alone would let an enemy
// chariot, cannon or horse attack c's general: a chariot's only blocker, both pieces between
// a cannon and the general, a horse's leg. c's own pieces among them are pinned.
func (p *Position) blockers(c Color) set {
	g := p.general[c]
	e := c ^ 1
	occ := p.occupied()
	var b set
	chariot, cannon := MakePiece(e, Chariot), MakePiece(e, Cannon)
	for d := 0; d < 4; d++ {
		var on [9]Square // the pieces along the ray, nearest first
		n := 0
		for _, t := range rays[g][d][:rayN[g][d]] {
			if occ.has(t) {
				on[n] = t
				n++
			}
		}
		for j := 1; j < n; j++ { // a chariot at j > 0 does not attack the general now
			switch p.board[on[j]] {
			case chariot:
				// The pieces between, not counting other such chariots.
				var between set
				for i := 0; i < j; i++ {
					if i == 0 || p.board[on[i]] != chariot {
						between.add(on[i])
					}
				}
				if between.count() == 1 {
					b = b.or(between)
				}
			case cannon:
				if j == 2 {
					b.add(on[0])
					b.add(on[1])
				}
			}
		}
	}
	horse := MakePiece(e, Horse)
	for i := uint8(0); i < horseAttackN[g]; i++ {
		if st := horseAttack[g][i]; p.board[st.to] == horse && occ.has(st.block) {
			b.add(st.block)
		}
	}
	return b
}

// lineThrough is the whole rank or file through a and b (empty if they share neither).
func lineThrough(a, b Square) set {
	var l set
	for s := Square(0); s < NumSquares; s++ {
		if (a.Rank() == b.Rank() && s.Rank() == a.Rank()) || (a.File() == b.File() && s.File() == a.File()) {
			l.add(s)
		}
	}
	return l
}

// chaseInfo is what one move of a repetition threatens.
type chaseInfo struct {
	chased set // the enemy pieces the move chases (their squares after it)
	loose  set // those of them that are chased because no true protector guards them
}

// chases returns the enemy pieces that move m, just played from before to reach p, chases:
// pieces it newly attacks directly or by discovery that the attacker could win (no true
// protector, or worth more than the attacker: a chariot attacked by a horse or cannon; a
// chariot, horse or cannon by an advisor or elephant), pieces that lose their only protector
// to a new pin, and pieces a new discovered check attacks. Attacks on the general and on
// soldiers that have not crossed the river never count, nor mutual attacks between two pieces
// of one kind (unless the attacked piece is pinned).
func (p *Position) chases(before *Position, m Move) chaseInfo {
	us := p.turn // the side being chased
	them := us ^ 1
	occ := p.occupied()
	ours := set(p.occ[us])
	pins := p.blockers(us)
	// Facing generals: our only piece on the file between the generals is pinned too.
	if gf := p.general[them].File(); p.general[us].File() == gf {
		var onFile set
		for w := 0; w < 2; w++ {
			for x := p.occ[us][w]; x != 0; x &= x - 1 {
				if s := Square(w<<6 + bits.TrailingZeros64(x)); s.File() == gf && s != p.general[us] {
					onFile.add(s)
				}
			}
		}
		if onFile.count() <= 1 {
			pins = pins.or(onFile)
		}
	}
	excluded := p.unchaseable(us)
	var out chaseInfo
	add := func(from Square, kind Kind, attacks set) {
		if attacks.minus(out.chased).empty() {
			return
		}
		attacks = attacks.minus(excluded)
		switch kind {
		case Horse, Cannon:
			out.chased = out.chased.or(attacks.and(p.kinds(us, Chariot)))
		case Elephant, Advisor:
			out.chased = out.chased.or(attacks.and(p.kinds(us, Chariot, Cannon, Horse)))
		}
		// Two pieces of one kind attacking each other: no chase (a horse may attack another
		// that cannot attack back, its leg being blocked).
		same := attacks.and(p.kinds(us, kind))
		if kind == Horse {
			for x := same; !x.empty(); {
				s := x.pop()
				if attacksFrom(p.board[s], s, occ).has(from) {
					attacks.del(s)
				}
			}
		} else {
			attacks = attacks.minus(same.minus(pins))
		}
		without := occ
		without.del(from)
		for x := attacks; !x.empty(); {
			s := x.pop()
			roots := p.attackersTo(s, without, us).minus(pins)
			if roots.empty() || (roots == single(p.general[us]) && chariotLines(p.general[them], without).has(s)) {
				out.chased.add(s)
				out.loose.add(s)
			}
		}
	}

	from, to := m.From(), m.To()
	pc := p.board[to]
	if k := pc.Kind(); k != General && k != Soldier {
		direct := attacksFrom(pc, to, occ).and(ours)
		if k == Chariot || k == Cannon {
			direct = direct.minus(lineThrough(from, to)) // only new attacks
		}
		add(to, k, direct)
	}

	// Discovered attacks: pieces whose leg, eye, line or screen the move changed.
	var cands set
	for w := 0; w < 2; w++ {
		for x := p.occ[them][w]; x != 0; x &= x - 1 {
			s := Square(w<<6 + bits.TrailingZeros64(x))
			df, dr := abs(s.File()-from.File()), abs(s.Rank()-from.Rank())
			switch p.board[s].Kind() {
			case Horse:
				if df+dr == 1 {
					cands.add(s)
				}
			case Elephant:
				if df == 1 && dr == 1 {
					cands.add(s)
				}
			case Chariot:
				if (df == 0) != (dr == 0) {
					cands.add(s)
				}
			case Cannon:
				if (df == 0) != (dr == 0) || (s != to && (s.File() == to.File() || s.Rank() == to.Rank())) {
					cands.add(s)
				}
			}
		}
	}
	old := occ
	if before.board[to] == NoPiece {
		old.del(to)
	}
	old.add(from)
	for x := cands; !x.empty(); {
		s := x.pop()
		q := p.board[s]
		found := attacksFrom(q, s, occ).and(ours).minus(attacksFrom(q, s, old))
		add(s, q.Kind(), found)
	}

	ourPinsBefore, theirBlockers := before.blockers(us), p.blockers(them)
	fresh := p.blockers(us).minus(ourPinsBefore)
	// False protection: a piece newly pinned no longer protects what it guarded.
	for x := fresh.and(ours); !x.empty(); {
		s := x.pop()
		guarded := ours.minus(excluded).and(attacksFrom(p.board[s], s, occ))
		for y := guarded; !y.empty(); {
			s2 := y.pop()
			if !p.attackersTo(s2, occ, them).minus(theirBlockers).empty() {
				out.chased.add(s2)
				out.loose.add(s2)
			}
		}
	}
	// A new discovered check threatens whatever the discovering piece attacks, unless our
	// general can take it back safely.
	g := p.general[us]
	gen := attacksFrom(p.board[g], g, occ)
	for x := fresh.and(set(p.occ[them])); !x.empty(); {
		s := x.pop()
		hit := attacksFrom(p.board[s], s, occ).and(ours)
		out.chased = out.chased.or(hit.minus(gen))
		out.loose = out.loose.or(hit.minus(gen))
		for y := hit.and(gen); !y.empty(); {
			s2 := y.pop()
			o := occ
			o.del(s)
			o.del(g)
			if a := p.attackersTo(s2, o, them); !a.minus(single(s)).empty() {
				out.chased.add(s2)
				out.loose.add(s2)
			}
		}
	}
	return out
}

// back maps a set of squares of pieces to where they stood before move m.
func back(b set, m Move) set {
	if b.has(m.To()) {
		b.del(m.To())
		b.add(m.From())
	}
	return b
}

// ruling judges a repeated stretch: positions ps[0..n] with ps[0] and ps[n] the same, and
// moves ms[i] leading from ps[i] to ps[i+1]. It returns the Result: Repetition when nobody
// offended, else perpetual check or chase, naming the chased piece.
func ruling(ps []Position, ms []Move) Result {
	checks := [2]bool{true, true}
	var chase, loose [2]set
	var started [2]bool
	// Walk backwards. chase[c] holds the enemy pieces chased by every move of c seen so far,
	// as squares at the time of the move looked at; loose[c] those of them chased as
	// unprotected each time. Stepping back over a move of the other side maps them back to
	// where they stood before it.
	for i := len(ms) - 1; i >= 0; i-- {
		c := ps[i].turn
		after := &ps[i+1]
		if !after.check {
			checks[c] = false
		}
		if started[c] && chase[c].empty() && !checks[c] {
			// c neither checks nor chases throughout: nothing more to learn about c.
		} else {
			info := after.chases(&ps[i], ms[i])
			if !started[c] {
				chase[c], loose[c], started[c] = info.chased, info.loose, true
			} else {
				chase[c], loose[c] = chase[c].and(info.chased), loose[c].and(info.loose)
			}
		}
		if o := c ^ 1; started[o] { // c's move moved one of the pieces o chases
			chase[o], loose[o] = back(chase[o], ms[i]), back(loose[o], ms[i])
		}
	}
	for c := Red; c <= Black; c++ {
		if !started[c] {
			checks[c] = false
		}
	}
	switch {
	case checks[Red] && checks[Black]:
		return Result{Status: PerpetualCheck, Draw: true}
	case checks[Red] || checks[Black]:
		loser := Red
		if checks[Black] {
			loser = Black
		}
		return decisive(PerpetualCheck, loser)
	case !chase[Red].empty() && !chase[Black].empty():
		return Result{Status: PerpetualChase, Draw: true}
	case !chase[Red].empty() || !chase[Black].empty():
		loser := Red
		if chase[Red].empty() {
			loser = Black
		}
		r := decisive(PerpetualChase, loser)
		s := chase[loser].first() // a square at the start of the stretch, the same position as now
		r.Chased = ps[0].board[s]
		r.Unprotected = loose[loser].has(s)
		return r
	}
	return Result{Status: Repetition, Draw: true}
}

// Cycle judges the repetitions a search finds, without allocating: it rebuilds the positions
// of the repeated stretch from their keys. The zero value is ready to use; it is large (a
// stretch may be up to MoveLimitPlies long), so keep one per searcher.
type Cycle struct {
	ps [MoveLimitPlies + 1]Position
	ms [MoveLimitPlies]Move
}

// Judge rules the repetition that ends at p: keys are the keys of the positions of the
// stretch, oldest first, with keys[0] and keys[len(keys)-1] both p.Key(), each position
// reached from the one before by a move that captured nothing. ok is false when the stretch
// is longer than MoveLimitPlies or a key cannot be reached that way; Result is then zero.
func (c *Cycle) Judge(p *Position, keys []uint64) (r Result, ok bool) {
	n := len(keys) - 1
	if n < 2 || n > MoveLimitPlies || keys[0] != keys[n] || keys[n] != p.key {
		return Result{}, false
	}
	c.ps[n] = *p
	for j := n; j > 0; j-- {
		if !c.ps[j].unmakeQuiet(&c.ps[j-1], keys[j-1], &c.ms[j-1]) {
			return Result{}, false
		}
	}
	return ruling(c.ps[:n+1], c.ms[:n]), true
}

// unmakeQuiet sets *prev to the position before p whose key is key, one non-capturing move
// back, and *m to that move; false if no such move exists.
func (p *Position) unmakeQuiet(prev *Position, key uint64, m *Move) bool {
	mover := p.turn ^ 1
	diff := key ^ p.key ^ zobristSide // zobrist[pc][from] ^ zobrist[pc][to]
	for w := 0; w < 2; w++ {
		for x := p.occ[mover][w]; x != 0; x &= x - 1 {
			to := Square(w<<6 + bits.TrailingZeros64(x))
			pc := p.board[to]
			want := diff ^ zobrist[pc][to]
			for from := Square(0); from < NumSquares; from++ {
				if zobrist[pc][from] != want || p.board[from] != NoPiece {
					continue
				}
				*prev = *p
				q := prev
				q.board[from], q.board[to] = pc, NoPiece
				q.occ[mover][to>>6] &^= 1 << (uint(to) & 63)
				q.occ[mover][from>>6] |= 1 << (uint(from) & 63)
				if pc.Kind() == General {
					q.general[mover] = from
				}
				q.key, q.turn = key, mover
				q.halfmove = max(0, q.halfmove-1)
				q.check = q.computeCheck()
				*m = NewMove(from, to)
				return true
			}
		}
	}
	return false
}
