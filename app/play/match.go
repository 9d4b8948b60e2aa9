// Package play is the board's logic, apart from any display: a game between a person and the
// engine, the person's selection and its hints, undo and redo by full moves, the flip, and what
// to ask the engine when. It does no I/O: the engine is reached through lines the caller sends
// (see Engine), and saving goes through Save/Restore, so all of it tests natively.
package play

import (
	"fmt"

	"qipan/engine/xiangqi"
)

// NoSquare marks "no point selected".
const NoSquare xiangqi.Square = -1

// Match is a game of the person (Human) against the engine, plus what the board shows about it.
type Match struct {
	game     *xiangqi.Game
	human    xiangqi.Color
	selected xiangqi.Square
	hints    []xiangqi.Move // legal moves of the selected piece
	flipped  bool
	Engine   Engine
}

// NewMatch starts a match from the start position, the person playing Red.
func NewMatch() *Match {
	m := &Match{human: xiangqi.Red, selected: NoSquare, Engine: NewEngine()}
	m.game = xiangqi.NewGame(xiangqi.NewPosition())
	return m
}

// Game returns the game record (read it; change it only through Match).
func (m *Match) Game() *xiangqi.Game { return m.game }

// Position returns the current position (a copy).
func (m *Match) Position() *xiangqi.Position { return m.game.Position() }

// Human returns the person's colour.
func (m *Match) Human() xiangqi.Color { return m.human }

// Flipped reports whether the board is shown from Black's side.
func (m *Match) Flipped() bool { return m.flipped }

// Selected returns the selected point, or NoSquare.
func (m *Match) Selected() xiangqi.Square { return m.selected }

// Hints returns the legal moves of the selected piece.
func (m *Match) Hints() []xiangqi.Move { return m.hints }

// LastMove returns the move that led to the current position, if any.
func (m *Match) LastMove() (xiangqi.Move, bool) {
	if ply := m.game.Ply(); ply > 0 {
		return m.game.Moves()[ply-1], true
	}
	return xiangqi.NoMove, false
}

// Over reports whether the game has ended (the side to move is mated or stalemated).
func (m *Match) Over() bool { return m.game.Status() != xiangqi.Ongoing }

// PersonToMove reports whether the board accepts the person's moves now.
func (m *Match) PersonToMove() bool { return !m.Over() && m.game.Position().Turn() == m.human }

// Click handles a click on point sq: select one of the person's pieces, move the selected piece
// to one of its hints, or clear the selection. It reports whether a move was played.
func (m *Match) Click(sq xiangqi.Square) bool {
	for _, mv := range m.hints {
		if mv.To() == sq {
			// Hints come from the current position, so Play fails only if the game changed
			// under the selection; then the click just clears it.
			err := m.game.Play(mv)
			m.clearSelection()
			return err == nil
		}
	}
	if sq == m.selected || !m.PersonToMove() {
		m.clearSelection()
		return false
	}
	pos := m.game.Position()
	if pc := pos.At(sq); pc == xiangqi.NoPiece || pc.Color() != m.human {
		m.clearSelection()
		return false
	}
	m.selected, m.hints = sq, m.hints[:0]
	for _, mv := range pos.LegalMoves() {
		if mv.From() == sq {
			m.hints = append(m.hints, mv)
		}
	}
	return false
}

func (m *Match) clearSelection() { m.selected, m.hints = NoSquare, m.hints[:0] }

// Apply plays the engine's move mv if it is legal now; otherwise it returns an error naming
// the move and changes nothing.
func (m *Match) Apply(mv xiangqi.Move) error {
	if m.PersonToMove() || m.Over() {
		return fmt.Errorf("engine move %s: it is not the engine's turn", mv)
	}
	if err := m.game.Play(mv); err != nil {
		return fmt.Errorf("engine move %s: %w", mv, err)
	}
	m.clearSelection()
	return nil
}

// Undo takes back the last full move: back to the person's previous turn (one ply if the engine
// has not replied yet, else two). It reports whether anything was undone.
func (m *Match) Undo() bool {
	if !m.game.Undo() {
		return false
	}
	for m.game.Position().Turn() != m.human && m.game.Undo() {
	}
	m.clearSelection()
	return true
}

// Redo replays what Undo took back: the person's move and the engine's reply if recorded.
func (m *Match) Redo() bool {
	if !m.game.Redo() {
		return false
	}
	for m.game.Position().Turn() != m.human && m.game.Redo() {
	}
	m.clearSelection()
	return true
}

// CanUndo and CanRedo tell the controls whether Undo and Redo would do anything.
func (m *Match) CanUndo() bool { return m.game.Ply() > 0 }
func (m *Match) CanRedo() bool { return m.game.Ply() < m.game.Len() }

// New starts again from the start position, keeping the flip.
func (m *Match) New() {
	m.game = xiangqi.NewGame(xiangqi.NewPosition())
	m.clearSelection()
}

// Flip turns the board round.
func (m *Match) Flip() { m.flipped = !m.flipped }

// SetFlipped sets the board's orientation.
func (m *Match) SetFlipped(v bool) { m.flipped = v }

// Result describes the end of the game, or "" while it goes on. In xiangqi the side with no
// legal move loses, in check (checkmate) or not (stalemate).
func (m *Match) Result() string {
	pos := m.game.Position()
	winner := pos.Turn().Other()
	switch m.game.Status() {
	case xiangqi.Checkmate:
		return fmt.Sprintf("Checkmate: %s wins", colorName(winner))
	case xiangqi.Stalemate:
		return fmt.Sprintf("Stalemate: %s wins (no legal move loses)", colorName(winner))
	}
	return ""
}

func colorName(c xiangqi.Color) string {
	if c == xiangqi.Red {
		return "Red"
	}
	return "Black"
}

// SearchTarget returns the position the engine should be searching now, as the protocol's
// position line, or "" when it is not the engine's turn.
func (m *Match) SearchTarget() string {
	if m.Over() || m.game.Position().Turn() == m.human {
		return ""
	}
	return PositionLine(m.game.Start().FEN(), m.game.Moves()[:m.game.Ply()])
}

// PositionLine is the protocol line that sets up start followed by moves.
func PositionLine(startFEN string, moves []xiangqi.Move) string {
	line := "position fen " + startFEN
	if len(moves) > 0 {
		line += " moves"
		for _, mv := range moves {
			line += " " + mv.String()
		}
	}
	return line
}
