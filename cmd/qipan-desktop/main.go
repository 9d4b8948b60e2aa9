// Command qipan-desktop is qipan's board as a desktop program (Ebiten): Xiangqi and Reversi
// against the engine, which runs in this process at native speed, or between two people. The
// board logic is app/desktop and app/play, shared with the web app; the window is
// internal/gui.
//
// Usage:
//
//	qipan-desktop [flags] [game files to import…]
//
// The games and settings are kept in the user's config directory (qipan/), restored on
// start; a file that cannot be read is renamed aside and reported. The board speaks 简体中文,
// 繁體中文 or English: the one chosen in the window, else the locale's (LC_ALL, LC_MESSAGES,
// LANG).
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"qipan/app/desktop"
	"qipan/cmd/qipan-desktop/internal/cli"
	"qipan/cmd/qipan-desktop/internal/gui"
	_ "qipan/cmd/qipan-desktop/internal/nodisplay" // first: it answers when there is no display
)

func main() {
	started := time.Now()
	err := run(os.Args[1:], started)
	var bad badFlag
	switch {
	case errors.As(err, &bad):
		if !bad.said {
			fmt.Fprintln(os.Stderr, "qipan-desktop:", err)
		}
		os.Exit(2) // as the flag package's own refusals
	case err != nil:
		fmt.Fprintln(os.Stderr, "qipan-desktop:", err)
		os.Exit(1)
	}
}

// badFlag is a command line the program refuses; said: the flag package has said why, with
// the usage.
type badFlag struct {
	error
	said bool
}

func run(args []string, started time.Time) error {
	var f cli.Flags
	fl := cli.New(&f)
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return badFlag{err, true}
	}
	dir, exportDir, trace, stats, shot, sound, size := &f.Config, &f.ExportDir, &f.Trace, &f.Stats, &f.Shot, &f.Sound, &f.Size
	o := gui.Options{Files: fl.Args(), Stats: *stats, Shot: *shot, Sound: *sound, Started: started,
		Lang: desktop.EnvLang(os.Getenv)}
	switch *sound {
	case "auto", "on", "off":
	default:
		return badFlag{error: fmt.Errorf("-sound %q: want auto, on or off", *sound)}
	}
	if *size != "" {
		w, h, ok := strings.Cut(*size, "x")
		var err1, err2 error
		o.Width, err1 = strconv.Atoi(w)
		o.Height, err2 = strconv.Atoi(h)
		if !ok || err1 != nil || err2 != nil || o.Width < 320 || o.Height < 240 {
			return badFlag{error: fmt.Errorf("-size %q: want WxH, at least 320x240", *size)}
		}
	}
	if *dir == "" {
		d, err := desktop.DefaultDir()
		if err != nil {
			return fmt.Errorf("no config directory (%v): use -config", err)
		}
		*dir = d
	}
	o.Store = desktop.Store{Dir: *dir}
	if *exportDir == "" {
		if h, err := os.UserHomeDir(); err == nil {
			*exportDir = h
		} else {
			*exportDir = "."
		}
	}
	o.ExportDir = *exportDir
	if *trace {
		o.Trace = os.Stdout
	}
	return gui.Run(o)
}
