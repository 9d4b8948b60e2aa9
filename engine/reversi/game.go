package reversi

// Game is a game record: a start position and the moves played, with undo/redo. Forced passes
// are explicit moves in the record (Pass), so ply n is always the n-th half-move.
type Game struct {
	start Position
	moves []Move
	pos   []Position // pos[i] = position after i moves; len(pos) == len(moves)+1
	ply   int
}

// NewGame starts a record at start (the initial position if nil).
func NewGame(start *Position) *Game {
	s := Start()
	if start != nil {
		s = *start
	}
	return &Game{start: s, pos: []Position{s}}
}

// Play plays m at the current ply. An illegal move returns an error and changes nothing; a legal
// one drops the redo tail (unless it is the move the tail would redo, which keeps it).
func (g *Game) Play(m Move) error {
	p := g.pos[g.ply]
	if err := p.Play(m); err != nil {
		return err
	}
	if g.ply < len(g.moves) && g.moves[g.ply] == m {
		g.ply++
		return nil
	}
	g.moves = append(g.moves[:g.ply], m)
	g.pos = append(g.pos[:g.ply+1], p)
	g.ply++
	return nil
}

// Undo steps back one move; false at the start.
func (g *Game) Undo() bool {
	if g.ply == 0 {
		return false
	}
	g.ply--
	return true
}

// Redo steps forward along the recorded moves; false at the end.
func (g *Game) Redo() bool {
	if g.ply == len(g.moves) {
		return false
	}
	g.ply++
	return true
}

// Ply returns the number of moves played up to the current position.
func (g *Game) Ply() int { return g.ply }

// Len returns the number of moves recorded, including undone ones.
func (g *Game) Len() int { return len(g.moves) }

// Moves returns a copy of all recorded moves (len == Len()).
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// MoveAt is the record's move i (0 for the first), without copying the record; NoMove past it.
func (g *Game) MoveAt(i int) Move {
	if i < 0 || i >= len(g.moves) {
		return NoMove
	}
	return g.moves[i]
}

// Position returns a copy of the current position.
func (g *Game) Position() *Position { p := g.pos[g.ply]; return &p }

// PositionAt returns a copy of the position after ply moves (0..Len()), or nil out of range.
func (g *Game) PositionAt(ply int) *Position {
	if ply < 0 || ply >= len(g.pos) {
		return nil
	}
	p := g.pos[ply]
	return &p
}

// Start returns a copy of the start position.
func (g *Game) Start() *Position { p := g.start; return &p }

// Status returns the status of the current position.
func (g *Game) Status() Status { return g.pos[g.ply].Status() }

// Outcome returns the result at the current position (NoOutcome while play goes on).
func (g *Game) Outcome() Outcome { return g.pos[g.ply].Outcome() }

// Score returns Black's final score (empties to the winner) at the current position.
func (g *Game) Score() int { return g.pos[g.ply].BlackScore() }
