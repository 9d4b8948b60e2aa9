//go:build !linux || android

package gui

import "qipan/app/desktop"

// buttonEvents is buttons_linux.go's; elsewhere Ebiten's GLFW is not reached from here and
// the button is polled.
func buttonEvents(dst []desktop.PointerEvent) ([]desktop.PointerEvent, bool) { return dst, false }
