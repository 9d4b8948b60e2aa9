package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"qipan/engine/xiangqi"
)

// TestEnginePanel plays the computer and reads its search on the page: depth, a score from
// the viewer's side (Red up a chariot scores well above zero while Black searches), a line of
// legal moves, the text in Chinese, and the switch that hides it.
func TestEnginePanel(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/?lang=zh-Hans")

	// Black (the computer) to move, a chariot down.
	const fen = "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"
	setSaved(t, ctx, `{"v":1,"start":"`+fen+`","moves":"","ply":0}`)
	load(t, ctx, srv.URL+"/?lang=zh-Hans")
	waitFor(t, ctx, 30*time.Second, "the engine's search on the page", `document.querySelector("[data-engine][data-depth]") !== null`)
	waitReply(t, ctx, 1)
	depth, _ := strconv.Atoi(eval[string](t, ctx, `document.querySelector("[data-engine]").dataset.depth`))
	score := eval[string](t, ctx, `document.querySelector("[data-engine]").dataset.score`)
	pv := strings.Fields(eval[string](t, ctx, `document.querySelector("[data-engine]").dataset.pv`))
	text := eval[string](t, ctx, `document.querySelector("[data-engine]").textContent`)
	record(t, "engine panel after the reply: depth %d, score %s, pv %v, text %q", depth, score, pv, text)
	if depth < 1 || len(pv) == 0 {
		t.Fatalf("depth %d, pv %v", depth, pv)
	}
	if n, err := strconv.Atoi(score); err != nil || n < 300 {
		t.Errorf("score %q from Red's side with Red a chariot up, want well above 0", score)
	}
	pos, _ := xiangqi.ParseFEN(fen)
	for i, s := range pv {
		m, err := xiangqi.ParseMove(s)
		if err != nil || !pos.IsLegal(m) {
			t.Fatalf("pv move %d %q is not legal in %s", i+1, s, pos.FEN())
		}
		pos.Make(m)
	}
	if !strings.Contains(text, "深度") {
		t.Errorf("the panel reads %q in zh-Hans", text)
	}
	screenshot(t, ctx, "engine-panel-zh")

	// The switch hides it, and the choice is kept.
	action(t, ctx, "engine-panel")
	waitFor(t, ctx, 5*time.Second, "the panel hidden", `document.querySelector("[data-engine]").dataset.depth === undefined`)
	action(t, ctx, "engine-panel")
	waitFor(t, ctx, 5*time.Second, "the panel shown again", `document.querySelector("[data-engine]").dataset.depth !== undefined`)
}
