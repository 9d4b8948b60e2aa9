package xiangqi

import (
	"strings"
	"testing"
)

func mustMoves(t *testing.T, s string) []Move {
	t.Helper()
	var out []Move
	for _, f := range strings.Fields(s) {
		m, err := ParseMove(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func TestGameUndoRedo(t *testing.T) {
	g := NewGame(nil)
	line := mustMoves(t, "h2e2 h7e7 e2e6 d9e8 h0g2 h9g7")
	var fens []string
	fens = append(fens, g.Position().FEN())
	for _, m := range line {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		fens = append(fens, g.Position().FEN())
	}
	if g.Ply() != 6 || g.Len() != 6 {
		t.Fatalf("Ply, Len = %d, %d", g.Ply(), g.Len())
	}
	for ply := 0; ply <= 6; ply++ {
		if got := g.PositionAt(ply).FEN(); got != fens[ply] {
			t.Errorf("PositionAt(%d) = %s, want %s", ply, got, fens[ply])
		}
	}
	if g.PositionAt(-1) != nil || g.PositionAt(7) != nil {
		t.Error("PositionAt out of range should be nil")
	}
	for i := 5; i >= 0; i-- {
		if !g.Undo() {
			t.Fatal("Undo failed")
		}
		if g.Position().FEN() != fens[i] || g.Ply() != i || g.Len() != 6 {
			t.Fatalf("after undo to %d: %s", i, g.Position().FEN())
		}
	}
	if g.Undo() {
		t.Error("Undo at the start should fail")
	}
	for i := 1; i <= 6; i++ {
		if !g.Redo() || g.Position().FEN() != fens[i] {
			t.Fatalf("redo to %d: %s", i, g.Position().FEN())
		}
	}
	if g.Redo() {
		t.Error("Redo at the end should fail")
	}
	// A new move after undo drops the redo tail.
	g.Undo()
	g.Undo()
	if err := g.Play(mustMoves(t, "b0c2")[0]); err != nil {
		t.Fatal(err)
	}
	if g.Len() != 5 || g.Ply() != 5 || g.Redo() {
		t.Errorf("after branching: Len %d Ply %d", g.Len(), g.Ply())
	}
	if got := g.Moves(); len(got) != 5 || got[4].String() != "b0c2" {
		t.Errorf("Moves = %v", got)
	}
	// Illegal moves change nothing.
	before := g.Position().FEN()
	for _, s := range []string{"a0a5", "e9e8", "a9a5"} {
		if err := g.PlayString(s); err == nil || !strings.Contains(err.Error(), "illegal move "+s) {
			t.Errorf("PlayString(%q) error = %v", s, err)
		}
	}
	if err := g.PlayString("zz"); err == nil {
		t.Error("PlayString(zz) accepted")
	}
	if g.Position().FEN() != before || g.Len() != 5 {
		t.Error("an illegal move changed the game")
	}
	if g.Start().FEN() != StartFEN {
		t.Error("Start changed")
	}
	// The positions returned are copies.
	g.Position().Make(mustMoves(t, "a3a4")[0])
	if g.Position().FEN() != before {
		t.Error("Position() aliases the game")
	}
}

func TestGameStatus(t *testing.T) {
	p, err := ParseFEN("3k5/R8/1R7/9/9/9/9/9/9/4K4 w")
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(p)
	if g.Status() != Ongoing {
		t.Fatal(g.Status())
	}
	if err := g.PlayString("b7b9"); err != nil {
		t.Fatal(err)
	}
	if g.Status() != Checkmate {
		t.Errorf("Status = %v, want checkmate", g.Status())
	}
}
