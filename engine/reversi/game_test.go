package reversi

import "testing"

func TestGameUndoRedo(t *testing.T) {
	g := NewGame(nil)
	moves, err := ParseTranscript(NewPosition(), "f5d6c3d3c4")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Play(Move(0)); err == nil {
		t.Fatal("a1 accepted")
	}
	if g.Ply() != 5 || g.Len() != 5 {
		t.Fatalf("ply %d len %d", g.Ply(), g.Len())
	}
	after5 := g.Position().String()
	if !g.Undo() || !g.Undo() || g.Ply() != 3 || g.Len() != 5 {
		t.Fatalf("undo: ply %d len %d", g.Ply(), g.Len())
	}
	if g.Position().String() != g.PositionAt(3).String() {
		t.Fatal("Position != PositionAt(Ply)")
	}
	if !g.Redo() || !g.Redo() || g.Redo() {
		t.Fatal("redo")
	}
	if g.Position().String() != after5 {
		t.Fatal("redo did not restore the position")
	}
	g.Undo()
	g.Undo()
	// replaying the recorded move keeps the redo tail; another move drops it
	if err := g.Play(moves[3]); err != nil || g.Len() != 5 {
		t.Fatalf("replaying the recorded move: %v, len %d", err, g.Len())
	}
	g.Undo()
	alt := g.Position().LegalMoves()
	var other Move = NoMove
	for _, m := range alt {
		if m != moves[3] {
			other = m
		}
	}
	if err := g.Play(other); err != nil || g.Len() != 4 || g.Ply() != 4 {
		t.Fatalf("new branch: %v, len %d ply %d", err, g.Len(), g.Ply())
	}
	if g.PositionAt(0).String() != g.Start().String() || g.PositionAt(5) != nil || g.PositionAt(-1) != nil {
		t.Fatal("PositionAt bounds")
	}
	for g.Undo() {
	}
	if g.Ply() != 0 || g.Position().String() != Start().String() {
		t.Fatal("undo to start")
	}
}

func TestGameEnd(t *testing.T) {
	// One of the shortest games (9 moves): white is wiped out.
	moves, err := ParseTranscript(NewPosition(), "d3c3b3d2e1d6d7e3f4")
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(nil)
	for _, m := range moves {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if g.Status() != Over || g.Outcome() != BlackWins || g.Score() != 64 {
		t.Fatalf("status %v outcome %v score %d", g.Status(), g.Outcome(), g.Score())
	}
}
