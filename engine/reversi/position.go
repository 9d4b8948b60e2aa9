package reversi

import "fmt"

// Color is a side: Black (X, moves first) or White (O).
type Color uint8

const (
	Black Color = 0
	White Color = 1
)

func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == Black {
		return "black"
	}
	return "white"
}

// Move is a square 0..63, Pass, or NoMove.
type Move int8

const (
	Pass   Move = 64
	NoMove Move = -1
)

// MoveAt returns the move that places a disc on s.
func MoveAt(s Square) Move { return Move(s) }

// Square returns the square of a disc-placing move, NoSquare for Pass or NoMove.
func (m Move) Square() Square {
	if m < 0 || m > 63 {
		return NoSquare
	}
	return Square(m)
}

// String returns the transcript coordinate ("f5"), "pass", or "none".
func (m Move) String() string {
	switch {
	case m == Pass:
		return "pass"
	case m >= 0 && m < 64:
		return Square(m).String()
	}
	return "none"
}

// MaxMoves bounds the legal moves of a position (at most 33 are possible; 60 empties bound it).
const MaxMoves = 64

// MoveList is a fixed-size move list for allocation-free generation.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
}

// Position is a board with the side to move; a value type.
type Position struct {
	P, O uint64 // discs of the side to move, of the opponent
	Turn Color  // colour of P
}

// Start returns the initial position: d5, e4 black; d4, e5 white; black to move.
func Start() Position {
	return Position{
		P:    SquareOf(4, 3).Bit() | SquareOf(3, 4).Bit(),
		O:    SquareOf(3, 3).Bit() | SquareOf(4, 4).Bit(),
		Turn: Black,
	}
}

// NewPosition returns the initial position.
func NewPosition() *Position { p := Start(); return &p }

// FromColors builds a position from black and white discs and the side to move.
func FromColors(black, white uint64, turn Color) (*Position, error) {
	if black&white != 0 {
		return nil, fmt.Errorf("reversi: square %v holds both a black and a white disc", FirstSquare(black&white))
	}
	p := &Position{P: black, O: white, Turn: turn}
	if turn == White {
		p.P, p.O = white, black
	}
	return p, nil
}

// Discs returns the discs of colour c.
func (p *Position) Discs(c Color) uint64 {
	if c == p.Turn {
		return p.P
	}
	return p.O
}

// Black and White return the discs of each colour.
func (p *Position) Black() uint64 { return p.Discs(Black) }
func (p *Position) White() uint64 { return p.Discs(White) }

// Empty returns the empty squares.
func (p *Position) Empty() uint64 { return ^(p.P | p.O) }

// Empties returns the number of empty squares.
func (p *Position) Empties() int { return 64 - Count(p.P|p.O) }

// At returns the colour on s and whether s is occupied.
func (p *Position) At(s Square) (Color, bool) {
	switch b := s.Bit(); {
	case p.P&b != 0:
		return p.Turn, true
	case p.O&b != 0:
		return p.Turn.Other(), true
	}
	return 0, false
}

// Moves returns the disc-placing legal moves of the side to move as a bitboard.
func (p *Position) Moves() uint64 { return Moves(p.P, p.O) }

// GenerateLegal fills ml with the legal moves: the disc-placing ones in square order, or
// Pass alone if the side to move must pass, or nothing if the game is over. No allocation.
func (p *Position) GenerateLegal(ml *MoveList) {
	ml.N = 0
	m := Moves(p.P, p.O)
	if m == 0 {
		if Moves(p.O, p.P) != 0 {
			ml.Moves[0] = Pass
			ml.N = 1
		}
		return
	}
	for ; m != 0; m &= m - 1 {
		ml.Moves[ml.N] = Move(FirstSquare(m))
		ml.N++
	}
}

// LegalMoves returns the legal moves (see GenerateLegal); it allocates.
func (p *Position) LegalMoves() []Move {
	var ml MoveList
	p.GenerateLegal(&ml)
	return append([]Move(nil), ml.Moves[:ml.N]...)
}

// IsLegal reports whether m is legal here.
func (p *Position) IsLegal(m Move) bool {
	switch {
	case m == Pass:
		return Moves(p.P, p.O) == 0 && Moves(p.O, p.P) != 0
	case m >= 0 && m < 64:
		return Moves(p.P, p.O)&Square(m).Bit() != 0
	}
	return false
}

// Undo is what Unmake needs: the discs the move flipped.
type Undo uint64

// Make plays m, which must be legal, and returns what Unmake needs.
func (p *Position) Make(m Move) Undo {
	if m == Pass {
		p.P, p.O, p.Turn = p.O, p.P, p.Turn.Other()
		return 0
	}
	f := Flips(p.P, p.O, Square(m))
	p.P, p.O, p.Turn = p.O^f, p.P|f|Square(m).Bit(), p.Turn.Other()
	return Undo(f)
}

// Unmake takes back m, played by Make that returned u.
func (p *Position) Unmake(m Move, u Undo) {
	if m == Pass {
		p.P, p.O, p.Turn = p.O, p.P, p.Turn.Other()
		return
	}
	f := uint64(u)
	p.P, p.O, p.Turn = p.O&^(f|Square(m).Bit()), p.P|f, p.Turn.Other()
}

// Play plays m if it is legal, else returns an error naming why and leaves p unchanged.
func (p *Position) Play(m Move) error {
	if !p.IsLegal(m) {
		return fmt.Errorf("reversi: %v is not a legal move for %v here", m, p.Turn)
	}
	p.Make(m)
	return nil
}

// Status is the state of play of a position.
type Status uint8

const (
	Ongoing  Status = iota // the side to move has a disc-placing move
	MustPass               // the side to move has no move, the opponent has one
	Over                   // neither side can move
)

func (s Status) String() string {
	switch s {
	case Ongoing:
		return "ongoing"
	case MustPass:
		return "must pass"
	case Over:
		return "over"
	}
	return "?"
}

// Status tells whether the side to move can play, must pass, or the game is over.
func (p *Position) Status() Status {
	if Moves(p.P, p.O) != 0 {
		return Ongoing
	}
	if Moves(p.O, p.P) != 0 {
		return MustPass
	}
	return Over
}

// Score returns the disc difference for the side to move with the empty squares given to the
// side with more discs (the final score when the game is over).
func (p *Position) Score() int { return FinalScore(p.P, p.O) }

// FinalScore is Score on bare bitboards.
func FinalScore(P, O uint64) int {
	np, no := Count(P), Count(O)
	e := 64 - np - no
	switch d := np - no; {
	case d > 0:
		return d + e
	case d < 0:
		return d - e
	default:
		return 0
	}
}

// Outcome is the result of a game.
type Outcome uint8

const (
	NoOutcome Outcome = iota // game not over
	BlackWins
	WhiteWins
	Draw
)

func (o Outcome) String() string {
	switch o {
	case BlackWins:
		return "black wins"
	case WhiteWins:
		return "white wins"
	case Draw:
		return "draw"
	}
	return "ongoing"
}

// Outcome returns the result if the game is over, else NoOutcome.
func (p *Position) Outcome() Outcome {
	if p.Status() != Over {
		return NoOutcome
	}
	return p.Leader()
}

// Leader returns who has more discs now (BlackWins, WhiteWins or Draw), over or not.
func (p *Position) Leader() Outcome {
	s := p.Score()
	if p.Turn == White {
		s = -s
	}
	switch {
	case s > 0:
		return BlackWins
	case s < 0:
		return WhiteWins
	}
	return Draw
}

// BlackScore returns the final-score convention's disc difference for Black.
func (p *Position) BlackScore() int {
	if p.Turn == White {
		return -p.Score()
	}
	return p.Score()
}
