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

// TestVariationFromTheGame: a move played after going back starts a variation; the game can
// enter either line, promote one to the main line and delete the other, and save and
// restore keep it all.
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
	if !strings.Contains(out, `[Event "qipan"]`) || !strings.Contains(out, "2. H0-G2 (2. B0-C2) *") {
		t.Fatalf("the game's line and the new move as its variation:\n%s", out)
	}
	if !m.InVariation(3) || m.InVariation(2) {
		t.Errorf("InVariation(3) %v, (2) %v", m.InVariation(3), m.InVariation(2))
	}
	b := m.Branches(2, ICCS)
	if len(b) != 1 || strings.Join(b[0].Moves, " ") != "H0-G2" {
		t.Fatalf("branches at 2: %+v", b)
	}

	// Save and restore keep the tree and the game on its variation.
	m2 := saveAndRestore(t, m)
	if out2 := exportICCS(t, m2); out2 != out || !m2.InVariation(3) {
		t.Fatalf("restored:\n%s\nwant\n%s", out2, out)
	}

	// Enter the main line again, then the variation, and promote it.
	if !m.EnterBranch(2, 0, 0) || m.coordMoves(3) != "h2e2 h9g7 h0g2" || m.InVariation(3) {
		t.Fatalf("entering the main line: %q", m.coordMoves(3))
	}
	b = m.Branches(2, ICCS)
	if len(b) != 1 || strings.Join(b[1].Moves, " ") != "B0-C2" {
		t.Fatalf("branches at 2 on the main line: %+v", b)
	}
	if !m.EnterBranch(2, 1, 0) || m.coordMoves(3) != "h2e2 h9g7 b0c2" {
		t.Fatalf("entering the variation: %q", m.coordMoves(3))
	}
	if !m.PromoteVariation(3) || m.InVariation(3) {
		t.Fatal("PromoteVariation")
	}
	if out := exportICCS(t, m); !strings.Contains(out, "2. B0-C2 (2. H0-G2) *") {
		t.Fatalf("promoted:\n%s", out)
	}
	// Delete the other line: the game stays, the record loses it.
	if !m.EnterBranch(2, 1, 0) || !m.DeleteVariation(3) {
		t.Fatal("DeleteVariation")
	}
	if out := exportICCS(t, m); strings.Contains(out, "H0-G2") || !strings.Contains(out, "2. B0-C2 *") {
		t.Fatalf("deleted:\n%s", out)
	}
	if m.ShownPly() != 2 || m.coordMoves(3) != "h2e2 h9g7 b0c2" {
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
