package play

import (
	"slices"
	"strings"
	"testing"

	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
)

func TestParseInfo(t *testing.T) {
	tests := []struct {
		line string
		ok   bool
		want SearchInfo
	}{
		{"info depth 9 seldepth 14 score 12 nodes 175442 time 463 nps 378217 pv b9c7 h0g2", true,
			SearchInfo{Depth: 9, Score: 12, Nodes: 175442, NPS: 378217, PV: []string{"b9c7", "h0g2"}}},
		{"info depth 3 score cp -45 nodes 10 time 0", true, SearchInfo{Depth: 3, Score: -45, Nodes: 10}},
		{"info depth 3 seldepth 7 score mate 2 nodes 0 time 0", true, SearchInfo{Depth: 3, Mate: 2}},
		{"info depth 3 score mate -1 nodes 0 time 0", true, SearchInfo{Depth: 3, Mate: -1}},
		{"info depth 5 score 9997 nodes 1 pv h2e2", true, SearchInfo{Depth: 5, Mate: 2, Nodes: 1, PV: []string{"h2e2"}}}, // mate in 3 plies: 2 moves
		{"info depth 5 score -9998 nodes 1", true, SearchInfo{Depth: 5, Mate: -1, Nodes: 1}},                             // mated in 2 plies
		{"info depth 12 multipv 1 score cp 4400 nodes 9 pv f6 e6", true, SearchInfo{Depth: 12, Score: 4400, Nodes: 9, PV: []string{"f6", "e6"}}},
		{"info string exact", false, SearchInfo{}},
		{"info depth x score 1", false, SearchInfo{}},
		{"info depth 3 score", false, SearchInfo{}},
		{"info depth 3 score cp", false, SearchInfo{}},
		{"info depth 3 nodes -1", false, SearchInfo{}},
		{"info nodes 5", false, SearchInfo{}},
	}
	for _, tt := range tests {
		got, ok := parseInfo(strings.Fields(tt.line))
		if ok != tt.ok {
			t.Errorf("parseInfo(%q) ok = %v, want %v", tt.line, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		if got.Depth != tt.want.Depth || got.Score != tt.want.Score || got.Mate != tt.want.Mate ||
			got.Nodes != tt.want.Nodes || got.NPS != tt.want.NPS || !slices.Equal(got.PV, tt.want.PV) {
			t.Errorf("parseInfo(%q) = %+v, want %+v", tt.line, got, tt.want)
		}
	}
}

func TestScoreText(t *testing.T) {
	for _, tt := range []struct {
		score      int
		text, attr string
	}{{35, "+0.35", "35"}, {-250, "-2.50", "-250"}, {0, "0.00", "0"}, {7, "+0.07", "7"}, {-1205, "-12.05", "-1205"}} {
		s := SearchInfo{Score: tt.score}
		if s.ScoreText() != tt.text || s.ScoreAttr() != tt.attr {
			t.Errorf("score %d: %q %q, want %q %q", tt.score, s.ScoreText(), s.ScoreAttr(), tt.text, tt.attr)
		}
	}
	if got := (SearchInfo{Mate: -3}).ScoreAttr(); got != "mate -3" {
		t.Errorf("mate attr %q", got)
	}
	if got := (SearchInfo{Score: 40, Mate: 2}).Flip(); got.Score != -40 || got.Mate != -2 {
		t.Errorf("Flip: %+v", got)
	}
}

// TestEngineInfo follows a search's info lines through the conversation: kept for the search
// in flight and after its bestmove, dropped once it is stopped, reset by the next search.
func TestEngineInfo(t *testing.T) {
	m := NewMatch()
	m.SetTwoPlayer()
	m.MoveNow()
	if m.Engine.Info().Pos == "" {
		t.Fatal("no search started")
	}
	m.EngineSaid("info string ready")
	m.EngineSaid("info depth 1 score 5 nodes 10 pv h2e2")
	m.EngineSaid("info depth 2 score 12 nodes 90 nps 1000 pv h2e2 h9g7")
	if got := m.Engine.Info(); got.Depth != 2 || got.Score != 12 || got.PVLine() != "h2e2 h9g7" || got.Pos != m.line() {
		t.Fatalf("info %+v", got)
	}
	if _, moved, err := m.EngineSaid("bestmove h2e2"); !moved || err != nil {
		t.Fatalf("bestmove: moved %v, %v", moved, err)
	}
	if got := m.Engine.Info(); got.Depth != 2 {
		t.Errorf("after the move the last search's info is gone: %+v", got)
	}
}

func TestMatchEngineView(t *testing.T) {
	m := NewMatch()
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
	r := NewReversi() // the person plays Black
	if _, ok := r.EngineView(); ok {
		t.Fatal("a view before any search")
	}
	mv, _ := reversi.ParseMove("f5")
	r.Click(mv.Square())
	r.EngineLines()
	r.EngineSaid("info depth 4 score cp 150 nodes 9 pv f4 e3")
	v, ok := r.EngineView()
	if !ok || v.Info.Score != -150 || v.Info.PVLine() != "f4 e3" {
		t.Errorf("view %+v %v; want -150 from Black's side", v, ok)
	}
}

func TestReversiHintScores(t *testing.T) {
	r := NewReversi()
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
	if v, _ := r.EngineView(); v.Info.Score != 200 || v.Info.PVLine() != "f5 d6" {
		t.Errorf("the panel shows %+v, want the best line", v.Info)
	}
}
