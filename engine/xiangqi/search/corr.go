package search

import "qipan/engine/xiangqi"

// Correction history: what the searches found the static evaluation missing, per side to
// move and per structure (the soldiers and the palace guard: general, advisors, elephants),
// added to later static evaluations of positions with the same structure. The hand
// evaluation misjudges some structures consistently (a broken palace, a soldier chain); the
// search sees it, and pruning that trusts the static evaluation then errs less.
const (
	corrSize  = 1 << 14
	corrGrain = 256            // entries hold centipawns × corrGrain
	corrLimit = 96 * corrGrain // at most ±96 cp of correction
	corrMaxW  = 16             // the heaviest weight of one search result (of 256)
)

// structZobrist hashes the structural pieces; fixed so that searches are reproducible.
var structZobrist [xiangqi.NumPieces][xiangqi.NumSquares]uint64

func init() {
	x := uint64(0x2545F4914F6CDD1D)
	for pc := range structZobrist {
		k := xiangqi.Piece(pc).Kind()
		if k != xiangqi.General && k != xiangqi.Advisor && k != xiangqi.Elephant && k != xiangqi.Soldier {
			continue
		}
		for sq := range structZobrist[pc] {
			x += 0x9E3779B97F4A7C15 // splitmix64
			z := x
			z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
			z = (z ^ z>>27) * 0x94D049BB133111EB
			structZobrist[pc][sq] = z ^ z>>31
		}
	}
}

// structKey hashes the structural pieces on b from scratch.
func structKey(b *board) uint64 {
	var k uint64
	for sq, pc := range b.sq {
		if pc != xiangqi.NoPiece {
			k ^= structZobrist[pc][sq]
		}
	}
	return k
}

// correction is the learned correction, in centipawns, for the position now.
func (s *Searcher) correction() int {
	return int(s.corr[s.pos.Turn()][s.skey&(corrSize-1)]) / corrGrain
}

// updateCorrection moves the entry of the position now toward diff (search result minus
// static evaluation), the more the deeper the search.
func (s *Searcher) updateCorrection(diff, depth int) {
	e := &s.corr[s.pos.Turn()][s.skey&(corrSize-1)]
	w := min(depth+1, corrMaxW)
	v := (int(*e)*(256-w) + diff*corrGrain*w) / 256
	*e = int32(max(-corrLimit, min(corrLimit, v)))
}
