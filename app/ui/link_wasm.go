//go:build wasm

package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// pageLink returns the page's URL query and fragment (without '?' and '#') and window.name,
// where a link's game is (link.ParseLink).
func pageLink() (query, fragment, name string) {
	loc := app.Window().Get("location")
	query = strings.TrimPrefix(loc.Get("search").String(), "?")
	fragment = strings.TrimPrefix(loc.Get("hash").String(), "#")
	if n := app.Window().Get("name"); n.Type() == app.TypeString {
		name = n.String()
	}
	return query, fragment, name
}

// dropQuery takes the query and fragment off the page's address without reloading, so that a
// reload shows the game as played since, not the link's game again.
func dropQuery() {
	loc := app.Window().Get("location")
	app.Window().Get("history").Call("replaceState", nil, "", loc.Get("pathname").String())
}

// reportHeight tells the page framing this one (embed.js) the height the embed's content
// needs, whenever it changes, so the frame can be sized to it. The message carries only a
// number. Call it once the embed is drawn.
func reportHeight() {
	w := app.Window()
	parent := w.Get("parent")
	root := w.Get("document").Call("querySelector", ".qipan-embed")
	if !parent.Truthy() || parent.Equal(w.Get("self")) || !root.Truthy() || !w.Get("ResizeObserver").Truthy() {
		return
	}
	last := 0
	f := app.FuncOf(func(this app.Value, args []app.Value) any {
		if h := root.Get("offsetHeight").Int(); h != last {
			last = h
			parent.Call("postMessage", map[string]any{"type": "qipan:embed-height", "height": h}, "*")
		}
		return nil
	})
	w.Get("ResizeObserver").New(f).Call("observe", root)
}

// pageURL is the page's address without its query and fragment: the app's own address on the
// app's page.
func pageURL() string {
	loc := app.Window().Get("location")
	return loc.Get("origin").String() + loc.Get("pathname").String()
}

// appleBrowser reports whether the browser is Safari, which go-app calls installable but which
// has no install prompt.
func appleBrowser() bool {
	f := app.Window().Get("goappIsAppleBrowser")
	return f.Type() == app.TypeFunction && app.Window().Call("goappIsAppleBrowser").Bool()
}
