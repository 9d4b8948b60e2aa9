package e2e

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"qipan/app/site"
	"qipan/engine/xiangqi"
)

// payload is markup that sets window.qipanPwned (and opens a dialog) if it ever runs.
const payload = `"><script>window.qipanPwned=1;alert(1)</script><img src=x onerror="window.qipanPwned=1;alert(1)"><svg onload="window.qipanPwned=1">`

// TestHostile feeds the embed hostile links and window.name values: markup in every field, a
// 1 MB parameter, broken UTF-8, broken records, a 5,000-move game. Nothing may run, the page
// must stay usable and say clearly what is wrong. It also checks the CSP blocks markup that
// would run script, were any ever written.
func TestHostile(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	watchPage(t, ctx)
	esc := url.QueryEscape
	pgn := `[Event "` + strings.ReplaceAll(payload, `"`, `'`) + `"]` + "\n" + `[Red "` + strings.ReplaceAll(payload, `"`, `'`) + `"]` + "\n" +
		`[Black "<b onmouseover=alert(1)>x</b>"]` + "\n\n{" + payload + "} 1. C2.5 {" + payload + "} H8+7 *\n"
	long := strings.Repeat("h0g2 h9g7 g2h0 g7h9 ", 1250)
	cases := []struct {
		name, query, fragment, windowName string
		err                               string // part of the message shown, "" for a game shown
		plies                             int
	}{
		{"markup in PGN tags and comments", "pgn=" + esc(pgn), "", "", "", 2},
		{"markup in DhtmlXQ", "dhtmlxq=" + esc("[DhtmlXQ][DhtmlXQ_red]"+payload+"[/DhtmlXQ_red][DhtmlXQ_title]"+payload+"[/DhtmlXQ_title][DhtmlXQ_comment1]"+payload+"[/DhtmlXQ_comment1][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]"), "", "", "", 1},
		{"markup in window.name", "", "", "[DhtmlXQ][DhtmlXQ_black]" + payload + "[/DhtmlXQ_black][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]", "", 1},
		{"markup in fen", "fen=" + esc(payload), "", "", "the fen parameter", 0},
		{"markup in moves", "moves=" + esc("h2e2 "+payload), "", "", "the moves parameter: pgn: line 1, column", 0},
		{"markup in the fragment, lang and theme", "", "moves=h2e2&lang=" + esc(payload) + "&theme=" + esc(payload) + "&game=" + esc(payload), "", `the game parameter is "`, 0},
		{"markup in other parameters", "moves=h2e2&lang=" + esc(payload) + "&theme=" + esc(payload) + "&autoplay=" + esc(payload), "", "", "", 1},
		{"a broken PGN: line and column", "pgn=" + esc("[Red \"x\"]\n\n1. H2-E2 H2-E2 *"), "", "", "the pgn parameter: pgn: line 3, column 10", 0},
		{"a 1 MB parameter (in the fragment: a server refuses such a request line)", "", "pgn=" + strings.Repeat("a", 1<<20), "", `the "pgn" parameter is 1048576 bytes long`, 0},
		{"broken UTF-8", "moves=%FF%FE%80", "", "", `the "moves" parameter is not valid UTF-8 text`, 0},
		{"a bad escape", "moves=%E4%B", "", "", "bad %-escape", 0},
		{"a 5,000-move game", "moves=" + esc(long) + "&ply=4999", "", "", "", 5000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			u := srv.URL + "/embed"
			if c.query != "" {
				u += "?" + c.query
			}
			if c.fragment != "" {
				u += "#" + c.fragment
			}
			if c.windowName != "" {
				run(t, ctx, 30*time.Second, "blank page", chromedp.Navigate(srv.URL+"/embed?moves=h2e2"))
				eval[bool](t, ctx, fmt.Sprintf(`(window.name = %q, true)`, c.windowName))
			}
			start := time.Now()
			openEmbed(t, ctx, u)
			if c.windowName != "" {
				eval[bool](t, ctx, `(window.name = "", true)`)
			}
			shown := eval[string](t, ctx, `document.querySelector("[data-embed-error]")?.dataset.embedError || ""`)
			switch {
			case c.err == "" && shown != "":
				t.Errorf("error %q, want the game shown", shown)
			case c.err != "" && !strings.Contains(shown, c.err):
				t.Errorf("error %q, want one with %q", shown, c.err)
			case c.err != "" && len(shown) > 700:
				t.Errorf("an error of %d characters", len(shown))
			}
			// The list draws a window of its entries; data-moves is the whole record.
			if n := eval[int](t, ctx, `+(document.getElementById("moves")?.dataset.moves || 0)`); n != c.plies {
				t.Errorf("%d moves in the list, want %d", n, c.plies)
			}
			// Nothing ran, no element came from the link, the page still answers.
			if eval[bool](t, ctx, `window.qipanPwned === 1`) || eval[int](t, ctx, `window.qipanDialogs`) > 0 {
				t.Fatal("the payload ran")
			}
			if n := eval[int](t, ctx, `document.querySelectorAll(".qipan-embed script, .qipan-embed img, .qipan-embed b, .qipan-embed svg:not(.board):not(.board *)").length`); n > 0 {
				t.Errorf("%d elements from the link's text", n)
			}
			if c.plies > 0 {
				before := fen(t, ctx)
				action(t, ctx, "last")
				waitFor(t, ctx, 10*time.Second, "the last position", fmt.Sprintf(`document.getElementById("board").dataset.fen !== %q`, before))
			}
			record(t, "hostile embed %q: shown and usable in %v", c.name, time.Since(start).Round(time.Millisecond))
		})
	}
	screenshot(t, ctx, "hostile-01-last")
	openEmbed(t, ctx, srv.URL+"/embed?pgn="+esc(pgn))
	screenshot(t, ctx, "hostile-02-markup-as-text")
	if got := eval[string](t, ctx, `document.querySelector("[data-player=red]").textContent`); got != strings.ReplaceAll(payload, `"`, `'`) {
		t.Errorf("the red player reads %q: want the markup as text", got)
	}
	// Were markup ever written, the CSP would stop it: an inline handler and an inline script
	// added to the page do not run, and the browser reports the violation.
	eval[bool](t, ctx, `(document.body.insertAdjacentHTML("beforeend", '<img src="data:," onerror="window.qipanPwned=1">'), true)`)
	eval[bool](t, ctx, `(() => { const s = document.createElement("script"); s.textContent = "window.qipanPwned = 1"; document.body.append(s); return true; })()`)
	waitFor(t, ctx, 5*time.Second, "the CSP violations reported", `window.qipanCSP.length >= 2`)
	if eval[bool](t, ctx, `window.qipanPwned === 1`) {
		t.Fatal("injected script ran under the CSP")
	}
	if csp := eval[string](t, ctx, `document.querySelector("meta[http-equiv=Content-Security-Policy]")?.content || ""`); csp != site.CSP {
		t.Errorf("the page's CSP is %q", csp)
	}
}

// TestShare plays a game in the app, opens Share, checks the link, the snippet at each width
// and the live preview, copies, and opens the link in the app, which then keeps the game over
// a reload.
func TestShare(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	watchPage(t, ctx)
	for _, perm := range []string{"clipboard-read", "clipboard-write"} {
		if _, err := chromedp.Call(ctx, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
			Permission: &cdpbrowser.PermissionDescriptor{Name: perm}, Setting: cdpbrowser.PermissionSettingGranted, Origin: srv.URL,
		}); err != nil {
			t.Fatal(err)
		}
	}
	load(t, ctx, srv.URL+"/?lang=zh-Hans")
	action(t, ctx, "play-two")
	for _, mv := range [][2]string{{"h2", "e2"}, {"h9", "g7"}, {"b0", "c2"}} {
		playMove(t, ctx, mv[0], mv[1])
	}
	waitFor(t, ctx, 5*time.Second, "three moves", `document.querySelectorAll("[data-ply]").length === 3`)
	run(t, ctx, 10*time.Second, "review move 2", chromedp.Click(`[data-ply="2"]`))
	waitFor(t, ctx, 5*time.Second, "the review", `!document.querySelector("[data-action=live]").disabled`)
	action(t, ctx, "share")
	waitFor(t, ctx, 5*time.Second, "the share dialog", `document.querySelector("[data-share=link]") !== null`)
	link := eval[string](t, ctx, `document.querySelector("[data-share=link]").value`)
	if want := srv.URL + "/?moves=h2e2+h9g7+b0c2&ply=2"; link != want {
		t.Errorf("link %s, want %s", link, want)
	}
	for _, w := range []struct{ preset, attr string }{{"360", `max-width:360px;`}, {"640", `max-width:640px;`}, {"0", `style="display:block;width:100%;height:auto;`}, {"480", `max-width:480px;`}} {
		run(t, ctx, 10*time.Second, "width "+w.preset, chromedp.Click(`[data-width="`+w.preset+`"]`))
		waitFor(t, ctx, 5*time.Second, "the snippet at "+w.preset, `document.querySelector("[data-share=snippet]").value.includes(`+fmt.Sprintf("%q", w.attr)+`)`)
	}
	snippet := eval[string](t, ctx, `document.querySelector("[data-share=snippet]").value`)
	wantSrc := `src="` + srv.URL + `/embed?moves=h2e2+h9g7+b0c2&amp;ply=2&amp;lang=zh-Hans&amp;notation=zh&amp;theme=light"`
	if !strings.HasPrefix(snippet, "<iframe ") || !strings.Contains(snippet, wantSrc) {
		t.Errorf("snippet %s, want an iframe with %s", snippet, wantSrc)
	}
	// The live preview is the embed on the same position.
	waitFor(t, ctx, 60*time.Second, "the preview", fmt.Sprintf(`document.querySelector("[data-share=preview]").contentDocument?.querySelector("#board[data-ready]")?.dataset.fen === %q`,
		fenAfter(t, xiangqi.StartFEN, "h2e2", "h9g7")))
	action(t, ctx, "copy-snippet")
	waitFor(t, ctx, 5*time.Second, "the snippet on the clipboard", `navigator.clipboard.readText().then(t => t.startsWith("<iframe "))`)
	screenshot(t, ctx, "share-01-dialog")
	// On a phone the dialog and its preview fit the screen.
	run(t, ctx, 10*time.Second, "a phone", chromedp.EmulateViewport(360, 740))
	waitFor(t, ctx, 5*time.Second, "the preview within the screen", `(() => {
		const r = document.querySelector("[data-share=preview]").getBoundingClientRect();
		return r.width > 250 && r.left >= 0 && r.right <= 360;
	})()`)
	screenshot(t, ctx, "share-02-dialog-phone")
	run(t, ctx, 10*time.Second, "back to a desktop", chromedp.EmulateViewport(1280, 900))
	action(t, ctx, "copy-link")
	waitFor(t, ctx, 5*time.Second, "the link on the clipboard", fmt.Sprintf(`navigator.clipboard.readText().then(t => t === %q)`, link))

	// The link opens the game in a fresh app (another profile), at the ply shared.
	ctx2 := browser(t)
	load(t, ctx2, link)
	waitFor(t, ctx2, 10*time.Second, "the shared game", fmt.Sprintf(`document.querySelectorAll("[data-ply]").length === 3 && document.getElementById("board").dataset.fen === %q`,
		fenAfter(t, xiangqi.StartFEN, "h2e2", "h9g7")))
	if loc := eval[string](t, ctx2, `location.href`); loc != srv.URL+"/" {
		t.Errorf("address after opening the link: %s, want the query taken off", loc)
	}
	// Play on from the shared game; a reload keeps it.
	action(t, ctx2, "play-two") // before the game's end is shown: the computer must not answer
	action(t, ctx2, "live")
	playMove(t, ctx2, "h7", "h3") // black's cannon, after b0c2
	waitFor(t, ctx2, 5*time.Second, "four moves", `document.querySelectorAll("[data-ply]").length === 4`)
	run(t, ctx2, 30*time.Second, "reload", chromedp.Reload())
	load(t, ctx2, "")
	waitFor(t, ctx2, 10*time.Second, "the game kept over a reload", `document.querySelectorAll("[data-ply]:not(.tail)").length === 4`)
	// A Reversi link switches the game.
	load(t, ctx2, srv.URL+"/?game=reversi&moves=f5d6c3")
	waitFor(t, ctx2, 10*time.Second, "the Reversi game", `document.querySelectorAll("[data-disc]").length === 7`)
	// A bad link leaves the saved game and says why.
	load(t, ctx2, srv.URL+"/?moves=zz")
	waitFor(t, ctx2, 10*time.Second, "the message", `document.querySelector(".notice").textContent.includes("The link's game cannot be opened")`)
	if v := eval[[]string](t, ctx, `window.qipanCSP`); len(v) > 0 {
		t.Errorf("CSP violations: %v", v)
	}
	snippetFits(t, ctx, dir, srv.URL, snippet)
}

// TestInstall: the Install button is hidden until the browser offers installation, then shows
// the browser's prompt; and a new build deployed at the same address is announced ("A new
// version is ready"), and reloading keeps the game.
func TestInstall(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	// The server serves whichever build is current: the test deploys a second one.
	newBuild := filepath.Join(t.TempDir(), "site")
	var current atomic.Value
	current.Store(dir)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		site.FileServer(current.Load().(string), site.Base{}).ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	ctx := browser(t)
	watchPage(t, ctx)
	load(t, ctx, ts.URL+"/")
	// The button is there exactly when go-app says the browser offers installation (headless
	// Chromium may offer it by itself, or not yet).
	waitFor(t, ctx, 10*time.Second, "the Install button to follow the browser", `!!document.querySelector("[data-action=install]") === goappIsAppInstallable()`)
	// Installed: no button.
	eval[bool](t, ctx, `(window.dispatchEvent(new Event("appinstalled")), true)`)
	waitFor(t, ctx, 5*time.Second, "no Install button once installed", `document.querySelector("[data-action=install]") === null`)
	// The browser offers installation (the event the browser sends, with a prompt the test
	// can see). Chromium may send a real one of its own once the service worker (registered
	// after the board is drawn) is in place, later than this one on a busy machine: the
	// capturing listener, which runs before the app's, gives every such event the test's
	// prompt, so whichever event the app keeps, its prompt is the one the test sees.
	eval[bool](t, ctx, `(() => {
		const seen = e => {
			e.prompt = () => { window.qipanPrompted = true; };
			e.userChoice = Promise.resolve({outcome: "dismissed"});
		};
		window.addEventListener("beforeinstallprompt", seen, true);
		const e = new Event("beforeinstallprompt", {cancelable: true});
		window.dispatchEvent(e);
		return true;
	})()`)
	waitFor(t, ctx, 5*time.Second, "the Install button", `document.querySelector("[data-action=install]") !== null`)
	screenshot(t, ctx, "install-01-button")
	action(t, ctx, "install")
	waitFor(t, ctx, 5*time.Second, "the browser's prompt", `window.qipanPrompted === true`)

	// A game in progress, the service worker in control.
	action(t, ctx, "play-two")
	playMove(t, ctx, "h2", "e2")
	waitFor(t, ctx, 60*time.Second, "the service worker in control", `navigator.serviceWorker.controller !== null`)
	if n := eval[int](t, ctx, `document.querySelectorAll(".update").length`); n != 0 {
		t.Fatal("an update notice before any update")
	}
	// Deploy another build at the same address: the same files, generated with another
	// version, as ./build.sh would.
	deploy(t, dir, newBuild)
	current.Store(newBuild)
	run(t, ctx, 30*time.Second, "reload", chromedp.Reload())
	load(t, ctx, "")
	waitFor(t, ctx, 60*time.Second, "the update notice", `document.querySelector(".update")?.textContent.includes("A new version is ready")`)
	screenshot(t, ctx, "install-02-update")
	eval[bool](t, ctx, `(window.qipanBefore = true)`)
	action(t, ctx, "reload")
	settle(t, ctx, `window.qipanBefore !== true && document.querySelector("#board[data-ready]") !== null`)
	if eval[bool](t, ctx, `window.qipanBefore === true`) {
		t.Fatal("the Reload button did not reload the page")
	}
	waitFor(t, ctx, 10*time.Second, "the game kept", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, fenAfter(t, xiangqi.StartFEN, "h2e2")))
	if !eval[bool](t, ctx, `(async () => (await caches.keys()).some(k => k.includes("e2e-update")))()`) {
		t.Error("the new version's cache is not in use after the reload")
	}
}

// deploy writes a copy of the build in dir to out as a new release would differ from it: its
// version (the service worker's cache name, go-app's GOAPP_VERSION) is another, so the
// service worker script changes and the browser installs it.
func deploy(t *testing.T, dir, out string) {
	t.Helper()
	if err := os.CopyFS(out, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	worker, err := os.ReadFile(filepath.Join(out, "app-worker.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`"app-" \+ "([^"]+)"`).FindSubmatch(worker)
	if m == nil {
		t.Fatal("no version in app-worker.js")
	}
	old := string(m[1])
	for _, name := range []string{"app-worker.js", "app.js", "index.html", "embed.html"} {
		p := filepath.Join(out, name)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(p, []byte(strings.ReplaceAll(string(b), old, old+"-e2e-update")), 0o644)
		later := time.Now().Add(time.Second) // newer than the twins: Precompress writes them again
		os.Chtimes(p, later, later)
	}
	if err := site.Precompress(out); err != nil {
		t.Fatal(err)
	}
}

// TestBlogScript: a blog page on another origin includes web/embed.js; its DhtmlXQ block and
// <pre class="qipan"> elements become embedded boards as wide as the column, whose heights
// follow what the frames report.
func TestBlogScript(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	blog := `<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8"><title>A blog</title>
<style>body{font:16px Georgia,serif;background:#fff;color:#222;margin:0} main{max-width:640px;margin:0 auto;padding:16px}</style>
<script src="` + srv.URL + `/web/embed.js" defer></script></head><body><main>
<h1>Three games</h1><p>An old post, with a DhtmlXQ viewer's block:</p>
<p>[DhtmlXQ]<br>[DhtmlXQ_title]示例[/DhtmlXQ_title]<br>[DhtmlXQ_red]甲[/DhtmlXQ_red][DhtmlXQ_black]乙[/DhtmlXQ_black]<br>[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]<br>[/DhtmlXQ]</p>
<div lang="zh-Hans"><p>A game in PGN:</p>
<pre class="qipan" data-ply="2">` + strings.ReplaceAll(embedPGN, "<", "&lt;") + `</pre></div>
<p>And Reversi:</p><pre class="qipan" data-game="reversi">f5 d6 c3 d3 c4</pre><p>The end.</p></main></body></html>`
	bs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, blog)
	}))
	t.Cleanup(bs.Close)
	ctx := browser(t)
	run(t, ctx, 30*time.Second, "the blog", chromedp.Navigate(strings.Replace(bs.URL, "127.0.0.1", "localhost", 1)+"/post"))
	waitFor(t, ctx, 10*time.Second, "three frames", `document.querySelectorAll("iframe.qipan-frame").length === 3`)
	srcs := eval[[]string](t, ctx, `[...document.querySelectorAll("iframe.qipan-frame")].map(f => f.src)`)
	// Each frame speaks its post's language (the nearest lang attribute) and is light on the
	// white page; its title is in that language.
	for i, want := range []string{"dhtmlxq=%5BDhtmlXQ%5D", "text=%5BEvent", "game=reversi&text=f5+d6"} {
		if !strings.HasPrefix(srcs[i], srv.URL+"/embed#") || !strings.Contains(srcs[i], want) {
			t.Errorf("frame %d: %s, want the site's embed with %s", i+1, srcs[i], want)
		}
		if lang := []string{"zh-Hant", "zh-Hans", "zh-Hant"}[i]; !strings.Contains(srcs[i], "&lang="+lang+"&") || !strings.Contains(srcs[i], "&theme=light&") {
			t.Errorf("frame %d: %s, want lang=%s and theme=light", i+1, srcs[i], lang)
		}
	}
	if titles := eval[[]string](t, ctx, `[...document.querySelectorAll("iframe.qipan-frame")].map(f => f.title)`); strings.Join(titles, " ") != "象棋棋盤 象棋棋盘 黑白棋棋盤" {
		t.Errorf("frame titles %q, want the board's name in the post's language", titles)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("pre.qipan").length`); n != 0 || strings.Contains(eval[string](t, ctx, `document.body.textContent`), "[DhtmlXQ]") {
		t.Error("the blocks are still in the page")
	}
	// Each frame says its height once loaded (they load lazily: the reader scrolls to them);
	// the column's width is kept.
	const sized = `(() => {
		const unsized = [...document.querySelectorAll("iframe.qipan-frame")].find(f => f.dataset.sized !== "1");
		if (unsized) unsized.scrollIntoView();
		return !unsized;
	})()`
	waitFor(t, ctx, 90*time.Second, "the frames sized by their content", sized)
	eval[bool](t, ctx, `(scrollTo(0, 0), true)`)
	if w := eval[float64](t, ctx, `document.querySelector("iframe.qipan-frame").getBoundingClientRect().width`); w != 640 {
		t.Errorf("frame width %.0f, want the column's 640", w)
	}
	screenshot(t, ctx, "blog-01-page")
	// Each frame shows its game (opened on its own here: the frames are another origin).
	// The DhtmlXQ block's digits name no notation: 中文 (繁) as the page's language; the PGN keeps
	// the WXF it is written in.
	for i, check := range []string{
		`document.querySelector("[data-player=red]")?.textContent === "甲" && document.querySelectorAll("[data-ply]").length === 2 &&
			document.querySelector('[data-ply="1"]').textContent === "炮二平五" && document.querySelector('[data-ply="2"]').textContent === "馬８進７"`,
		`document.querySelector("[data-player=red]")?.textContent === "Wang" && document.querySelector(".embed-status").textContent.startsWith("第 2 步（共 6 步）") &&
			document.querySelector('[data-ply="1"]').textContent === "C2.5"`,
		`document.querySelectorAll("[data-disc]").length === 4 && document.querySelectorAll("[data-ply]").length === 5`, // at the start, as embeds open
	} {
		openEmbed(t, ctx, srcs[i])
		waitFor(t, ctx, 10*time.Second, fmt.Sprintf("frame %d's game", i+1), check)
	}
	// A narrow column: the frames fit it.
	run(t, ctx, 30*time.Second, "the blog on a phone", chromedp.EmulateViewport(360, 740), chromedp.Navigate(strings.Replace(bs.URL, "127.0.0.1", "localhost", 1)+"/post"))
	waitFor(t, ctx, 10*time.Second, "three frames", `document.querySelectorAll("iframe.qipan-frame").length === 3`)
	waitFor(t, ctx, 90*time.Second, "the frames sized", sized)
	eval[bool](t, ctx, `(scrollTo(0, 0), true)`)
	if w := eval[float64](t, ctx, `document.querySelector("iframe.qipan-frame").getBoundingClientRect().width`); w > 330 {
		t.Errorf("frame width %.0f in a 360 px page", w)
	}
	screenshot(t, ctx, "blog-02-phone")
}

// snippetFits puts the Share snippet in a white blog page of the site's origin and checks that
// the frame fits a phone's 328 px column and a desktop's 640 px one: as wide as the column (up
// to the preset's 480 px), the embed's content neither cut nor followed by an empty block, the
// frame light on the white page, the moves in Chinese as the page that shared them.
func snippetFits(t *testing.T, ctx context.Context, dir, base, snippet string) {
	t.Helper()
	page := `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
		`<body style="margin:0;background:#fff;font:16px Georgia,serif"><main style="max-width:640px;margin:0 auto;padding:16px">` +
		`<p>A post with a game:</p>` + html.UnescapeString(strings.ReplaceAll(snippet, `loading="lazy" `, "")) + `<p>The end.</p></main>`
	// The snippet's src is the site's address: the page is served from the same origin.
	writeFile(t, filepath.Join(dir, "e2e-snippet.html"), strings.ReplaceAll(page, base+"/", "/"))
	for _, size := range []struct {
		w, h      int
		name      string
		wantWidth float64
	}{{360, 740, "share-03-snippet-phone", 328}, {1366, 768, "share-04-snippet-desktop", 480}} {
		run(t, ctx, 30*time.Second, "the snippet's page", chromedp.EmulateViewport(int64(size.w), int64(size.h)), chromedp.Navigate(base+"/e2e-snippet.html"))
		const doc = `document.querySelector("iframe").contentDocument`
		waitFor(t, ctx, 60*time.Second, "the embed drawn", doc+`?.querySelector("#board[data-ready]") !== null`)
		got := eval[map[string]float64](t, ctx, `(() => {
			const f = document.querySelector("iframe"), d = f.contentDocument;
			const root = d.querySelector(".qipan-embed"), board = d.getElementById("board").getBoundingClientRect();
			const bg = getComputedStyle(d.body).backgroundColor.match(/[\d.]+/g).map(Number);
			return {width: f.getBoundingClientRect().width, height: f.clientHeight, content: root.getBoundingClientRect().bottom,
				scroll: d.documentElement.scrollHeight, board: board.width, light: 0.2126 * bg[0] + 0.7152 * bg[1] + 0.0722 * bg[2]};
		})()`)
		if got["width"] != size.wantWidth {
			t.Errorf("%d px screen: the frame is %.0f px wide, want %.0f", size.w, got["width"], size.wantWidth)
		}
		if got["scroll"] > got["height"]+1 || got["height"]-got["content"] > 45 {
			t.Errorf("%d px screen: a %.0f px frame for %.0f px of content (scroll height %.0f)", size.w, got["height"], got["content"], got["scroll"])
		}
		if got["board"] < got["width"]-45 || got["light"] < 200 {
			t.Errorf("%d px screen: the board %.0f px wide in a %.0f px frame, background luminance %.0f", size.w, got["board"], got["width"], got["light"])
		}
		if first := eval[string](t, ctx, doc+`.querySelector('[data-ply="1"]')?.textContent || ""`); first != "炮二平五" {
			t.Errorf("the first move reads %q, want 炮二平五", first)
		}
		screenshot(t, ctx, size.name)
	}
}
