package gui

import (
	"errors"

	"golang.design/x/clipboard"
)

// systemClipboard is the system clipboard's text (golang.design/x/clipboard: X11 on Linux,
// loaded at run time; the native ones on Windows and macOS).
type systemClipboard struct{}

// newClipboard returns the clipboard, or nil where there is none (no X server, say): then
// exports go to files.
func newClipboard() *systemClipboard {
	if err := clipboard.Init(); err != nil {
		return nil
	}
	return &systemClipboard{}
}

func (systemClipboard) Read() (string, error) {
	b := clipboard.Read(clipboard.FmtText)
	if len(b) == 0 {
		return "", errors.New("the clipboard holds no text")
	}
	return string(b), nil
}

func (systemClipboard) Write(text string) error {
	clipboard.Write(clipboard.FmtText, []byte(text))
	return nil
}
