package play

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"qipan/app/sound"
)

// ticTacToe is a third game, for the tests only: its rules alone make a Table play it, undo,
// review, save and restore it. It has no engine, no records, no selection: the Table's plain
// behaviour covers them. Like Xiangqi and Reversi it knows nothing of the Table.
type ticTacToe struct {
	review
	moves []int // the squares played, in order (the redo tail too)
	ply   int
}

func newTicTacToe() *Table { return newTable(&ticTacToe{}) }

var tttLines = [][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (g *ticTacToe) variant() string        { return "tictactoe" }
func (g *ticTacToe) dims() (cols, rows int) { return 3, 3 }
func (g *ticTacToe) cell(col, row int) int  { return (2-row)*3 + col } // a1 at the bottom left

func (g *ticTacToe) squareName(sq int) string { return string(rune('a'+sq%3)) + string(rune('1'+sq/3)) }

func (g *ticTacToe) parseSquare(name string) (int, bool) {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'c' || name[1] < '1' || name[1] > '3' {
		return -1, false
	}
	return int(name[1]-'1')*3 + int(name[0]-'a'), true
}

// board is the position after ply moves: 'X' (the first side), 'O' or 0 on each square.
func (g *ticTacToe) board(ply int) (b [9]byte) {
	for i, sq := range g.moves[:ply] {
		b[sq] = "XO"[i&1]
	}
	return b
}

func (g *ticTacToe) winner(ply int) byte {
	b := g.board(ply)
	for _, l := range tttLines {
		if b[l[0]] != 0 && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]] {
			return b[l[0]]
		}
	}
	return 0
}

func (g *ticTacToe) piece(sq int) byte { b := g.board(g.shownPly(g.ply)); return b[sq] }

func (g *ticTacToe) lastMove() (from, to int) {
	if p := g.shownPly(g.ply); p > 0 {
		return -1, g.moves[p-1]
	}
	return -1, -1
}

func (g *ticTacToe) click(sq int, mayMove bool) (bool, Refusal) {
	switch {
	case g.Over():
		return false, ""
	case !mayMove:
		return false, RefusedTurn
	case g.board(g.ply)[sq] != 0:
		return false, ""
	}
	if g.ply < len(g.moves) && g.moves[g.ply] == sq {
		g.ply++ // the recorded move again: the record stays
		return true, ""
	}
	g.moves = append(g.moves[:g.ply], sq)
	g.ply++
	return true, ""
}

func (g *ticTacToe) targets() []int {
	var out []int
	for sq, c := range g.board(g.ply) {
		if c == 0 {
			out = append(out, sq)
		}
	}
	return out
}

func (g *ticTacToe) gamePly() int       { return g.ply }
func (g *ticTacToe) gameLen() int       { return len(g.moves) }
func (g *ticTacToe) turnAt(ply int) int { return ply & 1 }
func (g *ticTacToe) seek(ply int)       { g.ply = ply }
func (g *ticTacToe) Over() bool         { return g.winner(g.ply) != 0 || g.ply == 9 }

func (g *ticTacToe) Result() string {
	switch w := g.winner(g.ply); {
	case w != 0:
		return string(w) + " wins"
	case g.ply == 9:
		return "Draw"
	}
	return ""
}

func (g *ticTacToe) restart() { g.moves, g.ply = nil, 0 }

func (g *ticTacToe) MoveTexts(Notation) []string {
	out := make([]string, len(g.moves))
	for i, sq := range g.moves {
		out[i] = g.squareName(sq)
	}
	return out
}

func (g *ticTacToe) save() Saved {
	return Saved{Version: SavedVersion, Game: g.variant(), Moves: strings.Join(g.MoveTexts(""), " "), Ply: g.ply}
}

func (g *ticTacToe) sides() [2]string { return [2]string{"x", "o"} }

func (g *ticTacToe) restore(s Saved) error {
	if s.Game != g.variant() {
		return fmt.Errorf("a game of %q, not tic-tac-toe", s.Game)
	}
	for _, name := range strings.Fields(s.Moves) {
		sq, ok := g.parseSquare(name)
		if !ok || g.board(len(g.moves))[sq] != 0 || g.winner(len(g.moves)) != 0 {
			return fmt.Errorf("move %q cannot be played", name)
		}
		g.moves = append(g.moves, sq)
	}
	if s.Ply < 0 || s.Ply > len(g.moves) {
		return fmt.Errorf("ply %d out of range", s.Ply)
	}
	g.ply = s.Ply
	return nil
}

// TestTableThirdGame: the Table plays a game it was not written for, from its rules alone.
func TestTableThirdGame(t *testing.T) {
	tab := newTicTacToe()
	tab.SetTwoPlayer()
	click := func(name string) bool {
		t.Helper()
		sq, ok := tab.ParseSquare(name)
		if !ok {
			t.Fatalf("no square %q", name)
		}
		return tab.Click(sq)
	}
	// X b2, O a1, X c3, O a3, X a2; then b2 again is refused (taken).
	for _, mv := range []string{"b2", "a1", "c3", "a3", "a2"} {
		if !click(mv) {
			t.Fatalf("%s not played", mv)
		}
	}
	if click("b2") {
		t.Fatal("a taken square was played")
	}
	if tab.Ply() != 5 || tab.Turn() != 1 || tab.Over() || tab.LastSound() != sound.Move {
		t.Fatalf("ply %d turn %d over %v sound %q", tab.Ply(), tab.Turn(), tab.Over(), tab.LastSound())
	}
	if from, to := tab.LastMove(); from != -1 || tab.SquareName(to) != "a2" || tab.Mover(5) != 0 || tab.Mover(4) != 1 {
		t.Errorf("last move %d-%d, movers %d %d", from, to, tab.Mover(5), tab.Mover(4))
	}
	// O c2, X b1, O c1, X b3: X wins on the b file (and the board is full).
	for _, mv := range []string{"c2", "b1", "c1", "b3"} {
		if !click(mv) {
			t.Fatalf("%s not played", mv)
		}
	}
	if !tab.Over() || tab.Result() != "X wins" || tab.LastSound() != sound.End || tab.PersonToMove() || len(tab.Targets()) != 0 {
		t.Fatalf("after b3: over %v %q sound %q", tab.Over(), tab.Result(), tab.LastSound())
	}

	// Review: the board shows an earlier position and takes no move; back to the game.
	if !tab.Review(1) || tab.Piece(4) != 'X' || tab.Piece(0) != 0 || click("a1") || !tab.BackToGame() {
		t.Fatalf("review of ply 1: shown %d, b2 %q a1 %q", tab.ShownPly(), tab.Piece(4), tab.Piece(0))
	}
	// Undo and redo go a ply at a time with two players; a move after undo replaces the tail.
	if !tab.Undo() || tab.Ply() != 8 || tab.Over() || !tab.CanRedo() || !tab.Redo() || tab.Ply() != 9 {
		t.Fatalf("undo/redo: ply %d", tab.Ply())
	}
	tab.Undo()
	tab.Undo()
	if !click("b3") || tab.Len() != 8 || tab.MoveTexts("")[7] != "b3" {
		t.Fatalf("a new move after undo: %v", tab.MoveTexts(""))
	}

	// Saved and restored: the same record, ply, sides and flip.
	tab.Flip()
	s := tab.Save()
	back := newTicTacToe()
	if err := back.Restore(s); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.MoveTexts(""), tab.MoveTexts("")) || back.Ply() != tab.Ply() || back.Mode() != TwoPlayer ||
		!back.Flipped() || back.Cell(0, 0) != tab.Cell(0, 0) {
		t.Errorf("restored %v at %d (mode %v, flipped %v), want %v at %d", back.MoveTexts(""), back.Ply(), back.Mode(),
			back.Flipped(), tab.MoveTexts(""), tab.Ply())
	}
	if err := newTicTacToe().Restore(Saved{Game: "tictactoe", Moves: "b2 b2"}); err == nil {
		t.Error("a save with a square played twice was restored")
	}

	// Against the computer (which this game has not got): the person plays X; on O's turn a
	// click is refused as the computer's, and Undo goes back to the person's turn.
	vs := newTicTacToe()
	vs.SetHuman(0)
	if !vs.Click(4) || vs.PersonToMove() || vs.Click(0) || vs.Refusal() != RefusedTurn {
		t.Fatalf("the computer's turn: person to move %v, refusal %q", vs.PersonToMove(), vs.Refusal())
	}
	if lines := vs.EngineLines(); lines != nil || vs.MoveNow() != nil || vs.RequestHint() {
		t.Errorf("a game without an engine asked it: %q", lines)
	}
	if !vs.Undo() || vs.Ply() != 0 || !vs.PersonToMove() {
		t.Errorf("undo against the computer: ply %d", vs.Ply())
	}
	if _, _, err := vs.Import("b2"); err == nil || len(vs.Exports()) != 0 {
		t.Errorf("a game without records imported (%v) or exports %d", err, len(vs.Exports()))
	}
	vs.New()
	if vs.Len() != 0 || vs.Selected() != -1 || vs.Check() != -1 || vs.Draggable(4) {
		t.Errorf("new game: %d moves", vs.Len())
	}

	// Through a session, as a front end plays it: a click is a move with its sound and save,
	// and no engine to ask; an action undoes it.
	ses := NewSession(newTicTacToe())
	ses.Do(ActPlayTwo)
	if e := ses.Click("b2"); !e.Moved || !e.Save || e.Sound != sound.Move || len(e.Send) != 0 {
		t.Errorf("a click through the session: %+v", e)
	}
	if e := ses.Click("b2"); e.Moved {
		t.Error("a taken square was played through the session")
	}
	if e, ok := ses.Do(ActUndo); !ok || !e.Save || ses.Table().Ply() != 0 || ses.Table().Variant() != "tictactoe" {
		t.Errorf("undo through the session: %v %+v", ok, e)
	}
}
