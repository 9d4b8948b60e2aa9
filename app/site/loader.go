package site

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Generate writes the static site for c into out: go-app's GenerateStaticWebsite, then its
// app.js with the service worker deferred (deferServiceWorker) and the app's wasm kept for it
// as it downloads (keepWasm).
func Generate(out string, c Config) (*app.Handler, error) {
	if c.Puzzles == nil {
		found, err := PuzzleFiles(out)
		if err != nil {
			return nil, err
		}
		c.Puzzles = found
	}
	h := Handler(c)
	if err := app.GenerateStaticWebsite(out, h); err != nil {
		return nil, err
	}
	// The link preview's picture, referred to by absolute URL when the host is known.
	preview := filepath.Join(out, filepath.FromSlash(PreviewImage))
	if err := os.MkdirAll(filepath.Dir(preview), 0o755); err != nil {
		return nil, err
	}
	if err := WritePreview(preview); err != nil {
		return nil, err
	}
	if c.Host == "" {
		if err := dropEmptyPreviews(out); err != nil {
			return nil, err
		}
	}
	path := filepath.Join(out, "app.js")
	js, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	patched, err := deferServiceWorker(string(js))
	if err != nil {
		return nil, err
	}
	if patched, err = keepWasm(patched, h.Version); err != nil {
		return nil, err
	}
	return h, os.WriteFile(path, []byte(patched), 0o644)
}

// emptyPreview is a link-preview tag go-app writes with no host: og:url or og:image whose
// content is "https://" with no host ("https://", "https:///embed"; its attributes come in
// any order).
var emptyPreview = regexp.MustCompile(`<meta\b[^>]*"og:(?:url|image)"[^>]*>`)

// dropEmptyPreviews removes emptyPreview tags from the site's pages: a preview with no URL
// is better than one pointing nowhere.
func dropEmptyPreviews(out string) error {
	pages, err := filepath.Glob(filepath.Join(out, "*.html"))
	if err != nil {
		return err
	}
	more, err := filepath.Glob(filepath.Join(out, "*", "*.html"))
	if err != nil {
		return err
	}
	for _, p := range append(pages, more...) {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		s := emptyPreview.ReplaceAllStringFunc(string(b), func(tag string) string {
			if strings.Contains(tag, `content="https://"`) || strings.Contains(tag, `content="https:///`) {
				return ""
			}
			return tag
		})
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// go-app's app.js registers the service worker as the script starts. On a first visit its
// install (it fetches and stores every file of the app) then competes with the page's own
// start for the CPU: the embed's board took clicks ~0.35 s later on two busy cores.
const swStartOld = "goappInitServiceWorker();\n"

const swStartNew = `// qipan: the service worker registers once the board is drawn (the app calls
// qipanStartServiceWorker) or after 5 s, whichever comes first (app/site/loader.go).
let qipanServiceWorkerStarted = false;
function qipanStartServiceWorker() {
  if (!qipanServiceWorkerStarted) {
    qipanServiceWorkerStarted = true;
    // Once the page's copy of the wasm is in the worker's cache (qipanKeepWasm), so that the
    // install finds it there instead of downloading it again; at most 30 s later.
    const kept = goappCanLoadWebAssembly() ? qipanWasmKept : null;
    Promise.race([kept, new Promise((done) => setTimeout(done, 30000))]).finally(goappInitServiceWorker);
  }
}
setTimeout(qipanStartServiceWorker, 5000);
`

// deferServiceWorker replaces app.js's call that registers the service worker at once.
func deferServiceWorker(js string) (string, error) {
	if n := strings.Count(js, swStartOld); n != 1 {
		return "", fmt.Errorf("go-app's app.js changed: %q found %d times, want 1", strings.TrimSpace(swStartOld), n)
	}
	return strings.Replace(js, swStartOld, swStartNew, 1), nil
}

// go-app's app.js downloads the app's wasm with fetch(); the service worker's install then
// downloads it again unless the HTTP cache still holds it, which WebKit's did not (2 x 2.5 MB
// on a first visit). keepWasm has the page put its copy in the service worker's cache as it
// downloads (the cache named as app-worker.js names it: "app-" + the version), registers the
// worker once that is done (swStartNew), and the install (worker.go) takes what the cache
// already holds. WebKit under load otherwise installed before the copy was there.
const keepWasmOld = "  const response = await fetch(url);\n"

const keepWasmNew = `  const response = await fetch(url);
  qipanKeepWasm(url, response);
`

const keepWasmFunc = `
// qipan: the app's wasm goes into the service worker's cache as it downloads (app/site/loader.go);
// qipanWasmKept settles when it is there (or could not be put).
var qipanWasmKeptDone;
var qipanWasmKept = new Promise((done) => { qipanWasmKeptDone = done; });
function qipanKeepWasm(url, response) {
  if (!response.ok || !("caches" in window)) {
    qipanWasmKeptDone();
    return;
  }
  const copy = response.clone(); // before the body is read
  caches.open(%s).then((cache) => cache.put(url, copy)).catch(() => {}).finally(qipanWasmKeptDone);
}
`

// keepWasm adds qipanKeepWasm to app.js, called with fetch()'s response for the wasm.
func keepWasm(js, version string) (string, error) {
	if n := strings.Count(js, keepWasmOld); n != 1 {
		return "", fmt.Errorf("go-app's app.js changed: %q found %d times, want 1", strings.TrimSpace(keepWasmOld), n)
	}
	name, err := json.Marshal("app-" + version)
	if err != nil {
		return "", err
	}
	return strings.Replace(js, keepWasmOld, keepWasmNew, 1) + fmt.Sprintf(keepWasmFunc, name), nil
}

// PuzzlesDir holds the puzzle collections the app offers (app/ui's PuzzlesURL), in web/.
const PuzzlesDir = "/web/puzzles"

// PuzzleFiles returns the site paths of the puzzle collections (.tsv) in the build in out.
func PuzzleFiles(out string) ([]string, error) {
	names, err := filepath.Glob(filepath.Join(out, filepath.FromSlash(PuzzlesDir), "*.tsv"))
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, n := range names {
		paths = append(paths, PuzzlesDir+"/"+filepath.Base(n))
	}
	return paths, nil
}
