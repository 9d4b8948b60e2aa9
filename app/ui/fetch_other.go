//go:build !wasm

package ui

import "errors"

// fetchText is fetch_wasm.go's twin: outside a browser there is nothing to fetch from.
func fetchText(url string, done func(text string, err error)) {
	done("", errors.New("no browser to fetch "+url))
}
