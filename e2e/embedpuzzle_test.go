package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestEmbedPuzzle solves a puzzle in a blog post's frame (/embed?puzzle=1&fen=…): the frame
// says who moves and to what end, takes the winning move, says solved, and retry sets it up
// again; a position that cannot be a puzzle says why in the reader's language.
func TestEmbedPuzzle(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	openEmbed(t, ctx, srv.URL+"/embed?puzzle=1&lang=en&fen=3k5/RR7/9/9/9/9/9/9/9/4K4%20w%20-%20-%200%201")
	waitFor(t, ctx, 10*time.Second, "the puzzle", jsPuzzle+` === "solving"`)
	if s := eval[string](t, ctx, `document.querySelector(".embed-status").textContent`); !strings.Contains(s, "Red") || !strings.Contains(s, "win") {
		t.Errorf("the frame's status: %q", s)
	}
	if engineFetched(t, ctx) {
		t.Error("the puzzle fetched the engine before the reader's first move")
	}
	playMove(t, ctx, "a8", "a9")
	waitFor(t, ctx, 10*time.Second, "solved", jsPuzzle+` === "solved"`)
	screenshot(t, ctx, "embed-puzzle-solved")
	action(t, ctx, "puzzle-retry")
	waitFor(t, ctx, 5*time.Second, "the puzzle again", jsPuzzle+` === "solving" && document.querySelectorAll("[data-ply]:not(.tail)").length === 0`)
	// A finished position is no puzzle: the frame says so, in Chinese here.
	openEmbed(t, ctx, srv.URL+"/embed?puzzle=1&lang=zh-Hans&fen=3k5/R8/3R5/9/9/9/9/9/9/4K4%20b%20-%20-%200%201")
	waitFor(t, ctx, 10*time.Second, "the frame's error", `(document.querySelector("[data-embed-error]")?.textContent ?? "") !== ""`)
	if s := eval[string](t, ctx, `document.querySelector("[data-embed-error]").textContent`); !strings.ContainsAny(s, "局棋") {
		t.Errorf("the error is not in Chinese: %q", s)
	}
}
