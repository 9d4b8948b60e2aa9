//go:build !(linux || freebsd || openbsd || netbsd)

// Elsewhere (Windows, macOS, a js/wasm vet) there is no DISPLAY to miss: nothing to answer.
package nodisplay
