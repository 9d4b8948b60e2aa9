package site

import (
	"encoding/json"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/ui"
)

func TestResolve(t *testing.T) {
	tests := []struct{ base, in, want string }{
		{"/", "/", "/"},
		{"/", "", "/"},
		{"/", "/web/app.wasm", "/web/app.wasm"},
		{"/", "/app.js", "/app.js"},
		{"/", "#g5E25", "#g5E25"},
		{"/qipan/", "/", "/qipan/"},
		{"/qipan/", "", "/qipan/"},
		{"/qipan/", "/web/app.wasm", "/qipan/web/app.wasm"},
		{"/qipan/", "/web", "/qipan/web"},
		{"/qipan/", "web/icon.svg", "/qipan/web/icon.svg"},
		{"/qipan/", "/app-worker.js", "/qipan/app-worker.js"},
		{"/qipan/", "/manifest.webmanifest", "/qipan/manifest.webmanifest"},
		{"/qipan/", "#g5E25", "#g5E25"},
		{"/qipan/", "https://example.org/x.png", "https://example.org/x.png"},
		{"/qipan/", "//cdn.example.org/x.js", "//cdn.example.org/x.js"},
		{"/qipan/", "relative.js", "relative.js"},
		{"qipan", "/", "/qipan/"},
		{"/a/b/", "/app.js", "/a/b/app.js"},
	}
	for _, tt := range tests {
		b, err := ParseBase(tt.base)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.Resolve(tt.in); got != tt.want {
			t.Errorf("ParseBase(%q).Resolve(%q) = %q, want %q", tt.base, tt.in, got, tt.want)
		}
	}
}

func TestParseBaseRejects(t *testing.T) {
	for _, s := range []string{"/../x/", "/a//b/", "/a b/", "/a?b/", "/a#b/", "/./"} {
		if _, err := ParseBase(s); err == nil || !strings.Contains(err.Error(), "base path") {
			t.Errorf("ParseBase(%q) = %v, want an error naming the base path", s, err)
		}
	}
}

// generate builds a site the way ./build.sh does (without the wasm) and returns its folder.
func generate(t *testing.T, base string, engine bool) string {
	t.Helper()
	return generateOn(t, base, engine, "")
}

// generateOn is generate for a site served from host ("" for none known).
func generateOn(t *testing.T, base string, engine bool, host string) string {
	t.Helper()
	app.Route("/", func() app.Composer { return ui.NewPage() })
	app.Route(EmbedPage, func() app.Composer { return ui.NewEmbed() })
	b, err := ParseBase(base)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := Generate(dir, Config{Base: b, Version: "test", WasmSize: 1234, Engine: engine, Host: host}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// jsList reads the JSON array assigned to const name in a script.
func jsList(t *testing.T, js, name string) []string {
	t.Helper()
	_, rest, ok := strings.Cut(js, "const "+name+" = ")
	if !ok {
		t.Fatalf("no const %s in the script", name)
	}
	list, _, _ := strings.Cut(rest, ";")
	var out []string
	if err := json.Unmarshal([]byte(list), &out); err != nil {
		t.Fatalf("const %s = %s: %v", name, list, err)
	}
	return out
}

func read(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestGeneratedSite(t *testing.T) {
	tests := []struct {
		base, prefix string
		engine       bool
	}{
		{"/", "", true},
		{"/qipan/", "/qipan", true},
		{"/qipan/", "/qipan", false},
	}
	for _, tt := range tests {
		dir := generate(t, tt.base, tt.engine)
		worker := read(t, dir, "app-worker.js")
		precached, lazy := jsList(t, worker, "resourcesToCache"), jsList(t, worker, "lazyResources")
		for _, c := range []string{tt.prefix + "/", tt.prefix + "/app.js", tt.prefix + "/wasm_exec.js", tt.prefix + "/web/app.wasm",
			tt.prefix + "/web/icon-192.png", tt.prefix + "/web/icon-512.png", tt.prefix + "/web/icon.svg", tt.prefix + "/web/qipan.css", tt.prefix + EmbedPage} {
			if !slices.Contains(precached, c) {
				t.Errorf("%s: app-worker.js does not precache %s: %q", tt.base, c, precached)
			}
		}
		// The engine is cached when first used, never at install.
		var wantLazy []string
		if tt.engine {
			wantLazy = []string{tt.prefix + "/web/engine.wasm", tt.prefix + "/web/engine-worker.js"}
		}
		if !slices.Equal(lazy, wantLazy) {
			t.Errorf("%s: lazy files %q, want %q", tt.base, lazy, wantLazy)
		}
		for _, c := range precached {
			if strings.Contains(c, "engine") {
				t.Errorf("%s: app-worker.js precaches %s", tt.base, c)
			}
		}
		// Anything remote in the precache list breaks offline: cache.addAll fails as a whole.
		if strings.Contains(worker, "https://") || strings.Contains(worker, "http://") {
			t.Errorf("%s: app-worker.js caches a remote resource", tt.base)
		}
		if !strings.Contains(worker, `"app-" + "test"`) {
			t.Errorf("%s: app-worker.js does not use the version", tt.base)
		}
		manifest := read(t, dir, "manifest.webmanifest")
		if !strings.Contains(manifest, `"start_url":"`+tt.prefix+`/"`) || !strings.Contains(manifest, tt.prefix+"/web/icon.svg") {
			t.Errorf("%s: manifest %s", tt.base, manifest)
		}
		js := read(t, dir, "app.js")
		if !strings.Contains(js, `"GOAPP_ROOT_PREFIX":"`+tt.prefix+`/"`) || !strings.Contains(js, tt.prefix+"/web/app.wasm") ||
			!strings.Contains(js, `const goappWasmContentLength = "1234"`) {
			t.Errorf("%s: app.js does not point at the base", tt.base)
		}
		// The service worker registers when the app asks, or after a delay: never at once.
		if strings.Count(js, "goappInitServiceWorker();") != 0 || !strings.Contains(js, "setTimeout(qipanStartServiceWorker, 5000);") ||
			!strings.Contains(js, "function qipanStartServiceWorker() {") {
			t.Errorf("%s: app.js registers its service worker at once", tt.base)
		}
		// The page keeps the wasm it downloads in the service worker's cache, whose install
		// then takes it from there (WebKit's downloaded it again).
		if !strings.Contains(js, "  const response = await fetch(url);\n  qipanKeepWasm(url, response);\n") ||
			!strings.Contains(js, `caches.open("app-test")`) || !strings.Contains(js, "Promise.race([kept, new Promise((done) => setTimeout(done, 30000))]).finally(goappInitServiceWorker);") ||
			!strings.Contains(worker, "files = files.filter((url, i) => !held[i]);") ||
			!strings.Contains(worker, "const firstInstall = !self.registration.active;\n  const cache = await caches.open(cacheName);") {
			t.Errorf("%s: the wasm the page downloads is not kept for the service worker", tt.base)
		}
		index := read(t, dir, "index.html")
		for _, page := range []string{index, read(t, dir, "embed.html")} {
			if !strings.Contains(page, `<meta http-equiv="Content-Security-Policy" content="`+CSP+`">`) || strings.Contains(page, "<script>") {
				t.Errorf("%s: a page without the CSP, or with an inline script", tt.base)
			}
			// WebKit fetched a preloaded app.wasm a second time (go-app's fetch did not match it).
			if strings.Contains(page, `rel="preload"`) {
				t.Errorf("%s: a page preloads a file: WebKit downloads a preload the app's own fetch does not match twice", tt.base)
			}
		}
		// Issue 22 point 6: readers without JavaScript and crawlers are told the page's first
		// language is Chinese, not English.
		if !strings.Contains(index, `<html lang="zh-Hans">`) {
			t.Errorf("%s: index.html is not marked as Chinese: %.200s", tt.base, index)
		}
		if embed := read(t, dir, "embed.html"); !strings.Contains(embed, `class="qipan-embed`) || !strings.Contains(embed, `src="`+tt.prefix+`/app.js"`) {
			t.Errorf("%s: embed.html is not the prerendered embed", tt.base)
		}
		for _, want := range []string{`src="` + tt.prefix + `/app.js"`, `src="` + tt.prefix + `/web/early.js"`, `href="` + tt.prefix + `/web/qipan.css"`, `href="#g`, `data-fen="`, `data-square="e0"`} {
			if !strings.Contains(index, want) {
				t.Errorf("%s: index.html has no %s", tt.base, want)
			}
		}
	}
}

// TestLinkPreviews: with no host known the pages carry no og:url or og:image (go-app wrote
// "https://", which previews read as a broken link); with one they are absolute URLs there,
// the image the start position the build draws into web/ (a 1200×630 PNG).
func TestLinkPreviews(t *testing.T) {
	for _, tt := range []struct {
		base, host string
		want       map[string]string // og tags' contents, nil for none
	}{
		{"/", "", nil},
		{"/qipan/", "", nil},
		{"/qipan/", "example.org", map[string]string{"og:url": "https://example.org/qipan",
			"og:image": "https://example.org/qipan/web/preview.png", "og:image:width": "1200", "og:image:height": "630"}},
		{"/", "example.org", map[string]string{"og:url": "https://example.org", "og:image": "https://example.org/web/preview.png"}},
	} {
		dir := generateOn(t, tt.base, true, tt.host)
		f, err := os.Open(filepath.Join(dir, "web", "preview.png"))
		if err != nil {
			t.Fatalf("%s: no preview picture: %v", tt.base, err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Errorf("%s: web/preview.png: %v", tt.base, err)
		} else if b := img.Bounds(); b.Dx() != 1200 || b.Dy() != 630 {
			t.Errorf("%s: web/preview.png is %v, want 1200×630", tt.base, b)
		}
		for _, page := range []string{"index.html", "embed.html"} {
			html := read(t, dir, page)
			if strings.Contains(html, `content="https://"`) || strings.Contains(html, `content="https:///`) {
				t.Errorf("%s %s: a link preview pointing nowhere", tt.base, page)
			}
			if tt.want == nil && (strings.Contains(html, "og:url") || strings.Contains(html, "og:image")) {
				t.Errorf("%s %s: og:url or og:image with no host", tt.base, page)
			}
			if !strings.Contains(html, "og:title") {
				t.Errorf("%s %s: the other previews' tags went too", tt.base, page)
			}
		}
		tags := ogTags(read(t, dir, "index.html"))
		for k, v := range tt.want {
			if tags[k] != v {
				t.Errorf("%s on %s: index.html's %s is %q, want %q", tt.base, tt.host, k, tags[k], v)
			}
		}
	}
}

// ogTags reads the content of each <meta property="og:…"> of a page (go-app writes their
// attributes in any order).
func ogTags(html string) map[string]string {
	tags := map[string]string{}
	attr := func(tag, name string) string {
		m := regexp.MustCompile(`\b` + name + `="([^"]*)"`).FindStringSubmatch(tag)
		if m == nil {
			return ""
		}
		return m[1]
	}
	for _, tag := range regexp.MustCompile(`<meta\b[^>]*>`).FindAllString(html, -1) {
		if p := attr(tag, "property"); strings.HasPrefix(p, "og:") {
			tags[p] = attr(tag, "content")
		}
	}
	return tags
}

// TestParseSiteURL: QIPAN_SITE_URL names the host link previews point at; its path is the
// base's, and previews need https.
func TestParseSiteURL(t *testing.T) {
	for _, tt := range []struct{ url, base, host, err string }{
		{"https://example.org/qipan/", "/qipan/", "example.org", ""},
		{"https://example.org/qipan", "/qipan/", "example.org", ""},
		{"https://example.org:8443/", "/", "example.org:8443", ""},
		{"https://example.org", "/", "example.org", ""},
		{"https://example.org/qipan/", "/", "", "is not the base path /"},
		{"https://example.org/", "/qipan/", "", "is not the base path /qipan/"},
		{"http://example.org/", "/", "", "want https://host/path/"},
		{"example.org/qipan/", "/qipan/", "", "want https://host/path/"},
		{"https://example.org/?x=1", "/", "", "want https://host/path/"},
	} {
		b, _ := ParseBase(tt.base)
		host, err := ParseSiteURL(tt.url, b)
		if host != tt.host || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParseSiteURL(%q, %s) = %q, %v; want %q, %q", tt.url, tt.base, host, err, tt.host, tt.err)
		}
	}
}

func TestKeepWasmRefusesAnotherAppJS(t *testing.T) {
	if _, err := keepWasm("const response = fetch(url);", "v"); err == nil || !strings.Contains(err.Error(), "go-app's app.js changed") {
		t.Errorf("keepWasm on another app.js: %v, want go-app's app.js changed", err)
	}
}

func TestDeferServiceWorkerRefusesAnotherAppJS(t *testing.T) {
	for _, js := range []string{"", "goappInitServiceWorker();\ngoappInitServiceWorker();\n"} {
		if _, err := deferServiceWorker(js); err == nil || !strings.Contains(err.Error(), "go-app's app.js changed") {
			t.Errorf("deferServiceWorker(%q) = %v, want go-app's app.js changed", js, err)
		}
	}
}

func TestFileServer(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "web"), 0o755)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<p>board</p>"), 0o644)
	os.WriteFile(filepath.Join(dir, "web", "engine.wasm"), []byte("\x00asm"), 0o644)
	os.WriteFile(filepath.Join(dir, "manifest.webmanifest"), []byte("{}"), 0o644)
	tests := []struct {
		base, path string
		code       int
		body, ct   string
	}{
		{"/", "/", 200, "board", "text/html"},
		{"/", "/web/engine.wasm", 200, "", "application/wasm"},
		{"/", "/manifest.webmanifest", 200, "{}", "application/manifest+json"},
		{"/", "/nothing", 404, "", ""},
		{"/qipan/", "/qipan/", 200, "board", "text/html"},
		{"/qipan/", "/qipan", 301, "", ""},
		{"/qipan/", "/qipan/web/engine.wasm", 200, "", "application/wasm"},
		{"/qipan/", "/", 404, "", ""},
		{"/qipan/", "/qipanx/", 404, "", ""},
		{"/qipan/", "/web/engine.wasm", 404, "", ""},
	}
	for _, tt := range tests {
		b, _ := ParseBase(tt.base)
		rec := httptest.NewRecorder()
		FileServer(dir, b).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
		if rec.Code != tt.code || !strings.Contains(rec.Body.String(), tt.body) || !strings.HasPrefix(rec.Header().Get("Content-Type"), tt.ct) {
			t.Errorf("base %s GET %s: %d %q %q, want %d %q %q", tt.base, tt.path, rec.Code, rec.Header().Get("Content-Type"), rec.Body.String(), tt.code, tt.ct, tt.body)
		}
		if tt.code == 301 && rec.Header().Get("Location") != "/qipan/" {
			t.Errorf("base %s GET %s redirects to %q", tt.base, tt.path, rec.Header().Get("Location"))
		}
	}
}

// TestPuzzlesPrecached: a puzzle collection in the build's web/puzzles/ is precached with the
// app (the puzzles work offline), under the base's prefix; a build without one lists none.
func TestPuzzlesPrecached(t *testing.T) {
	app.Route("/", func() app.Composer { return ui.NewPage() })
	app.Route(EmbedPage, func() app.Composer { return ui.NewEmbed() })
	for _, tt := range []struct {
		base, prefix string
		file         bool
	}{{"/", "", true}, {"/qipan/", "/qipan", true}, {"/", "", false}} {
		b, err := ParseBase(tt.base)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if tt.file {
			writeSiteFile(t, filepath.Join(dir, "web", "puzzles", "xiangqi-classical.tsv"), "fen\tmanual\tnumber\n3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1\ttest\t1\n")
		}
		if _, err := Generate(dir, Config{Base: b, Version: "test", WasmSize: 1234}); err != nil {
			t.Fatal(err)
		}
		precached := jsList(t, read(t, dir, "app-worker.js"), "resourcesToCache")
		want := tt.prefix + "/" + strings.TrimPrefix(ui.PuzzlesURL, "/")
		if got := slices.Contains(precached, want); got != tt.file {
			t.Errorf("%s (collection in the build: %v): %s precached %v: %q", tt.base, tt.file, want, got, precached)
		}
	}
}

func writeSiteFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
