//go:build linux || freebsd || openbsd || netbsd

// Package nodisplay answers qipan-desktop's command line when there is no display to open a
// window on, before Ebiten's init panics for want of one: -h prints the usage, a bad flag
// says so, anything else is a one-line error naming DISPLAY. The program imports it first;
// Go initialises it before Ebiten's packages (window_test.go's TestNoDisplay checks it).
package nodisplay

import (
	"errors"
	"flag"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"qipan/cmd/qipan-desktop/internal/cli"
)

func init() {
	if why := missing(os.Getenv("DISPLAY")); why != "" {
		os.Exit(answer(os.Args[1:], why))
	}
}

// answer is what the program says and its exit status without a display (why).
func answer(args []string, why string) int {
	var f cli.Flags
	fl := cli.New(&f)
	switch err := fl.Parse(args); {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case err != nil:
		return 2 // the flag package said what was wrong, and the usage
	}
	os.Stderr.WriteString("qipan-desktop: no display to open a window on: " + why + " (run it in a desktop session, or under xvfb-run)\n")
	return 1
}

// missing says why display d (DISPLAY's value) has no X server to open a window on, "" if it
// may have one. Ebiten draws through X alone here (XWayland under Wayland). Only a server
// surely absent is reported: its socket refuses or is not there; a form of DISPLAY this does
// not read is left to Ebiten.
func missing(d string) string {
	if d == "" {
		return "DISPLAY is not set"
	}
	host, rest, ok := cutLast(d, ":")
	num, _, _ := strings.Cut(rest, ".") // :0.0: display 0, screen 0
	n, err := strconv.Atoi(num)
	if !ok || err != nil || n < 0 || strings.Contains(host, "/") {
		return ""
	}
	var tries [][2]string
	if host == "" || host == "unix" {
		sock := "/tmp/.X11-unix/X" + num
		tries = [][2]string{{"unix", "@" + sock}, {"unix", sock}} // Linux's abstract socket, then the file
	} else {
		tries = [][2]string{{"tcp", net.JoinHostPort(host, strconv.Itoa(6000+n))}}
	}
	for _, t := range tries {
		c, err := net.DialTimeout(t[0], t[1], 3*time.Second)
		if err == nil {
			c.Close()
			return ""
		}
	}
	return "no X server answers at DISPLAY=" + d
}

func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}
