package play

import (
	"fmt"
	"strings"

	"qipan/app/i18n"
	"qipan/engine/xiangqi"
)

// Saved is a game as kept in the browser's storage between visits.
type Saved struct {
	Version int    `json:"v"`
	Start   string `json:"start"`   // FEN of the start position
	Moves   string `json:"moves"`   // every recorded move, UCCI, space-separated (redo tail too)
	Ply     int    `json:"ply"`     // how many of Moves are played
	Flipped bool   `json:"flipped"` // board shown from Black's side
	// Added later, so absent from older saves: their zero values are the old behaviour.
	Human     string `json:"human,omitempty"` // the person's side against the computer: "w" (or "") or "b"
	TwoPlayer bool   `json:"two,omitempty"`   // two people at the board
	// Game is the game kept: "" (Xiangqi, the only one of older saves) or "reversi". Reversi
	// writes Start as board text, Moves as "f5 d6 pass …", Human as "x" or "o".
	Game string `json:"game,omitempty"`
	// Story is what an imported record tells besides its moves (Xiangqi).
	Story *SavedStory `json:"story,omitempty"`
	// Held: the engine waits for the person to play on from the record (Table.Held).
	Held bool `json:"held,omitempty"`
	// Fresh: the game replaced one kept to be brought back, with no move of the person's since.
	Fresh bool `json:"fresh,omitempty"`
	// Clock is the game's clock (timed.go), nil for none; NextClock the time control chosen
	// for the next game ("" for none).
	Clock     *SavedClock `json:"clock,omitempty"`
	NextClock string      `json:"nextClock,omitempty"`
	// Evals are the engine's scores of the record's positions (report.go); Reporting: the
	// report asked for is still under way (it resumes).
	Evals     string `json:"evals,omitempty"`
	Reporting bool   `json:"reporting,omitempty"`
}

// SavedVersion is the Saved layout this code writes and reads.
const SavedVersion = 1

// save returns the game's record as Saved (the Table adds the sides).
func (m *Xiangqi) save() Saved {
	return Saved{
		Version: SavedVersion,
		Start:   m.game.Start().FEN(),
		Moves:   m.coordMoves(m.game.Len()),
		Ply:     m.game.Ply(),
		Story:   m.story.save(m.game.Start()),
	}
}

// restore rebuilds the game's record from s. Anything wrong in s (another version, a bad
// FEN, an illegal move, a ply out of range) is an error naming it.
func (m *Xiangqi) restore(s Saved) error {
	if s.Version != SavedVersion || s.Game != "" {
		return fmt.Errorf("saved game: version %d game %q, want %d and Xiangqi", s.Version, s.Game, SavedVersion)
	}
	start, err := xiangqi.ParseFEN(s.Start)
	if err != nil {
		return fmt.Errorf("saved game: start position: %w", err)
	}
	m.game = xiangqi.NewGame(start)
	err = replay(s, func(text string) error {
		mv, err := xiangqi.ParseMove(text)
		if err != nil {
			return err
		}
		return m.game.Play(mv)
	}, m.game.Len, m.game.Undo)
	if err != nil {
		return fmt.Errorf("saved game: %w", err)
	}
	if m.story, err = restoreStory(s.Story, start); err != nil {
		return fmt.Errorf("saved game: %w", err)
	}
	if m.story != nil {
		m.story.graft(m.game.Moves()) // an older save's game may have left its record
	}
	return nil
}

// replay plays the saved moves with play, then undoes back to the saved ply (len and undo are
// the game's); errors name the move or the ply.
func replay(s Saved, play func(move string) error, len func() int, undo func() bool) error {
	for i, text := range strings.Fields(s.Moves) {
		if err := play(text); err != nil {
			return fmt.Errorf("move %d %q: %w", i+1, text, err)
		}
	}
	if s.Ply < 0 || s.Ply > len() {
		return fmt.Errorf("ply %d out of range 0..%d", s.Ply, len())
	}
	for n := len(); n > s.Ply; n-- {
		undo()
	}
	return nil
}

// Settings are the person's choices kept between visits (apart from the game).
type Settings struct {
	Level int `json:"level"` // 1..10 (0: DefaultLevel)
	// Notation is the move list's notation the person chose, "" until they choose one: the
	// list then follows the language (NotationIn).
	Notation Notation `json:"notation"`
	Muted    bool     `json:"muted"`  // no sounds
	Coords   string   `json:"coords"` // board coordinates: CoordsChinese or CoordsICCS
	Game     string   `json:"game"`   // the game on the board: VariantXiangqi or VariantReversi
	Lang     string   `json:"lang"`   // the language chosen (i18n.Lang), "" to follow the browser
	// HideEngine hides the engine's depth, score and line (shown by default).
	HideEngine bool `json:"hideEngine,omitempty"`
	// Theme is the look chosen (PageThemes), "" until the person chooses one.
	Theme string `json:"theme,omitempty"`
	// Report is how long the game report searches each position: ReportThorough, or ""
	// (quick).
	Report string `json:"report,omitempty"`
	// Version is SettingsVersion once Normalize has brought older settings up to date.
	Version int `json:"v,omitempty"`
}

// ReportThorough is Settings.Report's thorough report (ThoroughGo); ReportQuick the default.
const (
	ReportQuick    = "quick"
	ReportThorough = "thorough"
)

// SettingsVersion 2: the notation follows the language until the person chooses one.
// Settings saved before it hold "iccs", then everyone's default, chosen or not.
const SettingsVersion = 2

// NotationIn is the move list's notation: the one the person chose, else the one readers of
// l expect (DefaultNotation).
func (s Settings) NotationIn(l i18n.Lang) Notation {
	if s.Notation != "" {
		return s.Notation
	}
	return DefaultNotation(l)
}

// PageThemes are the looks of the app's board and page: the wooden board, a plain printable one, and a
// high-contrast one.
var PageThemes = []string{ThemeWood, ThemePlain, ThemeContrast}

const (
	ThemeWood     = "wood"
	ThemePlain    = "plain"
	ThemeContrast = "contrast"
)

// Board coordinate styles.
const (
	CoordsChinese = "zh"   // file numbers as each side reads them: 九…一 (Red), １…９ (Black)
	CoordsICCS    = "iccs" // files a–i, ranks 0–9
)

// Normalize replaces anything unknown in s (old or hand-edited storage) with the default.
func (s Settings) Normalize() Settings {
	s.Level = ClampLevel(s.Level)
	if n, ok := ParseNotation(string(s.Notation)); ok {
		s.Notation = n
	} else {
		s.Notation = ""
	}
	if s.Version < SettingsVersion && s.Notation == ICCS {
		s.Notation = "" // the old default, not a choice: follow the language (炮二平五 in Chinese)
	}
	s.Version = SettingsVersion
	if s.Coords != CoordsICCS {
		s.Coords = CoordsChinese
	}
	if s.Game != VariantReversi {
		s.Game = VariantXiangqi
	}
	switch s.Theme {
	case ThemeWood, ThemePlain, ThemeContrast:
	default:
		s.Theme = ""
	}
	if l, ok := i18n.Parse(s.Lang); ok {
		s.Lang = string(l)
	} else {
		s.Lang = ""
	}
	return s
}

// SalvageTable restores s as RestoreTable does and, when that fails, keeps what it can: the
// longest run of the saved moves that still replays (a save with one bad move keeps the game
// up to it), at the saved ply or the last kept one, without the story if that is what fails.
// kept is how many moves were kept and err why s could not be restored whole (nil when it was).
// A save with no usable start position gives no board.
func SalvageTable(s Saved) (b *Table, kept int, err error) {
	b, err = RestoreTable(s)
	moves := strings.Fields(s.Moves)
	if err == nil {
		return b, len(moves), nil
	}
	for _, story := range []bool{true, false} {
		for n := len(moves); n >= 0; n-- {
			t := s
			t.Moves, t.Ply = strings.Join(moves[:n], " "), min(max(s.Ply, 0), n)
			if !story {
				t.Story = nil
			}
			if rb, rerr := RestoreTable(t); rerr == nil {
				return rb, n, err
			}
		}
	}
	return nil, 0, err
}

// RestoreTable rebuilds the game kept in s (Xiangqi's or Reversi's, by s.Game) on a new
// table. Anything wrong in s is an error naming it, and no table.
func RestoreTable(s Saved) (*Table, error) {
	v := VariantXiangqi
	if s.Game == VariantReversi {
		v = VariantReversi
	}
	t := NewTable(v)
	if err := t.Restore(s); err != nil {
		return nil, err
	}
	return t, nil
}
