// Package gui is the desktop board's window, with Ebiten: it turns Ebiten's input into
// app/desktop events, paints app/desktop's Scenes with vector shapes and glyph outlines, plays
// its sounds and reaches the clipboard. All the board's logic is in app/desktop, which tests
// without a display; this package needs one (tests of it run under Xvfb, see window_test.go).
package gui

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"qipan/app/desktop"
	"qipan/app/desktop/font"
	"qipan/app/i18n"
)

// Options configure Run.
type Options struct {
	Store     desktop.Store
	ExportDir string
	Files     []string  // imported at start, as if dropped on the window
	Trace     io.Writer // nil: none; else one line per event (moves, the engine's, frames)
	Stats     bool      // report frame times at exit (on Trace, or stderr)
	Shot      string    // write the frame after each engine move to this PNG file
	Sound     string    // "auto" (on where an audio device is found), "on", "off"
	Width     int       // the window's size; 0: the kept size, or 960×720
	Height    int
	Started   time.Time // the process's start, for the time to the first frame
	Lang      i18n.Lang // the language until one is chosen in the window (desktop.EnvLang)
}

// heartbeatEvery is how often a window wakes to look at the time while time changes what it
// shows or does (desktop.App.Timed: a clock, the engine's watchdog); otherwise once in
// slowBeats heartbeats, enough for what little else time does (a new day's puzzle).
const (
	heartbeatEvery = 250 * time.Millisecond
	slowBeats      = 8
)

// game is the ebiten.Game.
type game struct {
	o       Options
	app     *desktop.App
	painter *painter
	sound   *sounds
	clip    desktop.Clipboard
	trace   func(string)
	frames  frameStats
	drawn   bool
	last    desktop.Scene          // the scene on the screen (kept between frames: drawn only on change)
	shot    bool                   // write the next frame to o.Shot
	titled  i18n.Lang              // the language of the window's title
	buttons []desktop.PointerEvent // the frame's presses and releases (a buffer)
	timed   atomic.Bool            // App.Timed after the last Update, for the heartbeat
}

// Run opens the window and plays until it is closed.
func Run(o Options) error {
	g := &game{o: o}
	g.trace = func(string) {}
	if o.Trace != nil {
		g.trace = func(s string) { fmt.Fprintln(o.Trace, s) }
	}
	src, err := text.NewGoTextFaceSource(bytes.NewReader(font.UI))
	if err != nil {
		return fmt.Errorf("font: %w", err)
	}
	g.painter = newPainter(src)
	g.clip = newClipboard()
	var clip desktop.Clipboard
	if g.clip != nil {
		clip = g.clip
	}
	soundOK := o.Sound == "on" || o.Sound == "auto" && audioDevice()
	engine := desktop.NewLocalPipe()
	engine.Notify(ebiten.ScheduleFrame)
	g.app = desktop.New(desktop.Config{
		Store:     o.Store,
		Pipe:      engine,
		Clipboard: clip,
		ExportDir: o.ExportDir,
		Lang:      o.Lang,
		NoSound:   !soundOK,
		SoundOff:  o.Sound == "off",
		Trace: func(s string) {
			g.trace(s)
			if strings.HasPrefix(s, "engine moved") && o.Shot != "" {
				g.shot = true
			}
		},
	})
	if n := g.app.Notice(); n != "" {
		fmt.Fprintln(os.Stderr, "qipan-desktop:", n)
	}
	for _, f := range o.Files {
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, "qipan-desktop:", err)
			continue
		}
		g.app.DropFile(f, data)
	}
	if soundOK {
		g.sound = newSounds()
	}
	w, h := o.Width, o.Height
	if w == 0 || h == 0 {
		st := g.app.Settings()
		w, h = st.Width, st.Height
	}
	if w < 320 || h < 240 {
		w, h = 960, 720
	}
	g.title()
	ebiten.SetWindowIcon([]image.Image{desktop.Icon(16), desktop.Icon(32), desktop.Icon(48), desktop.Icon(128)})
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowSizeLimits(320, 240, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowClosingHandled(true)
	// Frames only when something happens (an input event, a line from the engine, an
	// animation), and the screen repainted only when its scene changed: idle, the window
	// costs next to nothing (60 repaints a second took most of a core under Xvfb). The
	// heartbeat catches what wakes no frame by itself: the clock, the engine's watchdog.
	ebiten.SetScreenClearedEveryFrame(false)
	ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum) //nolint:staticcheck // the only way to sleep between events
	// One Update a frame: at 60 ticks a second a frame that came within a tick of the last
	// ran none, and the click it brought waited for the next event or the heartbeat.
	ebiten.SetTPS(ebiten.SyncWithFPS)
	heartbeat := time.NewTicker(heartbeatEvery)
	defer heartbeat.Stop()
	go func() {
		beat := 0
		for range heartbeat.C {
			if beat++; g.timed.Load() || beat%slowBeats == 0 {
				ebiten.ScheduleFrame()
			}
		}
	}()
	g.app.Start()
	// One thread: Update runs where the window's GL context is current (buttonEvents).
	err = ebiten.RunGameWithOptions(g, &ebiten.RunGameOptions{SingleThread: true})
	if o.Stats {
		out := o.Trace
		if out == nil {
			out = os.Stderr
		}
		fmt.Fprintln(out, g.frames.report())
	}
	return err
}

func (g *game) Update() error {
	if ebiten.IsWindowBeingClosed() || g.quitKey() {
		if err := g.app.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "qipan-desktop: saving:", err)
		}
		g.trace("closed")
		return ebiten.Termination
	}
	if ww, wh := ebiten.WindowSize(); ww > 0 {
		g.app.SetWindowSize(ww, wh)
	}
	g.app.Minimized(ebiten.IsWindowMinimized())
	g.title()
	g.pointer()
	g.keys()
	g.dropped()
	g.app.Tick(time.Now())
	if g.app.Animating() {
		ebiten.ScheduleFrame()
	}
	g.timed.Store(g.app.Timed())
	for _, s := range g.app.Sounds() {
		g.trace("sound " + string(s))
		if g.sound != nil {
			g.sound.play(s)
		}
	}
	return nil
}

// title names the window in the board's language (it follows a change of language).
func (g *game) title() {
	if l := g.app.Lang(); l != g.titled {
		g.titled = l
		ebiten.SetWindowTitle(l.T(i18n.PageTitle))
	}
}

// quitKey is Ctrl+Q (or Cmd+Q).
func (g *game) quitKey() bool {
	return ctrl() && inpututil.IsKeyJustPressed(ebiten.KeyQ)
}

func ctrl() bool {
	return ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
}

func (g *game) pointer() {
	x, y := ebiten.CursorPosition()
	fx, fy := float32(x), float32(y)
	evs, ok := buttonEvents(g.buttons[:0])
	if !ok {
		// Polled once a frame: a press released within the frame is lost here.
		if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
			evs = append(evs, desktop.PointerEvent{Down: true, X: fx, Y: fy})
		}
		if inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) {
			evs = append(evs, desktop.PointerEvent{X: fx, Y: fy})
		}
	}
	g.buttons = evs
	g.app.Pointer(evs, fx, fy)
	if _, dy := ebiten.Wheel(); dy != 0 {
		g.app.Wheel(-int(dy * 2))
	}
}

var keys = []struct {
	k    ebiten.Key
	ctrl bool
	to   desktop.Key
}{
	{ebiten.KeyArrowLeft, false, desktop.KeyLeft},
	{ebiten.KeyArrowRight, false, desktop.KeyRight},
	{ebiten.KeyHome, false, desktop.KeyHome},
	{ebiten.KeyEnd, false, desktop.KeyEnd},
	{ebiten.KeyEscape, false, desktop.KeyEscape},
	{ebiten.KeyZ, true, desktop.KeyUndo},
	{ebiten.KeyY, true, desktop.KeyRedo},
	{ebiten.KeyC, true, desktop.KeyCopy},
	{ebiten.KeyV, true, desktop.KeyPaste},
	// The puzzles: the list's cursor and Enter, the list (P), a puzzle's buttons.
	{ebiten.KeyArrowUp, false, desktop.KeyUp},
	{ebiten.KeyArrowDown, false, desktop.KeyDown},
	{ebiten.KeyPageUp, false, desktop.KeyPageUp},
	{ebiten.KeyPageDown, false, desktop.KeyPageDown},
	{ebiten.KeyEnter, false, desktop.KeyEnter},
	{ebiten.KeyNumpadEnter, false, desktop.KeyEnter},
	{ebiten.KeyP, false, desktop.KeyPuzzles},
	{ebiten.KeyH, false, desktop.KeyHint},
	{ebiten.KeyS, false, desktop.KeySolution},
	{ebiten.KeyR, false, desktop.KeyRetry},
	{ebiten.KeyN, false, desktop.KeyNext},
}

func (g *game) keys() {
	for _, k := range keys {
		if k.ctrl == ctrl() && inpututil.IsKeyJustPressed(k.k) {
			g.app.Key(k.to)
		}
	}
}

// dropped imports files dropped on the window.
func (g *game) dropped() {
	fsys := ebiten.DroppedFiles()
	if fsys == nil {
		return
	}
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := fs.ReadFile(fsys, e.Name())
		if err == nil {
			g.app.DropFile(e.Name(), data)
		}
	}
}

func (g *game) Draw(screen *ebiten.Image) {
	t0 := time.Now()
	thinking := g.app.Table().Client.Thinking()
	g.frames.frame(t0, thinking)
	if n := g.frames.n; n%60 == 0 {
		g.trace(fmt.Sprintf("frames %d", n))
	}
	sc := g.app.Scene()
	if g.drawn && !g.shot && slices.Equal(sc, g.last) {
		return
	}
	g.last = sc
	screen.Clear()
	g.painter.paint(screen, sc)
	g.frames.painted(time.Since(t0), thinking)
	g.trace(fmt.Sprintf("painted %d", len(g.frames.paintAll)))
	if !g.drawn {
		g.drawn = true
		if !g.o.Started.IsZero() {
			g.trace(fmt.Sprintf("first frame %.0f ms after start", float64(time.Since(g.o.Started))/1e6))
		}
	}
	if g.shot {
		g.shot = false
		if err := writePNG(screen, g.o.Shot); err != nil {
			fmt.Fprintln(os.Stderr, "qipan-desktop: screenshot:", err)
		} else {
			g.trace("screenshot " + g.o.Shot)
		}
	}
}

// LayoutF draws at the screen's own resolution, so vector shapes stay sharp on HiDPI.
func (g *game) LayoutF(w, h float64) (float64, float64) {
	s := ebiten.Monitor().DeviceScaleFactor()
	g.app.Resize(float32(w*s), float32(h*s))
	return w * s, h * s
}

func (g *game) Layout(w, h int) (int, int) { panic("LayoutF is used") }

func writePNG(img *ebiten.Image, path string) error {
	b := img.Bounds()
	rgba := image.NewRGBA(b)
	img.ReadPixels(rgba.Pix)
	var buf bytes.Buffer
	if err := png.Encode(&buf, rgba); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// frameStats measures frames: the interval between frames (a frame comes on an event, a line
// from the engine, an animation or the heartbeat) and the time to paint those whose scene
// changed, apart for the frames while the engine searched.
type frameStats struct {
	n                    int
	last                 time.Time
	thinking, idle       []time.Duration // intervals
	paintThink, paintAll []time.Duration
}

func (f *frameStats) frame(at time.Time, thinking bool) {
	f.n++
	if !f.last.IsZero() {
		if thinking {
			f.thinking = append(f.thinking, at.Sub(f.last))
		} else {
			f.idle = append(f.idle, at.Sub(f.last))
		}
	}
	f.last = at
}

func (f *frameStats) painted(paint time.Duration, thinking bool) {
	if thinking {
		f.paintThink = append(f.paintThink, paint)
	}
	f.paintAll = append(f.paintAll, paint)
}

func (f *frameStats) report() string {
	return "frames while the engine searched: " + summary(f.thinking) + "; paint " + summary(f.paintThink) +
		" | frames otherwise: " + summary(f.idle) + " | paint, frames painted: " + summary(f.paintAll)
}

func summary(d []time.Duration) string {
	if len(d) == 0 {
		return "none"
	}
	s := slices.Clone(d)
	slices.Sort(s)
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/1e6) }
	return fmt.Sprintf("n=%d median %s p99 %s worst %s", len(s), ms(s[len(s)/2]), ms(s[len(s)*99/100]), ms(s[len(s)-1]))
}
