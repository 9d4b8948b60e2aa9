package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"qipan/engine/reversi"
)

// TestReversi switches the real build to Reversi: the start board, a move and its flip, the
// engine's legal reply from the same Worker, undo, a bad import, reload keeping the game, then
// back to Xiangqi, which still plays.
func TestReversi(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/")

	toReversi(t, ctx)
	start := reversi.NewPosition().String()
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-disc]").length`); n != 4 {
		t.Errorf("%d discs, want 4", n)
	}
	if got := eval[[]string](t, ctx, `[...document.querySelectorAll("[data-hint]")].map(e => e.dataset.square).sort()`); !slices.Equal(got, []string{"c4", "d3", "e6", "f5"}) {
		t.Errorf("hints %v, want c4 d3 e6 f5", got)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll(".pt[data-square]").length`); n != 64 {
		t.Errorf("%d cells, want 64", n)
	}
	if fen := boardText(t, ctx); fen != start {
		t.Errorf("data-fen %q, want %q", fen, start)
	}
	// a1 is the top-left cell, h8 the bottom-right one.
	if a1, h8 := cellRect(t, ctx, "a1"), cellRect(t, ctx, "h8"); !(a1[0] < h8[0] && a1[1] < h8[1]) {
		t.Errorf("a1 at %v, h8 at %v: want a1 top-left", a1, h8)
	}
	screenshot(t, ctx, "20-reversi-start")

	setSelect(t, ctx, "level", "1")
	run(t, ctx, 10*time.Second, "click f5", chromedp.Click(chromedp.CSS(`.pt[data-square="f5"]`)))
	waitFor(t, ctx, 5*time.Second, "f5 in the list", `document.querySelector("[data-ply='1']")?.textContent === "f5"`)
	// Until White answers, e5 shows the flip (f6, one of White's answers, flips it back). The
	// board is read in one evaluation: the reply may land between two separate reads.
	seen := eval[[]string](t, ctx, `[document.getElementById("board").dataset.fen,
		document.querySelector("[data-disc][data-square=e5]").dataset.disc,
		String(document.querySelectorAll("[data-disc=X]").length)]`)
	if fen := seen[0]; fen[64+1] == 'O' {
		if seen[1] != "X" {
			t.Errorf("e5 is %q after f5, want X (flipped)", seen[1])
		}
		if seen[2] != "4" {
			t.Errorf("%s black discs after f5, want 4", seen[2])
		}
	}
	waitFor(t, ctx, replyLimit, "the engine's reply", `document.querySelector("[data-ply='2']") !== null && document.getElementById("board").dataset.turn === "X"`)
	moves := checkReversi(t, ctx)
	if moves[0] != "f5" || len(moves) != 2 {
		t.Fatalf("moves %v, want f5 and the reply", moves)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-hint]").length`); n == 0 {
		t.Error("no hints on the person's turn")
	}
	if c := eval[string](t, ctx, `[...document.querySelectorAll("[data-count]")].map(e => e.dataset.count + e.textContent).join(" ")`); c != countText(t, ctx) {
		t.Errorf("counts %q, want %q", c, countText(t, ctx))
	}
	time.Sleep(400 * time.Millisecond) // the flip animation
	screenshot(t, ctx, "21-reversi-reply")

	// Undo takes back the reply and the person's move.
	action(t, ctx, "undo")
	waitFor(t, ctx, 5*time.Second, "undo to the start", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, start))
	action(t, ctx, "redo")
	waitFor(t, ctx, 5*time.Second, "redo", `document.getElementById("board").dataset.turn === "X" && !document.querySelector("[data-ply].tail")`)
	after := boardText(t, ctx)

	// A bad transcript shows the parser's error and changes nothing.
	action(t, ctx, "io")
	setIOText(t, ctx, "f5a1")
	action(t, ctx, "import")
	waitFor(t, ctx, 5*time.Second, "the import error", `document.querySelector("[data-io-error]") !== null`)
	if e := eval[string](t, ctx, `document.querySelector("[data-io-error]").dataset.ioError`); !strings.Contains(e, "move 2 a1 is illegal") {
		t.Errorf("import error %q", e)
	}
	if fen := boardText(t, ctx); fen != after {
		t.Errorf("a bad import changed the board to %s", fen)
	}
	action(t, ctx, "export-transcript")
	waitFor(t, ctx, 5*time.Second, "the transcript", fmt.Sprintf(`document.querySelector("[data-io-text]").value === %q`, strings.Join(moves, "")))

	// Reload: still Reversi, the same game.
	run(t, ctx, 30*time.Second, "reload", chromedp.Reload())
	load(t, ctx, "")
	waitFor(t, ctx, 10*time.Second, "the Reversi game after reload", fmt.Sprintf(`document.querySelector("#board.reversi") && document.getElementById("board").dataset.fen === %q`, after))

	// Back to Xiangqi: its board, and the engine (switched back) answers a move.
	setSelect(t, ctx, "game", "xiangqi")
	waitFor(t, ctx, 10*time.Second, "the Xiangqi board", `document.querySelector("#board:not(.reversi)[data-ready]") !== null`)
	checkStart(t, ctx)
	playMove(t, ctx, "h2", "e2")
	waitReply(t, ctx, 2)
	checkReply(t, ctx, []string{"h2e2"})
	screenshot(t, ctx, "23-xiangqi-after-reversi")

	// Reversi at phone width.
	setSelect(t, ctx, "game", "reversi")
	waitFor(t, ctx, 10*time.Second, "the Reversi board again", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, after))
	run(t, ctx, 10*time.Second, "phone viewport", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	time.Sleep(300 * time.Millisecond)
	screenshot(t, ctx, "22-reversi-phone")
}

func boardText(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `document.getElementById("board").dataset.fen`)
}

func cellRect(t *testing.T, ctx context.Context, sq string) []float64 {
	t.Helper()
	return eval[[]float64](t, ctx, `(() => { const r = document.querySelector(".pt[data-square=`+sq+`]").getBoundingClientRect(); return [r.left, r.top]; })()`)
}

// countText is what the disc counts should say for the board's data-fen.
func countText(t *testing.T, ctx context.Context) string {
	t.Helper()
	fen := boardText(t, ctx)
	return fmt.Sprintf("X%d O%d", strings.Count(fen[:64], "X"), strings.Count(fen[:64], "O"))
}

// checkReversi replays the move list from the start: every move legal (passes written
// "pass"), the result the board's data-fen, data-last on the last disc. It returns the moves.
func checkReversi(t *testing.T, ctx context.Context) []string {
	t.Helper()
	list := eval[[]string](t, ctx, `[...document.querySelectorAll("[data-ply]")].sort((a, b) => a.dataset.ply - b.dataset.ply).map(e => e.textContent)`)
	pos := replayReversi(t, list)
	if fen := boardText(t, ctx); fen != pos.String() {
		t.Fatalf("board %s, want %s after %v", fen, pos.String(), list)
	}
	last := eval[[]string](t, ctx, `[...document.querySelectorAll(".pt[data-last]")].map(e => e.dataset.square)`)
	if len(list) > 0 && !slices.Equal(last, list[len(list)-1:]) {
		t.Errorf("data-last on %v, want %s", last, list[len(list)-1])
	}
	t.Logf("reversi moves: %v", list)
	return list
}

// replayReversi plays a listed Reversi game from the start, failing on a bad or illegal move.
func replayReversi(t *testing.T, list []string) *reversi.Position {
	t.Helper()
	pos := reversi.NewPosition()
	for i, text := range list {
		m, err := reversi.ParseMove(text)
		if err != nil {
			t.Fatalf("move %d %q: %v", i+1, text, err)
		}
		if err := pos.Play(m); err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
	}
	return pos
}

// toReversi switches the page to Reversi and waits for its board.
func toReversi(t *testing.T, ctx context.Context) {
	t.Helper()
	setSelect(t, ctx, "game", "reversi")
	waitFor(t, ctx, 10*time.Second, "the Reversi board", `document.querySelector("#board.reversi[data-ready]") !== null`)
}
