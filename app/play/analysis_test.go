package play

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"qipan/app/engineclient"
	"qipan/engine/reversi"
)

func TestAnalysisXiangqi(t *testing.T) {
	m := newXQ()
	m.SetAnalysis(true)
	const maxLvl = "setoption level 10"
	expectLines(t, "analysis starts on the start position", m.EngineLines(), maxLvl, "setoption usebook false", "setoption multipv 3", start, AnalysisGo)
	if !m.Client.Analysing() || m.Client.Thinking() {
		t.Fatal("an analysis search is not Analysing, or counts as the computer thinking")
	}
	for _, line := range []string{
		"info depth 5 multipv 1 score 30 pv h2e2 h9g7",
		"info depth 5 multipv 2 score 20 pv b2e2 b9c7",
		"info depth 5 multipv 3 score -10 pv a3a4",
	} {
		if _, _, err := m.EngineSaid(line); err != nil {
			t.Fatal(err)
		}
	}
	v, ok := m.EngineView(Chinese)
	if !ok || v.Info.Score != 30 || len(v.More) != 2 || v.More[0].Info.Score != 20 || v.More[1].PV[0] != "兵九进一" {
		t.Fatalf("view %+v ok %v", v, ok)
	}
	if v.PV[0] != "炮二平五" || v.More[0].PV[0] != "炮八平五" {
		t.Errorf("lines written %q, %q", v.PV, v.More[0].PV)
	}
	// The person plays both sides; each move stops the search and analyses the next position.
	play(t, m, "h2e2")
	expectLines(t, "after a move", m.EngineLines(), "stop")
	send, moved, err := m.EngineSaid("bestmove h2e2")
	if err != nil || moved {
		t.Fatalf("the stopped analysis played: moved %v err %v", moved, err)
	}
	expectLines(t, "next position", send, maxLvl, start+" moves h2e2", AnalysisGo)
	if !m.PersonToMove() {
		t.Fatal("Black's move is not the person's while analysing")
	}
	// A search that ends by itself leaves its lines and starts no other.
	send, moved, err = m.EngineSaid("bestmove h9g7")
	if err != nil || moved || len(send) != 0 || m.Game().Ply() != 1 {
		t.Fatalf("an ended analysis: send %q moved %v err %v ply %d", send, moved, err, m.Game().Ply())
	}
	expectLines(t, "the same position again", m.EngineLines())
	// Reviewing analyses the position shown.
	m.Review(0)
	expectLines(t, "reviewing the start", m.EngineLines(), maxLvl, start, AnalysisGo)
	m.BackToGame()
	expectLines(t, "back to the game", m.EngineLines(), "stop")
	send, _, _ = m.EngineSaid("bestmove h2e2")
	expectLines(t, "the game's position again", send, maxLvl, start+" moves h2e2", AnalysisGo)
	// Analysis off: the computer (Black) moves, with one line again.
	m.SetAnalysis(false)
	expectLines(t, "analysis off", m.EngineLines(), "stop")
	send, _, _ = m.EngineSaid("bestmove h9g7")
	expectLines(t, "the computer's move", send, lvl6, "setoption usebook true", "setoption multipv 1", start+" moves h2e2", engineclient.DefaultGo)
}

func TestAnalysisReversi(t *testing.T) {
	r := newRV()
	r.SetAnalysis(true)
	lines := r.EngineLines()
	if len(lines) != 5 || lines[2] != reversiLines(AnalysisLines) || lines[3] != "position startpos" || lines[4] != ReversiAnalysisGo {
		t.Fatalf("analysis lines %q", lines)
	}
	for _, line := range []string{"info depth 6 multipv 1 score cp 200 pv f5", "info depth 6 multipv 2 score cp 100 pv d3", "info depth 6 multipv 3 score cp 0 pv c4"} {
		r.EngineSaid(line)
	}
	v, ok := r.EngineView("")
	if !ok || len(v.More) != 2 || v.More[1].PV[0] != "c4" {
		t.Fatalf("view %+v", v)
	}
	// Black and White are both the person's.
	for _, s := range []string{"f5", "d6"} {
		mv, _ := reversi.ParseMove(s)
		if !r.Click(mv.Square()) {
			t.Fatalf("%s not played while analysing", s)
		}
		r.EngineSaid("bestmove " + s)
	}
	if r.Game().Ply() != 2 {
		t.Fatalf("ply %d", r.Game().Ply())
	}
}

// TestAddEngineLines: analysis's lines of the position shown go into the record as variations
// where they leave its moves, in one action; a line the record holds, or one that would only
// lengthen the game past its end, adds nothing; the game on the board stays where it is.
func TestAddEngineLines(t *testing.T) {
	cases := []struct {
		name   string
		review int      // the ply analysed
		pvs    []string // multipv 1, 2, 3
		added  bool
		lines  []string // the branches at the ply afterwards (ICCS), in order
	}{
		{"second and third lines beside the game's move", 1, []string{"h9g7 h0g2", "b9c7 b0c2", "c6c5"}, true, []string{"B9-C7 B0-C2", "C6-C5"}},
		{"the best line differs later: a nested variation", 1, []string{"h9g7 b0c2 b9c7", "", ""}, true, nil},
		{"only the game's own move, lengthened past the end", 1, []string{"h9g7 h0g2", "", ""}, false, nil},
		{"at the game's end nothing is an alternative", 3, []string{"b9c7", "c6c5", ""}, false, nil},
		{"an illegal first move adds nothing", 1, []string{"h2e2", "", ""}, false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newXQ()
			m.SetTwoPlayer()
			play(t, m, "h2e2", "h9g7", "h0g2")
			m.Review(c.review)
			if m.AddEngineLines() {
				t.Fatal("lines added without analysis")
			}
			m.SetAnalysis(true)
			m.EngineLines()
			for i, pv := range c.pvs {
				if pv == "" {
					continue
				}
				if _, _, err := m.EngineSaid(fmt.Sprintf("info depth 6 multipv %d score %d pv %s", i+1, 40-10*i, pv)); err != nil {
					t.Fatal(err)
				}
			}
			before := m.Game().Moves()
			if got := m.AddEngineLines(); got != c.added {
				t.Fatalf("added %v, want %v", got, c.added)
			}
			if !slices.Equal(m.Game().Moves(), before) || m.ShownPly() != c.review {
				t.Errorf("the game moved: %v at %d", m.Game().Moves(), m.ShownPly())
			}
			if c.lines != nil {
				b := m.Branches(c.review, ICCS)
				var got []string
				for k := 0; k < 4; k++ {
					if br, ok := b[k]; ok {
						got = append(got, strings.Join(br.Moves, " "))
					}
				}
				if !slices.Equal(got, c.lines) {
					t.Errorf("branches %q, want %q", got, c.lines)
				}
			}
			if m.AddEngineLines() {
				t.Error("the same lines added twice")
			}
		})
	}
	// Through the session, as a front end's button.
	s := NewSession(NewTable(VariantXiangqi))
	s.Do(ActPlayTwo)
	for _, sq := range []string{"h2", "e2", "h9", "g7"} {
		s.Click(sq)
	}
	s.Do(ActReviewStart)
	s.Do(ActAnalysis)
	s.EngineSaid("info depth 6 multipv 1 score 30 pv h2e2 h9g7")
	s.EngineSaid("info depth 6 multipv 2 score 20 pv b2e2 b9c7")
	if e, ok := s.Do(ActAddEngineLines); !ok || !e.Save {
		t.Errorf("add-engine-lines through the session: %v %+v", ok, e)
	}
	if tree, _ := s.Table().Annotated(); len(tree.Branches(0, ICCS)) != 1 {
		t.Errorf("branches at the start: %v", tree.Branches(0, ICCS))
	}
}
