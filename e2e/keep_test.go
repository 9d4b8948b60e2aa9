package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"qipan/engine/xiangqi"
)

// TestNothingLost: New asks first when a game is in progress and the replaced game comes
// back; a saved game that cannot be read is reported and its text kept under another key.
func TestNothingLost(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/?lang=en")
	playMove(t, ctx, "h2", "e2")
	waitReply(t, ctx, 2)
	played := eval[string](t, ctx, `document.getElementById("board").dataset.fen`)

	action(t, ctx, "new")
	waitFor(t, ctx, 5*time.Second, "New to ask", `document.querySelector('[data-confirm="new"]') !== null`)
	screenshot(t, ctx, "keep-01-confirm")
	if fen := eval[string](t, ctx, `document.getElementById("board").dataset.fen`); fen != played {
		t.Fatalf("New changed the board before it was confirmed: %s", fen)
	}
	action(t, ctx, "new-cancel")
	waitFor(t, ctx, 5*time.Second, "the question gone", `document.querySelector('[data-confirm]') === null`)

	action(t, ctx, "new")
	action(t, ctx, "new-confirm")
	waitFor(t, ctx, 5*time.Second, "a new game", `document.getElementById("board").dataset.fen === "`+xiangqi.StartFEN+`"`)
	waitFor(t, ctx, 5*time.Second, "the offer to bring it back", `document.querySelector('[data-action="restore-previous"]') !== null`)
	run(t, ctx, 30*time.Second, "reload", chromedp.Reload()) // the offer survives a reload
	load(t, ctx, "")
	action(t, ctx, "restore-previous")
	waitFor(t, ctx, 5*time.Second, "the game back", `document.getElementById("board").dataset.fen === "`+played+`" && document.querySelector("[data-ply='2']") !== null`)

	// A finished game is replaced without a question.
	setSaved(t, ctx, `{"v":1,"start":"3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1","moves":"","ply":0}`)
	action(t, ctx, "new")
	waitFor(t, ctx, 5*time.Second, "a new game", `document.getElementById("board").dataset.fen === "`+xiangqi.StartFEN+`"`)

	// An unreadable saved game is set aside, not dropped.
	setSaved(t, ctx, `garbage{`)
	waitFor(t, ctx, 5*time.Second, "the report", `document.querySelector(".notice").textContent.includes("could not be read and was set aside")`)
	kept := eval[[]string](t, ctx, `Object.keys(localStorage).filter(k => k.startsWith("qipan.game.unreadable.") && localStorage.getItem(k) === "garbage{")`)
	if len(kept) != 1 {
		t.Errorf("the unreadable text is kept under %v, want one qipan.game.unreadable.* key", kept)
	}
	if eval[bool](t, ctx, `localStorage.getItem("qipan.game") === "garbage{"`) {
		t.Error("the unreadable text is still where the game is saved")
	}
	notice := eval[string](t, ctx, `document.querySelector(".notice").textContent`)
	if len(kept) == 1 && !strings.Contains(notice, kept[0]) {
		t.Errorf("the report %q does not say where the text is kept", notice)
	}
	screenshot(t, ctx, "keep-02-set-aside")
}

// TestHistory finishes a game, starts another, and reopens the finished one from the list
// of recent games.
func TestHistory(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/?lang=en")
	setSaved(t, ctx, `{"v":1,"start":"3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1","moves":"","ply":0}`)
	playMove(t, ctx, "a7", "a8")
	waitFor(t, ctx, 5*time.Second, "the end", `document.querySelector("[data-result]") !== null`)
	end := eval[string](t, ctx, `document.getElementById("board").dataset.fen`)
	waitFor(t, ctx, 5*time.Second, "the recent games", `document.querySelectorAll('select[data-action="history"] option').length === 2`)
	newGame(t, ctx)
	waitFor(t, ctx, 5*time.Second, "a new game", `document.getElementById("board").dataset.fen === "`+xiangqi.StartFEN+`"`)
	setSelect(t, ctx, "history", "0")
	waitFor(t, ctx, 5*time.Second, "the finished game again", `document.getElementById("board").dataset.fen === "`+end+`" && document.querySelector("[data-result]") !== null`)
	if n := eval[int](t, ctx, `JSON.parse(localStorage.getItem("qipan.history")).length`); n != 1 {
		t.Errorf("%d games kept, want 1 (reopening does not add it again)", n)
	}
}
