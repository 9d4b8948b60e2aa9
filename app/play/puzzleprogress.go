package play

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The person's progress through the puzzles, kept between visits by each front end (the
// page's localStorage, the desktop's puzzles.json): which were solved and which failed, and
// their puzzle rating (puzzlerating.go): the person's, each puzzle tried's after that try, the
// streak. A puzzle of a collection is known by its collection and number, one opened from a
// link by its position.
//
// Only a puzzle's first attempt is rated: a retry after a failure, or after the solution was
// shown, rates nothing (the answer is known by then). A hint or the solution makes the attempt
// a loss, rated at once (a hint taken and the puzzle left is a loss all the same). A link's
// position and an exercise of the report's are kept solved or failed but not rated: their
// difficulty is unknown.
//
// Saved, the progress is one JSON object: each puzzle tried by its PuzzleID and its state
// ("solved", "failed"), as it always was, and the rating under the key "rating", which no
// PuzzleID can be (every PuzzleID holds a space). A progress saved before the rating loads
// as it was, its rating starting at 1500; a puzzle it lists was tried already and is not rated.

// PuzzleProgress is what became of each puzzle tried (States, by PuzzleID: PuzzleSolved or
// PuzzleFailed; a puzzle not tried is absent) and the rating. Its zero value is a progress
// with nothing tried.
type PuzzleProgress struct {
	States map[string]PuzzleState
	Rated  PuzzleRated
}

// PuzzleRated is the rating side of the progress.
type PuzzleRated struct {
	Player Rating `json:"player"` // the zero Rating: not rated yet (NewRating)
	// Tries are the puzzles rated (their first attempt), by PuzzleID.
	Tries  map[string]PuzzleTry `json:"tries,omitempty"`
	Streak int                  `json:"streak,omitempty"` // first attempts solved in a row, unhelped
	Best   int                  `json:"best,omitempty"`   // the longest streak
	Wins   int                  `json:"wins,omitempty"`   // first attempts solved
	Losses int                  `json:"losses,omitempty"` // first attempts failed or helped
	Last   string               `json:"last,omitempty"`   // the PuzzleID of the last puzzle rated
}

// PuzzleTry is a puzzle's first attempt, rated: the puzzle's rating after it, whether it was
// won, and how the person's rating changed by it (as shown: +12).
type PuzzleTry struct {
	Puzzle Rating `json:"puzzle"`
	Won    bool   `json:"won,omitempty"`
	Change int    `json:"change"`
}

// ratingKey is the saved object's key of the rating.
const ratingKey = "rating"

// PuzzleID names p in a PuzzleProgress: "适情雅趣 12" for a collection's, "fen <FEN>" for one
// with no collection or number (a link's).
func PuzzleID(p Puzzle) string {
	if collected(p) {
		return p.Source + " " + strconv.Itoa(p.Number)
	}
	return "fen " + strings.TrimSpace(p.FEN)
}

// collected reports whether p is a collection's (an exercise is its position): those are rated.
func collected(p Puzzle) bool { return p.Source != "" && p.Number > 0 && p.Source != LearnSource }

// Of is how p stands: PuzzleSolved, PuzzleFailed, or "" when not tried.
func (pp PuzzleProgress) Of(p Puzzle) PuzzleState { return pp.States[PuzzleID(p)] }

// Player is the person's rating (NewRating before any puzzle rated).
func (pp PuzzleProgress) Player() Rating {
	if pp.Rated.Player.RD == 0 {
		return NewRating()
	}
	return pp.Rated.Player
}

// PuzzleRating is p's rating: after the person's first attempt at it, else its starting one
// (InitialPuzzleRating).
func (pp PuzzleProgress) PuzzleRating(p Puzzle) Rating {
	if t, ok := pp.Rated.Tries[PuzzleID(p)]; ok {
		return t.Puzzle
	}
	return InitialPuzzleRating(p)
}

// Try is p's rated first attempt; false when it was not rated.
func (pp PuzzleProgress) Try(p Puzzle) (PuzzleTry, bool) {
	t, ok := pp.Rated.Tries[PuzzleID(p)]
	return t, ok
}

// Note keeps state for p and reports whether the progress changed. Solved stays solved (a
// retry that fails again takes nothing away); failed is kept only for a puzzle not solved;
// solving (a puzzle under way) is not kept. A collection's puzzle solved or failed for the
// first time is rated.
func (pp *PuzzleProgress) Note(p Puzzle, state PuzzleState) bool {
	return pp.Record(p, state, false)
}

// Record is Note for the puzzle on a board, helped telling whether a hint was shown in the
// attempt: a first attempt helped is rated a loss at once, whatever comes of it.
func (pp *PuzzleProgress) Record(p Puzzle, state PuzzleState, helped bool) bool {
	id := PuzzleID(p)
	changed := false
	if helped || state == PuzzleSolved || state == PuzzleFailed {
		changed = pp.rate(p, state == PuzzleSolved && !helped)
	}
	switch old := pp.States[id]; {
	case state != PuzzleSolved && state != PuzzleFailed, old == state, old == PuzzleSolved:
		return changed
	}
	if pp.States == nil {
		pp.States = map[string]PuzzleState{}
	}
	pp.States[id] = state
	return true
}

// rate rates p's first attempt, won or lost: the person and the puzzle, one game between them.
// A puzzle tried before (rated, or kept solved or failed by an older progress) or not of a
// collection rates nothing; it reports whether anything was rated.
func (pp *PuzzleProgress) rate(p Puzzle, won bool) bool {
	id := PuzzleID(p)
	if _, ok := pp.Rated.Tries[id]; ok || !collected(p) || pp.States[id] != "" {
		return false
	}
	before := pp.Player()
	s := 0.0
	if won {
		s = 1
	}
	player, puzzle := rate(before, pp.PuzzleRating(p), s)
	if pp.Rated.Tries == nil {
		pp.Rated.Tries = map[string]PuzzleTry{}
	}
	pp.Rated.Player, pp.Rated.Last = player, id
	pp.Rated.Tries[id] = PuzzleTry{Puzzle: puzzle, Won: won, Change: player.Int() - before.Int()}
	if won {
		pp.Rated.Wins++
		pp.Rated.Streak++
		pp.Rated.Best = max(pp.Rated.Best, pp.Rated.Streak)
	} else {
		pp.Rated.Losses++
		pp.Rated.Streak = 0
	}
	return true
}

// NoteTable keeps how the puzzle on t stands (Record, with t's hint): what each front end
// does after every change of its board. It reports whether the progress changed.
func (pp *PuzzleProgress) NoteTable(t *Table) bool {
	p, state, _, ok := t.Puzzle()
	return ok && pp.Record(p, state, t.PuzzleHelped())
}

// LastChange is the change of the person's rating by the last puzzle rated, and that puzzle's
// PuzzleID; false before any.
func (pp PuzzleProgress) LastChange() (id string, change int, ok bool) {
	t, ok := pp.Rated.Tries[pp.Rated.Last]
	return pp.Rated.Last, t.Change, ok
}

// MarshalJSON writes the saved form: the states by PuzzleID, the rating under "rating".
func (pp PuzzleProgress) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, len(pp.States)+1)
	for id, st := range pp.States {
		m[id] = st
	}
	if pp.Rated.Player.RD != 0 || len(pp.Rated.Tries) > 0 {
		m[ratingKey] = pp.Rated
	}
	return json.Marshal(m)
}

// UnmarshalJSON reads a saved progress, of either form (with or without the rating). States
// other than solved and failed are dropped. A value that is not a state, or a rating that
// cannot be one, is an error: the front end sets the progress aside and starts afresh.
func (pp *PuzzleProgress) UnmarshalJSON(data []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	out := PuzzleProgress{States: map[string]PuzzleState{}}
	for id, raw := range m {
		if id == ratingKey {
			if err := json.Unmarshal(raw, &out.Rated); err != nil {
				return fmt.Errorf("the puzzles' rating: %w", err)
			}
			continue
		}
		var st PuzzleState
		if err := json.Unmarshal(raw, &st); err != nil {
			return fmt.Errorf("puzzle %q: %w", id, err)
		}
		if st == PuzzleSolved || st == PuzzleFailed {
			out.States[id] = st
		}
	}
	if err := out.Rated.check(); err != nil {
		return err
	}
	*pp = out
	return nil
}

// check finds a damaged rating: one that cannot be, or counts below zero.
func (r PuzzleRated) check() error {
	bad := errors.New("the puzzles' rating is damaged")
	if r.Player != (Rating{}) && !r.Player.valid() || r.Streak < 0 || r.Best < 0 || r.Wins < 0 || r.Losses < 0 {
		return bad
	}
	for _, t := range r.Tries {
		if !t.Puzzle.valid() {
			return bad
		}
	}
	return nil
}

// Solved counts the puzzles of list solved.
func (pp PuzzleProgress) Solved(list []Puzzle) int {
	n := 0
	for _, p := range list {
		if pp.Of(p) == PuzzleSolved {
			n++
		}
	}
	return n
}

// FindPuzzle returns the index of p in list (by PuzzleID), -1 when it is not there.
func FindPuzzle(list []Puzzle, p Puzzle) int {
	id := PuzzleID(p)
	for i, q := range list {
		if PuzzleID(q) == id {
			return i
		}
	}
	return -1
}

// FirstUnsolved is the index of the first puzzle of list not solved, -1 when every one is:
// where the list opens.
func (pp PuzzleProgress) FirstUnsolved(list []Puzzle) int {
	for i, p := range list {
		if pp.Of(p) != PuzzleSolved {
			return i
		}
	}
	return -1
}

// nextChoices is how many of the puzzles nearest the person's rating Next chooses among.
const nextChoices = 5

// HasNext reports whether NextPuzzle(list, at) has a puzzle to give: one other than at not
// solved. Boards ask it every frame to show Next, so it stops at the first it finds.
func (pp PuzzleProgress) HasNext(list []Puzzle, at int) bool {
	for i, p := range list {
		if i != at && pp.Of(p) != PuzzleSolved {
			return true
		}
	}
	return false
}

// NextPuzzle is the index of the puzzle to play after list[at] (at -1: none of the list's on
// the board): a puzzle not solved, other than list[at], whose rating is near the person's.
// Puzzles never tried come first (a failed one is tried again only when none is left: its
// retry rates nothing); among them, one of the nextChoices nearest the person's rating, chosen
// by a hash of the puzzle left and the number of puzzles rated, so that Next varies from one
// puzzle to the next but gives the same answer for the same progress. -1 when every other is
// solved.
func (pp PuzzleProgress) NextPuzzle(list []Puzzle, at int) int {
	type near struct {
		i    int
		dist float64
	}
	var fresh, failed []near
	player := pp.Player().R
	for i, p := range list {
		if i == at || pp.Of(p) == PuzzleSolved {
			continue
		}
		n := near{i, math.Abs(pp.PuzzleRating(p).R - player)}
		if _, rated := pp.Rated.Tries[PuzzleID(p)]; rated || pp.Of(p) != "" {
			failed = append(failed, n)
		} else {
			fresh = append(fresh, n)
		}
	}
	cands := fresh
	if len(cands) == 0 {
		cands = failed
	}
	if len(cands) == 0 {
		return -1
	}
	slices.SortStableFunc(cands, func(a, b near) int {
		switch {
		case a.dist < b.dist:
			return -1
		case a.dist > b.dist:
			return 1
		}
		return a.i - b.i
	})
	cands = cands[:min(nextChoices, len(cands))]
	h := fnv.New64a()
	if at >= 0 && at < len(list) {
		h.Write([]byte(PuzzleID(list[at])))
	}
	fmt.Fprintf(h, "|%d", len(pp.Rated.Tries))
	return cands[mix(h.Sum64())%uint64(len(cands))].i
}

// mix spreads a hash's bits (splitmix64's finaliser): FNV of strings alike differs little.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
