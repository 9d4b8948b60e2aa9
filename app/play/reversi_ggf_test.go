package play

import (
	"strings"
	"testing"
)

func TestReversiGGFRoundTrip(t *testing.T) {
	const text = `(;GM[Othello]PC[GGS/os]PB[alice]PW[bob]RE[?]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5//0.01]W[d6]B[c3];)`
	g, kind, err := ImportReversi(text)
	if err != nil || kind != "GGF" {
		t.Fatalf("ImportReversi: %v %q", err, kind)
	}
	if g.Len() != 3 || g.Moves()[2].String() != "c3" {
		t.Fatalf("moves %v", g.Moves())
	}
	r := newRV()
	r.Load(g)
	out := r.GGF()
	if !strings.Contains(out, "B[F5]W[D6]B[C3]") || !strings.HasPrefix(out, "(;GM[Othello]") {
		t.Errorf("GGF export %s", out)
	}
	g2, _, err := ImportReversi(out)
	if err != nil || g2.Len() != 3 {
		t.Errorf("the export does not read back: %v", err)
	}
	if _, _, err := ImportReversi("(;GM[Othello]BO[8 bad];)"); err == nil {
		t.Error("a bad GGF board was accepted")
	}
}
