package e2e

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"qipan/engine/xiangqi"
)

// xqfFile is a test XQF file of engine/xiangqi/record (written from the format's notes).
func xqfFile(t *testing.T, name string) (path string, data []byte) {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("..", "engine", "xiangqi", "record", "testdata", "xqf", name))
	if err != nil {
		t.Fatal(err)
	}
	data, err = os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, data
}

// TestXQFFile opens XQF files in the import box, in Chinese and in English: one chosen with
// the Open file button (the 1997 sample of the format's notes, its GBK names decoded by the
// browser), one dropped on the box (encrypted, with variations, which export keeps; its
// strings are UTF-8, which the page reads as GBK as XQF files are); a broken one names its
// offset and changes nothing.
func TestXQFFile(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	var ctx context.Context
	sample, _ := xqfFile(t, "spec-sample.xqf")
	_, annotated := xqfFile(t, "annotated-v18.xqf")
	drop := func(data []byte) {
		t.Helper()
		eval[bool](t, ctx, fmt.Sprintf(`(() => {
			const bytes = Uint8Array.from(atob(%q), c => c.charCodeAt(0));
			const dt = new DataTransfer();
			dt.items.add(new File([bytes], "game.xqf"));
			const box = document.querySelector("[data-io-text]");
			box.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true}));
			box.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
			return true;
		})()`, base64.StdEncoding.EncodeToString(data)))
	}
	// The export writes the move list's notation: 中文 for a Chinese page (issue 22), ICCS in English.
	for _, lang := range []struct{ tag, button, red, variation, other string }{
		{"zh-CN", "打开文件", "柳大华", "(2. 兵七进一", "(2. 马八进七)"}, {"en", "Open file", "柳大华", "(2. C3-C4", "(2. B0-C2)"},
	} {
		ctx = browser(t) // a fresh profile: nothing kept from the other language's visit
		load(t, ctx, srv.URL+"/?lang="+lang.tag)
		newGame(t, ctx)
		action(t, ctx, "io")
		waitFor(t, ctx, 5*time.Second, "the Open file button", fmt.Sprintf(`document.querySelector(".io-file")?.textContent === %q`, lang.button))
		run(t, ctx, 10*time.Second, "choose the file", chromedp.SetUploadFiles(chromedp.CSS(`#io-file`), []string{sample}))
		waitFor(t, ctx, 10*time.Second, "the sample's 16 moves", `document.querySelector("[data-ply='16']") !== null && document.querySelector("[data-ply='17']") === null`)
		waitFor(t, ctx, 5*time.Second, "the players, decoded from GBK", fmt.Sprintf(`document.querySelector("[data-players]")?.textContent.includes(%q)`, lang.red))
		screenshot(t, ctx, "xqf-"+lang.tag)

		drop(annotated)
		waitFor(t, ctx, 10*time.Second, "the dropped file's 6 moves", `document.querySelector("[data-ply='6']") !== null && document.querySelector("[data-ply='7']") === null`)
		action(t, ctx, "export-pgn")
		waitFor(t, ctx, 5*time.Second, "the PGN", `document.querySelector("[data-io-text]").value.includes("[Event")`)
		out := eval[string](t, ctx, `document.querySelector("[data-io-text]").value`)
		if !strings.Contains(out, lang.variation) || !strings.Contains(out, lang.other) {
			t.Errorf("%s: the export lost the variations:\n%s", lang.tag, out)
		}

		drop(annotated[:1100])
		waitFor(t, ctx, 5*time.Second, "the error naming the offset", `document.querySelector("[data-io-error]")?.dataset.ioError.includes("offset")`)
		if !eval[bool](t, ctx, `document.querySelector("[data-ply='6']") !== null`) {
			t.Errorf("%s: a broken file changed the game", lang.tag)
		}
	}
}

// annotatedRecord has symbols, comments and nested variations.
const annotatedRecord = `[Event "讲解"]
[Result "1-0"]
1. H2-E2! H9-G7 2. H0-G2 $1 {稳健} (2. C3-C4 2... G6-G5!? (2... I9-H9 3. H0-G2) 3. B0-C2) (2. B0-C2?!)
2... I9-H9 3. I0-H0?? B9-C7 {完} 1-0`

// TestVariations: an annotated record's variations and symbols in the page, in English and in
// Chinese: the lines at the position shown, entering one, a line made the main line, a move
// played after going back starting a variation, a line deleted; every step exported. Then
// the embed replays them: next follows the main line, a click on a variation's move enters
// it and next follows it.
func TestVariations(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	exported := func(ctx context.Context) string {
		t.Helper()
		setIOText(t, ctx, "") // so that the wait below sees the export, not the text before it
		action(t, ctx, "export-pgn")
		waitFor(t, ctx, 5*time.Second, "the PGN", `document.querySelector("[data-io-text]").value.includes("[Event")`)
		return strings.Join(strings.Fields(eval[string](t, ctx, `document.querySelector("[data-io-text]").value`)), " ")
	}
	for _, lang := range []struct{ tag, label, promote string }{{"en", "Other moves here", "Make main line"}, {"zh-CN", "此处的变着", "成为主线"}} {
		ctx := browser(t)
		load(t, ctx, srv.URL+"/?lang="+lang.tag)
		setSelect(t, ctx, "notation", "iccs")
		action(t, ctx, "play-two")
		action(t, ctx, "io")
		setIOText(t, ctx, annotatedRecord)
		action(t, ctx, "import")
		waitFor(t, ctx, 5*time.Second, "the record with its symbols", `document.querySelector("[data-ply='1']")?.textContent === "H2-E2!" && document.querySelector("[data-ply='5']")?.textContent === "I0-H0??"`)
		run(t, ctx, 10*time.Second, "move 2", chromedp.Click(chromedp.CSS(`[data-ply="2"]`)))
		waitFor(t, ctx, 5*time.Second, "the two lines at move 2", fmt.Sprintf(`document.querySelector("[data-variations='2']") !== null && document.querySelector(".variations-label").textContent === %q`, lang.label))
		screenshot(t, ctx, "variations-"+lang.tag)

		// Into the first line at its second move: the board shows it, the list follows it.
		run(t, ctx, 10*time.Second, "a variation's move", chromedp.Click(chromedp.CSS(`[data-branch="1"][data-branch-move="1"]`)))
		waitFor(t, ctx, 5*time.Second, "the variation's position", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q && document.querySelector("[data-ply='4']")?.textContent === "G6-G5!?"`,
			fenAfter(t, xiangqi.StartFEN, "h2e2", "h9g7", "c3c4", "g6g5")))
		waitFor(t, ctx, 5*time.Second, "the edit buttons", fmt.Sprintf(`document.querySelector("[data-action='promote-variation']")?.textContent === %q`, lang.promote))
		action(t, ctx, "promote-variation")
		if out := exported(ctx); !strings.Contains(out, "2. C3-C4 (2. H0-G2! {稳健} 2... I9-H9") {
			t.Fatalf("%s: promoted:\n%s", lang.tag, out)
		}

		// Back to move 2, continue from there, play another move: a variation, not a cut.
		run(t, ctx, 10*time.Second, "move 2", chromedp.Click(chromedp.CSS(`[data-ply="2"]`)))
		action(t, ctx, "continue")
		playMove(t, ctx, "a3", "a4")
		if out := exported(ctx); !strings.Contains(out, "(2. A3-A4)") || !strings.Contains(out, "(2. H0-G2! {稳健}") {
			t.Fatalf("%s: a move after going back:\n%s", lang.tag, out)
		}
		// Delete it: the record is as before it.
		action(t, ctx, "delete-variation")
		if out := exported(ctx); strings.Contains(out, "A3-A4") || !strings.Contains(out, "(2. H0-G2! {稳健}") {
			t.Fatalf("%s: deleted:\n%s", lang.tag, out)
		}
		// A reload keeps the tree.
		run(t, ctx, 30*time.Second, "reload", chromedp.Reload())
		load(t, ctx, "")
		action(t, ctx, "io")
		if out := exported(ctx); !strings.Contains(out, "2. C3-C4 (2. H0-G2! {稳健} 2... I9-H9") {
			t.Fatalf("%s: after a reload:\n%s", lang.tag, out)
		}

		// The embed.
		openEmbed(t, ctx, srv.URL+"/embed?lang="+lang.tag+"&ply=2&pgn="+url.QueryEscape(annotatedRecord))
		waitFor(t, ctx, 5*time.Second, "the embed's lines at move 2", `document.querySelector(".qipan-embed [data-variations='2']") !== null`)
		action(t, ctx, "next")
		waitFor(t, ctx, 5*time.Second, "next: the main line", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, fenAfter(t, xiangqi.StartFEN, "h2e2", "h9g7", "h0g2")))
		action(t, ctx, "prev")
		run(t, ctx, 10*time.Second, "the embed's variation move", chromedp.Click(chromedp.CSS(`[data-branch="1"][data-branch-move="0"]`)))
		waitFor(t, ctx, 5*time.Second, "in the variation", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, fenAfter(t, xiangqi.StartFEN, "h2e2", "h9g7", "c3c4")))
		action(t, ctx, "next")
		waitFor(t, ctx, 5*time.Second, "next: the variation's line", fmt.Sprintf(`document.getElementById("board").dataset.fen === %q`, fenAfter(t, xiangqi.StartFEN, "h2e2", "h9g7", "c3c4", "g6g5")))
		screenshot(t, ctx, "variations-embed-"+lang.tag)
	}
}

// TestNote writes a symbol and a comment on a move of the person's own game, in English and
// in Chinese: the list shows the symbol, the comment line the comment, export writes both,
// and a reload keeps them.
func TestNote(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	for _, lang := range []struct{ tag, button, move string }{{"en", "Note", "H2-E2"}, {"zh-CN", "评语", "炮二平五"}} {
		ctx := browser(t)
		load(t, ctx, srv.URL+"/?lang="+lang.tag)
		action(t, ctx, "play-two")
		playMove(t, ctx, "h2", "e2")
		playMove(t, ctx, "h9", "g7")
		run(t, ctx, 10*time.Second, "move 1", chromedp.Click(chromedp.CSS(`[data-ply="1"]`)))
		waitFor(t, ctx, 5*time.Second, "the Note button", fmt.Sprintf(`document.querySelector("[data-action='note']")?.textContent === %q`, lang.button))
		// The buttons are clicked from the page: the list scrolls to the move reviewed, and
		// a click at coordinates taken before that could land on another control.
		press := func(name string) {
			t.Helper()
			eval[bool](t, ctx, fmt.Sprintf(`(document.querySelector('[data-action=%q]').click(), true)`, name))
		}
		press("note")
		waitFor(t, ctx, 5*time.Second, "the note editor", `document.querySelector("[data-note-text]") !== null`)
		press("symbol:!")
		waitFor(t, ctx, 5*time.Second, "the symbol in the list", fmt.Sprintf(`document.querySelector("[data-ply='1']")?.textContent === %q`, lang.move+"!"))
		eval[bool](t, ctx, `(() => { const e = document.querySelector("[data-note-text]"); e.value = "the central cannon"; e.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
		waitFor(t, ctx, 5*time.Second, "the comment shown", `document.querySelector("[data-comment]")?.textContent === "the central cannon"`)
		screenshot(t, ctx, "note-"+lang.tag)

		action(t, ctx, "io")
		action(t, ctx, "export-pgn")
		waitFor(t, ctx, 5*time.Second, "the PGN", `document.querySelector("[data-io-text]").value.includes("[Event")`)
		if out := eval[string](t, ctx, `document.querySelector("[data-io-text]").value`); !strings.Contains(out, lang.move+"!") || !strings.Contains(out, "{the central cannon}") {
			t.Errorf("%s: export:\n%s", lang.tag, out)
		}
		run(t, ctx, 30*time.Second, "reload", chromedp.Reload())
		load(t, ctx, "")
		waitFor(t, ctx, 5*time.Second, "the symbol after a reload", fmt.Sprintf(`document.querySelector("[data-ply='1']")?.textContent === %q`, lang.move+"!"))
	}
}
