package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestLanguages opens the board in a browser set to Traditional Chinese, switches to English
// and back through the selector, checks the choice survives a reload and that ?lang= wins, and
// reads a result and the Reversi board in Chinese.
func TestLanguages(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browserWith(t, chromedp.Flag("lang", "zh-TW"), chromedp.Flag("accept-lang", "zh-TW,zh"))

	load(t, ctx, srv.URL+"/")
	langIs(t, ctx, "zh-Hant", "輪到你走（紅方）")
	if got := eval[string](t, ctx, `document.querySelector('[data-action="new"]').textContent`); got != "新局" {
		t.Errorf("the New button reads %q in zh-Hant", got)
	}
	if got := eval[string](t, ctx, `document.querySelector('[data-action="share"]').textContent`); got != "分享" {
		t.Errorf("the Share button reads %q in zh-Hant", got)
	}
	// The tab's title, the description and the game selector speak Chinese too.
	if got := eval[string](t, ctx, `document.title + " | " + document.querySelector('meta[name="description"]').content + " | " +
		document.querySelector('select[data-action="game"] option:checked').textContent`); got != "棋盤 · 象棋與黑白棋 | 在瀏覽器裡與引擎下象棋或黑白棋，離線也能下。 | 象棋" {
		t.Errorf("title, description and game in zh-Hant: %q", got)
	}
	screenshot(t, ctx, "lang-01-zh-hant")
	// Before the app has loaded (web/early.js; ?wasm=false keeps go-app from loading it): the
	// page is already Chinese for the tab and screen readers.
	run(t, ctx, 30*time.Second, "the page without its app", chromedp.Navigate(srv.URL+"/?wasm=false"))
	waitFor(t, ctx, 10*time.Second, "the title in Chinese before the app", `document.documentElement.lang === "zh-Hant" && document.title === "棋盤 · 象棋與黑白棋"`)
	load(t, ctx, srv.URL+"/")

	setSelect(t, ctx, "lang", "en")
	langIs(t, ctx, "en", "Your move (Red)")
	run(t, ctx, 30*time.Second, "reload", chromedp.Reload())
	load(t, ctx, "")
	langIs(t, ctx, "en", "Your move (Red)") // the choice is kept over the browser's language

	load(t, ctx, srv.URL+"/?lang=zh-Hans")
	langIs(t, ctx, "zh-Hans", "轮到你走（红方）")
	if got := eval[string](t, ctx, `document.querySelector('select[data-action="level"] option:checked').textContent`); got != "6 级" {
		t.Errorf("the level reads %q in zh-Hans", got)
	}

	// A result: the reason in Chinese, data-result in the rules' English.
	setSaved(t, ctx, `{"v":1,"start":"3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1","moves":"","ply":0}`)
	load(t, ctx, srv.URL+"/?lang=zh-Hans")
	waitFor(t, ctx, 5*time.Second, "the result in Chinese", `document.querySelector("[data-result]")?.textContent === "红方胜：黑方无子可走（困毙）"`)
	if r := eval[string](t, ctx, `document.querySelector("[data-result]").dataset.result`); r != "Red wins: Black has no legal move" {
		t.Errorf("data-result %q", r)
	}
	screenshot(t, ctx, "lang-02-zh-hans-result")

	// Reversi in Chinese.
	setSelect(t, ctx, "game", "reversi")
	waitFor(t, ctx, 10*time.Second, "the Reversi board in Chinese", `document.querySelector("#board.reversi[data-ready]") !== null && document.querySelector(".status").textContent === "轮到你走（黑棋）"`)
	screenshot(t, ctx, "lang-03-reversi-zh-hans")
	setSelect(t, ctx, "game", "xiangqi")
}

// langIs waits for the page to speak lang: <html lang> and the status line.
func langIs(t *testing.T, ctx context.Context, lang, status string) {
	t.Helper()
	waitFor(t, ctx, 10*time.Second, "the page in "+lang, `document.documentElement.lang === "`+lang+`" && document.querySelector(".status")?.textContent === "`+status+`"`)
}
