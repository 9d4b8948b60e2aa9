package play

import (
	"testing"

	"qipan/app/engineclient"
	"qipan/app/i18n"
	"qipan/engine/reversi"
)

// Reversi's report judges by discs; the person's mistake becomes an exercise from its board
// text: the better move solves it at once, another is judged by the defence's search after it.
func TestLearnFromMistakesReversi(t *testing.T) {
	r := NewTable(VariantReversi) // two players: both sides' mistakes are exercises
	played := []string{"f5", "d6", "c3"}
	r.SetTwoPlayer()
	for _, sq := range played {
		rvPerson(t, r, sq)
	}
	// Black's c3 at ply 2 gives away 12 discs against the better move.
	before := reversi.Start()
	for _, sq := range played[:2] {
		mv, _ := reversi.ParseMove(sq)
		before.Make(mv)
	}
	var better, other string
	for _, mv := range before.LegalMoves() {
		switch s := mv.String(); {
		case s == "c3":
		case better == "":
			better = s
		case other == "":
			other = s
		}
	}
	for ply, s := range []int{0, 0, 0, 1200} {
		if !r.SetScore(ply, engineclient.SearchInfo{Depth: 10, Score: s, PV: []string{better}}) {
			t.Fatalf("SetScore(%d)", ply)
		}
	}
	if got := r.Mistakes(ICCS); got != nil {
		t.Fatalf("exercises before the report: %v", got)
	}
	r.StartReport()
	if !r.TakeReport() {
		t.Fatal("the report is not due")
	}
	ex := r.Mistakes(ICCS)
	if len(ex) != 1 || ex[0].Number != 3 || ex[0].Best != better || ex[0].Played != "c3" || ex[0].Goal != GoalBetter || ex[0].FEN != before.String() {
		t.Fatalf("exercises %+v (want the better %s at %s)", ex, better, before.String())
	}
	for _, c := range []struct {
		move    string
		defence string // the defence's info after the move, centi-discs for White ("" for none needed)
		want    PuzzleState
	}{
		{better, "", PuzzleSolved},
		{other, "info depth 10 score -100 pv e6", PuzzleSolved}, // −1 against the better move's 0: as good
		{other, "info depth 10 score 800 pv e6", PuzzleFailed},  // 8 discs worse
	} {
		s := NewSession(NewTable(VariantXiangqi), NewTable(VariantReversi))
		s.SetShelf(shelf{})
		if _, err := s.OpenPuzzle(ex[0]); err != nil {
			t.Fatal(err)
		}
		x := s.Table()
		if got := PuzzleText(i18n.English, x); got != "Find a better move than c3" {
			t.Errorf("the goal reads %q", got)
		}
		rvPerson(t, x, c.move)
		if c.defence != "" {
			x.EngineLines()
			if _, _, err := x.EngineSaid(c.defence); err != nil {
				t.Fatal(err)
			}
			g, _ := x.Reversi()
			if _, _, err := x.EngineSaid("bestmove " + g.Position().LegalMoves()[0].String()); err != nil {
				t.Fatal(err)
			}
		}
		if _, st, _, _ := x.Puzzle(); st != c.want {
			t.Errorf("%s: %s, want %s", c.move, st, c.want)
		}
		if c.want == PuzzleFailed {
			if got := PuzzleText(i18n.Simplified, x); got != "不够好："+better+" 更好" {
				t.Errorf("the verdict in Chinese: %q", got)
			}
		}
	}
}
