package search

import "qipan/engine/xiangqi"

// Correction history: what the searches found the static evaluation missing, per side to
// move and per structure (the soldiers and the palace guard: general, advisors, elephants),
// added to later static evaluations of positions with the same structure. The hand
// evaluation misjudges some structures consistently (a broken palace, a soldier chain); the
// search sees it, and pruning that trusts the static evaluation then errs less. Beside the
// structure, each side's attacking force (where its chariots, horses and cannons stand) keys
// a table of its own: an attack the evaluation underrates, such as pieces massed before a
// palace, keeps its key while the defender moves, so what the search learned of it is
// applied to the positions that follow.
const (
	corrSize  = 1 << 14
	corrGrain = 256            // entries hold centipawns × corrGrain
	corrLimit = 96 * corrGrain // at most ±96 cp of correction
	corrMaxW  = 16             // the heaviest weight of one search result (of 256)
)

// structZobrist hashes the structural pieces, forceZobrist the others (chariots, horses,
// cannons: a side's attacking force); fixed so that searches are reproducible.
var structZobrist, forceZobrist [xiangqi.NumPieces][xiangqi.NumSquares]uint64

func init() {
	x := uint64(0x2545F4914F6CDD1D)
	next := func() uint64 {
		x += 0x9E3779B97F4A7C15 // splitmix64
		z := x
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for pc := range structZobrist {
		k := xiangqi.Piece(pc).Kind()
		if k != xiangqi.General && k != xiangqi.Advisor && k != xiangqi.Elephant && k != xiangqi.Soldier {
			continue
		}
		for sq := range structZobrist[pc] {
			structZobrist[pc][sq] = next()
		}
	}
	for pc := range forceZobrist {
		k := xiangqi.Piece(pc).Kind()
		if k != xiangqi.Chariot && k != xiangqi.Horse && k != xiangqi.Cannon {
			continue
		}
		for sq := range forceZobrist[pc] {
			forceZobrist[pc][sq] = next()
		}
	}
}

// corrKeys hashes b's structural pieces and each side's chariots, horses and cannons from
// scratch (the two tables have no piece in common, so one scan fills both).
func corrKeys(b *board) (structure uint64, force [2]uint64) {
	for sq, pc := range b.sq {
		if pc != xiangqi.NoPiece {
			structure ^= structZobrist[pc][sq]
			force[pc.Color()] ^= forceZobrist[pc][sq]
		}
	}
	return structure, force
}

// correction is the learned correction, in centipawns, for the position now: its
// structure's, and half of each side's attacking force's (a placement of chariots, horses
// and cannons that the evaluation misjudges, such as an attack on the palace, keeps its key
// while the other side moves).
func (s *Searcher) correction() int {
	structure, red, black := s.corrEntries()
	return int(2**structure+*red+*black) / (2 * corrGrain)
}

// corrEntries returns the position's entries in the correction tables: its structure's and
// each side's attacking force's, for the side to move.
func (s *Searcher) corrEntries() (structure, red, black *int32) {
	us := s.pos.Turn()
	return &s.corr[us][s.skey&(corrSize-1)], &s.fcorr[us][0][s.fkey[0]&(corrSize-1)], &s.fcorr[us][1][s.fkey[1]&(corrSize-1)]
}

// updateCorrection moves the entries of the position now toward diff (search result minus
// static evaluation), the more the deeper the search.
func (s *Searcher) updateCorrection(diff, depth int) {
	w := min(depth+1, corrMaxW)
	structure, red, black := s.corrEntries()
	for _, e := range [3]*int32{structure, red, black} {
		v := (int(*e)*(256-w) + diff*corrGrain*w) / 256
		*e = int32(max(-corrLimit, min(corrLimit, v)))
	}
}
