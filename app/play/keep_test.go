package play

import (
	"errors"
	"strings"
	"testing"
)

// memShelf is a Shelf in memory; full makes Keep fail as a full storage does.
type memShelf struct {
	games map[string]Saved
	full  bool
}

func (m *memShelf) Keep(v string, s Saved) error {
	if m.full {
		return errors.New("storage full")
	}
	m.games[v] = s
	return nil
}

func (m *memShelf) Kept(v string) (Saved, bool) { s, ok := m.games[v]; return s, ok }
func (m *memShelf) Drop(v string)               { delete(m.games, v) }

// TestKeep: New asks while a game is in progress and keeps the game it replaces; an import,
// the editor's position or a reopened game keeps it too; it is offered back until the person
// moves in the new game, and bringing it back keeps the game it replaces in its turn. Each
// step is an input to the session and what it must leave: the moves on the board, the
// question, the offer, what is on the shelf.
func TestKeep(t *testing.T) {
	type step struct {
		do      func(t *testing.T, s *Session) Effects // the input
		moves   int                                    // moves on the board after it
		asking  bool
		restore bool // CanRestore
		kept    int  // moves of the game on the shelf (-1: none)
		effect  func(Effects) bool
	}
	act := func(a Action) func(*testing.T, *Session) Effects {
		return func(t *testing.T, s *Session) Effects { e, _ := s.Do(a); return e }
	}
	click := func(from, to string) func(*testing.T, *Session) Effects {
		return func(t *testing.T, s *Session) Effects { s.Click(from); return s.Click(to) }
	}
	replace := func(text string) func(*testing.T, *Session) Effects {
		return func(t *testing.T, s *Session) Effects {
			e, err := s.Replace(func(tb *Table) error { _, _, err := tb.Import(text); return err })
			if err != nil {
				t.Fatalf("import %q: %v", text, err)
			}
			return e
		}
	}
	kept := func(e Effects) bool { return e.Kept && e.Save && e.KeepErr == nil }
	two := click("h2", "e2") // the person's move; the computer answers in twoMoves
	twoMoves := func(t *testing.T, s *Session) Effects {
		e := two(t, s)
		s.EngineSaid("bestmove h9g7")
		return e
	}
	cases := []struct {
		name  string
		shelf *memShelf
		steps []step
	}{
		{"new asks, is cancelled, then confirmed and restored", nil, []step{
			{do: twoMoves, moves: 2, kept: -1},
			{do: act(ActNew), moves: 2, asking: true, kept: -1, effect: func(e Effects) bool { return !e.Save }},
			{do: act(ActNew), moves: 2, asking: true, kept: -1}, // New again still asks
			{do: act(ActNewCancel), moves: 2, kept: -1},
			{do: act(ActNew), moves: 2, asking: true, kept: -1},
			{do: act(ActUndo), moves: 2, kept: -1}, // any other action answers no
			{do: act(ActNew), moves: 2, asking: true, kept: -1},
			{do: act(ActNewConfirm), moves: 0, restore: true, kept: 2, effect: kept},
			{do: act(ActRestorePrevious), moves: 2, kept: -1, effect: func(e Effects) bool { return !e.Kept && e.Save }},
		}},
		{"a move in the new game withdraws the offer", nil, []step{
			{do: twoMoves, moves: 2, kept: -1},
			{do: act(ActNewConfirm), moves: 0, restore: true, kept: 2},
			{do: click("b0", "c2"), moves: 1, kept: 2},
			{do: act(ActRestorePrevious), moves: 1, kept: 2, effect: func(e Effects) bool { return !e.Save }}, // not offered: nothing happens
		}},
		{"an empty board: New asks nothing, keeps nothing", nil, []step{
			{do: act(ActNew), moves: 0, kept: -1, effect: func(e Effects) bool { return e.Save && !e.Kept }},
			{do: act(ActRestorePrevious), moves: 0, kept: -1, effect: func(e Effects) bool { return !e.Save && !e.Unreadable }},
		}},
		{"an import keeps the game and is offered back; restoring swaps them", nil, []step{
			{do: click("h2", "e2"), moves: 1, kept: -1},
			{do: replace("1. 马二进三 马8进7"), moves: 2, restore: true, kept: 1, effect: kept},
			{do: act(ActRestorePrevious), moves: 1, restore: true, kept: 2, effect: kept},
			{do: act(ActRestorePrevious), moves: 2, restore: true, kept: 1},
		}},
		{"a full storage: New goes ahead and says so", &memShelf{games: map[string]Saved{}, full: true}, []step{
			{do: twoMoves, moves: 2, kept: -1},
			{do: act(ActNewConfirm), moves: 0, kept: -1, effect: func(e Effects) bool { return !e.Kept && e.KeepErr != nil && e.Save }},
		}},
		{"an unreadable kept game is no longer offered", &memShelf{games: map[string]Saved{VariantXiangqi: {Version: 99}}}, []step{
			{do: act(ActRestorePrevious), moves: 0, kept: 0, effect: func(e Effects) bool { return e.Unreadable && !e.Save }},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sh := c.shelf
			if sh == nil {
				sh = &memShelf{games: map[string]Saved{}}
			}
			s := NewSession(NewTable(VariantXiangqi), NewTable(VariantReversi))
			s.SetShelf(sh)
			for i, st := range c.steps {
				e := st.do(t, s)
				if st.effect != nil && !st.effect(e) {
					t.Errorf("step %d: effects %+v", i, e)
				}
				k, ok := sh.Kept(VariantXiangqi)
				keptMoves := -1
				if ok {
					keptMoves = len(strings.Fields(k.Moves))
				}
				if got := s.Table().Len(); got != st.moves || s.AskingNew() != st.asking || s.CanRestore() != st.restore || keptMoves != st.kept {
					t.Errorf("step %d: moves %d asking %v restore %v kept %d, want %d %v %v %d",
						i, got, s.AskingNew(), s.CanRestore(), keptMoves, st.moves, st.asking, st.restore, st.kept)
				}
			}
		})
	}
}

// TestKeepReopenAndOthers: a finished game reopened from the history goes on the board of its
// own game (the other game's is kept); an import the board's game refuses goes to the game
// that reads it, which is then shown, and keeps the game it replaced there.
func TestKeepReopenAndOthers(t *testing.T) {
	sh := &memShelf{games: map[string]Saved{}}
	s := NewSession(NewTable(VariantXiangqi), NewTable(VariantReversi))
	s.SetShelf(sh)
	s.SetLevel(4)
	s.Show(VariantReversi)
	s.Click("f5")
	s.Show(VariantXiangqi)
	fin := NewTable(VariantReversi)
	fin.SetTwoPlayer()
	fin.Click(tableSquare(t, fin, "f5"))
	fin.Click(tableSquare(t, fin, "d6"))
	e, err := s.Reopen(fin.Save())
	if err != nil || !e.Kept || s.Table().Variant() != VariantReversi || s.Table().Len() != 2 || s.Table().Level() != 4 {
		t.Fatalf("reopen: %v %+v, %s of %d moves at level %d", err, e, s.Table().Variant(), s.Table().Len(), s.Table().Level())
	}
	if k, ok := sh.Kept(VariantReversi); !ok || k.Moves != "f5" {
		t.Errorf("the replaced Reversi game kept: %+v %v", k, ok)
	}
	if _, err := s.Reopen(Saved{Version: 99}); err == nil {
		t.Error("an unreadable game was reopened")
	}

	s.Show(VariantXiangqi)
	s.Click("h2")
	s.Click("e2")
	imp := func(tb *Table) error { _, _, err := tb.Import("f5 d6 c3"); return err }
	if _, err := s.Replace(imp); err == nil || s.Table().Variant() != VariantXiangqi || s.Table().Len() != 1 {
		t.Fatalf("a Reversi transcript taken by Xiangqi: %v", err)
	}
	e, err = s.ReplaceAny(imp)
	if err != nil || !e.Kept || s.Table().Variant() != VariantReversi || s.Table().Len() != 3 || !s.CanRestore() {
		t.Fatalf("into the other game: %v %+v, %s of %d moves", err, e, s.Table().Variant(), s.Table().Len())
	}
	if s.Of(VariantXiangqi).Len() != 1 {
		t.Error("the Xiangqi game changed")
	}
}

func tableSquare(t *testing.T, tb *Table, name string) int {
	t.Helper()
	sq, ok := tb.ParseSquare(name)
	if !ok {
		t.Fatalf("square %q", name)
	}
	return sq
}
