package xiangqi

import "fmt"

// Game is a game record: a start position, the moves played, and a current ply that undo
// and redo move along. Moves undone stay recorded (the redo tail) until a new move is played.
type Game struct {
	start Position
	cur   Position
	moves []Move
	undos []Undo   // undos[i] restores the position before moves[i] (valid for i < ply)
	keys  []uint64 // keys[i] = Key() after i moves, for i <= ply
	ply   int
}

// NewGame starts a record from start (nil = the start position). The position is copied.
func NewGame(start *Position) *Game {
	if start == nil {
		start = NewPosition()
	}
	g := &Game{start: *start, cur: *start}
	g.keys = append(g.keys, start.Key())
	return g
}

// Play plays m at the current ply. An illegal move returns an error and changes nothing;
// a legal one drops the redo tail.
func (g *Game) Play(m Move) error {
	if !g.cur.IsLegal(m) {
		return fmt.Errorf("illegal move %s in %s", m, g.cur.FEN())
	}
	g.moves = append(g.moves[:g.ply], m)
	g.undos = append(g.undos[:g.ply], g.cur.Make(m))
	g.ply++
	g.keys = append(g.keys[:g.ply], g.cur.Key())
	return nil
}

// PlayString parses a coordinate move (h2e2, H2-E2) and plays it.
func (g *Game) PlayString(s string) error {
	m, err := ParseMove(s)
	if err != nil {
		return err
	}
	return g.Play(m)
}

// Undo steps back one move; false at the start.
func (g *Game) Undo() bool {
	if g.ply == 0 {
		return false
	}
	g.ply--
	g.cur.Unmake(g.moves[g.ply], g.undos[g.ply])
	g.keys = g.keys[:g.ply+1]
	return true
}

// Redo replays the next recorded move; false at the end of the record.
func (g *Game) Redo() bool {
	if g.ply >= len(g.moves) {
		return false
	}
	m := g.moves[g.ply]
	g.undos = append(g.undos[:g.ply], g.cur.Make(m))
	g.ply++
	g.keys = append(g.keys[:g.ply], g.cur.Key())
	return true
}

// Ply is the number of moves played up to the current position.
func (g *Game) Ply() int { return g.ply }

// Len is the number of moves recorded, including the redo tail.
func (g *Game) Len() int { return len(g.moves) }

// Moves returns a copy of all recorded moves (len == Len()).
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Position returns a copy of the current position.
func (g *Game) Position() *Position {
	p := g.cur
	return &p
}

// PositionAt returns a copy of the position after ply moves of the record (0..Len()),
// or nil if ply is out of range.
func (g *Game) PositionAt(ply int) *Position {
	if ply < 0 || ply > len(g.moves) {
		return nil
	}
	p := g.start
	for _, m := range g.moves[:ply] {
		p.Make(m)
	}
	return &p
}

// Start returns a copy of the start position.
func (g *Game) Start() *Position {
	p := g.start
	return &p
}
