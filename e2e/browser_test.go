package e2e

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"qipan/app/site"
)

// siteDir returns the static build the test runs against (QIPAN_STATIC, or for the sub-path
// test QIPAN_STATIC_SUBPATH). Without it the test is skipped, except under CI=true where it
// fails: CI must not pass by running nothing.
func siteDir(t *testing.T, env string) string {
	t.Helper()
	dir := os.Getenv(env)
	if dir == "" {
		cantRun(t, env+" is not set (./build.sh test sets it to the built site)")
	}
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		cantRun(t, fmt.Sprintf("%s=%s holds no built site: %v", env, dir, err))
	}
	return dir
}

func cantRun(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatal("cannot run the browser test: " + why)
	}
	t.Skip(why)
}

// chromePath finds a Chromium: QIPAN_CHROME, else the usual names on PATH.
func chromePath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("QIPAN_CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	cantRun(t, "no Chromium found (apt-get install chromium, or set QIPAN_CHROME)")
	return ""
}

// server serves a static build like a static host would, and can be taken down: while down it
// drops every connection without an answer, as an unreachable host would look to the page.
type server struct {
	*httptest.Server
	down atomic.Bool
	mu   sync.Mutex
	hits []hit // every request answered, in order
}

// hit is one request the server answered: the path, the status and the bytes of the body
// sent (compressed, when it was).
type hit struct {
	path     string
	status   int
	bytes    int64
	encoding string
	from     string        // the referrer's path: the page, or the service worker's script
	start    time.Duration // since the server started
}

// requests returns the requests answered so far.
func (s *server) requests() []hit {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.hits)
}

// countingWriter notes the status and the body bytes of a response.
type countingWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (c *countingWriter) WriteHeader(code int) {
	c.status = code
	c.ResponseWriter.WriteHeader(code)
}

func (c *countingWriter) Write(b []byte) (int, error) {
	if c.status == 0 {
		c.status = http.StatusOK
	}
	n, err := c.ResponseWriter.Write(b)
	c.bytes += int64(n)
	return n, err
}

func newServer(t *testing.T, dir, base string) *server {
	t.Helper()
	b, err := site.ParseBase(base)
	if err != nil {
		t.Fatal(err)
	}
	s := &server{}
	files := site.FileServer(dir, b)
	began := time.Now()
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.down.Load() {
			if hj, ok := w.(http.Hijacker); ok {
				if c, _, err := hj.Hijack(); err == nil {
					c.Close()
					return
				}
			}
			panic(http.ErrAbortHandler)
		}
		cw := &countingWriter{ResponseWriter: w}
		start := time.Since(began)
		files.ServeHTTP(cw, r)
		from := r.Referer()
		if u, err := url.Parse(from); err == nil {
			from = u.Path
		}
		// How it was asked for: a worker's "no-cache" fetch says so, a navigation or a plain fetch differ in mode.
		for _, h := range []string{"Cache-Control", "Pragma", "Sec-Fetch-Mode", "Sec-Fetch-Dest"} {
			if v := r.Header.Get(h); v != "" {
				from += " " + h + ": " + v
			}
		}
		s.mu.Lock()
		s.hits = append(s.hits, hit{r.URL.Path, cw.status, cw.bytes, w.Header().Get("Content-Encoding"), from, start})
		s.mu.Unlock()
	}))
	t.Cleanup(s.Close)
	return s
}

// browser starts a headless Chromium with a fresh profile and returns a tab's context.
func browser(t *testing.T) context.Context {
	t.Helper()
	return browserWith(t)
}

// browserWith is browser with more options (a language, say).
func browserWith(t *testing.T, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromePath(t)),
		chromedp.Headless,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("hide-scrollbars", true),
	}
	opts = append(opts, extra...)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	t.Cleanup(func() { cancel(); cancelA() })
	// The first Run starts the browser; it must not run under a timeout (see chromedp.Run).
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", chromePath(t), err)
	}
	return ctx
}

// run runs actions with a time limit, failing the test on error.
func run(t *testing.T, ctx context.Context, limit time.Duration, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	if err := chromedp.Do(c, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression (promises are awaited).
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// waitFor polls a JavaScript condition until it is true or limit passes.
func waitFor(t *testing.T, ctx context.Context, limit time.Duration, what, cond string) time.Duration {
	t.Helper()
	start := time.Now()
	c, cancel := context.WithTimeout(ctx, limit+5*time.Second)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Poll[chromedp.Void](cond, chromedp.WithPollingTimeout(limit), chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		t.Fatalf("waiting %v for %s (%s): %v\npage status: %s", limit, what, cond, err, pageSummary(ctx))
	}
	return time.Since(start)
}

// pageSummary describes the page for failure messages.
func pageSummary(ctx context.Context) string {
	c, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	s, err := chromedp.Run(c, chromedp.Evaluate[string](`(() => {
		const b = document.getElementById("board");
		const st = document.querySelector(".status");
		const n = document.querySelector(".notice");
		const io = document.querySelector("[data-io-error]");
		return "fen=" + (b && b.dataset.fen) + " ready=" + (b && b.dataset.ready) +
			" status=" + (st && st.textContent) + " notice=" + (n && n.textContent) +
			" moves=" + [...document.querySelectorAll("[data-ply]")].map(e => e.textContent).join(",") +
			(io ? " io-error=" + io.dataset.ioError : "");
	})()`))
	if err != nil {
		return "(unreadable: " + err.Error() + ")"
	}
	return s
}

// outDir is where screenshots go (e2e/out, ignored by git).
func outDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("QIPAN_E2E_OUT")
	if dir == "" {
		dir = "out"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// screenshot saves the viewport to out/<name>.png and returns it.
func screenshot(t *testing.T, ctx context.Context, name string) image.Image {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	data, err := chromedp.Run(c, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	p := filepath.Join(outDir(t), name+".png")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", p)
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	return img
}

// record appends a measured figure to out/figures.txt and logs it.
func record(t *testing.T, format string, args ...any) {
	t.Helper()
	recordIn(t, "figures.txt", format, args...)
}

// recordIn appends a measured figure to the file named in out/ and logs it.
func recordIn(t *testing.T, name, format string, args ...any) {
	t.Helper()
	line := fmt.Sprintf(format, args...)
	t.Log("figure: " + line)
	f, err := os.OpenFile(filepath.Join(outDir(t), name), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	fmt.Fprintf(w, "%s %s: %s\n", time.Now().Format(time.RFC3339), t.Name(), line)
	w.Flush()
}

// refused reports whether nothing answers at addr (used to check the server is really down).
func refused(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return true
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(2 * time.Second))
	fmt.Fprintf(c, "GET / HTTP/1.0\r\n\r\n")
	b := make([]byte, 1)
	_, err = c.Read(b)
	return err != nil
}

func q(s string) string { return strings.ReplaceAll(s, `"`, `\"`) }

// copySite copies a built site into a temporary folder a test may change.
func copySite(t *testing.T, dir string) string {
	t.Helper()
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(dir)); err != nil {
		t.Fatalf("copying %s: %v", dir, err)
	}
	return dst
}

// redeploy makes the site in dir a new version, as a new build would: its service worker's
// cache name changes (and with it the script, which is what browsers check for updates).
// The script's compressed twins are removed, so the server sends the new one.
func redeploy(t *testing.T, dir, suffix string) {
	t.Helper()
	p := filepath.Join(dir, "app-worker.js")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	const marker = `const cacheName = "app-" + "`
	if !strings.Contains(string(b), marker) {
		t.Fatalf("%s has no %s", p, marker)
	}
	b = []byte(strings.Replace(string(b), marker, marker+suffix, 1))
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(p + ".br")
	os.Remove(p + ".gz")
}

// newGame presses New and, when the page asks because a game is in progress, confirms.
func newGame(t *testing.T, ctx context.Context) {
	t.Helper()
	// In progress: moves recorded and no result (the page's own test, app/ui keep.go).
	asks := eval[bool](t, ctx, `document.querySelector("[data-ply]") !== null && document.querySelector("[data-result]") === null`)
	action(t, ctx, "new")
	if asks {
		waitFor(t, ctx, 5*time.Second, "New to ask", `document.querySelector('[data-action="new-confirm"]') !== null`)
		action(t, ctx, "new-confirm")
	}
}
