package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"qipan/app/site"
	"qipan/engine/xiangqi"
)

// TestNumbers is the numbers script (./build.sh numbers sets QIPAN_NUMBERS=1; skipped
// otherwise): on the static build in headless Chromium it measures the time from a click to
// the piece moved, at the start and with the 10,000-ply game loaded; the main thread's long
// tasks (PerformanceObserver "longtask", over 50 ms) while the engine searches; how often
// the engine panel changes while it thinks; and the bytes the i18n catalogues add to
// app.wasm. It writes the figures to out/numbers.txt and asserts nothing about them: speed
// is reported, not tested. With QIPAN_PROFILE=1 it also profiles the long game's clicks and a
// search in it (out/profile-*.txt).
func TestNumbers(t *testing.T) {
	numbersOnly(t)
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	run(t, ctx, 10*time.Second, "viewport", chromedp.EmulateViewport(1366, 768))
	load(t, ctx, srv.URL+"/?lang=en")
	const clicks = 25
	recordLoad(t, "at the start")

	setSaved(t, ctx, fmt.Sprintf(`{"v":1,"start":%q,"moves":"","ply":0,"two":true}`, xiangqi.StartFEN))
	c := clickTimes(t, ctx, "h2", "e2", clicks)
	recordIn(t, "numbers.txt", "click to piece moved, start position, %d clicks: %s; the next frame: %s; click to hints shown: %s", clicks, c.Moved, c.Frame, c.Select)

	setSaved(t, ctx, longSaved())
	waitFor(t, ctx, 20*time.Second, "the long game", fmt.Sprintf(`document.querySelector("[data-ply='%d']") !== null`, longPlies))
	c = clickTimes(t, ctx, "h0", "g2", clicks)
	recordIn(t, "numbers.txt", "click to piece moved, %d-ply game, %d clicks: %s; the next frame: %s; click to hints shown: %s", longPlies, clicks, c.Moved, c.Frame, c.Select)

	// The engine searches for its reply at level 8 (3 s), in a new game and in the long one;
	// the second search of each runs with the Worker already started.
	opening := longGame(30)
	for _, g := range []struct{ name, saved string }{
		// Random moves leave the opening book, so the engine searches.
		{"a 30-ply game", fmt.Sprintf(`{"v":1,"start":%q,"moves":%q,"ply":%d}`, xiangqi.StartFEN, strings.Join(opening, " "), len(opening))},
		{fmt.Sprintf("%d-ply game", longPlies), strings.Replace(longSaved(), `,"two":true`, "", 1)},
	} {
		setSaved(t, ctx, g.saved)
		setSelect(t, ctx, "level", "8")
		for i := 1; i <= 2; i++ {
			s := searchFigures(t, ctx)
			recordIn(t, "numbers.txt", "engine search %d (level 8), %s: %d long tasks on the main thread while the engine thought (%.2f s), %d from the click to the reply %v (the person's move drawn at +%.0f ms); engine panel: %d updates = %.1f/s (depth reached %s)",
				i, g.name, s.During, s.Thinking/1000, len(s.LongTasks), s.LongTasks, s.Moved, s.Updates, float64(s.Updates)/(s.Thinking/1000), s.Depth)
		}
	}

	// QIPAN_PROFILE=1: where the time of the long game's clicks and of a search in it goes, by
	// Go function (an app.wasm with names; out/profile-*.txt).
	if os.Getenv("QIPAN_PROFILE") != "" {
		psrv := newServer(t, namedSite(t, dir), "/")
		load(t, ctx, psrv.URL+"/?lang=en")
		setSaved(t, ctx, longSaved())
		profiled(t, ctx, "profile-long-clicks", 80, func() { clickTimes(t, ctx, "h0", "g2", 10) })
		setSaved(t, ctx, strings.Replace(longSaved(), `,"two":true`, "", 1))
		setSelect(t, ctx, "level", "8")
		profiled(t, ctx, "profile-long-search", 80, func() { searchFigures(t, ctx) })
	}

	with, without := i18nSize(t)
	recordIn(t, "numbers.txt", "app.wasm with the i18n catalogues %s, with them empty %s: the catalogues add %s", with, without, with.minus(without))
}

// millis are times in milliseconds, written as their median and worst.
type millis []float64

func (m millis) String() string {
	if len(m) == 0 {
		return "none"
	}
	s := slices.Sorted(slices.Values(m))
	return fmt.Sprintf("median %.1f ms, worst %.1f ms", s[len(s)/2], s[len(s)-1])
}

type clicked struct {
	Select, Moved, Frame millis
}

// clickTimes selects the piece on from and moves it to to, n times (taking the move back
// with Undo in between, untimed), and returns, in the page's own clock, the time from each
// click on from to its hints drawn, from each click on to to the piece drawn there, and to
// the next animation frame after that.
func clickTimes(t *testing.T, ctx context.Context, from, to string, n int) clicked {
	t.Helper()
	return evalFor[clicked](t, ctx, 5*time.Minute, fmt.Sprintf(`(async (from, to, n) => {
		const pt = sq => document.querySelector('.pt[data-square="' + sq + '"]');
		const click = el => el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
		// changed resolves with the time the DOM first satisfies cond.
		const changed = cond => new Promise((resolve, reject) => {
			if (cond()) return resolve(performance.now());
			const mo = new MutationObserver(() => { if (cond()) { mo.disconnect(); resolve(performance.now()); } });
			mo.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
			setTimeout(() => { mo.disconnect(); reject(new Error("timed out: " + cond)); }, 10000);
		});
		const frame = () => new Promise(r => requestAnimationFrame(() => r(performance.now())));
		const out = {Select: [], Moved: [], Frame: []};
		for (let i = 0; i < n; i++) {
			await frame();
			let hinted = changed(() => document.querySelector('[data-hint][data-square="' + to + '"]'));
			let t0 = performance.now();
			click(pt(from));
			out.Select.push(await hinted - t0);
			const moved = changed(() => document.querySelector('[data-piece][data-square="' + to + '"]'));
			t0 = performance.now();
			click(pt(to));
			out.Moved.push(await moved - t0);
			out.Frame.push(await frame() - t0);
			const back = changed(() => document.querySelector('[data-piece][data-square="' + from + '"]'));
			document.querySelector('[data-action="undo"]').click();
			await back;
		}
		return out;
	})(%q, %q, %d)`, from, to, n))
}

type searched struct {
	LongTasks []longTask // from the click to the reply
	During    int        // of them, those that started while the engine thought
	Moved     float64    // from the click to the person's move drawn, ms
	Span      float64    // from the person's move to the engine's reply, ms
	Thinking  float64    // from the person's move drawn to the engine's reply drawn, ms
	Updates   int        // the engine panel's updates (data-depth, data-pv) in that time
	Depth     string
}

// longTask is a long task on the main thread: when it started after the person's click, and
// how long it took, ms.
type longTask struct{ At, Ms float64 }

func (l longTask) String() string { return fmt.Sprintf("%.0f ms at +%.0f ms", l.Ms, l.At) }

// searchFigures plays the person's move (the first legal move of the first red piece that has
// one) and waits for the engine's reply, watching the long tasks on the main thread and the
// engine panel's updates.
func searchFigures(t *testing.T, ctx context.Context) searched {
	t.Helper()
	return evalFor[searched](t, ctx, 2*time.Minute, `(async () => {
		const board = document.getElementById("board");
		// Not reviewing, the current entry is the last ply played.
		const plies = () => +(document.querySelector("#moves .current")?.dataset.ply || 0);
		const click = el => el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
		const wait = (cond, ms) => new Promise((resolve, reject) => {
			const t0 = performance.now();
			const f = () => cond() ? resolve() : performance.now() - t0 > ms ? reject(new Error("timed out: " + cond)) : setTimeout(f, 10);
			f();
		});
		const out = {LongTasks: [], During: 0, Span: 0, Thinking: 0, Updates: 0, Depth: "", Moved: 0};
		const t0 = performance.now();
		const po = new PerformanceObserver(list => {
			for (const e of list.getEntries()) out.LongTasks.push({At: Math.round(e.startTime - t0), Ms: Math.round(e.duration)});
		});
		po.observe({type: "longtask"});
		// Thinking: from the person's move drawn to the engine's reply drawn; the panel's
		// updates are counted in between.
		const before = plies();
		let moved = 0, replied = 0;
		const mo = new MutationObserver(records => {
			const now = performance.now();
			if (!moved && plies() === before + 1) moved = now;
			if (moved && !replied && plies() === before + 2) replied = now;
			if (moved && !replied && records.some(r => r.attributeName === "data-depth" || r.attributeName === "data-pv")) out.Updates++;
		});
		mo.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
		// The first of Red's pieces (upper-case letters) that can move.
		const red = [...document.querySelectorAll("[data-piece]")].filter(e => /[A-Z]/.test(e.dataset.piece)).map(e => e.dataset.square);
		for (const from of red) {
			click(document.querySelector('.pt[data-square="' + from + '"]'));
			const hint = await wait(() => document.querySelector("[data-hint]"), 300).then(() => document.querySelector("[data-hint]"), () => null);
			if (hint) { click(document.querySelector('.pt[data-square="' + hint.dataset.square + '"]')); break; }
		}
		await wait(() => plies() === before + 2 && !board.hasAttribute("data-thinking"), 60000);
		out.Span = performance.now() - t0;
		out.Moved = moved - t0;
		out.Thinking = replied - moved;
		await new Promise(r => setTimeout(r, 200)); // long tasks are reported a little late
		out.During = out.LongTasks.filter(l => l.At >= out.Moved && l.At < out.Moved + (replied - moved)).length;
		po.disconnect();
		mo.disconnect();
		out.Depth = document.querySelector("[data-engine]").dataset.depth || "";
		return out;
	})()`)
}

// size is a file's size raw and compressed as the site serves it.
type size struct{ raw, gzip, brotli int64 }

func (s size) String() string {
	return fmt.Sprintf("%.1f KiB raw, %.1f KiB gzip, %.1f KiB brotli", float64(s.raw)/1024, float64(s.gzip)/1024, float64(s.brotli)/1024)
}

func (s size) minus(o size) size { return size{s.raw - o.raw, s.gzip - o.gzip, s.brotli - o.brotli} }

// i18nSize builds app.wasm as build.sh does, and again with the three catalogues empty (go
// build -overlay swaps their files), and compresses both as the site does.
func i18nSize(t *testing.T) (with, without size) {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	overlay := map[string]string{}
	for _, name := range []string{"english", "simplified", "traditional"} {
		p := filepath.Join(tmp, name+".go")
		if err := os.WriteFile(p, []byte("package i18n\n\nvar "+name+" [keyCount]string\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		overlay[filepath.Join(root, "app/i18n", name+".go")] = p
	}
	var replace []string
	for k, v := range overlay {
		replace = append(replace, fmt.Sprintf("%q: %q", k, v))
	}
	ov := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ov, []byte(`{"Replace": {`+strings.Join(replace, ", ")+`}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	build := func(name string, extra ...string) size {
		out := filepath.Join(tmp, name, "app.wasm")
		args := append([]string{"build", "-trimpath", "-ldflags=-s -w", "-o", out}, extra...)
		cmd := exec.Command("go", append(args, "./cmd/qipan-site")...)
		cmd.Dir, cmd.Env = root, append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %v: %v\n%s", args, err, b)
		}
		if err := site.Precompress(filepath.Dir(out)); err != nil {
			t.Fatal(err)
		}
		var s size
		for _, f := range []struct {
			p string
			n *int64
		}{{out, &s.raw}, {out + ".gz", &s.gzip}, {out + ".br", &s.brotli}} {
			fi, err := os.Stat(f.p)
			if err != nil {
				t.Fatal(err)
			}
			*f.n = fi.Size()
		}
		return s
	}
	return build("with"), build("without", "-overlay", ov)
}

// evalFor is eval with a time limit of its own (a slow build takes minutes for 25 clicks).
func evalFor[T any](t *testing.T, ctx context.Context, limit time.Duration, expr string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// numbersOnly skips a test of the numbers script outside it (./build.sh numbers sets
// QIPAN_NUMBERS=1).
func numbersOnly(t *testing.T) {
	t.Helper()
	if os.Getenv("QIPAN_NUMBERS") == "" {
		t.Skip("the numbers script: ./build.sh numbers")
	}
}

// recordLoad notes the machine's load average: it says how far the figures can be trusted
// (2 cores shared: a load of 4 doubles them).
func recordLoad(t *testing.T, when string) {
	t.Helper()
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		recordIn(t, "numbers.txt", "load average %s: %s", when, strings.Join(strings.Fields(string(b))[:3], " "))
	}
}
