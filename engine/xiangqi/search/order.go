package search

import "qipan/engine/xiangqi"

// Move ordering scores: the hash move, then captures that do not lose material by static
// exchange (most valuable victim first, least valuable attacker among equals), then the two
// killers and the countermove, then quiet moves by history, and last the losing captures
// (negative scores: quiescence skips them).
const (
	orderHash    = 1 << 30
	orderCapture = 1 << 24
	orderKiller  = 1 << 22
	historyMax   = 1 << 16
	orderBad     = -(1 << 23)
)

func (s *Searcher) scoreMoves(f *frame, ply int, hash xiangqi.Move) {
	counter := xiangqi.NoMove
	if ply > 0 {
		if prev := &s.frames[ply-1]; prev.move != xiangqi.NoMove {
			counter = s.counter[prev.piece][prev.move.To()]
		}
	}
	f.counter = counter
	for i, m := range f.ml.Moves[:f.ml.N] {
		pc, victim := s.board.sq[m.From()], s.board.sq[m.To()]
		var sc int32
		switch {
		case m == hash:
			sc = orderHash
		case victim != xiangqi.NoPiece:
			sc = orderCapture + value[victim.Kind()]*64 - value[pc.Kind()]/8
			if seeValue[pc.Kind()] > seeValue[victim.Kind()] {
				if v := s.see(m); v < 0 {
					sc = orderBad + int32(v)
				}
			}
		case m == f.killers[0]:
			sc = orderKiller + 2
		case m == f.killers[1]:
			sc = orderKiller + 1
		case m == counter:
			sc = orderKiller
		default:
			sc = int32(s.quietHistory(ply, pc, m.To()))
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

// rewardQuiet records a quiet move that caused a beta cutoff (the move is unmade): killer,
// countermove, a history bonus for it and a malus for the quiet moves tried before it.
func (s *Searcher) rewardQuiet(f *frame, ply int, m xiangqi.Move, depth int) {
	if f.killers[0] != m {
		f.killers[1], f.killers[0] = f.killers[0], m
	}
	if ply > 0 {
		if prev := &s.frames[ply-1]; prev.move != xiangqi.NoMove {
			s.counter[prev.piece][prev.move.To()] = m
		}
	}
	bonus := int32(min(depth*depth, 400))
	s.updateHistory(ply, m, bonus)
	for _, q := range f.quiets[:f.nq] {
		s.updateHistory(ply, q, -bonus)
	}
}

// contEntry is the continuation history that follows one move (a piece arriving on a point).
type contEntry [xiangqi.NumPieces][xiangqi.NumSquares]int16

// contMax bounds continuation history scores.
const contMax = 1 << 14

// contAt returns the continuation history following the move played k plies above ply, or nil
// (the root's parents, a null move).
func (s *Searcher) contAt(ply, k int) *contEntry {
	if ply < k {
		return nil
	}
	if f := &s.frames[ply-k]; f.move != xiangqi.NoMove {
		return &s.cont[f.piece][f.move.To()]
	}
	return nil
}

// quietHistory scores a quiet move of pc to `to` at ply: its history, plus what followed the
// previous move and the one before it.
func (s *Searcher) quietHistory(ply int, pc xiangqi.Piece, to xiangqi.Square) int {
	h := int(s.history[pc][to])
	if c := s.contAt(ply, 1); c != nil {
		h += 2 * int(c[pc][to])
	}
	if c := s.contAt(ply, 2); c != nil {
		h += 2 * int(c[pc][to])
	}
	return h
}

// updateHistory moves a history score toward ±historyMax by bonus (the "gravity" update keeps
// it within bounds without rescaling the table).
func (s *Searcher) updateHistory(ply int, m xiangqi.Move, bonus int32) {
	pc, to := s.board.sq[m.From()], m.To()
	h := &s.history[pc][to]
	a := bonus
	if a < 0 {
		a = -a
	}
	*h += bonus*32 - *h*a/(historyMax/32)
	for k := 1; k <= 2; k++ {
		if c := s.contAt(ply, k); c != nil {
			e := &c[pc][to]
			*e += int16(bonus*16 - int32(*e)*a/(contMax/16))
		}
	}
}
