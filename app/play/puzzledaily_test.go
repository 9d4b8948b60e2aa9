package play

import (
	"testing"
	"time"
)

func TestDailyPuzzle(t *testing.T) {
	var list []Puzzle
	for i := 1; i <= 300; i++ {
		list = append(list, Puzzle{Variant: VariantXiangqi, Source: "适情雅趣", Number: i})
	}
	if got := DailyPuzzle(nil, "2026-12-07"); got != -1 {
		t.Errorf("no puzzles: %d", got)
	}
	// The same date, the same puzzle, whatever the order of the list.
	day := DailyPuzzle(list, "2026-12-07")
	if again := DailyPuzzle(list, "2026-12-07"); again != day || day < 0 {
		t.Fatalf("the same date: %d then %d", day, again)
	}
	rev := make([]Puzzle, len(list))
	for i, p := range list {
		rev[len(list)-1-i] = p
	}
	if got := rev[DailyPuzzle(rev, "2026-12-07")]; PuzzleID(got) != PuzzleID(list[day]) {
		t.Errorf("the list reversed gives %s, not %s", PuzzleID(got), PuzzleID(list[day]))
	}
	// A puzzle added changes the day only if it is the one chosen.
	more := append(append([]Puzzle(nil), list...), Puzzle{Variant: VariantXiangqi, Source: "梦入神机", Number: 1})
	if got := DailyPuzzle(more, "2026-12-07"); got != day && got != len(list) {
		t.Errorf("a puzzle added moved the day's from %d to %d", day, got)
	}
	// Over a year, the days vary: many puzzles, none too often, and a day never repeats the
	// day before's too often.
	seen := map[int]int{}
	same := 0
	d0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	prev := -1
	for k := range 365 {
		i := DailyPuzzle(list, DailyDate(d0.AddDate(0, 0, k)))
		seen[i]++
		if i == prev {
			same++
		}
		prev = i
	}
	most := 0
	for _, n := range seen {
		most = max(most, n)
	}
	if len(seen) < 200 || most > 6 || same > 3 {
		t.Errorf("a year of days: %d puzzles, one %d times, %d days like the day before", len(seen), most, same)
	}
}

func TestDailyDate(t *testing.T) {
	east := time.FixedZone("UTC+8", 8*3600)
	at := time.Date(2026, 12, 7, 20, 0, 0, 0, time.UTC) // 04:00 the next day in Beijing
	for _, tt := range []struct {
		t    time.Time
		want string
	}{
		{at, "2026-12-07"},
		{at.In(east), "2026-12-08"},
	} {
		if got := DailyDate(tt.t); got != tt.want {
			t.Errorf("DailyDate(%v) = %s, want %s", tt.t, got, tt.want)
		}
	}
}
