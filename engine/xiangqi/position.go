package xiangqi

import "math/bits"

// StartFEN is the standard opening position.
const StartFEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// Position is a board with the side to move. It holds no pointers or slices: assigning
// it copies the position, so a search may keep copies freely.
type Position struct {
	board    [NumSquares]Piece
	occ      [2][2]uint64 // per color: squares 0..63 in [0], 64..89 in [1]
	count    [NumPieces]int8
	general  [2]Square
	turn     Color
	check    bool // InCheck; Make tests it once for the search and the move generator
	key      uint64
	halfmove int // plies since the last capture (FEN field 5)
	fullmove int // FEN field 6: starts at 1, +1 after each Black move
}

// Undo holds what Make overwrote; pass it back to Unmake.
type Undo struct {
	Captured Piece
	check    bool
	halfmove int32
	key      uint64
}

// NewPosition returns the start position.
func NewPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("xiangqi: StartFEN: " + err.Error())
	}
	return p
}

// Turn is the side to move.
func (p *Position) Turn() Color { return p.turn }

// At returns the piece on s (NoPiece if empty or off the board).
func (p *Position) At(s Square) Piece {
	if !s.Valid() {
		return NoPiece
	}
	return p.board[s]
}

// Key is the Zobrist hash of the pieces and the side to move (not the move counters).
func (p *Position) Key() uint64 { return p.key }

// GeneralSquare returns where c's general stands.
func (p *Position) GeneralSquare(c Color) Square { return p.general[c] }

// Count returns how many of piece pc are on the board.
func (p *Position) Count(pc Piece) int {
	if pc >= NumPieces {
		return 0
	}
	return int(p.count[pc])
}

// HalfmoveClock is the number of plies since the last capture.
func (p *Position) HalfmoveClock() int { return p.halfmove }

// Fullmove is the FEN move number (starts at 1, increases after Black moves).
func (p *Position) Fullmove() int { return p.fullmove }

// Squares calls fn for each square holding a piece of color c, in square order.
func (p *Position) Squares(c Color, fn func(s Square, pc Piece)) {
	for w := 0; w < 2; w++ {
		for b := p.occ[c][w]; b != 0; b &= b - 1 {
			s := Square(w<<6 + bits.TrailingZeros64(b))
			fn(s, p.board[s])
		}
	}
}

func (p *Position) put(pc Piece, s Square) {
	p.board[s] = pc
	p.occ[pc.Color()][s>>6] |= 1 << (uint(s) & 63)
	p.count[pc]++
	p.key ^= zobrist[pc][s]
	if pc.Kind() == General {
		p.general[pc.Color()] = s
	}
}

// Make plays m, which must be at least pseudo-legal (a piece of the side to move moving
// by its rules; Make does not check). It returns what Unmake needs.
func (p *Position) Make(m Move) Undo {
	from, to := m.From(), m.To()
	pc, cap := p.board[from], p.board[to]
	u := Undo{Captured: cap, check: p.check, halfmove: int32(p.halfmove), key: p.key}
	c := p.turn
	p.board[to], p.board[from] = pc, NoPiece
	p.occ[c][from>>6] &^= 1 << (uint(from) & 63)
	p.occ[c][to>>6] |= 1 << (uint(to) & 63)
	k := p.key ^ zobrist[pc][from] ^ zobrist[pc][to] ^ zobristSide
	if cap != NoPiece {
		p.occ[c^1][to>>6] &^= 1 << (uint(to) & 63)
		p.count[cap]--
		k ^= zobrist[cap][to]
		p.halfmove = 0
	} else {
		p.halfmove++
	}
	p.key = k
	if pc.Kind() == General {
		p.general[c] = to
	}
	if c == Black {
		p.fullmove++
	}
	p.turn = c ^ 1
	p.check = p.computeCheck()
	return u
}

// Unmake takes back m, which must be the last move made, with the Undo Make returned.
func (p *Position) Unmake(m Move, u Undo) {
	from, to := m.From(), m.To()
	c := p.turn ^ 1
	pc := p.board[to]
	p.board[from], p.board[to] = pc, u.Captured
	p.occ[c][to>>6] &^= 1 << (uint(to) & 63)
	p.occ[c][from>>6] |= 1 << (uint(from) & 63)
	if u.Captured != NoPiece {
		p.occ[c^1][to>>6] |= 1 << (uint(to) & 63)
		p.count[u.Captured]++
	}
	if pc.Kind() == General {
		p.general[c] = from
	}
	if c == Black {
		p.fullmove--
	}
	p.halfmove = int(u.halfmove)
	p.key = u.key
	p.turn = c
	p.check = u.check
}

// MakeNull passes the turn (for null-move pruning; never legal in a game).
func (p *Position) MakeNull() Undo {
	u := Undo{check: p.check, halfmove: int32(p.halfmove), key: p.key}
	p.key ^= zobristSide
	p.halfmove++
	if p.turn == Black {
		p.fullmove++
	}
	p.turn ^= 1
	p.check = p.computeCheck()
	return u
}

// UnmakeNull takes back MakeNull.
func (p *Position) UnmakeNull(u Undo) {
	p.turn ^= 1
	if p.turn == Black {
		p.fullmove--
	}
	p.halfmove = int(u.halfmove)
	p.key = u.key
	p.check = u.check
}

// computeKey hashes the position from scratch (for tests and FEN parsing).
func (p *Position) computeKey() uint64 {
	var k uint64
	for s, pc := range p.board {
		if pc != NoPiece {
			k ^= zobrist[pc][s]
		}
	}
	if p.turn == Black {
		k ^= zobristSide
	}
	return k
}
