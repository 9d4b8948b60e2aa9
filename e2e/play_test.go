package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"qipan/engine/xiangqi"
)

// replyLimit is how long the engine may take to answer a move (it is asked for 1 s; the first
// search in a fresh Worker also compiles and warms the wasm up).
const replyLimit = 25 * time.Second

// TestPlay drives the real static build in Chromium as a person would: the start position,
// hints, a move, the engine's reply from the Worker, undo (also while the engine thinks),
// reload, bad saved data, check and mate display, flip, and finally play with the server gone.
func TestPlay(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)

	// Load and wait until the board takes clicks.
	clickable := load(t, ctx, srv.URL+"/")
	record(t, "load to clickable, first visit: %v", clickable)
	checkStart(t, ctx)
	screenshot(t, ctx, "01-start")

	// Hints of the h2 cannon are its legal moves.
	click(t, ctx, "h2")
	waitFor(t, ctx, 5*time.Second, "hints", `document.querySelectorAll("[data-hint]").length > 0`)
	if got, want := hints(t, ctx), legalFrom(t, xiangqi.NewPosition(), "h2"); !slices.Equal(got, want) {
		t.Fatalf("hints of h2: %v, want %v", got, want)
	}
	if sel := eval[int](t, ctx, `document.querySelectorAll(".piece.selected[data-square=h2]").length`); sel != 1 {
		t.Errorf("h2 not shown as selected")
	}
	screenshot(t, ctx, "02-hints")

	// Play h2e2; the engine answers with a legal move.
	start := time.Now()
	click(t, ctx, "e2")
	waitFor(t, ctx, 5*time.Second, "the move in the list", `document.querySelector("[data-ply='1']")?.textContent === "H2-E2"`)
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-hint]").length`); n != 0 {
		t.Errorf("%d hints left after the move", n)
	}
	screenshot(t, ctx, "03-thinking")
	waitReply(t, ctx, 2)
	record(t, "engine reply to the first move (click to board update): %v", time.Since(start))
	checkReply(t, ctx, []string{"h2e2"})
	screenshot(t, ctx, "04-reply")

	// Undo takes back both moves (they stay listed as the redo tail).
	action(t, ctx, "undo")
	waitFor(t, ctx, 5*time.Second, "undo to the start", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q && !document.querySelector("[data-ply]:not(.tail)")`, xiangqi.StartFEN))
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-last]").length`); n != 0 {
		t.Errorf("%d points still marked as the last move after undo", n)
	}

	// Redo brings both back; undo again.
	action(t, ctx, "redo")
	waitFor(t, ctx, 5*time.Second, "redo", `document.querySelector("[data-ply='2']:not(.tail)") !== null`)
	action(t, ctx, "undo")
	waitFor(t, ctx, 5*time.Second, "undo", `!document.querySelector("[data-ply]:not(.tail)")`)

	// Undo while the engine thinks: the stale bestmove must not be played. Level 10 (5 s) and a
	// move out of the opening book keep the engine thinking long enough.
	setSelect(t, ctx, "level", "10")
	playMove(t, ctx, "a0", "a1")
	waitFor(t, ctx, 5*time.Second, "the engine thinking", `document.getElementById("board").dataset.thinking === "true"`)
	// Check and click in one step of the page's script, so the click surely falls while the
	// engine thinks (a dispatched mouse click once had no effect here on a CI machine).
	if state := eval[string](t, ctx, `(() => {
		const b = document.getElementById("board");
		if (b.dataset.thinking !== "true" || !document.querySelector("[data-ply='1']:not(.tail)") || document.querySelector("[data-ply='2']:not(.tail)")) {
			return "not thinking on the move: fen=" + b.dataset.fen + " thinking=" + b.dataset.thinking;
		}
		document.querySelector('[data-action="undo"]').click();
		return "";
	})()`); state != "" {
		t.Fatalf("undo while thinking: %s", state)
	}
	waitFor(t, ctx, 5*time.Second, "undo while thinking", `!document.querySelector("[data-ply]:not(.tail)")`)
	time.Sleep(2500 * time.Millisecond) // the stopped search's bestmove arrives in this time
	if fen := eval[string](t, ctx, `document.getElementById("board").dataset.fen`); fen != xiangqi.StartFEN {
		t.Fatalf("after undo while thinking the board changed to %s: the stale bestmove was played", fen)
	}

	// Play again: the engine still answers after a stop.
	setSelect(t, ctx, "level", "6")
	playMove(t, ctx, "h2", "e2")
	waitReply(t, ctx, 2)
	played := checkReply(t, ctx, []string{"h2e2"})

	// Reload: the game survives.
	run(t, ctx, 30*time.Second, "reload", chromedp.Reload())
	load(t, ctx, "")
	waitFor(t, ctx, 5*time.Second, "the restored game", `document.querySelector("[data-ply='2']") !== null`)
	checkReply(t, ctx, played[:1])

	// Bad saved data is ignored: the start position, no harm.
	for _, bad := range []string{`garbage{`, `{"v":1,"start":"not a fen","moves":"","ply":0}`,
		`{"v":1,"start":"` + xiangqi.StartFEN + `","moves":"h2e2 h2e2","ply":2}`, `{"v":1,"start":"` + xiangqi.StartFEN + `","moves":"h2e2","ply":7}`} {
		setSaved(t, ctx, bad)
		if fen := eval[string](t, ctx, `document.getElementById("board").dataset.fen`); fen != xiangqi.StartFEN {
			t.Fatalf("saved %q: board %s, want the start position", bad, fen)
		}
		checkStart(t, ctx)
	}

	// Check and checkmate are shown. Red to move, in check from the chariot on e5:
	setSaved(t, ctx, `{"v":1,"start":"3k5/9/9/9/4r4/9/9/9/9/4K4 w - - 0 1","moves":"","ply":0}`)
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-piece=K][data-check]").length`); n != 1 {
		t.Errorf("red general in check: %d marked data-check, want 1", n)
	}
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); !strings.Contains(s, "Check") {
		t.Errorf("status %q does not say check", s)
	}
	screenshot(t, ctx, "05-check")
	// Red mated: the chariot on d5 checks the general on d0, the flying general guards e0/e1.
	setSaved(t, ctx, `{"v":1,"start":"4k4/9/9/9/3r5/9/9/9/9/3K5 w - - 0 1","moves":"","ply":0}`)
	if r := eval[string](t, ctx, `document.querySelector("[data-result]")?.dataset.result || ""`); r != "Black wins: Red is checkmated" {
		t.Errorf("result %q, want Black wins: Red is checkmated", r)
	}
	screenshot(t, ctx, "06-mate")
	// Stalemate loses: Black to move, not in check, no legal move.
	setSaved(t, ctx, `{"v":1,"start":"3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1","moves":"","ply":0}`)
	if r := eval[string](t, ctx, `document.querySelector("[data-result]")?.dataset.result || ""`); r != "Red wins: Black has no legal move" {
		t.Errorf("result %q, want Red wins: Black has no legal move", r)
	}

	// New game, flip.
	newGame(t, ctx)
	waitFor(t, ctx, 5*time.Second, "new game", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, xiangqi.StartFEN))
	if y := pointY(t, ctx, "a0"); y < pointY(t, ctx, "a9") {
		t.Fatalf("a0 is above a9 before the flip")
	}
	action(t, ctx, "flip")
	waitFor(t, ctx, 5*time.Second, "flip", `(() => { const a = document.querySelector(".pt[data-square=a0]").getBoundingClientRect(), b = document.querySelector(".pt[data-square=a9]").getBoundingClientRect(), c = document.querySelector(".pt[data-square=i0]").getBoundingClientRect(); return a.top < b.top && a.left > c.left; })()`)
	screenshot(t, ctx, "07-flipped")
	action(t, ctx, "flip")
	waitFor(t, ctx, 5*time.Second, "flip back", `document.querySelector(".pt[data-square=a0]").getBoundingClientRect().top > document.querySelector(".pt[data-square=a9]").getBoundingClientRect().top`)

	// The engine's stop latency, measured on a second Worker of the page's own engine.
	stopLatency(t, ctx)

	// Offline: once the service worker has cached everything, take the server away, reload,
	// and play against the engine.
	offline(t, ctx, srv, "")

	// A narrow (phone) window: the board still fits.
	run(t, ctx, 10*time.Second, "phone viewport", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	time.Sleep(300 * time.Millisecond)
	if w := eval[float64](t, ctx, `document.getElementById("board").getBoundingClientRect().width`); w < 300 || w > 390 {
		t.Errorf("board is %.0f px wide in a 390 px window", w)
	}
	screenshot(t, ctx, "09-phone")
}

// TestSubPath plays a move on the build generated for /qipan/, served under /qipan/, online and
// then offline (a sub-path is where go-app's own resolver breaks the offline start page).
func TestSubPath(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC_SUBPATH")
	srv := newServer(t, dir, "/qipan/")
	ctx := browser(t)
	clickable := load(t, ctx, srv.URL+"/qipan/")
	record(t, "load to clickable under /qipan/, first visit: %v", clickable)
	checkStart(t, ctx)
	playMove(t, ctx, "h2", "e2")
	waitReply(t, ctx, 2)
	checkReply(t, ctx, []string{"h2e2"})
	screenshot(t, ctx, "10-subpath")
	offline(t, ctx, srv, "/qipan")
}

// load navigates (unless url is "") and waits until the app runs; it returns the page's own
// time from navigation start to the board taking clicks.
func load(t *testing.T, ctx context.Context, url string) time.Duration {
	t.Helper()
	if url != "" {
		run(t, ctx, 60*time.Second, "navigate to "+url, chromedp.Navigate(url))
	}
	waitFor(t, ctx, 60*time.Second, "the app to start", `document.querySelector("#board[data-ready]") !== null`)
	ms := eval[float64](t, ctx, `performance.now()`)
	return time.Duration(ms * float64(time.Millisecond)).Round(time.Millisecond)
}

func checkStart(t *testing.T, ctx context.Context) {
	t.Helper()
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-piece]").length`); n != 32 {
		t.Errorf("%d pieces, want 32", n)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll(".pt[data-square]").length`); n != 90 {
		t.Errorf("%d points, want 90", n)
	}
	if turn := eval[string](t, ctx, `document.getElementById("board").dataset.turn`); turn != "w" {
		t.Errorf("data-turn %q, want w", turn)
	}
	if fen := eval[string](t, ctx, `document.getElementById("board").dataset.fen`); fen != xiangqi.StartFEN {
		t.Errorf("data-fen %q, want the start position", fen)
	}
	// Red at the bottom: the red general's point is below the black general's.
	if pointY(t, ctx, "e0") <= pointY(t, ctx, "e9") {
		t.Errorf("red is not at the bottom")
	}
	if p := eval[string](t, ctx, `document.querySelector("[data-piece][data-square=e0]")?.dataset.piece || ""`); p != "K" {
		t.Errorf("e0 holds %q, want K", p)
	}
}

func pointY(t *testing.T, ctx context.Context, sq string) float64 {
	t.Helper()
	return eval[float64](t, ctx, fmt.Sprintf(`document.querySelector(".pt[data-square=%s]").getBoundingClientRect().top`, sq))
}

// click clicks the board point sq with the mouse, as a person would.
func click(t *testing.T, ctx context.Context, sq string) {
	t.Helper()
	run(t, ctx, 10*time.Second, "click "+sq, chromedp.Click(chromedp.CSS(`.pt[data-square="`+q(sq)+`"]`)))
}

func action(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	// A button is enabled by the render that follows the previous input, which may not have
	// run yet (e.g. Continue right after a click on a move): clicking it disabled does nothing.
	sel := `[data-action="` + q(name) + `"]`
	run(t, ctx, 10*time.Second, "button "+name, chromedp.WaitEnabled(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel)))
}

func playMove(t *testing.T, ctx context.Context, from, to string) {
	t.Helper()
	click(t, ctx, from)
	waitFor(t, ctx, 5*time.Second, "hint on "+to, `document.querySelector("[data-hint][data-square=`+to+`]") !== null`)
	click(t, ctx, to)
}

func hints(t *testing.T, ctx context.Context) []string {
	t.Helper()
	return eval[[]string](t, ctx, `[...document.querySelectorAll("[data-hint]")].map(e => e.dataset.square).sort()`)
}

func legalFrom(t *testing.T, pos *xiangqi.Position, from string) []string {
	t.Helper()
	var out []string
	for _, m := range pos.LegalMoves() {
		if m.From().String() == from {
			out = append(out, m.To().String())
		}
	}
	slices.Sort(out)
	return out
}

// waitReply waits for the engine's move: ply entries played in the list (not a recorded
// tail, which a move equal to the record's follows) and Red to move again.
func waitReply(t *testing.T, ctx context.Context, ply int) {
	t.Helper()
	waitFor(t, ctx, replyLimit, "the engine's reply", fmt.Sprintf(
		`document.querySelector("[data-ply='%d']:not(.tail)") !== null && document.getElementById("board").dataset.turn === "w"`, ply))
}

// checkReply checks the move list against the board: the moves are the person's moves
// interleaved with legal engine replies, and playing them gives the board's FEN and last move.
// It returns the moves played (UCCI).
func checkReply(t *testing.T, ctx context.Context, person []string) []string {
	t.Helper()
	list := eval[[]string](t, ctx, `[...document.querySelectorAll("[data-ply]")].sort((a, b) => a.dataset.ply - b.dataset.ply).map(e => e.textContent)`)
	pos := xiangqi.NewPosition()
	var played []string
	for i, text := range list {
		m, err := xiangqi.ParseMove(text)
		if err != nil {
			t.Fatalf("move %d %q in the list: %v", i+1, text, err)
		}
		if i%2 == 0 && i/2 < len(person) && m.String() != person[i/2] {
			t.Fatalf("move %d is %s, want the person's %s", i+1, m, person[i/2])
		}
		if !pos.IsLegal(m) {
			t.Fatalf("move %d %s is not legal in %s", i+1, m, pos.FEN())
		}
		pos.Make(m)
		played = append(played, m.String())
	}
	if fen := eval[string](t, ctx, `document.getElementById("board").dataset.fen`); fen != pos.FEN() {
		t.Fatalf("board %s, want %s after %v", fen, pos.FEN(), played)
	}
	if len(played) > 0 {
		last := played[len(played)-1]
		got := eval[[]string](t, ctx, `[...document.querySelectorAll(".pt[data-last]")].map(e => e.dataset.square).sort()`)
		want := []string{last[:2], last[2:]}
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("data-last on %v, want %v", got, want)
		}
	}
	t.Logf("moves: %v", played)
	return played
}

// setSaved stores v under the app's key and reloads.
func setSaved(t *testing.T, ctx context.Context, v string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(localStorage.setItem("qipan.game", %q), true)`, v))
	run(t, ctx, 30*time.Second, "reload", chromedp.Reload())
	load(t, ctx, "")
}

// offline waits for the service worker to cache the app, the Worker script, wasm_exec.js and
// the engine, takes the server down, reloads, and plays a move against the engine.
func offline(t *testing.T, ctx context.Context, srv *server, prefix string) {
	t.Helper()
	want := []string{prefix + "/", prefix + "/app.js", prefix + "/wasm_exec.js", prefix + "/web/app.wasm",
		prefix + "/web/engine-worker.js", prefix + "/web/engine.wasm", prefix + "/web/qipan.css", prefix + "/web/icon-192.png",
		prefix + "/web/icon.svg"}
	js := `(async () => {
		const reg = await navigator.serviceWorker.ready;
		if (!reg.active || reg.active.state !== "activated" || !navigator.serviceWorker.controller) return false;
		const urls = [];
		for (const k of await caches.keys()) for (const r of await (await caches.open(k)).keys()) urls.push(new URL(r.url).pathname);
		return ` + jsArray(want) + `.every(u => urls.includes(u));
	})()`
	waitFor(t, ctx, 60*time.Second, "the service worker to cache the site", js)
	newGame(t, ctx)
	srv.down.Store(true)
	defer srv.down.Store(false)
	if !refused(srv.Listener.Addr().String()) {
		t.Fatal("the server still answers")
	}
	run(t, ctx, 30*time.Second, "reload offline", chromedp.Reload())
	clickable := load(t, ctx, "")
	record(t, "load to clickable offline (from the service worker's cache)%s: %v", prefix, clickable)
	checkStart(t, ctx)
	// The tab's icon, offline too.
	if !eval[bool](t, ctx, `fetch("`+prefix+`/web/icon.svg").then(r => r.ok, () => false)`) {
		t.Error("the SVG icon does not load offline")
	}
	playMove(t, ctx, "b0", "c2")
	waitReply(t, ctx, 2)
	checkReply(t, ctx, []string{"b0c2"})
	screenshot(t, ctx, "08-offline"+strings.ReplaceAll(prefix, "/", "-"))
}

func jsArray(v []string) string {
	parts := make([]string, len(v))
	for i, s := range v {
		parts[i] = fmt.Sprintf("%q", s)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// stopLatency starts a second engine Worker in the page, lets it search with go infinite for a
// second, sends stop and measures the time to its bestmove.
func stopLatency(t *testing.T, ctx context.Context) {
	t.Helper()
	ms := eval[float64](t, ctx, fmt.Sprintf(`new Promise((resolve, reject) => {
		const w = new Worker("web/engine-worker.js");
		let t0 = 0;
		const fail = setTimeout(() => { w.terminate(); reject(new Error("no bestmove after stop")); }, 30000);
		w.onerror = (e) => { clearTimeout(fail); reject(new Error("worker: " + e.message)); };
		w.onmessage = (e) => {
			if (e.data === "info string ready") {
				w.postMessage("position fen %s");
				w.postMessage("go infinite");
				setTimeout(() => { t0 = performance.now(); w.postMessage("stop"); }, 1000);
			} else if (String(e.data).startsWith("bestmove") && t0 > 0) {
				clearTimeout(fail); w.terminate(); resolve(performance.now() - t0);
			}
		};
	})`, xiangqi.StartFEN))
	d := time.Duration(ms * float64(time.Millisecond)).Round(100 * time.Microsecond)
	record(t, "engine stop latency (stop posted after 1 s of go infinite, to bestmove): %v", d)
	if d > 500*time.Millisecond {
		t.Errorf("stop took %v to end the search", d)
	}
}
