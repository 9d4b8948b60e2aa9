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
