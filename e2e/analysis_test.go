package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"qipan/engine/xiangqi"
)

// TestAnalysis turns analysis on: the engine shows three best lines for the position shown,
// plays no move while the person moves both sides, follows the record when it is reviewed,
// and hands the game back when analysis is turned off. Then Reversi's analysis, in Chinese:
// three lines of more than one move each.
func TestAnalysis(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/")

	action(t, ctx, "analysis")
	waitFor(t, ctx, 5*time.Second, "the button pressed", `document.querySelector('[data-action="analysis"]').getAttribute("aria-pressed") === "true"`)
	threeLines := `document.querySelectorAll("[data-engine] [data-line]").length === 2 && document.querySelector("[data-engine]").dataset.pv`
	// the three lines' data-pv, best first
	const linesPV = `[document.querySelector("[data-engine]").dataset.pv].concat(
		[...document.querySelectorAll("[data-engine] [data-line]")].map(e => e.dataset.pv))`
	waitFor(t, ctx, 60*time.Second, "three lines for the start", threeLines)
	lines := eval[[]string](t, ctx, linesPV)
	record(t, "analysis of the start: %q", lines)
	first := map[string]bool{}
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) == 0 {
			t.Fatalf("an empty line in %q", lines)
		}
		first[f[0]] = true
	}
	if len(first) != 3 {
		t.Errorf("the three lines do not start with three moves: %q", lines)
	}
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); !strings.Contains(s, "Analysis") {
		t.Errorf("status %q does not say analysis", s)
	}

	// Both sides are the person's: Red, then Black; the computer plays nothing.
	playMove(t, ctx, "h2", "e2")
	playMove(t, ctx, "h9", "g7")
	waitFor(t, ctx, 60*time.Second, "lines for the position after two moves", threeLines+
		` && document.querySelector("[data-engine]").dataset.pv.split(" ")[0] !== "h9g7"`)
	time.Sleep(500 * time.Millisecond)
	if n := eval[int](t, ctx, `document.querySelectorAll("#moves [data-ply]").length`); n != 2 {
		t.Fatalf("%d moves recorded while analysing, want the person's 2", n)
	}
	screenshot(t, ctx, "analysis")

	// Reviewing the first move analyses that position: Black to move there.
	run(t, ctx, 10*time.Second, "review move 1", chromedp.Click(chromedp.CSS(`[data-ply="1"]`)))
	after1, _ := xiangqi.ParseFEN(fenAfter(t, xiangqi.StartFEN, "h2e2"))
	deadline := time.Now().Add(60 * time.Second)
	for {
		pv := strings.Fields(eval[string](t, ctx, `document.querySelector("[data-engine]")?.dataset.pv || ""`))
		if len(pv) > 0 {
			if m, err := xiangqi.ParseMove(pv[0]); err == nil && after1.IsLegal(m) {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no line for the reviewed position: %s", pageSummary(ctx))
		}
		time.Sleep(200 * time.Millisecond)
	}

	// Off: back to the game, and the computer (Black) answers a move.
	// Each step once the page shows the last one done, as a person clicks: back to the last
	// move (the board shows Red to move again), then analysis off (the status says so).
	// The buttons under the status and the engine panel stay where they are while the review
	// ends and analysis restarts (as a person sees them).
	eval[bool](t, ctx, `(() => {
		const b = () => document.querySelector('[data-action="analysis"]').getBoundingClientRect().top;
		window.analysisTops = [b()];
		const end = Date.now() + 3000;
		const look = () => { const y = b(); if (!window.analysisTops.includes(y)) window.analysisTops.push(y); if (Date.now() < end) requestAnimationFrame(look); };
		requestAnimationFrame(look);
		return true;
	})()`)
	action(t, ctx, "live")
	waitFor(t, ctx, 10*time.Second, "the live position", `document.getElementById("board").dataset.turn === "w"`)
	time.Sleep(3 * time.Second)
	if tops := eval[[]float64](t, ctx, `window.analysisTops`); len(tops) != 1 {
		t.Errorf("the analysis button moved while analysis restarted: its top at %v px", tops)
	}
	action(t, ctx, "analysis")
	waitFor(t, ctx, 10*time.Second, "analysis off", `!document.querySelector(".status").textContent.includes("Analysis")`)
	playMove(t, ctx, "b2", "c2")
	waitReply(t, ctx, 4)

	// Reversi, in Chinese.
	load(t, ctx, srv.URL+"/?lang=zh-Hans")
	toReversi(t, ctx)
	action(t, ctx, "analysis")
	waitFor(t, ctx, 60*time.Second, "Reversi's three lines", threeLines)
	// Each line is a line, not its first move alone (as the engine's last report gave them).
	lines = eval[[]string](t, ctx, linesPV)
	record(t, "Reversi's analysis of the start: %q", lines)
	for _, l := range lines {
		if len(strings.Fields(l)) < 2 {
			t.Errorf("Reversi's lines %q: %q is one move", lines, l)
		}
	}
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); !strings.Contains(s, "分析") {
		t.Errorf("status %q does not say 分析", s)
	}
	screenshot(t, ctx, "analysis-reversi-zh")
}

// TestAddEngineLines: while analysing a position of a game (reviewed), one action puts the engine's lines
// into the record as variations there; the game stays as played.
func TestAddEngineLines(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/?lang=en")
	playMove(t, ctx, "h2", "e2")
	waitReply(t, ctx, 2)
	after1 := fenAfter(t, xiangqi.StartFEN, "h2e2")
	eval[bool](t, ctx, `document.querySelector("[data-ply='1']").click(), true`)
	waitFor(t, ctx, 5*time.Second, "move 1 shown", `document.getElementById("board").dataset.fen === "`+after1+`"`)
	action(t, ctx, "analysis")
	waitFor(t, ctx, 60*time.Second, "three lines", `document.querySelectorAll("[data-engine] [data-line]").length === 2`)
	action(t, ctx, "add-engine-lines")
	waitFor(t, ctx, 5*time.Second, "the lines as variations", `Number(document.querySelector("[data-variations]")?.dataset.variations) >= 2`)
	screenshot(t, ctx, "analysis-lines-added")
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-ply]").length`); n != 2 {
		t.Errorf("the game has %d moves listed, want 2", n)
	}
}
