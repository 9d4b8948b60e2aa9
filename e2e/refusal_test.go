package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// TestRefusals tries what the rules forbid, in both games, and checks that the board says why
// (data-refusal and the line under the status, in English and in Chinese) and that nothing
// moved.
func TestRefusals(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/?lang=en")

	tests := []struct {
		name, fen, from, to, want, text string
	}{
		{"pinned cannon", "3k5/9/9/9/4r4/9/9/4C4/9/4K4 w - - 0 1", "e2", "d2", "check", "Not allowed: your general would be in check."},
		{"generals facing", "4k4/9/9/9/9/9/9/4N4/9/4K4 w - - 0 1", "e2", "f4", "facing", "Not allowed: the two generals would face each other."},
		{"horse leg", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "b0", "d1", "piece-move", "That piece cannot move there."},
	}
	for _, tt := range tests {
		setSaved(t, ctx, fmt.Sprintf(`{"v":1,"start":%q,"moves":"","ply":0}`, tt.fen))
		click(t, ctx, tt.from)
		click(t, ctx, tt.to)
		refusalIs(t, ctx, tt.want, tt.text)
		if fen := eval[string](t, ctx, `document.getElementById("board").dataset.fen`); fen != tt.fen {
			t.Errorf("%s: the board changed to %s", tt.name, fen)
		}
		if tt.want == "check" {
			screenshot(t, ctx, "refusal-01-check")
		}
	}
	// The next action clears it.
	click(t, ctx, "h2")
	waitFor(t, ctx, 5*time.Second, "the refusal to clear", `document.getElementById("board").dataset.refusal === undefined && document.querySelector(".refusal").textContent === ""`)

	// Chinese.
	load(t, ctx, srv.URL+"/?lang=zh-Hans")
	setSaved(t, ctx, `{"v":1,"start":"3k5/9/9/9/4r4/9/9/4C4/9/4K4 w - - 0 1","moves":"","ply":0}`)
	load(t, ctx, srv.URL+"/?lang=zh-Hans")
	click(t, ctx, "e2")
	click(t, ctx, "d2")
	refusalIs(t, ctx, "check", "不能这样走：你的将帅会被将军。")

	// The computer's turn: a level-10 search gives time to click.
	load(t, ctx, srv.URL+"/?lang=en")
	setSelect(t, ctx, "level", "10")
	setSaved(t, ctx, `{"v":1,"start":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1","moves":"","ply":0}`)
	waitFor(t, ctx, 10*time.Second, "the computer to think", `document.getElementById("board").dataset.thinking === "true"`)
	click(t, ctx, "h2")
	refusalIs(t, ctx, "turn", "It is not your turn: the computer is to move.")
	setSelect(t, ctx, "level", "6")

	// Reversi: a square that flips nothing.
	toReversi(t, ctx)
	newGame(t, ctx)
	click(t, ctx, "a1")
	refusalIs(t, ctx, "no-flip", "Not there: that square flips nothing.")
	screenshot(t, ctx, "refusal-02-reversi")
	setSelect(t, ctx, "game", "xiangqi")
}

func refusalIs(t *testing.T, ctx context.Context, key, text string) {
	t.Helper()
	waitFor(t, ctx, 5*time.Second, "refusal "+key, fmt.Sprintf(
		`document.getElementById("board").dataset.refusal === %q && document.querySelector(".refusal").textContent === %q`, key, text))
}
