package play

import "testing"

// TestPlayPuzzle: a puzzle opened over a game keeps the game, offered back; a second puzzle
// over the first (played in) keeps that game still; a position that cannot be played changes
// nothing; a puzzle of the other game shows that game.
func TestPlayPuzzle(t *testing.T) {
	s := NewSession(NewTable(VariantXiangqi), NewTable(VariantReversi))
	shelf := &memShelf{games: map[string]Saved{}}
	s.SetShelf(shelf)
	s.Do(ActPlayTwo)
	s.Click("h2")
	s.Click("e2")
	if s.Table().Len() != 1 {
		t.Fatal("the game's move was not played")
	}
	if e, err := s.PlayPuzzle(cornered); err != nil || !e.Kept {
		t.Fatalf("the first puzzle: kept %v, %v", e.Kept, err)
	}
	if !s.CanRestore() {
		t.Fatal("the game replaced is not offered back")
	}
	s.Click("a8")
	s.Click("a7") // a move of the puzzle's: a puzzle after it must not keep it in the game's place
	if s.Table().Len() != 1 {
		t.Fatal("the puzzle's move was not played")
	}
	second := cornered
	second.Number = 2
	if e, err := s.PlayPuzzle(second); err != nil || e.Kept || !e.Save {
		t.Fatalf("the second puzzle: kept %v, save %v, %v", e.Kept, e.Save, err)
	}
	if p, _, _, ok := s.Table().Puzzle(); !ok || p.Number != 2 {
		t.Fatalf("the board holds %+v", p)
	}
	if got := shelf.games[VariantXiangqi].Moves; got != "h2e2" {
		t.Fatalf("the game kept: %q, want the game's h2e2", got)
	}
	bad := cornered
	bad.FEN = "9/9/9/9/9/9/9/9/9/9 w - - 0 1"
	if _, err := s.PlayPuzzle(bad); err == nil {
		t.Error("a position that cannot be played was opened")
	}
	if p, _, _, ok := s.Table().Puzzle(); !ok || p.Number != 2 {
		t.Errorf("after a bad position the board holds %+v", p)
	}
	s.Show(VariantReversi)
	if _, err := s.PlayPuzzle(cornered); err != nil || s.Table().Variant() != VariantXiangqi {
		t.Errorf("a Xiangqi puzzle from Reversi: %v, the board shows %s", err, s.Table().Variant())
	}
}
