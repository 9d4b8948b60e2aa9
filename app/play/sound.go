package play

// Sound is what a move sounds like.
type Sound string

const (
	SoundNone    Sound = ""
	SoundMove    Sound = "move"
	SoundCapture Sound = "capture"
	SoundCheck   Sound = "check"
	SoundEnd     Sound = "end" // the move ended the game
)

// LastSound is the sound of the move that led to the game's current position: the game's end
// wins over check, check over a capture.
func (m *Match) LastSound() Sound {
	ply := m.game.Ply()
	if ply == 0 {
		return SoundNone
	}
	switch {
	case m.Over():
		return SoundEnd
	case m.game.Position().InCheck():
		return SoundCheck
	}
	// Only a capture sets the halfmove clock back to 0: the position before the move need not
	// be replayed from the start (which took milliseconds a move with a 10,000-ply record).
	if m.game.Position().HalfmoveClock() == 0 {
		return SoundCapture
	}
	return SoundMove
}
