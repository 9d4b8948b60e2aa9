package play

import (
	"strings"
	"testing"

	"qipan/app/i18n"
)

// cornered: Black's general on d9 has no square (the chariots hold rank 8, Red's general the e
// file): a8a9 mates, a8a7 leaves Black no move (which loses in Xiangqi), and e0f0 lets the
// general out to e9. Whether such a move keeps the win is the defence's search's verdict,
// which the tests give.
var cornered = Puzzle{Variant: VariantXiangqi, FEN: "3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1", Source: "test", Number: 1}

// person plays from-to on t by two clicks.
func person(t *testing.T, tb *Table, from, to string) {
	t.Helper()
	clicks(t, tb, from)
	if !tb.Click(mustSq(t, tb, to)) {
		t.Fatalf("the person's %s%s was not played (refusal %q)", from, to, tb.Refusal())
	}
}

func mustSq(t *testing.T, tb *Table, name string) int {
	t.Helper()
	sq, ok := tb.ParseSquare(name)
	if !ok {
		t.Fatalf("no square %s", name)
	}
	return sq
}

// defend answers the defence's search with info (the engine's verdict) and its move.
func defend(t *testing.T, tb *Table, info, move string) {
	t.Helper()
	if !tb.EngineToMove() {
		t.Fatal("the engine is not to move")
	}
	lines := tb.EngineLines()
	if !strings.Contains(strings.Join(lines, "\n"), PuzzleGo) {
		t.Fatalf("the defence's search %q is not the puzzle's", lines)
	}
	if _, _, err := tb.EngineSaid(info); err != nil {
		t.Fatal(err)
	}
	if _, moved, err := tb.EngineSaid("bestmove " + move); err != nil || !moved {
		t.Fatalf("bestmove %s: moved %v, %v", move, moved, err)
	}
}

func puzzleState(tb *Table) (PuzzleState, PuzzleMiss) {
	_, st, miss, _ := tb.Puzzle()
	return st, miss
}

func TestPuzzle(t *testing.T) {
	cases := []struct {
		name  string
		play  func(t *testing.T, tb *Table)
		state PuzzleState
		miss  PuzzleMiss
	}{
		{"the mate", func(t *testing.T, tb *Table) { person(t, tb, "a8", "a9") }, PuzzleSolved, ""},
		{"another winning move: no move left to Black", func(t *testing.T, tb *Table) { person(t, tb, "a8", "a7") }, PuzzleSolved, ""},
		{"a quiet move that keeps the win, then the mate", func(t *testing.T, tb *Table) {
			person(t, tb, "e0", "f0")
			defend(t, tb, "info depth 9 score mate -1 pv d9e9 a8a9", "d9e9")
			if st, _ := puzzleState(tb); st != PuzzleSolving {
				t.Fatalf("after a move that keeps the win: %s", st)
			}
			person(t, tb, "a8", "a9")
		}, PuzzleSolved, ""},
		{"a move the defence escapes", func(t *testing.T, tb *Table) {
			person(t, tb, "e0", "f0")
			defend(t, tb, "info depth 9 score -400 pv d9e9", "d9e9")
		}, PuzzleFailed, MissEscapes},
		{"a move after which the defence mates first", func(t *testing.T, tb *Table) {
			person(t, tb, "e0", "f0")
			defend(t, tb, "info depth 9 score mate 3 pv d9e9", "d9e9")
		}, PuzzleFailed, MissMates},
		{"no verdict: the defence said nothing of its search", func(t *testing.T, tb *Table) {
			person(t, tb, "e0", "f0")
			tb.EngineLines()
			if _, moved, err := tb.EngineSaid("bestmove d9e9"); !moved || err != nil {
				t.Fatalf("bestmove: moved %v, %v", moved, err)
			}
		}, PuzzleFailed, MissEscapes},
		{"the solution asked", func(t *testing.T, tb *Table) {
			if changed, _ := tb.Do(ActPuzzleSolution); !changed || !tb.EngineToMove() {
				t.Fatal("the solution is not played out by the engine")
			}
		}, PuzzleFailed, MissShown},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := NewTable(VariantXiangqi)
			if err := tb.StartPuzzle(cornered); err != nil {
				t.Fatal(err)
			}
			if tb.Human() != 0 || tb.Flipped() || tb.EngineToMove() {
				t.Fatalf("at the start: person plays %d, flipped %v, engine to move %v", tb.Human(), tb.Flipped(), tb.EngineToMove())
			}
			c.play(t, tb)
			if st, miss := puzzleState(tb); st != c.state || miss != c.miss {
				t.Errorf("%s, %q; want %s, %q", st, miss, c.state, c.miss)
			}
		})
	}
}

// TestPuzzleProvenFirstMove: a first move the verifier proved is not judged by the defence's
// search (which may not see a long mate in its time).
func TestPuzzleProvenFirstMove(t *testing.T) {
	tb := NewTable(VariantXiangqi)
	p := cornered
	p.First = []string{"e0f0"}
	if err := tb.StartPuzzle(p); err != nil {
		t.Fatal(err)
	}
	person(t, tb, "e0", "f0")
	defend(t, tb, "info depth 3 score 0 pv d9e9", "d9e9")
	if st, _ := puzzleState(tb); st != PuzzleSolving {
		t.Errorf("after the proven first move: %s", st)
	}
}

// TestPuzzleOneReply: a move that leaves the defence one reply is not judged by it (the engine
// plays a lone reply at once, its search seeing no mate): 梦入神机 3, mate in 3, solved.
func TestPuzzleOneReply(t *testing.T) {
	tb := NewTable(VariantXiangqi)
	p := Puzzle{Variant: VariantXiangqi, FEN: "2RNk4/9/1N7/9/1n7/9/C7r/9/2c1p4/2c2K3 w - - 0 1", Source: "梦入神机", Number: 3, Mate: 3, First: []string{"d9c7"}}
	if err := tb.StartPuzzle(p); err != nil {
		t.Fatal(err)
	}
	person(t, tb, "d9", "c7")
	defend(t, tb, "info depth 12 score mate -2 pv c1c9 a3a9", "c1c9")
	person(t, tb, "a3", "a9") // the cannon checks over c9: c9c8 is Black's one move
	defend(t, tb, "info depth 1 score 528 pv c9c8 c7b5", "c9c8")
	if st, miss := puzzleState(tb); st != PuzzleSolving {
		t.Fatalf("after the one reply: %s %s", st, miss)
	}
	person(t, tb, "b7", "c9")
	if st, _ := puzzleState(tb); st != PuzzleSolved {
		t.Errorf("after the mate: %s", st)
	}
}

// TestPuzzleRetryKeepsTheRecord: Retry starts again from the puzzle's position, solving; the
// moves played stay in the record, and a new try replaces them as a move does.
func TestPuzzleRetryKeepsTheRecord(t *testing.T) {
	tb := NewTable(VariantXiangqi)
	if err := tb.StartPuzzle(cornered); err != nil {
		t.Fatal(err)
	}
	person(t, tb, "e0", "f0")
	defend(t, tb, "info depth 9 score -400 pv d9e9", "d9e9")
	if changed, _ := tb.Do(ActPuzzleRetry); !changed || tb.Ply() != 0 || tb.Len() != 2 {
		t.Fatalf("retry: changed %v, ply %d, len %d", changed, tb.Ply(), tb.Len())
	}
	if st, miss := puzzleState(tb); st != PuzzleSolving || miss != "" || tb.EngineToMove() {
		t.Fatalf("after retry: %s %q, engine to move %v", st, miss, tb.EngineToMove())
	}
	person(t, tb, "a8", "a9")
	if st, _ := puzzleState(tb); st != PuzzleSolved {
		t.Errorf("solved on the second try: %s", st)
	}
}

// TestPuzzleBlackToMove: the side to move solves, at the bottom of the board.
func TestPuzzleBlackToMove(t *testing.T) {
	tb := NewTable(VariantXiangqi)
	p := Puzzle{Variant: VariantXiangqi, FEN: "4k4/9/9/9/9/9/9/9/rr7/5K3 b - - 0 1"}
	if err := tb.StartPuzzle(p); err != nil {
		t.Fatal(err)
	}
	if tb.Human() != 1 || !tb.Flipped() || tb.EngineToMove() {
		t.Errorf("Black to move: person plays %d, flipped %v, engine to move %v", tb.Human(), tb.Flipped(), tb.EngineToMove())
	}
}

// TestPuzzleBad: a position that cannot be played, one already over, or a puzzle of another
// game is an error, and the game on the table is unchanged.
func TestPuzzleBad(t *testing.T) {
	for _, p := range []Puzzle{
		{Variant: VariantXiangqi, FEN: "not a fen"},
		{Variant: VariantXiangqi, FEN: "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1 extra"},
		{Variant: VariantXiangqi, FEN: "3k5/9/9/9/9/9/9/9/9/3K5 w - - 0 1"},   // the generals face each other
		{Variant: VariantXiangqi, FEN: "3k5/RR7/9/9/9/9/9/9/9/4K4 b - - 0 1"}, // Black has no move: over
		{Variant: VariantReversi, FEN: cornered.FEN},
	} {
		tb := NewTable(VariantXiangqi)
		clicks(t, tb, "h2", "e2")
		before := tb.Save()
		if err := tb.StartPuzzle(p); err == nil {
			t.Errorf("%+v: no error", p)
		}
		if _, _, _, ok := tb.Puzzle(); ok || tb.Save().Moves != before.Moves {
			t.Errorf("%+v: the table changed: puzzle %v, moves %q", p, ok, tb.Save().Moves)
		}
	}
	if err := NewTable(VariantReversi).StartPuzzle(Puzzle{Variant: VariantReversi, FEN: "x"}); err == nil {
		t.Error("a Reversi puzzle: no error (Reversi has none yet)")
	}
}

// TestOpenPuzzleKeepsTheGame: the game a puzzle replaces is kept, and comes back.
func TestOpenPuzzleKeepsTheGame(t *testing.T) {
	s := NewSession(NewTable(VariantXiangqi), NewTable(VariantReversi))
	s.SetShelf(shelf{})
	clicks(t, s.Table(), "h2", "e2")
	s.Show(VariantReversi)
	e, err := s.OpenPuzzle(cornered)
	if err != nil || !e.Kept || s.Table().Variant() != VariantXiangqi {
		t.Fatalf("open: %v, kept %v, %s shown", err, e.Kept, s.Table().Variant())
	}
	if _, st, _, ok := s.Table().Puzzle(); !ok || st != PuzzleSolving || !s.CanRestore() {
		t.Fatalf("the puzzle %v %s, restorable %v", ok, st, s.CanRestore())
	}
	if _, err := s.OpenPuzzle(Puzzle{Variant: VariantXiangqi, FEN: "bad"}); err == nil {
		t.Error("a bad puzzle opened")
	}
	if _, _, _, ok := s.Table().Puzzle(); !ok {
		t.Error("a bad puzzle ended the one on the board")
	}
	s.Do(ActRestorePrevious)
	if s.Table().Len() != 1 {
		t.Errorf("the game brought back has %d moves, want 1", s.Table().Len())
	}
}

// TestPuzzleText: the status line says the goal as the manuals do, then how it went.
func TestPuzzleText(t *testing.T) {
	tb := NewTable(VariantXiangqi)
	p := cornered
	p.Mate = 1
	if err := tb.StartPuzzle(p); err != nil {
		t.Fatal(err)
	}
	for l, want := range map[i18n.Lang]string{i18n.Simplified: "红先胜 · 1步杀", i18n.Traditional: "紅先勝 · 1步殺", i18n.English: "Red to move and win · mate in 1"} {
		if got := StatusText(l, tb); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
	person(t, tb, "e0", "f0")
	defend(t, tb, "info depth 9 score 0 pv d9e9", "d9e9")
	if got := StatusText(i18n.Simplified, tb); got != "这步让黑方逃脱了杀局。再试一次，或看答案。" {
		t.Errorf("failed: %q", got)
	}
	tb.Do(ActPuzzleRetry)
	person(t, tb, "a8", "a9")
	if got := StatusText(i18n.English, tb); got != "Solved!" {
		t.Errorf("solved: %q", got)
	}
}
