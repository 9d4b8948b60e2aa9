package play

import (
	"strings"
	"testing"

	"qipan/app/i18n"
	"qipan/engine/xiangqi"
)

// moveList is the record's moves (the redo tail too), in ICCS.
func moveList(m xq) string {
	var out []string
	for _, mv := range m.Game().Moves() {
		out = append(out, mv.String())
	}
	return strings.Join(out, " ")
}

// TestReplayingTheRecordedMoveFollowsIt: a move equal to the record's next one, played by the
// person or by the engine, follows the record as Redo does; nothing after it is lost.
func TestReplayingTheRecordedMoveFollowsIt(t *testing.T) {
	full := "h2e2 h9g7 b0c2 b9c7 a0a1 i9i8"
	cases := []struct {
		name string
		do   func(t *testing.T, m xq)
		ply  int
	}{
		{"undo twice, the person and the engine replay their moves", func(t *testing.T, m xq) {
			m.Undo()
			m.Undo()
			play(t, m, "b0c2") // the person's recorded move
			m.EngineLines()
			if _, moved, err := m.EngineSaid("bestmove b9c7"); !moved || err != nil {
				t.Fatalf("the engine's recorded reply: %v %v", moved, err)
			}
		}, 4},
		{"continue from a reviewed move, the engine repeats its answer", func(t *testing.T, m xq) {
			m.Review(1)
			m.ContinueHere()
			m.EngineLines()
			if _, moved, err := m.EngineSaid("bestmove h9g7"); !moved || err != nil {
				t.Fatalf("the engine's recorded reply: %v %v", moved, err)
			}
		}, 2},
		{"two players: continue at ply 2, replay the recorded move", func(t *testing.T, m xq) {
			m.SetTwoPlayer()
			m.Review(2)
			m.ContinueHere()
			play(t, m, "b0c2")
		}, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newXQ()
			m.SetTwoPlayer()
			play(t, m, strings.Fields(full)...)
			m.SetHuman(xiangqi.Red)
			c.do(t, m)
			if got := moveList(m); got != full || m.Game().Ply() != c.ply {
				t.Errorf("record %q at ply %d, want %q at %d", got, m.Game().Ply(), full, c.ply)
			}
			if r, err := restoreXQ(m.Save()); err != nil || moveList(r) != full {
				t.Errorf("the saved record: %v %v", r, err)
			}
		})
	}
	// A different move keeps the old line as a variation, and replaying a move the record
	// holds as a variation follows that line.
	m := newXQ()
	m.SetTwoPlayer()
	play(t, m, strings.Fields(full)...)
	m.Review(2)
	m.ContinueHere()
	play(t, m, "h0g2")
	if got := moveList(m); got != "h2e2 h9g7 h0g2" {
		t.Fatalf("a new move: record %q", got)
	}
	m.Review(2)
	m.ContinueHere()
	play(t, m, "b0c2")
	if got := moveList(m); got != full || m.Game().Ply() != 3 {
		t.Errorf("back into the old line: record %q at %d, want %q at 3", got, m.Game().Ply(), full)
	}
}

// TestImportWaitsForThePerson: after an import the computer plays only once the person plays
// on, by Continue from here, a side chosen, Move now, or a move of their own side; the wait
// survives a reload. Entering a line of the record waits too.
func TestImportWaitsForThePerson(t *testing.T) {
	redLast := "1. 炮二平五 马8进7 2. 马二进三" // Black to move, the person plays Red
	cases := []struct {
		name   string
		playOn func(t *testing.T, s *Session) Effects
		moved  bool // the engine is asked to move after it
	}{
		{"continue from here", func(t *testing.T, s *Session) Effects { e, _ := s.Do(ActContinue); return e }, true},
		{"move now", func(t *testing.T, s *Session) Effects { e, _ := s.Do(ActMoveNow); return e }, true},
		{"you: black (the person takes the side to move)", func(t *testing.T, s *Session) Effects { e, _ := s.Do(ActPlayBlack); return e }, false},
		{"you: red", func(t *testing.T, s *Session) Effects { e, _ := s.Do(ActPlayRed); return e }, true},
		{"a move of the engine's side keeps the wait", func(t *testing.T, s *Session) Effects { s.Click("h9"); return s.Click("g7") }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := NewSession(NewTable(VariantXiangqi), NewTable(VariantReversi))
			e, err := s.Replace(func(tb *Table) error { _, _, err := tb.Import(redLast); return err })
			if err != nil {
				t.Fatal(err)
			}
			tb := s.Table()
			if len(e.Send) != 0 || tb.EngineToMove() || !tb.Held() || !tb.CanContinue() {
				t.Fatalf("after the import: sent %q, engine to move %v, held %v", e.Send, tb.EngineToMove(), tb.Held())
			}
			if st := StatusText(i18n.English, tb); !strings.Contains(st, "Continue") {
				t.Errorf("status while waiting: %q", st)
			}
			// A reload keeps the wait.
			rt, err := RestoreTable(tb.Save())
			if err != nil || !rt.Held() || rt.EngineToMove() {
				t.Fatalf("restored: held %v, engine to move %v, %v", rt.Held(), rt.EngineToMove(), err)
			}
			e = c.playOn(t, s)
			if asked := strings.Contains(strings.Join(e.Send, "\n"), "go "); asked != c.moved {
				t.Errorf("engine asked to move %v (sent %q), want %v", asked, e.Send, c.moved)
			}
			if got := tb.Len(); got < 3 {
				t.Errorf("the record lost moves: %d", got)
			}
		})
	}
	// A move of the person's own side plays on: the engine answers.
	s := NewSession(NewTable(VariantXiangqi), NewTable(VariantReversi))
	s.Replace(func(tb *Table) error { _, _, err := tb.Import("1. 炮二平五 马8进7"); return err })
	if !s.Table().Held() {
		t.Fatal("not held after an import")
	}
	s.Click("b0")
	if e := s.Click("c2"); !e.Moved || s.Table().Held() || !strings.Contains(strings.Join(e.Send, "\n"), "go ") {
		t.Errorf("the person's own move: moved %v held %v sent %q", e.Moved, s.Table().Held(), e.Send)
	}
}

// TestEnteringALineNeverPlays: clicking a move of a variation while reviewing shows it; the
// engine does not play into the variation until the person plays on.
func TestEnteringALineNeverPlays(t *testing.T) {
	s := NewSession(NewTable(VariantXiangqi), NewTable(VariantReversi))
	if _, err := s.Replace(func(tb *Table) error {
		_, _, err := tb.Import("1. 炮二平五 马8进7 (1... 炮8平5 2. 马二进三) 2. 马二进三 车9平8")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	s.Do(ActContinue) // played on at the end: the engine's side (Red) is not to move
	tb := s.Table()
	m := xqAt(tb)
	var k int
	for k = range m.Branches(1, ICCS) {
	}
	if !m.EnterBranch(1, k, 0) {
		t.Fatal("no branch entered")
	}
	if e := s.Changed(); len(e.Send) != 0 || tb.EngineToMove() {
		t.Errorf("after entering the line: sent %q, engine to move %v", e.Send, tb.EngineToMove())
	}
	before := moveList(m)
	if r, err := restoreXQ(m.Save()); err != nil || moveList(r) != before {
		t.Errorf("restored %v", err)
	}
}

// TestReplacedGameOfferSurvivesAReload: the offer to bring back a game an import replaced is
// saved with the game that replaced it.
func TestReplacedGameOfferSurvivesAReload(t *testing.T) {
	sh := &memShelf{games: map[string]Saved{}}
	s := NewSession(NewTable(VariantXiangqi), NewTable(VariantReversi))
	s.SetShelf(sh)
	s.Click("h2")
	s.Click("e2")
	s.Replace(func(tb *Table) error { _, _, err := tb.Import("1. 马二进三 马8进7"); return err })
	if !s.CanRestore() {
		t.Fatal("not offered after the import")
	}
	rt, err := RestoreTable(s.Table().Save())
	if err != nil {
		t.Fatal(err)
	}
	again := NewSession(rt, NewTable(VariantReversi))
	again.SetShelf(sh)
	if !again.CanRestore() {
		t.Error("the offer was lost on reload")
	}
	again.Do(ActContinue)
	again.Click("b0")
	again.Click("c2")
	if again.CanRestore() {
		t.Error("still offered after the person's move")
	}
}
