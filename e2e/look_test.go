package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestLooks switches the themes (kept over a reload), follows a system that asks for more
// contrast, keeps outlines in forced colours, and shows a game's end over the board with what
// to do next.
func TestLooks(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/?lang=en")
	themeIs(t, ctx, "wood")
	for _, th := range []string{"plain", "contrast"} {
		setSelect(t, ctx, "theme", th)
		themeIs(t, ctx, th)
		screenshot(t, ctx, "look-"+th)
	}
	run(t, ctx, 30*time.Second, "reload", chromedp.Reload())
	load(t, ctx, "")
	themeIs(t, ctx, "contrast")
	setSelect(t, ctx, "theme", "wood")
	themeIs(t, ctx, "wood")

	// The end of a game, over the board.
	setSaved(t, ctx, `{"v":1,"start":"3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1","moves":"a7a8","ply":1}`)
	waitFor(t, ctx, 5*time.Second, "the game-over panel", `document.querySelector("[data-game-over]")?.textContent.includes("Red wins: Black has no legal move")`)
	screenshot(t, ctx, "look-game-over")
	action(t, ctx, "review-start")
	waitFor(t, ctx, 5*time.Second, "the review", `document.querySelector("[data-game-over]") === null && document.querySelector(".status.review") !== null`)

	// A system asking for more contrast, with no theme chosen; forced colours keep outlines.
	ctx2 := browser(t)
	if _, err := chromedp.Call(ctx2, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{
		{Name: "prefers-contrast", Value: "more"}, {Name: "forced-colors", Value: "active"}}}); err != nil {
		t.Fatal(err)
	}
	load(t, ctx2, srv.URL+"/?lang=en")
	themeIs(t, ctx2, "contrast")
	if b := eval[string](t, ctx2, `getComputedStyle(document.querySelector('[data-action="new"]')).borderTopStyle`); b == "none" {
		t.Error("a button has no outline in forced colours")
	}
	screenshot(t, ctx2, "look-forced-colors")
}

func themeIs(t *testing.T, ctx context.Context, theme string) {
	t.Helper()
	waitFor(t, ctx, 5*time.Second, "the "+theme+" theme", `document.querySelector(".qipan")?.dataset.theme === "`+theme+`"`)
}
