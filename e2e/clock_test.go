package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// jsClockMs is a side's clock's time left in ms (data-ms), -1 when it is not shown.
func jsClockMs(side string) string {
	return `(+(document.querySelector('[data-clock="` + side + `"]')?.dataset.ms ?? -1))`
}

const jsRunning = `(document.querySelector("[data-clock-running]")?.dataset.clock ?? "")`

// TestClock plays timed games in Chromium: a link's clock, the engine keeping to it, Undo giving
// the times back, a reload taking none, a flag fall ending the game, and the PGN's times.
func TestClock(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/")
	newGame(t, ctx)

	// Against the computer at 1+0: the engine answers within its time, Undo gives Red's back.
	load(t, ctx, srv.URL+"/?clock=1+0")
	waitFor(t, ctx, 5*time.Second, "the clocks", `document.querySelector('.clocks[data-clocks="1+0"]') !== null && `+jsClockMs("red")+` === 60000 && `+jsClockMs("black")+` === 60000`)
	playMove(t, ctx, "h2", "e2")
	waitReply(t, ctx, 2)
	if s := eval[string](t, ctx, jsRunning); s != "red" {
		t.Errorf("after the reply the running clock is %q", s)
	}
	time.Sleep(1500 * time.Millisecond)
	playMove(t, ctx, "b0", "c2")
	waitReply(t, ctx, 4)
	red := eval[float64](t, ctx, jsClockMs("red"))
	black := eval[float64](t, ctx, jsClockMs("black"))
	if red > 59000 || red < 30000 || black >= 60000 {
		t.Errorf("after two moves Red has %v ms, Black %v ms", red, black)
	}
	screenshot(t, ctx, "clock-01-running")
	action(t, ctx, "undo")
	waitFor(t, ctx, 5*time.Second, "the times of ply 2", jsClockMs("red")+` > 59000 && `+jsRunning+` === "red"`)
	// A reload gives no time back (and, against the computer, takes none for the page away).
	before := eval[float64](t, ctx, jsClockMs("red"))
	load(t, ctx, srv.URL+"/")
	waitFor(t, ctx, 5*time.Second, "the clock after a reload", jsClockMs("red")+` > 0`)
	if after := eval[float64](t, ctx, jsClockMs("red")); after > before+100 || after < before-5000 {
		t.Errorf("a reload changed Red's time from %v to %v ms", before, after)
	}
	action(t, ctx, "io")
	action(t, ctx, "export-pgn")
	waitFor(t, ctx, 5*time.Second, "the PGN", `document.querySelector("[data-io-text]").value.includes("[TimeControl")`)
	pgn := eval[string](t, ctx, `document.querySelector("[data-io-text]").value`)
	for _, want := range []string{`[TimeControl "60+0"]`, "{[%clk 0:01:00]}", "[%clk 0:00:5"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("the PGN lacks %s:\n%s", want, pgn)
		}
	}
	action(t, ctx, "io")

	// Two players at 6 s each (the phone's width): Red's flag falls, in English.
	newGame(t, ctx)
	action(t, ctx, "play-two")
	load(t, ctx, srv.URL+"/?clock=0.1%2B0&lang=en")
	waitFor(t, ctx, 5*time.Second, "the clocks", `document.querySelector('.clocks[data-clocks="0.1+0"]') !== null`)
	playMove(t, ctx, "h2", "e2")
	playMove(t, ctx, "h9", "g7")
	waitFor(t, ctx, 10*time.Second, "Red's flag", `document.querySelector('.status[data-result="Red loses on time"]') !== null && `+jsClockMs("red")+` === 0`)
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); s != "Red loses on time" {
		t.Errorf("the result reads %q", s)
	}
	screenshot(t, ctx, "clock-02-flag-en")
	run(t, ctx, 10*time.Second, "phone", chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2)))
	screenshot(t, ctx, "clock-03-phone")
	run(t, ctx, 10*time.Second, "back to the desktop size", chromedp.EmulateViewport(1366, 768))
	if click(t, ctx, "b0"); eval[int](t, ctx, `document.querySelectorAll("[data-hint]").length`) != 0 {
		t.Error("a piece was selectable after the flag fell")
	}
	load(t, ctx, srv.URL+"/?clock=none")
	newGame(t, ctx)
}

// clockFlag plays a two-player game at 6 seconds each in any browser: Red's flag falls, the
// game ends with the reason in Chinese, Undo lifts it with the times as they were.
func clockFlag(b *tab, srv *server) {
	b.load(srv.URL + "/")
	if evalIn[bool](b, `document.querySelector("#board.reversi") !== null`) {
		evalIn[bool](b, `(() => { const s = document.querySelector('select[data-action="game"]'); s.value = "xiangqi";
			s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
		b.waitFor(10*time.Second, "the Xiangqi board", `document.querySelector("#board:not(.reversi)[data-ready]") !== null`)
	}
	b.newGame()
	b.click(`[data-action="play-two"]`)
	b.load(srv.URL + "/?clock=0.1+0")
	b.waitFor(5*time.Second, "the clocks", `document.querySelector('.clocks[data-clocks="0.1+0"]') !== null && `+jsClockMs("red")+` === 6000`)
	for i, mv := range [][2]string{{"h2", "e2"}, {"h9", "g7"}} {
		b.click(`.pt[data-square="` + mv[0] + `"]`)
		b.waitFor(5*time.Second, "hint on "+mv[1], `document.querySelector("[data-hint][data-square=`+mv[1]+`]") !== null`)
		b.click(`.pt[data-square="` + mv[1] + `"]`)
		b.waitFor(5*time.Second, "the move", jsPlies+" === "+strconv.Itoa(i+1))
	}
	b.waitFor(3*time.Second, "Red's clock running", jsRunning+` === "red"`)
	b.screenshot("clock-running")
	b.waitFor(10*time.Second, "Red's flag", `document.querySelector('.status[data-result="Red loses on time"]') !== null && `+jsClockMs("red")+` === 0`)
	if s := evalIn[string](b, `document.querySelector(".status").textContent`); !strings.Contains(s, "红方超时负") {
		b.t.Errorf("the result reads %q", s)
	}
	b.screenshot("clock-flag")
	b.click(`[data-action="undo"]`)
	b.waitFor(5*time.Second, "the flag lifted by Undo", `document.querySelector("[data-result]") === null && `+jsRunning+` === "black" && `+jsPlayed+` === 1`)
	if ms := evalIn[float64](b, jsClockMs("black")); ms > 6000 || ms < 3000 {
		b.t.Errorf("after Undo Black has %v ms, want the time it had before its move", ms)
	}
	// New asks first, a move being played; its question chooses the new game's clock, and the
	// game under way keeps its own until the answer.
	b.click(`[data-action="new"]`)
	b.waitFor(5*time.Second, "New to ask", `document.querySelector('select[data-action="new-clock"]') !== null`)
	evalIn[bool](b, `(() => { const s = document.querySelector('select[data-action="new-clock"]'); s.value = "10+5";
		s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	// Both selects show the choice once drawn again: it is the settings' too.
	b.waitFor(5*time.Second, "the question still asked", `document.querySelector('[data-confirm="new"] select[data-action="new-clock"]').value === "10+5" && `+
		`document.querySelector('select[data-action="clock"]').value === "10+5"`)
	if tc := evalIn[string](b, `document.querySelector(".clocks").dataset.clocks`); tc != "0.1+0" {
		b.t.Errorf("the game under way's clock became %q", tc)
	}
	b.screenshot("clock-new-asks")
	b.click(`[data-action="new-confirm"]`)
	b.waitFor(5*time.Second, "the new game at 10+5", `document.querySelector('.clocks[data-clocks="10+5"]') !== null && `+jsClockMs("red")+` === 600000 && `+jsPlayed+` === 0`)
	// Leave the page without a clock for the steps after.
	b.load(srv.URL + "/?clock=none")
	b.newGame()
}
