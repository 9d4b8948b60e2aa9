package ggf

import (
	"strings"
	"testing"

	"qipan/engine/reversi"
)

const sample = `(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[Saio1200]PW[Zebra]RB[2197.00]RW[2000.00]
TI[15:00//02:00]TY[8]RE[+10.000]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]
B[f5//0.01]W[d6/-1.50/2.1]B[c3]W[d3]B[c4];)`

func TestParse(t *testing.T) {
	g, err := Parse(sample)
	if err != nil {
		t.Fatal(err)
	}
	if g.Tag("PB") != "Saio1200" || g.Tag("RE") != "+10.000" || g.Tag("TI") != "15:00//02:00" {
		t.Errorf("tags %v", g.Tags)
	}
	if got := reversi.Transcript(g.Moves); got != "f5d6c3d3c4" {
		t.Errorf("moves %q", got)
	}
	if g.Notes[1] != "-1.50/2.1" || g.Notes[0] != "/0.01" {
		t.Errorf("notes %v", g.Notes)
	}
	again, err := Parse(g.String())
	if err != nil {
		t.Fatalf("%s: %v", g.String(), err)
	}
	if again.String() != g.String() {
		t.Errorf("round trip:\n%s\n%s", g.String(), again.String())
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ in, errPart string }{
		{"", "no game"},
		{"(;GM[Othello]B[f5]", "unterminated"},
		{"(;GM[Othello]B[f4];)", "illegal"},
		{"(;GM[Othello]W[f5];)", "black's turn"},
		{"(;GM[Othello]B[z9];)", "bad move"},
		{"(;GM[Othello]BO[8 ---];)", "BO["},
		{"(;GM[Othello]PB[x;)", "missing \"]\""},
		{"(;GM[Othello]pb[x];)", "want a property"},
	}
	for _, tc := range tests {
		_, err := Parse(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.errPart) {
			t.Errorf("Parse(%q) error %v, want one containing %q", tc.in, err, tc.errPart)
		}
	}
}

// A pass left out (white playing twice) is inserted; PA is read and written.
func TestPasses(t *testing.T) {
	// Black to move cannot play here; white can (c1).
	bo := "BO[8 OX------ -------- -------- -------- -------- -------- -------- -------- *]"
	for _, in := range []string{"(;GM[Othello]" + bo + "W[c1];)", "(;GM[Othello]" + bo + "B[PA]W[c1];)"} {
		g, err := Parse(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if len(g.Moves) != 2 || g.Moves[0] != reversi.Pass {
			t.Fatalf("%s: moves %v", in, g.Moves)
		}
		if !strings.Contains(g.String(), "B[PA]W[C1]") {
			t.Errorf("written %s", g.String())
		}
		if f := g.Final(); f.Status() != reversi.Over || f.BlackScore() != -64 {
			t.Errorf("final %v", f)
		}
	}
}

func TestParseAll(t *testing.T) {
	games, err := ParseAll(sample + "\n" + sample)
	if err != nil || len(games) != 2 {
		t.Fatalf("%d games, %v", len(games), err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(sample)
	f.Add("(;GM[Othello]BO[8 OX------ -------- -------- -------- -------- -------- -------- -------- *]W[c1];)")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if err != nil {
			return
		}
		again, err := Parse(g.String())
		if err != nil || again.String() != g.String() {
			t.Fatalf("%q: written %q, read back %v", s, g.String(), err)
		}
	})
}
