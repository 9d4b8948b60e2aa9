package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestKeyboard plays a move with the keyboard alone (Tab to the board, arrows, Enter), checks
// the points' accessible names in English and Chinese, and that each move is announced.
func TestKeyboard(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/?lang=en")

	if n := eval[int](t, ctx, `document.querySelectorAll('#board .pt[tabindex="0"]').length`); n != 1 {
		t.Fatalf("%d points in the tab order, want 1 (the cursor)", n)
	}
	if got := eval[string](t, ctx, `document.querySelector('#board .pt[data-square="h2"]').getAttribute("aria-label")`); got != "file 2, row 3, red cannon" { // the board's coordinates, 九…一 by default
		t.Errorf("h2 is named %q", got)
	}
	// The cursor starts on e0: right ×3 to h0, up ×2 to h2, Enter picks the cannon up, left ×3
	// to e2, Enter puts it down: 炮二平五.
	eval[bool](t, ctx, `(document.activeElement?.blur?.(), true)`)
	run(t, ctx, 5*time.Second, "Tab", chromedp.KeyEvent(kb.Tab))
	focusIs(t, ctx, "e0")
	for _, step := range []struct{ key, at string }{
		{kb.ArrowRight, "f0"}, {kb.ArrowRight, "g0"}, {kb.ArrowRight, "h0"}, {kb.ArrowUp, "h1"}, {kb.ArrowUp, "h2"},
		{kb.Enter, "h2"}, {kb.ArrowLeft, "g2"}, {kb.ArrowLeft, "f2"}, {kb.ArrowLeft, "e2"}, {kb.Enter, "e2"},
	} {
		run(t, ctx, 5*time.Second, "key", chromedp.KeyEvent(step.key))
		focusIs(t, ctx, step.at)
		if step.key == kb.Enter && step.at == "h2" {
			waitFor(t, ctx, 5*time.Second, "the cannon's hints", `document.querySelector("[data-hint][data-square=e2]") !== null`)
		}
	}
	waitFor(t, ctx, 5*time.Second, "the move played by keyboard", `document.querySelector("[data-ply='1']") !== null`)
	if got := eval[string](t, ctx, `document.querySelector("[data-ply='1']").textContent`); got != "H2-E2" {
		t.Errorf("first move %q, want H2-E2", got)
	}
	if got := eval[string](t, ctx, `document.activeElement?.dataset?.square || ""`); got != "e2" {
		t.Errorf("focus on %q after the move, want e2", got)
	}
	waitReply(t, ctx, 2)
	announced := eval[string](t, ctx, `document.querySelector("[data-announce]").textContent`)
	if !strings.HasPrefix(announced, "Black: ") {
		t.Errorf("announced %q after the reply, want Black's move", announced)
	}

	// Escape drops a selection.
	eval[bool](t, ctx, `(document.querySelector('#board .pt[data-square="e2"]').focus(), true)`)
	run(t, ctx, 5*time.Second, "Enter", chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, 5*time.Second, "a selection", `document.querySelector("[data-hint]") !== null`)
	run(t, ctx, 5*time.Second, "Escape", chromedp.KeyEvent(kb.Escape))
	waitFor(t, ctx, 5*time.Second, "no selection", `document.querySelector("[data-hint]") === null`)

	load(t, ctx, srv.URL+"/?lang=zh-Hans")
	if got := eval[string](t, ctx, `document.querySelector('#board .pt[data-square="e2"]').getAttribute("aria-label")`); got != "五路第3行 红炮" {
		t.Errorf("e2 is named %q in zh-Hans", got)
	}
	if got := eval[string](t, ctx, `document.querySelector("[data-announce]").textContent`); !strings.HasPrefix(got, "黑方：") {
		t.Errorf("announcement %q in zh-Hans", got)
	}
}

// focusIs waits for the keyboard focus to be on the board point sq.
func focusIs(t *testing.T, ctx context.Context, sq string) {
	t.Helper()
	waitFor(t, ctx, 5*time.Second, "the focus on "+sq, `document.activeElement?.dataset?.square === "`+sq+`"`)
}
