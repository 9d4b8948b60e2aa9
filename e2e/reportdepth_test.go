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
// attacks its own, every other move loses its chariot. The move is marked "good" in the list
// and on the graph, with "!" and its comment, in Chinese at phone width.
func TestReportThoroughAndOnlyMove(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	run(t, ctx, 10*time.Second, "phone", chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2)))
	load(t, ctx, srv.URL+"/?lang=zh-Hans")
	setSelect(t, ctx, "report-depth", "thorough")
	waitFor(t, ctx, 5*time.Second, "the setting kept", `(JSON.parse(localStorage.getItem("qipan.settings") || "{}").report || "") === "thorough"`)
	// Not a mate in reach (a mate's score needs no thorough search, and has no second line).
	fen := "2bk1ab2/4a4/7n1/9/r8/9/9/9/9/R2AKA3 w - - 0 1"
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
		t.Errorf("车一进五 judged %q, want good (the only good move)", j)
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
