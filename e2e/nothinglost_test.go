package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The record kept and the controls in place (issue 46), in Chromium here and in Firefox and
// WebKit through acrossEngines' recordKept.

// sixPlies is a two-player game played by clicks; redLast an import whose last move is Red's.
var sixPlies = [][2]string{{"h2", "e2"}, {"h9", "g7"}, {"b0", "c2"}, {"b9", "c7"}, {"a0", "a1"}, {"i9", "i8"}}

const redLast = "1. 炮二平五 马8进7 2. 马二进三"

// JavaScript the checks share: the record's length and the plies played (not the dimmed tail).
const (
	jsPlies  = `document.querySelectorAll("#moves [data-ply]").length`
	jsPlayed = `document.querySelectorAll("#moves [data-ply]:not(.tail)").length`
	// jsBoxes are the boxes of the panel's buttons that are shown, by data-action.
	jsBoxes = `Object.fromEntries([...document.querySelectorAll("button.control[data-action]")].
		filter(e => e.offsetParent !== null).map(e => { const r = e.getBoundingClientRect();
		return [e.dataset.action, Math.round(r.x) + "," + Math.round(r.y) + " " + Math.round(r.width) + "x" + Math.round(r.height)]; }))`
	jsSetIO = `(() => { const e = document.querySelector("[data-io-text]"); e.value = %q; e.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`
)

// movedBoxes says which buttons of before moved or changed size in after.
func movedBoxes(before, after map[string]string) []string {
	var out []string
	for k, v := range before {
		if w, ok := after[k]; ok && w != v {
			out = append(out, fmt.Sprintf("%s %s → %s", k, v, w))
		}
	}
	return out
}

func TestRecordKept(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/")
	newGame(t, ctx)

	// 1. Replaying the record's next move follows it: two players, continue at ply 2, replay.
	action(t, ctx, "play-two")
	for _, mv := range sixPlies {
		playMove(t, ctx, mv[0], mv[1])
	}
	waitFor(t, ctx, 5*time.Second, "six plies", jsPlies+" === 6")
	run(t, ctx, 10*time.Second, "review ply 2", chromedp.Click(chromedp.CSS(`[data-ply="2"]`)))
	action(t, ctx, "continue")
	waitFor(t, ctx, 5*time.Second, "played to ply 2", jsPlayed+" === 2")
	playMove(t, ctx, "b0", "c2")
	waitFor(t, ctx, 5*time.Second, "the replayed move", jsPlayed+" === 3")
	if n := eval[int](t, ctx, jsPlies); n != 6 {
		t.Errorf("replaying the recorded move left %d plies of 6", n)
	}

	// 2. An import whose last move is Red's: the computer waits until the person plays on.
	action(t, ctx, "play-red")
	action(t, ctx, "io")
	setIOText(t, ctx, redLast)
	action(t, ctx, "import")
	waitFor(t, ctx, 5*time.Second, "the imported record", jsPlies+" === 3")
	time.Sleep(3 * time.Second) // the book would answer at once
	if n := eval[int](t, ctx, jsPlies); n != 3 {
		t.Fatalf("the computer played into the imported record: %d plies", n)
	}
	action(t, ctx, "export-pgn")
	waitFor(t, ctx, 5*time.Second, "the PGN", fmt.Sprintf(`document.querySelector("[data-io-text]").value !== %q`, redLast))
	if pgn := eval[string](t, ctx, `document.querySelector("[data-io-text]").value`); strings.Contains(pgn, "3.") || !strings.Contains(pgn, "2.") {
		t.Errorf("the export is not the file's three plies:\n%s", pgn)
	}
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); !strings.Contains(s, "Continue") {
		t.Errorf("the status does not say how to play on: %q", s)
	}
	action(t, ctx, "continue")
	waitFor(t, ctx, replyLimit, "the computer plays on", jsPlies+" === 4")

	// 6. No button moves when analysis, its lines, a hint, a refusal or the hidden engine
	// panel come and go: the panel keeps its rows, its Add lines beside them.
	before := eval[map[string]string](t, ctx, jsBoxes)
	action(t, ctx, "analysis")
	waitFor(t, ctx, 60*time.Second, "analysis's lines", `document.querySelectorAll("[data-engine] [data-line]").length === 2`)
	if m := movedBoxes(before, eval[map[string]string](t, ctx, jsBoxes)); len(m) > 0 {
		t.Errorf("buttons moved when analysis began: %v", m)
	}
	screenshot(t, ctx, "record-kept-analysis")
	action(t, ctx, "analysis")
	waitFor(t, ctx, 5*time.Second, "analysis off", `document.querySelector('[data-action="analysis"]').getAttribute("aria-pressed") === "false"`)
	action(t, ctx, "hint")
	waitFor(t, ctx, 10*time.Second, "the hint", `document.querySelector(".hint-text")?.textContent !== ""`)
	if m := movedBoxes(before, eval[map[string]string](t, ctx, jsBoxes)); len(m) > 0 {
		t.Errorf("buttons moved with the hint: %v", m)
	}
	action(t, ctx, "engine-panel")
	waitFor(t, ctx, 5*time.Second, "the engine panel hidden", `document.querySelector("[data-engine]").dataset.depth === undefined`)
	if m := movedBoxes(before, eval[map[string]string](t, ctx, jsBoxes)); len(m) > 0 {
		t.Errorf("buttons moved when the engine panel was hidden: %v", m)
	}
	action(t, ctx, "engine-panel")
	click(t, ctx, "e0") // the general, sent to capture the other: refused
	click(t, ctx, "e9")
	waitFor(t, ctx, 5*time.Second, "the refusal", `document.querySelector(".refusal")?.textContent !== ""`)
	if m := movedBoxes(before, eval[map[string]string](t, ctx, jsBoxes)); len(m) > 0 {
		t.Errorf("buttons moved with the refusal: %v", m)
	}
}

// recordKept is TestRecordKept's first two checks in another browser engine.
func recordKept(b *tab, srv *server) {
	b.load(srv.URL + "/")
	if evalIn[bool](b, `document.querySelector("#board.reversi") !== null`) { // the step before played Reversi
		evalIn[bool](b, `(() => { const s = document.querySelector('select[data-action="game"]'); s.value = "xiangqi";
			s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
		b.waitFor(10*time.Second, "the Xiangqi board", `document.querySelector("#board:not(.reversi)[data-ready]") !== null`)
	}
	b.newGame()
	b.click(`[data-action="play-two"]`)
	for i, mv := range sixPlies {
		b.click(`.pt[data-square="` + mv[0] + `"]`)
		b.waitFor(5*time.Second, "hint on "+mv[1], `document.querySelector("[data-hint][data-square=`+mv[1]+`]") !== null`)
		b.click(`.pt[data-square="` + mv[1] + `"]`)
		b.waitFor(5*time.Second, "the move", fmt.Sprintf("%s === %d", jsPlies, i+1))
	}
	b.click(`[data-ply="2"]`)
	b.waitFor(5*time.Second, "Continue enabled", `!document.querySelector('[data-action="continue"]').disabled`)
	b.click(`[data-action="continue"]`)
	b.waitFor(5*time.Second, "played to ply 2", jsPlayed+" === 2")
	b.click(`.pt[data-square="b0"]`)
	b.waitFor(5*time.Second, "hint on c2", `document.querySelector("[data-hint][data-square=c2]") !== null`)
	b.click(`.pt[data-square="c2"]`)
	b.waitFor(5*time.Second, "the replayed move", jsPlayed+" === 3")
	if n := evalIn[int](b, jsPlies); n != 6 {
		b.t.Errorf("replaying the recorded move left %d plies of 6", n)
	}
	b.click(`[data-action="play-red"]`)
	b.click(`[data-action="io"]`)
	b.waitFor(5*time.Second, "the import box", `document.querySelector("[data-io-text]") !== null`)
	evalIn[bool](b, fmt.Sprintf(jsSetIO, redLast))
	time.Sleep(100 * time.Millisecond)
	b.click(`[data-action="import"]`)
	b.waitFor(5*time.Second, "the imported record", jsPlies+" === 3")
	time.Sleep(3 * time.Second)
	if n := evalIn[int](b, jsPlies); n != 3 {
		b.t.Fatalf("the computer played into the imported record: %d plies", n)
	}
	b.click(`[data-action="continue"]`)
	b.waitFor(replyLimit, "the computer plays on", jsPlies+" === 4")

	// 6. No button moves when analysis, a hint or the hidden engine panel come and go.
	before := evalIn[map[string]string](b, jsBoxes)
	moved := func(what string) {
		if m := movedBoxes(before, evalIn[map[string]string](b, jsBoxes)); len(m) > 0 {
			b.t.Errorf("buttons moved %s: %v", what, m)
		}
	}
	b.click(`[data-action="analysis"]`)
	b.waitFor(60*time.Second, "analysis's lines", `document.querySelectorAll("[data-engine] [data-line]").length === 2`)
	moved("when analysis began")
	b.click(`[data-action="analysis"]`)
	b.waitFor(5*time.Second, "analysis off", `document.querySelector('[data-action="analysis"]').getAttribute("aria-pressed") === "false"`)
	b.click(`[data-action="hint"]`)
	b.waitFor(30*time.Second, "the hint", `document.querySelector(".hint-text")?.textContent !== ""`)
	moved("with the hint")
	b.click(`[data-action="engine-panel"]`)
	b.waitFor(5*time.Second, "the engine panel hidden", `document.querySelector("[data-engine]").dataset.depth === undefined`)
	moved("when the engine panel was hidden")
	b.click(`[data-action="engine-panel"]`)
}
