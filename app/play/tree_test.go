package play

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/record"
)

// playMoves plays UCCI moves by clicks (two players).
func playMoves(t *testing.T, m xq, moves ...string) {
	t.Helper()
	for _, mv := range moves {
		m.Click(mustSquare(t, mv[:2]))
		if !m.Click(mustSquare(t, mv[2:])) {
			t.Fatalf("move %s refused", mv)
		}
	}
}

// saveAndRestore keeps m as the page does (Save, JSON) and restores it.
func saveAndRestore(t *testing.T, m xq) xq {
	t.Helper()
	data, _ := json.Marshal(m.Save())
	var s Saved
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	m2, err := restoreXQ(s)
	if err != nil {
		t.Fatal(err)
	}
	return m2
}

func exportICCS(t *testing.T, m xq) string {
	t.Helper()
	out, err := m.PGN(ICCS)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestVariationFromTheGame: in the app's own game, a move played after going back keeps the
// rest of the game as a variation (the line played stays the game, the main line); the game
// can enter the other line, promote it, delete the other; save and restore keep it all.
func TestVariationFromTheGame(t *testing.T) {
	m := newXQ()
	m.SetTwoPlayer()
	playMoves(t, m, "h2e2", "h9g7", "h0g2")
	m.Review(2)
	if !m.ContinueHere() {
		t.Fatal("ContinueHere")
	}
	playMoves(t, m, "b0c2")
	out := exportICCS(t, m)
	if !strings.Contains(out, `[Event "qipan"]`) || !strings.Contains(out, "2. B0-C2 (2. H0-G2) *") {
		t.Fatalf("the game played and the rest it replaced as a variation:\n%s", out)
	}
	if m.InVariation(3) {
		t.Error("the game played is in a variation")
	}
	b := m.Branches(2, ICCS)
	if len(b) != 1 || strings.Join(b[1].Moves, " ") != "H0-G2" {
		t.Fatalf("branches at 2: %+v", b)
	}
	if out2 := exportICCS(t, saveAndRestore(t, m)); out2 != out {
		t.Fatalf("restored:\n%s\nwant\n%s", out2, out)
	}

	// Enter the other line and promote it.
	if !m.EnterBranch(2, 1, 0) || m.coordMoves(3) != "h2e2 h9g7 h0g2" || !m.InVariation(3) {
		t.Fatalf("entering the variation: %q", m.coordMoves(3))
	}
	if b = m.Branches(2, ICCS); len(b) != 1 || strings.Join(b[0].Moves, " ") != "B0-C2" {
		t.Fatalf("branches at 2 in the variation: %+v", b)
	}
	if !m.PromoteVariation(3) || m.InVariation(3) {
		t.Fatal("PromoteVariation")
	}
	if out := exportICCS(t, m); !strings.Contains(out, "2. H0-G2 (2. B0-C2) *") {
		t.Fatalf("promoted:\n%s", out)
	}
	// Delete the other line: the board goes back to where it left, the record loses it.
	if !m.EnterBranch(2, 1, 0) || !m.DeleteVariation(3) {
		t.Fatal("DeleteVariation")
	}
	if out := exportICCS(t, m); strings.Contains(out, "B0-C2") || !strings.Contains(out, "2. H0-G2 *") {
		t.Fatalf("deleted:\n%s", out)
	}
	if m.ShownPly() != 2 || m.coordMoves(3) != "h2e2 h9g7 h0g2" {
		t.Errorf("after deleting: shown %d, moves %q", m.ShownPly(), m.coordMoves(3))
	}
}

// TestBranchesOfARecord: an annotated record's variations, symbols and comments as the move
// list shows them.
func TestBranchesOfARecord(t *testing.T) {
	m := newXQ()
	if _, _, err := m.Import(annotatedPGN); err != nil {
		t.Fatal(err)
	}
	if m.Symbol(1) != "!" || m.Symbol(2) != "" || m.Symbol(3) != "!" || m.Comment(3) != "稳健" {
		t.Errorf("symbols %q %q %q, comment %q", m.Symbol(1), m.Symbol(2), m.Symbol(3), m.Comment(3))
	}
	b := m.Branches(2, Chinese)
	if len(b) != 2 || strings.Join(b[1].Moves, " ") != "兵七进一 卒７进１!? 马八进七" ||
		strings.Join(b[2].Moves, " ") != "马八进七?!" {
		t.Fatalf("branches at 2: %+v", b)
	}
	// Into the variation, then the one nested in it.
	if !m.EnterBranch(2, 1, 1) || m.Comment(3) != "另一路" || m.Symbol(4) != "!?" || m.ShownPly() != 4 {
		t.Fatalf("in the variation: shown %d, symbol %q", m.ShownPly(), m.Symbol(4))
	}
	b = m.Branches(3, ICCS)
	if len(b) != 1 || strings.Join(b[1].Moves, " ") != "I9-H9 H0-G2" {
		t.Fatalf("branches at 3 in the variation: %+v", b)
	}
	if !m.EnterBranch(3, 1, 1) || m.coordMoves(5) != "h2e2 h9g7 c3c4 i9h9 h0g2" || !m.InVariation(5) {
		t.Fatalf("in the nested variation: %q", m.coordMoves(5))
	}
	// Promoted twice over: the nested line becomes the main line.
	if !m.PromoteVariation(5) || m.InVariation(5) {
		t.Fatal("PromoteVariation")
	}
	out := strings.Join(strings.Fields(exportICCS(t, m)), " ")
	if !strings.Contains(out, "2... I9-H9 (2... G6-G5!? 3. B0-C2) 3. H0-G2") || !strings.Contains(out, "(2. H0-G2! {稳健}") {
		t.Errorf("promoted twice:\n%s", out)
	}
}

// bigRecord is a record of 10,000 moves in 500 variations: a 2,000-ply main line (the horses
// out and back) with a variation of 16 moves on every fourth ply.
func bigRecord(b testing.TB) string {
	rng := rand.New(rand.NewSource(5))
	g := record.NewGame()
	pos := *g.Start
	out := []string{"h0g2", "h9g7", "g2h0", "g7h9"}
	for i := 0; i < 2000; i++ {
		mv, _ := xiangqi.ParseMove(out[i%4])
		m := record.Move{Move: mv, Comment: "c"}
		if i%4 == 0 {
			p := pos
			var v []record.Move
			for len(v) < 16 {
				legal := p.LegalMoves()
				alt := legal[rng.Intn(len(legal))]
				if len(v) == 0 && alt == mv {
					continue
				}
				v = append(v, record.Move{Move: alt})
				p.Make(alt)
			}
			m.Variations = []record.Variation{{Moves: v}}
		}
		g.Moves = append(g.Moves, m)
		pos.Make(mv)
	}
	text, err := record.FormatPGN(g, record.PGNOptions{})
	if err != nil {
		b.Fatal(err)
	}
	return text
}

// BenchmarkTreeRender is what the page asks of the record on each render with a record of
// 10,000 moves in 500 variations, shown at its middle: the symbols of the list, the lines at
// the position shown, its comment, whether it is in a variation.
func BenchmarkTreeRender(b *testing.B) {
	m := loadBig(b, bigRecord(b))
	m.Review(1000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.Symbols()
		if len(m.Branches(1000, Chinese)) != 1 || m.Comment(1000) != "c" || m.InVariation(1000) {
			b.Fatal("not the record")
		}
	}
}

// loadBig loads the record as the embed does (every move, past the repetition that would
// end an import) with its story.
func loadBig(b testing.TB, text string) xq {
	games, _, err := record.ParsePGN(text)
	if err != nil {
		b.Fatal(err)
	}
	g, err := games[0].Game()
	if err != nil {
		b.Fatal(err)
	}
	m := newXQ()
	m.Load(g)
	m.story = &story{line: games[0].Moves, result: games[0].Result}
	return m
}

// BenchmarkTreeLoad reads and loads that record.
func BenchmarkTreeLoad(b *testing.B) {
	text := bigRecord(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		loadBig(b, text)
	}
}

// TestSetNote: a comment and a symbol written on a move of the app's own game and of a
// variation are exported and kept over a save.
func TestSetNote(t *testing.T) {
	m := newXQ()
	m.SetTwoPlayer()
	playMoves(t, m, "h2e2", "h9g7")
	if !m.SetNote(1, "中炮", "!") || !m.SetNote(0, "开局", "") || m.SetNote(3, "x", "") || m.SetNote(1, "x", "!!!") {
		t.Fatal("SetNote")
	}
	if m.Comment(1) != "中炮" || m.Symbol(1) != "!" || m.Comment(0) != "开局" {
		t.Errorf("note %q %q %q", m.Comment(1), m.Symbol(1), m.Comment(0))
	}
	m2 := saveAndRestore(t, m)
	out := strings.Join(strings.Fields(exportICCS(t, m2)), " ")
	if !strings.Contains(out, `[Event "qipan"]`) || !strings.Contains(out, "{开局} 1. H2-E2! {中炮} 1... H9-G7 *") {
		t.Errorf("exported:\n%s", out)
	}
	// A symbol replaced, a comment cleared.
	m2.SetNote(1, "", "?")
	if out := exportICCS(t, m2); !strings.Contains(out, "1. H2-E2? H9-G7") {
		t.Errorf("changed:\n%s", out)
	}
}
