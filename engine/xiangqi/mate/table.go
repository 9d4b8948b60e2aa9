package mate

import "qipan/engine/xiangqi"

// exhausted is an entry's fail when no mate of the kind searched exists at any length.
const exhausted = 255

// entry is what the table knows of a position: a mate in at most prove moves of the
// attacker's using at most pq quiet ones, and no mate in fail moves with fq quiet ones. A
// position's key says the side to move, so attacker and defender positions share the table.
type entry struct {
	key       uint64
	move      xiangqi.Move // the mating move (attacker), the refutation (defender)
	prove, pq uint8        // 0: no mate known
	fail, fq  uint8        // 0: no failure known
	age       uint8
	deep      bool // the failure met the bound of length (a longer mate may exist)
}

// proven says the entry holds a mate within k moves and q quiet ones.
func (e *entry) proven(k, q int) bool { return e.prove > 0 && int(e.prove) <= k && int(e.pq) <= q }

// failed says the entry holds that there is no mate within k moves and q quiet ones.
func (e *entry) failed(k, q int) bool { return e.fail > 0 && int(e.fail) >= k && int(e.fq) >= q }

// weight is how much work an entry stands for, to choose which one a new key replaces.
func (e *entry) weight() int { return max(int(e.prove), min(int(e.fail), MaxMoves)) }

// table is the solver's transposition table: buckets of two entries.
type table struct {
	entries []entry
	mask    uint64
	age     uint8
}

const entryBytes = 16

func (t *table) resize(mb int) {
	n := uint64(max(mb, 1)) << 20 / entryBytes / 2
	b := uint64(1)
	for b*2 <= n {
		b *= 2
	}
	t.entries, t.mask = make([]entry, 2*b), b-1
}

func (t *table) clear()     { clear(t.entries) }
func (t *table) bytes() int { return len(t.entries) * entryBytes }

// newSolve starts a solve: the entries of earlier solves are not read (a proof may rest on
// the repetitions of another game's history), and are replaced first. When the age wraps
// round the table is emptied, so that no entry older than 255 solves passes for a new one.
func (t *table) newSolve() {
	t.age++
	if t.age == 0 {
		t.clear()
		t.age = 1
	}
}

func (t *table) probe(key uint64) *entry {
	i := (key & t.mask) * 2
	if e := &t.entries[i]; e.key == key && e.age == t.age {
		return e
	}
	if e := &t.entries[i+1]; e.key == key && e.age == t.age {
		return e
	}
	return nil
}

// store records a proof (prove > 0: mate within prove moves, pq quiet ones) or a failure (fail
// > 0; deep: it met the bound of length), keeping what the entry knew that still holds. move
// is kept unless NoMove.
func (t *table) store(key uint64, move xiangqi.Move, prove, pq, fail, fq uint8, deep bool) {
	e := t.probe(key)
	if e == nil {
		i := (key & t.mask) * 2
		e = &t.entries[i]
		if o := &t.entries[i+1]; o.age != t.age || e.age == t.age && o.weight() < e.weight() {
			e = o
		}
		*e = entry{key: key, age: t.age}
	}
	if move != xiangqi.NoMove {
		e.move = move
	}
	if prove > 0 && (e.prove == 0 || prove <= e.prove || pq <= e.pq) {
		e.prove, e.pq = prove, pq
	}
	if fail > 0 && (e.fail == 0 || fail >= e.fail && fq >= e.fq || fq > e.fq) {
		e.fail, e.fq, e.deep = fail, fq, deep
	}
}

// pnEntry is what the proof-number search knows of a position: its proof and disproof
// numbers, the move that decides it (the attacker's mating move, the defender's escape), the
// mate's length when proven, whether a disproof rests on the line (a repetition, a bound).
type pnEntry struct {
	key    uint64
	pn, dn uint32
	work   uint64 // nodes spent below it (which entry a new key replaces)
	move   xiangqi.Move
	length uint8
	age    uint8
	rep    bool
}

const pnEntryBytes = 32

// pnTable is the proof-number search's table: buckets of four entries.
type pnTable struct {
	entries []pnEntry
	mask    uint64
	age     uint8
}

func (t *pnTable) resize(mb int) {
	n := uint64(max(mb, 1)) << 20 / pnEntryBytes / 4
	b := uint64(1)
	for b*2 <= n {
		b *= 2
	}
	t.entries, t.mask = make([]pnEntry, 4*b), b-1
}

func (t *pnTable) clear()     { clear(t.entries) }
func (t *pnTable) bytes() int { return len(t.entries) * pnEntryBytes }

// newSolve starts a solve (as table.newSolve).
func (t *pnTable) newSolve() {
	t.age++
	if t.age == 0 {
		t.clear()
		t.age = 1
	}
}

func (t *pnTable) probe(key uint64) *pnEntry {
	i := (key & t.mask) * 4
	for j := i; j < i+4; j++ {
		if e := &t.entries[j]; e.key == key && e.age == t.age {
			return e
		}
	}
	return nil
}

// store records a visit's numbers; the entry replaced is one of an earlier solve, else the
// one of least work (an entry proven or disproven counts double).
func (t *pnTable) store(key uint64, r pnResult, move xiangqi.Move, work uint64) {
	e := t.probe(key)
	if e == nil {
		i := (key & t.mask) * 4
		e = &t.entries[i]
		for j := i; j < i+4; j++ {
			o := &t.entries[j]
			if o.age != t.age {
				e = o
				break
			}
			if o.weight() < e.weight() {
				e = o
			}
		}
		*e = pnEntry{key: key, age: t.age, pn: 1, dn: 1}
	}
	e.work += work
	if e.pn == 0 && (r.pn != 0 || r.length >= e.length) {
		return // a proof holds on any line: the shortest is kept
	}
	e.pn, e.dn, e.length, e.rep = r.pn, r.dn, r.length, r.rep
	if move != xiangqi.NoMove {
		e.move = move
	}
}

func (e *pnEntry) weight() uint64 {
	if e.pn == 0 || e.dn == 0 {
		return 2*e.work + 2
	}
	return e.work
}
