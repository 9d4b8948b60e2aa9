package play

import "qipan/app/sound"

// LastSound is the sound of the move that led to the game's current position: the game's end
// wins over check, check over a capture.
func (m *Xiangqi) LastSound() sound.Sound {
	ply := m.game.Ply()
	if ply == 0 {
		return sound.None
	}
	switch {
	case m.Over():
		return sound.End
	case m.game.Position().InCheck():
		return sound.Check
	}
	// Only a capture sets the halfmove clock back to 0: the position before the move need not
	// be replayed from the start (which took milliseconds a move with a 10,000-ply record).
	if m.game.Position().HalfmoveClock() == 0 {
		return sound.Capture
	}
	return sound.Move
}
