package play

import (
	"encoding/json"
	"strings"
	"testing"
)

// playMoves plays UCCI moves by clicks (two players).
func playMoves(t *testing.T, m *Match, moves ...string) {
	t.Helper()
	for _, mv := range moves {
		m.Click(mustSquare(t, mv[:2]))
		if !m.Click(mustSquare(t, mv[2:])) {
			t.Fatalf("move %s refused", mv)
		}
	}
}

// saveAndRestore keeps m as the page does (Save, JSON) and restores it.
func saveAndRestore(t *testing.T, m *Match) *Match {
	t.Helper()
	data, _ := json.Marshal(m.Save())
	var s Saved
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	m2, err := Restore(s)
	if err != nil {
		t.Fatal(err)
	}
	return m2
}

func exportICCS(t *testing.T, m *Match) string {
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
	m := NewMatch()
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
	m := NewMatch()
	if _, _, err := m.ImportText(annotatedPGN); err != nil {
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
