package play

import (
	"hash/fnv"
	"time"
)

// The daily puzzle (每日一题): one puzzle of each game's shipped collection a day, the same for
// everyone on that date, chosen with no server from the date alone. Each puzzle of the list
// draws a number from a hash of the date and its PuzzleID; the smallest wins (rendezvous
// hashing): a puzzle added to the collection changes a day's choice only on the days it wins
// itself, and the order of the list does not matter.

// DailyDate is the date of t as the daily puzzle reads it: YYYY-MM-DD, in t's own time zone
// (the person's local date).
func DailyDate(t time.Time) string { return t.Format(time.DateOnly) }

// DailyPuzzle is the index of date's puzzle in list (date as DailyDate writes it), -1 for an
// empty list.
func DailyPuzzle(list []Puzzle, date string) int {
	best, at := uint64(0), -1
	for i, p := range list {
		h := fnv.New64a()
		h.Write([]byte(date))
		h.Write([]byte{0})
		h.Write([]byte(PuzzleID(p)))
		if v := mix(h.Sum64()); at < 0 || v < best {
			best, at = v, i
		}
	}
	return at
}
