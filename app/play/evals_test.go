package play

import (
	"testing"

	"qipan/app/engineclient"
	"qipan/app/i18n"

	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
)

func TestEvalsFromTheEngine(t *testing.T) {
	m := newXQ()
	play(t, m, "h2e2")
	m.EngineLines()
	// Black to move: a score of -40 for Black is +40 for Red.
	m.EngineSaid("info depth 6 score -40 pv h9g7")
	if _, _, err := m.EngineSaid("bestmove h9g7"); err != nil {
		t.Fatal(err)
	}
	ev := m.Evals()
	if len(ev) != 3 || !ev[1].Known || ev[1].Score != 40 || ev[0].Known || ev[2].Known {
		t.Fatalf("evals %+v", ev)
	}
	// A shallower search of the same position does not replace the deeper one.
	m.noteEval(xiangqiJob(engineclient.Search{Pos: "x"}, m.game.PositionAt(1)), engineclient.SearchInfo{Depth: 2, Score: 500})
	if m.Evals()[1].Score != 40 {
		t.Error("a shallower score replaced a deeper one")
	}
	// Undo keeps the scores (they belong to positions); a new game drops them.
	m.SetTwoPlayer()
	m.Undo()
	if !m.Evals()[1].Known {
		t.Error("undo dropped the score")
	}
	m.New()
	if m.Evals()[0].Known || len(m.Evals()) != 1 {
		t.Error("a new game kept the old scores")
	}
}

func TestEvalsAnalyseTheGame(t *testing.T) {
	m := newXQ()
	m.SetTwoPlayer()
	// Fool's mate-like finish: Red mates, the last position is scored by the rules.
	g, err := xiangqi.ParseFEN("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m.Load(xiangqi.NewGame(g))
	play(t, m, "b0b9")
	if m.Result() == "" {
		t.Fatal("not mate")
	}
	m.SetGraphing(true)
	send := m.EngineLines()
	if len(send) < 3 || send[len(send)-1] != GraphGo || send[len(send)-2] != "position fen "+g.FEN() {
		t.Fatalf("first graph search %q", send)
	}
	m.EngineSaid("info depth 3 score mate 1 pv b0b9")
	send, moved, err := m.EngineSaid("bestmove b0b9")
	if err != nil || moved || len(send) != 0 {
		t.Fatalf("after the first point: send %q moved %v err %v", send, moved, err)
	}
	ev := m.Evals()
	if !ev[0].Known || ev[0].Score != EvalMate || !ev[1].Known || ev[1].Score != EvalMate || m.Graphing() {
		t.Fatalf("evals %+v graphing %v", ev, m.Graphing())
	}
}

func TestEvalsReversi(t *testing.T) {
	r := newRV()
	r.SetTwoPlayer()
	for _, s := range []string{"f5", "d6"} {
		mv, _ := reversi.ParseMove(s)
		r.Click(mv.Square())
	}
	r.SetGraphing(true)
	send := r.EngineLines()
	for ply := 0; ply <= 2; ply++ {
		if len(send) == 0 || send[len(send)-1] != GraphGo {
			t.Fatalf("ply %d: sent %q", ply, send)
		}
		r.EngineSaid("info depth 8 score cp 100 pv c3") // +1 disc for the side to move
		send, _, _ = r.EngineSaid("bestmove c3")
	}
	ev := r.Evals()
	for ply, want := range []int{100, -100, 100} { // Black, White, Black to move
		if !ev[ply].Known || ev[ply].Score != want {
			t.Errorf("ply %d: %+v, want %d", ply, ev[ply], want)
		}
	}
	if r.Graphing() || len(r.EngineLines()) != 0 {
		t.Error("the analysis did not end with the last position")
	}
}

// TestEngineText: the engine line says depth, score, speed and the line.
func TestEngineText(t *testing.T) {
	v := EngineView{Info: engineclient.SearchInfo{Depth: 9, Score: 35, NPS: 1_500_000}, PV: []string{"炮二平五", "马8进7"}}
	if got, want := EngineText(i18n.Simplified, v), "深度 9 · +0.35 · 1.5M 节点/秒 · 炮二平五 马8进7"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	v = EngineView{Info: engineclient.SearchInfo{Depth: 12, Mate: 3}}
	if got := EngineText(i18n.English, v); got != "Depth 12 · mate in 3" {
		t.Errorf("%q", got)
	}
	for n, want := range map[uint64]string{950: "950", 378_000: "378k", 1_500_000: "1.5M", 12_000_000: "12M"} {
		if got := CountText(n); got != want {
			t.Errorf("CountText(%d) = %q, want %q", n, got, want)
		}
	}
}
