package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"qipan/app/play"
	"qipan/engine/reversi"
)

func TestReversiBoard(t *testing.T) {
	b := play.NewTable(play.VariantReversi)
	html := drawn(b, play.ViewOptions{}, drawing{Ready: true})
	counts := map[string]int{"data-disc": 4, "data-hint": 4, "data-square": 64 + 4 + 4, "data-last": 0, "data-hint-move": 0, "data-ready": 1, "data-thinking": 0}
	for s, n := range counts {
		if got := countAttr(html, s); got != n {
			t.Errorf("%s appears %d times, want %d", s, got, n)
		}
	}
	if !hasTag(html, `data-disc="X"`, `data-square="d5"`) || !hasTag(html, `data-disc="O"`, `data-square="d4"`) {
		t.Error("the start discs are not on d5 (X) and d4 (O)")
	}
	for _, s := range []string{`data-turn="X"`, `data-fen="` + reversi.NewPosition().String() + `"`, `class="star"`} {
		if !strings.Contains(html, s) {
			t.Errorf("no %s", s)
		}
	}
	if strings.Count(html, `class="star"`) != 4 || strings.Count(html, "<circle") != 64+4+4 {
		t.Errorf("%d stars, %d circles: want 4 stars and 64 disc slots", strings.Count(html, `class="star"`), strings.Count(html, "<circle"))
	}
	for _, sq := range []string{"c4", "d3", "e6", "f5"} {
		if !hasTag(html, `data-hint`, `data-square="`+sq+`"`) {
			t.Errorf("no hint on %s", sq)
		}
	}
	b = tableAfter(t, play.VariantReversi, false, []string{"f5"})
	html = drawn(b, play.ViewOptions{}, drawing{})
	for s, n := range map[string]int{"data-disc": 5, "data-hint": 0, "data-last": 1, "data-hint-move": 0, "data-thinking": 1} {
		if got := countAttr(html, s); got != n {
			t.Errorf("after f5: %s appears %d times, want %d", s, got, n)
		}
	}
	if !strings.Contains(html, `data-turn="O"`) || !hasTag(html, `data-disc="X"`, `data-square="e5"`) {
		t.Error("after f5: e5 not flipped or not White's turn")
	}
	b = tableAfter(t, play.VariantReversi, true, []string{"f5"}, "bestmove f4")
	html = drawn(b, play.ViewOptions{}, drawing{})
	if !hasTag(html, `data-hint-move="f4"`) || countAttr(html, "data-hint") != 3 {
		t.Errorf("White's hint: %d legal moves marked, suggestion f4 %v", countAttr(html, "data-hint"), hasTag(html, `data-hint-move="f4"`))
	}
}

// hasTag reports whether some element of html carries all of attrs (go-app's attribute order
// varies).
func hasTag(html string, attrs ...string) bool {
	for _, tag := range regexp.MustCompile(`<[^>]*>`).FindAllString(html, -1) {
		all := true
		for _, a := range attrs {
			all = all && strings.Contains(tag, " "+a)
		}
		if all {
			return true
		}
	}
	return false
}

func mustRvSquare(t *testing.T, s string) reversi.Square {
	t.Helper()
	m, err := reversi.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m.Square()
}

func TestReversiPage(t *testing.T) {
	p := NewPage()
	p.setGame(play.VariantReversi)
	p.mounted = true
	html := appHTML(p)
	for _, action := range []string{"game", "new", "undo", "redo", "hint", "play-black", "play-white", "play-two", "level", "sound", "io", "move-now"} {
		if !strings.Contains(html, `data-action="`+action+`"`) {
			t.Errorf("no %s control", action)
		}
	}
	if !strings.Contains(html, `aria-label="Reversi board"`) || !strings.Contains(html, "Your move (Black)") || !strings.Contains(html, `data-count="X"`) {
		t.Error("not the Reversi page")
	}
	if p.rv().Client != p.xq().Client {
		t.Error("the games do not share the engine conversation")
	}
	// A forced pass is said; the end shows the result with the discs.
	g, _, err := play.ImportReversi("e6f4c3e7f5g6g3f3f7d7h5c6c7h7g5d3c5g4h3f6e3h2g2d6h6")
	if err != nil {
		t.Fatal(err)
	}
	p.rv().SetTwoPlayer()
	p.rvGame().Load(g)
	p.rv().Click(int(mustRvSquare(t, "h4")))
	if html := appHTML(p); !strings.Contains(html, `data-pass="Black has no move and passes"`) {
		t.Error("the pass is not shown")
	}
	end, _ := reversi.ParseBoard("XO------" + strings.Repeat("-", 56) + " X")
	p.rvGame().Load(reversi.NewGame(end))
	p.rv().Click(int(mustRvSquare(t, "c1")))
	if html := appHTML(p); !strings.Contains(html, `data-result="Black wins 3–0"`) {
		t.Error("the result is not shown")
	}
	p.ioOpen = true
	if html := appHTML(p); !strings.Contains(html, `data-action="export-transcript"`) || strings.Contains(html, `data-action="export-pgn"`) || strings.Contains(html, `data-action="flip"`) {
		t.Error("the Reversi import/export box has the wrong buttons")
	}
}

// The suggested move's score is drawn over its dashed ring, inside it: the ring (radius 40,
// stroke 7) never covers it.
func TestReversiHintScoreOverRing(t *testing.T) {
	b := tableAfter(t, play.VariantReversi, false, nil, "info string ready", "info depth 6 multipv 1 score cp 2 nodes 9 pv f5 d6", "bestmove f5")
	html := drawn(b, play.ViewOptions{}, drawing{HintScores: true, Ready: true})
	if drawn(b, play.ViewOptions{}, drawing{}) == html || strings.Contains(drawn(b, play.ViewOptions{}, drawing{}), "data-hint-score") {
		t.Error("scores drawn where they are not asked for")
	}
	ring, score := strings.Index(html, `data-hint-move="f5"`), strings.Index(html, `data-hint-score="2"`)
	if ring < 0 || score < 0 || score < ring {
		t.Fatalf("ring at %d, score at %d: the score must come after (over) the ring", ring, score)
	}
	m := regexp.MustCompile(`<text [^>]*data-hint-score="2"[^>]*>`).FindString(html)
	y := regexp.MustCompile(` y="(\d+)"`).FindStringSubmatch(m)
	cy := regexp.MustCompile(`<circle [^>]*data-hint-move="f5"[^>]*>`).FindString(html)
	c := regexp.MustCompile(` cy="(\d+)"`).FindStringSubmatch(cy)
	if y == nil || c == nil {
		t.Fatalf("no positions in %s / %s", m, cy)
	}
	yi, _ := strconv.Atoi(y[1])
	ci, _ := strconv.Atoi(c[1])
	// web/qipan.css's .hint-score is 24 px: its figures rise ~0.75 of that above the baseline;
	// the ring's stroke runs 36.5..43.5 from its centre, and the score's own outline is 2.5 px
	// wide: with a margin the score stays within 30 px of the centre.
	if top, bottom := ci-(yi-18), yi-ci; top > 30 || bottom > 30 {
		t.Errorf("the score spans %d above to %d below the ring's centre, into the ring's stroke (36.5..43.5)", top, bottom)
	}
}
