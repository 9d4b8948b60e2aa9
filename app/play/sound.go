package play

import "qipan/engine/xiangqi"

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
	mv := m.game.Moves()[ply-1]
	if m.game.PositionAt(ply-1).At(mv.To()) != xiangqi.NoPiece {
		return SoundCapture
	}
	return SoundMove
}
