package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestRepetition plays into a perpetual chase on the real build: a two-player game restored
// after Red's chariot has chased Black's unprotected horse for two cycles; Red's next chasing
// move repeats the position a third time, and the game ends with the ruling's reason, naming
// the chased piece, on the board (data-result) and in the status line.
func TestRepetition(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/")

	const want = "Black wins: Red chased the unprotected horse perpetually"
	setSaved(t, ctx, `{"v":1,"start":"4k4/9/n8/9/9/9/R8/9/9/3K5 b - - 0 1","moves":"a7b9 a3b3 b9a7 b3a3 a7b9 a3b3 b9a7","ply":7,"two":true}`)
	if r := eval[string](t, ctx, `document.querySelector("[data-result]")?.dataset.result || ""`); r != "" {
		t.Fatalf("the game is over before the repeating move: %q", r)
	}
	playMove(t, ctx, "b3", "a3")
	waitFor(t, ctx, 5*time.Second, "the ruling", `document.querySelector("[data-result]")?.dataset.result === "`+q(want)+`"`)
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); !strings.Contains(s, want) {
		t.Errorf("status %q, want it to say %q", s, want)
	}
	screenshot(t, ctx, "repetition-chase")
}
