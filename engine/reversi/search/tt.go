package search

// Transposition tables: one for exact endgame bounds (discs), one for the midgame search
// (centi-discs with a depth). Entries hold the whole position, so a hit is never a collision.

func hashPos(P, O uint64) uint64 {
	h := P*0x9E3779B97F4A7C15 ^ (O+0x632BE59BD9B4E019)*0xC2B2AE3D27D4EB4F
	return h ^ h>>31
}

type endEntry struct {
	P, O         uint64
	lower, upper int8
	move         int8
	empties      int8
}

// endTable keeps two entries per bucket: the first prefers more empties (costlier to
// recompute), the second is always replaced.
type endTable struct {
	e    []endEntry
	mask uint64
}

func newEndTable(bits uint) endTable {
	return endTable{e: make([]endEntry, 2<<bits), mask: (1<<bits - 1) << 1}
}

func (t *endTable) clear() { clear(t.e) }

func (t *endTable) probe(P, O uint64) *endEntry {
	i := hashPos(P, O) & t.mask
	if e := &t.e[i]; e.P == P && e.O == O {
		return e
	}
	if e := &t.e[i+1]; e.P == P && e.O == O {
		return e
	}
	return nil
}

// store records that the score lies in [lower, upper], tightening an entry already held.
func (t *endTable) store(P, O uint64, empties, lower, upper, move int) {
	i := hashPos(P, O) & t.mask
	e := &t.e[i]
	switch {
	case e.P == P && e.O == O:
	case t.e[i+1].P == P && t.e[i+1].O == O:
		e = &t.e[i+1]
	default:
		if int(e.empties) > empties {
			e = &t.e[i+1]
		}
		*e = endEntry{P: P, O: O, lower: -solveInf, upper: solveInf, move: -1, empties: int8(empties)}
	}
	if lower > int(e.lower) {
		e.lower = int8(lower)
	}
	if upper < int(e.upper) {
		e.upper = int8(upper)
	}
	if move >= 0 {
		e.move = int8(move)
	}
}

type midEntry struct {
	P, O         uint64
	lower, upper int16
	move         int8
	depth        int8
}

type midTable struct {
	e    []midEntry
	mask uint64
}

func newMidTable(bits uint) midTable {
	return midTable{e: make([]midEntry, 2<<bits), mask: (1<<bits - 1) << 1}
}

func (t *midTable) clear() { clear(t.e) }

func (t *midTable) probe(P, O uint64) *midEntry {
	i := hashPos(P, O) & t.mask
	if e := &t.e[i]; e.P == P && e.O == O {
		return e
	}
	if e := &t.e[i+1]; e.P == P && e.O == O {
		return e
	}
	return nil
}

func (t *midTable) store(P, O uint64, depth, lower, upper, move int) {
	i := hashPos(P, O) & t.mask
	e := &t.e[i]
	switch {
	case e.P == P && e.O == O:
	case t.e[i+1].P == P && t.e[i+1].O == O:
		e = &t.e[i+1]
	default:
		if int(e.depth) > depth {
			e = &t.e[i+1]
		}
		e.P, e.O, e.depth = P, O, -1
	}
	if int(e.depth) != depth { // bounds from another depth do not combine
		e.lower, e.upper, e.move, e.depth = -scoreInf, scoreInf, -1, int8(depth)
	}
	if lower > int(e.lower) {
		e.lower = int16(lower)
	}
	if upper < int(e.upper) {
		e.upper = int16(upper)
	}
	if move >= 0 {
		e.move = int8(move)
	}
}
