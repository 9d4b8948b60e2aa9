package play

import (
	"encoding/json"
	"strings"
	"testing"
)

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
		if strings.Contains(ratingKey, " ") || !strings.Contains(PuzzleID(tt.p), " ") {
			t.Errorf("%q could be taken for the rating's key %q", PuzzleID(tt.p), ratingKey)
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
	var pp PuzzleProgress
	for i, s := range steps {
		if got := pp.Note(p, s.state); got != s.changed || pp.Of(p) != s.after {
			t.Errorf("step %d: Note(%s) = %v, then %q; want %v, %q", i, s.state, got, pp.Of(p), s.changed, s.after)
		}
	}
	if n := len(pp.States); n != 1 {
		t.Errorf("%d entries, want 1", n)
	}
}

// TestPuzzleRatingFirstAttempt: only a collection's puzzle's first attempt is rated; a hint
// makes it a loss at once; a retry rates nothing; the streak counts first attempts solved.
func TestPuzzleRatingFirstAttempt(t *testing.T) {
	a, b, c, d := Puzzle{Source: "s", Number: 1, Mate: 3}, Puzzle{Source: "s", Number: 2, Mate: 3}, Puzzle{Source: "s", Number: 3, Mate: 3}, Puzzle{Source: "s", Number: 4, Mate: 3}
	link := Puzzle{FEN: "3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1"}
	steps := []struct {
		name   string
		p      Puzzle
		state  PuzzleState
		helped bool
		rated  bool // the person's rating moves
		up     bool
		streak int
	}{
		{"a solved", a, PuzzleSolved, false, true, true, 1},
		{"a solved again (a retry)", a, PuzzleSolved, false, false, false, 1},
		{"b under way", b, PuzzleSolving, false, false, false, 1},
		{"b failed", b, PuzzleFailed, false, true, false, 0},
		{"b solved on the retry", b, PuzzleSolved, false, false, false, 0},
		{"c solved", c, PuzzleSolved, false, true, true, 1},
		{"d: a hint asked", d, PuzzleSolving, true, true, false, 0},
		{"d solved after the hint", d, PuzzleSolved, true, false, false, 0},
		{"a link's position", link, PuzzleSolved, false, false, false, 0},
	}
	var pp PuzzleProgress
	for _, s := range steps {
		before := pp.Player()
		pp.Record(s.p, s.state, s.helped)
		after := pp.Player()
		if moved := after != before; moved != s.rated || s.rated && (after.R > before.R) != s.up {
			t.Errorf("%s: rating %+v → %+v, want rated %v up %v", s.name, before, after, s.rated, s.up)
		}
		if pp.Rated.Streak != s.streak {
			t.Errorf("%s: streak %d, want %d", s.name, pp.Rated.Streak, s.streak)
		}
		if s.rated {
			id, change, ok := pp.LastChange()
			if !ok || id != PuzzleID(s.p) || change != after.Int()-before.Int() {
				t.Errorf("%s: the last change %q %d %v", s.name, id, change, ok)
			}
		}
	}
	if pp.Rated.Wins != 2 || pp.Rated.Losses != 2 || pp.Rated.Best != 1 {
		t.Errorf("wins %d losses %d best streak %d, want 2 2 1", pp.Rated.Wins, pp.Rated.Losses, pp.Rated.Best)
	}
	if pp.Of(d) != PuzzleSolved || pp.Of(b) != PuzzleSolved {
		t.Errorf("states: b %q d %q, want both solved", pp.Of(b), pp.Of(d))
	}
	// The puzzles lost rise, those won fall.
	if tb, _ := pp.Try(b); tb.Won || tb.Puzzle.R <= InitialPuzzleRating(b).R {
		t.Errorf("b failed: %+v (started at %v)", tb, InitialPuzzleRating(b).R)
	}
	if ta, _ := pp.Try(a); !ta.Won || pp.PuzzleRating(a).R >= InitialPuzzleRating(a).R {
		t.Errorf("a solved: %+v", ta)
	}
	// A puzzle an older progress kept as tried is not rated.
	old := PuzzleProgress{States: map[string]PuzzleState{"s 9": PuzzleFailed}}
	if old.Record(Puzzle{Source: "s", Number: 9}, PuzzleSolved, false); old.Player() != NewRating() {
		t.Errorf("a puzzle tried before the rating was rated: %+v", old.Player())
	}
}

// TestPuzzleHelpedOnTheTable: a hint asked on the board makes the first attempt a loss, even
// when the puzzle is then solved; the solution shown is a loss too; a retry rates nothing.
func TestPuzzleHelpedOnTheTable(t *testing.T) {
	for _, c := range []struct {
		name string
		act  Action
	}{{"hint", ActPuzzleHint}, {"solution", ActPuzzleSolution}, {"none", ""}} {
		t.Run(c.name, func(t *testing.T) {
			tb := NewTable(VariantReversi)
			if err := tb.StartPuzzle(blackBest); err != nil {
				t.Fatal(err)
			}
			var pp PuzzleProgress
			if c.act != "" {
				if changed, _ := tb.Do(c.act); !changed {
					t.Fatalf("%s did nothing", c.act)
				}
			}
			if !pp.NoteTable(tb) && c.act != "" {
				t.Fatalf("%s: nothing noted", c.act)
			}
			if c.act == ActPuzzleSolution {
				tb.Do(ActPuzzleRetry)
			}
			rvPerson(t, tb, "f8")
			pp.NoteTable(tb)
			try, ok := pp.Try(blackBest)
			if !ok || try.Won != (c.act == "") || pp.Of(blackBest) != PuzzleSolved {
				t.Errorf("try %+v %v, state %q", try, ok, pp.Of(blackBest))
			}
			if (try.Change > 0) != (c.act == "") {
				t.Errorf("the change %d", try.Change)
			}
			tb.Do(ActPuzzleRetry)
			if tb.PuzzleHelped() {
				t.Error("a retry is still helped")
			}
			before := pp
			rvPerson(t, tb, "f8")
			if pp.NoteTable(tb); pp.Player() != before.Player() {
				t.Error("the retry was rated")
			}
		})
	}
}

// TestPuzzleProgressSaved: the saved form keeps the states where they always were (an older
// progress loads as it was), the rating beside them; damaged ones are errors.
func TestPuzzleProgressSaved(t *testing.T) {
	var pp PuzzleProgress
	a := Puzzle{Source: "适情雅趣", Number: 1, Mate: 3}
	pp.Note(a, PuzzleSolved)
	pp.Note(Puzzle{FEN: "x"}, PuzzleFailed)
	data, err := json.Marshal(pp)
	if err != nil {
		t.Fatal(err)
	}
	var flat map[string]any
	if json.Unmarshal(data, &flat); flat["适情雅趣 1"] != "solved" || flat["fen x"] != "failed" || flat["rating"] == nil {
		t.Errorf("saved as %s", data)
	}
	var back PuzzleProgress
	if err := json.Unmarshal(data, &back); err != nil || back.Player() != pp.Player() || back.Of(a) != PuzzleSolved || back.Rated.Streak != 1 {
		t.Fatalf("read back %+v, %v; want %+v", back, err, pp)
	}
	if tr, ok := back.Try(a); !ok || tr.Change != pp.Rated.Tries["适情雅趣 1"].Change {
		t.Errorf("the try read back: %+v %v", tr, ok)
	}

	tests := []struct {
		name, saved string
		bad         bool
		states      int
		rating      Rating
	}{
		{"before the rating", `{"适情雅趣 1":"solved","适情雅趣 2":"failed","fen x":"solving"}`, false, 2, NewRating()},
		{"null", `null`, false, 0, NewRating()},
		{"empty", `{}`, false, 0, NewRating()},
		{"with the rating", `{"适情雅趣 1":"solved","rating":{"player":{"r":1520,"rd":290,"vol":0.06},"streak":1}}`, false, 1, Rating{1520, 290, 0.06}},
		{"a state that is no string", `{"适情雅趣 1":3}`, true, 0, Rating{}},
		{"a rating that is no object", `{"rating":"high"}`, true, 0, Rating{}},
		{"a deviation below zero", `{"rating":{"player":{"r":1520,"rd":-5,"vol":0.06}}}`, true, 0, Rating{}},
		{"a puzzle's rating damaged", `{"rating":{"player":{"r":1520,"rd":90,"vol":0.06},"tries":{"s 1":{"puzzle":{"r":1,"rd":0,"vol":0}}}}}`, true, 0, Rating{}},
		{"cut short", `{"适情雅趣 1": `, true, 0, Rating{}},
	}
	for _, tt := range tests {
		var got PuzzleProgress
		err := json.Unmarshal([]byte(tt.saved), &got)
		if (err != nil) != tt.bad {
			t.Errorf("%s: error %v, want one %v", tt.name, err, tt.bad)
			continue
		}
		if !tt.bad && (len(got.States) != tt.states || got.Player() != tt.rating) {
			t.Errorf("%s: %d states, rating %+v; want %d, %+v", tt.name, len(got.States), got.Player(), tt.states, tt.rating)
		}
	}
}

func TestNextPuzzle(t *testing.T) {
	// Mates of 1 to 20 moves: ratings from 1100 up.
	var list []Puzzle
	for m := 1; m <= 20; m++ {
		list = append(list, Puzzle{Source: "s", Number: m, Mate: m})
	}
	var pp PuzzleProgress
	near := func(pp PuzzleProgress, i int) bool { // among the nextChoices nearest the person
		d := abs(pp.PuzzleRating(list[i]).R - pp.Player().R)
		closer := 0
		for j, p := range list {
			if j != i && pp.Of(p) != PuzzleSolved && abs(pp.PuzzleRating(p).R-pp.Player().R) < d {
				closer++
			}
		}
		return closer < nextChoices
	}
	at, seen := -1, map[int]bool{}
	for k := range 12 {
		i := pp.NextPuzzle(list, at)
		if i < 0 || i == at || pp.Of(list[i]) == PuzzleSolved || !near(pp, i) {
			t.Fatalf("step %d: NextPuzzle(%d) = %d, rating %v", k, at, i, pp.Player())
		}
		if again := pp.NextPuzzle(list, at); again != i {
			t.Fatalf("step %d: %d then %d for the same progress", k, i, again)
		}
		seen[i] = true
		pp.Note(list[i], PuzzleSolved)
		at = i
	}
	// Winning every one, the person climbs to the long mates.
	if pp.Player().R <= NewRating().R || !seen[len(list)-1] && !seen[len(list)-2] && !seen[len(list)-3] {
		t.Errorf("after 12 wins: rating %v, puzzles %v", pp.Player(), seen)
	}
	// Failed puzzles come back only when none is left untried.
	var fails PuzzleProgress
	for i := range list[:19] {
		fails.Note(list[i], PuzzleFailed)
	}
	if got := fails.NextPuzzle(list, 0); got != 19 {
		t.Errorf("the one untried left: %d, want 19", got)
	}
	fails.Note(list[19], PuzzleSolved)
	if got := fails.NextPuzzle(list, 19); got < 0 || fails.Of(list[got]) != PuzzleFailed {
		t.Errorf("only failed left: %d", got)
	}
	all := PuzzleProgress{}
	for _, p := range list {
		all.Note(p, PuzzleSolved)
	}
	if got := all.NextPuzzle(list, 1); got != -1 {
		t.Errorf("every puzzle solved: NextPuzzle = %d, want -1", got)
	}
	delete(all.States, "s 2")
	if got := all.NextPuzzle(list, 1); got != -1 {
		t.Errorf("only the puzzle itself left: NextPuzzle = %d, want -1", got)
	}
	if got := all.NextPuzzle(list, -1); got != 1 {
		t.Errorf("from a link's puzzle: NextPuzzle = %d, want 1", got)
	}
	if got := (PuzzleProgress{}).NextPuzzle(nil, -1); got != -1 {
		t.Errorf("no puzzles: NextPuzzle = %d, want -1", got)
	}
	// HasNext, asked every frame, agrees with NextPuzzle on each of these progresses.
	for _, c := range []struct {
		name string
		pp   PuzzleProgress
		list []Puzzle
		at   int
	}{
		{"fresh", PuzzleProgress{}, list, 0},
		{"one untried", fails, list, 0},
		{"only failed", fails, list, 19},
		{"only itself", all, list, 1},
		{"from a link", all, list, -1},
		{"no puzzles", PuzzleProgress{}, nil, -1},
		{"one puzzle, on it", PuzzleProgress{}, list[:1], 0},
	} {
		if got, want := c.pp.HasNext(c.list, c.at), c.pp.NextPuzzle(c.list, c.at) >= 0; got != want {
			t.Errorf("%s: HasNext = %v, NextPuzzle gives one: %v", c.name, got, want)
		}
	}
	if got, want := FindPuzzle(list, Puzzle{Source: "s", Number: 3, Title: "other"}), 2; got != want {
		t.Errorf("FindPuzzle = %d, want %d", got, want)
	}
	if got := FindPuzzle(list, Puzzle{FEN: "x"}); got != -1 {
		t.Errorf("FindPuzzle of a link's puzzle = %d, want -1", got)
	}
	if got := all.Solved(list); got != 19 {
		t.Errorf("Solved = %d, want 19", got)
	}
	if got := all.FirstUnsolved(list); got != 1 {
		t.Errorf("FirstUnsolved = %d, want 1", got)
	}
}

func abs(x float64) float64 { return max(x, -x) }
