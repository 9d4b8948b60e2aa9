package search

import "qipan/engine/xiangqi"

// Move ordering scores: the hash move, then captures (most valuable victim first, least
// valuable attacker among equals), then the two killers, then quiet moves by history.
const (
	orderHash    = 1 << 30
	orderCapture = 1 << 24
	orderKiller  = 1 << 22
	historyMax   = 1 << 20
)

func (s *Searcher) scoreMoves(f *frame, ply int, hash xiangqi.Move) {
	for i, m := range f.ml.Moves[:f.ml.N] {
		pc, victim := s.pos.At(m.From()), s.pos.At(m.To())
		var sc int32
		switch {
		case m == hash:
			sc = orderHash
		case victim != xiangqi.NoPiece:
			sc = orderCapture + value[victim.Kind()]*64 - value[pc.Kind()]/8
		case m == f.killers[0]:
			sc = orderKiller + 1
		case m == f.killers[1]:
			sc = orderKiller
		default:
			sc = s.history[pc][m.To()]
		}
		f.scores[i] = sc
	}
}

// pickMove moves the best-scored of the moves from i on to i and returns it.
func pickMove(f *frame, i int) xiangqi.Move {
	best := i
	for j := i + 1; j < f.ml.N; j++ {
		if f.scores[j] > f.scores[best] {
			best = j
		}
	}
	f.ml.Moves[i], f.ml.Moves[best] = f.ml.Moves[best], f.ml.Moves[i]
	f.scores[i], f.scores[best] = f.scores[best], f.scores[i]
	return f.ml.Moves[i]
}

// rewardQuiet records a quiet move that caused a beta cutoff (the move is unmade).
func (s *Searcher) rewardQuiet(f *frame, m xiangqi.Move, depth int) {
	if f.killers[0] != m {
		f.killers[1], f.killers[0] = f.killers[0], m
	}
	pc := s.pos.At(m.From())
	h := &s.history[pc][m.To()]
	*h += int32(depth * depth)
	if *h >= historyMax {
		for i := range s.history {
			for j := range s.history[i] {
				s.history[i][j] /= 2
			}
		}
	}
}
