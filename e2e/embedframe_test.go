package e2e

import (
	"context"
	"fmt"
	"html"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"qipan/engine/xiangqi"
)

// blogPage is a white blog page of the site's origin holding body (markup) in a 640 px
// column, as a blogger's post would: the site's absolute addresses in it are made relative.
func blogPage(base, body string) string {
	return strings.ReplaceAll(`<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`+
		`<body style="margin:0;background:#fff;font:16px Georgia,serif"><main style="max-width:640px;margin:0 auto;padding:16px">`+
		`<p>A post with a game:</p>`+body+`<p>The end.</p></main>`, base+"/", "/")
}

// frameFitsJS is a script that reports what of the embed in the iframe sel does not fit the
// frame: the page scrolls, or a part the reader needs (the board, the buttons, the play row,
// the status, the link to the app) is cut or hidden; and the board's width against the
// frame's.
func frameFitsJS(sel string) string {
	return `(() => {
		const f = document.querySelector(` + fmt.Sprintf("%q", sel) + `), d = f.contentDocument, h = f.clientHeight;
		const cut = [];
		if (d.documentElement.scrollHeight > h + 1) cut.push("the page scrolls: " + d.documentElement.scrollHeight + " px in " + h);
		for (const s of ["#board", "[data-action=first]", "[data-action=last]", "[data-action=play]", "select[data-action=level]", ".embed-status", ".embed-open"]) {
			const e = d.querySelector(s);
			if (!e) { cut.push(s + ": missing"); continue; }
			const r = e.getBoundingClientRect();
			if (r.height === 0) cut.push(s + ": hidden");
			else if (r.bottom > h + 0.5 || r.top < 0 || r.right > f.clientWidth + 0.5) cut.push(s + ": " + Math.round(r.top) + "–" + Math.round(r.bottom) + " px in " + h);
		}
		const b = d.getElementById("board").getBoundingClientRect();
		return {cut, board: b.width, boardHeight: b.height, width: f.clientWidth, height: h, content: d.querySelector(".qipan-embed").getBoundingClientRect().bottom};
	})()`
}

// fit is what frameFitsJS reports.
type fit struct {
	Cut                                        []string
	Board, BoardHeight, Width, Height, Content float64
}

// frameFits runs frameFitsJS in Chromium.
func frameFits(t *testing.T, ctx context.Context, sel string) (cut []string, board, width float64) {
	t.Helper()
	got := eval[fit](t, ctx, frameFitsJS(sel))
	return got.Cut, got.Board, got.Width
}

// TestShareSnippetPlay: Share's snippet with "Readers may play on" (play=1) holds the whole
// embed with its play row, in Chinese and English, in a phone's column and a desktop's: the
// status while the reader plays (轮到你走) and a game's result, the level and the link to the
// app are not cut (issue 46 point 11: 506 px of 548 on a phone, 678 of 693 on a desktop).
func TestShareSnippetPlay(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	watchPage(t, ctx)
	for _, lang := range []struct{ code, yourMove, showMove string }{
		{"zh-Hans", "轮到你走", "显示这一步之后的局面"}, {"en", "Your move", "Show the position after this move"},
	} {
		for _, game := range []struct {
			name, query string
			playing     bool // the reader presses Play from here: the status is the game's
		}{
			{"playing", "moves=h2e2+h9g7", true},
			{"result", "fen=" + url.QueryEscape("3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1") + "&moves=a7a8", false},
		} {
			load(t, ctx, srv.URL+"/?lang="+lang.code+"&"+game.query)
			// The link's game opened and its query dropped: the page draws no more than this.
			waitFor(t, ctx, 10*time.Second, "the link's game", `location.search === "" && document.documentElement.lang === "`+lang.code+`" && document.querySelector("[data-ply]") !== null`)
			action(t, ctx, "share")
			waitFor(t, ctx, 5*time.Second, "the share dialog", `document.querySelector("[data-share=play]") !== null`)
			run(t, ctx, 10*time.Second, "readers may play on", chromedp.Click(`[data-share="play"]`))
			waitFor(t, ctx, 5*time.Second, "play=1 in the snippet", `document.querySelector("[data-share=snippet]").value.includes("&amp;play=1\"") &&
				document.querySelector("[data-share=preview]").src.endsWith("&play=1") &&
				document.querySelector("[data-share=play]").getAttribute("aria-pressed") === "true"`)
			if game.playing {
				screenshot(t, ctx, "snippet-play-dialog-"+lang.code)
			}
			snippet := eval[string](t, ctx, `document.querySelector("[data-share=snippet]").value`)
			page := blogPage(srv.URL, html.UnescapeString(strings.ReplaceAll(snippet, `loading="lazy" `, "")))
			writeFile(t, filepath.Join(dir, "e2e-snippet-play.html"), page)
			for _, size := range []struct {
				w, h  int
				name  string
				width float64
			}{{360, 740, "phone", 328}, {1366, 768, "desktop", 480}} {
				name := fmt.Sprintf("snippet-play-%s-%s-%s", lang.code, game.name, size.name)
				run(t, ctx, 30*time.Second, "the snippet's page", chromedp.EmulateViewport(int64(size.w), int64(size.h)), chromedp.Navigate(srv.URL+"/e2e-snippet-play.html"))
				const doc = `document.querySelector("iframe").contentDocument`
				waitFor(t, ctx, 60*time.Second, "the embed drawn", doc+`?.querySelector("#board[data-ready]") !== null`)
				if game.playing {
					eval[bool](t, ctx, `(`+doc+`.querySelector("[data-action=play]").click(), true)`)
					waitFor(t, ctx, 10*time.Second, "the reader's turn", doc+`.querySelector(".embed-status").textContent.startsWith(`+fmt.Sprintf("%q", lang.yourMove)+`)`)
				} else {
					waitFor(t, ctx, 10*time.Second, "the result", doc+`.querySelector(".embed-status").textContent.includes(`+fmt.Sprintf("%q", map[string]string{"en": "Red wins", "zh-Hans": "红方胜"}[lang.code])+`)`)
				}
				// The moves' tooltips speak the frame's language too (issue 46 point 13).
				if title := eval[string](t, ctx, doc+`.querySelector('[data-ply="1"]')?.title || ""`); title != lang.showMove {
					t.Errorf("%s: a move's tooltip reads %q, want %q", name, title, lang.showMove)
				}
				cut, board, width := frameFits(t, ctx, "iframe")
				status := eval[string](t, ctx, doc+`.querySelector(".embed-status").textContent`)
				frame := eval[float64](t, ctx, `document.querySelector("iframe").clientHeight`)
				content := eval[float64](t, ctx, doc+`.querySelector(".qipan-embed").getBoundingClientRect().bottom`)
				t.Logf("%s: a %.0f×%.0f frame, content %.0f px, board %.0f px, status %q", name, width, frame, content, board, status)
				if width != size.width {
					t.Errorf("%s: the frame is %.0f px wide, want %.0f", name, width, size.width)
				}
				if len(cut) > 0 {
					t.Errorf("%s: the embed does not fit its %.0f px frame: %s", name, frame, strings.Join(cut, "; "))
				}
				if board < width-45 || frame-content > 50 {
					t.Errorf("%s: the board %.0f px wide in a %.0f px frame, %.0f px empty under the embed", name, board, width, frame-content)
				}
				screenshot(t, ctx, name)
			}
			run(t, ctx, 10*time.Second, "back to a desktop", chromedp.EmulateViewport(1280, 900))
		}
	}
}

// The frames of bareFramesPage: a bare <iframe> (the browser's 300×150), one sized by hand
// 400×260 and a wide but low one 700×240, each of a game with play=1.
const bareFramesBody = `<iframe id="bare" src="/embed?moves=h2e2+h9g7&play=1"></iframe>` +
	`<iframe id="small" src="/embed?moves=h2e2+h9g7&play=1" width="400" height="260"></iframe>` +
	`<iframe id="low" src="/embed?moves=h2e2+h9g7&play=1" width="700" height="240"></iframe>`

// bareFramesJS is a script that lists what is wrong with the frames of bareFramesBody (none:
// an empty list). The bare frame holds only a one-line link opening the game in the app, in a
// new tab; the others the board as high as the frame (or as wide as the column of buttons
// leaves it), the moves left out, nothing cut. app is the link's address.
func bareFramesJS(app string) string {
	var sized string
	for _, id := range []string{"small", "low"} {
		sized += `{
			const id = "` + id + `", fit = ` + frameFitsJS("#"+id) + `;
			bad.push(...fit.cut.map((c) => id + ": " + c));
			if (fit.boardHeight < fit.height - 12 && fit.board < fit.width - 150) bad.push(id + ": a " + Math.round(fit.board) + "×" + Math.round(fit.boardHeight) + " board in a " + fit.width + "×" + fit.height + " frame");
			const moves = document.getElementById(id).contentDocument.querySelector(".embed-moves");
			if (moves && moves.getClientRects().length > 0) bad.push(id + ": the moves are shown");
		}`
	}
	return `(() => {
		const bad = [];
		const f = document.getElementById("bare"), d = f.contentDocument;
		if (f.clientWidth !== 300 || f.clientHeight !== 150) bad.push("the bare frame is " + f.clientWidth + "×" + f.clientHeight + ", want the browser's 300×150");
		const a = d.querySelector(".embed-tiny");
		if (!a) {
			bad.push("the bare frame has no link to the app");
		} else {
			const r = a.getBoundingClientRect();
			if (r.height === 0 || r.top < 0 || r.bottom > f.clientHeight || r.left < 0 || r.right > f.clientWidth) {
				bad.push("the bare frame's link is at " + [r.left, r.top, r.right, r.bottom].map(Math.round) + " in " + f.clientWidth + "×" + f.clientHeight);
			}
			if (r.height > 45 || a.scrollWidth > a.clientWidth) bad.push("the link is not one whole line: " + Math.round(r.height) + " px high, " + a.scrollWidth + " px of text in " + a.clientWidth);
			if (a.href !== ` + fmt.Sprintf("%q", app) + ` || a.target !== "_blank") bad.push("the link opens " + a.href + " in " + (a.target || "the frame"));
		}
		const b = d.getElementById("board");
		if (b && b.getClientRects().length > 0) bad.push("the bare frame draws a " + Math.round(b.getBoundingClientRect().width) + " px board");
		if (d.documentElement.scrollHeight > f.clientHeight + 1) bad.push("the bare frame scrolls");
		` + sized + `
		return bad;
	})()`
}

// framesReady is true once every frame of the page has drawn its embed.
const framesReady = `[...document.querySelectorAll("iframe")].every(f => f.contentDocument?.querySelector("#board[data-ready]"))`

// TestEmbedBareFrame: an <iframe> of the embed with no size (300×150: the board was 10 px)
// holds one line opening the game in the app; frames sized by hand too small for the usual
// layout show the board as high as the frame, the moves left out; web/embed.js on the page
// sizes a bare frame (the column's width up to 480 px, the embed's height), leaving a sized one
// alone (issue 46 point 10).
func TestEmbedBareFrame(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	watchPage(t, ctx)
	writeFile(t, filepath.Join(dir, "e2e-bare.html"), blogPage(srv.URL, bareFramesBody))
	app := srv.URL + "/?moves=h2e2+h9g7&ply=0"
	for _, lang := range []string{"en", "zh-Hans"} {
		run(t, ctx, 30*time.Second, "the bare frames", chromedp.Navigate(srv.URL+"/e2e-bare.html"))
		if lang != "en" {
			eval[bool](t, ctx, `([...document.querySelectorAll("iframe")].forEach(f => f.src += "&lang=`+lang+`"), true)`)
			waitFor(t, ctx, 60*time.Second, "the frames in "+lang, `[...document.querySelectorAll("iframe")].every(f => f.contentDocument?.documentElement?.lang === "`+lang+`" && f.contentDocument.querySelector("#board[data-ready]"))`)
		}
		waitFor(t, ctx, 60*time.Second, "the frames drawn", framesReady)
		if bad := eval[[]string](t, ctx, bareFramesJS(app)); len(bad) > 0 {
			t.Errorf("%s: %s", lang, strings.Join(bad, "; "))
		}
		screenshot(t, ctx, "embed-bare-"+lang)
	}
	if v := eval[[]string](t, ctx, `window.qipanCSP.concat(...[...document.querySelectorAll("iframe")].map(f => f.contentWindow.qipanCSP || []))`); len(v) > 0 {
		t.Errorf("CSP violations: %v", v)
	}
	// The link opens the app on the game, at the position the frame showed.
	load(t, ctx, app)
	waitFor(t, ctx, 10*time.Second, "the game at its start", fmt.Sprintf(`document.querySelectorAll("[data-ply]").length === 2 && document.getElementById("board").dataset.fen === %q`, xiangqi.StartFEN))

	// With web/embed.js on the page, a phone's column and a desktop's.
	writeFile(t, filepath.Join(dir, "e2e-bare-script.html"), blogPage(srv.URL, `<script src="/web/embed.js" defer></script>`+
		`<iframe id="bare" src="/embed?moves=h2e2+h9g7&play=1&lang=zh-Hans"></iframe>`+
		`<iframe id="sized" src="/embed?moves=h2e2+h9g7" width="300" height="150"></iframe>`))
	for _, size := range []struct {
		w, h  int64
		width float64
	}{{360, 740, 328}, {1280, 900, 480}} {
		run(t, ctx, 30*time.Second, "embed.js and a bare frame", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate(srv.URL+"/e2e-bare-script.html"))
		waitFor(t, ctx, 60*time.Second, "the frames drawn", framesReady)
		const doc = `document.getElementById("bare").contentDocument`
		eval[bool](t, ctx, `(`+doc+`.querySelector("[data-action=play]").click(), true)`)
		waitFor(t, ctx, 10*time.Second, "the reader's turn", doc+`.querySelector(".embed-status").textContent.startsWith("轮到你走")`)
		got := eval[fit](t, ctx, frameFitsJS("#bare"))
		if got.Width != size.width || len(got.Cut) > 0 || got.Board < got.Width-45 || got.Height-got.Content > 50 {
			t.Errorf("%d px screen: embed.js sized the bare frame %.0f×%.0f (want %.0f px wide), its board %.0f×%.0f, %.0f px of content: %s",
				size.w, got.Width, got.Height, size.width, got.Board, got.BoardHeight, got.Content, strings.Join(got.Cut, "; "))
		}
		if s := eval[[]float64](t, ctx, `[document.getElementById("sized").clientWidth, document.getElementById("sized").clientHeight]`); s[0] != 300 || s[1] != 150 {
			t.Errorf("embed.js resized a frame the page sized: %v", s)
		}
		screenshot(t, ctx, fmt.Sprintf("embed-bare-script-%d", size.w))
	}
}

// bareFramesIn checks bareFramesBody's frames in another browser engine (TestFirefox,
// TestWebKit): the bare frame's one line, the small frames' boards.
func bareFramesIn(b *tab, dir string) {
	srv := newServer(b.t, dir, "/")
	writeFile(b.t, filepath.Join(dir, "e2e-bare.html"), blogPage(srv.URL, bareFramesBody))
	b.navigate(srv.URL + "/e2e-bare.html")
	b.waitFor(60*time.Second, "the frames drawn", framesReady)
	b.screenshot("embed-bare")
	if bad := evalIn[[]string](b, bareFramesJS(srv.URL+"/?moves=h2e2+h9g7&ply=0")); len(bad) > 0 {
		b.t.Errorf("%s: %s", b.engine, strings.Join(bad, "; "))
	}
}

// TestEmbedFrameContrast: every text of the embed stands 4.5:1 from its background in every
// theme and both of the system's schemes, in a frame of the usual size, a small one (the
// board beside a column of buttons) and a tiny one (the one line): computed colours for the
// texts on plain backgrounds (jsLowContrast), and the screenshot's pixels (textContrast, as
// the other engines' selects are measured) for the buttons and selects, whose backgrounds are
// gradients (issue 46 point 12).
func TestEmbedFrameContrast(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	for _, scheme := range []string{"light", "dark"} {
		ctx := browserInScheme(t, scheme)
		for _, size := range []struct {
			name string
			w, h int64
		}{{"usual", 900, 640}, {"small", 400, 260}, {"tiny", 300, 150}} {
			run(t, ctx, 10*time.Second, "the frame's size", chromedp.EmulateViewport(size.w, size.h))
			for _, theme := range []string{"auto", "wood", "plain", "contrast", "light"} {
				what := fmt.Sprintf("%s scheme, %s frame, theme %s", scheme, size.name, theme)
				openEmbed(t, ctx, srv.URL+"/embed?moves=h2e2+h9g7&ply=1&play=1&lang=zh-Hans&theme="+theme)
				if low := eval[[]string](t, ctx, jsLowContrast); len(low) > 0 {
					t.Errorf("%s: texts under 4.5:1: %v", what, low)
				}
				boxes := eval[[][]float64](t, ctx, `[...document.querySelectorAll(".qipan-embed :is(.control, .select, .embed-tiny)")].filter(e =>
					!e.disabled && e.offsetParent !== null && e.textContent.trim() !== "").map(e => {
					const r = e.getBoundingClientRect(), d = devicePixelRatio;
					return [r.left * d, r.top * d, r.width * d, r.height * d];
				})`)
				if size.name == "tiny" && len(boxes) != 1 {
					t.Errorf("%s: %d controls shown, want the one link", what, len(boxes))
				}
				img := screenshot(t, ctx, fmt.Sprintf("embed-contrast-%s-%s-%s", scheme, size.name, theme))
				least := 21.0
				for _, r := range boxes {
					ratio, bg, fg := textContrast(img, r)
					if ratio < 4.5 {
						t.Errorf("%s: a control's text %v on %v at %v: %.2f:1", what, fg, bg, r, ratio)
					}
					least = min(least, ratio)
				}
				t.Logf("%s: %d controls, the least contrast %.1f:1", what, len(boxes), least)
			}
		}
	}
}

// browserInScheme is browser for a reader whose system asks for the light or dark scheme.
func browserInScheme(t *testing.T, scheme string) context.Context {
	t.Helper()
	ctx := browser(t)
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{
		{Name: "prefers-color-scheme", Value: scheme}}}); err != nil {
		t.Fatal(err)
	}
	return ctx
}
