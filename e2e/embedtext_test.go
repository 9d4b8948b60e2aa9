package e2e

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// jsLowContrast lists the embed's visible texts whose colour stands less than 4.5:1 from the
// background behind them (the nearest opaque one up the tree, else the page's), WCAG's ratio.
const jsLowContrast = `(() => {
	const rgb = s => (s.match(/[\d.]+/g) || []).map(Number);
	const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
		return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
	// A gradient (the buttons') cannot be read as one colour: such texts are left out.
	const bgOf = e => { for (; e; e = e.parentElement) { const s = getComputedStyle(e), c = rgb(s.backgroundColor);
		if (s.backgroundImage !== "none") return null;
		if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) return c; } return [255, 255, 255]; };
	const out = [];
	for (const e of document.querySelectorAll(".qipan-embed *:not(svg *)")) {
		const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim() !== "");
		if (!own || e.offsetParent === null) continue;
		const bg = bgOf(e);
		if (!bg) continue;
		const a = lum(rgb(getComputedStyle(e).color)), b = lum(bg);
		const r = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
		if (r < 4.5) out.push(e.className + " " + JSON.stringify(e.textContent.trim().slice(0, 30)) + " " + r.toFixed(2) + ":1");
	}
	return out;
})()`

// TestEmbedWords: every text of an embed, its error too, stands 4.5:1 from its background in
// every theme and both of the system's schemes; a Chinese embed with no moves says so in
// Chinese.
func TestEmbedWords(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	for _, scheme := range []string{"light", "dark"} {
		ctx := browserInScheme(t, scheme)
		for _, theme := range []string{"auto", "wood", "plain", "contrast", "light"} {
			// A bad FEN: the board stays, the error is written under it.
			q := "theme=" + theme + "&fen=" + url.QueryEscape("rnbakabnr/9/9 w") + "&moves=h2e2"
			openEmbedErr(t, ctx, srv.URL+"/embed?"+q)
			if low := eval[[]string](t, ctx, jsLowContrast); len(low) > 0 {
				t.Errorf("%s scheme, theme %s: texts under 4.5:1: %v", scheme, theme, low)
			}
		}
		screenshot(t, ctx, "embed-words-"+scheme)
	}
	ctx := browser(t)
	run(t, ctx, 30*time.Second, "a Chinese embed with no moves", chromedp.Navigate(srv.URL+"/embed?lang=zh-Hans"))
	waitFor(t, ctx, 60*time.Second, "the embed drawn", `document.querySelector("#board[data-ready]") !== null`)
	if s := eval[string](t, ctx, `document.querySelector(".nomoves")?.textContent || ""`); s != "还没有着法。" {
		t.Errorf("a Chinese embed with no moves says %q", s)
	}
}

// openEmbedErr opens an embed whose link holds something wrong and waits for its error.
func openEmbedErr(t *testing.T, ctx context.Context, u string) {
	t.Helper()
	run(t, ctx, 30*time.Second, "open "+u, chromedp.Navigate(u))
	waitFor(t, ctx, 60*time.Second, "the embed's error", `document.querySelector("#board[data-ready]") !== null && (document.querySelector("[data-embed-error]")?.textContent || "") !== ""`)
	if s := eval[string](t, ctx, `document.querySelector("[data-embed-error]").textContent`); !strings.Contains(s, "FEN") && !strings.Contains(s, "fen") {
		t.Errorf("%s: error %q does not name the FEN", u, s)
	}
}
