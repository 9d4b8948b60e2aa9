package play

import "testing"

func TestPuzzleID(t *testing.T) {
	tests := []struct {
		p    Puzzle
		want string
	}{
		{Puzzle{Source: "适情雅趣", Number: 12, FEN: "x"}, "适情雅趣 12"},
		{Puzzle{FEN: " 3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1 "}, "fen 3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1"},
		{Puzzle{Source: "适情雅趣", FEN: "y"}, "fen y"}, // no number: its position names it
	}
	for _, tt := range tests {
		if got := PuzzleID(tt.p); got != tt.want {
			t.Errorf("PuzzleID(%+v) = %q, want %q", tt.p, got, tt.want)
		}
	}
}

func TestPuzzleProgressNote(t *testing.T) {
	p := Puzzle{Source: "s", Number: 1}
	steps := []struct {
		state   PuzzleState
		changed bool
		after   PuzzleState
	}{
		{PuzzleSolving, false, ""},
		{PuzzleFailed, true, PuzzleFailed},
		{PuzzleFailed, false, PuzzleFailed},
		{PuzzleSolved, true, PuzzleSolved},
		{PuzzleFailed, false, PuzzleSolved}, // a retry that fails keeps it solved
		{PuzzleSolved, false, PuzzleSolved},
	}
	pp := PuzzleProgress{}
	for i, s := range steps {
		if got := pp.Note(p, s.state); got != s.changed || pp.Of(p) != s.after {
			t.Errorf("step %d: Note(%s) = %v, then %q; want %v, %q", i, s.state, got, pp.Of(p), s.changed, s.after)
		}
	}
	if n := len(pp); n != 1 {
		t.Errorf("%d entries, want 1", n)
	}
}

func TestNextPuzzle(t *testing.T) {
	list := []Puzzle{{Source: "s", Number: 1}, {Source: "s", Number: 2}, {Source: "s", Number: 3}, {Source: "t", Number: 1}}
	pp := PuzzleProgress{"s 2": PuzzleSolved, "t 1": PuzzleFailed}
	tests := []struct{ at, want int }{
		{-1, 0}, // a link's puzzle: the first not solved
		{0, 2},  // 2 is solved
		{2, 3},  // failed counts as not solved
		{3, 0},  // round to the start
	}
	for _, tt := range tests {
		if got := pp.NextPuzzle(list, tt.at); got != tt.want {
			t.Errorf("NextPuzzle(at %d) = %d, want %d", tt.at, got, tt.want)
		}
	}
	all := PuzzleProgress{"s 1": PuzzleSolved, "s 2": PuzzleSolved, "s 3": PuzzleSolved, "t 1": PuzzleSolved}
	if got := all.NextPuzzle(list, 1); got != -1 {
		t.Errorf("every puzzle solved: NextPuzzle = %d, want -1", got)
	}
	delete(all, "s 2")
	if got := all.NextPuzzle(list, 1); got != -1 {
		t.Errorf("only the puzzle itself left: NextPuzzle = %d, want -1", got)
	}
	if got := (PuzzleProgress{}).NextPuzzle(nil, -1); got != -1 {
		t.Errorf("no puzzles: NextPuzzle = %d, want -1", got)
	}
	if got, want := FindPuzzle(list, Puzzle{Source: "s", Number: 3, Title: "other"}), 2; got != want {
		t.Errorf("FindPuzzle = %d, want %d", got, want)
	}
	if got := FindPuzzle(list, Puzzle{FEN: "x"}); got != -1 {
		t.Errorf("FindPuzzle of a link's puzzle = %d, want -1", got)
	}
	if got := pp.Solved(list); got != 1 {
		t.Errorf("Solved = %d, want 1", got)
	}
}
