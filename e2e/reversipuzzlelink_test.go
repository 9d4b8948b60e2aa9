package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdproto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/app/ui"
	"qipan/engine/reversi"
)

// reversiCollection is the build's Reversi collection.
func reversiCollection(t *testing.T, dir string) []play.Puzzle {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(ui.ReversiPuzzlesURL)))
	if err != nil {
		t.Fatalf("the build holds no Reversi collection: %v", err)
	}
	list, err := play.ParsePuzzles(play.VariantReversi, string(b))
	if err != nil || len(list) < 3 {
		t.Fatalf("the build's %s: %d puzzles, %v", ui.ReversiPuzzlesURL, len(list), err)
	}
	return list
}

// reversiPuzzleQuery is a link's query to Reversi puzzle pz: with its moves' scores (as Share
// writes them) or, scored false, its position alone (to be found in the collection).
func reversiPuzzleQuery(pz play.Puzzle, scored bool) string {
	q := "puzzle=1&game=reversi&fen=" + url.QueryEscape(pz.FEN)
	if scored {
		q += "&scores=" + play.ScoresText(pz)
	}
	return q
}

// mover is the side to move of a Reversi board text (0 Black, 1 White).
func mover(fen string) int {
	if strings.HasSuffix(strings.TrimSpace(fen), "O") {
		return 1
	}
	return 0
}

// TestReversiPuzzleLink opens Reversi puzzles from links (issue 52): the app's
// ?puzzle=1&game=reversi&fen=…&scores=… at a phone's width in Chinese (the goal, the hint at
// once with no engine, a worse move failed, retry, the best move solved, the collection's puzzle
// of that position taking the link's place, Share writing the puzzle's link and snippet, which
// open it again), a link with the position alone found in the
// collection (in English, with its number), the embed's (found in the collection, and scored by
// the link), a blog post's <pre class="qipan" data-puzzle data-game="reversi"> on another
// origin, and the positions that cannot be puzzles, said in the reader's language.
func TestReversiPuzzleLink(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	list := reversiCollection(t, dir)
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	run(t, ctx, 10*time.Second, "phone", chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2)))
	zh, en := i18n.Simplified, i18n.English
	status := func() string { return eval[string](t, ctx, `document.querySelector(".status").textContent`) }

	// 1. The app, a link with the scores, in Chinese at a phone's width.
	pz := list[0]
	onBoard := func(p play.Puzzle) string {
		return jsPuzzle + ` === "solving" && document.getElementById("board").dataset.fen === "` + p.FEN + `"`
	}
	load(t, ctx, srv.URL+"/?lang=zh-Hans&"+reversiPuzzleQuery(pz, true))
	waitFor(t, ctx, 10*time.Second, "the link's puzzle", onBoard(pz))
	if s, side := status(), play.SideLabel(zh, play.VariantReversi, mover(pz.FEN)); !strings.Contains(s, side+"走：找出最佳着法") {
		t.Errorf("the goal reads %q, want %s to move", s, side)
	}
	if q := eval[string](t, ctx, `location.search`); q != "" {
		t.Errorf("the puzzle's link stays in the address: %q", q)
	}
	// The collection holds the position: its puzzle takes the link's place, with its number
	// (and its rating: the progress is kept under its id).
	waitFor(t, ctx, 10*time.Second, "the collection's puzzle of the link", onBoard(pz)+
		` && document.querySelector(".puzzle-title").textContent.includes("`+play.PuzzleName(zh, pz)+`")`)
	// The hint needs no engine: it works at once, and nothing of the engine is fetched.
	action(t, ctx, "puzzle-hint")
	waitFor(t, ctx, 5*time.Second, "the hint", `document.querySelector("[data-hint-move]")?.dataset.hintMove === "`+pz.Best+`"`)
	if engineFetched(t, ctx) {
		t.Error("the Reversi puzzle's hint fetched the engine")
	}
	screenshot(t, ctx, "reversi-puzzle-link-hint-360-zh")
	worst := pz.Scores[len(pz.Scores)-1]
	click(t, ctx, worst.Move)
	waitFor(t, ctx, 5*time.Second, "failed", jsPuzzle+` === "failed"`)
	if s := status(); !strings.Contains(s, worst.Move) || !strings.Contains(s, discs(pz.Score)) {
		t.Errorf("failed: the status says %q, want %s's score against %s", s, worst.Move, discs(pz.Score))
	}
	screenshot(t, ctx, "reversi-puzzle-link-failed-360-zh")
	action(t, ctx, "puzzle-retry")
	waitFor(t, ctx, 5*time.Second, "the puzzle again", onBoard(pz))
	click(t, ctx, pz.Best)
	waitFor(t, ctx, 5*time.Second, "solved", jsPuzzle+` === "solved"`)
	if s, want := status(), fmt.Sprintf("解开了：%s 得 %s，最佳", pz.Best, discs(pz.Score)); s != want {
		t.Errorf("solved: the status says %q, want %q", s, want)
	}
	waitFor(t, ctx, 5*time.Second, "the progress kept", `JSON.parse(localStorage.getItem("qipan.puzzles") || "{}")["`+play.PuzzleID(pz)+`"] === "solved"`)

	// Share writes the puzzle, not the game: its link and the embed's snippet, each with the
	// scores; the preview is the puzzle, and the link opens it again.
	action(t, ctx, "share")
	waitFor(t, ctx, 5*time.Second, "the share dialog", `document.querySelector('[data-share="link"]') !== null`)
	shared := eval[string](t, ctx, `document.querySelector('[data-share="link"]').value`)
	u, err := url.Parse(shared)
	if err != nil {
		t.Fatalf("the shared link %q: %v", shared, err)
	}
	qv := u.Query()
	if qv.Get("puzzle") != "1" || qv.Get("game") != "reversi" || qv.Get("fen") != pz.FEN || qv.Get("moves") != "" {
		t.Errorf("the shared link %q is not the puzzle", shared)
	}
	if got, err := play.LinkPuzzle(play.VariantReversi, qv.Get("fen"), qv.Get("scores")); err != nil || got.Best != pz.Best || len(got.Scores) != len(pz.Scores) {
		t.Errorf("the shared link's scores %q: %+v, %v", qv.Get("scores"), got, err)
	}
	if s := eval[string](t, ctx, `document.querySelector('[data-share="snippet"]').value`); !strings.Contains(s, "embed?game=reversi&amp;puzzle=1&amp;fen=") || !strings.Contains(s, "scores=") {
		t.Errorf("the snippet %q is not the puzzle's", s)
	}
	waitFor(t, ctx, 30*time.Second, "the preview's puzzle", `document.querySelector('[data-share="preview"]')?.contentDocument?.querySelector("#board[data-ready]")?.dataset.puzzle === "solving"`)
	// The snippet's frame has room for the puzzle's row of buttons: the status under it shows.
	for _, w := range []string{"360", "480", "640"} {
		action(t, ctx, "share") // closed and opened again: the width buttons are in view
		action(t, ctx, "share")
		run(t, ctx, 10*time.Second, "width "+w, chromedp.Click(chromedp.CSS(`[data-width="`+w+`"]`)))
		waitFor(t, ctx, 30*time.Second, "the preview at "+w+" px", `(() => { const f = document.querySelector('[data-share="preview"]'); const d = f?.contentDocument;
			const st = d?.querySelector(".embed-status"); if (!st || d.querySelector("#board")?.dataset.puzzle !== "solving") return false;
			return st.textContent !== "" && st.getBoundingClientRect().bottom <= f.contentWindow.innerHeight + 1 })()`)
	}
	load(t, ctx, shared)
	waitFor(t, ctx, 10*time.Second, "the shared link's puzzle", onBoard(pz))

	// 2. A link with the position alone: the collection's puzzle, with its number, in English.
	pz2 := list[1]
	load(t, ctx, srv.URL+"/?lang=en&"+reversiPuzzleQuery(pz2, false))
	waitFor(t, ctx, 10*time.Second, "the collection's puzzle", onBoard(pz2))
	if s, side := status(), play.SideLabel(en, play.VariantReversi, mover(pz2.FEN)); !strings.Contains(s, side+" to move: find the best move") {
		t.Errorf("the goal reads %q, want %s to move", s, side)
	}
	if s := eval[string](t, ctx, `document.querySelector(".puzzle-title").textContent`); !strings.Contains(s, play.PuzzleName(en, pz2)) {
		t.Errorf("the puzzle's title %q, want %q", s, play.PuzzleName(en, pz2))
	}
	click(t, ctx, pz2.Best)
	waitFor(t, ctx, 5*time.Second, "solved", jsPuzzle+` === "solved"`)
	waitFor(t, ctx, 5*time.Second, "the progress kept", `JSON.parse(localStorage.getItem("qipan.puzzles") || "{}")["`+play.PuzzleID(pz2)+`"] === "solved"`)

	// The list and the daily puzzle of Reversi from their links, whatever the board showed.
	load(t, ctx, srv.URL+"/?view=puzzles&game=reversi&lang=zh-Hans")
	waitFor(t, ctx, 10*time.Second, "the Reversi list from ?view=puzzles&game=reversi", `document.querySelector("#board.reversi") !== null && `+jsListed(len(list)))
	daily := list[play.DailyPuzzle(list, play.DailyDate(time.Now()))]
	load(t, ctx, srv.URL+"/?lang=zh-Hans") // the page shows Xiangqi again…
	setSelect(t, ctx, "game", "xiangqi")
	waitFor(t, ctx, 10*time.Second, "Xiangqi", `document.querySelector("#board.reversi") === null`)
	load(t, ctx, srv.URL+"/?daily=1&game=reversi&lang=zh-Hans") // …and the link asks for Reversi's daily puzzle
	waitFor(t, ctx, 10*time.Second, "Reversi's daily puzzle from ?daily=1&game=reversi", onBoard(daily))
	load(t, ctx, srv.URL+"/?puzzle=1&game=reversi&lang=zh-Hans") // no position: the list
	waitFor(t, ctx, 10*time.Second, "the Reversi list from ?puzzle=1&game=reversi", jsListed(len(list)))

	// 3. Positions that cannot be puzzles: the game stays, the notice says why in Chinese.
	start := reversi.Start()
	for _, c := range []struct{ name, fen, want string }{
		{"a position not in the collection, no scores", start.String(), "无法判定"},
		{"the side to move must pass", "XO" + strings.Repeat("-", 62) + " O", "白棋无处可下"},
		{"a board that cannot be read", "XO", "局面不合法"},
	} {
		load(t, ctx, srv.URL+"/?lang=zh-Hans&puzzle=1&game=reversi&fen="+url.QueryEscape(c.fen))
		waitFor(t, ctx, 10*time.Second, c.name+": the notice", `(document.querySelector(".notice")?.textContent ?? "").includes("`+c.want+`")`)
		if s := eval[string](t, ctx, `document.getElementById("board").dataset.fen`); s == c.fen {
			t.Errorf("%s: the position is on the board", c.name)
		}
	}
	screenshot(t, ctx, "reversi-puzzle-link-unknown-360-zh")

	// 4. The embed: a position found in the collection, in Chinese; the hint at once, no
	// engine; the best move solves it.
	pz3 := list[2]
	openEmbed(t, ctx, srv.URL+"/embed?lang=zh-Hans&"+reversiPuzzleQuery(pz3, false))
	waitFor(t, ctx, 10*time.Second, "the embed's puzzle", onBoard(pz3))
	embedStatus := func() string { return eval[string](t, ctx, `document.querySelector(".embed-status").textContent`) }
	if s := embedStatus(); !strings.Contains(s, "走：找出最佳着法") {
		t.Errorf("the frame's goal reads %q", s)
	}
	action(t, ctx, "puzzle-hint")
	waitFor(t, ctx, 5*time.Second, "the frame's hint", `document.querySelector("[data-hint-move]")?.dataset.hintMove === "`+pz3.Best+`"`)
	if engineFetched(t, ctx) {
		t.Error("the embed's Reversi puzzle fetched the engine before the reader's first move")
	}
	click(t, ctx, pz3.Best)
	waitFor(t, ctx, 5*time.Second, "the frame's puzzle solved", jsPuzzle+` === "solved"`)
	if s := embedStatus(); !strings.HasPrefix(s, "解开了") {
		t.Errorf("solved: the frame says %q", s)
	}
	screenshot(t, ctx, "reversi-puzzle-embed-solved-360-zh")
	// Scored by the link (Share's embed query), in English: a worse move fails it, the
	// solution plays the best move.
	openEmbed(t, ctx, srv.URL+"/embed?lang=en&"+reversiPuzzleQuery(pz, true))
	waitFor(t, ctx, 10*time.Second, "the scored embed's puzzle", onBoard(pz))
	click(t, ctx, worst.Move)
	waitFor(t, ctx, 5*time.Second, "the frame's puzzle failed", jsPuzzle+` === "failed"`)
	if s := embedStatus(); !strings.Contains(s, worst.Move+" gives "+discs(worst.Discs)) {
		t.Errorf("failed: the frame says %q", s)
	}
	action(t, ctx, "puzzle-solution")
	waitFor(t, ctx, 10*time.Second, "the solution", `document.querySelector("[data-ply='1']")?.textContent === "`+pz.Best+`"`)
	// Not in the collection: the frame says so, in the reader's language.
	openEmbed(t, ctx, srv.URL+"/embed?lang=zh-Hant&puzzle=1&game=reversi&fen="+url.QueryEscape(start.String()))
	waitFor(t, ctx, 10*time.Second, "the frame's error", `(document.querySelector("[data-embed-error]")?.textContent ?? "").includes("無法判定")`)

	// 5. Blog posts on another origin: <pre class="qipan" data-puzzle data-game="reversi">, its
	// position found in the collection, and one with data-scores.
	blog := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pre := `<pre class="qipan" data-puzzle data-game="reversi">` + pz3.FEN + `</pre>`
		if r.URL.Path == "/scored.html" {
			pre = `<pre class="qipan" data-puzzle data-game="reversi" data-scores="` + play.ScoresText(pz) + `">` + pz.FEN + `</pre>`
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html lang="zh-Hans"><meta charset="utf-8">`+
			`<meta name="viewport" content="width=device-width, initial-scale=1"><title>博客</title>`+
			`<script src="`+srv.URL+`/web/embed.js" defer></script>`+
			`<body style="margin:0;font:16px serif"><main style="padding:12px"><p>黑白棋残局：</p>`+pre+`<p>完。</p></main>`)
	}))
	t.Cleanup(blog.Close)
	for _, c := range []struct {
		page string
		pz   play.Puzzle
	}{{"/post.html", pz3}, {"/scored.html", pz}} {
		run(t, ctx, 30*time.Second, "the blog post "+c.page, chromedp.Navigate(blog.URL+c.page))
		waitFor(t, ctx, 10*time.Second, "the frame", `document.querySelector("iframe") !== null`)
		src := eval[string](t, ctx, `document.querySelector("iframe").src`)
		frag, _ := url.ParseQuery(src[strings.Index(src, "#")+1:])
		if frag.Get("game") != "reversi" || frag.Get("puzzle") != "1" || strings.TrimSpace(frag.Get("text")) != c.pz.FEN || (c.page == "/scored.html") != (frag.Get("scores") != "") {
			t.Errorf("%s: the frame's address %q", c.page, src)
		}
		waitFrame(t, ctx, srv.URL+"/embed")
		inFrame := func(what, js string) string { return frameEval(t, ctx, srv.URL+"/embed", what, js) }
		waitInFrame := func(what, cond string) {
			t.Helper()
			deadline := time.Now().Add(30 * time.Second)
			for inFrame(what, `String((() => { try { return !!(`+cond+`) } catch (e) { return false } })())`) != "true" {
				if time.Now().After(deadline) {
					t.Fatalf("%s: waiting for %s in the frame; its status: %q, error %q", c.page, what,
						inFrame("status", `document.querySelector(".embed-status")?.textContent ?? ""`),
						inFrame("error", `document.querySelector("[data-embed-error]")?.textContent ?? ""`))
				}
				time.Sleep(50 * time.Millisecond)
			}
		}
		waitInFrame("the puzzle", onBoard(c.pz))
		inFrame("a click", `(document.querySelector('.pt[data-square="`+c.pz.Best+`"]').dispatchEvent(new MouseEvent("click", {bubbles: true})), "")`)
		waitInFrame("solved", jsPuzzle+` === "solved"`)
		if s := inFrame("the verdict", `document.querySelector(".embed-status").textContent`); !strings.HasPrefix(s, "解开了") {
			t.Errorf("%s: the frame says %q", c.page, s)
		}
	}
	screenshot(t, ctx, "reversi-puzzle-blog-360-zh")
}

// waitFrame waits until the page holds a frame whose address starts with prefix: embed.js's
// frame is made at once but navigates later (a lazy frame, on a loaded machine), and
// frameEval finds a frame by its address.
func waitFrame(t *testing.T, ctx context.Context, prefix string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		tree, err := chromedp.Call(ctx, page.GetFrameTree, cdproto.Empty{})
		if err == nil && hasFrame(tree.FrameTree, prefix) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no frame at %s after 30 s (%v)", prefix, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func hasFrame(ft *page.FrameTree, prefix string) bool {
	if ft == nil {
		return false
	}
	if strings.HasPrefix(ft.Frame.URL, prefix) {
		return true
	}
	for _, ch := range ft.ChildFrames {
		if hasFrame(ch, prefix) {
			return true
		}
	}
	return false
}
