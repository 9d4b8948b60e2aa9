//go:build !wasm

package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"qipan/engine/xiangqi"
)

// The page drives the worker exactly as the site does: new Worker("web/engine-worker.js"),
// with engine.wasm beside it and wasm_exec.js at the root. It sends "ucci" at once, before
// the engine is up, to check the worker's queue.
const testPage = `<!doctype html><meta charset="utf-8"><title>engine worker test</title>
<script>
window.lines = []; window.times = [];
const w = new Worker("web/engine-worker.js");
w.onmessage = (e) => { lines.push(String(e.data)); times.push(performance.now()); };
w.onerror = (e) => { lines.push("worker error: " + e.message); times.push(performance.now()); };
window.send = (l) => w.postMessage(l);
// wasmMemory: the size of the engine's WebAssembly memory, asked from the worker.
window.wasmMemory = async () => {
  const from = lines.length;
  w.postMessage({type: "qipan:memory"});
  const r = await waitFor("info string memory wasm ", from, 5000);
  return Number(r.line.split(" ").pop());
};
window.waitFor = (prefix, from, ms) => new Promise((resolve, reject) => {
  const t0 = performance.now();
  const check = () => {
    for (let i = from; i < lines.length; i++) {
      if (lines[i].startsWith(prefix)) return resolve({index: i, line: lines[i]});
    }
    if (performance.now() - t0 > ms) {
      return reject(new Error("no line starting with " + JSON.stringify(prefix) + " in " + JSON.stringify(lines.slice(from))));
    }
    setTimeout(check, 2);
  };
  check();
});
// measureStop: search without limit, send stop after 300 ms, time the bestmove.
window.measureStop = async () => {
  const from = lines.length;
  send("go infinite");
  await new Promise((r) => setTimeout(r, 300));
  const t0 = performance.now();
  send("stop");
  const r = await waitFor("bestmove", from, 5000);
  const infos = lines.slice(from, r.index).filter((l) => l.startsWith("info depth"));
  return {latencyMs: times[r.index] - t0, line: r.line, lastInfo: infos[infos.length - 1] || ""};
};
send("ucci");
</script>`

// chromium returns the browser's path. It skips the test when there is none, except in CI
// (CI=true), where it installs Debian's chromium if it can, and otherwise fails.
func chromium(t *testing.T) string {
	t.Helper()
	find := func() string {
		for _, p := range []string{os.Getenv("CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser"} {
			if p != "" {
				if _, err := os.Stat(p); err == nil {
					return p
				}
			}
		}
		return ""
	}
	if p := find(); p != "" {
		return p
	}
	if os.Getenv("CI") != "true" {
		t.Skip("no chromium (apt-get install chromium, or set CHROMIUM); with CI=true this fails")
	}
	if os.Geteuid() == 0 {
		out, err := exec.Command("sh", "-c", "apt-get update -q && apt-get install -y -q chromium").CombinedOutput()
		if p := find(); p != "" {
			return p
		}
		t.Fatalf("chromium missing and apt-get install failed: %v\n%s", err, out)
	}
	t.Fatal("chromium missing in CI (not root, cannot install it)")
	return ""
}

var (
	wasmOnce sync.Once
	wasmDir  string // holds engine.wasm, built once for all tests
	wasmErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if wasmDir != "" {
		os.RemoveAll(wasmDir)
	}
	os.Exit(code)
}

// engineWasm builds this package for js/wasm with the site's flags (once) and returns its path.
func engineWasm(t *testing.T) string {
	t.Helper()
	wasmOnce.Do(func() {
		if wasmDir, wasmErr = os.MkdirTemp("", "qipan-wasm-"); wasmErr != nil {
			return
		}
		build := exec.Command("go", "build", "-trimpath", "-gcflags=qipan/engine/...=-B", "-ldflags=-s -w", "-o", filepath.Join(wasmDir, "engine.wasm"), ".")
		build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := build.CombinedOutput(); err != nil {
			wasmErr = fmt.Errorf("building the wasm: %v\n%s", err, out)
		}
	})
	if wasmErr != nil {
		t.Fatal(wasmErr)
	}
	return filepath.Join(wasmDir, "engine.wasm")
}

func wasmExecJS(t *testing.T) string {
	t.Helper()
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")
}

// buildSite lays out a site like the real one: /index.html, /wasm_exec.js, /web/engine-worker.js,
// /web/engine.wasm.
func buildSite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "web"), 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, engineWasm(t), filepath.Join(dir, "web", "engine.wasm"))
	copyFile(t, wasmExecJS(t), filepath.Join(dir, "wasm_exec.js"))
	copyFile(t, filepath.Join("..", "web", "engine-worker.js"), filepath.Join(dir, "web", "engine-worker.js"))
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(testPage), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "web", "engine.wasm")); err == nil {
		t.Logf("engine.wasm: %d bytes", fi.Size())
	}
	return dir
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

type found struct {
	Index int    `json:"index"`
	Line  string `json:"line"`
}

// TestWorkerInChromium loads the worker in headless Chromium, plays a search, and measures
// how long a stop takes to end an infinite search (it must be well under the 0.2 s a UCCI
// host allows; the test fails above 500 ms).
func TestWorkerInChromium(t *testing.T) {
	browser := chromium(t)
	dir := buildSite(t)
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(browser), chromedp.NoSandbox, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancelCtx := chromedp.NewContext(actx)
	defer cancelCtx()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/index.html")); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	run := func(expr string) found {
		t.Helper()
		tctx, cancel := context.WithTimeout(ctx, 40*time.Second)
		defer cancel()
		f, err := chromedp.Run(tctx, chromedp.Evaluate[found](expr, chromedp.EvalAwaitPromise))
		if err != nil {
			lines, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string]("lines"))
			t.Fatalf("%s: %v\nworker said: %q", expr, err, lines)
		}
		return f
	}
	send := func(lines ...string) {
		t.Helper()
		for _, l := range lines {
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`send(`+strconv.Quote(l)+`), true`)); err != nil {
				t.Fatalf("send %q: %v", l, err)
			}
		}
	}
	start := time.Now()
	run(`waitFor("info string ready", 0, 30000)`)
	t.Logf("worker ready after %v", time.Since(start).Round(time.Millisecond))
	run(`waitFor("ucciok", 0, 5000)`) // "ucci" was sent before ready

	// A search to a fixed depth gives a legal move.
	send("position startpos moves h2e2", "go depth 3")
	best := run(`waitFor("bestmove", 0, 20000)`).Line
	p := xiangqi.NewPosition()
	p.Make(xiangqi.NewMove(xiangqi.SquareOf(7, 2), xiangqi.SquareOf(4, 2)))
	if f := strings.Fields(best); len(f) < 2 {
		t.Fatalf("bad bestmove line %q", best)
	} else if m, err := xiangqi.ParseMove(f[1]); err != nil || !p.IsLegal(m) {
		t.Fatalf("%q: not a legal move after h2e2", best)
	}

	// isready is answered while thinking.
	tctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	ready, err := chromedp.Run(tctx, chromedp.Evaluate[found](`(async () => {
		const from = lines.length;
		send("go infinite");
		await new Promise((r) => setTimeout(r, 100));
		send("isready");
		const r = await waitFor("readyok", from, 3000);
		const early = lines.slice(from, r.index).some((l) => l.startsWith("bestmove"));
		send("stop");
		await waitFor("bestmove", from, 3000);
		return {index: early ? 1 : 0, line: r.line};
	})()`, chromedp.EvalAwaitPromise))
	if err != nil || ready.Index != 0 {
		t.Fatalf("isready while thinking: %+v %v", ready, err)
	}

	// Stop latency.
	stop, err := chromedp.Run(tctx, chromedp.Evaluate[struct {
		LatencyMs float64 `json:"latencyMs"`
		Line      string  `json:"line"`
		LastInfo  string  `json:"lastInfo"`
	}](`measureStop()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("measureStop: %v", err)
	}
	t.Logf("stop latency %.1f ms; last info before stop: %s; %s", stop.LatencyMs, stop.LastInfo, stop.Line)
	if stop.LatencyMs > 500 {
		t.Errorf("stop took %.0f ms, want < 500", stop.LatencyMs)
	}
	if stop.LastInfo == "" {
		t.Errorf("no info line in 300 ms of infinite search")
	}
	if f := strings.Fields(stop.Line); len(f) < 2 {
		t.Errorf("bad bestmove after stop: %q", stop.Line)
	} else if m, err := xiangqi.ParseMove(f[1]); err != nil || !p.IsLegal(m) {
		t.Errorf("%q after stop: not a legal move", stop.Line)
	}

	// Memory: the default Hash keeps the engine within 64 MB after a level-10 Reversi search
	// (as the page asks: 5 s, its midgame and solver tables) and a Xiangqi search.
	const budget = 64 << 20
	memory := func(after string) {
		t.Helper()
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int64](`wasmMemory()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("wasmMemory: %v", err)
		}
		t.Logf("engine's WebAssembly memory after %s: %.1f MB", after, float64(n)/(1<<20))
		if n <= 0 || n > budget {
			t.Errorf("WebAssembly memory after %s: %d bytes, want 1..%d", after, n, budget)
		}
	}
	memory("a Xiangqi search")
	searchFor := func(what string, lines ...string) {
		t.Helper()
		from, err := chromedp.Run(ctx, chromedp.Evaluate[int](`lines.length`))
		if err != nil {
			t.Fatal(err)
		}
		send(lines...)
		if l := run(`waitFor("bestmove", ` + strconv.Itoa(from) + `, 30000)`).Line; !strings.HasPrefix(l, "bestmove ") {
			t.Fatalf("%s: %q", what, l)
		}
		memory(what)
	}
	searchFor("a level-10 Reversi search of 5 s", "setoption name UCI_Variant value reversi", "setoption name Skill Level value 10",
		"position startpos moves d3 e3 f2 c4 f5 d6 c3 c2 b3 d2 c5 b5 a5 a3 b4 a6 a7 f3 b6 f4 e2 e1 g4 f1 e6 c6 e7 d7",
		"go movetime 5000")
	searchFor("a Reversi endgame solve", "position fen O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X", "go depth 60")
	searchFor("a Xiangqi search after Reversi", "setoption name UCI_Variant value xiangqi", "position startpos moves h2e2",
		"go movetime 1000")

	lines, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string]("lines"))
	for _, l := range lines {
		if strings.HasPrefix(l, "info string error") || strings.HasPrefix(l, "worker error") {
			t.Errorf("worker reported %q", l)
		}
	}

	// A site without engine.wasm: the worker says what failed instead of going quiet.
	broken := buildSite(t)
	if err := os.Remove(filepath.Join(broken, "web", "engine.wasm")); err != nil {
		t.Fatal(err)
	}
	srv2 := httptest.NewServer(http.FileServer(http.Dir(broken)))
	defer srv2.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv2.URL+"/index.html")); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	if l := run(`waitFor("info string error", 0, 10000)`).Line; !strings.Contains(l, "engine.wasm") || !strings.Contains(l, "404") {
		t.Errorf("missing engine.wasm reported as %q", l)
	}
}
