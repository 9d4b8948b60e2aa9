package ui

import (
	"regexp"
	"strings"
	"testing"

	"qipan/app/play"
	"qipan/engine/xiangqi"
)

func mustMove(t *testing.T, s string) xiangqi.Move {
	t.Helper()
	m, err := xiangqi.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func render(b *Board) string { return appHTML(b) }

func TestPointXY(t *testing.T) {
	tests := []struct {
		sq      string
		flipped bool
		x, y    int
	}{
		{"a0", false, 100, 1000},
		{"i9", false, 900, 100},
		{"e4", false, 500, 600},
		{"a0", true, 900, 100},
		{"i9", true, 100, 1000},
		{"e4", true, 500, 500},
	}
	for _, tt := range tests {
		s, _ := xiangqi.ParseSquare(tt.sq)
		if x, y := pointXY(s, tt.flipped); x != tt.x || y != tt.y {
			t.Errorf("pointXY(%s, %v) = %d,%d, want %d,%d", tt.sq, tt.flipped, x, y, tt.x, tt.y)
		}
	}
}

func TestBoardStart(t *testing.T) {
	html := render(newBoard().WithView(BoardView{Position: xiangqi.NewPosition(), Selected: play.NoSquare}))
	counts := map[string]int{"data-piece": 32, "data-square": 32 + 90, "data-hint": 0, "data-last": 0, "data-check": 0, "data-ready": 0, "data-thinking": 0}
	for s, n := range counts {
		if got := countAttr(html, s); got != n {
			t.Errorf("%s appears %d times, want %d", s, got, n)
		}
	}
	for _, s := range []string{`data-turn="w"`, `data-fen="` + xiangqi.StartFEN + `"`, `id="board"`} {
		if !strings.Contains(html, s) {
			t.Errorf("no %s", s)
		}
	}
	// Every piece letter of the start position is drawn with its character.
	for _, p := range "KABNRCPkabnrcp" {
		if !strings.Contains(html, `data-piece="`+string(p)+`"`) {
			t.Errorf("no piece %c", p)
		}
	}
}

func TestBoardSelectionHintsLastCheck(t *testing.T) {
	m := play.NewMatch()
	m.Click(mustSquare(t, "h2"))
	v := BoardView{Position: m.Position(), Selected: m.Selected(), Hints: m.Hints(), Last: mustMove(t, "b9c7"), Ready: true, Thinking: true}
	html := render(newBoard().WithView(v))
	if got := countAttr(html, "data-hint"); got != len(m.Hints()) || got == 0 {
		t.Errorf("%d hint markers, want %d", got, len(m.Hints()))
	}
	if got := countAttr(html, "data-last"); got != 2 {
		t.Errorf("%d last-move points, want 2", got)
	}
	if countAttr(html, "data-ready") != 1 || countAttr(html, "data-thinking") != 1 {
		t.Error("no data-ready/data-thinking")
	}
	if !regexp.MustCompile(`class="piece red selected"[^>]*|data-square="h2"[^>]*class="piece red selected"`).MatchString(html) {
		t.Error("h2 not drawn as selected")
	}

	pos, err := xiangqi.ParseFEN("3k5/9/9/9/4r4/9/9/9/9/4K4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	html = render(newBoard().WithView(BoardView{Position: pos, Selected: play.NoSquare}))
	if countAttr(html, "data-check") != 1 {
		t.Fatalf("no single data-check in %s", html[:200])
	}
	tag := regexp.MustCompile(`<g [^>]*data-check(?:[ =][^>]*)?>`).FindString(html)
	if !strings.Contains(tag, `data-piece="K"`) || !strings.Contains(tag, `data-square="e0"`) {
		t.Errorf("data-check on %s, want the red general on e0", tag)
	}
}

func TestMoveList(t *testing.T) {
	moves := []xiangqi.Move{mustMove(t, "h2e2"), mustMove(t, "h9g7"), mustMove(t, "b0c2")}
	html := appHTML(newMoveList().WithMoves(moves, false))
	for i, want := range []string{"H2-E2", "H9-G7", "B0-C2"} {
		re := regexp.MustCompile(`<span [^>]*data-ply="` + itoa(i+1) + `"[^>]*>\s*` + want)
		if !re.MatchString(html) {
			t.Errorf("no entry data-ply=%d %s in %s", i+1, want, html)
		}
	}
	if strings.Count(html, "data-ply=") != 3 || !strings.Contains(html, "2.") {
		t.Errorf("want 3 entries over 2 full moves: %s", html)
	}
	html = appHTML(newMoveList().WithMoves(moves[:1], true))
	if !strings.Contains(html, "…") {
		t.Errorf("a game starting with Black has no placeholder for Red's move: %s", html)
	}
	if html := appHTML(newMoveList()); strings.Contains(html, "data-ply") {
		t.Errorf("empty list has entries: %s", html)
	}
}

func TestPageStatus(t *testing.T) {
	p := NewPage()
	html := appHTML(p)
	for _, action := range []string{"new", "undo", "redo", "flip"} {
		if !strings.Contains(html, `data-action="`+action+`"`) {
			t.Errorf("no %s button", action)
		}
	}
	if !strings.Contains(html, "Loading") || strings.Contains(html, "data-result") {
		t.Errorf("a page not yet running should say it is loading")
	}
	m, err := play.Restore(play.Saved{Version: play.SavedVersion, Start: "4k4/9/9/9/3r5/9/9/9/9/3K5 w - - 0 1"})
	if err != nil {
		t.Fatal(err)
	}
	p.match, p.mounted = m, true
	if html := appHTML(p); !strings.Contains(html, `data-result="Checkmate: Black wins"`) {
		t.Errorf("mate not shown")
	}
}

func mustSquare(t *testing.T, s string) xiangqi.Square {
	t.Helper()
	q, err := xiangqi.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}
