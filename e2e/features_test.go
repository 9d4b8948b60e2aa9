package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"qipan/engine/xiangqi"
)

// TestFeatures drives what a player of the best xiangqi boards expects, on the real build:
// a draw by repetition ending the game, levels, playing Black, two players and move now,
// hints, the move list in Chinese with review and keys, import/export, sounds and the
// Chinese file numbers; with screenshots at desktop and phone widths.
func TestFeatures(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/")

	// Level 1 keeps the computer's replies quick; it is kept over a reload.
	setSelect(t, ctx, "level", "1")
	run(t, ctx, 30*time.Second, "reload", chromedp.Reload())
	load(t, ctx, "")
	if v := eval[string](t, ctx, `document.querySelector("[data-action=level]").value`); v != "1" {
		t.Fatalf("level after reload: %q, want 1", v)
	}

	// Game end by repetition, played live: two players, seven moves restored, the eighth
	// clicked repeats the start position a third time.
	setSaved(t, ctx, `{"v":1,"start":"`+xiangqi.StartFEN+`","moves":"h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0","ply":7,"two":true}`)
	playMove(t, ctx, "g7", "h9")
	waitFor(t, ctx, 5*time.Second, "the draw", `document.querySelector("[data-result]")?.dataset.result === "Draw: the same position three times"`)
	// Perpetual check loses (restored at its last move).
	setSaved(t, ctx, `{"v":1,"start":"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1","moves":"a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9","ply":9,"two":true}`)
	if r := eval[string](t, ctx, `document.querySelector("[data-result]")?.dataset.result || ""`); r != "Black wins: Red checks perpetually" {
		t.Errorf("perpetual check: result %q", r)
	}
	screenshot(t, ctx, "11-perpetual")

	// Two players: both sides move by clicks, the computer stays quiet until asked.
	newGame(t, ctx)
	waitFor(t, ctx, 5*time.Second, "new game", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, xiangqi.StartFEN))
	playMove(t, ctx, "h2", "e2")
	playMove(t, ctx, "h9", "g7")
	time.Sleep(1500 * time.Millisecond)
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-ply]").length`); n != 2 {
		t.Fatalf("two players: %d moves after two clicks and a wait, want 2 (the computer moved?)", n)
	}
	action(t, ctx, "move-now")
	waitFor(t, ctx, replyLimit, "the computer's move when asked", `document.querySelector("[data-ply='3']") !== null && document.getElementById("board").dataset.turn === "b"`)
	checkReply(t, ctx, []string{"h2e2"})

	// Sounds: the clicks above played moves (synthesised, logged by the page).
	if s := eval[[]string](t, ctx, `window.qipanSounds || []`); !slices.Contains(s, "move") {
		t.Errorf("sounds %v: no move sound", s)
	}

	// Play Black: the board turns, the computer (Red) moves first.
	action(t, ctx, "play-black")
	waitFor(t, ctx, 5*time.Second, "You: Black", `document.querySelector("[data-action=play-black]").getAttribute("aria-pressed") === "true"`)
	newGame(t, ctx)
	waitFor(t, ctx, replyLimit, "the computer's opening move", `document.querySelectorAll("[data-ply]").length === 1 && document.getElementById("board").dataset.turn === "b"`)
	if pointY(t, ctx, "a0") > pointY(t, ctx, "a9") {
		t.Error("playing Black: Red is still at the bottom")
	}
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); !strings.Contains(s, "Your move (Black)") {
		t.Errorf("status %q", s)
	}
	// Chinese file numbers follow the flip: from the left, Red's 一 on top, Black's 9 below.
	// Labels by column (rounded centre x), top one first.
	labels := eval[[]string](t, ctx, `[...document.querySelectorAll("[data-file-label]")].map(e => { const r = e.getBoundingClientRect(); return {l: e.dataset.fileLabel, x: Math.round((r.left + r.width / 2) / 20), y: r.top}; }).sort((a, b) => a.x - b.x || a.y - b.y).map(e => e.l)`)
	if len(labels) != 18 || labels[0] != "一" || labels[1] != "9" || labels[17] != "1" {
		t.Errorf("flipped file labels from the left: %v, want 一 (top) and 9 (bottom) first", labels)
	}
	screenshot(t, ctx, "12-black")

	// Back to Red; hint: an arrow for a legal move, nothing played.
	action(t, ctx, "play-red")
	waitFor(t, ctx, 5*time.Second, "You: Red", `document.querySelector("[data-action=play-red]").getAttribute("aria-pressed") === "true"`)
	newGame(t, ctx)
	waitFor(t, ctx, 5*time.Second, "new game as Red", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q && !document.querySelector("[data-ply]")`, xiangqi.StartFEN))
	action(t, ctx, "hint")
	waitFor(t, ctx, 15*time.Second, "the hint", `document.querySelector("[data-hint-move]") !== null`)
	hint := eval[string](t, ctx, `document.querySelector("[data-hint-move]").dataset.hintMove`)
	if m, err := xiangqi.ParseMove(hint); err != nil || !xiangqi.NewPosition().IsLegal(m) {
		t.Errorf("hint %q is not a legal move: %v", hint, err)
	}
	if fen := eval[string](t, ctx, `document.getElementById("board").dataset.fen`); fen != xiangqi.StartFEN {
		t.Errorf("the hint was played: %s", fen)
	}
	screenshot(t, ctx, "13-hint")

	// Chinese notation; three moves, then review with the list and the keys.
	setSelect(t, ctx, "notation", "zh")
	playMove(t, ctx, "h2", "e2")
	waitReply(t, ctx, 2)
	playMove(t, ctx, "b0", "c2")
	waitReply(t, ctx, 4)
	if s := eval[string](t, ctx, `document.querySelector("[data-ply='1']").textContent`); s != "炮二平五" {
		t.Errorf("first move in Chinese: %q", s)
	}
	sounds := eval[int](t, ctx, `(window.qipanSounds || []).length`)
	live := eval[string](t, ctx, `document.getElementById("board").dataset.fen`)
	run(t, ctx, 10*time.Second, "click move 1", chromedp.Click(chromedp.CSS(`[data-ply="1"]`)))
	after1 := afterMoves(t, "h2e2")
	waitFor(t, ctx, 5*time.Second, "review of move 1", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, after1))
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); !strings.Contains(s, "Reviewing move 1") {
		t.Errorf("status while reviewing: %q", s)
	}
	click(t, ctx, "b0") // browse-only: no selection
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-hint]").length`); n != 0 {
		t.Error("a piece was selectable while reviewing")
	}
	run(t, ctx, 5*time.Second, "←", chromedp.KeyEvent(kb.ArrowLeft))
	waitFor(t, ctx, 5*time.Second, "← to the start", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, xiangqi.StartFEN))
	run(t, ctx, 5*time.Second, "→", chromedp.KeyEvent(kb.ArrowRight))
	waitFor(t, ctx, 5*time.Second, "→ to move 1", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, after1))
	screenshot(t, ctx, "14-review")
	run(t, ctx, 5*time.Second, "End", chromedp.KeyEvent(kb.End))
	waitFor(t, ctx, 5*time.Second, "End: the game", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q && document.querySelector("[data-action=continue]").disabled`, live))
	run(t, ctx, 5*time.Second, "Home", chromedp.KeyEvent(kb.Home))
	waitFor(t, ctx, 5*time.Second, "Home", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, xiangqi.StartFEN))
	// Undo keeps the record: the undone moves stay listed, dimmed, until a new move.
	action(t, ctx, "live")
	action(t, ctx, "undo")
	waitFor(t, ctx, 5*time.Second, "undo", `document.querySelectorAll("[data-ply].tail").length === 2 && document.querySelectorAll("[data-ply]").length === 4`)
	// Continue from move 1 (Black's turn, the computer's): it replies; a reply other than the
	// recorded one replaces the tail, the recorded one follows it (the tail stays).
	recorded := eval[string](t, ctx, `document.querySelector('[data-ply="2"]').textContent`)
	run(t, ctx, 10*time.Second, "click move 1", chromedp.Click(chromedp.CSS(`[data-ply="1"]`)))
	action(t, ctx, "continue")
	waitFor(t, ctx, replyLimit, "the reply after continuing", `document.querySelectorAll("[data-ply]:not(.tail)").length === 2 && document.getElementById("board").dataset.turn === "w" && document.querySelector("[data-action=continue]").disabled`)
	want := `document.querySelectorAll("[data-ply]").length === 2 && !document.querySelector("[data-ply].tail")`
	if eval[string](t, ctx, `document.querySelector('[data-ply="2"]').textContent`) == recorded {
		want = `document.querySelectorAll("[data-ply]").length === 4 && document.querySelectorAll("[data-ply].tail").length === 2`
	}
	if !eval[bool](t, ctx, want) {
		t.Errorf("after the reply %q (recorded %q) the record is not %s", eval[string](t, ctx, `document.querySelector('[data-ply="2"]').textContent`), recorded, want)
	}
	if n := eval[int](t, ctx, `(window.qipanSounds || []).length`); n <= sounds {
		t.Errorf("no sound for the computer's move (%d, then %d)", sounds, n)
	}

	// Mute: no more sounds; kept over a reload.
	action(t, ctx, "sound")
	n := eval[int](t, ctx, `(window.qipanSounds || []).length`)
	playMove(t, ctx, "b0", "c2")
	waitReply(t, ctx, 4)
	if m := eval[int](t, ctx, `(window.qipanSounds || []).length`); m != n {
		t.Errorf("muted, yet %d sounds played", m-n)
	}

	// Import/export: a bad FEN shows ParseFEN's error and changes nothing; a good one loads.
	action(t, ctx, "io")
	before := eval[string](t, ctx, `document.getElementById("board").dataset.fen`)
	setIOText(t, ctx, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1")
	action(t, ctx, "import")
	waitFor(t, ctx, 5*time.Second, "the FEN error", `document.querySelector("[data-io-error]") !== null`)
	_, perr := xiangqi.ParseFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1")
	if e := eval[string](t, ctx, `document.querySelector("[data-io-error]").dataset.ioError`); e != perr.Error() {
		t.Errorf("import error %q, want ParseFEN's %q", e, perr)
	}
	if fen := eval[string](t, ctx, `document.getElementById("board").dataset.fen`); fen != before {
		t.Errorf("a bad FEN changed the board to %s", fen)
	}
	screenshot(t, ctx, "15-import-error")
	action(t, ctx, "export-zh")
	waitFor(t, ctx, 5*time.Second, "the Chinese moves in the box", `document.querySelector("[data-io-text]").value.startsWith("1. 炮二平五")`)
	action(t, ctx, "export-fen")
	waitFor(t, ctx, 5*time.Second, "the FEN in the box", fmt.Sprintf(`document.querySelector("[data-io-text]").value === %q`, before))
	// PGN and DhtmlXQ: a bad one shows the reader's line:column error and changes nothing;
	// what the export writes loads back.
	setIOText(t, ctx, "[Event \"x\"]\n\n1. H2-E2 H2-E2 *")
	action(t, ctx, "import")
	waitFor(t, ctx, 5*time.Second, "the PGN error", `(document.querySelector("[data-io-error]")?.dataset.ioError || "").includes("line 3, column 10")`)
	if fen := eval[string](t, ctx, `document.getElementById("board").dataset.fen`); fen != before {
		t.Errorf("a bad PGN changed the board to %s", fen)
	}
	for _, f := range []struct{ action, prefix string }{{"export-pgn", `[Event "qipan"]`}, {"export-dhtmlxq", "[DhtmlXQ]"}} {
		action(t, ctx, f.action)
		waitFor(t, ctx, 5*time.Second, f.action, fmt.Sprintf(`document.querySelector("[data-io-text]").value.startsWith(%q)`, f.prefix))
		newGame(t, ctx)
		waitFor(t, ctx, 5*time.Second, "new game", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, xiangqi.StartFEN))
		// What was in the box stays there over other changes of the page.
		if v := eval[string](t, ctx, `document.querySelector("[data-io-text]").value`); !strings.HasPrefix(v, f.prefix) {
			t.Errorf("the box was emptied by a new game: %q", v)
		}
		action(t, ctx, "import")
		waitFor(t, ctx, 5*time.Second, f.action+" read back", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, before))
	}
	screenshot(t, ctx, "15b-export-dhtmlxq")
	fen := "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"
	setIOText(t, ctx, fen)
	action(t, ctx, "import")
	waitFor(t, ctx, 5*time.Second, "the imported FEN", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q && !document.querySelector("[data-io-error]")`, fen))

	// Phone width with the panel open, then desktop with ICCS coordinates.
	newGame(t, ctx)
	playMove(t, ctx, "h2", "e2")
	waitReply(t, ctx, 2)
	run(t, ctx, 10*time.Second, "phone viewport", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	time.Sleep(300 * time.Millisecond)
	screenshot(t, ctx, "16-phone-panel")
	if w := eval[float64](t, ctx, `document.querySelector(".panel").getBoundingClientRect().right`); w > 391 {
		t.Errorf("the panel overflows a 390 px window: right edge %.0f", w)
	}
	run(t, ctx, 10*time.Second, "desktop viewport", chromedp.EmulateViewport(1280, 900))
	setSelect(t, ctx, "coords", "iccs")
	waitFor(t, ctx, 5*time.Second, "ICCS coordinates", `document.querySelector(".coords.iccs") !== null`)
	screenshot(t, ctx, "17-desktop-iccs")
}

// afterMoves returns the FEN after moves from the start.
func afterMoves(t *testing.T, moves ...string) string {
	t.Helper()
	g := xiangqi.NewGame(nil)
	for _, m := range moves {
		if err := g.PlayString(m); err != nil {
			t.Fatal(err)
		}
	}
	return g.Position().FEN()
}

// setSelect chooses value in the select with data-action name, as a person would.
func setSelect(t *testing.T, ctx context.Context, name, value string) {
	t.Helper()
	run(t, ctx, 10*time.Second, "select "+name, chromedp.SetValue(chromedp.CSS(`select[data-action="`+q(name)+`"]`), value))
	eval[bool](t, ctx, `(document.querySelector('select[data-action="`+q(name)+`"]').dispatchEvent(new Event("change", {bubbles: true})), true)`)
	time.Sleep(100 * time.Millisecond)
}

// setIOText types text into the import/export box.
func setIOText(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	waitFor(t, ctx, 5*time.Second, "the import/export box", `document.querySelector("[data-io-text]") !== null`)
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector("[data-io-text]"); e.value = %q; e.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`, text))
	time.Sleep(100 * time.Millisecond)
}
