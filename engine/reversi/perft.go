package reversi

// Perft counts the leaves of the legal-move tree to depth, a forced pass counting as a move
// and a finished game as a leaf (see the package doc).
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(p.P, p.O, depth)
}

func perft(P, O uint64, depth int) uint64 {
	m := Moves(P, O)
	if m == 0 {
		if Moves(O, P) == 0 {
			return 1 // game over: a leaf
		}
		if depth == 1 {
			return 1
		}
		return perft(O, P, depth-1)
	}
	if depth == 1 {
		return uint64(Count(m))
	}
	var n uint64
	for ; m != 0; m &= m - 1 {
		sq := FirstSquare(m)
		f := Flips(P, O, sq)
		n += perft(O^f, P|f|sq.Bit(), depth-1)
	}
	return n
}

// PerftDivide returns the perft count below each legal move, in GenerateLegal order.
func PerftDivide(p *Position, depth int) ([]Move, []uint64) {
	moves := p.LegalMoves()
	counts := make([]uint64, len(moves))
	for i, m := range moves {
		q := *p
		q.Make(m)
		counts[i] = Perft(&q, depth-1)
	}
	return moves, counts
}
