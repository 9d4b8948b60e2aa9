//go:build linux || freebsd || openbsd || netbsd

// Package nodisplay answers qipan-desktop's command line when there is no display to open a
// window on, before Ebiten's init panics for want of one: -h prints the usage, a bad flag
// says so, anything else is a one-line error naming DISPLAY. The program imports it first;
// Go initialises it before Ebiten's packages (window_test.go's TestNoDisplay checks it).
package nodisplay

import (
	"errors"
	"flag"
	"os"

	"qipan/cmd/qipan-desktop/internal/cli"
)

func init() {
	if os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" {
		return
	}
	os.Exit(answer(os.Args[1:]))
}

// answer is what the program says and its exit status without a display.
func answer(args []string) int {
	var f cli.Flags
	fl := cli.New(&f)
	switch err := fl.Parse(args); {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case err != nil:
		return 2 // the flag package said what was wrong, and the usage
	}
	os.Stderr.WriteString("qipan-desktop: no display to open a window on: neither DISPLAY nor WAYLAND_DISPLAY is set (run it in a desktop session, or under xvfb-run)\n")
	return 1
}
