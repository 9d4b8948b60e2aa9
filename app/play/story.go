package play

import (
	"fmt"
	"strings"

	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/record"
)

// story is what an imported record tells besides its moves: its tags (players, event, date,
// …), the comment before the first move, the comment after each move, and its result. The
// comments belong to the record's moves: they are shown, and written back on export, for as
// long as the game follows the record.
type story struct {
	tags   []record.Tag
	intro  string
	moves  []xiangqi.Move
	notes  []string // notes[i] is the comment after moves[i]
	result record.Result
}

// LoadRecord replaces the game with the record's, keeping its story. The moves are played
// until the game ends by rule: moves recorded past that are left out, and a note says so.
func (m *Match) LoadRecord(r *record.Game) (notes []string, err error) {
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
		st.moves = append(st.moves, mv.Move)
		st.notes = append(st.notes, mv.Comment)
	}
	m.Load(g)
	m.story = st
	return notes, nil
}

// ImportText reads pasted text as a game (ImportRecord) and loads it with its story
// (LoadRecord): what it was, and notes on what was skipped or left out. On error nothing
// changes.
func (m *Match) ImportText(text string) (kind string, notes []string, err error) {
	r, kind, notes, err := ImportRecord(text)
	if err != nil {
		return "", nil, err
	}
	more, err := m.LoadRecord(r)
	if err != nil {
		return "", nil, err
	}
	return kind, append(notes, more...), nil
}

// followed is how many of the game's moves (the redo tail too) are still the record's.
func (m *Match) followed() int {
	if m.story == nil {
		return 0
	}
	moves := m.game.Moves()
	n := 0
	for n < len(moves) && n < len(m.story.moves) && moves[n] == m.story.moves[n] {
		n++
	}
	return n
}

// Comment returns the record's comment after move ply (ply 0: before the first move), while
// the game still follows the record there; "" otherwise.
func (m *Match) Comment(ply int) string {
	switch {
	case m.story == nil || ply < 0:
		return ""
	case ply == 0:
		return m.story.intro
	case ply <= m.followed():
		return m.story.notes[ply-1]
	}
	return ""
}

// Tag returns the imported record's tag name ("" without one).
func (m *Match) Tag(name string) string {
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

// tell puts the story into r (the record Record writes): its tags, and its comments and
// result as far as r's moves follow the record.
func (s *story) tell(r *record.Game, over bool) {
	r.Tags = append([]record.Tag(nil), s.tags...)
	r.Comment = s.intro
	n := 0
	for n < len(r.Moves) && n < len(s.moves) && r.Moves[n].Move == s.moves[n] {
		r.Moves[n].Comment = s.notes[n]
		n++
	}
	if !over && n == len(r.Moves) && n == len(s.moves) {
		r.Result = s.result
	}
}

// SavedStory is a story as Saved keeps it.
type SavedStory struct {
	Tags   [][2]string `json:"tags,omitempty"`
	Intro  string      `json:"intro,omitempty"`
	Moves  string      `json:"moves"` // the record's moves, UCCI
	Notes  []string    `json:"notes,omitempty"`
	Result string      `json:"result,omitempty"`
}

func (s *story) save() *SavedStory {
	if s == nil {
		return nil
	}
	out := &SavedStory{Intro: s.intro, Result: string(s.result)}
	for _, t := range s.tags {
		out.Tags = append(out.Tags, [2]string{t.Name, t.Value})
	}
	moves := make([]string, len(s.moves))
	for i, mv := range s.moves {
		moves[i] = mv.String()
	}
	out.Moves = strings.Join(moves, " ")
	if strings.Join(s.notes, "") != "" {
		out.Notes = s.notes
	}
	return out
}

// restoreStory reads a saved story back; a bad one is an error naming it.
func restoreStory(s *SavedStory) (*story, error) {
	if s == nil {
		return nil, nil
	}
	st := &story{intro: s.Intro, result: record.Result(s.Result)}
	for _, t := range s.Tags {
		st.tags = append(st.tags, record.Tag{Name: t[0], Value: t[1]})
	}
	for i, f := range strings.Fields(s.Moves) {
		mv, err := xiangqi.ParseMove(f)
		if err != nil {
			return nil, fmt.Errorf("story move %d: %w", i+1, err)
		}
		st.moves = append(st.moves, mv)
	}
	switch {
	case len(s.Notes) == 0:
		st.notes = make([]string, len(st.moves))
	case len(s.Notes) == len(st.moves):
		st.notes = s.Notes
	default:
		return nil, fmt.Errorf("story: %d comments for %d moves", len(s.Notes), len(st.moves))
	}
	return st, nil
}
