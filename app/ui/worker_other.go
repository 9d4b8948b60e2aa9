//go:build !wasm

package ui

import "errors"

// startWorker is the native twin of the browser's: there is no Web Worker outside a browser
// (OnMount, its only caller, runs only there), so it reports that.
func startWorker(url string, onLine, onFail func(string)) (engineWorker, error) {
	return nil, errors.New("the engine Worker runs only in a browser")
}
