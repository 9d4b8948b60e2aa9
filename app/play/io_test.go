package play

import (
	"encoding/json"
	"strings"
	"testing"

	"qipan/app/i18n"

	"qipan/engine/xiangqi"
)

func TestImport(t *testing.T) {
	tests := []struct {
		name, text, kind, fen string
		plies                 int
	}{
		{"FEN", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "FEN", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", 0},
		{"FEN with moves", "  position fen " + xiangqi.StartFEN + " moves h2e2 h9g7\n", "FEN", "", 2},
		{"ICCS list", "1. H2-E2 H9-G7\n2. B0-C2", "PGN", "", 3},
		{"Chinese list", "1. 炮二平五 马８进７ 2. 马八进七", "PGN", "", 3},
		{"WXF list with result", "C2.5 H8+7 H2+3 1-0", "PGN", "", 3},
		{"PGN with FEN", "[Event \"x\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\"]\n\n1. R9+9 *\n", "PGN", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", 1},
		{"DhtmlXQ in a page", "<p>see</p>[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]", "DhtmlXQ", "", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, kind, _, err := Import(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			if kind != tt.kind || g.Ply() != tt.plies || (tt.fen != "" && g.Start().FEN() != tt.fen) {
				t.Errorf("Import = %s, %d plies from %s", kind, g.Ply(), g.Start().FEN())
			}
		})
	}
	// What MovesText, PGN and DhtmlXQ write reads back, in every notation.
	m := newXQ()
	play(t, m, "h2e2", "h9g7", "b0c2", "b9c7", "h0g2", "i9h9")
	m.Undo() // the redo tail is not exported
	texts := map[string]string{}
	for _, n := range Notations {
		texts["moves "+string(n.N)] = m.MovesText(n.N)
		pgn, err := m.PGN(n.N)
		if err != nil {
			t.Fatal(err)
		}
		texts["PGN "+string(n.N)] = pgn
	}
	dx, err := m.DhtmlXQ()
	if err != nil {
		t.Fatal(err)
	}
	texts["DhtmlXQ"] = dx
	for name, text := range texts {
		g, _, _, err := Import(text)
		if err != nil || g.Position().FEN() != m.Position().FEN() || g.Len() != 4 {
			t.Errorf("%s does not read back: %v\n%s", name, err, text)
		}
	}
	if pgn, _ := m.PGN(Chinese); !strings.Contains(pgn, "[Red \"You\"]") || !strings.Contains(pgn, "炮二平五") {
		t.Errorf("PGN:\n%s", pgn)
	}
	// Several games: the first, with a note.
	g, _, notes, err := Import("1. H2-E2 *\n\n1. B2-E2 *\n")
	if err != nil || g.Moves()[0].String() != "h2e2" || len(notes) != 1 || !strings.Contains(notes[0], "2 games") {
		t.Errorf("two games: %v %v %v", g, notes, err)
	}
	bad := []struct{ name, text, want string }{
		{"empty", " \n", "nothing to import"},
		{"bad FEN", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1", "rank"},
		{"bad FEN move", xiangqi.StartFEN + " moves h2e2 h2e2", `move 2 "h2e2"`},
		{"illegal move", "1. H2-E2 H2-E2", "line 1, column 10"},
		{"gibberish", "hello world", "line 1, column 1"},
		{"bad DhtmlXQ", "[DhtmlXQ][DhtmlXQ_movelist]7747777[/DhtmlXQ_movelist][/DhtmlXQ]", "DhtmlXQ: line 1"},
		{"numbers only", "1. 2.", "no moves"},
	}
	for _, tt := range bad {
		if g, _, _, err := Import(tt.text); err == nil || g != nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Import = %v, %v; want an error naming %q", tt.name, g, err, tt.want)
		}
	}
}

// TestNotesText: an import's notes are said in Chinese without English in them, and in English
// as they are.
func TestNotesText(t *testing.T) {
	pgn := "[Event \"x\"]\n1. H2-E2 H9-G7\n\n[Event \"y\"]\n1. H2-E2\n"
	_, _, notes, err := Import(pgn)
	if err != nil || len(notes) == 0 {
		t.Fatalf("notes %q, err %v", notes, err)
	}
	notes = append(notes, "the game ended after move 5 (checkmate): the 3 moves recorded after it were left out", "skipped: game 1: something", "skipped: line 3, column 4: game 1: variation skipped: bad")
	if got := NotesText(i18n.English, notes); got != strings.Join(notes, "; ") {
		t.Errorf("English: %q", got)
	}
	for _, l := range []i18n.Lang{i18n.Simplified, i18n.Traditional} {
		got := NotesText(l, notes)
		for _, r := range got {
			if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
				t.Errorf("%s: %q holds English", l, got)
				break
			}
		}
		if !strings.Contains(got, "5") || !strings.Contains(got, "3") || !strings.Contains(got, "2 局") {
			t.Errorf("%s: %q lost the numbers", l, got)
		}
	}
}

// TestErrorText: why an import or a save failed is said in Chinese without English, naming
// the line and column or the move; in English as it is.
func TestErrorText(t *testing.T) {
	for _, tc := range []struct {
		text, want string
	}{
		{"", "文本中没有找到对局"},
		{"this is no game", "第 1 行第 1 列无法读取"},
		{"[Event \"x\"]\n1. H2-E2 Q9-Z9\n", "第 2 行第"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h2e2", "第 2 步（h2e2）不合规则"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1", "局面无法读取"},
	} {
		_, _, _, err := Import(tc.text)
		if err == nil {
			t.Fatalf("%q imported", tc.text)
		}
		got := ErrorText(i18n.Simplified, err)
		if !strings.Contains(got, tc.want) {
			t.Errorf("%q: %q (%v), want it to say %q", tc.text, got, err, tc.want)
		}
		for _, r := range got {
			if r >= 'a' && r <= 'z' && !strings.Contains(tc.want, string(r)) {
				t.Errorf("%q: %q holds English", tc.text, got)
				break
			}
		}
		if got := ErrorText(i18n.English, err); got != err.Error() {
			t.Errorf("English: %q", got)
		}
		// The detail: the reader's words first, the parser's after.
		if got := ErrorDetail(i18n.Simplified, err); !strings.HasPrefix(got, ErrorText(i18n.Simplified, err)) || !strings.HasSuffix(got, "("+err.Error()+")") {
			t.Errorf("detail %q", got)
		}
		if got := ErrorDetail(i18n.English, err); got != err.Error() {
			t.Errorf("English detail %q", got)
		}
	}
	var v struct{}
	if err := json.Unmarshal([]byte("{not json"), &v); ErrorText(i18n.Traditional, err) != "檔案已損壞" {
		t.Errorf("JSON: %q", ErrorText(i18n.Traditional, err))
	}
}
