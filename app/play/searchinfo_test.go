package play

import (
	"slices"
	"testing"

	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
)

// TestEngineInfo follows a search's info lines through the conversation: kept for the search
// in flight and after its bestmove, dropped once it is stopped, reset by the next search.
func TestEngineInfo(t *testing.T) {
	m := newXQ()
	m.SetTwoPlayer()
	m.MoveNow()
	if m.Client.Info().Pos == "" {
		t.Fatal("no search started")
	}
	m.EngineSaid("info string ready")
	m.EngineSaid("info depth 1 score 5 nodes 10 pv h2e2")
	m.EngineSaid("info depth 2 score 12 nodes 90 nps 1000 pv h2e2 h9g7")
	if got := m.Client.Info(); got.Depth != 2 || got.Score != 12 || got.PVLine() != "h2e2 h9g7" || got.Pos != m.line() {
		t.Fatalf("info %+v", got)
	}
	if _, moved, err := m.EngineSaid("bestmove h2e2"); !moved || err != nil {
		t.Fatalf("bestmove: moved %v, %v", moved, err)
	}
	if got := m.Client.Info(); got.Depth != 2 {
		t.Errorf("after the move the last search's info is gone: %+v", got)
	}
}

func TestXiangqiEngineView(t *testing.T) {
	m := newXQ()
	m.SetTwoPlayer()
	m.MoveNow() // the engine searches for Red at the start
	m.EngineSaid("info depth 2 score 30 nodes 90 pv h2e2 h9g7 zz99")
	v, ok := m.EngineView(Chinese)
	if !ok || v.Info.Score != 30 || !slices.Equal(v.PV, []string{"炮二平五", "马８进７"}) {
		t.Fatalf("view %+v %v; want +30 from Red's side and the legal part of the line in Chinese", v, ok)
	}
	m.Flip()
	if v, _ := m.EngineView(ICCS); v.Info.Score != -30 || v.PV[0] != "H2-E2" {
		t.Errorf("flipped view %+v; want -30 from Black's side", v)
	}
	m.Flip()
	m.EngineSaid("bestmove h2e2")
	if v, ok := m.EngineView(WXF); !ok || v.Info.Score != 30 || v.PV[0] != "C2.5" {
		t.Errorf("after the move: %+v %v; want the search that chose it", v, ok)
	}
	for _, s := range []string{"h9", "g7", "b0", "c2"} { // two more moves in the two-player game
		sq, _ := xiangqi.ParseSquare(s)
		m.Click(sq)
	}
	if m.Game().Ply() != 3 {
		t.Fatalf("ply %d after two more moves", m.Game().Ply())
	}
	if _, ok := m.EngineView(WXF); ok {
		t.Error("a view for a position the game has left")
	}
}

func TestReversiEngineView(t *testing.T) {
	r := newRV() // the person plays Black
	if _, ok := r.EngineView(""); ok {
		t.Fatal("a view before any search")
	}
	mv, _ := reversi.ParseMove("f5")
	r.Click(mv.Square())
	r.EngineLines()
	r.EngineSaid("info depth 4 score cp 150 nodes 9 pv f4 e3")
	v, ok := r.EngineView("")
	if !ok || v.Info.Score != -150 || v.Info.PVLine() != "f4 e3" {
		t.Errorf("view %+v %v; want -150 from Black's side", v, ok)
	}
}

func TestReversiHintScores(t *testing.T) {
	r := newRV()
	if !r.RequestHint() {
		t.Fatal("no hint on the person's turn")
	}
	lines := r.EngineLines()
	if !slices.Contains(lines, "setoption name MultiPV value 64") {
		t.Fatalf("a hint does not score every move: %q", lines)
	}
	r.EngineSaid("info string ready")
	r.EngineSaid("info depth 6 multipv 1 score cp 200 nodes 9 pv f5 d6")
	r.EngineSaid("info depth 6 multipv 2 score cp 150 nodes 9 pv e6 f4")
	r.EngineSaid("info depth 6 multipv 3 score cp -50 nodes 9 pv c4")
	got := r.HintScores()
	f5, _ := reversi.ParseMove("f5")
	c4, _ := reversi.ParseMove("c4")
	if len(got) != 3 || got[f5.Square()] != 200 || got[c4.Square()] != -50 {
		t.Errorf("scores %v", got)
	}
	if v, _ := r.EngineView(""); v.Info.Score != 200 || v.Info.PVLine() != "f5 d6" {
		t.Errorf("the panel shows %+v, want the best line", v.Info)
	}
}
