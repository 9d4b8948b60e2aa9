package site

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
)

// Engine files, beside the app in web/ (docs/contracts.md).
const (
	EngineWorkerJS = "/web/engine-worker.js"
	EngineWasm     = "/web/engine.wasm"
)

// EmbedPage is the board for blog posts (app/ui.Embed), a page beside the app; it is
// precached like the app's own page, so an embed seen once works offline.
const EmbedPage = "/embed"

// CSP is the pages' Content-Security-Policy, given as a <meta> tag since static hosts cannot
// all set headers: only the site's own scripts run (go-app's page has no inline script) and
// compile their wasm ('wasm-unsafe-eval'); the engine Worker and the service worker are the
// site's own files; nothing is loaded from elsewhere, no plugin, no <base>, no form posts.
// Style attributes are allowed (the board sets none today, but go-app may); no script can be
// run by markup, which is what the embed's hostile links would need.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'"

// Config says how a build differs: where it is served, its version, what it holds.
type Config struct {
	Base     Base
	Version  string // the service worker's cache name: a new version replaces the cache
	WasmSize int64  // bytes of web/app.wasm, for the loading progress
	Engine   bool   // the engine Worker files are in the build: cache them when first used
	// Host is the host the site is served from over https ("example.org", ParseSiteURL): link
	// previews' og:url and og:image (the start position, PreviewImage) are absolute URLs there.
	// "" leaves them out (Generate), rather than the "https://" go-app writes without one.
	Host string
	// Puzzles are the puzzle collections in the build (site paths, "/web/puzzles/….tsv"):
	// precached with the app, so that the puzzles work offline once the site was visited.
	// Generate finds them in the build's web/puzzles/.
	Puzzles []string
}

// Handler returns the go-app handler that GenerateStaticWebsite turns into the site.
func Handler(c Config) *app.Handler {
	h := &app.Handler{
		Name:      "qipan 象棋",
		ShortName: "qipan",
		// In both languages: what link previews and readers without JavaScript see (web/early.js
		// and then the app name the page in the reader's language).
		Title:       i18n.Simplified.T(i18n.PageTitle) + " · " + i18n.English.T(i18n.PageTitle),
		Description: i18n.Simplified.T(i18n.PageDescription) + " " + i18n.English.T(i18n.PageDescription),
		// The prerendered page speaks Chinese first (most Xiangqi players read it, and its title
		// and description begin in it); web/early.js and then the app set the reader's language.
		Lang:            "zh-Hans",
		BackgroundColor: "#2b2119",
		ThemeColor:      "#2b2119",
		LoadingLabel:    "Loading {progress}%",
		Icon: app.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			Maskable: "/web/icon-512.png",
			SVG:      "/web/icon.svg",
		},
		Styles: []string{"/web/qipan.css"},
		// The embed's board until the app has loaded: the link's FEN, or no wrong position.
		Scripts: []string{"/web/early.js defer"},
		// After go-app's own <script> tags, which the policy then allows anyway; it governs
		// everything the page does from here on (the wasm, workers, anything injected).
		// No <link rel=preload> of app.wasm: WebKit did not match it to app.js's fetch() and
		// downloaded the file twice; in Chromium it saved nothing measurable (README, what a
		// first visit costs).
		RawHeaders: []string{
			`<meta http-equiv="Content-Security-Policy" content="` + CSP + `">`,
		},
		// The SVG icon, which go-app does not precache with the others: the tab's icon offline.
		CacheableResources: append([]string{EmbedPage, "/web/icon.svg"}, c.Puzzles...),
		Domain:             c.Host,
		Resources:          c.Base,
		Version:            c.Version,
	}
	if c.Host != "" {
		h.Image = PreviewImage
		h.RawHeaders = append(h.RawHeaders,
			`<meta property="og:image:width" content="`+strconv.Itoa(PreviewWidth)+`">`,
			`<meta property="og:image:height" content="`+strconv.Itoa(PreviewHeight)+`">`)
	}
	if c.WasmSize > 0 {
		h.WasmContentLength = strconv.FormatInt(c.WasmSize, 10)
	}
	var lazy []string
	if c.Engine {
		lazy = []string{c.Base.Resolve(EngineWasm), c.Base.Resolve(EngineWorkerJS)}
	}
	sw, err := serviceWorker(lazy)
	if err != nil {
		panic(err) // go-app's template changed under us: the build must not go on
	}
	h.ServiceWorkerTemplate = sw
	return h
}
