package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"qipan/engine/xiangqi"
)

// TestEvalGraph analyses a saved game for the evaluation graph: every position gets a score,
// a click on a point reviews that move; then a Reversi game, in Chinese.
func TestEvalGraph(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/")
	moves := []string{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"}
	setSaved(t, ctx, fmt.Sprintf(`{"v":1,"start":%q,"moves":"h2e2 h9g7 h0g2 i9h9 i0h0 b9c7","ply":6,"two":true}`, xiangqi.StartFEN))
	if eval[bool](t, ctx, `document.querySelector("[data-graph]") !== null`) {
		t.Fatal("a graph with no score drawn")
	}
	action(t, ctx, "analyse-game")
	waitFor(t, ctx, 90*time.Second, "every position scored", `document.querySelector("[data-graph]")?.dataset.graphKnown === "7"`)
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-graph] [data-graph-ply]").length`); n != 7 {
		t.Fatalf("%d graph columns for 6 moves, want 7", n)
	}
	scores := eval[[]string](t, ctx, `[...document.querySelectorAll("[data-graph-score]")].map(e => e.dataset.graphScore)`)
	record(t, "graph scores after %v: %v", moves, scores)
	waitFor(t, ctx, 5*time.Second, "the analysis over", `document.querySelector('[data-action="analyse-game"]').getAttribute("aria-pressed") === "false"`)
	screenshot(t, ctx, "graph")

	run(t, ctx, 10*time.Second, "click the point of move 2", chromedp.Click(chromedp.CSS(`[data-graph-ply="2"]`)))
	want := fenAfter(t, xiangqi.StartFEN, moves[:2]...)
	waitFor(t, ctx, 5*time.Second, "move 2 reviewed", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, want))

	// Reversi, in Chinese: a few moves by two players, then the graph.
	load(t, ctx, srv.URL+"/?lang=zh-Hans")
	toReversi(t, ctx)
	action(t, ctx, "play-two")
	for _, sq := range []string{"f5", "d6", "c3", "d3"} {
		click(t, ctx, sq)
		waitFor(t, ctx, 5*time.Second, "disc on "+sq, `document.querySelector("[data-disc][data-square=`+sq+`]") !== null`)
	}
	action(t, ctx, "analyse-game")
	waitFor(t, ctx, 60*time.Second, "every Reversi position scored", `document.querySelector("[data-graph]")?.dataset.graphKnown === "5"`)
	screenshot(t, ctx, "graph-reversi-zh")
}
