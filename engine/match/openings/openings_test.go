package openings

import (
	"context"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/search"
)

func TestBuiltinLegalAndDistinct(t *testing.T) {
	ops := Builtin()
	if len(ops) < 30 {
		t.Fatalf("%d built-in openings, want at least 30", len(ops))
	}
	seen := map[string]string{}
	for _, o := range ops {
		if n := len(o.Moves); n < 2 || n > 6 {
			t.Errorf("opening %q has %d plies, want 2..6", o.Name, n)
		}
		g, err := o.Game()
		if err != nil {
			t.Error(err)
			continue
		}
		if g.Ply() != len(o.Moves) {
			t.Errorf("opening %q: %d plies played of %d", o.Name, g.Ply(), len(o.Moves))
		}
		key := g.Position().FEN()
		if other, dup := seen[key]; dup {
			t.Errorf("openings %q and %q reach the same position", other, o.Name)
		}
		seen[key] = o.Name
	}
}

// TestBuiltinBalanced: no built-in opening hands a side material (as one once did, a chariot
// left to a cannon): a depth-9 search of each scores it within ±150 centipawns.
func TestBuiltinBalanced(t *testing.T) {
	if testing.Short() {
		t.Skip("searches every opening")
	}
	s := search.New(16)
	for _, o := range Builtin() {
		g, err := o.Game()
		if err != nil {
			t.Fatal(err)
		}
		pos := g.Position()
		s.Clear()
		res := s.Search(context.Background(), pos, nil, search.Limits{Depth: 9}, nil)
		if res.Score < -150 || res.Score > 150 {
			t.Errorf("opening %q: %+d for the side to move at depth 9 (best %s)", o.Name, res.Score, res.Best)
		}
	}
}

func TestParse(t *testing.T) {
	const in = `# a comment

h2e2 h9g7
H2-E2 H7-E7 ; same-direction cannons
rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves c3c4
4k4/9/9/9/9/9/9/9/4R4/3K5 b ; a bare position
`
	ops, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Opening{
		{Name: "line 3", Moves: []string{"h2e2", "h9g7"}},
		{Name: "same-direction cannons", Moves: []string{"h2e2", "h7e7"}},
		{Name: "line 5", FEN: xiangqi.StartFEN, Moves: []string{"c3c4"}},
		{Name: "a bare position", FEN: "4k4/9/9/9/9/9/9/9/4R4/3K5 b"},
	}
	if len(ops) != len(want) {
		t.Fatalf("got %d openings %+v, want %d", len(ops), ops, len(want))
	}
	for i := range want {
		g, w := ops[i], want[i]
		if g.Name != w.Name || g.FEN != w.FEN || strings.Join(g.Moves, " ") != strings.Join(w.Moves, " ") {
			t.Errorf("opening %d = %+v, want %+v", i, g, w)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"h2e2 h2e2", "line 1"},                 // the second move is Black's, from an empty square
		{"\n\nh2e3", "line 3"},                  // not a legal move
		{"rnbakabnr/9/9 w", "line 1"},           // bad FEN
		{"h2e2 zz", "line 1"},                   // not a move
		{"# only comments\n", "no opening"},     // nothing
		{"3k5/4R4/9/9/9/9/9/9/9/4K4 b", "over"}, // Black is stalemated: already over
	}
	for _, tt := range tests {
		_, err := Parse(strings.NewReader(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) error %v, want one containing %q", tt.in, err, tt.want)
		}
	}
}
