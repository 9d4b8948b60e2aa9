package e2e

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"qipan/app/play"
	"qipan/app/ui"
)

// The puzzles beyond Chromium (issue 52): the list with the person's rating and the daily
// puzzle, a failed puzzle rated, and Reversi puzzles from links (the app's and the embed's),
// in Firefox (over WebDriver BiDi) and WebKitGTK (W3C WebDriver), each on a fresh profile whose
// reader asks for Simplified Chinese, as TestFirefox and TestWebKit run acrossEngines.

func TestPuzzlesFirefox(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	inFirefox(t, func(b *tab) { puzzlesAcross(t, b, dir) })
}

func TestPuzzlesWebKit(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	inWebKit(t, "webkit-puzzles.log", func(b *tab) { puzzlesAcross(t, b, dir) })
}

// puzzlesAcross runs the puzzles' checks in a browser driven over a W3C protocol.
func puzzlesAcross(t *testing.T, b *tab, dir string) {
	dir, list := puzzleSite(t, dir, "")
	srv := newServer(t, dir, "/")
	steps := []struct {
		name string
		run  func(*tab, *server)
	}{
		{"ListRatingDaily", func(b *tab, srv *server) { puzzleListRatingDaily(b, srv, list) }},
		{"ReversiLink", func(b *tab, srv *server) { reversiPuzzleLinks(b, srv, reversiCollection(b.t, dir)) }},
		{"DailyOffline", func(b *tab, srv *server) { puzzleDailyOffline(b, srv, list) }},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			start := time.Now()
			s.run(&tab{t: t, r: b.r, engine: b.engine}, srv)
			t.Logf("%s %s: %v", b.engine, s.name, time.Since(start).Round(time.Millisecond))
		})
	}
}

// puzzleListRatingDaily opens the list from ?view=puzzles on a fresh profile: every puzzle of
// the collection, the rating 1500? with no streak, the daily puzzle of the date; the daily
// puzzle opens from its entry, its solution asked fails it, and the list then shows the rating
// moved down and the daily entry failed (kept in localStorage).
func puzzleListRatingDaily(b *tab, srv *server, list []play.Puzzle) {
	b.load(srv.URL + "/?view=puzzles")
	b.waitFor(20*time.Second, "the list", jsListed(len(list)))
	rating := `(() => { const r = document.querySelector("[data-puzzle-rating]"); return r.dataset.puzzleRating + " " + (r.dataset.change ?? "") + "|" + r.parentElement.textContent })()`
	if got := evalIn[string](b, rating); got != "1500? |等级分 1500? · 连对 0" {
		b.t.Errorf("the rating line on a fresh profile: %q", got)
	}
	// The page's date and Go's are the machine's; at midnight they might differ by a day.
	daily := play.DailyPuzzle(list, play.DailyDate(time.Now()))
	entry := `document.querySelector('[data-action="puzzle-daily"]')`
	if got := evalIn[string](b, entry+`?.dataset.dailyItem ?? ""`); got != strconv.Itoa(daily) {
		b.t.Fatalf("the daily entry opens puzzle %q, want %d", got, daily)
	}
	b.screenshot("puzzles-list-daily")
	pz := list[daily]
	b.click(`[data-action="puzzle-daily"]`)
	b.waitFor(10*time.Second, "the daily puzzle on the board", jsPuzzle+` === "solving" && document.getElementById("board").dataset.fen === "`+pz.FEN+`"`)
	if s := evalIn[string](b, `document.querySelector(".status").textContent`); !strings.Contains(s, "先胜") {
		b.t.Errorf("the daily puzzle's goal reads %q", s)
	}
	b.click(`[data-action="puzzle-solution"]`)
	b.waitFor(10*time.Second, "failed by the solution", jsPuzzle+` === "failed"`)
	id := play.PuzzleID(pz)
	b.waitFor(5*time.Second, "the failure kept", `JSON.parse(localStorage.getItem("qipan.puzzles") || "{}")["`+id+`"] === "failed"`)
	b.click(`[data-action="puzzles"]`)
	b.waitFor(20*time.Second, "the list again", jsListed(len(list))+` && `+entry+`?.dataset.done === "failed"`)
	got := evalIn[string](b, rating)
	if change, _, _ := strings.Cut(got, "|"); !strings.Contains(change, " −") {
		b.t.Errorf("the rating after a failed puzzle: %q, want it moved down", got)
	}
	b.t.Logf("after the daily puzzle failed: %s", got)
	// The list opens on the puzzle on the board: its entry in view in the scroller.
	inView := `(() => { const rows = document.querySelector("#puzzles .puzzle-rows"); const it = rows?.querySelector(".puzzle-item.current");
		if (!it) return "no current entry"; const a = rows.getBoundingClientRect(), r = it.getBoundingClientRect();
		return r.top >= a.top && r.bottom <= a.bottom ? "in view" : "out of view by " + Math.round(r.top < a.top ? r.top - a.top : r.bottom - a.bottom) + " px" })()`
	deadline := time.Now().Add(5 * time.Second)
	for s := evalIn[string](b, inView); s != "in view"; s = evalIn[string](b, inView) {
		if time.Now().After(deadline) {
			b.t.Errorf("the list opened with the puzzle on the board %s: %s; the list: %s", id, s, evalIn[string](b, `(() => { const rows = document.querySelector("#puzzles .puzzle-rows"); const items = [...rows.querySelectorAll("[data-puzzle-item]")].map(e => e.dataset.puzzleItem);
				return "scrollTop " + rows.scrollTop + " of " + rows.scrollHeight + " (client " + rows.clientHeight + "), items " + items[0] + "…" + items[items.length-1] + " (" + items.length + "), gaps " + [...rows.querySelectorAll(".puzzles-gap")].map(g => g.offsetHeight).join(",") + ", aria-current " + (document.querySelector("[aria-current]")?.dataset.puzzleItem ?? "none") })()`))
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.screenshot("puzzles-list-failed")
}

// reversiPuzzleLinks opens a Reversi puzzle from the app's link (with its scores): the hint,
// then the best move solves it; and from the embed's (the position alone, found in the
// collection), solved by the best move.
func reversiPuzzleLinks(b *tab, srv *server, list []play.Puzzle) {
	pz := list[0]
	b.load(srv.URL + "/?" + reversiPuzzleQuery(pz, true))
	onBoard := func(p play.Puzzle) string {
		return jsPuzzle + ` === "solving" && document.getElementById("board").dataset.fen === "` + p.FEN + `"`
	}
	b.waitFor(10*time.Second, "the link's puzzle", onBoard(pz))
	if s := evalIn[string](b, `document.querySelector(".status").textContent`); !strings.Contains(s, "走：找出最佳着法") {
		b.t.Errorf("the goal reads %q", s)
	}
	b.click(`[data-action="puzzle-hint"]`)
	b.waitFor(5*time.Second, "the hint", `document.querySelector("[data-hint-move]")?.dataset.hintMove === "`+pz.Best+`"`)
	b.click(`.pt[data-square="` + pz.Best + `"]`)
	b.waitFor(5*time.Second, "solved", jsPuzzle+` === "solved"`)
	if s := evalIn[string](b, `document.querySelector(".status").textContent`); !strings.HasPrefix(s, "解开了：") {
		b.t.Errorf("solved: the status says %q", s)
	}
	b.screenshot("reversi-puzzle-link-solved")
	pz = list[2]
	b.navigate(srv.URL + "/embed?" + reversiPuzzleQuery(pz, false))
	b.waitFor(30*time.Second, "the embed's puzzle", `document.querySelector(".qipan-embed #board[data-ready]") !== null && `+onBoard(pz))
	b.click(`.pt[data-square="` + pz.Best + `"]`)
	b.waitFor(5*time.Second, "the embed's puzzle solved", jsPuzzle+` === "solved"`)
	if s := evalIn[string](b, `document.querySelector(".embed-status").textContent`); !strings.HasPrefix(s, "解开了：") {
		b.t.Errorf("solved in the embed: the status says %q", s)
	}
	b.screenshot("reversi-puzzle-embed-solved")
}

// puzzleDailyOffline: once the site was visited and the engine used, the daily puzzle works
// with the server down: the list and the puzzle from the service worker's cache, the hint (the
// collection's proven move) and the engine's defence after the hint's move.
func puzzleDailyOffline(b *tab, srv *server, list []play.Puzzle) {
	daily := play.DailyPuzzle(list, play.DailyDate(time.Now()))
	pz := list[daily]
	onBoard := jsPuzzle + ` === "solving" && document.getElementById("board").dataset.fen === "` + pz.FEN + `"`
	hint := func() string {
		b.click(`[data-action="puzzle-hint"]`)
		b.waitFor(30*time.Second, "the hint's piece", `document.querySelector("[data-hint-piece]") !== null`)
		b.click(`[data-action="puzzle-hint"]`)
		b.waitFor(30*time.Second, "the hint's move", `document.querySelector("[data-hint-move]") !== null`)
		return evalIn[string](b, `document.querySelector("[data-hint-move]").dataset.hintMove`)
	}
	// Online: the solution, played by the engine, starts it, and the service worker then keeps
	// it (the start's hint needs no engine: it is the collection's proven move).
	b.load(srv.URL + "/?view=puzzles&game=xiangqi") // the last step left Reversi on the board
	b.waitFor(20*time.Second, "the list", jsListed(len(list)))
	b.click(`[data-action="puzzle-daily"]`)
	b.waitFor(10*time.Second, "the daily puzzle", onBoard)
	b.click(`[data-action="puzzle-solution"]`)
	b.waitFor(replyLimit, "the solution's first move", `document.getElementById("board").dataset.fen !== "`+pz.FEN+`"`)
	// Each poll starts a look into the caches, which marks the URL once it finds it there.
	for _, u := range []string{"/" + ui.PuzzlesURL, "/web/engine.wasm", "/web/engine-worker.js"} {
		probe := `caches.keys().then(async ks => { for (const k of ks) for (const r of await (await caches.open(k)).keys())
			if (new URL(r.url).pathname === "` + u + `") (window.qipanTestCached ??= {})["` + u + `"] = true; })`
		b.waitFor(60*time.Second, "the service worker to cache "+u, `(`+probe+`, window.qipanTestCached?.["`+u+`"] === true)`)
	}
	srv.down.Store(true)
	defer srv.down.Store(false)
	if !refused(srv.Listener.Addr().String()) {
		b.t.Fatal("the server still answers")
	}
	b.load(srv.URL + "/?view=puzzles&game=xiangqi") // the last step left Reversi on the board
	b.waitFor(20*time.Second, "the list offline", jsListed(len(list)))
	b.click(`[data-action="puzzle-daily"]`)
	b.waitFor(10*time.Second, "the daily puzzle offline", onBoard)
	mv := hint()
	if len(mv) < 4 {
		b.t.Fatalf("the hint offline: %q", mv)
	}
	b.click(`.pt[data-square="` + mv[:2] + `"]`)
	b.waitFor(5*time.Second, "the hint's move selected", `document.querySelector("[data-hint][data-square=`+mv[2:4]+`]") !== null`)
	b.click(`.pt[data-square="` + mv[2:4] + `"]`)
	// The hint is a proven first move: a mate in one or a gain puzzle's move is solved at once,
	// a longer mate gets the engine's defence, from the cache.
	if !slices.Contains(pz.First, mv) && mv != pz.Best {
		b.t.Errorf("the hint %s is none of the puzzle's proven first moves %v %q", mv, pz.First, pz.Best)
	}
	side := strings.Fields(pz.FEN)[1]
	board := `document.getElementById("board").dataset`
	b.waitFor(5*time.Second, "the move played", jsPuzzle+` === "solved" || `+board+`.turn !== "`+side+`"`)
	b.waitFor(replyLimit, "the defence offline", jsPuzzle+` === "solved" || `+jsPuzzle+` === "solving" && `+board+`.turn === "`+side+`" && !`+board+`.thinking`)
	b.screenshot("puzzle-daily-offline")
	b.t.Logf("offline: the daily puzzle %s, the hint %s, then %s", play.PuzzleID(pz), mv, evalIn[string](b, jsPuzzle))
}
