package play

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"qipan/app/engineclient"
	"qipan/app/sound"
	"qipan/engine/reversi"
)

const (
	rvVariant = "setoption name UCI_Variant value reversi"
	rvLevel6  = "setoption name Skill Level value 6"
	rvOneLine = "setoption name MultiPV value 1"  // the engine's own move: its best line
	rvAllMove = "setoption name MultiPV value 64" // a hint: every move scored
	// passAfter is a game in which, after White's next move h4, Black has no move.
	passAfter = "e6f4c3e7f5g6g3f3f7d7h5c6c7h7g5d3c5g4h3f6e3h2g2d6h6"
)

func rvSquare(t *testing.T, s string) reversi.Square {
	t.Helper()
	m, err := reversi.ParseMove(s)
	if err != nil || m.Square() == reversi.NoSquare {
		t.Fatalf("square %q: %v", s, err)
	}
	return m.Square()
}

func rvClick(t *testing.T, r rv, moves ...string) {
	t.Helper()
	for _, s := range moves {
		if !r.Click(rvSquare(t, s)) {
			t.Fatalf("click %s refused in %v", s, r.Position())
		}
	}
}

func squareStrings(sqs []reversi.Square) []string {
	var out []string
	for _, s := range sqs {
		out = append(out, s.String())
	}
	slices.Sort(out)
	return out
}

func TestReversiStartAndMove(t *testing.T) {
	r := newRV()
	if got := squareStrings(r.Hints()); !slices.Equal(got, []string{"c4", "d3", "e6", "f5"}) {
		t.Errorf("start hints %v", got)
	}
	if b, w := r.Counts(); b != 2 || w != 2 {
		t.Errorf("start counts %d-%d", b, w)
	}
	if r.Click(rvSquare(t, "a1")) || r.Game().Ply() != 0 {
		t.Error("an illegal click was played")
	}
	rvClick(t, r, "f5")
	if b, w := r.Counts(); b != 4 || w != 1 || r.Position().Turn != reversi.White {
		t.Errorf("after f5: %d-%d, %v to move", b, w, r.Position().Turn)
	}
	if r.PersonToMove() || r.Hints() != nil || r.Click(rvSquare(t, "f4")) {
		t.Error("the person may move on the computer's turn")
	}
	expectLines(t, "engine's turn", r.EngineLines(), rvVariant, rvLevel6, rvOneLine, "position startpos moves f5", engineclient.DefaultGo)
	send, moved, err := r.EngineSaid("bestmove f4")
	if err != nil || !moved {
		t.Fatalf("bestmove f4: moved %v err %v", moved, err)
	}
	expectLines(t, "after the reply", send)
	if r.Transcript() != "f5f4" || !r.PersonToMove() || r.LastMove().String() != "f4" || r.LastSound() != sound.Move {
		t.Errorf("after the reply: %q, person %v, last %v", r.Transcript(), r.PersonToMove(), r.LastMove())
	}
	rvClick(t, r, "e3")
	expectLines(t, "next search: no variant line again", r.EngineLines(), rvLevel6, rvOneLine, "position startpos moves f5 f4 e3", engineclient.DefaultGo)
}

func TestReversiEngineBadReplies(t *testing.T) {
	for _, line := range []string{"bestmove a1", "bestmove zz", "bestmove pass", "bestmove (none)"} {
		r := newRV()
		rvClick(t, r, "f5")
		r.EngineLines()
		send, moved, err := r.EngineSaid(line)
		if moved || send != nil || err == nil || r.Client.Failed() == "" || r.Game().Ply() != 1 {
			t.Errorf("%q: moved %v send %v err %v failed %q ply %d", line, moved, send, err, r.Client.Failed(), r.Game().Ply())
		}
	}
}

func TestReversiForcedPass(t *testing.T) {
	g, kind, err := ImportReversi(passAfter)
	if err != nil || kind != "transcript" {
		t.Fatalf("import: %v %s", err, kind)
	}
	r := newRV()
	r.SetHuman(reversi.White)
	r.Load(g)
	if !r.PersonToMove() {
		t.Fatal("not White's turn")
	}
	rvClick(t, r, "h4")
	if r.Passed() != "Black has no move and passes" || r.LastMove() != reversi.Pass || !r.PersonToMove() || r.LastSound() != sound.Check {
		t.Fatalf("after h4: passed %q, last %v, person %v", r.Passed(), r.LastMove(), r.PersonToMove())
	}
	if r.Game().Ply() != 27 || r.MoveTexts("")[26] != "pass" {
		t.Errorf("ply %d, record %v", r.Game().Ply(), r.MoveTexts(""))
	}
	expectLines(t, "the computer passed: no search", r.EngineLines())
	if !r.Undo() || r.Game().Ply() != 25 {
		t.Errorf("undo over the pass: ply %d, want 25", r.Game().Ply())
	}
	if !r.Redo() || r.Game().Ply() != 27 {
		t.Errorf("redo over the pass: ply %d, want 27", r.Game().Ply())
	}
	// The computer's pass when it plays Black: the person's move, then the engine's, then the
	// person's pass is played at once and the engine moves again.
	r = newRV()
	g, _, _ = ImportReversi(passAfter)
	r.Load(g)
	r.SetHuman(reversi.Black)
	r.EngineLines()
	send, moved, err := r.EngineSaid("bestmove h4")
	if !moved || err != nil {
		t.Fatalf("engine h4: %v %v", moved, err)
	}
	if r.LastMove() != reversi.Pass || !r.EngineToMove() || r.Passed() != "Black has no move and passes" {
		t.Errorf("the person's pass: last %v, engine to move %v", r.LastMove(), r.EngineToMove())
	}
	expectLines(t, "the engine moves again", send, rvLevel6, rvOneLine, "position startpos moves "+spaced(passAfter)+" h4 pass", engineclient.DefaultGo)
}

// spaced writes a transcript's moves apart: "f5d6" -> "f5 d6".
func spaced(tr string) string {
	var out []string
	for i := 0; i+2 <= len(tr); i += 2 {
		out = append(out, tr[i:i+2])
	}
	return strings.Join(out, " ")
}

func TestReversiUndoRedo(t *testing.T) {
	r := newRV()
	if r.CanUndo() || r.CanRedo() {
		t.Error("undo/redo at the start")
	}
	rvClick(t, r, "f5")
	r.EngineLines()
	r.EngineSaid("bestmove f4")
	rvClick(t, r, "e3")
	r.EngineLines()
	// Undo while the engine thinks: back to the person's move, the search stopped and dropped.
	if !r.Undo() || r.Transcript() != "f5f4" {
		t.Fatalf("undo while thinking: %q", r.Transcript())
	}
	expectLines(t, "stop", r.EngineLines(), "stop")
	if _, moved, _ := r.EngineSaid("bestmove f6"); moved || r.Transcript() != "f5f4" {
		t.Errorf("the stale move was played: %q", r.Transcript())
	}
	if !r.Undo() || r.Game().Ply() != 0 || r.Game().Len() != 3 || !r.CanRedo() {
		t.Errorf("undo a full move: ply %d len %d", r.Game().Ply(), r.Game().Len())
	}
	if !r.Redo() || r.Transcript() != "f5f4" {
		t.Errorf("redo: %q", r.Transcript())
	}
	// Playing as White: the computer opens, Undo cannot take back its first move.
	r.SetHuman(reversi.White)
	r.New()
	if !r.EngineToMove() || r.CanUndo() {
		t.Error("as White: the engine must open, nothing to undo")
	}
	r.SetTwoPlayer()
	rvClick(t, r, "f5", "f6")
	if !r.Undo() || r.Transcript() != "f5" || r.EngineLines() != nil {
		t.Errorf("two players: undo one ply: %q", r.Transcript())
	}
}

func TestReversiReviewAndHint(t *testing.T) {
	r := newRV()
	rvClick(t, r, "f5")
	r.EngineLines()
	r.EngineSaid("bestmove f4")
	if !r.Review(1) || r.ShownPly() != 1 || r.Hints() != nil || r.Click(rvSquare(t, "e3")) {
		t.Error("review: the board takes moves or shows no earlier ply")
	}
	if !r.BackToGame() || r.Reviewing() {
		t.Error("back to game")
	}
	if !r.RequestHint() {
		t.Fatal("hint refused")
	}
	expectLines(t, "hint", r.EngineLines(), "setoption name Skill Level value 10", rvAllMove, "position startpos moves f5 f4", HintGo)
	if _, moved, err := r.EngineSaid("bestmove e3"); moved || err != nil {
		t.Fatalf("hint answer: %v %v", moved, err)
	}
	if mv, ok := r.HintMove(); !ok || mv.String() != "e3" {
		t.Errorf("hint %v %v", mv, ok)
	}
	rvClick(t, r, "e3")
	if _, ok := r.HintMove(); ok {
		t.Error("the hint outlived its position")
	}
}

// One worker plays both games: switching stops the other game's search, drops its answer and
// switches the engine's variant (back too).
func TestReversiSharesTheEngineWithXiangqi(t *testing.T) {
	m := newXQ()
	r := newRV()
	r.Client = m.Client
	play(t, m, "h2e2")
	expectLines(t, "xiangqi", m.EngineLines(), lvl6, start+" moves h2e2", engineclient.DefaultGo)
	r.SetHuman(reversi.White)
	expectLines(t, "switch to reversi", r.EngineLines(), "stop")
	send, moved, err := r.EngineSaid("bestmove h9g7")
	if moved || err != nil {
		t.Fatalf("the xiangqi answer in reversi: %v %v", moved, err)
	}
	expectLines(t, "reversi starts", send, rvVariant, rvLevel6, rvOneLine, "position startpos", engineclient.DefaultGo)
	if _, moved, err := r.EngineSaid("bestmove f5"); !moved || err != nil {
		t.Fatalf("reversi move: %v %v", moved, err)
	}
	expectLines(t, "back to xiangqi", m.EngineLines(), "setoption name UCI_Variant value xiangqi", lvl6, start+" moves h2e2", engineclient.DefaultGo)
	if m.Game().Ply() != 1 {
		t.Error("xiangqi moved")
	}
}

func TestReversiResult(t *testing.T) {
	// Black to move takes the last white disc: nobody can move.
	p, err := reversi.ParseBoard("XO------" + strings.Repeat("-", 56) + " X")
	if err != nil {
		t.Fatal(err)
	}
	r := newRV()
	r.Load(reversi.NewGame(p))
	rvClick(t, r, "c1")
	if !r.Over() || r.Result() != "Black wins 3–0" || r.LastSound() != sound.End || r.EngineLines() != nil {
		t.Errorf("result %q over %v", r.Result(), r.Over())
	}
	if r.line() != "position fen "+p.String()+" moves c1" {
		t.Errorf("line %q", r.line())
	}
}

func TestReversiSaveRestore(t *testing.T) {
	r := newRV()
	r.SetHuman(reversi.White)
	r.SetTwoPlayer()
	rvClick(t, r, "f5", "f4", "e3")
	r.Undo()
	s := r.Save()
	b, _ := json.Marshal(s)
	var back Saved
	json.Unmarshal(b, &back)
	got, err := restoreReversi(back)
	if err != nil {
		t.Fatal(err)
	}
	if got.Transcript() != "f5f4" || got.Game().Len() != 3 || got.Mode() != TwoPlayer || got.Human() != int(reversi.White) {
		t.Errorf("restored %q len %d mode %v human %v", got.Transcript(), got.Game().Len(), got.Mode(), got.Human())
	}
	if _, err := restoreXQ(s); err == nil {
		t.Error("a reversi save was read as Xiangqi")
	}
	bad := []struct {
		name string
		edit func(*Saved)
		want string
	}{
		{"xiangqi save", func(s *Saved) { s.Game = "" }, "game"},
		{"version", func(s *Saved) { s.Version = 7 }, "version"},
		{"board", func(s *Saved) { s.Start = "XO- X" }, "start position"},
		{"illegal move", func(s *Saved) { s.Moves = "f5 a1" }, `move 2 "a1"`},
		{"unreadable move", func(s *Saved) { s.Moves = "f5 zz" }, `move 2 "zz"`},
		{"ply", func(s *Saved) { s.Ply = 4 }, "ply 4"},
		{"side", func(s *Saved) { s.Human = "w" }, "side"},
	}
	for _, tt := range bad {
		s := r.Save()
		tt.edit(&s)
		if got, err := restoreReversi(s); got.Table != nil || err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error naming %q", tt.name, err, tt.want)
		}
	}
}

func TestImportReversi(t *testing.T) {
	start := reversi.NewPosition().String()
	good := []struct{ text, kind, transcript, start string }{
		{"f5d6c3", "transcript", "f5d6c3", start},
		{"1. f5 2. D6 3. c3", "transcript", "f5d6c3", start},
		{start, "board", "", start},
		{"position fen " + start + " moves f5 d6", "board", "f5d6", start},
		{passAfter + "h4", "transcript", passAfter + "h4", start},
	}
	for _, tt := range good {
		g, kind, err := ImportReversi(tt.text)
		if err != nil {
			t.Errorf("%q: %v", tt.text, err)
			continue
		}
		if kind != tt.kind || reversi.Transcript(g.Moves()) != tt.transcript || g.Start().String() != tt.start {
			t.Errorf("%q: %s %q from %s", tt.text, kind, reversi.Transcript(g.Moves()), g.Start())
		}
	}
	bad := []struct{ text, want string }{
		{"", "nothing to import"},
		{"f5a1", "move 2 a1 is illegal"},
		{"f5q9", `bad move "q9"`},
		{strings.Repeat("-", 60), "60 cells"},
		{start[:64] + " Z", `side to move "z"`},
	}
	for _, tt := range bad {
		if _, _, err := ImportReversi(tt.text); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v, want an error naming %q", tt.text, err, tt.want)
		}
	}
}

// restoreReversi is the Reversi game kept in s, as RestoreTable restores it.
func restoreReversi(s Saved) (rv, error) {
	r := newRV()
	if err := r.Table.Restore(s); err != nil {
		return rv{}, err
	}
	return r, nil
}
