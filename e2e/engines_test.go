package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"qipan/engine/xiangqi"
)

// The browser engines besides Chromium (firefox_test.go, webkit_test.go) run the same checks,
// written once here against remote: what WebDriver BiDi (Firefox) and classic W3C WebDriver
// (WebKitGTK) both offer.

// remote is a browser tab driven over a W3C protocol.
type remote interface {
	Navigate(ctx context.Context, url string) error
	// Eval returns the JSON of a JavaScript expression's value (a promise is awaited).
	Eval(ctx context.Context, expr string) (json.RawMessage, error)
	// Perform runs W3C input actions (pointer and key sources).
	Perform(ctx context.Context, actions []map[string]any) error
	Screenshot(ctx context.Context) ([]byte, error)
}

// tab is a remote in a test: its methods fail the test on error.
type tab struct {
	t      *testing.T
	r      remote
	engine string   // "firefox", "webkit": names the screenshots
	known  []string // the failures of checks whose fix is awaited (see awaiting)
}

// awaiting names the checks, as engine/check, that fail for want of a fix not made yet, with
// the reason. Such a check still runs and says what it saw; its failure skips the subtest
// instead of failing CI. Remove an entry when its fix lands.
var awaiting = map[string]string{}

// errorf reports a failed check: an error, or, while awaiting names a fix for it in this
// engine, a note that makes the subtest skip.
func (b *tab) errorf(check, format string, args ...any) {
	b.t.Helper()
	why, ok := awaiting[b.engine+"/"+check]
	if !ok {
		b.t.Errorf(format, args...)
		return
	}
	msg := fmt.Sprintf(format, args...)
	b.t.Log("awaiting a fix: " + msg)
	b.known = append(b.known, why+": "+msg)
}

func (b *tab) navigate(u string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := b.r.Navigate(ctx, u); err != nil {
		b.t.Fatalf("%s: navigate to %s: %v", b.engine, u, err)
	}
}

// load navigates to u and waits until the board takes clicks.
func (b *tab) load(u string) {
	b.t.Helper()
	b.navigate(u)
	b.waitFor(60*time.Second, "the app to start", `document.querySelector("#board[data-ready]") !== null`)
}

// value evaluates expr into v, reporting errors instead of failing (for polling).
func (b *tab) value(limit time.Duration, expr string, v any) error {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	raw, err := b.r.Eval(ctx, expr)
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, v)
}

// evalIn evaluates a JavaScript expression in a tab (promises are awaited).
func evalIn[T any](b *tab, expr string) T {
	b.t.Helper()
	var v T
	if err := b.value(20*time.Second, expr, &v); err != nil {
		b.t.Fatalf("%s: evaluating %s: %v", b.engine, expr, err)
	}
	return v
}

// waitFor polls a JavaScript condition until it is true or limit passes. Errors while polling
// (a page being replaced) count as false.
func (b *tab) waitFor(limit time.Duration, what, cond string) {
	b.t.Helper()
	deadline := time.Now().Add(limit)
	var last error
	for {
		var ok bool
		last = b.value(10*time.Second, "!!("+cond+")", &ok)
		if last == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	var summary string
	b.value(5*time.Second, pageSummaryJS, &summary)
	b.t.Fatalf("%s: waiting %v for %s (%s): last error %v\npage status: %s", b.engine, limit, what, cond, last, summary)
}

func (b *tab) perform(what string, actions ...map[string]any) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := b.r.Perform(ctx, actions); err != nil {
		b.t.Fatalf("%s: %s: %v", b.engine, what, err)
	}
}

// click clicks the middle of the element sel matches with the mouse, as a person would: the
// browser hit-tests the point, so a covered or hidden element does not get the click.
func (b *tab) click(sel string) {
	b.t.Helper()
	at := evalIn[[]float64](b, `(() => {
		const e = document.querySelector("`+q(sel)+`");
		if (!e) return [];
		e.scrollIntoView({block: "nearest", inline: "nearest"});
		const r = e.getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`)
	if len(at) != 2 {
		b.t.Fatalf("%s: click: nothing matches %s", b.engine, sel)
	}
	b.perform("click "+sel, map[string]any{
		"type": "pointer", "id": "mouse", "parameters": map[string]string{"pointerType": "mouse"},
		"actions": []map[string]any{
			{"type": "pointerMove", "x": int(math.Round(at[0])), "y": int(math.Round(at[1])), "origin": "viewport"},
			{"type": "pointerDown", "button": 0},
			{"type": "pointerUp", "button": 0},
		},
	})
}

// W3C WebDriver key values.
const (
	keyTab        = "\uE004"
	keyEnter      = "\uE007"
	keyEscape     = "\uE00C"
	keyArrowLeft  = "\uE012"
	keyArrowUp    = "\uE013"
	keyArrowRight = "\uE014"
)

// press presses and releases a key in the focused element.
func (b *tab) press(key string) {
	b.t.Helper()
	b.perform(fmt.Sprintf("key %q", key), map[string]any{
		"type": "key", "id": "keyboard",
		"actions": []map[string]any{{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}},
	})
}

// screenshot saves the viewport to out/<engine>-<name>.png and returns it.
func (b *tab) screenshot(name string) image.Image {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	data, err := b.r.Screenshot(ctx)
	if err != nil {
		b.t.Fatalf("%s: screenshot %s: %v", b.engine, name, err)
	}
	p := filepath.Join(outDir(b.t), b.engine+"-"+name+".png")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		b.t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		b.t.Fatalf("%s: screenshot %s: %v", b.engine, name, err)
	}
	b.t.Logf("screenshot %s", p)
	return img
}

// pageSummaryJS describes the page for failure messages (as pageSummary does for Chromium).
const pageSummaryJS = `(() => {
	const b = document.getElementById("board");
	const st = document.querySelector(".status");
	return location.href + " fen=" + (b && b.dataset.fen) + " ready=" + (b && b.dataset.ready) +
		" status=" + (st && st.textContent) +
		" moves=" + [...document.querySelectorAll("[data-ply]")].map(e => e.textContent).join(",");
})()`

// acrossEngines runs the checks every browser engine must pass on the build in dir: a
// first visit in Chinese, app.wasm fetched once, a move by keyboard and the engine's answer, a
// move by click, the selects readable, an embed with a record, Reversi, the record kept, and a
// puzzle's mate in one. The browser's
// language is Simplified Chinese; the tab is on a fresh profile.
func acrossEngines(t *testing.T, b *tab, dir string) {
	srv := newServer(t, dir, "/")
	steps := []struct {
		name string
		run  func(*tab, *server)
	}{
		{"FirstVisitInChinese", firstVisitInChinese},
		{"AppWasmOnce", appWasmOnce},
		{"MoveByKeyboard", moveByKeyboard},
		{"MoveByClick", moveByClick},
		{"SelectsReadable", selectsReadable},
		{"Embed", embedRecord},
		{"Reversi", reversiGame},
		{"RecordKept", recordKept},
		{"Puzzle", puzzleMateInOne},    // puzzle_test.go
		{"ClockFlag", clockFlag},       // clock_test.go
		{"Report", reportInAnyBrowser}, // report_test.go
	}
	for _, s := range steps {
		ok := t.Run(s.name, func(t *testing.T) {
			start := time.Now()
			st := &tab{t: t, r: b.r, engine: b.engine}
			s.run(st, srv)
			t.Logf("%s %s: %v", b.engine, s.name, time.Since(start).Round(time.Millisecond))
			if len(st.known) > 0 && !t.Failed() {
				t.Skipf("%s: %d check(s) fail, awaiting a fix: %s", b.engine, len(st.known), strings.Join(st.known, "; "))
			}
		})
		if !ok && s.name == "FirstVisitInChinese" {
			return // the app did not start in Chinese: the rest would only repeat that
		}
	}
}

// firstVisitInChinese loads the app for the first time: it speaks the browser's Chinese.
func firstVisitInChinese(b *tab, srv *server) {
	b.load(srv.URL + "/")
	b.waitFor(10*time.Second, "the page in Simplified Chinese", `document.documentElement.lang === "zh-Hans" && document.querySelector(".status")?.textContent === "轮到你走（红方）"`)
	if got := evalIn[string](b, `document.querySelector('[data-action="new"]').textContent`); got != "新局" {
		b.t.Errorf("the New button reads %q", got)
	}
	b.screenshot("01-start-zh")
}

// appWasmOnce checks, on the first visit's page, that app.wasm crossed the network once: the
// page fetched it once (a preload the app's own fetch does not reuse costs a second download
// of 2.5 MB), and the server sent it once, the service worker's precache included.
func appWasmOnce(b *tab, srv *server) {
	// An unused preload is dropped "within a few seconds" (WebKit's console); the service worker
	// precaches meanwhile.
	time.Sleep(3 * time.Second)
	// And the count waits for the worker's install to end: a second download would come there.
	evalIn[bool](b, `(navigator.serviceWorker.ready.then(() => { window.qipanTestWorkerReady = true; }), true)`)
	b.waitFor(60*time.Second, "the service worker installed", `window.qipanTestWorkerReady === true`)
	entries := evalIn[[]string](b, `performance.getEntriesByType("resource").filter(e => new URL(e.name).pathname === "/web/app.wasm").map(e => e.initiatorType + " " + e.transferSize + " B")`)
	wasm := fetched(srv.requests(), "/web/app.wasm")
	all := srv.requests()
	recordIn(b.t, "engines.txt", "%s first visit: %d bytes in %d requests; the page fetched app.wasm %d time(s) %v; the server sent it %d time(s), the service worker's precache included (%s)", b.engine, sent(all), len(all), len(entries), entries, len(wasm), describe(wasm))
	if len(entries) != 1 {
		b.t.Errorf("the page fetched app.wasm %d times on a first visit, want once: %v (issue 22 point 2)", len(entries), entries)
	}
	if len(wasm) != 1 {
		b.errorf("app.wasm sent once", "the server sent app.wasm %d times on a first visit, want once: %s", len(wasm), describe(wasm))
	}
}

// moveByKeyboard plays 炮二平五 with the keyboard alone (Tab to the board, arrows, Enter) and
// waits for the engine's legal answer.
func moveByKeyboard(b *tab, srv *server) {
	b.load(srv.URL + "/")
	evalIn[bool](b, `(document.activeElement?.blur?.(), true)`)
	b.press(keyTab)
	b.focusIs("e0")
	for _, step := range []struct{ key, at string }{
		{keyArrowRight, "f0"}, {keyArrowRight, "g0"}, {keyArrowRight, "h0"}, {keyArrowUp, "h1"}, {keyArrowUp, "h2"},
		{keyEnter, "h2"}, {keyArrowLeft, "g2"}, {keyArrowLeft, "f2"}, {keyArrowLeft, "e2"}, {keyEnter, "e2"},
	} {
		b.press(step.key)
		b.focusIs(step.at)
		if step.key == keyEnter && step.at == "h2" {
			b.waitFor(5*time.Second, "the cannon's hints", `document.querySelector("[data-hint][data-square=e2]") !== null`)
		}
	}
	b.waitFor(5*time.Second, "the move played by keyboard", `document.querySelector("[data-ply='1']") !== null`)
	start := time.Now()
	b.waitFor(replyLimit, "the engine's reply", `document.querySelector("[data-ply='2']") !== null && document.getElementById("board").dataset.turn === "w"`)
	recordIn(b.t, "engines.txt", "%s: the engine's first reply %v after the move", b.engine, time.Since(start).Round(10*time.Millisecond))
	b.checkXiangqi("h2e2")
	// Escape drops a selection.
	evalIn[bool](b, `(document.querySelector('#board .pt[data-square="e2"]').focus(), true)`)
	b.press(keyEnter)
	b.waitFor(5*time.Second, "a selection", `document.querySelector("[data-hint]") !== null`)
	b.press(keyEscape)
	b.waitFor(5*time.Second, "no selection", `document.querySelector("[data-hint]") === null`)
	b.screenshot("02-keyboard-reply")
}

func (b *tab) focusIs(sq string) {
	b.t.Helper()
	b.waitFor(5*time.Second, "the focus on "+sq, `document.activeElement?.dataset?.square === "`+sq+`"`)
}

// moveByClick starts a new game and plays 炮二平五 with two mouse clicks; a Chinese reader sees
// it written so.
func moveByClick(b *tab, srv *server) {
	b.load(srv.URL + "/")
	b.newGame()
	b.waitFor(5*time.Second, "a new game", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, xiangqi.StartFEN))
	b.click(`.pt[data-square="h2"]`)
	b.waitFor(5*time.Second, "the cannon's hints", `document.querySelector("[data-hint][data-square=e2]") !== null`)
	if got, want := evalIn[[]string](b, `[...document.querySelectorAll("[data-hint]")].map(e => e.dataset.square).sort()`), legalFrom(b.t, xiangqi.NewPosition(), "h2"); !slices.Equal(got, want) {
		b.t.Errorf("hints of h2: %v, want %v", got, want)
	}
	b.click(`.pt[data-square="e2"]`)
	b.waitFor(5*time.Second, "the move in the list", `document.querySelector("[data-ply='1']") !== null`)
	b.waitFor(replyLimit, "the engine's reply", `document.querySelector("[data-ply='2']") !== null && document.getElementById("board").dataset.turn === "w"`)
	b.checkXiangqi("h2e2")
	b.screenshot("03-click-reply")
	if got := evalIn[string](b, `document.querySelector("[data-ply='1']").textContent`); got != "炮二平五" {
		b.t.Errorf("a Chinese reader sees the first move as %q, want 炮二平五 (issue 22 point 3: the notation follows the language)", got)
	}
}

// newGame starts a new game if the board has moves (in progress: moves and no result, New
// asks first).
func (b *tab) newGame() {
	if evalIn[bool](b, `document.querySelector("[data-ply]") !== null`) {
		asks := evalIn[bool](b, `document.querySelector("[data-result]") === null`)
		b.click(`[data-action="new"]`)
		if asks {
			b.waitFor(5*time.Second, "New to ask", `document.querySelector('[data-action="new-confirm"]') !== null`)
			b.click(`[data-action="new-confirm"]`)
		}
	}
}

// checkXiangqi replays the move list (in whatever notation it is written) from the start:
// every move legal, the first ones the person's, the result the board's data-fen.
func (b *tab) checkXiangqi(person ...string) {
	b.t.Helper()
	list := evalIn[[]string](b, `[...document.querySelectorAll("[data-ply]:not(.tail)")].sort((a, b) => a.dataset.ply - b.dataset.ply).map(e => e.textContent)`)
	pos := xiangqi.NewPosition()
	var played []string
	for i, text := range list {
		m, err := pos.ParseAnyMove(text)
		if err != nil {
			b.t.Fatalf("move %d %q in the list: %v", i+1, text, err)
		}
		if i%2 == 0 && i/2 < len(person) && m.String() != person[i/2] {
			b.t.Fatalf("move %d is %s, want the person's %s", i+1, m, person[i/2])
		}
		pos.Make(m)
		played = append(played, m.String())
	}
	if fen := evalIn[string](b, `document.getElementById("board").dataset.fen`); fen != pos.FEN() {
		b.t.Fatalf("board %s, want %s after %v", fen, pos.FEN(), played)
	}
	b.t.Logf("moves: %v %v", list, played)
}

// selectsReadable reads each select's text against its background in a screenshot: what the
// reader sees, whatever the computed style says (WebKit draws native selects light grey under
// qipan's cream text unless their appearance is none).
func selectsReadable(b *tab, srv *server) {
	b.load(srv.URL + "/")
	names := evalIn[[]string](b, `[...document.querySelectorAll("select")].filter(s => s.getClientRects().length).map(s => s.dataset.action || s.name)`)
	if len(names) < 3 {
		b.t.Fatalf("%d selects shown (%v), want the game, level and more", len(names), names)
	}
	for _, name := range names {
		sel := fmt.Sprintf(`select[data-action="%s"]`, name)
		rect := evalIn[[]float64](b, `(() => {
			const s = document.querySelector('`+sel+`');
			s.scrollIntoView({block: "center"});
			const r = s.getBoundingClientRect(), d = devicePixelRatio;
			return [r.left * d, r.top * d, r.width * d, r.height * d];
		})()`)
		img := b.screenshot("04-select-" + name)
		ratio, bg, fg := textContrast(img, rect)
		recordIn(b.t, "engines.txt", "%s: select %s: text %v on %v, contrast %.1f", b.engine, name, fg, bg, ratio)
		// Large text needs 3:1 (WCAG); anti-aliased glyph edges only lower the measure.
		if ratio < 3 {
			b.t.Errorf("select %s is unreadable: its text %v on %v, contrast %.2f, want ≥ 3 (issue 22 point 1)", name, fg, bg, ratio)
		}
	}
}

// textContrast measures the contrast of the text in the box r (x, y, w, h in image pixels):
// the background is the commonest colour inside the box's border and padding, the text the
// colour furthest from it in luminance. Only the left part is read: a native select's arrow
// sits at the right.
func textContrast(img image.Image, r []float64) (ratio float64, bg, fg [3]uint8) {
	x0, y0 := int(r[0]+6), int(r[1]+4)
	x1, y1 := int(r[0]+r[2]*0.6), int(r[1]+r[3]-4)
	count := map[[3]uint8]int{}
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			count[rgb(img, x, y)]++
		}
	}
	best := 0
	for c, n := range count {
		if n > best {
			best, bg = n, c
		}
	}
	ratio = 1
	for c := range count {
		if cr := contrast(c, bg); cr > ratio {
			ratio, fg = cr, c
		}
	}
	return ratio, bg, fg
}

func rgb(img image.Image, x, y int) [3]uint8 {
	r, g, b, _ := img.At(x, y).RGBA()
	return [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}
}

// contrast is the WCAG contrast ratio of two sRGB colours.
func contrast(a, b [3]uint8) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func luminance(c [3]uint8) float64 {
	var l [3]float64
	for i, v := range c {
		s := float64(v) / 255
		if s <= 0.03928 {
			l[i] = s / 12.92
		} else {
			l[i] = math.Pow((s+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
}

// embedRecord opens /embed with a PGN: the players, title, result and moves of the record are
// shown, and the reader steps through it by click and by key.
func embedRecord(b *tab, srv *server) {
	b.navigate(srv.URL + "/embed?pgn=" + url.QueryEscape(embedPGN))
	b.waitFor(60*time.Second, "the embed's board", `document.querySelector(".qipan-embed #board[data-ready]") !== null`)
	for sel, want := range map[string]string{
		`[data-player=red]`: "Wang", `[data-player=black]`: "Li", `[data-record-result]`: "1-0", `.embed-title`: "Club night",
	} {
		if got := evalIn[string](b, `document.querySelector(`+fmt.Sprintf("%q", sel)+`)?.textContent || ""`); got != want {
			b.t.Errorf("%s shows %q, want %q", sel, got, want)
		}
	}
	if n := evalIn[int](b, `document.querySelectorAll("[data-ply]").length`); n != 6 {
		b.t.Errorf("%d moves listed, want 6", n)
	}
	b.click(`[data-action="next"]`)
	b.waitFor(5*time.Second, "the first move by click", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, fenAfter(b.t, xiangqi.StartFEN, "h2e2")))
	b.waitFor(5*time.Second, "the comment", `document.querySelector(".embed-comment")?.textContent === "the central cannon"`)
	b.press(keyArrowRight)
	b.waitFor(5*time.Second, "the second move by key", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, fenAfter(b.t, xiangqi.StartFEN, "h2e2", "h9g7")))
	b.screenshot("05-embed")
}

// reversiGame switches to Reversi through the game selector, plays f5 by click and waits for
// the engine's legal answer.
func reversiGame(b *tab, srv *server) {
	b.load(srv.URL + "/")
	evalIn[bool](b, `(() => {
		const s = document.querySelector('select[data-action="game"]');
		s.value = "reversi";
		s.dispatchEvent(new Event("change", {bubbles: true}));
		return true;
	})()`)
	b.waitFor(10*time.Second, "the Reversi board in Chinese", `document.querySelector("#board.reversi[data-ready]") !== null && document.querySelector(".status")?.textContent === "轮到你走（黑棋）"`)
	if got := evalIn[[]string](b, `[...document.querySelectorAll("[data-hint]")].map(e => e.dataset.square).sort()`); !slices.Equal(got, []string{"c4", "d3", "e6", "f5"}) {
		b.t.Errorf("hints %v, want c4 d3 e6 f5", got)
	}
	b.click(`.pt[data-square="f5"]`)
	b.waitFor(5*time.Second, "f5 in the list", `document.querySelector("[data-ply='1']")?.textContent === "f5"`)
	b.waitFor(replyLimit, "the engine's reply", `document.querySelector("[data-ply='2']") !== null && document.getElementById("board").dataset.turn === "X"`)
	list := evalIn[[]string](b, `[...document.querySelectorAll("[data-ply]")].sort((a, b) => a.dataset.ply - b.dataset.ply).map(e => e.textContent)`)
	pos := replayReversi(b.t, list)
	if fen := evalIn[string](b, `document.getElementById("board").dataset.fen`); fen != pos.String() {
		b.t.Errorf("board %s, want %s after %v", fen, pos.String(), list)
	}
	time.Sleep(400 * time.Millisecond) // the flip animation
	b.screenshot("06-reversi")
}

// browserPath finds a browser's program: the environment variable env, else the first of names
// on PATH or as a path (globs allowed). Missing, the test skips (fails under CI=true).
func browserPath(t *testing.T, env string, names ...string) string {
	t.Helper()
	if p := os.Getenv(env); p != "" {
		return p
	}
	for _, name := range names {
		if strings.Contains(name, "/") {
			if m, _ := filepath.Glob(name); len(m) > 0 {
				return m[0]
			}
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	cantRun(t, fmt.Sprintf("none of %s found (./build.sh test installs it when run as root; or set %s)", strings.Join(names, ", "), env))
	return ""
}

// TestTextContrast checks the screenshot measure on drawn selects: cream text on qipan's dark
// select, the same text on WebKit's native light grey one, and a dark arrow at the right that
// must not count as text.
func TestTextContrast(t *testing.T) {
	cream, dark, grey, black := [3]uint8{243, 230, 207}, [3]uint8{43, 33, 25}, [3]uint8{244, 244, 244}, [3]uint8{0, 0, 0}
	tests := []struct {
		name     string
		bg, text [3]uint8
		min, max float64
	}{
		{"cream on dark", dark, cream, 12, 13},
		{"cream on light grey", grey, cream, 1, 1.2},
		{"black on light grey", grey, black, 19, 21},
	}
	for _, tt := range tests {
		img := image.NewRGBA(image.Rect(0, 0, 200, 60))
		for y := range 60 {
			for x := range 200 {
				c := tt.bg
				switch {
				case x >= 20 && x < 60 && y >= 25 && y < 35: // the text
					c = tt.text
				case x >= 170 && x < 180 && y >= 25 && y < 35: // the arrow
					c = black
				}
				img.Set(x, y, color.RGBA{c[0], c[1], c[2], 255})
			}
		}
		ratio, bg, fg := textContrast(img, []float64{10, 10, 180, 40})
		if ratio < tt.min || ratio > tt.max || bg != tt.bg || fg != tt.text {
			t.Errorf("%s: contrast %.2f of %v on %v, want %.1f-%.1f of %v on %v", tt.name, ratio, fg, bg, tt.min, tt.max, tt.text, tt.bg)
		}
	}
}
