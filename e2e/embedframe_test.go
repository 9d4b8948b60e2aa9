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

	"github.com/chromedp/chromedp"
)

// blogPage is a white blog page of the site's origin holding body (markup) in a 640 px
// column, as a blogger's post would: the site's absolute addresses in it are made relative.
func blogPage(base, body string) string {
	return strings.ReplaceAll(`<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`+
		`<body style="margin:0;background:#fff;font:16px Georgia,serif"><main style="max-width:640px;margin:0 auto;padding:16px">`+
		`<p>A post with a game:</p>`+body+`<p>The end.</p></main>`, base+"/", "/")
}

// frameFits reports what of the first iframe's embed does not fit the frame: the page
// scrolls, or a part the reader needs (the board, the buttons, the play row, the status, the
// link to the app) is cut or hidden; and the board's width against the frame's.
func frameFits(t *testing.T, ctx context.Context, sel string) (cut []string, board, width float64) {
	t.Helper()
	got := eval[struct {
		Cut          []string
		Board, Width float64
	}](t, ctx, `(() => {
		const f = document.querySelector(`+fmt.Sprintf("%q", sel)+`), d = f.contentDocument, h = f.clientHeight;
		const cut = [];
		if (d.documentElement.scrollHeight > h + 1) cut.push("the page scrolls: " + d.documentElement.scrollHeight + " px in " + h);
		for (const s of ["#board", "[data-action=first]", "[data-action=last]", "[data-action=play]", "select[data-action=level]", ".embed-status", ".embed-open"]) {
			const e = d.querySelector(s);
			if (!e) { cut.push(s + ": missing"); continue; }
			const r = e.getBoundingClientRect();
			if (r.height === 0) cut.push(s + ": hidden");
			else if (r.bottom > h + 0.5 || r.top < 0) cut.push(s + ": " + Math.round(r.top) + "–" + Math.round(r.bottom) + " px in " + h);
		}
		return {cut, board: d.getElementById("board").getBoundingClientRect().width, width: f.clientWidth};
	})()`)
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
	for _, lang := range []struct{ code, yourMove string }{{"zh-Hans", "轮到你走"}, {"en", "Your move"}} {
		for _, game := range []struct {
			name, query string
			playing     bool // the reader presses Play from here: the status is the game's
		}{
			{"playing", "moves=h2e2+h9g7", true},
			{"result", "fen=" + url.QueryEscape("3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1") + "&moves=a7a8", false},
		} {
			load(t, ctx, srv.URL+"/?lang="+lang.code+"&"+game.query)
			action(t, ctx, "share")
			waitFor(t, ctx, 5*time.Second, "the share dialog", `document.querySelector("[data-share=play]") !== null`)
			run(t, ctx, 10*time.Second, "readers may play on", chromedp.Click(`[data-share="play"]`))
			waitFor(t, ctx, 5*time.Second, "play=1 in the snippet", `document.querySelector("[data-share=snippet]").value.includes("&amp;play=1\"") &&
				document.querySelector("[data-share=preview]").src.endsWith("&play=1") &&
				document.querySelector("[data-share=play]").getAttribute("aria-pressed") === "true"`)
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
