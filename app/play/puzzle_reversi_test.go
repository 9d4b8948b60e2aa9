package play

import (
	"strings"
	"testing"

	"qipan/app/i18n"
)

// blackBest is a position of 14 empties from the collection's recipe, Black to move: f8 gives
// +18 discs with perfect play, every other move +2 or less.
var blackBest = Puzzle{
	Variant: VariantReversi, Source: ReversiSource, Number: 1, Goal: GoalBest, Empties: 14,
	FEN:  "OXOOOO--OXXOXOX-OOOXOOO-OXXOXOO-OXOOOO--OXOXOOO-OOXOOO--O--XO-O- X",
	Best: "f8", Score: 18,
	Scores: []MoveScore{{"f8", 18}, {"h2", 2}, {"h4", 2}, {"h6", 2}, {"b8", 2}, {"g1", 0}, {"h3", -2},
		{"h5", -2}, {"g5", -4}, {"h7", -8}, {"g7", -16}},
}

// rvPerson plays the disc sq.
func rvPerson(t *testing.T, tb *Table, sq string) {
	t.Helper()
	if !tb.Click(mustSq(t, tb, sq)) {
		t.Fatalf("the person's %s was not played (refusal %q)", sq, tb.Refusal())
	}
}

func TestReversiPuzzle(t *testing.T) {
	tie := blackBest
	tie.Scores = append([]MoveScore{{"f8", 18}, {"h2", 18}}, blackBest.Scores[2:]...)
	cases := []struct {
		name   string
		p      Puzzle
		play   func(t *testing.T, tb *Table)
		state  PuzzleState
		miss   PuzzleMiss
		en, zh string
	}{
		{"the best move", blackBest, func(t *testing.T, tb *Table) { rvPerson(t, tb, "f8") }, PuzzleSolved, "",
			"Solved: f8 gives +18, the best", "解开了：f8 得 +18，最佳"},
		{"another move of the best score", tie, func(t *testing.T, tb *Table) { rvPerson(t, tb, "h2") }, PuzzleSolved, "",
			"Solved: h2 gives +18, the best", "解开了：h2 得 +18，最佳"},
		{"a worse move", blackBest, func(t *testing.T, tb *Table) { rvPerson(t, tb, "g5") }, PuzzleFailed, MissBelow,
			"g5 gives −4 against +18 for the best. Try again, or see the solution.", "g5 得 −4，最佳着法得 +18。再试一次，或看答案。"},
		{"the solution", blackBest, func(t *testing.T, tb *Table) {
			if changed, _ := tb.Do(ActPuzzleSolution); !changed || tb.Ply() != 1 || tb.MoveTexts("")[0] != "f8" {
				t.Fatalf("the solution: changed %v, moves %v", changed, tb.MoveTexts(""))
			}
		}, PuzzleFailed, MissShown, "The best move: f8, +18", "最佳着法：f8，+18"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := NewTable(VariantReversi)
			tb.SetHuman(1) // the puzzle gives the person the side to move
			if err := tb.StartPuzzle(c.p); err != nil {
				t.Fatal(err)
			}
			if tb.Human() != 0 || tb.EngineToMove() || tb.Flipped() {
				t.Fatalf("at the start: person plays %d, engine to move %v, flipped %v", tb.Human(), tb.EngineToMove(), tb.Flipped())
			}
			if got := PuzzleText(i18n.English, tb); got != "Black to move: find the best move · 14 empties" {
				t.Errorf("the goal: %q", got)
			}
			if got := PuzzleText(i18n.Traditional, tb); got != "黑棋走：找出最佳著法 · 餘14空" {
				t.Errorf("the goal in Chinese: %q", got)
			}
			c.play(t, tb)
			if st, miss := puzzleState(tb); st != c.state || miss != c.miss {
				t.Errorf("%s, %q; want %s, %q", st, miss, c.state, c.miss)
			}
			if got := PuzzleText(i18n.English, tb); got != c.en {
				t.Errorf("English: %q, want %q", got, c.en)
			}
			if got := PuzzleText(i18n.Simplified, tb); got != c.zh {
				t.Errorf("Chinese: %q, want %q", got, c.zh)
			}
		})
	}
}

// TestReversiPuzzleHintAndRetry: the hint is the best move's square, from the collection with no
// engine; Retry after a wrong move starts again, and the best move then solves it.
func TestReversiPuzzleHintAndRetry(t *testing.T) {
	s := NewSession(NewTable(VariantXiangqi), NewTable(VariantReversi))
	s.SetShelf(shelf{})
	if _, err := s.OpenPuzzle(blackBest); err != nil {
		t.Fatal(err)
	}
	tb := s.Table()
	if tb.Variant() != VariantReversi {
		t.Fatalf("the board shows %s", tb.Variant())
	}
	if changed, _ := tb.Do(ActPuzzleHint); !changed {
		t.Fatal("no hint")
	}
	if _, to, ok := tb.HintMove(); !ok || tb.SquareName(to) != "f8" {
		t.Errorf("the hint: %v %d", ok, to)
	}
	if lines := tb.EngineLines(); len(lines) != 0 {
		t.Errorf("the hint asked the engine: %q", lines)
	}
	rvPerson(t, tb, "h7")
	if st, _ := puzzleState(tb); st != PuzzleFailed {
		t.Fatalf("after h7: %s", st)
	}
	if changed, _ := tb.Do(ActPuzzleHint); changed {
		t.Error("a hint after the puzzle failed")
	}
	if changed, _ := tb.Do(ActPuzzleSolution); !changed || tb.MoveTexts("")[0] != "f8" || PuzzleText(i18n.English, tb) != "The best move: f8, +18" {
		t.Fatalf("the solution after a wrong move: changed %v, moves %v, %q", changed, tb.MoveTexts(""), PuzzleText(i18n.English, tb))
	}
	if changed, _ := tb.Do(ActPuzzleRetry); !changed || tb.Ply() != 0 {
		t.Fatalf("retry: changed %v, ply %d", changed, tb.Ply())
	}
	if st, miss := puzzleState(tb); st != PuzzleSolving || miss != "" || tb.EngineToMove() {
		t.Fatalf("after retry: %s %q, engine to move %v", st, miss, tb.EngineToMove())
	}
	rvPerson(t, tb, "f8")
	if st, _ := puzzleState(tb); st != PuzzleSolved {
		t.Fatalf("the best move on the second try: %s", st)
	}
	pp := PuzzleProgress{}
	pz, st, _, _ := tb.Puzzle()
	if !pp.Note(pz, st) || pp.Of(blackBest) != PuzzleSolved || PuzzleID(pz) != "reversi 1" {
		t.Errorf("progress %v, id %q", pp, PuzzleID(pz))
	}
	if got := PuzzleName(i18n.Simplified, pz); got != "第1题 · 余14空" {
		t.Errorf("the name: %q", got)
	}
}

// TestReversiPuzzleBad: a position that cannot be played, one where the side to move must pass
// or the game is over, and a Reversi puzzle without its scores are errors; the game stays.
func TestReversiPuzzleBad(t *testing.T) {
	noScores := blackBest
	noScores.Scores = nil
	mate := blackBest
	mate.Goal = GoalMate
	over, pass := blackBest, blackBest
	over.FEN = strings.Repeat("X", 64) + " O"
	pass.FEN = "XXXXXXO-" + strings.Repeat("-", 56) + " O" // White flanks nothing, Black has h1
	bad := blackBest
	bad.FEN = "XO?" + blackBest.FEN[3:]
	for _, c := range []struct {
		name string
		p    Puzzle
		want string
	}{
		{"no scores", noScores, "no move scored"},
		{"a Reversi puzzle of mates", mate, "no move scored"},
		{"over", over, "over"},
		{"a pass", pass, "white has no move"},
		{"an unreadable board", bad, "cell 3"},
	} {
		tb := NewTable(VariantReversi)
		rvPerson(t, tb, "f5")
		err := tb.StartPuzzle(c.p)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", c.name, err, c.want)
		}
		if _, _, _, ok := tb.Puzzle(); ok || tb.Len() != 1 {
			t.Errorf("%s: the table changed: puzzle %v, %d moves", c.name, ok, tb.Len())
		}
	}
}
