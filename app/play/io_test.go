package play

import (
	"strings"
	"testing"

	"qipan/engine/xiangqi"
)

func TestImport(t *testing.T) {
	tests := []struct {
		name, text, kind, fen string
		plies                 int
	}{
		{"FEN", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "FEN", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", 0},
		{"FEN with moves", "  position fen " + xiangqi.StartFEN + " moves h2e2 h9g7\n", "FEN", "", 2},
		{"ICCS list", "1. H2-E2 H9-G7\n2. B0-C2", "moves", "", 3},
		{"Chinese list", "1. 炮二平五 马８进７ 2. 马八进七", "moves", "", 3},
		{"WXF list with result", "C2.5 H8+7 H2+3 1-0", "moves", "", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, kind, err := Import(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			if kind != tt.kind || g.Ply() != tt.plies || (tt.fen != "" && g.Start().FEN() != tt.fen) {
				t.Errorf("Import = %s, %d plies from %s", kind, g.Ply(), g.Start().FEN())
			}
		})
	}
	// What MovesText writes reads back, in every notation.
	m := NewMatch()
	play(t, m, "h2e2", "h9g7", "b0c2", "b9c7", "h0g2")
	for _, n := range Notations {
		g, _, err := Import(m.MovesText(n.N))
		if err != nil || g.Position().FEN() != m.Position().FEN() {
			t.Errorf("%s: %v, %v", n.N, err, g)
		}
	}
	bad := []struct{ name, text, want string }{
		{"empty", " \n", "nothing to import"},
		{"bad FEN", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1", "rank"},
		{"illegal move", "1. H2-E2 H2-E2", `move 2 "H2-E2"`},
		{"gibberish", "hello world", `move 1 "hello"`},
		{"numbers only", "1. 2.", "no moves"},
	}
	for _, tt := range bad {
		if g, _, err := Import(tt.text); err == nil || g != nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Import = %v, %v; want an error naming %q", tt.name, g, err, tt.want)
		}
	}
}
