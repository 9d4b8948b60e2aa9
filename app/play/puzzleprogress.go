package play

import (
	"strconv"
	"strings"
)

// The person's progress through the puzzles: which were solved and which failed, kept between
// visits by each front end (the page's localStorage). A puzzle of a collection is known by its
// collection and number, one opened from a link by its position.

// PuzzleProgress is what became of each puzzle tried, by PuzzleID: PuzzleSolved or
// PuzzleFailed (a puzzle not tried is absent).
type PuzzleProgress map[string]PuzzleState

// PuzzleID names p in a PuzzleProgress: "适情雅趣 12" for a collection's, "fen <FEN>" for one
// with no collection or number (a link's).
func PuzzleID(p Puzzle) string {
	if p.Source != "" && p.Number > 0 && p.Source != LearnSource { // an exercise is its position
		return p.Source + " " + strconv.Itoa(p.Number)
	}
	return "fen " + strings.TrimSpace(p.FEN)
}

// Of is how p stands: PuzzleSolved, PuzzleFailed, or "" when not tried.
func (pp PuzzleProgress) Of(p Puzzle) PuzzleState { return pp[PuzzleID(p)] }

// Note keeps state for p and reports whether the progress changed. Solved stays solved (a
// retry that fails again takes nothing away); failed is kept only for a puzzle not solved;
// solving (a puzzle under way) is not kept.
func (pp PuzzleProgress) Note(p Puzzle, state PuzzleState) bool {
	id := PuzzleID(p)
	switch old := pp[id]; {
	case state != PuzzleSolved && state != PuzzleFailed, old == state, old == PuzzleSolved:
		return false
	}
	pp[id] = state
	return true
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

// NextPuzzle is the index of the puzzle to play after list[at] (at -1: before the first): the
// next one in the list not solved, going round to the start; -1 when every other is solved.
func (pp PuzzleProgress) NextPuzzle(list []Puzzle, at int) int {
	n := len(list)
	for k := 1; k <= n; k++ {
		i := (at + k) % n
		if at < 0 {
			i = k - 1
		}
		if i != at && pp.Of(list[i]) != PuzzleSolved {
			return i
		}
	}
	return -1
}
