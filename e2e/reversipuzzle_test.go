package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/app/ui"
)

// TestReversiPuzzle: with Reversi on the board the puzzles' list is the shipped Reversi
// collection (fetched when the list opens, the Xiangqi one not), by number and empties; a
// puzzle chosen is solved by its best move in Chinese, failed by a worse one in English (its
// score said against the best's), with the hint and the solution from the collection, and kept
// in the progress.
func TestReversiPuzzle(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(ui.ReversiPuzzlesURL)))
	if err != nil {
		t.Fatalf("the build holds no Reversi collection: %v", err)
	}
	list, err := play.ParsePuzzles(play.VariantReversi, string(b))
	if err != nil || len(list) == 0 {
		t.Fatalf("the build's %s: %d puzzles, %v", ui.ReversiPuzzlesURL, len(list), err)
	}
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/?lang=zh-Hans")
	toReversi(t, ctx)

	action(t, ctx, "puzzles")
	waitFor(t, ctx, 10*time.Second, "the Reversi list", jsListed(len(list)))
	if got := eval[[]string](t, ctx, `performance.getEntriesByType("resource").map(e => new URL(e.name).pathname).filter(p => p.endsWith(".tsv"))`); len(got) != 1 || got[0] != "/"+ui.ReversiPuzzlesURL {
		t.Errorf("the list was fetched from %v, want /%s only", got, ui.ReversiPuzzlesURL)
	}
	heading := eval[string](t, ctx, `document.querySelector("#puzzles .puzzle-source").textContent`)
	first := eval[string](t, ctx, `document.querySelector('[data-puzzle-item="0"]').textContent`)
	if !strings.Contains(heading, i18n.Simplified.T(i18n.ReversiPuzzles)) || !strings.Contains(first, play.PuzzleName(i18n.Simplified, list[0])) {
		t.Errorf("the list's heading %q, first entry %q", heading, first)
	}
	screenshot(t, ctx, "reversi-puzzles-list-zh")
	pz := list[0]
	run(t, ctx, 10*time.Second, "choose a puzzle", chromedp.Click(chromedp.CSS(`[data-puzzle-item="0"]`)))
	onBoard := jsPuzzle + ` === "solving" && document.getElementById("board").dataset.fen === "` + pz.FEN + `"`
	waitFor(t, ctx, 10*time.Second, "the puzzle chosen", onBoard)
	mover := 0 // Black
	if strings.HasSuffix(pz.FEN, "O") {
		mover = 1
	}
	side := play.SideLabel(i18n.Simplified, play.VariantReversi, mover)
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); !strings.Contains(s, side+"走：找出最佳着法") {
		t.Errorf("the goal reads %q, want %s to move", s, side)
	}

	// 1. In Chinese: the hint shows the best move's square; the best move solves it.
	action(t, ctx, "puzzle-hint")
	waitFor(t, ctx, 5*time.Second, "the hint", `document.querySelector("[data-hint-move]")?.dataset.hintMove === "`+pz.Best+`"`)
	click(t, ctx, pz.Best)
	waitFor(t, ctx, 5*time.Second, "solved", jsPuzzle+` === "solved"`)
	want := fmt.Sprintf("解开了：%s 得 %s，最佳", pz.Best, discs(pz.Score))
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); s != want {
		t.Errorf("solved: the status says %q, want %q", s, want)
	}
	waitFor(t, ctx, 5*time.Second, "the progress kept", `JSON.parse(localStorage.getItem("qipan.puzzles") || "{}")["`+play.PuzzleID(pz)+`"] === "solved"`)

	// Retry: the puzzle again from its position.
	action(t, ctx, "puzzle-retry")
	waitFor(t, ctx, 5*time.Second, "the puzzle again", onBoard)

	// 2. In English (the page loaded again: Reversi stays the game shown), the puzzle chosen
	// again: the worst move fails it; the solution plays the best move.
	load(t, ctx, srv.URL+"/?lang=en")
	if !eval[bool](t, ctx, `document.querySelector("#board.reversi") !== null`) {
		toReversi(t, ctx)
	}
	action(t, ctx, "puzzles")
	waitFor(t, ctx, 10*time.Second, "the Reversi list, the solved puzzle marked", jsListed(len(list))+
		` && document.querySelector('[data-puzzle-item="0"]')?.dataset.done === "solved"`)
	run(t, ctx, 10*time.Second, "choose the puzzle", chromedp.Click(chromedp.CSS(`[data-puzzle-item="0"]`)))
	waitFor(t, ctx, 10*time.Second, "the puzzle chosen", onBoard)
	worst := pz.Scores[len(pz.Scores)-1]
	click(t, ctx, worst.Move)
	waitFor(t, ctx, 5*time.Second, "failed", jsPuzzle+` === "failed"`)
	want = fmt.Sprintf("%s gives %s against %s for the best.", worst.Move, discs(worst.Discs), discs(pz.Score))
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); !strings.Contains(s, want) {
		t.Errorf("failed: the status says %q, want %q", s, want)
	}
	screenshot(t, ctx, "reversi-puzzle-failed-en")
	action(t, ctx, "puzzle-solution")
	waitFor(t, ctx, 5*time.Second, "the solution", `document.querySelector("[data-ply='1']")?.textContent === "`+pz.Best+`"`)
	want = fmt.Sprintf("The best move: %s, %s", pz.Best, discs(pz.Score))
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); !strings.Contains(s, want) {
		t.Errorf("the solution: the status says %q, want %q", s, want)
	}
}

// discs writes an exact score as the status does: "+6", "−4".
func discs(d int) string { return strings.Replace(fmt.Sprintf("%+d", d), "-", "−", 1) }
