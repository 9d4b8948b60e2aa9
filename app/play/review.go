package play

import "qipan/engine/xiangqi"

// HintMove returns the engine's suggestion for the shown position, if it has one.
func (m *Match) HintMove() (xiangqi.Move, bool) {
	if m.Reviewing() || m.hint == xiangqi.NoMove || m.hintAt != m.line() {
		return xiangqi.NoMove, false
	}
	return m.hint, true
}
