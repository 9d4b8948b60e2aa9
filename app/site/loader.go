package site

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Generate writes the static site for c into out: go-app's GenerateStaticWebsite, then its
// app.js with the service worker deferred (deferServiceWorker).
func Generate(out string, c Config) (*app.Handler, error) {
	h := Handler(c)
	if err := app.GenerateStaticWebsite(out, h); err != nil {
		return nil, err
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
	return h, os.WriteFile(path, []byte(patched), 0o644)
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
    goappInitServiceWorker();
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
