//go:build wasm

package main

// cli is never reached in a browser (RunWhenOnBrowser does not return there); the native
// build's cli generates and serves the site.
func cli() {}
