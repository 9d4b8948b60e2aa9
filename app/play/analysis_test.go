package play

import (
	"testing"

	"qipan/app/engineclient"
	"qipan/engine/reversi"
)

func TestAnalysisXiangqi(t *testing.T) {
	m := NewMatch()
	m.SetAnalysis(true)
	const maxLvl = "setoption level 10"
	expectLines(t, "analysis starts on the start position", m.EngineLines(), maxLvl, "setoption usebook false", "setoption multipv 3", start, AnalysisGo)
	if !m.Engine.Analysing() || m.Engine.Thinking() {
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
	r := NewReversi()
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
