package play

import (
	"fmt"
	"strings"

	"qipan/engine/xiangqi"
)

// Saved is a match as kept in the browser's storage between visits.
type Saved struct {
	Version int    `json:"v"`
	Start   string `json:"start"`   // FEN of the start position
	Moves   string `json:"moves"`   // every recorded move, UCCI, space-separated (redo tail too)
	Ply     int    `json:"ply"`     // how many of Moves are played
	Flipped bool   `json:"flipped"` // board shown from Black's side
}

// SavedVersion is the Saved layout this code writes and reads.
const SavedVersion = 1

// Save returns the match as Saved.
func (m *Match) Save() Saved {
	moves := m.game.Moves()
	s := make([]string, len(moves))
	for i, mv := range moves {
		s[i] = mv.String()
	}
	return Saved{
		Version: SavedVersion,
		Start:   m.game.Start().FEN(),
		Moves:   strings.Join(s, " "),
		Ply:     m.game.Ply(),
		Flipped: m.flipped,
	}
}

// Restore rebuilds a match from s. Anything wrong in s (another version, a bad FEN, an illegal
// move, a ply out of range) is an error naming it, and no match.
func Restore(s Saved) (*Match, error) {
	if s.Version != SavedVersion {
		return nil, fmt.Errorf("saved game: version %d, want %d", s.Version, SavedVersion)
	}
	start, err := xiangqi.ParseFEN(s.Start)
	if err != nil {
		return nil, fmt.Errorf("saved game: start position: %w", err)
	}
	m := NewMatch()
	m.game = xiangqi.NewGame(start)
	m.flipped = s.Flipped
	for i, text := range strings.Fields(s.Moves) {
		mv, err := xiangqi.ParseMove(text)
		if err == nil {
			err = m.game.Play(mv)
		}
		if err != nil {
			return nil, fmt.Errorf("saved game: move %d %q: %w", i+1, text, err)
		}
	}
	if s.Ply < 0 || s.Ply > m.game.Len() {
		return nil, fmt.Errorf("saved game: ply %d out of range 0..%d", s.Ply, m.game.Len())
	}
	for m.game.Ply() > s.Ply {
		m.game.Undo()
	}
	return m, nil
}
