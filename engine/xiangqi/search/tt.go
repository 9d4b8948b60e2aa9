package search

import "qipan/engine/xiangqi"

type bound uint8

const (
	boundExact bound = iota + 1
	boundLower       // score >= the stored one (a fail high)
	boundUpper       // score <= the stored one (a fail low)
)

// entry is 16 bytes; the full key is kept to tell positions sharing a bucket apart.
type entry struct {
	key   uint64
	move  xiangqi.Move
	score int16
	depth int8
	bound bound
	age   uint8
}

const entrySize = 16

// table is a transposition table of two-entry buckets indexed by the key's low bits: the
// first entry keeps the deepest result of this search (depth-preferred), the second takes
// whatever the first refuses (always replaced), so fresh shallow results are not lost.
type table struct {
	entries []entry // 2 per bucket
	mask    uint64  // buckets - 1
	age     uint8   // bumped per search: older entries are replaced first
}

// resize makes room for about mb megabytes (a power of two buckets, at least 1 MB).
func (t *table) resize(mb int) {
	if mb < 1 {
		mb = 1
	}
	n := uint64(1)
	for n*4*entrySize <= uint64(mb)<<20 {
		n *= 2
	}
	t.entries, t.mask = make([]entry, 2*n), n-1
}

func (t *table) clear() { clear(t.entries) }

func (t *table) probe(key uint64) (entry, bool) {
	i := (key & t.mask) * 2
	if e := t.entries[i]; e.key == key && e.bound != 0 {
		return e, true
	}
	e := t.entries[i+1]
	return e, e.key == key && e.bound != 0
}

// move returns the stored best move of key, or NoMove.
func (t *table) move(key uint64) xiangqi.Move {
	if e, ok := t.probe(key); ok {
		return e.move
	}
	return xiangqi.NoMove
}

// store keeps a result. Mate scores are stored relative to the node (distance from here, not
// the root).
func (t *table) store(key uint64, m xiangqi.Move, score, depth int, b bound, ply int) {
	i := (key & t.mask) * 2
	e := &t.entries[i]
	if e.key != key && e.age == t.age && int(e.depth) > depth {
		e = &t.entries[i+1] // the deeper entry stays
	}
	if m == xiangqi.NoMove && e.key == key {
		m = e.move // keep the old best move of a fail low
	}
	*e = entry{key: key, move: m, score: int16(toTT(score, ply)), depth: int8(depth), bound: b, age: t.age}
}

// boundOf is the bound a fail-soft search's best score gives for its window (alpha, beta).
func boundOf(best, alpha, beta int) bound {
	switch {
	case best >= beta:
		return boundLower
	case best <= alpha:
		return boundUpper
	}
	return boundExact
}

func toTT(score, ply int) int {
	switch {
	case score > mateBound:
		return score + ply
	case score < -mateBound:
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	switch {
	case score > mateBound:
		return score - ply
	case score < -mateBound:
		return score + ply
	}
	return score
}
