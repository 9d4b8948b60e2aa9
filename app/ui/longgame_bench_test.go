package ui

import (
	"strings"
	"testing"

	"qipan/app/play"
	"qipan/engine/xiangqi"
)

// longMatch is a 10,000-ply match (the record of e2e's TestLongGame: every move legal, the
// rules' end ignored as a saved game's replay does), two players, at its last ply.
func longMatch(tb testing.TB) *play.Table {
	tb.Helper()
	moves := strings.Repeat("b0c2 b9c7 c2b0 c7b9 ", 2499) + "h2h9 i9h9 b2b9 a9b9"
	m, err := play.RestoreTable(play.Saved{Version: play.SavedVersion, Start: xiangqi.StartFEN, Moves: moves, Ply: 10000, TwoPlayer: true})
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// BenchmarkLongGame times what the page does for a click with a 10,000-ply game loaded, piece
// by piece (go test -bench LongGame ./app/ui/): the move texts, the move list, the board, the
// rest of the panel, the evaluation graph, the engine's position line, the save, and the whole page's Render.
func BenchmarkLongGame(b *testing.B) {
	p := NewPage()
	p.s.Put(longMatch(b))
	p.mounted = true
	bd := p.table()
	h0, _ := xiangqi.ParseSquare("h0")
	for _, piece := range []struct {
		name string
		f    func()
	}{
		{"MoveTexts", func() { bd.MoveTexts(play.ICCS) }},
		{"MoveList", func() {
			newMoveList().WithRecord(bd.MoveTexts(play.ICCS), bd.Ply(), bd.ShownPly(), false).Render()
		}},
		{"Board", func() { drawBoard(bd.View(play.ViewOptions{}), drawing{Ready: true}) }},
		{"Status", func() { p.status() }},
		{"EnginePanel", func() { p.enginePanel() }},
		{"ShareRow", func() { p.shareRow() }},
		{"Graph", func() { p.graphSlot() }},
		{"EngineLines", func() { bd.EngineLines() }},
		{"Save", func() { bd.Save() }},
		{"Click", func() { bd.Click(int(h0)) }},
		{"Render", func() { p.Render() }},
	} {
		b.Run(piece.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				piece.f()
			}
		})
	}
}
