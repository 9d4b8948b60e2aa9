package play

import (
	"encoding/json"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
)

const storyPGN = `[Event "2025 National Championship"]
[Date "2025.10.01"]
[Red "Wang Tianyi"]
[Black "Zheng Weitong"]
[Result "1-0"]
[Format "ICCS"]

{A classic opening.}
1. H2-E2 {The central cannon.} H9-G7
2. H0-G2 {Both develop.} I9-H9 1-0`

func TestStoryRoundTrip(t *testing.T) {
	r, _, _, err := ImportRecord(storyPGN)
	if err != nil {
		t.Fatal(err)
	}
	m := NewMatch()
	if _, err := m.LoadRecord(r); err != nil {
		t.Fatal(err)
	}
	if m.Tag("red") != "Wang Tianyi" || m.Comment(0) != "A classic opening." || m.Comment(1) != "The central cannon." || m.Comment(3) != "Both develop." {
		t.Fatalf("story: red %q, comments %q %q %q", m.Tag("Red"), m.Comment(0), m.Comment(1), m.Comment(3))
	}
	out, err := m.PGN(ICCS)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[Event "2025 National Championship"]`, `[Red "Wang Tianyi"]`, `[Black "Zheng Weitong"]`,
		`[Date "2025.10.01"]`, `[Result "1-0"]`, "{A classic opening.}", "{The central cannon.}", "{Both develop.}"} {
		if !strings.Contains(out, want) {
			t.Errorf("exported PGN lacks %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, `"You"`) || strings.Contains(out, "qipan level") {
		t.Errorf("exported PGN names the app's players:\n%s", out)
	}
	dx, err := m.DhtmlXQ()
	if err != nil || !strings.Contains(dx, "Wang Tianyi") || !strings.Contains(dx, "The central cannon.") {
		t.Errorf("DhtmlXQ export %v:\n%s", err, dx)
	}

	// It survives a save and a restore.
	b, _ := json.Marshal(m.Save())
	var s Saved
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	m2, err := Restore(s)
	if err != nil {
		t.Fatal(err)
	}
	if m2.Tag("Event") != "2025 National Championship" || m2.Comment(3) != "Both develop." {
		t.Errorf("restored story: %q %q", m2.Tag("Event"), m2.Comment(3))
	}

	// Another move in place of the record's: its comments stop there, the result is open.
	m2.SetTwoPlayer()
	m2.Undo()
	m2.Undo()
	m2.Click(mustSquare(t, "b0"))
	m2.Click(mustSquare(t, "c2"))
	if m2.Comment(3) != "" || m2.Comment(1) != "The central cannon." {
		t.Errorf("after leaving the record: comments %q %q", m2.Comment(1), m2.Comment(3))
	}
	out, _ = m2.PGN(ICCS)
	if strings.Contains(out, `[Result "1-0"]`) || strings.Contains(out, "Both develop") {
		t.Errorf("a game that left the record keeps its result or later comments:\n%s", out)
	}
}

// TestImportStopsAtTheEnd: moves recorded after a mate are left out, with a note.
func TestImportStopsAtTheEnd(t *testing.T) {
	r, _, _, err := ImportRecord("3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1 moves a7a8")
	if err != nil {
		t.Fatal(err)
	}
	// After a7a8 Black has no move; add a move past the end by hand.
	extra, _ := xiangqi.ParseMove("e0e1")
	r.Moves = append(r.Moves, r.Moves[0])
	r.Moves[1].Move = extra
	m := NewMatch()
	notes, err := m.LoadRecord(r)
	if err != nil {
		t.Fatal(err)
	}
	if m.Game().Len() != 1 || len(notes) != 1 || !strings.Contains(notes[0], "ended after move 1") {
		t.Errorf("len %d, notes %q", m.Game().Len(), notes)
	}
}

func TestRestoreBadStory(t *testing.T) {
	for _, st := range []*SavedStory{{Moves: "h2e2 zz"}, {Moves: "h2e2", Notes: []string{"a", "b"}}} {
		s := NewMatch().Save()
		s.Story = st
		if _, err := Restore(s); err == nil || !strings.Contains(err.Error(), "story") {
			t.Errorf("story %+v: error %v, want one naming the story", st, err)
		}
	}
}
