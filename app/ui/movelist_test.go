package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestMoveWindow(t *testing.T) {
	for _, tt := range []struct{ first, rows, from, to int }{
		{0, 0, 0, 0},
		{0, 5, 0, 5},
		{0, 1000, 0, 100},
		{39, 1000, 0, 100},     // within the second chunk: the window starts a chunk before it
		{40, 1000, 20, 120},    // the third chunk
		{59, 1000, 20, 120},    // scrolling within a chunk draws the same rows
		{990, 1000, 960, 1000}, // near the end: a shorter window, so that new rows add to it
		{4999, 5000, 4960, 5000},
	} {
		from, to := moveWindow(tt.first, tt.rows)
		if from != tt.from || to != tt.to {
			t.Errorf("moveWindow(%d, %d) = %d, %d, want %d, %d", tt.first, tt.rows, from, to, tt.from, tt.to)
		}
		// The rows in view (a tall list shows about 40) are drawn.
		if last := min(tt.first+40, tt.rows); tt.rows > 0 && (from > tt.first || to < last) {
			t.Errorf("moveWindow(%d, %d) = %d, %d leaves out rows in view", tt.first, tt.rows, from, to)
		}
	}
}

// entries lists the plies of the entries drawn, and the rows the two gaps stand for.
func entries(t *testing.T, html string) (plies []int, gaps []int) {
	t.Helper()
	for _, m := range regexp.MustCompile(`data-ply="(\d+)"`).FindAllStringSubmatch(html, -1) {
		n, _ := strconv.Atoi(m[1])
		plies = append(plies, n)
	}
	for _, m := range regexp.MustCompile(`calc\((\d+) \* var\(--move-row\)\)`).FindAllStringSubmatch(html, -1) {
		n, _ := strconv.Atoi(m[1])
		gaps = append(gaps, n)
	}
	return plies, gaps
}

// TestMoveListWindow: a long record draws a window of rows with gaps standing for the rest,
// the window goes to the shown entry when it is outside, stays when it is inside, and the
// rows drawn and the gaps always add up to the whole record.
func TestMoveListWindow(t *testing.T) {
	texts := make([]string, 10_002)
	for i := range texts {
		texts[i] = "m" + strconv.Itoa(i+1)
	}
	l := newMoveList()
	for _, tt := range []struct {
		name            string
		shown           int
		blackFirst      bool
		first, last     int // the first and last ply drawn
		gapTop, gapDown int
	}{
		{"at the end", 10_000, false, 9841, 10_000, 4920, 0},
		{"a move inside the window", 9900, false, 9841, 10_000, 4920, 0},
		{"two moves played: rows added, the window stays", 10_002, false, 9841, 10_002, 4920, 0},
		{"back to the end", 10_000, false, 9841, 10_000, 4920, 0},
		{"the start", 0, false, 1, 200, 0, 4900},
		{"the middle", 5001, false, 4881, 5080, 2440, 2460},
		{"Black first", 5001, true, 4880, 5079, 2440, 2461},
	} {
		record := texts[:max(10_000, tt.shown)]
		html := appHTML(l.WithRecord(record, len(record), tt.shown, tt.blackFirst))
		plies, gaps := entries(t, html)
		if len(plies) == 0 || plies[0] != tt.first || plies[len(plies)-1] != tt.last {
			t.Errorf("%s: plies %d…%d drawn, want %d…%d", tt.name, plies[0], plies[len(plies)-1], tt.first, tt.last)
		}
		if len(gaps) != 2 || gaps[0] != tt.gapTop || gaps[1] != tt.gapDown {
			t.Errorf("%s: gaps %v, want [%d %d]", tt.name, gaps, tt.gapTop, tt.gapDown)
		}
		rows := strings.Count(html, `class="row"`)
		if all := l.rows(); gaps[0]+rows+gaps[1] != all {
			t.Errorf("%s: %d rows drawn and gaps %v, want %d rows in all", tt.name, rows, gaps, all)
		}
		if tt.shown > 0 && !strings.Contains(tagWith(html, `data-ply="`+strconv.Itoa(tt.shown)+`"`), `class="move current"`) {
			t.Errorf("%s: the shown entry %d is not drawn as current", tt.name, tt.shown)
		}
	}
}

// tagWith returns the first start tag in html that has attr (attributes come in any order).
func tagWith(html, attr string) string {
	for _, tag := range regexp.MustCompile(`<[a-z]+ [^>]*>`).FindAllString(html, -1) {
		if strings.Contains(tag, attr) {
			return tag
		}
	}
	return ""
}
