package e2e

import (
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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
// browser), one dropped on the box (encrypted, with variations, which export keeps); a
// broken one names its offset and changes nothing.
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
