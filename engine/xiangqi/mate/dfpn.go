package mate

// The proof-number search (df-pn): the attacker's every legal move, checks and quiet moves
// alike, the defender's every reply, with no bound of length but maxPly. Proof and disproof
// numbers lead it to the narrowest trees first, so that mates with several quiet moves, or a
// zugzwang, are reached where the deepening's tree of quiet moves explodes. A proof is then
// checked on the board (verify) before it counts.

import (
	"time"

	"qipan/engine/xiangqi"
)

// shortenNodes is the nodes a proof's shortening may take beyond the proof's own.
const shortenNodes = 4096

// pnInf is an infinite proof or disproof number; sums saturate at it.
const pnInf uint32 = 1 << 30

// quietPN is what an attacker's quiet move's proof number starts at beyond the defender's
// replies (a check's is its replies): the defender moves freely after it. On the manuals at
// 90,000 nodes a position, 1 proved 346, 0 345, 2 344.
const quietPN = 1

// pnFrame is one ply's children in the proof-number search.
type pnFrame struct {
	n      int
	moves  [xiangqi.MaxMoves]xiangqi.Move
	keys   [xiangqi.MaxMoves]uint64
	pn, dn [xiangqi.MaxMoves]uint32
	length [xiangqi.MaxMoves]uint8 // proven children: the mate's length in attacker moves
	rep    [xiangqi.MaxMoves]bool  // disproven children: by a repetition or a bound of the line
}

// pnResult is a node's numbers after a visit.
type pnResult struct {
	pn, dn uint32
	length uint8
	rep    bool
}

func addSat(a, b uint32) uint32 {
	if s := a + b; s < pnInf && s >= a {
		return s
	}
	return pnInf
}

// pnSearch runs the proof-number search from the root (the attacker to move, its key on the
// path) until it is proven, disproven or the limits stop it.
func (s *Solver) pnSearch() pnResult {
	r := pnResult{pn: 1, dn: 1}
	for !s.stopped && r.pn != 0 && r.dn != 0 {
		r = s.mid(0, true, pnInf-1, pnInf-1)
		if r.pn >= pnInf-1 || r.dn >= pnInf-1 {
			break
		}
	}
	return r
}

// rem is how many attacker moves a position at ply may still take to mate (after the reply,
// at a defender's position), within the search's bound.
func (s *Solver) rem(ply int) int { return s.bound - (ply+1)/2 }

// bounded says whether the position, just made and put on the path, ends the line as no mate:
// a repetition, the 60-move rule, the stack's end, the bound of length (an attacker's position
// with no move left).
func (s *Solver) bounded(ply int) bool {
	r := s.rem(ply)
	return r < 0 || r == 0 && ply%2 == 0 || ply >= maxPly-1 ||
		s.pos.HalfmoveClock() >= xiangqi.MoveLimitPlies || s.repeated()
}

// mid visits the position at ply (the attacker's when attacker) until its proof number
// reaches thpn or its disproof number thdn, and stores what it found.
func (s *Solver) mid(ply int, attacker bool, thpn, thdn uint32) pnResult {
	key := s.pos.Key()
	if !s.count() {
		if e := s.pt.probe(key); e != nil {
			return pnResult{pn: e.pn, dn: e.dn, length: e.length, rep: e.rep}
		}
		return pnResult{pn: 1, dn: 1}
	}
	startNodes := s.nodes
	f := &s.pf[ply]
	ml := &s.stack[ply].ml
	s.pos.GenerateLegal(ml)
	if ml.N == 0 {
		r := pnResult{pn: pnInf, dn: 0} // the attacker has no move: it has lost
		if !attacker {
			r = pnResult{pn: 0, dn: pnInf}
		}
		s.pt.store(key, r, xiangqi.NoMove, 1)
		return r
	}
	reply := &s.stack[ply].reply
	f.n = 0
	checks := 0
	for _, m := range ml.Slice() {
		if ply == 0 && banned(m, s.ban) {
			continue
		}
		u := s.pos.Make(m)
		i := f.n
		f.moves[i], f.keys[i], f.length[i], f.rep[i] = m, s.pos.Key(), 0, false
		check := s.pos.InCheck()
		if attacker {
			s.pos.GenerateLegal(reply)
			if reply.N == 0 { // mate (a stalemate loses too)
				s.pos.Unmake(m, u)
				r := pnResult{pn: 0, dn: pnInf, length: 1}
				s.pt.store(key, r, m, s.nodes-startNodes+1)
				return r
			}
		}
		s.push()
		rep := s.bounded(ply + 1)
		s.depth--
		s.pos.Unmake(m, u)
		switch e := s.pt.probe(f.keys[i]); {
		case rep:
			f.pn[i], f.dn[i], f.rep[i] = pnInf, 0, true
		case e != nil && !(e.pn == 0 && int(e.length) > s.rem(ply+1)): // a proof too long is searched again
			f.pn[i], f.dn[i], f.length[i], f.rep[i] = e.pn, e.dn, e.length, e.rep
		case attacker && check:
			f.pn[i], f.dn[i] = uint32(reply.N), 1
		case attacker:
			f.pn[i], f.dn[i] = uint32(reply.N)+quietPN, 1
		default:
			f.pn[i], f.dn[i] = 1, 1
		}
		f.n++
		if !attacker && f.dn[i] == 0 { // a reply escapes
			r := pnResult{pn: pnInf, dn: 0, rep: f.rep[i]}
			s.pt.store(key, r, m, s.nodes-startNodes+1)
			return r
		}
		if check { // checks first among equals
			f.swap(i, checks)
			checks++
		}
	}
	var r pnResult
	var best int
	for {
		var second uint32
		best, second, r = f.pick(attacker)
		if r.pn >= thpn || r.dn >= thdn || r.pn == 0 || r.dn == 0 || s.stopped {
			break
		}
		var cpn, cdn uint32
		if attacker {
			cpn = min(thpn, addSat(second, 1+second/4))
			cdn = thdn - r.dn + f.dn[best]
		} else {
			cdn = min(thdn, addSat(second, 1+second/4))
			cpn = thpn - r.pn + f.pn[best]
		}
		m := f.moves[best]
		u := s.pos.Make(m)
		s.push()
		c := s.mid(ply+1, !attacker, cpn, cdn)
		s.depth--
		s.pos.Unmake(m, u)
		f = &s.pf[ply]
		f.pn[best], f.dn[best], f.length[best], f.rep[best] = c.pn, c.dn, c.length, c.rep
	}
	s.pt.store(key, r, f.moves[best], s.nodes-startNodes)
	return r
}

func (f *pnFrame) swap(i, j int) {
	f.moves[i], f.moves[j] = f.moves[j], f.moves[i]
	f.keys[i], f.keys[j] = f.keys[j], f.keys[i]
	f.pn[i], f.pn[j] = f.pn[j], f.pn[i]
	f.dn[i], f.dn[j] = f.dn[j], f.dn[i]
	f.length[i], f.length[j] = f.length[j], f.length[i]
	f.rep[i], f.rep[j] = f.rep[j], f.rep[i]
}

// pick computes the node's numbers from its children's and picks the child to visit: the
// attacker's of least proof number, the defender's of least disproof number (second: the
// runner-up's). For a proven or disproven node best is the move that decides (proof: the
// attacker's mating move; disproof: the defender's escape), and length and rep are set.
func (f *pnFrame) pick(attacker bool) (best int, second uint32, r pnResult) {
	second = pnInf
	if attacker {
		r.pn = pnInf
		anyRep := false
		for i := 0; i < f.n; i++ {
			r.dn = addSat(r.dn, f.dn[i])
			p := f.pn[i]
			switch {
			case p < r.pn || p == 0 && f.length[i] < f.length[best]:
				if p < r.pn {
					second = r.pn
				}
				r.pn, best = p, i
			case p < second:
				second = p
			}
			anyRep = anyRep || f.rep[i]
		}
		if r.pn == 0 {
			r.length = f.length[best] + 1
		}
		if r.dn == 0 {
			r.rep = anyRep
		}
		return best, second, r
	}
	r.dn = pnInf
	var longest uint8
	for i := 0; i < f.n; i++ {
		r.pn = addSat(r.pn, f.pn[i])
		d := f.dn[i]
		switch {
		case d < r.dn || d == 0 && r.dn == 0 && f.rep[best] && !f.rep[i]:
			if d < r.dn {
				second = r.dn
			}
			r.dn, best = d, i
		case d < second:
			second = d
		}
		longest = max(longest, f.length[i])
	}
	if r.pn == 0 {
		r.length = longest
		for i := 0; i < f.n; i++ {
			if f.length[i] == longest {
				best = i
				break
			}
		}
	}
	if r.dn == 0 {
		r.rep = f.rep[best]
	}
	return best, second, r
}

// verifySlots bounds the positions a proof's check may visit.
const verifySlots = 1 << 16

// vslot is a position met by verify: open (on the line being checked) or done, with the
// longest mate from it.
type vslot struct {
	key    uint64
	stamp  uint32
	open   bool
	length uint8
}

// verify checks the proof the table holds from the attacker's position at ply: at each
// attacker position the table's move, legal and proven; every reply of the defender's; down to
// the defender without a legal move. The proof is a graph of positions, the attacker's move a
// function of the position: it is sound when no line of it comes back to a position (no
// cycle) nor passes one of the game's history. It returns the longest line in attacker moves.
func (s *Solver) verify(ply int) (length int, ok bool) {
	key := s.pos.Key()
	v, found := s.vslot(key)
	if v == nil {
		return 0, false
	}
	if found {
		return int(v.length), !v.open
	}
	e := s.pt.probe(key)
	if e == nil || e.pn != 0 || ply+2 > maxPly || s.inHistory() || !s.pos.IsLegal(e.move) {
		return 0, false
	}
	s.nodes++
	m := e.move
	u := s.pos.Make(m)
	longest, ok := 0, !s.inHistory()
	ml := &s.stack[ply+1].ml
	s.pos.GenerateLegal(ml)
	for i := 0; ok && i < ml.N; i++ {
		r := ml.Moves[i]
		ru := s.pos.Make(r)
		var n int
		n, ok = s.verify(ply + 2)
		longest = max(longest, n)
		s.pos.Unmake(r, ru)
		ml = &s.stack[ply+1].ml
	}
	s.pos.Unmake(m, u)
	if !ok || longest+1 > MaxMoves {
		return 0, false
	}
	v, _ = s.vslot(key)
	v.open, v.length = false, uint8(longest+1)
	return longest + 1, true
}

// vslot finds key's slot in the check's set, or a free one (found false); nil when full.
func (s *Solver) vslot(key uint64) (v *vslot, found bool) {
	i := key & (verifySlots - 1)
	for n := 0; n < verifySlots/2; n++ {
		v = &s.vset[i]
		if v.stamp != s.vstamp {
			*v = vslot{key: key, stamp: s.vstamp, open: true}
			return v, false
		}
		if v.key == key {
			return v, true
		}
		i = (i + 1) & (verifySlots - 1)
	}
	return nil, false
}

// inHistory says whether the position stood in the game's history before the root.
func (s *Solver) inHistory() bool {
	key := s.pos.Key()
	for _, k := range s.path[:s.hist] {
		if k == key {
			return true
		}
	}
	return false
}

// provePN runs the proof-number search from the root and checks its proof: Proven with the
// mate's length and first move when the proof holds, Disproven when no line of the tree
// escaped by a repetition or a bound (the whole tree was refuted), else Unknown. A proof found
// is then shortened: the search again within one move fewer, while it proves.
func (s *Solver) provePN(maxMoves int) stage {
	var st stage
	start := s.nodes
	s.bound = maxMoves
	r := s.pnSearch()
	switch {
	case r.pn == 0:
		if n, ok := s.checkProof(); ok {
			st.status, st.moves, st.best = Proven, n, s.pt.probe(s.pos.Key()).move
		}
	case r.dn == 0 && !r.rep:
		st.status = Disproven
	}
	// The shortening takes at most as many nodes again as the proof took, and a few more.
	limit := s.limit
	if most := 2*s.nodes - start + shortenNodes; st.status == Proven && (limit == 0 || most < limit) {
		s.limit = most
	}
	for st.status == Proven && st.moves > 1 && !s.stopped {
		s.bound = st.moves - 1
		if r = s.pnSearch(); r.pn != 0 {
			break
		}
		n, ok := s.checkProof()
		if !ok {
			break
		}
		st.moves, st.best = n, s.pt.probe(s.pos.Key()).move
	}
	if s.limit != limit {
		s.limit = limit
		s.stopped = s.nodes >= limit && limit > 0 || s.ctx != nil && s.ctx.Err() != nil ||
			!s.deadline.IsZero() && time.Now().After(s.deadline)
	}
	st.depth = st.moves
	st.cutShort = s.stopped
	return st
}

// checkProof verifies the table's proof from the root (verify), within the bound and the
// 60-move rule.
func (s *Solver) checkProof() (int, bool) {
	s.vstamp++
	if s.vstamp == 0 {
		clear(s.vset)
		s.vstamp = 1
	}
	n, ok := s.verify(0)
	return n, ok && n <= s.bound && s.pos.HalfmoveClock()+2*n-1 < xiangqi.MoveLimitPlies
}

// pnProof reads the proof-number search's table for pv: a proven entry's move and the length
// of its mate.
func (s *Solver) pnProof(key uint64) (xiangqi.Move, int, bool) {
	if e := s.pt.probe(key); e != nil && e.pn == 0 {
		return e.move, int(e.length), true
	}
	return xiangqi.NoMove, 0, false
}

// pnReplies runs the proof-number search after each of Defend's replies left: a reply proven
// mated leaves the list (its mate's length counted when it is the longest), one whose whole
// tree was refuted escapes.
func (s *Solver) pnReplies(d *defence, maxMoves int) {
	hist := s.hist
	for i := 0; i < d.n; {
		m := s.left[i]
		u := s.pos.Make(m)
		s.push()
		s.hist = s.depth - 1 // the defender's position at the root counts as history
		s.pt.newSolve()      // the failures of another reply's lines rest on its repetitions
		st := s.provePN(maxMoves)
		if st.status == Proven && st.moves >= d.moves {
			d.longest, d.moves, d.pn = m, st.moves, true
			d.pv = append(append(d.pv[:0], m), s.pv(st.best, st.moves, true, s.pnProof)...)
		}
		s.hist = hist
		s.depth--
		s.pos.Unmake(m, u)
		if s.stopped {
			return
		}
		switch st.status {
		case Proven:
			d.n--
			s.left[i] = s.left[d.n]
			continue
		case Disproven:
			d.escaped = true
			return
		}
		i++
	}
}
