package play

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"qipan/app/i18n"
)

// viewed is what a test reads of a BoardView: the marks by square name, the labels in order.
type viewed struct {
	first, last string // the top-left and bottom-right cells
	pieces      int
	lastMove    []string
	check       string
	selected    string
	targets     []string
	cursor      string
	hint        string
	scores      map[string]int
	labels      []string // "edge:at:text"
}

func readView(v BoardView) viewed {
	r := viewed{first: v.Cells[0].Name, last: v.Cells[len(v.Cells)-1].Name, hint: v.Hint}
	for _, c := range v.Cells {
		if c.Piece != 0 {
			r.pieces++
		}
		if c.Last {
			r.lastMove = append(r.lastMove, c.Name)
		}
		if c.Check {
			r.check = c.Name
		}
		if c.Selected {
			r.selected = c.Name
		}
		if c.Target {
			r.targets = append(r.targets, c.Name)
		}
		if c.Cursor {
			r.cursor = c.Name
		}
		if c.Scored {
			if r.scores == nil {
				r.scores = map[string]int{}
			}
			r.scores[c.Name] = c.Score
		}
	}
	for _, l := range v.Labels {
		r.labels = append(r.labels, []string{"bottom", "top", "left"}[l.Edge]+":"+strconv.Itoa(l.At)+":"+l.Text)
	}
	return r
}

// shelf is a Shelf in memory.
type shelf map[string]Saved

func (s shelf) Keep(v string, saved Saved) error { s[v] = saved; return nil }
func (s shelf) Kept(v string) (Saved, bool)      { saved, ok := s[v]; return saved, ok }
func (s shelf) Drop(v string)                    { delete(s, v) }

// clicks plays the clicks named on t.
func clicks(t *testing.T, b *Table, names ...string) {
	t.Helper()
	for _, n := range names {
		sq, ok := b.ParseSquare(n)
		if !ok {
			t.Fatalf("no square %s", n)
		}
		b.Click(sq)
	}
}

// hinted asks t's engine for a hint and answers it with lines.
func hinted(t *testing.T, b *Table, lines ...string) {
	t.Helper()
	if !b.RequestHint() {
		t.Fatal("hint refused")
	}
	b.EngineLines()
	for _, l := range lines {
		if _, _, err := b.EngineSaid(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
}

func TestBoardView(t *testing.T) {
	zhLabels := []string{"bottom:0:九", "top:0:１", "bottom:1:八", "top:1:２"}
	tests := []struct {
		name   string
		board  func(t *testing.T) *Table
		o      ViewOptions
		want   viewed
		labels []string // the first labels
		nLabel int
		pos    string // the start of Position
	}{
		{"xiangqi start", func(*testing.T) *Table { return NewTable(VariantXiangqi) }, ViewOptions{},
			viewed{first: "a9", last: "i0", pieces: 32, cursor: "e0"}, zhLabels, 18, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"},
		{"xiangqi flipped", func(*testing.T) *Table { b := NewTable(VariantXiangqi); b.Flip(); return b }, ViewOptions{},
			viewed{first: "i0", last: "a9", pieces: 32, cursor: "e9"}, []string{"top:0:一", "bottom:0:９", "top:1:二", "bottom:1:８"}, 18, ""},
		{"xiangqi iccs", func(*testing.T) *Table { return NewTable(VariantXiangqi) }, ViewOptions{Coords: CoordsICCS, Cursor: "c3"},
			viewed{first: "a9", last: "i0", pieces: 32, cursor: "c3"}, []string{"bottom:0:a", "bottom:1:b"}, 19, ""},
		{"xiangqi iccs flipped", func(*testing.T) *Table { b := NewTable(VariantXiangqi); b.Flip(); return b }, ViewOptions{Coords: CoordsICCS},
			viewed{first: "i0", last: "a9", pieces: 32, cursor: "e9"}, []string{"bottom:0:i", "bottom:1:h"}, 19, ""},
		{"xiangqi selected", func(t *testing.T) *Table { b := NewTable(VariantXiangqi); clicks(t, b, "h2"); return b }, ViewOptions{Cursor: "h2"},
			viewed{first: "a9", last: "i0", pieces: 32, selected: "h2", cursor: "h2",
				targets: []string{"h9", "h6", "h5", "h4", "h3", "g2", "f2", "e2", "d2", "c2", "i2", "h1"}}, nil, 18, ""},
		{"xiangqi moved", func(t *testing.T) *Table {
			b := NewTable(VariantXiangqi)
			b.SetTwoPlayer()
			clicks(t, b, "h2", "e2")
			return b
		}, ViewOptions{},
			viewed{first: "a9", last: "i0", pieces: 32, lastMove: []string{"e2", "h2"}, cursor: "e0"}, nil, 18, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"},
		{"xiangqi check", func(t *testing.T) *Table {
			b := NewTable(VariantXiangqi)
			if _, _, err := b.Import("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1"); err != nil {
				t.Fatal(err)
			}
			return b
		}, ViewOptions{}, viewed{first: "a9", last: "i0", pieces: 3, check: "e9", cursor: "e0"}, nil, 18, "4k4/9/9/9/9/9/9/9/4R4/3K5 b"},
		{"xiangqi hint", func(t *testing.T) *Table { b := NewTable(VariantXiangqi); hinted(t, b, "bestmove h2e2"); return b }, ViewOptions{},
			viewed{first: "a9", last: "i0", pieces: 32, cursor: "e0", hint: "h2e2"}, nil, 18, ""},
		{"reversi start", func(*testing.T) *Table { return NewTable(VariantReversi) }, ViewOptions{Coords: CoordsICCS},
			viewed{first: "a1", last: "h8", pieces: 4, targets: []string{"d3", "c4", "f5", "e6"}, cursor: "d3"},
			[]string{"top:0:a", "top:1:b", "top:2:c"}, 16, "---------------------------OX------XO--------------------------- X"},
		{"reversi moved", func(t *testing.T) *Table { b := NewTable(VariantReversi); clicks(t, b, "f5"); return b }, ViewOptions{},
			viewed{first: "a1", last: "h8", pieces: 5, lastMove: []string{"f5"}, cursor: "e8"}, nil, 16, ""},
		{"reversi hint", func(t *testing.T) *Table {
			b := NewTable(VariantReversi)
			hinted(t, b, "info string ready", "info depth 6 multipv 1 score cp 200 nodes 9 pv f5 d6",
				"info depth 6 multipv 2 score cp -50 nodes 9 pv c4", "bestmove f5")
			return b
		}, ViewOptions{}, viewed{first: "a1", last: "h8", pieces: 4, targets: []string{"d3", "c4", "f5", "e6"}, cursor: "d3", hint: "f5",
			scores: map[string]int{"f5": 200, "c4": -50}}, nil, 16, ""},
		{"tic-tac-toe", func(t *testing.T) *Table { b := newTicTacToe(); clicks(t, b, "b2"); return b }, ViewOptions{},
			viewed{first: "a3", last: "c1", pieces: 1, lastMove: []string{"b2"}, cursor: "b1"}, []string{"bottom:0:a", "bottom:1:b", "bottom:2:c", "left:0:3", "left:1:2", "left:2:1"}, 6, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.board(t)
			v := b.View(tt.o)
			got := readView(v)
			cols, rows := b.Dims()
			if v.Cols != cols || v.Rows != rows || len(v.Cells) != cols*rows || v.Variant != b.Variant() || v.Flipped != b.Flipped() {
				t.Fatalf("%s: %dx%d, %d cells", v.Variant, v.Cols, v.Rows, len(v.Cells))
			}
			for i, c := range v.Cells {
				if c.Col != i%cols || c.Row != i/cols || c.Square != b.Cell(c.Col, c.Row) || c.Piece != b.Piece(c.Square) {
					t.Fatalf("cell %d: %+v", i, c)
				}
			}
			slices.Sort(got.lastMove)
			slices.Sort(got.targets)
			slices.Sort(tt.want.targets)
			labels := got.labels
			got.labels = nil
			if !equalViewed(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
			if len(labels) != tt.nLabel || !slices.Equal(labels[:len(tt.labels)], tt.labels) {
				t.Errorf("labels %q, want %d starting %q", labels, tt.nLabel, tt.labels)
			}
			if !strings.HasPrefix(v.Position, tt.pos) || (b.Variant() != "tictactoe") == (v.Position == "") {
				t.Errorf("position %q, want %q…", v.Position, tt.pos)
			}
			if v.Turn != b.Turn() {
				t.Errorf("turn %d, want %d", v.Turn, b.Turn())
			}
		})
	}
}

func equalViewed(a, b viewed) bool {
	return a.first == b.first && a.last == b.last && a.pieces == b.pieces && slices.Equal(a.lastMove, b.lastMove) &&
		a.check == b.check && a.selected == b.selected && slices.Equal(a.targets, b.targets) && a.cursor == b.cursor &&
		a.hint == b.hint && len(a.scores) == len(b.scores) && func() bool {
		for k, s := range a.scores {
			if b.scores[k] != s {
				return false
			}
		}
		return true
	}()
}

// The record's players and comment come with the board; the hint arrow's ends are cells.
func TestBoardViewStoryAndHint(t *testing.T) {
	b := NewTable(VariantXiangqi)
	if _, _, err := b.Import("[Red \"王天一\"]\n[Black \"郑惟桐\"]\n\n1. 炮二平五 {中炮开局} 马8进7 *"); err != nil {
		t.Fatal(err)
	}
	b.Review(1)
	v := b.View(ViewOptions{Lang: i18n.English})
	if !strings.Contains(v.Players, "王天一") || v.Comment != "中炮开局" || !v.Commented || !v.Reviewing {
		t.Errorf("players %q, comment %q, commented %v, reviewing %v", v.Players, v.Comment, v.Commented, v.Reviewing)
	}
	if v := NewTable(VariantXiangqi).View(ViewOptions{}); v.Players != "" || v.Comment != "" || v.Commented || v.HintFrom != -1 || v.HintTo != -1 {
		t.Errorf("a new game's view: %q %q %v, hint %d-%d", v.Players, v.Comment, v.Commented, v.HintFrom, v.HintTo)
	}
	b = NewTable(VariantXiangqi)
	hinted(t, b, "bestmove h2e2")
	v = b.View(ViewOptions{})
	if v.Cells[v.HintFrom].Name != "h2" || v.Cells[v.HintTo].Name != "e2" {
		t.Errorf("hint from %d to %d", v.HintFrom, v.HintTo)
	}
}

// threeBoards are the start of Xiangqi, either way up, and of Reversi.
func threeBoards() (xq, flipped, rv *Table) {
	xq, flipped, rv = NewTable(VariantXiangqi), NewTable(VariantXiangqi), NewTable(VariantReversi)
	flipped.Flip()
	return xq, flipped, rv
}

// The arrow keys move the cursor as the board is drawn, either way up; the edge stops them.
func TestBoardViewStep(t *testing.T) {
	xq, flipped, rv := threeBoards()
	tests := []struct {
		b      *Table
		from   string
		dx, dy int
		want   string // "" past the edge
	}{
		{xq, "e0", 1, 0, "f0"}, {xq, "e0", 0, -1, "e1"}, {xq, "e0", 0, 1, ""}, {xq, "a5", -1, 0, ""},
		{flipped, "e0", 1, 0, "d0"}, {flipped, "e0", 0, 1, "e1"}, {flipped, "e9", 0, 1, ""},
		{rv, "d3", 0, 1, "d4"}, {rv, "a1", 0, -1, ""}, {rv, "h8", 1, 0, ""},
	}
	for _, tt := range tests {
		sq, _ := tt.b.ParseSquare(tt.from)
		got := tt.b.View(ViewOptions{}).Step(sq, tt.dx, tt.dy)
		name := ""
		if got >= 0 {
			name = tt.b.SquareName(got)
		}
		if name != tt.want {
			t.Errorf("%s flipped %v: %s by %d,%d = %q, want %q", tt.b.Variant(), tt.b.Flipped(), tt.from, tt.dx, tt.dy, name, tt.want)
		}
	}
	if got := xq.View(ViewOptions{}).Step(-1, 0, 0); got != -1 {
		t.Errorf("a square not on the board steps to %d", got)
	}
}

// A cell's name for a screen reader follows the board's coordinates and the side at the
// bottom; its label adds what stands there.
func TestCellLabels(t *testing.T) {
	xq, flipped, rv := threeBoards()
	tests := []struct {
		b      *Table
		sq     string
		lang   i18n.Lang
		coords string
		name   string
		label  string
	}{
		{xq, "e0", i18n.Simplified, CoordsChinese, "五路第1行", "五路第1行 红帅"},
		{xq, "h2", i18n.Simplified, CoordsChinese, "二路第3行", "二路第3行 红炮"},
		{xq, "a9", i18n.Traditional, CoordsChinese, "九路第10行", ""},
		{flipped, "b9", i18n.Simplified, CoordsChinese, "２路第1行", "２路第1行 黑马"},
		{xq, "h2", i18n.English, CoordsChinese, "file 2, row 3", "file 2, row 3, red cannon"},
		{flipped, "b9", i18n.English, CoordsChinese, "file 2, row 1", ""},
		{xq, "h2", i18n.Simplified, CoordsICCS, "h2", ""},
		{xq, "e5", i18n.English, CoordsICCS, "e5", "e5, empty"},
		{rv, "d4", i18n.English, CoordsChinese, "d4", "d4, White disc"},
		{rv, "a1", i18n.English, CoordsChinese, "a1", "a1, empty"},
	}
	for _, tt := range tests {
		v := tt.b.View(ViewOptions{Coords: tt.coords})
		sq, _ := tt.b.ParseSquare(tt.sq)
		c, ok := v.Find(sq)
		if !ok {
			t.Fatalf("no cell %s", tt.sq)
		}
		if got := v.SpokenName(tt.lang, c); got != tt.name {
			t.Errorf("%s in %s, %s, flipped %v: %q, want %q", tt.sq, tt.lang, tt.coords, v.Flipped, got, tt.name)
		}
		if got := v.CellLabel(tt.lang, c); tt.label != "" && got != tt.label {
			t.Errorf("%s in %s: label %q, want %q", tt.sq, tt.lang, got, tt.label)
		}
	}
}

// The editor's board is viewed as a game's: its cells, labels and position, the cursor given.
func TestEditorView(t *testing.T) {
	e := NewEditor(NewTable(VariantXiangqi))
	e.Flip()
	v := e.View(ViewOptions{Cursor: "e9"})
	got := readView(v)
	if got.first != "i0" || got.pieces != 32 || got.cursor != "e9" || len(got.labels) != 18 || got.labels[0] != "top:0:一" || v.Position != e.FEN() {
		t.Errorf("flipped editor: %+v, position %q", got, v.Position)
	}
	r := NewEditor(NewTable(VariantReversi))
	r.Clear()
	if got := readView(r.View(ViewOptions{})); got.first != "a1" || got.pieces != 0 || got.cursor != "" || len(got.labels) != 16 {
		t.Errorf("cleared Reversi editor: %+v", got)
	}
}

func TestEscape(t *testing.T) {
	s := NewSession(NewTable(VariantXiangqi), NewTable(VariantReversi))
	clicks(t, s.Table(), "h2")
	if !s.Escape() || s.Table().Selected() >= 0 || len(s.Table().Targets()) != 0 {
		t.Errorf("Escape left the selection %d", s.Table().Selected())
	}
	if s.Escape() {
		t.Error("Escape with nothing selected changed something")
	}
	s.Show(VariantReversi)
	if s.Escape() || len(s.Table().Targets()) != 4 {
		t.Error("Escape changed Reversi's board")
	}
}

// An import goes into the game on the board, or the other game that reads it (shown then);
// a text no game reads changes nothing; the messages name where it came from.
func TestImportFlow(t *testing.T) {
	s := NewSession(NewTable(VariantXiangqi), NewTable(VariantReversi))
	s.SetShelf(shelf{})
	clicks(t, s.Table(), "h2", "e2")
	im := s.ImportText("f5d6c3") // a Reversi transcript, on the Xiangqi board
	if im.Err != nil || s.Table().Variant() != VariantReversi || s.Of(VariantReversi).Len() != 3 || s.Of(VariantXiangqi).Len() != 1 || im.Kind != "transcript" {
		t.Fatalf("a Reversi transcript on the Xiangqi board: %v, %s shown, Reversi has %d moves", im.Err, s.Table().Variant(), s.Of(VariantReversi).Len())
	}
	s.Show(VariantXiangqi)
	im = s.ImportText("this is no game")
	if im.Err == nil || s.Table().Variant() != VariantXiangqi || s.Table().Len() != 1 || s.Of(VariantReversi).Len() != 3 {
		t.Fatalf("no game's text: %v, %s shown, %d moves", im.Err, s.Table().Variant(), s.Table().Len())
	}
	if msg := im.Message(i18n.English, "the clipboard"); !strings.HasPrefix(msg, "Could not import the clipboard: ") {
		t.Errorf("error message %q", msg)
	}
	if msg := im.Message(i18n.Simplified, ""); !strings.HasSuffix(msg, "("+im.Err.Error()+")") {
		t.Errorf("the box's error in Chinese %q: the reader's words, then the parser's", msg)
	}
	im = s.ImportText("1. 炮二平五 马8进7")
	if im.Err != nil || s.Table().Len() != 2 || !im.Effects.Kept || !im.Effects.Save {
		t.Fatalf("import: %v, %d moves, kept %v", im.Err, s.Table().Len(), im.Effects.Kept)
	}
	if msg := im.Message(i18n.English, "game.pgn"); !strings.HasPrefix(msg, "Loaded the ") || !strings.Contains(msg, " from game.pgn.") || !strings.Contains(msg, i18n.English.T(i18n.ImportKeptPrevious)) {
		t.Errorf("message %q", msg)
	}
	if msg := im.Message(i18n.English, ""); strings.Contains(msg, " from ") {
		t.Errorf("the box's message %q names a source", msg)
	}
	s.Show(VariantReversi)
	if im := s.ImportFile([]byte("f5d6c3"), func(b []byte) string { return string(b) }); im.Err != nil || s.Table().Len() != 3 {
		t.Errorf("a transcript file on the Reversi board: %v", im.Err)
	}
	if im := (Imported{Err: errors.New("nothing to import")}); im.Message(i18n.Simplified, "") != i18n.Simplified.T(i18n.ErrNoGame)+" (nothing to import)" {
		t.Errorf("%q", im.Message(i18n.Simplified, ""))
	}
}
