//go:build !wasm

package ui

// Native twins of link_wasm.go: outside a browser there is no address or frame.

func pageLink() (query, fragment, name string) { return "", "", "" }

func dropQuery() {}

func reportHeight() {}

func pageURL() string { return "" }

func appleBrowser() bool { return false }
