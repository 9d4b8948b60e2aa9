package play

import (
	"slices"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
)

func sq(t *testing.T, s string) xiangqi.Square {
	t.Helper()
	q, err := xiangqi.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func moveStrings(ms []xiangqi.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	slices.Sort(out)
	return out
}

func TestClick(t *testing.T) {
	tests := []struct {
		name     string
		clicks   []string
		selected string // "" for none
		hints    []string
		plies    int
	}{
		{"select the cannon", []string{"h2"}, "h2", []string{"h2h1", "h2h3", "h2h4", "h2h5", "h2h6", "h2h9", "h2g2", "h2f2", "h2e2", "h2d2", "h2c2", "h2i2"}, 0},
		{"move the cannon", []string{"h2", "e2"}, "", nil, 1},
		{"click the same piece again", []string{"h2", "h2"}, "", nil, 0},
		{"switch to another piece", []string{"h2", "a0"}, "a0", []string{"a0a1", "a0a2"}, 0},
		{"an illegal point clears", []string{"h2", "e5"}, "", nil, 0},
		{"an empty point selects nothing", []string{"e5"}, "", nil, 0},
		{"a black piece is not selectable", []string{"h7"}, "", nil, 0},
		{"no selection on the engine's turn", []string{"h2", "e2", "a0"}, "", nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newXQ()
			for _, c := range tt.clicks {
				m.Click(sq(t, c))
			}
			got := ""
			if m.Selected() != NoSquare {
				got = m.Selected().String()
			}
			if got != tt.selected {
				t.Errorf("selected %q, want %q", got, tt.selected)
			}
			want := slices.Clone(tt.hints)
			slices.Sort(want)
			if g := moveStrings(m.Hints()); !slices.Equal(g, want) && !(len(g) == 0 && len(want) == 0) {
				t.Errorf("hints %v, want %v", g, want)
			}
			if m.Game().Ply() != tt.plies {
				t.Errorf("ply %d, want %d", m.Game().Ply(), tt.plies)
			}
		})
	}
}

// The hints are exactly the legal moves of the piece, for every red piece at the start.
func TestHintsAreTheLegalMoves(t *testing.T) {
	pos := xiangqi.NewPosition()
	for s := xiangqi.Square(0); s < 90; s++ {
		pc := pos.At(s)
		if pc == xiangqi.NoPiece || pc.Color() != xiangqi.Red {
			continue
		}
		m := newXQ()
		m.Click(s)
		var want []xiangqi.Move
		for _, mv := range pos.LegalMoves() {
			if mv.From() == s {
				want = append(want, mv)
			}
		}
		if !slices.Equal(moveStrings(m.Hints()), moveStrings(want)) {
			t.Errorf("%s: hints %v, want %v", s, moveStrings(m.Hints()), moveStrings(want))
		}
	}
}

func play(t *testing.T, m xq, moves ...string) {
	t.Helper()
	for _, s := range moves {
		mv, err := xiangqi.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if m.PersonToMove() {
			m.Click(mv.From())
			if !m.Click(mv.To()) {
				t.Fatalf("person's move %s was not played", s)
			}
			continue
		}
		if err := m.Apply(mv); err != nil {
			t.Fatal(err)
		}
	}
}

func TestUndoRedoByFullMoves(t *testing.T) {
	tests := []struct {
		name    string
		moves   []string
		undos   int
		redos   int
		wantPly int
	}{
		{"undo a full move", []string{"h2e2", "h9g7"}, 1, 0, 0},
		{"undo before the reply", []string{"h2e2"}, 1, 0, 0},
		{"undo two full moves", []string{"h2e2", "h9g7", "b0c2", "b9c7"}, 2, 0, 0},
		{"undo one of two", []string{"h2e2", "h9g7", "b0c2", "b9c7"}, 1, 0, 2},
		{"redo a full move", []string{"h2e2", "h9g7", "b0c2", "b9c7"}, 2, 1, 2},
		{"redo only the person's move when no reply is recorded", []string{"h2e2"}, 1, 1, 1},
		{"undo at the start does nothing", nil, 1, 0, 0},
		{"redo at the end does nothing", []string{"h2e2", "h9g7"}, 0, 1, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newXQ()
			play(t, m, tt.moves...)
			for range tt.undos {
				m.Undo()
			}
			for range tt.redos {
				m.Redo()
			}
			if m.Game().Ply() != tt.wantPly {
				t.Errorf("ply %d, want %d", m.Game().Ply(), tt.wantPly)
			}
		})
	}
}

func TestNewKeepsFlip(t *testing.T) {
	m := newXQ()
	play(t, m, "h2e2", "h9g7")
	m.Flip()
	m.New()
	if m.Game().Ply() != 0 || m.Game().Len() != 0 || !m.Flipped() {
		t.Errorf("after New: ply %d len %d flipped %v", m.Game().Ply(), m.Game().Len(), m.Flipped())
	}
	if m.Position().FEN() != xiangqi.StartFEN {
		t.Errorf("after New: %s", m.Position().FEN())
	}
}

func TestResult(t *testing.T) {
	tests := []struct {
		name, fen, moves, want string
	}{
		{"ongoing", xiangqi.StartFEN, "", ""},
		{"checkmate", "3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1", "", "Red wins: Black is checkmated"},
		{"stalemate loses", "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", "", "Red wins: Black has no legal move"},
		{"threefold repetition", xiangqi.StartFEN, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9", "Draw: the same position three times"},
		{"perpetual check loses", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9", "Black wins: Red checks perpetually"},
		{"perpetual chase loses, naming the piece", "4k4/9/n8/9/9/9/R8/9/9/3K5 b - - 0 1", "a7b9 a3b3 b9a7 b3a3 a7b9 a3b3 b9a7 b3a3", "Black wins: Red chased the unprotected horse perpetually"},
		{"chasing a protected piece is no chase", "r3k4/9/n8/9/9/9/R8/9/9/3K5 b - - 0 1", "a7b9 a3b3 b9a7 b3a3 a7b9 a3b3 b9a7 b3a3", "Draw: the same position three times"},
		{"insufficient material", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "", "Draw: neither side can cross the river"},
		{"60-move rule", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 119 80", "a0a1", "Draw: 60 moves without a capture"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := restoreXQ(Saved{Version: SavedVersion, Start: tt.fen, Moves: tt.moves, Ply: len(strings.Fields(tt.moves))})
			if err != nil {
				t.Fatal(err)
			}
			if got := m.Result(); got != tt.want {
				t.Errorf("Result() = %q, want %q", got, tt.want)
			}
			if over := tt.want != ""; over != m.Over() {
				t.Errorf("Over() = %v, want %v", m.Over(), over)
			}
			if tt.want != "" {
				// Whoever is to move, nobody may: not the person, not the engine.
				m.SetTwoPlayer()
				if m.EngineToMove() || m.PersonToMove() || m.EngineLines() != nil || m.MoveNow() != nil || m.RequestHint() {
					t.Errorf("game over but engine to move %v, person to move %v", m.EngineToMove(), m.PersonToMove())
				}
			}
		})
	}
}

func TestSaveRestore(t *testing.T) {
	m := newXQ()
	play(t, m, "h2e2", "h9g7", "b0c2", "b9c7")
	m.Undo()
	m.Flip()
	s := m.Save()
	if s.Moves != "h2e2 h9g7 b0c2 b9c7" || s.Ply != 2 || s.Start != xiangqi.StartFEN || !s.Flipped {
		t.Fatalf("Save() = %+v", s)
	}
	r, err := restoreXQ(s)
	if err != nil {
		t.Fatal(err)
	}
	if r.Position().FEN() != m.Position().FEN() || r.Game().Len() != 4 || !r.Flipped() || !r.Redo() || r.Game().Ply() != 4 {
		t.Errorf("restored %+v differs", r.Save())
	}
}

func TestRestoreRejectsBadData(t *testing.T) {
	good := Saved{Version: SavedVersion, Start: xiangqi.StartFEN, Moves: "h2e2 h9g7", Ply: 2}
	tests := []struct {
		name   string
		change func(*Saved)
		want   string
	}{
		{"zero value", func(s *Saved) { *s = Saved{} }, "version"},
		{"other version", func(s *Saved) { s.Version = 99 }, "version"},
		{"bad FEN", func(s *Saved) { s.Start = "not a fen" }, "start position"},
		{"empty FEN", func(s *Saved) { s.Start = "" }, "start position"},
		{"garbage move", func(s *Saved) { s.Moves = "h2e2 zz" }, `move 2 "zz"`},
		{"illegal move", func(s *Saved) { s.Moves = "h2e2 h2e2" }, `move 2 "h2e2"`},
		{"ply too large", func(s *Saved) { s.Ply = 3 }, "ply 3"},
		{"negative ply", func(s *Saved) { s.Ply = -1 }, "ply -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := good
			tt.change(&s)
			m, err := restoreXQ(s)
			if err == nil || m.Table != nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("restoreXQ(%+v) = %v, %v; want an error naming %q", s, m, err, tt.want)
			}
		})
	}
}
