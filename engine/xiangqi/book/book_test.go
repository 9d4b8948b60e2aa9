package book

import (
	"math/rand/v2"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
)

// TestDefaultLegal replays every line of the embedded book (Parse checks each move's
// legality) and checks that every stored move is legal in its position, found by walking the
// book from the start.
func TestDefaultLegal(t *testing.T) {
	b := Default()
	if b.Len() < 150 {
		t.Errorf("book has %d positions, want at least 150", b.Len())
	}
	seen := map[uint64]bool{}
	var walk func(p *xiangqi.Position)
	walk = func(p *xiangqi.Position) {
		if seen[p.Key()] {
			return
		}
		seen[p.Key()] = true
		for _, e := range b.Moves(p) {
			if !p.IsLegal(e.Move) || e.Weight <= 0 {
				t.Fatalf("%s: book move %s (weight %d) is illegal", p.FEN(), e.Move, e.Weight)
			}
			q := *p
			q.Make(e.Move)
			walk(&q)
		}
	}
	walk(xiangqi.NewPosition())
	if len(seen) < b.Len() {
		t.Errorf("walked %d of the book's %d positions from the start", len(seen), b.Len())
	}
	start := b.Moves(xiangqi.NewPosition())
	if len(start) < 6 {
		t.Errorf("start position has %d book moves, want variety: %v", len(start), start)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"h2e2 h9g7", `line 1: want "weight: moves"`},
		{"0: h2e2", `line 1: want "weight: moves" with a positive weight`},
		{"# c\n3: h2e2 zz", `line 2: move "zz"`},
		{"3: h2e2 h2e2", "line 1: move 2 (h2e2) is illegal"},
		{"3:", "line 1: no moves"},
	}
	for _, tt := range tests {
		if _, err := Parse(strings.NewReader(tt.in)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q): %v, want an error containing %q", tt.in, err, tt.want)
		}
	}
}

func TestPickByWeight(t *testing.T) {
	b, err := Parse(strings.NewReader("3: h2e2 h9g7\n1: c3c4\n"))
	if err != nil {
		t.Fatal(err)
	}
	p := xiangqi.NewPosition()
	r := rand.New(rand.NewPCG(1, 2))
	counts := map[string]int{}
	for i := 0; i < 4000; i++ {
		m, ok := b.Pick(p, r, nil)
		if !ok {
			t.Fatal("no book move at the start")
		}
		counts[m.String()]++
	}
	// h2e2 and its mirror b2e2 weigh 3 each, c3c4 and g3g4 1 each: 3/8, 3/8, 1/8, 1/8.
	for m, want := range map[string]int{"h2e2": 1500, "b2e2": 1500, "c3c4": 500, "g3g4": 500} {
		if c := counts[m]; c < want*8/10 || c > want*12/10 {
			t.Errorf("%s picked %d times of 4000, want about %d (%v)", m, c, want, counts)
		}
	}
	ban := []xiangqi.Move{}
	for _, e := range b.Moves(p) {
		ban = append(ban, e.Move)
	}
	if m, ok := b.Pick(p, r, ban); ok {
		t.Errorf("every book move banned, picked %s", m)
	}
	q := *p
	q.Make(xiangqi.NewMove(xiangqi.SquareOf(0, 3), xiangqi.SquareOf(0, 4)))
	if m, ok := b.Pick(&q, r, nil); ok {
		t.Errorf("out of book, picked %s", m)
	}
}
