package e2e

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestReportThoroughAndOnlyMove: the thorough report chosen in the settings (kept over a
// reload) judges a game whose one move is the only good one: Red takes the chariot that
// attacks its own; every other move gives most of the win away. The move is marked "good" in the list
// and on the graph, with "!" and its comment, in Chinese at phone width.
func TestReportThoroughAndOnlyMove(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	run(t, ctx, 10*time.Second, "phone", chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2)))
	load(t, ctx, srv.URL+"/?lang=zh-Hans")
	setSelect(t, ctx, "report-depth", "thorough")
	waitFor(t, ctx, 5*time.Second, "the setting kept", `(JSON.parse(localStorage.getItem("qipan.settings") || "{}").report || "") === "thorough"`)
	// Red takes the chariot and wins (+14, then a mate), where the next best move keeps only +3:
	// the scores either side of the move far from the thresholds, whatever the depth reached.
	// (A drawish one, a chariot against horse and defenders, wobbled across the inaccuracy's
	// 0.1 of W between two searches of a loaded machine.)
	fen := "2bk1ab2/4a4/9/9/r8/9/9/9/9/R3K2R1 w - - 0 1"
	load(t, ctx, srv.URL+"/?lang=zh-Hans&fen="+url.QueryEscape(fen)+"&moves=a0a5")
	waitFor(t, ctx, 10*time.Second, "the link's game", `location.search === "" && document.querySelector('[data-ply="1"]') !== null`)
	if v := eval[string](t, ctx, `document.querySelector('[data-action="report-depth"]').value`); v != "thorough" {
		t.Errorf("after a reload the report's setting reads %q, want thorough", v)
	}
	start := time.Now()
	action(t, ctx, "report")
	waitFor(t, ctx, 60*time.Second, "the report done", `document.getElementById("board").dataset.report === "done"`)
	took := time.Since(start)
	// Two positions, the finished one scored by the rules: one search of a second at least.
	if took < time.Second {
		t.Errorf("the thorough report took %v, less than its one search of 1 s", took)
	}
	if j := eval[string](t, ctx, `document.querySelector('[data-ply="1"]').dataset.judgement ?? ""`); j != "good" {
		t.Errorf("车九进五 judged %q, want good (the only good move)", j)
	}
	if s := eval[string](t, ctx, `document.querySelector('[data-ply="1"]').textContent`); !strings.HasSuffix(strings.TrimSpace(s), "!") {
		t.Errorf("the move reads %q, want its !", s)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('.graph-mark[data-graph-judgement="good"]').length`); n != 1 {
		t.Errorf("%d good marks on the graph, want 1", n)
	}
	run(t, ctx, 10*time.Second, "review move 1", chromedp.Click(chromedp.CSS(`[data-ply="1"]`)))
	waitFor(t, ctx, 5*time.Second, "the comment", `document.querySelector("[data-comment]")?.textContent.includes("唯一好棋")`)
	screenshot(t, ctx, "report-good-zh-phone")
	t.Logf("the thorough report of 2 positions took %v", took.Round(10*time.Millisecond))
}

// TestReportReloadHalfway: a report under way survives a reload — the scores found are kept
// (the graph loses at most the search in flight) and it goes on to the end — in English.
func TestReportReloadHalfway(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	run(t, ctx, 10*time.Second, "1366×768", chromedp.EmulateViewport(1366, 768))
	// The thorough setting, a second a position: time to reload in the middle.
	load(t, ctx, srv.URL+"/?lang=en")
	setSelect(t, ctx, "report-depth", "thorough")
	load(t, ctx, srv.URL+"/?lang=en&moves=h2e2+h9g7+h0g2+i9h9+i0h0+b9c7+b0c2+a9b9")
	waitFor(t, ctx, 10*time.Second, "the link's game", `location.search === "" && document.querySelector('[data-ply="8"]') !== null`)
	action(t, ctx, "report")
	const known = `Number(document.querySelector("[data-graph-known]")?.dataset.graphKnown ?? 0)`
	waitFor(t, ctx, 30*time.Second, "three positions scored", `document.getElementById("board").dataset.report === "running" && `+known+` >= 3`)
	before := eval[int](t, ctx, known)
	run(t, ctx, 30*time.Second, "reload", chromedp.Reload())
	load(t, ctx, "")
	if got := eval[string](t, ctx, `document.getElementById("board").dataset.report ?? ""`); got != "running" && got != "done" {
		t.Fatalf("after a reload the report is %q, want it running", got)
	}
	// Each search's end is saved: the one in flight at the reload (its score so far shown,
	// not kept) is searched again, the others are not.
	if got := eval[int](t, ctx, known); got < before-1 {
		t.Errorf("after a reload %d positions scored, %d before", got, before)
	}
	waitFor(t, ctx, 60*time.Second, "the report done", `document.getElementById("board").dataset.report === "done"`)
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-accuracy]").length`); n != 2 {
		t.Errorf("%d accuracies after the report, want 2", n)
	}
	t.Logf("%d of 9 positions scored at the reload", before)
}
