package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/engine/xiangqi"
)

// The puzzle rating and the daily puzzle (issue 52): the daily puzzle, the same as
// play.DailyPuzzle chooses natively for the page's date, solved in Chinese at a phone's width
// from the list's 每日一题 entry; the rating rises from 1500?, the line under the buttons and
// the list say it, the progress keeps it.

// keptProgress is the puzzles' progress the page keeps in localStorage, read as the page
// reads it.
func keptProgress(t *testing.T, ctx context.Context) play.PuzzleProgress {
	t.Helper()
	var pp play.PuzzleProgress
	if s := eval[string](t, ctx, `localStorage.getItem("qipan.puzzles") || "{}"`); json.Unmarshal([]byte(s), &pp) != nil {
		t.Fatalf("the kept progress cannot be read: %s", s)
	}
	return pp
}

// shortDay is the first date from 2026-01-01 whose daily puzzle is a mate in 3 or less with a
// proven first move (the test solves it by the rules), or a mined gain (Mate 0: its first move
// solves it), and that puzzle's index.
func shortDay(t *testing.T, list []play.Puzzle) (time.Time, int) {
	t.Helper()
	d := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	for range 3 * 366 {
		if i := play.DailyPuzzle(list, play.DailyDate(d)); i >= 0 && list[i].Mate <= 3 && len(list[i].First) > 0 {
			return d, i
		}
		d = d.AddDate(0, 0, 1)
	}
	t.Fatal("no daily puzzle of a short mate in three years")
	return d, -1
}

// pageDate makes the page's clock read at (and run on from it) before its scripts start: the
// Go runtime's wall clock is JavaScript's Date.
func pageDate(t *testing.T, ctx context.Context, at time.Time) {
	t.Helper()
	js := fmt.Sprintf(`(() => {
		const D = Date, shift = %d - D.now();
		class Shifted extends D {
			constructor(...a) { if (a.length === 0) super(D.now() + shift); else super(...a); }
			static now() { return D.now() + shift; }
		}
		globalThis.Date = Shifted;
	})()`, at.UnixMilli())
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: js}); err != nil {
		t.Fatal(err)
	}
}

// mateIn returns a move of the side to move in fen that mates in n moves or fewer whatever the
// defence (the fewest first), "" when none.
func mateIn(t *testing.T, fen string, n int) string {
	t.Helper()
	pos, err := xiangqi.ParseFEN(fen)
	if err != nil {
		t.Fatalf("the board's FEN %q: %v", fen, err)
	}
	for k := 1; k <= n; k++ {
		for _, m := range pos.LegalMoves() {
			u := pos.Make(m)
			ok := forced(pos, k-1)
			pos.Unmake(m, u)
			if ok {
				return m.String()
			}
		}
	}
	return ""
}

// forced reports whether the side to move in pos, the defence, is lost: without a move (mate
// or stalemate, both lost in Xiangqi), or every reply met by a mate in n.
func forced(pos *xiangqi.Position, n int) bool {
	if pos.Status() != xiangqi.Ongoing {
		return true
	}
	if n == 0 {
		return false
	}
	for _, r := range pos.LegalMoves() {
		ur := pos.Make(r)
		found := false
		for _, m := range pos.LegalMoves() {
			um := pos.Make(m)
			found = forced(pos, n-1)
			pos.Unmake(m, um)
			if found {
				break
			}
		}
		pos.Unmake(r, ur)
		if !found {
			return false
		}
	}
	return true
}

func TestDailyPuzzleRating(t *testing.T) {
	dir, list := puzzleSite(t, siteDir(t, "QIPAN_STATIC"), "")
	at, daily := shortDay(t, list)
	pz := list[daily]
	t.Logf("the page's date %s: daily puzzle %s, mate in %d", play.DailyDate(at), play.PuzzleID(pz), pz.Mate)
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	pageDate(t, ctx, at)
	run(t, ctx, 10*time.Second, "phone", chromedp.EmulateViewport(360, 640, chromedp.EmulateScale(2)))
	load(t, ctx, srv.URL+"/?lang=zh-Hans")

	// The list: the rating 1500? with its streak, the daily entry over the rows.
	// The buttons' places in the page (the list scrolls itself into view: the page at its top
	// again before they are measured).
	atTop := `(scrollTo(0, 0), ` + jsRowBoxes + `)`
	before := eval[map[string]string](t, ctx, atTop)
	action(t, ctx, "puzzles")
	waitFor(t, ctx, 10*time.Second, "the list", jsListed(len(list)))
	if m := movedBoxes(before, eval[map[string]string](t, ctx, atTop)); len(m) > 0 {
		t.Errorf("buttons moved when the list opened: %v", m)
	}
	if got := eval[string](t, ctx, `(() => { const r = document.querySelector("[data-puzzle-rating]"); return r.dataset.puzzleRating + " " + r.dataset.value + " " + r.dataset.rd + " " + r.parentElement.textContent })()`); got != "1500? 1500 350 等级分 1500? · 连对 0" {
		t.Errorf("the rating over the list: %q", got)
	}
	entry := `document.querySelector('[data-action="puzzle-daily"]')`
	if got := eval[string](t, ctx, entry+`?.dataset.dailyItem || ""`); got != strconv.Itoa(daily) {
		t.Fatalf("the daily entry opens puzzle %q, want %d (the date's, as play.DailyPuzzle chooses it)", got, daily)
	}
	if got := eval[string](t, ctx, entry+`.textContent`); !strings.Contains(got, "每日一题 · "+play.PuzzleName(i18n.Simplified, pz)) {
		t.Errorf("the daily entry says %q", got)
	}
	screenshot(t, ctx, "puzzle-daily-list-360x640-zh")

	// Solved from the entry: the proven first move, then the mates the rules find.
	run(t, ctx, 10*time.Second, "the daily puzzle", chromedp.Click(chromedp.CSS(`[data-action="puzzle-daily"]`)))
	waitFor(t, ctx, 10*time.Second, "the daily puzzle on the board", jsPuzzle+` === "solving" && document.getElementById("board").dataset.fen === "`+pz.FEN+`"`)
	mv := pz.First[0]
	for k := 0; ; k++ {
		playMove(t, ctx, mv[:2], mv[2:])
		waitFor(t, ctx, 5*time.Second, "the move played", jsPuzzle+` !== "solving" || document.getElementById("board").dataset.turn === "b"`)
		waitFor(t, ctx, 30*time.Second, "the defence's reply", jsPuzzle+` !== "solving" || document.getElementById("board").dataset.turn === "w" && !document.getElementById("board").dataset.thinking`)
		if st := eval[string](t, ctx, jsPuzzle); st != "solving" {
			if st != "solved" {
				t.Fatalf("the puzzle %s after %s: %s", st, mv, pageSummary(ctx))
			}
			break
		}
		if k >= pz.Mate {
			t.Fatalf("not solved after %d moves: %s", k+1, pageSummary(ctx))
		}
		if mv = mateIn(t, eval[string](t, ctx, `document.getElementById("board").dataset.fen`), pz.Mate-k-1); mv == "" {
			t.Fatalf("no mate left in %d: %s", pz.Mate-k-1, pageSummary(ctx))
		}
	}
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); s != "解开了！" {
		t.Errorf("solved: the status says %q", s)
	}

	// The rating rose; the line under the buttons and the list say by how much; it is kept.
	pp := keptProgress(t, ctx)
	id, change, ok := pp.LastChange()
	r := pp.Player()
	if !ok || id != play.PuzzleID(pz) || change <= 0 || r.R <= 1500 || pp.Of(pz) != play.PuzzleSolved || pp.Rated.Streak != 1 {
		t.Fatalf("the kept progress: last %q %+d, rating %+v, %q, streak %d", id, change, r, pp.Of(pz), pp.Rated.Streak)
	}
	want := "等级分 " + r.String() + "（" + play.ChangeText(change) + "）"
	if got := eval[string](t, ctx, `document.querySelector(".puzzle-title").textContent`); !strings.HasPrefix(got, want) {
		t.Errorf("the line under the buttons %q, want %q…", got, want)
	}
	screenshot(t, ctx, "puzzle-daily-solved-360x640-zh")
	action(t, ctx, "puzzles")
	waitFor(t, ctx, 10*time.Second, "the list", jsListed(len(list)))
	if got, want := eval[string](t, ctx, `(() => { const r = document.querySelector("[data-puzzle-rating]"); return r.dataset.value + " " + r.dataset.change + " " + r.parentElement.textContent })()`),
		fmt.Sprintf("%d %s 等级分 %s %s · 连对 1", r.Int(), play.ChangeText(change), r, play.ChangeText(change)); got != want {
		t.Errorf("the rating over the list %q, want %q", got, want)
	}
	if got := eval[string](t, ctx, entry+`.dataset.done`); got != "solved" {
		t.Errorf("the daily entry is %q, want solved", got)
	}
	// A reload reads the rating back.
	load(t, ctx, srv.URL+"/?view=puzzles&lang=zh-Hans")
	waitFor(t, ctx, 10*time.Second, "the list after a reload", jsListed(len(list))+` && document.querySelector("[data-puzzle-rating]")?.dataset.value === "`+strconv.Itoa(r.Int())+`"`)
}
