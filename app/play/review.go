package play

import "qipan/engine/xiangqi"

// Reviewing the record is browse-only: the board shows an earlier (or undone) position and
// takes no moves until the person either goes back to the game or continues from the
// reviewed position (which then becomes the game's position; the moves after it stay
// recorded as the redo tail until a new move replaces them).

// Reviewing reports whether the board shows a position other than the game's current one.
func (m *Match) Reviewing() bool { return m.view >= 0 }

// Review shows the position after ply moves of the record (0..Len, clamped). Reviewing the
// game's own ply is the same as not reviewing. It reports whether the shown ply changed.
func (m *Match) Review(ply int) bool {
	ply = max(0, min(ply, m.game.Len()))
	before := m.ShownPly()
	if ply == m.game.Ply() {
		m.view = -1
	} else {
		m.view = ply
	}
	m.clearSelection()
	return m.ShownPly() != before
}

// Step reviews delta plies from the shown one (← is -1, → is +1).
func (m *Match) Step(delta int) bool { return m.Review(m.ShownPly() + delta) }

// BackToGame ends a review: the board shows the game's current position again.
func (m *Match) BackToGame() bool {
	if m.view < 0 {
		return false
	}
	m.view = -1
	return true
}

// ContinueHere makes the reviewed position the game's: play goes on from it (and if it is
// the computer's turn there, the computer moves). It reports whether anything changed.
func (m *Match) ContinueHere() bool {
	if m.view < 0 {
		return false
	}
	return m.goTo(m.view)
}

// RequestHint asks for the engine's best move for the side to move, to show, not play. It
// reports whether the request was taken (the person must be to move, not reviewing); the
// caller then sends EngineLines.
func (m *Match) RequestHint() bool {
	if m.Reviewing() || !m.PersonToMove() || m.Engine.Failed() != "" {
		return false
	}
	m.hintAsk = m.line()
	return true
}

// HintMove returns the engine's suggestion for the shown position, if it has one.
func (m *Match) HintMove() (xiangqi.Move, bool) {
	if m.Reviewing() || m.hint == xiangqi.NoMove || m.hintAt != m.line() {
		return xiangqi.NoMove, false
	}
	return m.hint, true
}
