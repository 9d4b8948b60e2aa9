package xiangqi

import (
	"fmt"
	"strings"
)

// Color is a side: Red (moves first) or Black.
type Color uint8

const (
	Red   Color = 0
	Black Color = 1
)

// Other returns the opponent.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	switch c {
	case Red:
		return "red"
	case Black:
		return "black"
	}
	return fmt.Sprintf("Color(%d)", uint8(c))
}

// Square is a board point 0..89 = rank*9 + file; file 0 is 'a' (Red's left),
// rank 0 is Red's back rank.
type Square int8

// NoSquare is the invalid square.
const NoSquare Square = -1

// NumSquares is the number of points on the board.
const NumSquares = 90

// SquareOf returns the square at file 0..8 and rank 0..9 (no range check).
func SquareOf(file, rank int) Square { return Square(rank*9 + file) }

// File returns 0..8 (a..i).
func (s Square) File() int { return int(s) % 9 }

// Rank returns 0..9 (0 = Red's back rank).
func (s Square) Rank() int { return int(s) / 9 }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s >= 0 && s < NumSquares }

// String returns the UCCI coordinate, e.g. "e0".
func (s Square) String() string {
	if !s.Valid() {
		return fmt.Sprintf("Square(%d)", int8(s))
	}
	return string([]byte{byte('a' + s.File()), byte('0' + s.Rank())})
}

// ParseSquare reads a UCCI coordinate "a0".."i9" (upper-case file letters accepted).
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 {
		return NoSquare, fmt.Errorf("square %q: want a file a-i and a rank 0-9, like e0", s)
	}
	f, r := lower(s[0]), s[1]
	if f < 'a' || f > 'i' {
		return NoSquare, fmt.Errorf("square %q: file %q is not a-i", s, s[0])
	}
	if r < '0' || r > '9' {
		return NoSquare, fmt.Errorf("square %q: rank %q is not 0-9", s, s[1])
	}
	return SquareOf(int(f-'a'), int(r-'0')), nil
}

func lower(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// Kind is a piece type without color. Values run 1..7 (General..Soldier); 0 is NoKind,
// so arrays indexed by Kind need NumKinds (8) entries.
type Kind uint8

const (
	NoKind Kind = iota
	General
	Advisor
	Elephant
	Horse
	Chariot
	Cannon
	Soldier
)

// NumKinds sizes arrays indexed by Kind (index 0 = NoKind is unused).
const NumKinds = 8

var kindNames = [NumKinds]string{"none", "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier"}

func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Piece is a colored piece: Kind | Color<<3. NoPiece (0) is an empty point. Red pieces are
// 1..7, black 9..15, so arrays indexed by Piece need NumPieces (16) entries.
type Piece uint8

const NoPiece Piece = 0

// NumPieces sizes arrays indexed by Piece.
const NumPieces = 16

// MakePiece combines a color and a kind.
func MakePiece(c Color, k Kind) Piece { return Piece(k) | Piece(c)<<3 }

// Color of the piece (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// Kind of the piece (NoKind for NoPiece).
func (p Piece) Kind() Kind { return Kind(p & 7) }

const fenLetters = " KABNRCP"

// FEN returns the FEN letter: K A B N R C P for Red, lower case for Black, '.' for NoPiece.
func (p Piece) FEN() byte {
	if p == NoPiece || p.Kind() == NoKind || p >= NumPieces {
		return '.'
	}
	b := fenLetters[p.Kind()]
	if p.Color() == Black {
		b += 'a' - 'A'
	}
	return b
}

func (p Piece) String() string { return string(p.FEN()) }

// Move packs from | to<<7. NoMove (0) is never a legal move (a0 to a0).
type Move uint16

const NoMove Move = 0

// NewMove returns the move from→to.
func NewMove(from, to Square) Move { return Move(uint16(from) | uint16(to)<<7) }

// From returns the origin square.
func (m Move) From() Square { return Square(m & 0x7f) }

// To returns the destination square.
func (m Move) To() Square { return Square(m >> 7 & 0x7f) }

// String returns the UCCI form "h2e2" ("0000" for NoMove).
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	return m.From().String() + m.To().String()
}

// ICCS returns the ICCS form "H2-E2".
func (m Move) ICCS() string {
	if m == NoMove {
		return "0000"
	}
	return strings.ToUpper(m.From().String()) + "-" + strings.ToUpper(m.To().String())
}

// ParseMove reads a coordinate move: UCCI "h2e2", ICCS "H2-E2", or "h2-e2" (either case).
// It checks only the syntax; whether the move is legal is Position.IsLegal's job.
func ParseMove(s string) (Move, error) {
	if m, ok := CoordMove(s); ok {
		return m, nil
	}
	t := s
	switch {
	case len(t) == 5 && t[2] == '-':
		t = t[:2] + t[3:]
	case len(t) != 4:
		return NoMove, fmt.Errorf("move %q: want a coordinate move like h2e2 or H2-E2", s)
	}
	from, err := ParseSquare(t[:2])
	if err != nil {
		return NoMove, fmt.Errorf("move %q: from %v", s, err)
	}
	to, err := ParseSquare(t[2:])
	if err != nil {
		return NoMove, fmt.Errorf("move %q: to %v", s, err)
	}
	if from == to {
		return NoMove, fmt.Errorf("move %q: from and to are the same square", s)
	}
	return NewMove(from, to), nil
}

// CoordMove reads a coordinate move as ParseMove does, without saying why s is not one:
// readers that try it before other notations (a PGN's WXF moves) would build an error for
// every move they read.
func CoordMove(s string) (Move, bool) {
	to := 2
	switch {
	case len(s) == 5 && s[2] == '-':
		to = 3
	case len(s) != 4:
		return NoMove, false
	}
	from, ok1 := coordSquare(s[0], s[1])
	dest, ok2 := coordSquare(s[to], s[to+1])
	if !ok1 || !ok2 || from == dest {
		return NoMove, false
	}
	return NewMove(from, dest), true
}

// coordSquare reads a file a-i (or A-I) and a rank 0-9.
func coordSquare(file, rank byte) (Square, bool) {
	f := lower(file)
	if f < 'a' || f > 'i' || rank < '0' || rank > '9' {
		return NoSquare, false
	}
	return SquareOf(int(f-'a'), int(rank-'0')), true
}

// MaxMoves bounds the legal moves of any position (the true maximum is below 120).
const MaxMoves = 128

// MoveList is a fixed-size move buffer, so generating moves allocates nothing.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
}

// Slice returns the moves held (aliases the list).
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.N] }

// Contains reports whether m is in the list.
func (ml *MoveList) Contains(m Move) bool {
	for _, x := range ml.Moves[:ml.N] {
		if x == m {
			return true
		}
	}
	return false
}
