package play

import (
	"slices"
	"strings"
	"testing"

	"qipan/app/i18n"
	"qipan/engine/xiangqi"
)

// at is the square named s, as Board numbers it.
func at(s string) int {
	q, err := xiangqi.ParseSquare(s)
	if err != nil {
		panic(err)
	}
	return int(q)
}

func TestBoardCells(t *testing.T) {
	for _, tc := range []struct {
		name     string
		b        *Table
		flip     bool
		col, row int
		want     byte
	}{
		{"xiangqi top-left", NewTable(VariantXiangqi), false, 0, 0, 'r'},
		{"xiangqi bottom-left", NewTable(VariantXiangqi), false, 0, 9, 'R'},
		{"xiangqi red cannon", NewTable(VariantXiangqi), false, 7, 7, 'C'},
		{"xiangqi flipped top-left", NewTable(VariantXiangqi), true, 0, 0, 'R'},
		{"xiangqi flipped black general", NewTable(VariantXiangqi), true, 4, 9, 'k'},
		{"xiangqi empty", NewTable(VariantXiangqi), false, 4, 4, 0},
		{"reversi d4", NewTable(VariantReversi), false, 3, 3, 'O'},
		{"reversi e4", NewTable(VariantReversi), false, 4, 3, 'X'},
		{"reversi flipped d4 place", NewTable(VariantReversi), true, 3, 3, 'O'},
		{"reversi flipped e4 place", NewTable(VariantReversi), true, 4, 3, 'X'},
		{"reversi corner", NewTable(VariantReversi), true, 0, 0, 0},
	} {
		if tc.flip {
			tc.b.Flip()
		}
		if got := tc.b.Piece(tc.b.Cell(tc.col, tc.row)); got != tc.want {
			t.Errorf("%s: piece at (%d,%d) = %q, want %q", tc.name, tc.col, tc.row, got, tc.want)
		}
	}
	// Flipping twice maps every place back to itself, and Cell is one-to-one.
	for _, v := range []string{VariantXiangqi, VariantReversi} {
		b := NewTable(v)
		cols, rows := b.Dims()
		seen := map[int]bool{}
		for r := range rows {
			for c := range cols {
				s := b.Cell(c, r)
				if seen[s] {
					t.Fatalf("%s: square %d shown twice", v, s)
				}
				seen[s] = true
			}
		}
		if len(seen) != cols*rows {
			t.Errorf("%s: %d squares for a %d×%d grid", v, len(seen), cols, rows)
		}
	}
}

// TestBoardPlay drives both games through the interface alone: select, targets, a move, the
// engine's reply from a bestmove line, last move, record, undo/redo, review.
func TestBoardPlay(t *testing.T) {
	for _, tc := range []struct {
		variant     string
		pick, to    int // the person's click(s): pick -1 for none
		reply       string
		wantTargets int // targets after the pick (or at the start, for Reversi)
		replyTo     int
		texts       []string
	}{
		{VariantXiangqi, at("h2"), at("e2"), "bestmove h9g7", 12, at("g7"), []string{"炮二平五", "马８进７"}},
		{VariantReversi, -1, 37 /* f5 */, "bestmove d6", 4, 43, []string{"f5", "d6"}},
	} {
		b := NewTable(tc.variant)
		e := b.Client
		b.EngineSaid("info string ready")
		if !e.Ready() {
			t.Fatalf("%s: not ready after the ready line", tc.variant)
		}
		if tc.pick >= 0 {
			if !b.Draggable(tc.pick) {
				t.Errorf("%s: the person's piece is not draggable", tc.variant)
			}
			if b.Click(tc.pick) || b.Selected() != tc.pick {
				t.Fatalf("%s: click on %d did not select it", tc.variant, tc.pick)
			}
		}
		if got := len(b.Targets()); got != tc.wantTargets {
			t.Errorf("%s: %d targets, want %d", tc.variant, got, tc.wantTargets)
		}
		if !slices.Contains(b.Targets(), tc.to) {
			t.Fatalf("%s: %d is not a target: %v", tc.variant, tc.to, b.Targets())
		}
		if !b.Click(tc.to) {
			t.Fatalf("%s: the move to %d was not played", tc.variant, tc.to)
		}
		if _, to := b.LastMove(); to != tc.to {
			t.Errorf("%s: last move to %d, want %d", tc.variant, to, tc.to)
		}
		send := b.EngineLines()
		if len(send) < 2 || !strings.HasPrefix(send[len(send)-1], "go movetime") {
			t.Fatalf("%s: engine lines %q, want a search", tc.variant, send)
		}
		if s := StatusText(i18n.English, b); s != "Computer is thinking…" {
			t.Errorf("%s: status %q while the engine searches", tc.variant, s)
		}
		if _, moved, err := b.EngineSaid(tc.reply); !moved || err != nil {
			t.Fatalf("%s: reply %q: moved %v, %v", tc.variant, tc.reply, moved, err)
		}
		if _, to := b.LastMove(); to != tc.replyTo {
			t.Errorf("%s: reply to %d, want %d", tc.variant, to, tc.replyTo)
		}
		if got := b.MoveTexts(Chinese); !slices.Equal(got, tc.texts) {
			t.Errorf("%s: move texts %q, want %q", tc.variant, got, tc.texts)
		}
		if !strings.HasPrefix(StatusText(i18n.English, b), "Your move (") {
			t.Errorf("%s: status %q after the reply", tc.variant, StatusText(i18n.English, b))
		}
		if !b.CanUndo() || !b.Undo() || b.Ply() != 0 || b.Len() != 2 {
			t.Fatalf("%s: undo: ply %d len %d", tc.variant, b.Ply(), b.Len())
		}
		if !b.Redo() || b.Ply() != 2 {
			t.Fatalf("%s: redo: ply %d", tc.variant, b.Ply())
		}
		if !b.Review(1) || !b.Reviewing() || b.ShownPly() != 1 {
			t.Fatalf("%s: review 1: shown %d", tc.variant, b.ShownPly())
		}
		if !strings.HasPrefix(StatusText(i18n.English, b), "Reviewing move 1, ") {
			t.Errorf("%s: status %q while reviewing", tc.variant, StatusText(i18n.English, b))
		}
		if !b.BackToGame() || b.Reviewing() {
			t.Errorf("%s: back to game", tc.variant)
		}
	}
}

func TestBoardSaveRestore(t *testing.T) {
	for _, v := range []string{VariantXiangqi, VariantReversi} {
		b := NewTable(v)
		b.SetTwoPlayer()
		b.Flip()
		first := b.Targets()
		if v == VariantXiangqi {
			b.Click(at("h2"))
			first = b.Targets()
		}
		b.Click(first[0])
		s := b.Save()
		got, err := RestoreTable(s)
		if err != nil {
			t.Fatalf("%s: restore: %v", v, err)
		}
		if got.Variant() != v || !got.Flipped() || got.Mode() != TwoPlayer || got.Ply() != 1 {
			t.Errorf("%s: restored %s flipped %v mode %v ply %d", v, got.Variant(), got.Flipped(), got.Mode(), got.Ply())
		}
		s.Moves = "zz9"
		if _, err := RestoreTable(s); err == nil {
			t.Errorf("%s: a bad saved move restored", v)
		}
	}
}

// TestBoardExportImport writes each export of a game after two moves and reads it back
// through Import, except the position-only ones which read back as the same position.
func TestBoardExportImport(t *testing.T) {
	for _, v := range []string{VariantXiangqi, VariantReversi} {
		b := NewTable(v)
		b.SetTwoPlayer()
		for range 2 {
			if v == VariantXiangqi {
				for sq := range 90 {
					if b.Draggable(sq) {
						b.Click(sq)
						break
					}
				}
			}
			b.Click(b.Targets()[0])
		}
		want := b.Piece
		for _, ex := range b.Exports() {
			text, err := ex.Write(WXF)
			if err != nil {
				t.Fatalf("%s %s: %v", v, ex.Name, err)
			}
			c := NewTable(v)
			if _, _, err := c.Import(text); err != nil {
				t.Fatalf("%s %s: import %q: %v", v, ex.Name, text, err)
			}
			for s := range 64 {
				if c.Piece(s) != want(s) {
					t.Errorf("%s %s: %q reads back with %q on %d, want %q", v, ex.Name, text, c.Piece(s), s, want(s))
					break
				}
			}
		}
		c := NewTable(v)
		if _, _, err := c.Import("nonsense ]]"); err == nil {
			t.Errorf("%s: nonsense imported", v)
		}
	}
}

func TestMoveRows(t *testing.T) {
	texts := []string{"a", "b", "c"}
	for _, tc := range []struct {
		second bool
		want   []string
	}{
		{false, []string{"1. a b", "2. c"}},
		{true, []string{"1. … a", "2. b c"}},
	} {
		var got []string
		for _, r := range MoveRows(texts, tc.second) {
			got = append(got, r.String(texts))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("second first %v: %q, want %q", tc.second, got, tc.want)
		}
	}
}

func TestReversiBoardMoveNow(t *testing.T) {
	b := NewTable(VariantReversi)
	lines := b.MoveNow() // the person's turn: the sides swap and the engine plays Black
	if b.Human() != 1 || len(lines) == 0 || !b.Client.Thinking() {
		t.Fatalf("move now: human %d, lines %q", b.Human(), lines)
	}
	if got := b.MoveNow(); !slices.Equal(got, []string{"stop"}) {
		t.Errorf("move now while thinking: %q, want stop", got)
	}
	// Two players: the engine plays the side to move, once, as in Xiangqi.
	two := NewTable(VariantReversi)
	two.SetTwoPlayer()
	if got := two.MoveNow(); len(got) == 0 || !two.EngineToMove() || two.Human() != 0 {
		t.Errorf("move now in two-player Reversi: %q, engine to move %v", got, two.EngineToMove())
	}
}

func TestBoardSquareNames(t *testing.T) {
	for _, tc := range []struct {
		variant string
		name    string
		ok      bool
	}{
		{VariantXiangqi, "a0", true}, {VariantXiangqi, "i9", true}, {VariantXiangqi, "h2", true},
		{VariantXiangqi, "j0", false}, {VariantXiangqi, "a10", false}, {VariantXiangqi, "", false},
		{VariantReversi, "a1", true}, {VariantReversi, "h8", true}, {VariantReversi, "f5", true},
		{VariantReversi, "a0", false}, {VariantReversi, "pass", false}, {VariantReversi, "i1", false},
	} {
		b := NewTable(tc.variant)
		sq, ok := b.ParseSquare(tc.name)
		if ok != tc.ok {
			t.Errorf("%s ParseSquare(%q) ok = %v, want %v", tc.variant, tc.name, ok, tc.ok)
			continue
		}
		if ok && b.SquareName(sq) != tc.name {
			t.Errorf("%s SquareName(ParseSquare(%q)) = %q", tc.variant, tc.name, b.SquareName(sq))
		}
	}
}

func TestBoardMover(t *testing.T) {
	x := NewTable(VariantXiangqi)
	x.SetTwoPlayer()
	for _, name := range [][2]string{{"h2", "e2"}, {"h9", "g7"}, {"b2", "c2"}} {
		x.Click(at(name[0]))
		if !x.Click(at(name[1])) {
			t.Fatalf("%v not played", name)
		}
	}
	for ply, want := range map[int]int{1: 0, 2: 1, 3: 0} {
		if got := x.Mover(ply); got != want {
			t.Errorf("xiangqi Mover(%d) = %d, want %d", ply, got, want)
		}
	}
	// Black passes after White's h4 (ply 26): ply 27 is Black's pass, ply 28 White's move.
	g, _, err := ImportReversi(passAfter)
	if err != nil {
		t.Fatal(err)
	}
	rg := newRV()
	r := rg.Table
	rg.SetTwoPlayer()
	rg.Load(g)
	if !r.Click(at4(t, "h4")) {
		t.Fatal("h4 not played")
	}
	for ply, want := range map[int]int{1: 0, 2: 1, 26: 1, 27: 0} {
		if got := r.Mover(ply); got != want {
			t.Errorf("reversi Mover(%d) = %d, want %d", ply, got, want)
		}
	}
}

// at4 is the Reversi square named s.
func at4(t *testing.T, s string) int {
	sq, ok := NewTable(VariantReversi).ParseSquare(s)
	if !ok {
		t.Fatalf("no square %q", s)
	}
	return sq
}

// TestSalvageTable: a save with a bad move keeps the moves before it, at the saved ply where
// that is among them; a whole save is restored as it is; a bad start keeps nothing.
func TestSalvageTable(t *testing.T) {
	for _, tc := range []struct {
		name      string
		s         Saved
		kept, ply int
		whole     bool
		none      bool
	}{
		{"whole", Saved{Version: 1, Start: xiangqi.StartFEN, Moves: "h2e2 h9g7 b0c2", Ply: 3}, 3, 3, true, false},
		{"bad third move", Saved{Version: 1, Start: xiangqi.StartFEN, Moves: "h2e2 h9g7 h2h9 b0c2", Ply: 4}, 2, 2, false, false},
		{"bad move after the saved ply", Saved{Version: 1, Start: xiangqi.StartFEN, Moves: "h2e2 h9g7 zz", Ply: 1}, 2, 1, false, false},
		{"ply out of range", Saved{Version: 1, Start: xiangqi.StartFEN, Moves: "h2e2", Ply: 9}, 1, 1, false, false},
		{"reversi bad move", Saved{Version: 1, Game: VariantReversi, Start: newRV().Save().Start, Moves: "f5 d6 a1", Ply: 3}, 2, 2, false, false},
		{"bad start", Saved{Version: 1, Start: "not a fen", Moves: "h2e2", Ply: 1}, 0, 0, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, kept, err := SalvageTable(tc.s)
			if tc.none {
				if b != nil || err == nil {
					t.Fatalf("got a board (%v)", err)
				}
				return
			}
			if b == nil {
				t.Fatalf("no board: %v", err)
			}
			if (err == nil) != tc.whole || kept != tc.kept || b.Len() != tc.kept || b.Ply() != tc.ply {
				t.Errorf("kept %d (len %d, ply %d), err %v; want %d moves at ply %d, whole %v", kept, b.Len(), b.Ply(), err, tc.kept, tc.ply, tc.whole)
			}
		})
	}
}

// TestReviewText: the review counts as the move list numbers its rows.
func TestReviewText(t *testing.T) {
	b := NewTable(VariantXiangqi)
	b.SetTwoPlayer()
	if _, _, err := b.Import(xiangqi.StartFEN + " moves h2e2 h9g7 b0c2 b9c7 h0g2"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ply  int
		want string
	}{
		{0, "Reviewing the start · the game is at move 3"},
		{1, "Reviewing move 1, Red · the game is at move 3"},
		{2, "Reviewing move 1, Black · the game is at move 3"},
		{4, "Reviewing move 2, Black · the game is at move 3"},
	} {
		b.Review(tc.ply)
		if got := ReviewText(i18n.English, b); got != tc.want {
			t.Errorf("ply %d: %q, want %q", tc.ply, got, tc.want)
		}
	}
	for ply, want := range map[int]int{1: 1, 2: 1, 3: 2, 4: 2, 5: 3} {
		if got := MoveNumber(ply, false); got != want {
			t.Errorf("MoveNumber(%d, false) = %d, want %d", ply, got, want)
		}
		if got := MoveNumber(ply, true); got != ply/2+1 {
			t.Errorf("MoveNumber(%d, true) = %d, want %d", ply, got, ply/2+1)
		}
	}
}
