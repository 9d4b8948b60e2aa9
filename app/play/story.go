package play

import (
	"fmt"
	"strings"

	"qipan/app/i18n"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/record"
)

// story is what an imported record tells besides its moves: its tags (players, event, date,
// …), the comment before the first move, and its main line as read: each move with the
// comment after it, its symbols (NAGs) and the variations played instead of it; and its
// result. The annotations belong to the record's moves: they are shown, and written back on
// export, for as long as the game follows the record.
type story struct {
	tags   []record.Tag
	intro  string
	line   []record.Move
	result record.Result
	own    bool // begun for the app's own game (tree.go's play): the game names its players
	// gen counts the changes of the tree; memo is the last path found (tree.go), good while
	// gen is the same.
	gen  int
	memo struct {
		gen   int
		moves []xiangqi.Move
		path  []spot
	}
}

// LoadRecord replaces the game with the record's, keeping its story. The moves are played
// until the game ends by rule: moves recorded past that are left out, and a note says so.
func (m *Xiangqi) LoadRecord(r *record.Game) (notes []string, err error) {
	start := r.Start
	if start == nil {
		start = xiangqi.NewPosition()
	}
	g := xiangqi.NewGame(start)
	st := &story{tags: append([]record.Tag(nil), r.Tags...), intro: r.Comment, result: r.Result}
	for i, mv := range r.Moves {
		if res := g.Result(); res.Over() {
			notes = append(notes, fmt.Sprintf("the game ended after move %d (%s): the %d moves recorded after it were left out",
				i, res.Reason(), len(r.Moves)-i))
			st.result = record.Result(res.String())
			break
		}
		if err := g.Play(mv.Move); err != nil {
			return nil, fmt.Errorf("move %d (%s): %v", i+1, mv.Move, err)
		}
		st.line = append(st.line, mv)
	}
	m.Load(g)
	m.story = st
	return notes, nil
}

// OpenRecord replaces the game with the record's as a link shows it: every recorded move
// (an illegal one is an error, and nothing changes), and the record's story only when it holds
// symbols or variations (its comments are the link's to show).
func (m *Xiangqi) OpenRecord(r *record.Game) error {
	g, err := r.Game()
	if err != nil {
		return err
	}
	m.Load(g)
	if st := (&story{tags: r.Tags, intro: r.Comment, line: r.Moves, result: r.Result}); st.annotated() {
		m.story = st // its variations and symbols, replayed as the page's are
	}
	return nil
}

// HasStory reports whether the game carries an imported record's story (or the notes and
// variations of its own): Comment then reads the comments of the line the game follows.
func (m *Xiangqi) HasStory() bool { return m.story != nil }

// Import reads pasted text as a game (ImportRecord) and loads it with its story
// (LoadRecord): what it was, and notes on what was skipped or left out. On error nothing
// changes.
func (m *Xiangqi) Import(text string) (kind string, notes []string, err error) {
	return m.loadImported(ImportRecord(text))
}

// loadImported loads a record read by ImportRecord or ImportFile, adding LoadRecord's notes
// to the reader's.
func (m *Xiangqi) loadImported(r *record.Game, kind string, notes []string, err error) (string, []string, error) {
	if err != nil {
		return "", nil, err
	}
	more, err := m.LoadRecord(r)
	if err != nil {
		return "", nil, err
	}
	return kind, append(notes, more...), nil
}

// Comment returns the record's comment after move ply (ply 0: before the first move), while
// the game still follows the record there; "" otherwise.
func (m *Xiangqi) Comment(ply int) string {
	switch {
	case m.story == nil || ply < 0:
		return ""
	case ply == 0:
		return m.story.intro
	}
	if a := m.annotated(ply); a != nil {
		return a.Comment
	}
	return ""
}

// Tag returns the imported record's tag name ("" without one).
func (m *Xiangqi) Tag(name string) string {
	if m.story == nil {
		return ""
	}
	for _, t := range m.story.tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value
		}
	}
	return ""
}

// PlayersText names who played an imported game and where, in l ("Wang Tianyi (Red) – Zheng
// Weitong (Black) · 2025 National Championship, 2025.10.01"), as every front end shows it above
// the board; "" for the app's own games.
func PlayersText(l i18n.Lang, a Annotated) string {
	red, black := a.Tag("Red"), a.Tag("Black")
	var parts []string
	if red != "" || black != "" {
		parts = append(parts, l.T(i18n.Players, PlayerName(red), PlayerName(black)))
	}
	var where []string
	for _, tag := range []string{"Event", "Date"} {
		if v := a.Tag(tag); v != "" && v != "?" && v != "????.??.??" {
			where = append(where, v)
		}
	}
	if len(where) > 0 {
		parts = append(parts, strings.Join(where, ", "))
	}
	return strings.Join(parts, " · ")
}

// PlayerName writes a player of a record, one it does not name as PGN does: "?".
func PlayerName(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// HasComments reports whether the record holds a comment anywhere (before the first move, on
// a move, on a variation): a front end keeps the comment's place while it does, so that
// browsing from a move with one to a move without moves nothing.
func (m *Xiangqi) HasComments() bool {
	if m.story == nil {
		return false
	}
	if m.story.intro != "" {
		return true
	}
	var any func(moves []record.Move) bool
	any = func(moves []record.Move) bool {
		for _, mv := range moves {
			if mv.Comment != "" {
				return true
			}
			for _, v := range mv.Variations {
				if v.Comment != "" || any(v.Moves) {
					return true
				}
			}
		}
		return false
	}
	return any(m.story.line)
}

// tell puts the story into r (the record Record writes): its tags, its moves (the tree,
// which holds the game's), and its result unless the game has ended on the board.
func (s *story) tell(r *record.Game, over bool) {
	r.Tags = append([]record.Tag(nil), s.tags...)
	r.Comment = s.intro
	r.Moves = s.line
	if !over {
		r.Result = s.result
	}
}

// annotated reports whether the story holds more than comments: symbols or variations.
func (s *story) annotated() bool {
	for i := range s.line {
		if len(s.line[i].NAGs) > 0 || len(s.line[i].Variations) > 0 {
			return true
		}
	}
	return false
}

// SavedStory is a story as Saved keeps it.
type SavedStory struct {
	Tags  [][2]string `json:"tags,omitempty"`
	Intro string      `json:"intro,omitempty"`
	Moves string      `json:"moves"` // the record's moves, UCCI
	Notes []string    `json:"notes,omitempty"`
	// Tree is the record as PGN (ICCS, from the game's start) when it holds symbols or
	// variations; Moves and Notes are its main line.
	Tree   string `json:"tree,omitempty"`
	Own    bool   `json:"own,omitempty"` // begun for the app's own game
	Result string `json:"result,omitempty"`
}

// save keeps s; start is the game's start, where the record's moves begin.
func (s *story) save(start *xiangqi.Position) *SavedStory {
	if s == nil {
		return nil
	}
	out := &SavedStory{Intro: s.intro, Result: string(s.result), Own: s.own}
	for _, t := range s.tags {
		out.Tags = append(out.Tags, [2]string{t.Name, t.Value})
	}
	moves := make([]string, len(s.line))
	notes := make([]string, len(s.line))
	for i, mv := range s.line {
		moves[i], notes[i] = mv.Move.String(), mv.Comment
	}
	out.Moves = strings.Join(moves, " ")
	if strings.Join(notes, "") != "" {
		out.Notes = notes
	}
	if s.annotated() {
		// The story's own moves are legal from start (LoadRecord played them), so this
		// cannot fail; an error would only lose the variations, never the game.
		out.Tree, _ = record.FormatPGN(&record.Game{Start: start, Moves: s.line, Result: record.Unknown}, record.PGNOptions{})
	}
	return out
}

// restoreStory reads a saved story back (its moves from start); a bad one is an error
// naming it.
func restoreStory(s *SavedStory, start *xiangqi.Position) (*story, error) {
	if s == nil {
		return nil, nil
	}
	st := &story{intro: s.Intro, result: record.Result(s.Result), own: s.Own}
	for _, t := range s.Tags {
		st.tags = append(st.tags, record.Tag{Name: t[0], Value: t[1]})
	}
	for i, f := range strings.Fields(s.Moves) {
		mv, err := xiangqi.ParseMove(f)
		if err != nil {
			return nil, fmt.Errorf("story move %d: %w", i+1, err)
		}
		st.line = append(st.line, record.Move{Move: mv})
	}
	switch {
	case len(s.Notes) == 0:
	case len(s.Notes) == len(st.line):
		for i := range st.line {
			st.line[i].Comment = s.Notes[i]
		}
	default:
		return nil, fmt.Errorf("story: %d comments for %d moves", len(s.Notes), len(st.line))
	}
	if s.Tree != "" {
		games, _, err := record.ParsePGN(s.Tree)
		if err != nil || len(games) != 1 || len(games[0].Moves) != len(st.line) || games[0].Start.FEN() != start.FEN() {
			return nil, fmt.Errorf("story: its variations do not fit its moves (%v)", err)
		}
		for i, mv := range games[0].Moves {
			if mv.Move != st.line[i].Move {
				return nil, fmt.Errorf("story: its variations do not fit its move %d", i+1)
			}
			st.line[i].NAGs, st.line[i].Variations = mv.NAGs, mv.Variations
		}
	}
	return st, nil
}
