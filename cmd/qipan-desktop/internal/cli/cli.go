// Package cli holds qipan-desktop's flags, apart from the window (Ebiten), so that they can
// be read before Ebiten starts: without a display Ebiten's init panics (package nodisplay).
package cli

import "flag"

// Flags are the values of qipan-desktop's flags.
type Flags struct {
	Config, ExportDir, Shot, Sound, Size string
	Trace, Stats                         bool
}

// New returns qipan-desktop's flag set (errors returned, not exited on), writing into f.
func New(f *Flags) *flag.FlagSet {
	fl := flag.NewFlagSet("qipan-desktop", flag.ContinueOnError)
	fl.StringVar(&f.Config, "config", "", "keep games and settings in this directory (default: the user's config directory/qipan)")
	fl.StringVar(&f.ExportDir, "export-dir", "", "where Save file writes (default: the home directory)")
	fl.BoolVar(&f.Trace, "trace", false, "print events (moves, the engine's replies, frames) on stdout")
	fl.BoolVar(&f.Stats, "stats", false, "print frame times at exit")
	fl.StringVar(&f.Shot, "shot", "", "write the frame after each engine move to this PNG file")
	fl.StringVar(&f.Sound, "sound", "auto", "sound effects: auto (where an audio device is found), on, off")
	fl.StringVar(&f.Size, "size", "", "window size WxH (default: the last one, or 960x720)")
	fl.Usage = func() {
		w := fl.Output()
		w.Write([]byte("usage: qipan-desktop [flags] [game files to import…]\n"))
		fl.PrintDefaults()
	}
	return fl
}
