package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	cdproto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// TestEmbedPuzzleOtherOrigin: a blog post on another origin (its own server) holds the site's
// embed.js and a <pre class="qipan" data-puzzle>; the reader solves the puzzle in the frame,
// then fails it after a retry with a move that lets the defence draw, in Chinese at a phone's
// width. The page's own script cannot reach into the frame (another origin): the test reads it
// through the browser's protocol.
func TestEmbedPuzzleOtherOrigin(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	site := newServer(t, dir, "/")
	// Mate in one, a8a9 (the pawn takes d8 from the general, the flying general e9); Black's
	// chariot answers any other move with checks, and after e1e0 they draw.
	const fen = "3k5/R1P6/9/9/9/9/9/7r1/4K4/9 w - - 0 1"
	blog := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html lang="zh-Hans"><meta charset="utf-8">`+
			`<meta name="viewport" content="width=device-width, initial-scale=1"><title>博客</title>`+
			`<script src="`+site.URL+`/web/embed.js" defer></script>`+
			`<body style="margin:0;font:16px serif"><main style="padding:12px"><p>一道残局：</p>`+
			`<pre class="qipan" data-puzzle>`+fen+`</pre><p>完。</p></main>`)
	}))
	t.Cleanup(blog.Close)
	if strings.Split(blog.URL, ":")[2] == strings.Split(site.URL, ":")[2] {
		t.Fatal("the blog and the site share a port")
	}
	ctx := browser(t)
	run(t, ctx, 10*time.Second, "phone", chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2)))
	run(t, ctx, 30*time.Second, "the blog post", chromedp.Navigate(blog.URL+"/post.html"))
	waitFor(t, ctx, 10*time.Second, "the frame", `document.querySelector("iframe") !== null`)
	if src := eval[string](t, ctx, `document.querySelector("iframe").src`); !strings.HasPrefix(src, site.URL+"/embed") || !strings.Contains(src, "puzzle=1") {
		t.Fatalf("the frame's address %q, want the site's puzzle embed", src)
	}
	waitFrame(t, ctx, site.URL+"/embed") // the frame navigates after it is made
	inFrame := func(what, js string) string {
		t.Helper()
		return frameEval(t, ctx, site.URL+"/embed", what, js)
	}
	waitInFrame := func(what, cond string) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for inFrame(what, `String(!!(`+cond+`))`) != "true" {
			if time.Now().After(deadline) {
				t.Fatalf("waiting for %s (%s) in the frame; its status: %q", what, cond, inFrame("status", `document.querySelector(".embed-status")?.textContent ?? ""`))
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	click := func(sq string) {
		t.Helper()
		inFrame("a click on "+sq, `(document.querySelector('.pt[data-square="`+sq+`"]').dispatchEvent(new MouseEvent("click", {bubbles: true})), "")`)
	}
	waitInFrame("the puzzle", `document.querySelector("#board[data-puzzle]")?.dataset.puzzle === "solving"`)
	if s := inFrame("the goal", `document.querySelector(".embed-status").textContent`); !strings.Contains(s, "红先胜") {
		t.Errorf("the frame's goal reads %q, want 红先胜", s)
	}
	click("a8")
	waitInFrame("a8's targets", `document.querySelector('[data-hint][data-square="a9"]') !== null`)
	click("a9")
	waitInFrame("solved", `document.querySelector("#board").dataset.puzzle === "solved"`)
	screenshot(t, ctx, "embed-puzzle-other-origin-solved")
	// Retry, then the general steps back: the chariot's checks draw, the puzzle fails.
	inFrame("retry", `(document.querySelector('[data-action="puzzle-retry"]').click(), "")`)
	waitInFrame("the puzzle again", `document.querySelector("#board").dataset.puzzle === "solving"`)
	click("e1")
	waitInFrame("e1's targets", `document.querySelector('[data-hint][data-square="e0"]') !== null`)
	click("e0")
	waitInFrame("failed", `document.querySelector("#board").dataset.puzzle === "failed"`)
	if s := inFrame("the verdict", `document.querySelector(".embed-status").textContent`); s == "" {
		t.Error("the failed puzzle says nothing")
	} else {
		t.Logf("the frame after e1e0: %q", s)
	}
	screenshot(t, ctx, "embed-puzzle-other-origin-failed")
}

// frameEval evaluates js in the frame of the page whose address starts with prefix (another
// origin's frame, out of the page's own script's reach) and returns its value as text.
func frameEval(t *testing.T, ctx context.Context, prefix, what, js string) string {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	fail := func(err error) { t.Fatalf("%s in the frame: %v", what, err) }
	tree, err := chromedp.Call(c, page.GetFrameTree, cdproto.Empty{})
	if err != nil {
		fail(err)
	}
	var id cdproto.FrameID
	var walk func(*page.FrameTree)
	walk = func(ft *page.FrameTree) {
		if ft == nil {
			return
		}
		if strings.HasPrefix(ft.Frame.URL, prefix) && id == "" {
			id = ft.Frame.ID
		}
		for _, ch := range ft.ChildFrames {
			walk(ch)
		}
	}
	walk(tree.FrameTree)
	if id == "" {
		fail(fmt.Errorf("no frame at %s", prefix))
	}
	world, err := chromedp.Call(c, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: id, WorldName: "e2e"})
	if err != nil {
		fail(err)
	}
	byValue := true
	r, err := chromedp.Call(c, runtime.Evaluate, runtime.EvaluateParams{Expression: js, ContextID: world.ExecutionContextID, ReturnByValue: &byValue})
	if err != nil {
		fail(err)
	}
	if r.ExceptionDetails != nil {
		fail(fmt.Errorf("%s", r.ExceptionDetails.Text))
	}
	var out string
	if err := json.Unmarshal(r.Result.Value, &out); err != nil {
		fail(fmt.Errorf("the value %s: %w", r.Result.Value, err))
	}
	return out
}
