package e2e

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"qipan/engine/xiangqi"
)

// TestLayout checks the page at a phone's size and at a short laptop screen: at 360×640 the
// status, the move buttons and the engine line are in view without scrolling and every touch
// target is at least 40 px; at 1366×650 with a 150-ply game nothing of the panel is cut off;
// at 2560×1440 board and panel sit side by side in view.
func TestLayout(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/?lang=en")
	setSaved(t, ctx, fmt.Sprintf(`{"v":1,"start":%q,"moves":%q,"ply":%d,"two":true}`, xiangqi.StartFEN, strings.Join(longGame(150), " "), 150))
	waitFor(t, ctx, 10*time.Second, "the long game", `document.querySelector("[data-ply='150']") !== null`)

	run(t, ctx, 10*time.Second, "laptop", chromedp.EmulateViewport(1366, 650))
	time.Sleep(300 * time.Millisecond)
	screenshot(t, ctx, "layout-1366x650")
	// Every control of the panel can be reached (in view, or in view once the panel scrolls).
	cut := eval[[]string](t, ctx, `(() => {
		const panel = document.querySelector(".panel"), out = [];
		for (const el of panel.querySelectorAll(".status, .control, .select, .moves")) {
			const r = el.getBoundingClientRect(), p = panel.getBoundingClientRect();
			if (r.height === 0) continue;
			const reachable = r.bottom <= innerHeight + 1 || panel.scrollHeight > panel.clientHeight;
			if (!reachable || r.right > innerWidth + 1) out.push(el.className + " " + (el.dataset.action || ""));
		}
		return out;
	})()`)
	if len(cut) > 0 {
		t.Errorf("at 1366×650 these are cut off: %v", cut)
	}

	run(t, ctx, 10*time.Second, "phone", chromedp.EmulateViewport(360, 640, chromedp.EmulateScale(2)))
	time.Sleep(300 * time.Millisecond)
	eval[bool](t, ctx, `(scrollTo(0, 0), true)`)
	screenshot(t, ctx, "layout-360x640")
	for _, sel := range []string{".status", `[data-action="undo"]`, `[data-action="redo"]`, `[data-action="hint"]`} {
		bottom := eval[float64](t, ctx, `document.querySelector('`+sel+`').getBoundingClientRect().bottom`)
		if bottom > 640 {
			t.Errorf("at 360×640 %s ends at %.0f px, below the fold", sel, bottom)
		}
	}
	small := eval[[]string](t, ctx, `[...document.querySelectorAll(".control, .select, .seg")].filter(e => {
		const r = e.getBoundingClientRect(); return r.height > 0 && (r.height < 40 || r.width < 40);
	}).map(e => (e.dataset.action || e.className) + " " + Math.round(e.getBoundingClientRect().width) + "x" + Math.round(e.getBoundingClientRect().height))`)
	if len(small) > 0 {
		t.Errorf("touch targets under 40 px at 360×640: %v", small)
	}

	// A large screen: the board and the panel both in view, side by side, nothing scrolls
	// sideways.
	run(t, ctx, 10*time.Second, "large screen", chromedp.EmulateViewport(2560, 1440))
	time.Sleep(300 * time.Millisecond)
	screenshot(t, ctx, "layout-2560x1440")
	fits := eval[bool](t, ctx, `(() => {
		const b = document.getElementById("board").getBoundingClientRect(), p = document.querySelector(".panel").getBoundingClientRect();
		return b.bottom <= innerHeight + 1 && p.top < innerHeight && p.left >= b.right - 1 &&
			document.documentElement.scrollWidth <= innerWidth && b.height > 700;
	})()`)
	if !fits {
		t.Errorf("at 2560×1440 the board and panel do not sit side by side in view: %s", pageSummary(ctx))
	}

	// A laptop in Chinese and in English: no label breaks mid-word, the whole panel (Share and
	// the settings too) is in view without scrolling, and the move list shows enough rows.
	// In Chinese also with the engine's line and its hint shown (the panel's fullest state).
	for _, lang := range []string{"zh-Hans", "zh-Hant", "en", "zh-Hans+engine"} {
		lang, withEngine := strings.CutSuffix(lang, "+engine")
		load(t, ctx, srv.URL+"/?lang="+lang)
		run(t, ctx, 10*time.Second, "laptop", chromedp.EmulateViewport(1366, 768))
		waitFor(t, ctx, 10*time.Second, "the long game", `document.querySelector("[data-ply='150']") !== null`)
		name := "layout-1366x768-" + lang
		if withEngine {
			action(t, ctx, "hint")
			waitFor(t, ctx, 30*time.Second, "the engine's line and hint", `document.querySelector("[data-engine] .engine-pv")?.textContent && document.querySelector(".hint-text")?.textContent`)
			name += "-engine"
		}
		time.Sleep(300 * time.Millisecond)
		screenshot(t, ctx, name)
		got := eval[map[string]any](t, ctx, `(() => {
			const panel = document.querySelector(".panel"), moves = document.querySelector(".moves");
			const broken = [];
			for (const el of panel.querySelectorAll(".control, .select, .seg, .title")) {
				const r = document.createRange();
				r.selectNodeContents(el);
				const lines = new Set([...r.getClientRects()].filter(c => c.width > 0).map(c => Math.round(c.top)));
				// Chinese breaks between any two characters (声音：/开): a Chinese label must
				// keep to one line; an English one may wrap at its spaces.
				const zh = document.documentElement.lang.startsWith("zh");
				if ((zh && lines.size > 1) || el.scrollWidth > el.clientWidth + 1) broken.push((el.dataset.action || el.className) + ": " + el.textContent);
			}
			const st = getComputedStyle(panel);
			return {broken, scrolls: panel.scrollHeight > panel.clientHeight + 1, rows: moves.clientHeight / 22,
				bottom: panel.getBoundingClientRect().bottom, scheme: st.colorScheme, scrollbar: st.scrollbarColor};
		})()`)
		if b, _ := got["broken"].([]any); len(b) > 0 {
			t.Errorf("1366×768 in %s: labels broken over lines or cut: %v", lang, b)
		}
		if got["scrolls"] == true || got["bottom"].(float64) > 768 {
			t.Errorf("1366×768 in %s: the panel needs scrolling (ends at %.0f px)", lang, got["bottom"])
		}
		// Firefox draws its default light scrollbars unless told the panel is dark.
		if got["scheme"] != "dark" || got["scrollbar"] == "auto" {
			t.Errorf("1366×768 in %s: the dark panel's color-scheme %v, scrollbar-color %v", lang, got["scheme"], got["scrollbar"])
		}
		want := 6.0
		if withEngine {
			want = 4 // under the engine's depth, score and line, and the hint
		}
		t.Logf("1366×768 in %s (engine line %v): the move list shows %.1f rows", lang, withEngine, got["rows"])
		if rows := got["rows"].(float64); rows < want {
			t.Errorf("1366×768 in %s (engine line %v): the move list shows %.1f rows, want at least %.0f", lang, withEngine, rows, want)
		}
	}
}

// longGame returns n random legal moves from the start (UCCI), stopping early if the game
// ends.
func longGame(n int) []string {
	r := rand.New(rand.NewPCG(1, 2))
	g := xiangqi.NewGame(nil)
	var out []string
	for len(out) < n && !g.Result().Over() {
		moves := g.Position().LegalMoves()
		m := moves[r.IntN(len(moves))]
		if g.Play(m) != nil {
			break
		}
		out = append(out, m.String())
	}
	return out
}
