package site

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Engine files, beside the app in web/ (docs/contracts.md).
const (
	EngineWorkerJS = "/web/engine-worker.js"
	EngineWasm     = "/web/engine.wasm"
)

// Config says how a build differs: where it is served, its version, what it holds.
type Config struct {
	Base     Base
	Version  string // the service worker's cache name: a new version replaces the cache
	WasmSize int64  // bytes of web/app.wasm, for the loading progress
	Engine   bool   // the engine Worker files are in the build: cache them when first used
}

// Handler returns the go-app handler that GenerateStaticWebsite turns into the site.
func Handler(c Config) *app.Handler {
	h := &app.Handler{
		Name:            "qipan 象棋",
		ShortName:       "qipan",
		Title:           "qipan · Xiangqi & Reversi",
		Description:     "Play Xiangqi (Chinese chess) or Reversi (Othello) against an engine that runs in your browser, offline too.",
		Lang:            "en",
		BackgroundColor: "#2b2119",
		ThemeColor:      "#2b2119",
		LoadingLabel:    "Loading {progress}%",
		Icon: app.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			Maskable: "/web/icon-512.png",
			SVG:      "/web/icon.svg",
		},
		Styles:    []string{"/web/qipan.css"},
		Resources: c.Base,
		Version:   c.Version,
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
