package e2e

import (
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestReport plays a planted blunder (炮二平五 马８进７ 炮五进四??, the cannon left to the
// horse), asks for the report and reads it: the move marked in the list, the accuracies over
// the graph, the symbol, the comment and the better line in the PGN; in English at 1366×768,
// then in Chinese at phone width.
func TestReport(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	run(t, ctx, 10*time.Second, "1366×768", chromedp.EmulateViewport(1366, 768))
	load(t, ctx, srv.URL+"/?lang=en")
	newGame(t, ctx)
	action(t, ctx, "play-two")
	for _, mv := range [][2]string{{"h2", "e2"}, {"h9", "g7"}, {"e2", "e6"}, {"g7", "e6"}} {
		playMove(t, ctx, mv[0], mv[1])
	}
	waitFor(t, ctx, 5*time.Second, "four moves", jsPlies+" === 4")
	action(t, ctx, "report")
	waitFor(t, ctx, 5*time.Second, "the report running", `document.getElementById("board").dataset.report === "running" || document.getElementById("board").dataset.report === "done"`)
	waitFor(t, ctx, 60*time.Second, "the report done", `document.getElementById("board").dataset.report === "done"`)
	j := eval[string](t, ctx, `document.querySelector('[data-ply="3"]').dataset.judgement ?? ""`)
	if j != "blunder" && j != "mistake" {
		t.Errorf("炮五进四 judged %q, want a mistake or a blunder", j)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('[data-ply][data-judgement="blunder"], [data-ply][data-judgement="mistake"]').length`); n != 1 {
		t.Errorf("%d moves marked as mistakes or blunders, want 1", n)
	}
	acc := eval[[]string](t, ctx, `[...document.querySelectorAll("[data-accuracy]")].map(e => e.dataset.accuracy + " " + e.dataset.value)`)
	if len(acc) != 2 || !strings.HasPrefix(acc[0], "red ") || !strings.HasPrefix(acc[1], "black ") {
		t.Errorf("the accuracies: %v", acc)
	}
	screenshot(t, ctx, "report-01-en")
	action(t, ctx, "io")
	action(t, ctx, "export-pgn")
	waitFor(t, ctx, 5*time.Second, "the PGN", `document.querySelector("[data-io-text]").value.includes("[Event")`)
	pgn := eval[string](t, ctx, `document.querySelector("[data-io-text]").value`)
	for _, want := range []string{"?", "was best.", "("} {
		if !strings.Contains(pgn, want) {
			t.Errorf("the PGN lacks %q:\n%s", want, pgn)
		}
	}
	action(t, ctx, "io")
	// The annotated record in a blog post's frame: the same marks, and report=1's accuracies.
	openEmbed(t, ctx, srv.URL+"/embed?report=1&lang=en&pgn="+url.QueryEscape(pgn))
	waitFor(t, ctx, 10*time.Second, "the embed's marks", `document.querySelector('[data-ply="3"]')?.dataset.judgement === "`+j+`" && document.querySelectorAll("[data-accuracy]").length === 2`)
	screenshot(t, ctx, "report-embed")
	load(t, ctx, srv.URL+"/?lang=en")
	// Kept over a reload: the marks and comments are the record's (written in the language of the time).
	run(t, ctx, 10*time.Second, "phone", chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2)))
	load(t, ctx, srv.URL+"/?lang=zh-Hans")
	if s := eval[string](t, ctx, `document.querySelector('[data-ply="3"]').textContent`); !strings.Contains(s, "?") {
		t.Errorf("after a reload move 3 reads %q", s)
	}
	run(t, ctx, 10*time.Second, "review move 3", chromedp.Click(chromedp.CSS(`[data-ply="3"]`)))
	waitFor(t, ctx, 5*time.Second, "the comment", `document.querySelector("[data-comment]")?.textContent.includes("was best")`)
	screenshot(t, ctx, "report-02-zh-phone")
	run(t, ctx, 10*time.Second, "1366×768", chromedp.EmulateViewport(1366, 768))

	// Learn from your mistakes: the blunder's position, to better; the game kept meanwhile.
	action(t, ctx, "live")
	action(t, ctx, "learn")
	waitFor(t, ctx, 10*time.Second, "the exercise", jsPuzzle+` === "solving" && document.querySelector(".status").textContent.includes("找出比")`)
	if s := eval[string](t, ctx, `document.querySelector(".status").textContent`); !strings.Contains(s, "E2-E6") && !strings.Contains(s, "炮五进四") {
		t.Errorf("the exercise reads %q", s)
	}
	screenshot(t, ctx, "report-03-learn")
	action(t, ctx, "restore-previous")
	waitFor(t, ctx, 10*time.Second, "the game back", jsPlies+` === 4 && `+jsPuzzle+` === ""`)
	action(t, ctx, "learn")
	waitFor(t, ctx, 10*time.Second, "the exercise again", jsPuzzle+` === "solving"`)
	playMove(t, ctx, "h0", "g2") // a developing move: as good, or not, the defence says
	waitFor(t, ctx, 15*time.Second, "the verdict", jsPuzzle+` === "solved" || `+jsPuzzle+` === "failed"`)
	t.Logf("the exercise's verdict on 马二进三: %s", eval[string](t, ctx, jsPuzzle))
}

// reportInAnyBrowser is the report of the planted blunder in any browser, in Chinese: the
// move marked, the accuracies shown.
func reportInAnyBrowser(b *tab, srv *server) {
	b.load(srv.URL + "/")
	b.newGame()
	b.click(`[data-action="play-two"]`)
	for i, mv := range [][2]string{{"h2", "e2"}, {"h9", "g7"}, {"e2", "e6"}, {"g7", "e6"}} {
		b.click(`.pt[data-square="` + mv[0] + `"]`)
		b.waitFor(5*time.Second, "hint on "+mv[1], `document.querySelector("[data-hint][data-square=`+mv[1]+`]") !== null`)
		b.click(`.pt[data-square="` + mv[1] + `"]`)
		b.waitFor(5*time.Second, "the move", jsPlies+" === "+strconv.Itoa(i+1))
	}
	b.click(`[data-action="report"]`)
	b.waitFor(60*time.Second, "the report done", `document.getElementById("board").dataset.report === "done"`)
	if j := evalIn[string](b, `document.querySelector('[data-ply="3"]').dataset.judgement ?? ""`); j != "blunder" && j != "mistake" {
		b.t.Errorf("炮五进四 judged %q", j)
	}
	if s := evalIn[string](b, `document.querySelector('[data-accuracy="red"]')?.textContent ?? ""`); !strings.Contains(s, "准确率") {
		b.t.Errorf("Red's accuracy reads %q", s)
	}
	b.screenshot("report-zh")
}
