package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/app/ui"
)

// Puzzles (issue 52): a link's position solved by clicks in Chinese and in English, the list
// of the shipped collection (or, before the build holds one, a fixture's), a puzzle opened
// from it keeping the game it replaced, retry, the progress marked, the buttons in place, a
// collection that cannot be loaded, a bad link, and the list offline.

// mateInOneFEN: Red's a8a9 mates (the chariots hold rank 8, the general the e file).
const mateInOneFEN = "3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1"

// mateInOneLink is the link of the brief, its slashes as they are.
const mateInOneLink = "/?puzzle=1&fen=3k5/RR7/9/9/9/9/9/9/9/4K4%20w%20-%20-%200%201"

// puzzleFixture is a small collection in the columns cmd/qipan-puzzles writes, for a build
// that holds none yet.
const puzzleFixture = "# fixture\n# three puzzles\nfen\tmanual\tnumber\ttitle\tmate\tfirst\tsecond\n" +
	mateInOneFEN + "\t适情雅趣\t1\t二车错\t1\ta8a9\ta8a7\n" +
	"3k5/9/9/9/9/9/9/9/R8/R3K4 w - - 0 1\t适情雅趣\t2\t双车\t2\ta1a9\t\n" +
	"3k5/9/9/9/9/9/9/9/RR7/4K4 w - - 0 1\t梦入神机\t7\t\t2\tb1b8\t\n"

// jsPuzzle is the board's data-puzzle ("" for a game).
const jsPuzzle = `(document.getElementById("board").dataset.puzzle || "")`

// jsRowBoxes are jsBoxes of the title row's and the game's rows of buttons: the puzzle's row
// among them. (Under them the keep row's offer comes and goes, as after any replaced game.)
var jsRowBoxes = strings.Replace(jsBoxes, `"button.control[data-action]"`, `".title-row button.control[data-action], .controls-wrap button.control[data-action]"`, 1)

// puzzleSite returns a build holding a puzzle collection, and the collection: the build's own,
// else a copy of the build with the fixture, precached as the generator would list it under
// the build's prefix ("" or "/qipan").
func puzzleSite(t *testing.T, dir, prefix string) (string, []play.Puzzle) {
	t.Helper()
	file := filepath.Join(dir, filepath.FromSlash(ui.PuzzlesURL))
	if b, err := os.ReadFile(file); err == nil {
		list, err := play.ParsePuzzles(play.VariantXiangqi, string(b))
		if err != nil || len(list) == 0 {
			t.Fatalf("the build's %s: %d puzzles, %v", ui.PuzzlesURL, len(list), err)
		}
		t.Logf("the build's collection: %d puzzles, %d bytes", len(list), len(b))
		if m, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(ui.MinedPuzzlesURL))); err == nil {
			mined, err := play.ParsePuzzles(play.VariantXiangqi, string(m))
			if err != nil {
				t.Fatalf("the build's %s: %v", ui.MinedPuzzlesURL, err)
			}
			t.Logf("and the mined collection after it: %d puzzles", len(mined))
			list = append(list, mined...)
		}
		return dir, list
	}
	t.Logf("the build holds no %s yet: a fixture of three", ui.PuzzlesURL)
	dir = copySite(t, dir)
	if err := os.MkdirAll(filepath.Join(dir, "web", "puzzles"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, filepath.FromSlash(ui.PuzzlesURL)), puzzleFixture)
	// The generator precaches a collection it finds (app/site Generate): list the fixture so.
	p := filepath.Join(dir, "app-worker.js")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	const marker = "const resourcesToCache = ["
	if !strings.Contains(string(b), marker) {
		t.Fatalf("%s has no %s", p, marker)
	}
	b = []byte(strings.Replace(string(b), marker, marker+`"`+prefix+`/`+ui.PuzzlesURL+`",`, 1))
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(p + ".br")
	os.Remove(p + ".gz")
	list, err := play.ParsePuzzles(play.VariantXiangqi, puzzleFixture)
	if err != nil {
		t.Fatal(err)
	}
	return dir, list
}

// TestPuzzleSubPath: under /qipan/ the list is fetched from the sub-path, a puzzle opens from
// it, and a link's puzzle is solved.
func TestPuzzleSubPath(t *testing.T) {
	dir, list := puzzleSite(t, siteDir(t, "QIPAN_STATIC_SUBPATH"), "/qipan")
	srv := newServer(t, dir, "/qipan/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/qipan/?view=puzzles&lang=zh-Hans")
	waitFor(t, ctx, 10*time.Second, "the list", jsListed(len(list)))
	if got := eval[[]string](t, ctx, `performance.getEntriesByType("resource").map(e => new URL(e.name).pathname).filter(p => p.endsWith(".tsv"))`); len(got) < 1 || len(got) > 2 ||
		got[0] != "/qipan/"+ui.PuzzlesURL || len(got) == 2 && got[1] != "/qipan/"+ui.MinedPuzzlesURL {
		t.Errorf("the list was fetched from %v, want /qipan/%s (then /qipan/%s)", got, ui.PuzzlesURL, ui.MinedPuzzlesURL)
	}
	showPuzzle(t, ctx, list, 0)
	run(t, ctx, 10*time.Second, "choose a puzzle", chromedp.Click(chromedp.CSS(`[data-puzzle-item="0"]`)))
	waitFor(t, ctx, 10*time.Second, "the puzzle chosen", jsPuzzle+` === "solving" && document.getElementById("board").dataset.fen === "`+list[0].FEN+`"`)
	solveMateInOne(t, ctx, srv.URL+"/qipan", "zh-Hans", "红先胜", "解开了！")
}

// jsListed: the list is open with n puzzles, some of them drawn (it draws those near its scroll
// position).
func jsListed(n int) string {
	return fmt.Sprintf(`document.getElementById("puzzles")?.dataset.puzzles === "%d" && document.querySelector("#puzzles [data-puzzle-item]") !== null`, n)
}

// showPuzzle scrolls the list to puzzle i's entry, which it then draws.
func showPuzzle(t *testing.T, ctx context.Context, list []play.Puzzle, i int) {
	t.Helper()
	row := i + 1 // the rows: each collection's name, then its puzzles
	for k := 1; k <= i; k++ {
		if list[k].Source != list[k-1].Source {
			row++
		}
	}
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const s = document.querySelector("#puzzles .puzzle-rows");
		s.scrollTop = %d * s.querySelector(".puzzle-item").offsetHeight - s.clientHeight / 2; return true; })()`, row))
	waitFor(t, ctx, 5*time.Second, fmt.Sprintf("puzzle %d drawn", i), fmt.Sprintf(`document.querySelector('[data-puzzle-item="%d"]') !== null`, i))
	eval[bool](t, ctx, fmt.Sprintf(`(document.querySelector('[data-puzzle-item="%d"]').scrollIntoView({block: "nearest"}), true)`, i))
}

// steady is boxes without Share and Install: Install comes when the browser offers it (once the
// service worker is installed), whatever the page does, and Share gives it half its row.
func steady(boxes map[string]string) map[string]string {
	delete(boxes, "share")
	delete(boxes, "install")
	return boxes
}

// solveMateInOne opens the link's mate in one, plays a8a9 by clicks, and checks that the board
// and the status say it is solved (in Chinese: 解开了！).
func solveMateInOne(t *testing.T, ctx context.Context, base, lang, goal, solved string) {
	t.Helper()
	load(t, ctx, base+mateInOneLink+"&lang="+lang)
	waitFor(t, ctx, 10*time.Second, "the puzzle on the board", jsPuzzle+` === "solving" && document.getElementById("board").dataset.fen === "`+mateInOneFEN+`"`)
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); !strings.Contains(s, goal) {
		t.Errorf("%s: the status says %q, want the goal %q", lang, s, goal)
	}
	if q := eval[string](t, ctx, `location.search`); q != "" {
		t.Errorf("%s: the puzzle's link stays in the address: %q", lang, q)
	}
	// Every button stays in place, unless the keep row offers a game back: that offer goes with
	// the first move, and what is under it moves up.
	boxes := jsBoxes
	if eval[bool](t, ctx, `document.querySelector('[data-action="restore-previous"]') !== null`) {
		boxes = jsRowBoxes
	}
	before := eval[map[string]string](t, ctx, boxes)
	playMove(t, ctx, "a8", "a9")
	waitFor(t, ctx, 10*time.Second, "solved", jsPuzzle+` === "solved"`)
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); s != solved {
		t.Errorf("%s: solved, the status says %q, want %q", lang, s, solved)
	}
	if m := movedBoxes(steady(before), steady(eval[map[string]string](t, ctx, boxes))); len(m) > 0 {
		t.Errorf("%s: buttons moved when the puzzle was solved: %v", lang, m)
	}
}

func TestPuzzle(t *testing.T) {
	dir, list := puzzleSite(t, siteDir(t, "QIPAN_STATIC"), "")
	srv := newServer(t, dir, "/")
	ctx := browser(t)

	// 1. The link's mate in one, by clicks, in Chinese and in English; kept as solved.
	solveMateInOne(t, ctx, srv.URL, "zh-Hans", "红先胜", "解开了！")
	if got := eval[string](t, ctx, `JSON.parse(localStorage.getItem("qipan.puzzles") || "{}")["fen `+mateInOneFEN+`"] || ""`); got != "solved" {
		t.Errorf("the solved link's puzzle is kept as %q, want solved", got)
	}
	// Retry: the start again, solving; nothing moves.
	before := eval[map[string]string](t, ctx, jsBoxes)
	run(t, ctx, 10*time.Second, "retry", chromedp.Click(chromedp.CSS(`.panel [data-action="puzzle-retry"]`)))
	waitFor(t, ctx, 5*time.Second, "the puzzle again", jsPuzzle+` === "solving" && document.getElementById("board").dataset.fen === "`+mateInOneFEN+`"`)
	if m := movedBoxes(steady(before), steady(eval[map[string]string](t, ctx, jsBoxes))); len(m) > 0 {
		t.Errorf("buttons moved with retry: %v", m)
	}
	solveMateInOne(t, ctx, srv.URL, "en", "Red to move and win", "Solved!")
	// A hint, then the solution played out by the engine: the puzzle counts as failed then
	// (the progress keeps it solved); nothing moves.
	before = eval[map[string]string](t, ctx, jsRowBoxes)
	run(t, ctx, 10*time.Second, "retry", chromedp.Click(chromedp.CSS(`.panel [data-action="puzzle-retry"]`)))
	waitFor(t, ctx, 5*time.Second, "the puzzle again", jsPuzzle+` === "solving"`)
	// The hint in two steps: the piece to move, then the move.
	action(t, ctx, "puzzle-hint")
	waitFor(t, ctx, 30*time.Second, "the hint's piece", `document.querySelector('[data-hint-piece][data-square="a8"]') !== null && document.querySelector("[data-hint-move]") === null`)
	action(t, ctx, "puzzle-hint")
	waitFor(t, ctx, 30*time.Second, "the hint", `document.querySelector("[data-hint-move]")?.dataset.hintMove.startsWith("a8")`)
	action(t, ctx, "puzzle-solution")
	waitFor(t, ctx, replyLimit, "the solution played", jsPuzzle+` === "failed" && document.querySelector("[data-result]") !== null`)
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); s != "The solution, as the engine plays it" {
		t.Errorf("the solution shown: the status says %q", s)
	}
	if m := movedBoxes(before, eval[map[string]string](t, ctx, jsRowBoxes)); len(m) > 0 {
		t.Errorf("buttons moved with the hint and the solution: %v", m)
	}
	if got := eval[string](t, ctx, `JSON.parse(localStorage.getItem("qipan.puzzles"))["fen `+mateInOneFEN+`"]`); got != "solved" {
		t.Errorf("after the solution shown the puzzle is kept as %q, want solved still", got)
	}

	// 2. A game in progress, then the list (?view=puzzles): opening a puzzle keeps the game,
	// which the keep row offers back; no button moves.
	load(t, ctx, srv.URL+"/?lang=zh-Hans")
	newGame(t, ctx)
	playMove(t, ctx, "h2", "e2")
	waitReply(t, ctx, 2)
	game := eval[string](t, ctx, `document.getElementById("board").dataset.fen`)
	load(t, ctx, srv.URL+"/?view=puzzles&lang=zh-Hans")
	waitFor(t, ctx, 10*time.Second, "the list", jsListed(len(list)))
	if !eval[bool](t, ctx, `document.querySelector('[data-action="puzzles"]').getAttribute("aria-pressed") === "true" && getComputedStyle(document.getElementById("moves")).display === "none"`) {
		t.Error("the list is open but its button is not pressed, or the move list still shows")
	}
	showPuzzle(t, ctx, list, 0)
	first := eval[string](t, ctx, `document.querySelector('[data-puzzle-item="0"]').textContent`)
	if want := play.PuzzleName(i18n.Simplified, list[0]); !strings.Contains(first, want) {
		t.Errorf("the first entry reads %q, want %q", first, want)
	}
	if list[0].Mate > 0 && !strings.Contains(first, fmt.Sprintf("%d步杀", list[0].Mate)) {
		t.Errorf("the first entry %q does not say its mate's length", first)
	}
	boxes := eval[map[string]string](t, ctx, jsRowBoxes)
	// The puzzle chosen: a mate in one if the collection has one (solved below), else the first.
	pick := 0
	for i, p := range list {
		if p.Mate == 1 && len(p.First) > 0 {
			pick = i
			break
		}
	}
	showPuzzle(t, ctx, list, pick)
	run(t, ctx, 10*time.Second, "choose a puzzle", chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-puzzle-item="%d"]`, pick))))
	waitFor(t, ctx, 10*time.Second, "the puzzle chosen", jsPuzzle+` === "solving" && document.getElementById("board").dataset.fen === "`+list[pick].FEN+`"`)
	waitFor(t, ctx, 5*time.Second, "the list closed, the game offered back", `document.querySelector("#puzzles [data-puzzle-item]") === null && document.querySelector('[data-action="restore-previous"]') !== null`)
	if m := movedBoxes(boxes, eval[map[string]string](t, ctx, jsRowBoxes)); len(m) > 0 {
		t.Errorf("buttons moved when the puzzle opened: %v", m)
	}
	if name := eval[string](t, ctx, `document.querySelector(".puzzle-title").textContent`); name != play.PuzzleName(i18n.Simplified, list[pick]) {
		t.Errorf("the puzzle's name under the buttons: %q", name)
	}
	for _, a := range []string{"puzzle-hint", "puzzle-solution", "puzzle-retry", "puzzle-next"} {
		if !eval[bool](t, ctx, `document.querySelector('.panel [data-action="`+a+`"]') !== null`) {
			t.Errorf("no %s button with a puzzle on the board", a)
		}
	}
	screenshot(t, ctx, "puzzle-1280x900-zh")
	run(t, ctx, 10*time.Second, "bring the game back", chromedp.Click(chromedp.CSS(`[data-action="restore-previous"]`)))
	waitFor(t, ctx, 5*time.Second, "the game back", `document.getElementById("board").dataset.fen === "`+game+`" && `+jsPuzzle+` === ""`)

	// 3. Solved from the list, it is marked there; Next opens one not solved near the rating.
	if len(list[pick].First) > 0 && list[pick].Mate == 1 {
		action(t, ctx, "puzzles")
		waitFor(t, ctx, 10*time.Second, "the list", `document.querySelector("#puzzles [data-puzzle-item]") !== null`)
		showPuzzle(t, ctx, list, pick)
		run(t, ctx, 10*time.Second, "choose it again", chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-puzzle-item="%d"]`, pick))))
		waitFor(t, ctx, 10*time.Second, "the puzzle", jsPuzzle+` === "solving"`)
		mv := list[pick].First[0]
		playMove(t, ctx, mv[:2], mv[2:])
		waitFor(t, ctx, 10*time.Second, "solved", jsPuzzle+` === "solved"`)
		action(t, ctx, "puzzles")
		waitFor(t, ctx, 10*time.Second, "the list", jsListed(len(list)))
		showPuzzle(t, ctx, list, pick)
		waitFor(t, ctx, 10*time.Second, "the list marks it", fmt.Sprintf(`document.querySelector('[data-puzzle-item="%d"]')?.dataset.done === "solved"`, pick))
		action(t, ctx, "puzzles")
		next := keptProgress(t, ctx).NextPuzzle(list, pick) // near the rating, as the page chooses
		run(t, ctx, 10*time.Second, "next", chromedp.Click(chromedp.CSS(`.panel [data-action="puzzle-next"]`)))
		waitFor(t, ctx, 10*time.Second, "the next puzzle", jsPuzzle+` === "solving" && document.getElementById("board").dataset.fen === "`+list[next].FEN+`"`)
	} else {
		// No mate in one to solve: the list reads the kept progress.
		eval[bool](t, ctx, fmt.Sprintf(`(localStorage.setItem("qipan.puzzles", JSON.stringify({%q: "solved"})), true)`, play.PuzzleID(list[0])))
		load(t, ctx, srv.URL+"/?view=puzzles&lang=zh-Hans")
		waitFor(t, ctx, 10*time.Second, "the list marks it", `document.querySelector('[data-puzzle-item="0"]')?.dataset.done === "solved"`)
		showPuzzle(t, ctx, list, 0)
		run(t, ctx, 10*time.Second, "choose it", chromedp.Click(chromedp.CSS(`[data-puzzle-item="0"]`)))
		waitFor(t, ctx, 10*time.Second, "the puzzle", jsPuzzle+` === "solving" && document.getElementById("board").dataset.fen === "`+list[0].FEN+`"`)
		next := keptProgress(t, ctx).NextPuzzle(list, 0)
		run(t, ctx, 10*time.Second, "next", chromedp.Click(chromedp.CSS(`.panel [data-action="puzzle-next"]`)))
		waitFor(t, ctx, 10*time.Second, "the next puzzle", jsPuzzle+` === "solving" && document.getElementById("board").dataset.fen === "`+list[next].FEN+`"`)
	}

	// 4. At a phone's size and a laptop's, in Chinese: the puzzle and its row in view, every
	// label whole.
	solveMateInOne(t, ctx, srv.URL, "zh-Hans", "红先胜", "解开了！")
	run(t, ctx, 10*time.Second, "retry", chromedp.Click(chromedp.CSS(`.panel [data-action="puzzle-retry"]`)))
	waitFor(t, ctx, 5*time.Second, "the puzzle again", jsPuzzle+` === "solving"`)
	run(t, ctx, 10*time.Second, "phone", chromedp.EmulateViewport(360, 640, chromedp.EmulateScale(2)))
	time.Sleep(300 * time.Millisecond)
	eval[bool](t, ctx, `(scrollTo(0, 0), true)`)
	screenshot(t, ctx, "puzzle-360x640-zh")
	// Opening the list (loaded already) draws every entry at once: its time, for the record.
	ms := eval[float64](t, ctx, `(async () => {
		const t0 = performance.now();
		document.querySelector('[data-action="puzzles"]').click();
		while (!document.querySelector("#puzzles [data-puzzle-item]")) await new Promise((r) => setTimeout(r, 2));
		await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
		return performance.now() - t0;
	})()`)
	record(t, "the puzzles' list of %d opened (click to drawn, at 360×640): %.0f ms", len(list), ms)
	time.Sleep(300 * time.Millisecond)
	screenshot(t, ctx, "puzzle-list-360x640-zh")
	action(t, ctx, "puzzles")
	for _, size := range [][2]int64{{360, 640}, {1366, 768}} {
		if size[0] > 360 {
			run(t, ctx, 10*time.Second, "laptop", chromedp.EmulateViewport(size[0], size[1]))
			time.Sleep(300 * time.Millisecond)
		}
		for _, lang := range []string{"zh-Hans", "en"} {
			setLang(t, ctx, lang)
			cut := eval[[]string](t, ctx, `[...document.querySelectorAll(".panel .control, .title-row .control")].filter(e => e.getClientRects().length &&
				(e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().height < 40 || e.getBoundingClientRect().width < 40)).map(e => e.dataset.action + ": " + e.textContent)`)
			if len(cut) > 0 {
				t.Errorf("%dx%d in %s: buttons cut or under 40 px: %v", size[0], size[1], lang, cut)
			}
			// The puzzle's longest status lines keep to the status's rows: nothing under it moves.
			heads, rests := puzzleStatusTexts(i18n.Lang(lang))
			if tall := eval[[]string](t, ctx, fmt.Sprintf(jsTallerStatus, jsStrings(heads))); len(tall) > 0 {
				t.Errorf("%dx%d in %s: puzzle status lines taller than the status: %v", size[0], size[1], lang, tall)
			}
			if cut := eval[[]string](t, ctx, fmt.Sprintf(jsLineCut, jsStrings(rests))); len(cut) > 0 {
				t.Errorf("%dx%d in %s: the line under the buttons cuts %v", size[0], size[1], lang, cut)
			}
		}
	}
	setLang(t, ctx, "zh-Hans")
	action(t, ctx, "puzzles")
	waitFor(t, ctx, 10*time.Second, "the list", `document.querySelector("#puzzles [data-puzzle-item]") !== null`)
	time.Sleep(300 * time.Millisecond)
	screenshot(t, ctx, "puzzle-1366x768-zh")
	run(t, ctx, 10*time.Second, "desktop", chromedp.EmulateViewport(1280, 900))

	// 5. A bad link: a clear error in the reader's language, the page works on.
	load(t, ctx, srv.URL+"/?lang=zh-Hans&puzzle=1&fen="+url.QueryEscape("3k5/9/9/9/9/9/9/9/9/9 w - - 0 1"))
	waitFor(t, ctx, 5*time.Second, "the link's error", `document.querySelector(".notice").textContent.startsWith("无法打开链接中的对局") && document.querySelector(".notice").textContent.includes("红")`)
	if p := eval[string](t, ctx, jsPuzzle); p != "" {
		t.Errorf("a bad link put a puzzle on the board: %q", p)
	}
	newGame(t, ctx)
	playMove(t, ctx, "h2", "e2")
	waitReply(t, ctx, 2)

	// 6. Offline, once the site was visited: the list still loads.
	js := `(async () => {
		const reg = await navigator.serviceWorker.ready;
		if (!reg.active || !navigator.serviceWorker.controller) return false;
		for (const k of await caches.keys()) for (const r of await (await caches.open(k)).keys())
			if (new URL(r.url).pathname === "/` + ui.PuzzlesURL + `") return true;
		return false;
	})()`
	waitFor(t, ctx, 60*time.Second, "the service worker to cache the puzzles", js)
	srv.down.Store(true)
	func() {
		defer srv.down.Store(false)
		load(t, ctx, srv.URL+"/?view=puzzles&lang=zh-Hans")
		waitFor(t, ctx, 10*time.Second, "the list offline", jsListed(len(list)))
		// The daily puzzle and its hint, the collection's proven first move.
		pz := list[play.DailyPuzzle(list, play.DailyDate(time.Now()))]
		action(t, ctx, "puzzle-daily")
		waitFor(t, ctx, 10*time.Second, "the daily puzzle offline", jsPuzzle+` === "solving" && document.getElementById("board").dataset.fen === "`+pz.FEN+`"`)
		action(t, ctx, "puzzle-hint")
		waitFor(t, ctx, 30*time.Second, "the hint's piece offline", `document.querySelector("[data-hint-piece]") !== null`)
		action(t, ctx, "puzzle-hint")
		waitFor(t, ctx, 30*time.Second, "the hint offline", `document.querySelector("[data-hint-move]") !== null`)
		screenshot(t, ctx, "puzzle-daily-offline-zh")
	}()

	// 7. A collection that cannot be loaded: said in the reader's language; the page works on.
	broken := copySite(t, dir)
	if err := os.Remove(filepath.Join(broken, filepath.FromSlash(ui.PuzzlesURL))); err != nil {
		t.Fatal(err)
	}
	for _, suffix := range []string{".br", ".gz"} {
		os.Remove(filepath.Join(broken, filepath.FromSlash(ui.PuzzlesURL)) + suffix)
	}
	// The precache would fail as a whole without the file: leave it out of the list.
	p := filepath.Join(broken, "app-worker.js")
	b, _ := os.ReadFile(p)
	os.WriteFile(p, []byte(regexp.MustCompile(`"[^"]*/`+regexp.QuoteMeta(ui.PuzzlesURL)+`",?`).ReplaceAllString(string(b), "")), 0o644)
	os.Remove(p + ".br")
	os.Remove(p + ".gz")
	srv2 := newServer(t, broken, "/")
	ctx2 := browser(t)
	load(t, ctx2, srv2.URL+"/?view=puzzles&lang=zh-Hans")
	waitFor(t, ctx2, 10*time.Second, "the load's failure", `document.querySelector("[data-puzzles-error]")?.textContent.startsWith("残局未能载入")`)
	playMove(t, ctx2, "h2", "e2")
	waitReply(t, ctx2, 2)
	screenshot(t, ctx2, "puzzle-load-failed-zh")
}

// jsTallerStatus lists those of the texts (a JSON array) that a copy of the status line holds
// only at a greater height than the status line's now.
const jsTallerStatus = `((texts) => {
	const st = document.querySelector(".status"), h0 = st.getBoundingClientRect().height, out = [];
	for (const s of texts) {
		const c = st.cloneNode(false);
		c.className = "status result puzzle thinking";
		c.textContent = s;
		st.parentNode.insertBefore(c, st);
		const h = c.getBoundingClientRect().height;
		c.remove();
		if (h > h0 + 0.5) out.push(Math.round(h) + " px > " + Math.round(h0) + " px: " + s);
	}
	return out;
})(%s)`

// jsLineCut lists those of the texts (a JSON array) that the line under the buttons cuts.
const jsLineCut = `((texts) => {
	const line = document.querySelector(".line-slot"), out = [];
	for (const s of texts) {
		const c = document.createElement("p");
		c.className = "puzzle-title";
		c.textContent = s;
		line.appendChild(c);
		if (c.scrollWidth > c.clientWidth + 1) out.push(s);
		c.remove();
	}
	return out;
})(%s)`

// puzzleStatusTexts are a puzzle's longest status lines in l (play.PuzzleText's) as the page
// shows them (app/ui puzzleLines): in the status, the goal (the engine's thinking left to its
// spinner) and the first sentence of why it failed; under the buttons, what follows that.
func puzzleStatusTexts(l i18n.Lang) (heads, rests []string) {
	red, black := play.SideLabel(l, play.VariantXiangqi, 0), play.SideLabel(l, play.VariantXiangqi, 1)
	if l != i18n.English {
		red = l.T(i18n.RedWord)
	}
	heads = []string{l.T(i18n.PuzzleGoal, red) + " · " + l.T(i18n.PuzzleMateIn, 12), l.T(i18n.PuzzleShown), l.T(i18n.PuzzleSolved)}
	for _, long := range []string{l.T(i18n.PuzzleEscapes, black), l.T(i18n.PuzzleMatesFirst, black)} {
		i := strings.Index(long, "。") + len("。")
		if l == i18n.English {
			i = strings.Index(long, ". ") + 1
		}
		heads, rests = append(heads, strings.TrimSpace(long[:i])), append(rests, strings.TrimSpace(long[i:]))
	}
	return heads, rests
}

func jsStrings(v []string) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// setLang chooses the page's language with its selector.
func setLang(t *testing.T, ctx context.Context, lang string) {
	t.Helper()
	setSelect(t, ctx, "lang", lang)
	waitFor(t, ctx, 5*time.Second, "the language "+lang, `document.documentElement.lang === "`+lang+`"`)
	time.Sleep(200 * time.Millisecond)
}

// puzzleMateInOne is TestPuzzle's first check in another browser engine (acrossEngines): the
// link's mate in one solved by clicks, in the browser's Chinese.
func puzzleMateInOne(b *tab, srv *server) {
	b.load(srv.URL + mateInOneLink)
	b.waitFor(10*time.Second, "the puzzle on the board", jsPuzzle+` === "solving" && document.getElementById("board").dataset.fen === "`+mateInOneFEN+`"`)
	if s := evalIn[string](b, `document.querySelector(".status").textContent`); !strings.Contains(s, "红先胜") {
		b.t.Errorf("the status says %q, want 红先胜", s)
	}
	b.click(`.pt[data-square="a8"]`)
	b.waitFor(5*time.Second, "hint on a9", `document.querySelector("[data-hint][data-square=a9]") !== null`)
	b.click(`.pt[data-square="a9"]`)
	b.waitFor(10*time.Second, "solved", jsPuzzle+` === "solved" && document.querySelector(".status").textContent === "解开了！"`)
	b.screenshot("07-puzzle-solved")
}
