//go:build !linux || android

package gui

// stickyButtons is sticky_linux.go's; elsewhere Ebiten's GLFW is not reached from here.
func stickyButtons() {}
