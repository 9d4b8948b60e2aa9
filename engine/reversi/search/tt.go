package search

import "unsafe"

// Transposition tables: one for exact endgame bounds (discs, depth = the empties), one for the
// midgame search (centi-discs with a depth). Both are a ttTable. Entries hold the whole
// position, so a hit is never a collision.

func hashPos(P, O uint64) uint64 {
	h := P*0x9E3779B97F4A7C15 ^ (O+0x632BE59BD9B4E019)*0xC2B2AE3D27D4EB4F
	return h ^ h>>31
}

// ttEntry is 32 bytes (8 of them padding) so that a bucket of two is one 64-byte cache line
// (the slice is page-aligned): a probe that misses the cache costs one line, not often two as
// with 24-byte entries (FFO #40-#43 native user time about 5-10 % lower; 8 MB more per 2^20).
type ttEntry struct {
	P, O         uint64
	lower, upper int16
	move         int8
	depth        int8   // midgame plies, or the empties of an endgame entry
	cost         uint32 // endgame entries: the nodes their search took (replacement priority)
	_            [4]byte
}

// ttTable keeps two entries per bucket: the first prefers more depth (costlier to
// recompute), the second is always replaced.
type ttTable struct {
	e    []ttEntry
	mask uint64
}

func newTable(bits uint) ttTable {
	return ttTable{e: make([]ttEntry, 2<<bits), mask: (1<<bits - 1) << 1}
}

func (t *ttTable) clear() { clear(t.e) }

func (t *ttTable) bytes() int { return len(t.e) * int(unsafe.Sizeof(ttEntry{})) }

func (t *ttTable) probe(P, O uint64) *ttEntry {
	i := hashPos(P, O) & t.mask
	if e := &t.e[i]; e.P == P && e.O == O {
		return e
	}
	if e := &t.e[i+1]; e.P == P && e.O == O {
		return e
	}
	return nil
}

// store records that the score at depth lies in [lower, upper], tightening an entry already
// held at the same depth; bounds from another depth do not combine (an endgame position's
// depth is its empties, always the same). A move < 0 keeps the entry's move.
func (t *ttTable) store(P, O uint64, depth, lower, upper, move int) {
	i := hashPos(P, O) & t.mask
	e := &t.e[i]
	switch {
	case e.P == P && e.O == O:
	case t.e[i+1].P == P && t.e[i+1].O == O:
		e = &t.e[i+1]
	default:
		if int(e.depth) > depth {
			e = &t.e[i+1]
		} else {
			t.e[i+1] = *e
		}
		e.P, e.O, e.depth = P, O, -1
	}
	if int(e.depth) != depth {
		// a new entry: [lower, upper] tightens (-inf, inf) to itself
		e.lower, e.upper, e.move, e.depth = int16(lower), int16(upper), int8(move), int8(depth)
		return
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

// bounds is what a fail-soft search's best score says about the true score, searched with the
// window (alpha, beta): a lower bound at or above beta, an upper bound at or below alpha, else
// exact; inf is the search's infinity.
func bounds(best, alpha, beta, inf int) (lower, upper int) {
	switch {
	case best >= beta:
		return best, inf
	case best > alpha:
		return best, best
	}
	return -inf, best
}

// storeEnd is store for the endgame solver: a new position takes the first entry of its
// bucket if its search cost at least as many nodes as the entry's (which moves to the
// second), else the second.
func (t *ttTable) storeEnd(P, O uint64, depth, lower, upper, move int, cost uint32) {
	i := hashPos(P, O) & t.mask
	e := &t.e[i]
	switch {
	case e.P == P && e.O == O:
	case t.e[i+1].P == P && t.e[i+1].O == O:
		e = &t.e[i+1]
	default:
		if e.cost > cost {
			e = &t.e[i+1]
		} else {
			t.e[i+1] = *e
		}
		e.P, e.O, e.depth = P, O, -1
	}
	if cost > e.cost {
		e.cost = cost
	}
	if int(e.depth) != depth {
		e.lower, e.upper, e.move, e.depth = int16(lower), int16(upper), int8(move), int8(depth)
		e.cost = cost
		return
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
