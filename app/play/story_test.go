package play

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"qipan/app/i18n"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/record"
)

const storyPGN = `[Event "2025 National Championship"]
[Date "2025.10.01"]
[Red "Wang Tianyi"]
[Black "Zheng Weitong"]
[Result "1-0"]
[Format "ICCS"]

{A classic opening.}
1. H2-E2 {The central cannon.} H9-G7
2. H0-G2 {Both develop.} I9-H9 1-0`

func TestStoryRoundTrip(t *testing.T) {
	r, _, _, err := ImportRecord(storyPGN)
	if err != nil {
		t.Fatal(err)
	}
	m := newXQ()
	if _, err := m.LoadRecord(r); err != nil {
		t.Fatal(err)
	}
	if m.Tag("red") != "Wang Tianyi" || m.Comment(0) != "A classic opening." || m.Comment(1) != "The central cannon." || m.Comment(3) != "Both develop." {
		t.Fatalf("story: red %q, comments %q %q %q", m.Tag("Red"), m.Comment(0), m.Comment(1), m.Comment(3))
	}
	out, err := m.PGN(ICCS)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[Event "2025 National Championship"]`, `[Red "Wang Tianyi"]`, `[Black "Zheng Weitong"]`,
		`[Date "2025.10.01"]`, `[Result "1-0"]`, "{A classic opening.}", "{The central cannon.}", "{Both develop.}"} {
		if !strings.Contains(out, want) {
			t.Errorf("exported PGN lacks %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, `"You"`) || strings.Contains(out, "qipan level") {
		t.Errorf("exported PGN names the app's players:\n%s", out)
	}
	dx, err := m.DhtmlXQ()
	if err != nil || !strings.Contains(dx, "Wang Tianyi") || !strings.Contains(dx, "The central cannon.") {
		t.Errorf("DhtmlXQ export %v:\n%s", err, dx)
	}

	// It survives a save and a restore.
	m2 := saveAndRestore(t, m)
	if m2.Tag("Event") != "2025 National Championship" || m2.Comment(3) != "Both develop." {
		t.Errorf("restored story: %q %q", m2.Tag("Event"), m2.Comment(3))
	}

	// Another move in place of the record's starts a variation: the record keeps its line,
	// comments and result; the new move has no comment.
	m2.SetTwoPlayer()
	m2.Undo()
	m2.Undo()
	m2.Click(mustSquare(t, "b0"))
	m2.Click(mustSquare(t, "c2"))
	if m2.Comment(3) != "" || m2.Comment(1) != "The central cannon." {
		t.Errorf("after leaving the record: comments %q %q", m2.Comment(1), m2.Comment(3))
	}
	out, _ = m2.PGN(ICCS)
	if !strings.Contains(out, `[Result "1-0"]`) || !strings.Contains(out, "{Both develop.}\n(2. B0-C2) 2... I9-H9 1-0") {
		t.Errorf("the record's line is not kept with the new move as a variation:\n%s", out)
	}
}

// TestImportStopsAtTheEnd: moves recorded after a mate are left out, with a note.
func TestImportStopsAtTheEnd(t *testing.T) {
	r, _, _, err := ImportRecord("3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1 moves a7a8")
	if err != nil {
		t.Fatal(err)
	}
	// After a7a8 Black has no move; add a move past the end by hand.
	extra, _ := xiangqi.ParseMove("e0e1")
	r.Moves = append(r.Moves, r.Moves[0])
	r.Moves[1].Move = extra
	m := newXQ()
	notes, err := m.LoadRecord(r)
	if err != nil {
		t.Fatal(err)
	}
	if m.Game().Len() != 1 || len(notes) != 1 || !strings.Contains(notes[0], "ended after move 1") {
		t.Errorf("len %d, notes %q", m.Game().Len(), notes)
	}
}

func TestRestoreBadStory(t *testing.T) {
	for _, st := range []*SavedStory{{Moves: "h2e2 zz"}, {Moves: "h2e2", Notes: []string{"a", "b"}}} {
		s := newXQ().Save()
		s.Story = st
		if _, err := restoreXQ(s); err == nil || !strings.Contains(err.Error(), "story") {
			t.Errorf("story %+v: error %v, want one naming the story", st, err)
		}
	}
}

// annotatedPGN has what a blogger's record has: symbols, nested variations, comments.
const annotatedPGN = `[Event "讲解"]
[Result "1-0"]
{中炮。}
1. H2-E2! H9-G7 2. H0-G2 $1 {稳健} (2. C3-C4 {另一路} 2... G6-G5!? (2... I9-H9 3. H0-G2) 3. B0-C2) (2. B0-C2?!)
2... I9-H9 3. I0-H0?? B9-C7 {完} 1-0`

// TestStoryKeepsTheTree: an annotated record's variations and symbols survive import,
// export, save and restore.
func TestStoryKeepsTheTree(t *testing.T) {
	m := newXQ()
	if _, _, err := m.Import(annotatedPGN); err != nil {
		t.Fatal(err)
	}
	want, _, _ := record.ParsePGN(annotatedPGN)
	same := func(label, pgn string) {
		t.Helper()
		got, _, err := record.ParsePGN(pgn)
		if err != nil || len(got) != 1 {
			t.Fatalf("%s: %v\n%s", label, err, pgn)
		}
		a, _ := record.FormatPGN(want[0], record.PGNOptions{})
		b, _ := record.FormatPGN(got[0], record.PGNOptions{})
		if a != b {
			t.Errorf("%s:\n%s\nwant\n%s", label, b, a)
		}
	}
	out, err := m.PGN(ICCS)
	if err != nil {
		t.Fatal(err)
	}
	same("export", out)
	b, _ := json.Marshal(m.Save())
	var s Saved
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if s.Story == nil || !strings.Contains(s.Story.Tree, "(2. C3-C4") {
		t.Fatalf("saved story without its tree: %+v", s.Story)
	}
	m2, err := restoreXQ(s)
	if err != nil {
		t.Fatal(err)
	}
	out, _ = m2.PGN(Chinese)
	same("restored", out)
	dx, _ := m2.DhtmlXQ()
	if !strings.Contains(dx, "[DhtmlXQ_move_0_3_1]") {
		t.Errorf("DhtmlXQ export without the variation:\n%s", dx)
	}
	// A saved tree that does not fit its moves is refused.
	s.Story.Tree = strings.Replace(s.Story.Tree, "1. H2-E2!", "1. B2-E2", 1)
	if _, err := restoreXQ(s); err == nil || !strings.Contains(err.Error(), "story") {
		t.Errorf("a tree that does not fit: %v", err)
	}
}

// TestImportFile: XQF files, encrypted or not, and text files in UTF-8 or GBK.
func TestImportFile(t *testing.T) {
	for _, tc := range []struct{ file, kind, moves string }{
		{"spec-sample.xqf", "XQF", "c3c4 h9g7 g3g4"},
		{"annotated-v18.xqf", "XQF", "h2e2 h9g7 h0g2"},
	} {
		data, err := os.ReadFile("../../engine/xiangqi/record/testdata/xqf/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		m := newXQ()
		kind, notes, err := m.ImportFile(data, func(b []byte) string { return "?" })
		if err != nil || kind != tc.kind || len(notes) != 0 {
			t.Fatalf("%s: %q %v %v", tc.file, kind, notes, err)
		}
		if got := m.coordMoves(3); got != tc.moves {
			t.Errorf("%s: moves %q, want %q", tc.file, got, tc.moves)
		}
		if tc.file == "annotated-v18.xqf" {
			out, _ := m.PGN(ICCS)
			if !strings.Contains(out, "(2. C3-C4 {?} 2... G6-G5 (2... I9-H9") {
				t.Errorf("%s: the variation is not exported:\n%s", tc.file, out)
			}
		}
	}
	// A text file not in UTF-8 goes through the decoder.
	gbk := []byte("1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 *") // 炮二平五 in GBK
	m := newXQ()
	kind, _, err := m.ImportFile(gbk, func(b []byte) string {
		return strings.Replace(string(b), "\xc5\xda\xb6\xfe\xc6\xbd\xce\xe5", "炮二平五", 1)
	})
	if err != nil || kind != "PGN" || m.coordMoves(1) != "h2e2" {
		t.Errorf("GBK text: %q %v", kind, err)
	}
	// A broken XQF file names its offset.
	data, _ := os.ReadFile("../../engine/xiangqi/record/testdata/xqf/spec-sample.xqf")
	_, _, err = m.ImportFile(data[:1030], nil)
	if err == nil || !strings.Contains(err.Error(), "offset 1030") {
		t.Errorf("truncated XQF: %v", err)
	}
	if s := ErrorText(i18n.Simplified, err); s != "文件从第 1030 字节起读不了" {
		t.Errorf("for a reader of Chinese: %q", s)
	}
}
