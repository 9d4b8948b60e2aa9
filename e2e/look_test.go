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
	selectsOwnControl(t, ctx, "wood")
	for _, th := range []string{"plain", "contrast"} {
		setSelect(t, ctx, "theme", th)
		themeIs(t, ctx, th)
		selectsOwnControl(t, ctx, th)
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

// selectsOwnControl checks that every select of the page draws its own control (WebKit keeps a
// light native one under the page's cream text unless appearance is none) and that its text
// contrasts with its background by at least 4.5:1 (WCAG AA).
func selectsOwnControl(t *testing.T, ctx context.Context, look string) {
	t.Helper()
	bad := eval[[]string](t, ctx, `(() => {
		const rgb = (c) => (c.match(/[\d.]+/g) || []).slice(0, 3).map(Number);
		const lum = (c) => {
			const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
			return 0.2126 * r + 0.7152 * g + 0.0722 * b;
		};
		const bad = [];
		for (const s of document.querySelectorAll("select")) {
			const st = getComputedStyle(s);
			const a = lum(st.color), b = lum(st.backgroundColor);
			const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
			if (st.appearance !== "none" || ratio < 4.5 || /rgba\(.*, 0\)/.test(st.backgroundColor)) {
				bad.push(s.dataset.action + ": appearance " + st.appearance + ", " + st.color + " on " + st.backgroundColor + " (" + ratio.toFixed(1) + ":1)");
			}
		}
		return bad;
	})()`)
	if len(bad) > 0 {
		t.Errorf("%s look: selects not readable in every engine: %v", look, bad)
	}
}
