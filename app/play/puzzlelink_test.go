package play

import (
	"errors"
	"strings"
	"testing"

	"qipan/app/i18n"
)

// TestLinkPuzzle: a Reversi link's position with its scores is a puzzle judged by them; without
// them it waits for the collection (FindPosition); a board that cannot be played, a side that
// must pass and scores that do not fit are errors the reader is told in their language.
func TestLinkPuzzle(t *testing.T) {
	full := ScoresText(blackBest)
	// White to move with no move (its b1 beside Black's a1 in the corner); Black has c1.
	mustPass := "XO" + strings.Repeat("-", 62) + " O"
	cases := []struct {
		name, variant, fen, scores string
		reason                     PuzzleLinkReason // "" for no error
		scored                     bool
		zh                         string // a part of the Chinese text of the error
	}{
		{"xiangqi as given", VariantXiangqi, "3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1", "", "", true, ""},
		{"scores written by ScoresText", VariantReversi, blackBest.FEN, full, "", true, ""},
		{"scores as the collection writes them", VariantReversi, blackBest.FEN, "f8:+18 h2:+2 h4:+2 h6:+2 b8:+2 g1:+0 h3:-2 h5:-2 g5:-4 h7:-8 g7:-16", "", true, ""},
		{"a query's + read as a space", VariantReversi, blackBest.FEN, "f8: 18 h2: 2 h4: 2 h6: 2 b8: 2 g1:0 h3:-2 h5:-2 g5:-4 h7:-8 g7:-16", "", true, ""},
		{"no scores: the collection's", VariantReversi, strings.ToLower(blackBest.FEN), "", "", false, ""},
		{"a bad board", VariantReversi, "XO", "", PuzzleBadBoard, false, "局面不合法"},
		{"an empty board", VariantReversi, strings.Repeat("-", 64) + " X", "", PuzzleBadBoard, false, "没有棋子"},
		{"a finished game", VariantReversi, strings.Repeat("X", 64) + " O", "", PuzzleBadBoard, false, "双方都无处可下"},
		{"the side to move must pass", VariantReversi, mustPass, "", PuzzleNoMove, false, "白棋无处可下"},
		{"a move missing", VariantReversi, blackBest.FEN, "f8:18,h2:2", PuzzleBadScores, false, "不符"},
		{"an illegal move", VariantReversi, blackBest.FEN, strings.Replace(full, "h2", "a1", 1), PuzzleBadScores, false, "不符"},
		{"no score", VariantReversi, blackBest.FEN, "f8", PuzzleBadScores, false, "不符"},
		{"a best move not the best", VariantReversi, blackBest.FEN, strings.Replace(full, "f8:18", "f8:1", 1), PuzzleBadScores, false, "不符"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := LinkPuzzle(c.variant, c.fen, c.scores)
			var le *PuzzleLinkError
			switch {
			case c.reason == "" && err != nil:
				t.Fatalf("error %v", err)
			case c.reason != "" && (!errors.As(err, &le) || le.Reason != c.reason):
				t.Fatalf("error %v, want the reason %q", err, c.reason)
			case c.reason != "":
				if zh := le.Text(i18n.Simplified); !strings.Contains(zh, c.zh) {
					t.Errorf("in Chinese: %q, want %q in it", zh, c.zh)
				}
				if en := le.Text(i18n.English); en == "" || strings.ContainsAny(en, "局棋") {
					t.Errorf("in English: %q", en)
				}
				return
			}
			if p.Scored() != c.scored {
				t.Errorf("scored %v, want %v (%+v)", p.Scored(), c.scored, p)
			}
			if c.variant == VariantReversi && c.scored {
				if p.Goal != GoalBest || p.Best != "f8" || p.Score != 18 || p.Source != "" || len(p.Scores) != len(blackBest.Scores) {
					t.Errorf("the puzzle %+v", p)
				}
				tb := NewTable(VariantReversi)
				if err := tb.StartPuzzle(p); err != nil {
					t.Fatalf("StartPuzzle: %v", err)
				}
				rvPerson(t, tb, "f8")
				if _, st, _, _ := tb.Puzzle(); st != PuzzleSolved {
					t.Errorf("the best move left it %q", st)
				}
			}
			if c.variant == VariantReversi && !c.scored && p.FEN != blackBest.FEN {
				t.Errorf("the board as the rules write it: %q", p.FEN)
			}
		})
	}
	if e := (&PuzzleLinkError{Reason: PuzzleUnknown}); !strings.Contains(e.Text(i18n.Traditional), "無法判定") {
		t.Errorf("unknown, in Traditional Chinese: %q", e.Text(i18n.Traditional))
	}
}

// TestFindPosition finds a link's position in a collection whatever its case and spacing, and
// no position of the other game or not there.
func TestFindPosition(t *testing.T) {
	other := blackBest
	other.Number, other.FEN = 2, strings.Replace(blackBest.FEN, " X", " O", 1)
	list := []Puzzle{other, blackBest}
	cases := []struct {
		variant, fen string
		want         int
	}{
		{VariantReversi, blackBest.FEN, 1},
		{VariantReversi, strings.ToLower(blackBest.FEN[:32]) + "\n" + blackBest.FEN[32:], 1},
		{VariantReversi, other.FEN, 0},
		{VariantXiangqi, blackBest.FEN, -1},
		{VariantReversi, "XO", -1},
		{VariantReversi, strings.Replace(blackBest.FEN, "O", "X", 1), -1},
	}
	for _, c := range cases {
		if got := FindPosition(list, c.variant, c.fen); got != c.want {
			t.Errorf("FindPosition(%s, %q) = %d, want %d", c.variant, c.fen, got, c.want)
		}
	}
}

// ScoresText writes what ParseScores reads.
func TestScoresRoundTrip(t *testing.T) {
	got, err := ParseScores(ScoresText(blackBest))
	if err != nil || len(got) != len(blackBest.Scores) {
		t.Fatalf("%v, %v", got, err)
	}
	for i := range got {
		if got[i] != blackBest.Scores[i] {
			t.Errorf("score %d: %+v, want %+v", i, got[i], blackBest.Scores[i])
		}
	}
	if _, err := ParseScores("f8:99"); err == nil {
		t.Error("a score over 64 discs was read")
	}
}

// TestParseScores: the forms a link and the collection write, and what is refused.
func TestParseScores(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string // ScoresText of the result; "" for an error
	}{
		{"d3:+6 c4:-4", "d3:6,c4:-4"}, // the collection's
		{"d3:6,c4:-4", "d3:6,c4:-4"},  // a link's
		{"d3: 6,c4:-4", "d3:6,c4:-4"}, // a link's "+" unescaped to a space
		{"D3 : 6 ; pass:0", "d3:6,pass:0"},
		{" f5:64\tc4:-64 ", "f5:64,c4:-64"},
		{"", ""},
		{"d3", ""},
		{"d3:", ""},
		{"d9:1", ""},
		{"i1:0", ""},
		{"d3:x", ""},
		{"d3:65", ""},
		{"d3:6 c4", ""},
		{"passe:0", ""},
	} {
		got, err := ParseScores(c.in)
		if c.want == "" {
			if err == nil {
				t.Errorf("ParseScores(%q) = %v, want an error", c.in, got)
			}
			continue
		}
		if err != nil || ScoresText(Puzzle{Scores: got}) != c.want {
			t.Errorf("ParseScores(%q) = %v, %v; want %s", c.in, got, err, c.want)
		}
	}
}

// TestPuzzleHintOffline: a Reversi puzzle's hint needs no engine, and works with the engine
// failed; a Xiangqi puzzle's and a game's need it.
func TestPuzzleHintOffline(t *testing.T) {
	rv := NewTable(VariantReversi)
	if rv.PuzzleHintOffline() {
		t.Error("a Reversi game's hint needs no engine")
	}
	if err := rv.StartPuzzle(blackBest); err != nil {
		t.Fatal(err)
	}
	rv.Client.Fail("no engine here")
	if !rv.PuzzleHintOffline() || !rv.PuzzleHint() {
		t.Fatal("the Reversi puzzle's hint, the engine failed: not given")
	}
	if v := rv.View(ViewOptions{}); v.Hint != "f8" {
		t.Errorf("the hint shows %q, want f8", v.Hint)
	}
	xq := NewTable(VariantXiangqi)
	if err := xq.StartPuzzle(Puzzle{Variant: VariantXiangqi, FEN: "3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1"}); err != nil {
		t.Fatal(err)
	}
	if xq.PuzzleHintOffline() {
		t.Error("a Xiangqi puzzle with no proven first move: its hint needs no engine")
	}
}

// TestPuzzleHintProven: at a Xiangqi puzzle's start the hint is the move its collection proved,
// given with no engine (a short search's choice could lose a gain puzzle's one good move);
// after it the engine's.
func TestPuzzleHintProven(t *testing.T) {
	for _, c := range []struct {
		name string
		p    Puzzle
		want string
	}{
		// Both chariots mate on rank 9: the hint is the first move the collection proved.
		{"mate", Puzzle{Variant: VariantXiangqi, FEN: cornered.FEN, Mate: 1, First: []string{"b8b9", "a8a9"}}, "b8b9"},
		{"gain", Puzzle{Variant: VariantXiangqi, FEN: cornered.FEN, Goal: GoalBetter, Best: "a8a9", Score: 600}, "a8a9"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := NewTable(VariantXiangqi)
			if err := tb.StartPuzzle(c.p); err != nil {
				t.Fatal(err)
			}
			tb.Client.Fail("no engine here")
			if !tb.PuzzleHintOffline() || !tb.PuzzleHint() || !tb.HintPiece() {
				t.Fatal("the first step of the start's hint, with no engine: not given")
			}
			if !tb.PuzzleHint() {
				t.Fatal("the second step refused")
			}
			if v := tb.View(ViewOptions{}); v.Hint != c.want || len(tb.EngineLines()) != 0 {
				t.Errorf("the hint shows %q, want %s with nothing for the engine", v.Hint, c.want)
			}
			if !tb.PuzzleHelped() {
				t.Error("the hint did not count against the attempt")
			}
		})
	}
	// Past the start the hint is the engine's.
	p := cornered
	p.First = []string{"a8a9"}
	tb := NewTable(VariantXiangqi)
	if err := tb.StartPuzzle(p); err != nil {
		t.Fatal(err)
	}
	person(t, tb, "e0", "f0")
	defend(t, tb, "info depth 9 score mate -3 pv d9e9", "d9e9")
	if st, _ := puzzleState(tb); st != PuzzleSolving || tb.PuzzleHintOffline() {
		t.Fatalf("after a move: %s, hint offline %v", st, tb.PuzzleHintOffline())
	}
	if !tb.PuzzleHint() || len(tb.EngineLines()) == 0 {
		t.Error("after a move the hint did not ask the engine")
	}
}
