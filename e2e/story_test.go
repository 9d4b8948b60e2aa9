package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestStory imports a PGN with players, event, date, result and comments (one of them markup
// that must stay text), shows them, keeps them over a reload, and writes them back on export.
func TestStory(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/?lang=en")
	const pgn = `[Event "2025 National Championship"]
[Date "2025.10.01"]
[Red "Wang Tianyi"]
[Black "Zheng Weitong"]
[Result "1-0"]

{A classic opening.}
1. H2-E2 {The central cannon. <img src=x onerror="window.pwned=1">} H9-G7
2. H0-G2 {Both develop.} I9-H9 1-0`
	action(t, ctx, "io")
	setIOText(t, ctx, pgn)
	action(t, ctx, "import")
	waitFor(t, ctx, 5*time.Second, "the players", `document.querySelector("[data-players]")?.textContent === "Wang Tianyi (Red) – Zheng Weitong (Black) · 2025 National Championship, 2025.10.01"`)
	run(t, ctx, 10*time.Second, "move 1", chromedp.Click(chromedp.CSS(`[data-ply="1"]`)))
	waitFor(t, ctx, 5*time.Second, "the comment on move 1", `document.querySelector("[data-comment]")?.textContent === 'The central cannon. <img src=x onerror="window.pwned=1">'`)
	if eval[bool](t, ctx, `window.pwned === 1 || document.querySelector(".comment img") !== null`) {
		t.Fatal("a comment's markup ran")
	}
	screenshot(t, ctx, "story-01")
	action(t, ctx, "live")

	run(t, ctx, 30*time.Second, "reload", chromedp.Reload())
	load(t, ctx, "")
	waitFor(t, ctx, 5*time.Second, "the players after a reload", `document.querySelector("[data-players]") !== null`)

	action(t, ctx, "io")
	action(t, ctx, "export-pgn")
	waitFor(t, ctx, 5*time.Second, "the PGN", `document.querySelector("[data-io-text]").value.includes("[Event")`)
	out := eval[string](t, ctx, `document.querySelector("[data-io-text]").value`)
	for _, want := range []string{`[Red "Wang Tianyi"]`, `[Black "Zheng Weitong"]`, `[Date "2025.10.01"]`, `[Result "1-0"]`,
		"{A classic opening.}", "{Both develop.}", "The central cannon."} {
		if !strings.Contains(out, want) {
			t.Errorf("export lacks %s:\n%s", want, out)
		}
	}
}

// TestReversiGGF loads a GGF game into the Reversi board and writes it back.
func TestReversiGGF(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/?lang=en")
	toReversi(t, ctx)
	action(t, ctx, "io")
	setIOText(t, ctx, `(;GM[Othello]PC[GGS/os]PB[alice]PW[bob]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5//0.01]W[d6]B[c3];)`)
	action(t, ctx, "import")
	waitFor(t, ctx, 5*time.Second, "the GGF game", `document.querySelector("[data-ply='3']")?.textContent === "c3"`)
	action(t, ctx, "export-ggf")
	waitFor(t, ctx, 5*time.Second, "the GGF in the box", `document.querySelector("[data-io-text]").value.startsWith("(;GM[Othello]") && document.querySelector("[data-io-text]").value.includes("B[F5]W[D6]B[C3]")`)
	setSelect(t, ctx, "game", "xiangqi")
}

// TestReversiHintScores asks for a hint in Reversi: the engine scores every legal move and the
// board writes each score on its cell.
func TestReversiHintScores(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/?lang=en")
	toReversi(t, ctx)
	newGame(t, ctx)
	action(t, ctx, "hint")
	waitFor(t, ctx, 30*time.Second, "a score on every legal move", `document.querySelectorAll("[data-hint-score]").length === 4 && document.querySelector("[data-hint-move]") !== null`)
	got := eval[[]string](t, ctx, `[...document.querySelectorAll("[data-hint-score]")].map(e => e.dataset.square + "=" + e.textContent).sort()`)
	t.Logf("hint scores: %v", got)
	for _, s := range got {
		if !strings.Contains(s, "=") || strings.HasSuffix(s, "=") {
			t.Errorf("score %q", s)
		}
	}
	screenshot(t, ctx, "reversi-hint-scores")
	setSelect(t, ctx, "game", "xiangqi")
}
