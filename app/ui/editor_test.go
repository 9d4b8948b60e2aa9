package ui

import (
	"strings"
	"testing"

	"qipan/app/i18n"
	"qipan/app/play"
)

// TestApplyEdit drives the editor as its buttons, points and keys do.
func TestApplyEdit(t *testing.T) {
	e := play.NewEditor(play.NewTable(play.VariantXiangqi))
	sq := func(s string) int {
		n, ok := e.ParseSquare(s)
		if !ok {
			t.Fatalf("bad square %q", s)
		}
		return n
	}
	cursor := sq("e0")
	for i, tc := range []struct {
		ed         Edit
		wantFEN    string
		wantCursor string
		wantDo     string
	}{
		{Edit{Do: "clear"}, "9/9/9/9/9/9/9/9/9/9 w - - 0 1", "e0", ""},
		{Edit{Do: "put", Arg: "e0"}, "9/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0", ""}, // the red general is picked first
		{Edit{Do: "pick", Arg: "k"}, "9/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0", ""},
		{Edit{Do: "key", Key: "ArrowUp", Arg: "e0"}, "9/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e1", ""},
		{Edit{Do: "key", Key: "ArrowLeft", Arg: "e1"}, "9/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "d1", ""},
		{Edit{Do: "key", Key: "ArrowDown", Arg: "d0"}, "9/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "d1", ""}, // the edge
		{Edit{Do: "put", Arg: "d9"}, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "d9", ""},
		{Edit{Do: "key", Key: "Enter", Arg: "d9"}, "9/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "d9", ""}, // the same piece again: off
		{Edit{Do: "key", Key: " ", Arg: "d9"}, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "d9", ""},
		{Edit{Do: "turn", Arg: "1"}, "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "d9", ""},
		{Edit{Do: "pick", Arg: "-"}, "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "d9", ""},
		{Edit{Do: "put", Arg: "e0"}, "3k5/9/9/9/9/9/9/9/9/9 b - - 0 1", "e0", ""},
		{Edit{Do: "put", Arg: "z9"}, "3k5/9/9/9/9/9/9/9/9/9 b - - 0 1", "e0", ""},
		{Edit{Do: "put", Arg: "e0"}, "3k5/9/9/9/9/9/9/9/9/9 b - - 0 1", "e0", ""}, // the eraser on an empty point
		{Edit{Do: "move", Arg: "d9", To: "e8"}, "9/4k4/9/9/9/9/9/9/9/9 b - - 0 1", "e8", ""},
		{Edit{Do: "move", Arg: "a0", To: "a1"}, "9/4k4/9/9/9/9/9/9/9/9 b - - 0 1", "e8", ""}, // nothing on a0
		{Edit{Do: "start"}, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "e8", ""},
		{Edit{Do: "play"}, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "e8", "play"},
		{Edit{Do: "cancel"}, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "e8", "cancel"},
	} {
		var do string
		cursor, do = applyEdit(e, cursor, tc.ed)
		if e.FEN() != tc.wantFEN || e.SquareName(cursor) != tc.wantCursor || do != tc.wantDo {
			t.Errorf("%d %+v: %q, cursor %s, %q; want %q, %s, %q", i, tc.ed, e.FEN(), e.SquareName(cursor), do, tc.wantFEN, tc.wantCursor, tc.wantDo)
		}
	}
	applyEdit(e, cursor, Edit{Do: "flip"})
	if !e.Flipped() {
		t.Errorf("flip did not turn the editor's board")
	}
}

// TestEditView: the snapshot carries the verdict and the grid as drawn.
func TestEditView(t *testing.T) {
	e := play.NewEditor(play.NewTable(play.VariantReversi))
	e.Clear()
	v := editView(e, i18n.English, "wood", 0, play.CoordsICCS)
	if cs := v.Board.Cells; v.Problem.Reason != play.EditNoDiscs || len(cs) != 64 || cs[0].Square != 0 || cs[63].Square != 63 || !cs[0].Cursor {
		t.Errorf("view of an empty Reversi board: %+v", v.Problem)
	}
	x := play.NewEditor(play.NewTable(play.VariantXiangqi))
	x.Flip()
	v = editView(x, i18n.English, "wood", 0, play.CoordsICCS)
	if !v.Board.Flipped || v.Problem.Reason != "" || len(v.Board.Cells) != 90 || v.Board.Cells[0].Name != "i0" {
		t.Errorf("view of the flipped start: flipped %v, %+v, top-left %s", v.Board.Flipped, v.Problem, v.Board.Cells[0].Name)
	}
}

// The editor's board shows the coordinates the player chose (九…一 by default), not ICCS's.
func TestEditorCoordinates(t *testing.T) {
	x := play.NewEditor(play.NewTable(play.VariantXiangqi))
	for _, tt := range []struct {
		coords, want, not string
	}{{play.CoordsChinese, `data-file-label="九"`, `>a<`}, {play.CoordsICCS, `>a<`, `data-file-label="九"`}} {
		html := appHTML(newPositionEditor().WithView(editView(x, i18n.Simplified, "wood", 0, tt.coords)))
		if !strings.Contains(html, tt.want) || strings.Contains(html, tt.not) {
			t.Errorf("coordinates %s: want %s and no %s on the editor's board", tt.coords, tt.want, tt.not)
		}
		if tt.coords == play.CoordsChinese && !strings.Contains(html, `aria-label="五路第1行 红帅"`) {
			t.Errorf("the editor's e0 is not named 五路第1行 红帅")
		}
	}
}
