package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestEditor sets up positions in the position editor of both games: it opens on the position
// shown, takes clicks, drags and keys, refuses an illegal position and says why (in English and
// in Chinese), lets play start only from a legal one, and the engine answers from it; the game
// it replaced is kept.
func TestEditor(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/?lang=en")
	newGame(t, ctx)
	playMove(t, ctx, "h2", "e2")
	waitFor(t, ctx, 60*time.Second, "the engine's answer", `document.querySelector("[data-ply='2']") !== null`)
	shown := eval[string](t, ctx, `document.getElementById("board").dataset.fen`)

	action(t, ctx, "edit")
	waitFor(t, ctx, 5*time.Second, "the editor", `document.querySelector("[data-editor='xiangqi']") !== null`)
	if got := editorFEN(t, ctx); strings.Join(strings.Fields(got)[:2], " ") != strings.Join(strings.Fields(shown)[:2], " ") {
		t.Errorf("the editor opens on %q, the board showed %q", got, shown)
	}
	editorTargets(t, ctx, "1366x768")
	edit(t, ctx, "clear")
	waitFor(t, ctx, 5*time.Second, "a clear board", `document.querySelector("[data-editor]").dataset.fen === "9/9/9/9/9/9/9/9/9/9 w - - 0 1"`)
	put(t, ctx, "K", "e0")
	put(t, ctx, "k", "e9")
	editRefused(t, ctx, "facing", "The generals face each other on file e with nothing between.")
	run(t, ctx, 10*time.Second, "1366×768", chromedp.EmulateViewport(1366, 768))
	time.Sleep(300 * time.Millisecond)
	screenshot(t, ctx, "editor-01-xiangqi-refused-1366x768")

	// Fixed: the black general goes to d9 (clicking it again takes it off), a red chariot joins,
	// and Black (the computer) is to move.
	put(t, ctx, "k", "e9")
	put(t, ctx, "k", "d9")
	put(t, ctx, "R", "h5")
	mouseDrag(t, ctx, "h5", "h6") // a drag moves a piece
	waitFor(t, ctx, 5*time.Second, "the chariot dragged to h6", `document.querySelector('[data-editor] [data-piece="R"][data-square="h6"]') !== null &&
		document.querySelector('[data-editor] [data-piece][data-square="h5"]') === null`)
	edit(t, ctx, `turn"][data-side="1`)
	const fixed = "3k5/9/9/7R1/9/9/9/9/9/4K4 b - - 0 1"
	waitFor(t, ctx, 5*time.Second, "a legal position", fmt.Sprintf(
		`(e => e.dataset.fen === %q && e.dataset.legal === "true" && !e.querySelector("[data-edit-error]") &&
			e.querySelector(".edit-status").textContent === "Legal position: Black to move.")(document.querySelector("[data-editor]"))`, fixed))
	screenshot(t, ctx, "editor-02-xiangqi-legal-1366x768")
	edit(t, ctx, "play")
	load(t, ctx, "")
	waitFor(t, ctx, 60*time.Second, "the engine to answer from the position", `document.querySelector("[data-ply='1']") !== null`)
	if got := eval[string](t, ctx, `JSON.parse(localStorage.getItem("qipan.game")).start`); got != fixed {
		t.Errorf("the game played from here starts at %q, want %q", got, fixed)
	}
	if prev := eval[string](t, ctx, `localStorage.getItem("qipan.game.previous") || ""`); !strings.Contains(prev, "h2e2") {
		t.Errorf("the game the editor replaced is not kept: %q", prev)
	}

	// Chinese: the same refusal in the player's language, at phone size.
	load(t, ctx, srv.URL+"/?lang=zh-Hans")
	run(t, ctx, 10*time.Second, "phone", chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2)))
	openCleared(t, ctx, "xiangqi")
	put(t, ctx, "K", "e0")
	put(t, ctx, "k", "e9")
	editRefused(t, ctx, "facing", "将帅在 e 线上照面，中间没有棋子。")
	phoneShots(t, ctx, "editor-03-xiangqi-zh-360x740")
	// The keyboard: the cursor point takes Enter (the picked piece, the black general, comes
	// off e9 when the cursor is there).
	eval[bool](t, ctx, `(document.querySelector('[data-editor] .pt[data-square="e9"]').focus(), true)`)
	run(t, ctx, 5*time.Second, "Enter", chromedp.KeyEvent("\r"))
	waitFor(t, ctx, 5*time.Second, "Enter to take the general off e9", `document.querySelector('[data-editor] [data-piece][data-square="e9"]') === null`)
	run(t, ctx, 5*time.Second, "ArrowLeft", chromedp.KeyEvent(kb.ArrowLeft))
	waitFor(t, ctx, 5*time.Second, "the cursor to move to d9", `document.activeElement.dataset.square === "d9" && document.activeElement.tabIndex === 0`)
	run(t, ctx, 5*time.Second, "Space", chromedp.KeyEvent(" "))
	waitFor(t, ctx, 5*time.Second, "Space to put the general on d9", `document.querySelector('[data-editor] [data-piece="k"][data-square="d9"]') !== null`)
	edit(t, ctx, "cancel")
	load(t, ctx, "")
	load(t, ctx, srv.URL+"/?lang=zh-Hant")
	openCleared(t, ctx, "xiangqi")
	put(t, ctx, "K", "e0")
	put(t, ctx, "k", "e9")
	editRefused(t, ctx, "facing", "將帥在 e 線上照面，中間沒有棋子。")
	edit(t, ctx, "cancel")
	load(t, ctx, "")

	// Reversi setup.
	run(t, ctx, 10*time.Second, "1366×768", chromedp.EmulateViewport(1366, 768))
	load(t, ctx, srv.URL+"/?lang=en")
	toReversi(t, ctx)
	openCleared(t, ctx, "reversi")
	editRefused(t, ctx, "no-discs", "There is no disc on the board.")
	put(t, ctx, "X", "d4")
	editRefused(t, ctx, "no-moves", "Neither side can move: the game would already be over.")
	screenshot(t, ctx, "editor-04-reversi-refused-1366x768")
	put(t, ctx, "O", "e4")
	edit(t, ctx, `turn"][data-side="1`)                                      // White, the computer, moves first
	board := strings.Repeat("-", 27) + "XO" + strings.Repeat("-", 35) + " O" // d4 black, e4 white
	waitFor(t, ctx, 5*time.Second, "a legal Reversi position", fmt.Sprintf(
		`(e => e.dataset.fen === %q && e.dataset.legal === "true")(document.querySelector("[data-editor]"))`, board))
	edit(t, ctx, "play")
	load(t, ctx, "")
	waitFor(t, ctx, 60*time.Second, "the engine to answer", `document.querySelector("[data-ply='1']") !== null`)
	if got := eval[string](t, ctx, `[...document.querySelectorAll("[data-ply]")].map(e => e.textContent).join(" ")`); !strings.Contains(got, "c4") {
		t.Errorf("White's only move is c4; the move list says %q", got)
	}

	// In Chinese, at phone size.
	load(t, ctx, srv.URL+"/?lang=zh-Hans")
	run(t, ctx, 10*time.Second, "phone", chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2)))
	openCleared(t, ctx, "reversi")
	editRefused(t, ctx, "no-discs", "棋盘上没有棋子。")
	phoneShots(t, ctx, "editor-05-reversi-zh-360x740")
	// A side to move with no move passes first: legal, and said.
	put(t, ctx, "X", "a1")
	put(t, ctx, "O", "b1")
	edit(t, ctx, `turn"][data-side="1`)
	waitFor(t, ctx, 5*time.Second, "the pass to be said", `(e => e.dataset.legal === "true" &&
		e.querySelector(".edit-status").textContent === "局面合法：白棋无处可下，先停一手。")(document.querySelector("[data-editor]"))`)
	edit(t, ctx, "cancel")
	load(t, ctx, "")
	setSelect(t, ctx, "game", "xiangqi")
}

// openCleared opens the editor of game and clears its board.
func openCleared(t *testing.T, ctx context.Context, game string) {
	t.Helper()
	action(t, ctx, "edit")
	waitFor(t, ctx, 5*time.Second, "the editor of "+game, `document.querySelector("[data-editor='`+game+`']") !== null`)
	edit(t, ctx, "clear")
}

// phoneShots checks the editor's touch targets and takes two screenshots: the top of the page,
// and scrolled to the reason line.
func phoneShots(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	editorTargets(t, ctx, name)
	eval[bool](t, ctx, `(scrollTo(0, 0), true)`)
	screenshot(t, ctx, name)
	eval[bool](t, ctx, `(document.querySelector("[data-edit-error]").scrollIntoView(), true)`)
	screenshot(t, ctx, name+"-panel")
}

// edit presses the editor's button data-edit=name.
func edit(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	run(t, ctx, 10*time.Second, "editor button "+name, chromedp.Click(chromedp.CSS(`[data-editor] [data-edit="`+name+`"]`)))
}

// put picks pc from the palette and clicks the point sq.
func put(t *testing.T, ctx context.Context, pc, sq string) {
	t.Helper()
	run(t, ctx, 10*time.Second, "pick "+pc, chromedp.Click(chromedp.CSS(`[data-editor] [data-pick="`+pc+`"]`)))
	waitFor(t, ctx, 5*time.Second, pc+" picked", `document.querySelector('[data-editor] [data-pick="`+pc+`"]').getAttribute("aria-pressed") === "true"`)
	before := editorFEN(t, ctx)
	click(t, ctx, sq)
	waitFor(t, ctx, 5*time.Second, "the editor to change", fmt.Sprintf(`document.querySelector("[data-editor]").dataset.fen !== %q`, before))
}

func editorFEN(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `document.querySelector("[data-editor]").dataset.fen`)
}

// editRefused waits for the editor to refuse the position for reason, saying text, with Play
// from here disabled.
func editRefused(t *testing.T, ctx context.Context, reason, text string) {
	t.Helper()
	waitFor(t, ctx, 5*time.Second, "the editor to refuse: "+reason, fmt.Sprintf(
		`(e => e.dataset.legal === "false" && e.querySelector("[data-edit-error]").dataset.editError === %q &&
			e.querySelector("[data-edit-error]").textContent === %q && e.querySelector('[data-edit="play"]').disabled)(document.querySelector("[data-editor]"))`,
		reason, text))
}

// editorTargets fails for an editor button smaller than 40 px either way.
func editorTargets(t *testing.T, ctx context.Context, size string) {
	t.Helper()
	small := eval[[]string](t, ctx, `[...document.querySelectorAll("[data-editor] .control")].filter(e => {
		const r = e.getBoundingClientRect(); return r.height < 40 || r.width < 40;
	}).map(e => (e.dataset.edit + (e.dataset.pick || "")) + " " + Math.round(e.getBoundingClientRect().width) + "x" + Math.round(e.getBoundingClientRect().height))`)
	if len(small) > 0 {
		t.Errorf("editor touch targets under 40 px at %s: %v", size, small)
	}
}
