//go:build xvfb

// The window test: the real program in a real window on an X server (Xvfb: `./build.sh test`
// runs `xvfb-run -a -s "-screen 0 2600x1500x24" go test -tags xvfb ./cmd/qipan-desktop/`, a
// screen large enough for the 2560×1440 window), driven by synthetic input
// through the XTEST extension. It is behind a build tag because a package importing Ebiten
// panics at init without a display, and plain `go test ./...` must run anywhere.
package main

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
	"github.com/jezek/xgb/xtest"

	"qipan/app/desktop"
	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/engine/xiangqi"
)

const childEnv = "QIPAN_DESKTOP_CHILD"

// TestMain runs the program itself when the test starts it as a child.
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func cantRun(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatal("cannot run the window test: " + why)
	}
	t.Skip(why)
}

const winW, winH = 960, 720

// child is the program running in its window.
type child struct {
	t     *testing.T
	cmd   *exec.Cmd
	lines chan string
	log   []string
	taken map[int]bool // lines of log a wait returned
	x     *xgb.Conn
	root  xproto.Window
	win   xproto.Window
	exit  chan error
	gone  chan struct{} // closed once the program has exited
}

// start runs the program with the config directory dir, the locale locale (LC_ALL) and args.
func start(t *testing.T, dir, locale string, args ...string) *child {
	t.Helper()
	if os.Getenv("DISPLAY") == "" {
		cantRun(t, "no DISPLAY: run it under xvfb-run (./build.sh test does)")
	}
	x, err := xgb.NewConn()
	if err != nil {
		cantRun(t, "no X server: "+err.Error())
	}
	if err := xtest.Init(x); err != nil {
		cantRun(t, "the X server has no XTEST extension: "+err.Error())
	}
	args = append([]string{"-config", dir, "-size", fmt.Sprintf("%dx%d", winW, winH), "-trace", "-stats", "-sound", "off"}, args...)
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), childEnv+"=1", "LC_ALL="+locale)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{t: t, cmd: cmd, lines: make(chan string, 1000), x: x, exit: make(chan error, 1), gone: make(chan struct{}), taken: map[int]bool{},
		root: xproto.Setup(x).DefaultScreen(x).Root}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
		c.exit <- cmd.Wait()
		close(c.gone)
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		go func() { // its last lines, which nobody waits for now
			for range c.lines {
			}
		}()
		select { // gone, and its window with it, before the next test looks for its own
		case <-c.gone:
		case <-time.After(10 * time.Second):
		}
		x.Close()
	})
	t.Logf("%s", c.wait("first frame", 60*time.Second))
	c.win = c.findWindow()
	return c
}

// wait returns the first line the program said starting with prefix that no wait returned
// yet, waiting for it if need be.
func (c *child) wait(prefix string, limit time.Duration) string {
	c.t.Helper()
	for i, l := range c.log {
		if !c.taken[i] && strings.HasPrefix(l, prefix) {
			c.taken[i] = true
			return l
		}
	}
	timeout := time.After(limit)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				c.t.Fatalf("the program ended waiting for %q; it said %q", prefix, c.log)
			}
			c.log = append(c.log, l)
			if strings.HasPrefix(l, prefix) {
				c.taken[len(c.log)-1] = true
				return l
			}
		case <-timeout:
			c.t.Fatalf("no %q after %v; the program said %q", prefix, limit, c.log)
		}
	}
}

// findWindow finds the program's top-level window: the one titled (_NET_WM_NAME, UTF-8) in
// one of the board's languages.
func (c *child) findWindow() xproto.Window {
	c.t.Helper()
	titles := map[string]bool{}
	for _, l := range i18n.Langs {
		titles[l.T(i18n.PageTitle)] = true
	}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		tree, err := xproto.QueryTree(c.x, c.root).Reply()
		if err != nil {
			c.t.Fatal(err)
		}
		for _, w := range tree.Children {
			// The board's title, and this child's process: the window of the test before,
			// whose program was killed, may still be listed for a moment.
			if titles[c.title(w)] && c.pid(w) == c.cmd.Process.Pid {
				return w
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	c.t.Fatal("no window titled as the board")
	return 0
}

// pid is the process that made window w (_NET_WM_PID, which GLFW sets), 0 if unknown.
func (c *child) pid(w xproto.Window) int {
	if p := c.property(w, "_NET_WM_PID"); len(p) == 4 {
		return int(binary.LittleEndian.Uint32(p))
	}
	return 0
}

// title is window w's title (_NET_WM_NAME).
func (c *child) title(w xproto.Window) string { return string(c.property(w, "_NET_WM_NAME")) }

// property is window w's property name (up to 256 KB), nil if it has none.
func (c *child) property(w xproto.Window, name string) []byte {
	r, err := xproto.InternAtom(c.x, false, uint16(len(name)), name).Reply()
	if err != nil {
		return nil
	}
	p, err := xproto.GetProperty(c.x, false, w, r.Atom, xproto.GetPropertyTypeAny, 0, 1<<16).Reply()
	if err != nil {
		return nil
	}
	return p.Value
}

// click clicks the window's pixel x, y with the first mouse button.
func (c *child) click(x, y float32) {
	c.t.Helper()
	tr, err := xproto.TranslateCoordinates(c.x, c.win, c.root, int16(x), int16(y)).Reply()
	if err != nil {
		c.t.Fatal(err)
	}
	// Ebiten polls the button once a frame, and frames are slow at first on a software
	// renderer: each event waits until the program has seen the one before.
	for _, ev := range []struct {
		typ, detail byte
		seen        string
	}{{xproto.MotionNotify, 0, ""}, {xproto.ButtonPress, 1, "press"}, {xproto.ButtonRelease, 1, "release"}} {
		if err := xtest.FakeInputChecked(c.x, ev.typ, ev.detail, 0, c.root, tr.DstX, tr.DstY, 0).Check(); err != nil {
			c.t.Fatal(err)
		}
		c.x.Sync()
		if ev.seen != "" {
			c.wait(ev.seen, 10*time.Second)
		} else {
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// quickClick presses and releases the first button at x, y with nothing between, as a
// touchpad's tap does: both reach the program before its next frame.
func (c *child) quickClick(x, y float32) {
	c.t.Helper()
	c.taps(x, y, 1, 0)
	c.wait("press", 10*time.Second)
	c.wait("release", 10*time.Second)
}

// taps moves the pointer to x, y, then taps there n times, gap apart: each a press and a
// release with nothing between. It waits for none of them to be seen.
func (c *child) taps(x, y float32, n int, gap time.Duration) {
	c.t.Helper()
	c.fake(xproto.MotionNotify, 0, x, y)
	time.Sleep(100 * time.Millisecond)
	for i := range n {
		if i > 0 {
			time.Sleep(gap)
		}
		c.fake(xproto.ButtonPress, 1, x, y)
		c.fake(xproto.ButtonRelease, 1, x, y)
	}
}

// fake sends the input event typ (detail: the button) at the window's pixel x, y.
func (c *child) fake(typ, detail byte, x, y float32) {
	c.t.Helper()
	tr, err := xproto.TranslateCoordinates(c.x, c.win, c.root, int16(x), int16(y)).Reply()
	if err != nil {
		c.t.Fatal(err)
	}
	if err := xtest.FakeInputChecked(c.x, typ, detail, 0, c.root, tr.DstX, tr.DstY, 0).Check(); err != nil {
		c.t.Fatal(err)
	}
	c.x.Sync()
}

// close asks the window to close as a window manager does (WM_DELETE_WINDOW).
func (c *child) close() {
	c.t.Helper()
	atom := func(name string) xproto.Atom {
		r, err := xproto.InternAtom(c.x, false, uint16(len(name)), name).Reply()
		if err != nil {
			c.t.Fatal(err)
		}
		return r.Atom
	}
	protocols, del := atom("WM_PROTOCOLS"), atom("WM_DELETE_WINDOW")
	data := make([]byte, 20)
	binary.LittleEndian.PutUint32(data, uint32(del))
	ev := xproto.ClientMessageEvent{Format: 32, Window: c.win, Type: protocols,
		Data: xproto.ClientMessageDataUnionData8New(data)}
	if err := xproto.SendEventChecked(c.x, false, c.win, xproto.EventMaskNoEvent, string(ev.Bytes())).Check(); err != nil {
		c.t.Fatal(err)
	}
	c.x.Sync()
}

// button is the middle of button id, as a window of winW×winH in lang draws it at the start.
func button(t *testing.T, lang i18n.Lang, id string) (float32, float32) {
	t.Helper()
	a := desktop.New(desktop.Config{Store: desktop.Store{Dir: t.TempDir()}, Pipe: desktop.NewLocalPipe(), Lang: lang})
	a.Resize(winW, winH)
	b := a.Scene().Find("button " + id)
	if len(b) != 1 {
		t.Fatalf("button %s drawn %d times", id, len(b))
	}
	return b[0].X + b[0].W/2, b[0].Y + b[0].H/2
}

// place is where the board's square name is drawn in a window of winW×winH.
func place(t *testing.T, variant, name string) (float32, float32) {
	t.Helper()
	a := desktop.New(desktop.Config{Store: desktop.Store{Dir: t.TempDir()}, Pipe: desktop.NewLocalPipe()})
	if variant != "" {
		a.Button("game:" + variant)
	}
	a.Resize(winW, winH)
	x, y, ok := a.Place(name)
	if !ok {
		t.Fatalf("no square %s", name)
	}
	return x, y
}

// TestWindowPlaysAMove: two clicks play 炮二平五, the engine answers, and the frame after its
// answer (written by the program, looked at by a person) shows both moves; once for each
// language, chosen by the locale, with the status line's text drawn in it.
func TestWindowPlaysAMove(t *testing.T) {
	for _, tc := range []struct {
		locale string
		lang   i18n.Lang
		shot   string
	}{
		{"en_US.UTF-8", i18n.English, "desktop-window.png"},
		{"zh_CN.UTF-8", i18n.Simplified, "desktop-window-zh-hans.png"},
		{"zh_TW.UTF-8", i18n.Traditional, "desktop-window-zh-hant.png"},
	} {
		t.Run(tc.locale, func(t *testing.T) { playAMove(t, tc.locale, tc.lang, tc.shot) })
	}
}

func playAMove(t *testing.T, locale string, lang i18n.Lang, name string) {
	shot := os.Getenv("QIPAN_DESKTOP_SHOT_DIR")
	if shot == "" {
		shot = "../../bin"
	}
	shot, _ = filepath.Abs(filepath.Join(shot, name))
	os.MkdirAll(filepath.Dir(shot), 0o755)
	os.Remove(shot)
	dir := t.TempDir()
	c := start(t, dir, locale, "-shot", shot)
	if got, want := c.title(c.win), lang.T(i18n.PageTitle); got != want {
		t.Errorf("window title %q, want %q", got, want)
	}
	if n := len(c.property(c.win, "_NET_WM_ICON")); n < 4*(2+16*16) {
		t.Errorf("the window's icon holds %d bytes: no icon", n)
	}
	hx, hy := place(t, "", "h2")
	ex, ey := place(t, "", "e2")
	c.click(hx, hy)
	c.click(ex, ey)
	c.wait("person moved ply 1 25-22", 10*time.Second) // h2 (square 25) to e2 (22)
	reply := c.wait("engine moved ply 2", 30*time.Second)
	c.wait("screenshot", 10*time.Second)
	t.Logf("the engine: %s; screenshot %s", reply, shot)

	img := readPNG(t, shot)
	if b := img.Bounds(); b.Dx() != winW || b.Dy() != winH {
		t.Fatalf("screenshot is %v, want %dx%d", b, winW, winH)
	}
	// The cannon stands on e2 now: the ivory face just inside the piece's rim. h2 is empty
	// board again.
	face := color.RGBA{0xf6, 0xe7, 0xc8, 0xff}
	if got := sample(img, ex, ey-0.41*cellSize(t)); !near(got, face) {
		t.Errorf("e2 shows %v, want the piece's face %v", got, face)
	}
	if got := sample(img, hx, hy-0.41*cellSize(t)); near(got, face) {
		t.Errorf("h2 still shows a piece (%v)", got)
	}
	// The status line, in the locale's language, is written: its box holds the text's ink,
	// at least two columns of it a character (the embedded font covering every character
	// is TestFontCoversText's; this checks the window draws the text at all).
	a := desktop.New(desktop.Config{Store: desktop.Store{Dir: t.TempDir()}, Pipe: desktop.NewLocalPipe(), Lang: lang})
	a.Resize(winW, winH)
	st := a.Scene().Find("status")
	if len(st) != 1 {
		t.Fatal("no status line")
	}
	if n := inkColumns(img, st[0]); n < 2*len([]rune(st[0].Text)) {
		t.Errorf("the status line %q shows ink in %d columns only", st[0].Text, n)
	}
	c.close()
	select {
	case <-c.exit:
	case <-time.After(10 * time.Second):
		t.Fatal("the window did not close")
	}
	if _, err := os.Stat(filepath.Join(dir, "game-xiangqi.json")); err != nil {
		t.Errorf("the game was not saved on exit: %v", err)
	}
}

// inkColumns counts the columns of o's box (a text's) that hold a pixel of the panel's text
// colour.
func inkColumns(img image.Image, o desktop.Op) int {
	return inkOf(img, o, color.RGBA{0x22, 0x22, 0x22, 0xff})
}

// inkOf counts the columns of o's box that hold a pixel of colour ink.
func inkOf(img image.Image, o desktop.Op, ink color.RGBA) int {
	n := 0
	for x := int(o.X); x < int(o.X+o.W); x++ {
		for y := int(o.Y); y < int(o.Y+o.H); y++ {
			if near(sample(img, float32(x), float32(y)), ink) {
				n++
				break
			}
		}
	}
	return n
}

// TestWindowQuickClicks: a press and release that reach the window within one frame still
// click (Ebiten polls the button once a frame, with GLFW's sticky buttons off: such clicks
// were lost, 2 or 3 in 20).
func TestWindowQuickClicks(t *testing.T) {
	c := start(t, t.TempDir(), "en_US.UTF-8")
	for _, mv := range [][2]string{{"h2", "e2"}} {
		fx, fy := place(t, "", mv[0])
		tx, ty := place(t, "", mv[1])
		c.quickClick(fx, fy)
		c.quickClick(tx, ty)
	}
	c.wait("person moved ply 1", 10*time.Second)
}

// TestWindowTapsInARow: taps on + one after the other, 80 ms apart (a person raising the
// level by three), then two with nothing between (within one frame), each count: the level
// goes from 1 to 6. With GLFW's sticky buttons the poll after each release still read the
// button down and no frame came to read it up before the next tap, which was then no press;
// two taps within a frame were one at most.
func TestWindowTapsInARow(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "settings.json"), []byte(`{"level":1}`), 0o644)
	c := start(t, dir, "en_US.UTF-8")
	c.wait("painted 1", 60*time.Second)
	a := desktop.New(desktop.Config{Store: desktop.Store{Dir: t.TempDir()}, Pipe: desktop.NewLocalPipe()})
	a.Resize(winW, winH)
	b := a.Scene().Find("button level:+")
	if len(b) != 1 {
		t.Fatal("no + button")
	}
	x, y := b[0].X+b[0].W/2, b[0].Y+b[0].H/2
	c.taps(x, y, 3, 80*time.Millisecond)
	c.taps(x, y, 2, 0)
	for range 5 {
		c.wait("press", 5*time.Second)
		c.wait("release", 5*time.Second)
	}
	c.close()
	c.wait("closed", 10*time.Second)
	<-c.exit
	data, _ := os.ReadFile(filepath.Join(dir, "settings.json"))
	if !strings.Contains(string(data), `"level": 6`) {
		t.Errorf("after five taps on +: %s, want level 6", data)
	}
}

// TestWindowTapAfterAMove: a tap at the end of a movement of the pointer is seen at once. At
// Ebiten's 60 ticks a second, a frame that came within a tick of the one before ran no Update,
// and the tap it brought waited for the next event or the heartbeat (up to 250 ms: a third of
// such taps took over 50 ms, the slowest 230).
func TestWindowTapAfterAMove(t *testing.T) {
	c := start(t, t.TempDir(), "en_US.UTF-8")
	c.wait("painted 1", 60*time.Second)
	time.Sleep(time.Second) // the first frames are slow on a software renderer
	var slow []time.Duration
	for i := range 20 {
		x, y := float32(100+i*3), float32(100) // on the board, off any piece
		for k := range 8 {
			c.fake(xproto.MotionNotify, 0, x+float32(k), y)
			time.Sleep(4 * time.Millisecond)
		}
		t0 := time.Now()
		c.fake(xproto.ButtonPress, 1, x+8, y)
		c.fake(xproto.ButtonRelease, 1, x+8, y)
		c.wait("press", 5*time.Second)
		if d := time.Since(t0); d > 120*time.Millisecond {
			slow = append(slow, d.Round(time.Millisecond))
		}
		c.wait("release", 5*time.Second)
		time.Sleep(300 * time.Millisecond)
	}
	if len(slow) > 0 {
		t.Errorf("taps after a movement seen late (of 20): %v", slow)
	}
}

// TestWindowCloseDuringSearch: while the engine searches (level 10: 5 s) the window keeps
// drawing, and closing it ends the program at once; the frame times go to the log.
func TestWindowCloseDuringSearch(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "settings.json"), []byte(`{"level":10}`), 0o644)
	// An endgame off the book, the person (Red) to move.
	fen := filepath.Join(dir, "endgame.fen")
	os.WriteFile(fen, []byte("3akab2/9/4b4/p3p3p/2p6/6P2/P3P3P/4B4/4A4/2BAK4 w - - 0 1\n"), 0o644)
	c := start(t, dir, "C", fen)
	// Frames are slow at first on a software renderer (shaders compile): measure after.
	c.wait("painted 1", 60*time.Second)
	time.Sleep(time.Second)
	// You: Black: the computer takes Red and searches.
	a := desktop.New(desktop.Config{Store: desktop.Store{Dir: t.TempDir()}, Pipe: desktop.NewLocalPipe()})
	a.Resize(winW, winH)
	b := a.Scene().Find("button play-black")
	if len(b) != 1 {
		t.Fatal("no You: Black button")
	}
	c.click(b[0].X+b[0].W/2, b[0].Y+b[0].H/2)
	time.Sleep(2500 * time.Millisecond)
	for _, l := range c.log {
		if strings.HasPrefix(l, "engine moved") {
			t.Fatalf("the engine answered within 2.5 s at level 10: %q", c.log)
		}
	}
	t0 := time.Now()
	c.close()
	c.wait("closed", 5*time.Second)
	stats := c.wait("frames while the engine searched", 5*time.Second)
	select {
	case <-c.exit:
	case <-time.After(5 * time.Second):
		t.Fatal("the program did not end after its window closed")
	}
	took := time.Since(t0)
	t.Logf("closed during the search: the program ended %v after the close request", took.Round(time.Millisecond))
	t.Logf("%s", stats)
	// The search had 2.5 s to go: a program that waited for it would take that long.
	if took > 2*time.Second {
		t.Errorf("closing during a 5 s search took %v", took)
	}
	// A frame loop blocked by the search would draw one frame at most; this machine's software
	// renderer, shared with other work, draws 5 to 60 a second (the figures are logged above).
	m := regexp.MustCompile(`engine searched: n=(\d+)`).FindStringSubmatch(stats)
	if n, _ := strconv.Atoi(m[1]); n < 5 {
		t.Errorf("only %d frames drawn in 2.5 s of search: the window did not keep drawing", n)
	}
	data, err := os.ReadFile(filepath.Join(dir, "game-xiangqi.json"))
	if err != nil || !strings.Contains(string(data), "3akab2/9/4b4") || !strings.Contains(string(data), `"human": "b"`) {
		t.Errorf("the game (the person playing Black) was not saved on exit: %s %v", data, err)
	}
}

// TestWindowRecordShown: an imported game's players (above the move list) and the comment on
// the shown move (under it, once the import's message is dismissed: at 800×600 the list has
// no room for it beside the message) are drawn in the window, at 800×600 in Chinese and
// English; the comment holds characters the font lacks (Hangul, an emoji, a rare character),
// which draw as the font's blank and break nothing. The frames are written
// (QIPAN_DESKTOP_SHOT_DIR, else bin/) for a person to look at.
func TestWindowRecordShown(t *testing.T) {
	const w, h = 800, 600
	pgn := "[Event \"全国象棋个人赛\"]\n[Date \"1999.11.20\"]\n[Red \"许银川\"]\n[Black \"吕钦\"]\n\n" +
		"1. 炮二平五 {中炮开局} 马8进7 2. 马二进三 车9平8 {屏风马，한국어 ♟ 𠀀 之后双方对攻。} *\n"
	for _, tc := range []struct {
		locale string
		lang   i18n.Lang
	}{{"zh_CN.UTF-8", i18n.Simplified}, {"en_US.UTF-8", i18n.English}} {
		t.Run(tc.locale, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, "record.pgn")
			os.WriteFile(file, []byte(pgn), 0o644)
			c := start(t, dir, tc.locale, "-size", fmt.Sprintf("%dx%d", w, h), file)
			c.wait("painted 1", 60*time.Second)
			a := desktop.New(desktop.Config{Store: desktop.Store{Dir: t.TempDir()}, Pipe: desktop.NewLocalPipe(), Lang: tc.lang})
			a.Resize(w, h)
			a.DropFile(file, []byte(pgn))
			d := a.Scene().Find("button dismiss")
			if len(d) != 1 {
				t.Fatal("no message to dismiss")
			}
			c.click(d[0].X+d[0].W/2, d[0].Y+d[0].H/2)
			a.Button("dismiss")
			c.wait("painted", 10*time.Second)
			time.Sleep(300 * time.Millisecond)
			img := c.shotTo(fmt.Sprintf("desktop-record-%dx%d-%s.png", w, h, tc.lang))
			s := a.Scene()
			for _, tag := range []string{"players", "comment"} {
				ops := s.Find(tag)
				if len(ops) == 0 {
					t.Fatalf("no %s in the scene", tag)
				}
				if n := inkColumns(img, ops[0]); n < len([]rune(ops[0].Text)) {
					t.Errorf("the %s %q shows ink in %d columns only", tag, ops[0].Text, n)
				}
			}
		})
	}
}

// capture is what the window shows now (XGetImage of the window, 24-bit TrueColor).
func (c *child) capture() image.Image {
	c.t.Helper()
	g, err := xproto.GetGeometry(c.x, xproto.Drawable(c.win)).Reply()
	if err != nil {
		c.t.Fatal(err)
	}
	r, err := xproto.GetImage(c.x, xproto.ImageFormatZPixmap, xproto.Drawable(c.win), 0, 0, g.Width, g.Height, 0xffffffff).Reply()
	if err != nil {
		c.t.Fatal(err)
	}
	img := image.NewRGBA(image.Rect(0, 0, int(g.Width), int(g.Height)))
	for i := 0; i+3 < len(r.Data) && i < len(img.Pix); i += 4 { // BGRX
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = r.Data[i+2], r.Data[i+1], r.Data[i], 0xff
	}
	return img
}

// TestWindowSizes: the board at four window sizes, from the smallest supported to a large
// screen, with a game imported from the command line over a kept one (the message, the offer
// to bring the kept game back), the computer's move and its engine line: each frame is written
// (QIPAN_DESKTOP_SHOT_DIR, else bin/) for a person to look at, and checked to fill its window.
func TestWindowSizes(t *testing.T) {
	shots := os.Getenv("QIPAN_DESKTOP_SHOT_DIR")
	if shots == "" {
		shots = "../../bin"
	}
	pgn := "[Event \"sizes\"]\n1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 马2进3 4. 兵七进一 卒7进1 5. 车二进六 炮8平9 6. 车二平三 炮9退1\n"
	for _, sz := range [][2]int{{640, 480}, {600, 1000}, {1920, 1080}, {2560, 1440}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "settings.json"), []byte(`{"level":1}`), 0o644)
			os.WriteFile(filepath.Join(dir, "game-xiangqi.json"), []byte(`{"v":1,"start":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","moves":"h2e2 h9g7","ply":2}`), 0o644)
			file := filepath.Join(dir, "game.pgn")
			os.WriteFile(file, []byte(pgn), 0o644)
			shot, _ := filepath.Abs(filepath.Join(shots, fmt.Sprintf("desktop-%dx%d.png", sz[0], sz[1])))
			os.Remove(shot)
			c := start(t, dir, "zh_CN.UTF-8", "-size", fmt.Sprintf("%dx%d", sz[0], sz[1]), "-shot", shot, file)
			if scr := xproto.Setup(c.x).DefaultScreen(c.x); int(scr.WidthInPixels) < sz[0] || int(scr.HeightInPixels) < sz[1] {
				cantRun(t, fmt.Sprintf("the X screen is %dx%d: run Xvfb with -screen 0 2600x1500x24 (./build.sh test does)", scr.WidthInPixels, scr.HeightInPixels))
			}
			a := desktop.New(desktop.Config{Store: desktop.Store{Dir: t.TempDir()}, Pipe: desktop.NewLocalPipe(), Lang: i18n.Simplified})
			a.Resize(float32(sz[0]), float32(sz[1]))
			b := a.Scene().Find("button play-black")
			if len(b) != 1 {
				t.Fatal("no You: Black button")
			}
			c.click(b[0].X+b[0].W/2, b[0].Y+b[0].H/2)
			c.wait("engine moved", 30*time.Second)
			c.wait("screenshot", 10*time.Second)
			img := readPNG(t, shot)
			if got := img.Bounds(); got.Dx() != sz[0] || got.Dy() != sz[1] {
				t.Fatalf("the frame is %v, want %dx%d", got, sz[0], sz[1])
			}
			t.Logf("screenshot %s", shot)
		})
	}
}

// TestWindowIdle: a window with nothing happening paints nothing and costs under 5 % of a
// core (it repainted 60 times a second, 40-90 % of a core under Xvfb, before it drew only on
// change).
func TestWindowIdle(t *testing.T) {
	c := start(t, t.TempDir(), "C")
	c.wait("painted 1", 60*time.Second)
	time.Sleep(2 * time.Second) // settled
	painted := func() int {
		n := 0
		for {
			select {
			case l := <-c.lines:
				c.log = append(c.log, l)
				continue
			default:
			}
			break
		}
		for _, l := range c.log {
			if strings.HasPrefix(l, "painted") {
				n++
			}
		}
		return n
	}
	before, cpu0 := painted(), cpuTicks(t, c.cmd.Process.Pid)
	time.Sleep(5 * time.Second)
	after, cpu1 := painted(), cpuTicks(t, c.cmd.Process.Pid)
	share := float64(cpu1-cpu0) / clockTicks / 5
	t.Logf("idle for 5 s: %d frames painted, %.1f %% of a core", after-before, share*100)
	if after != before {
		t.Errorf("the idle window painted %d frames in 5 s", after-before)
	}
	if share > 0.05 {
		t.Errorf("the idle window used %.1f %% of a core", share*100)
	}
}

// clockTicks is the kernel's USER_HZ, the unit of /proc/PID/stat's times (100 on Linux
// everywhere Go runs).
const clockTicks = 100

// cpuTicks is the CPU time (user + system) process pid has used, in clock ticks.
func cpuTicks(t *testing.T, pid int) int {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	// The fields after the command (which is in parentheses and may hold spaces): utime is
	// the 14th field of the line, stime the 15th.
	f := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+2:]))
	u, _ := strconv.Atoi(f[11])
	s, _ := strconv.Atoi(f[12])
	return u + s
}

func cellSize(t *testing.T) float32 {
	x1, _ := place(t, "", "a0")
	x2, _ := place(t, "", "b0")
	return x2 - x1
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func sample(img image.Image, x, y float32) color.RGBA {
	r, g, b, a := img.At(int(x), int(y)).RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

func near(a, b color.RGBA) bool {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return d(a.R, b.R) < 24 && d(a.G, b.G) < 24 && d(a.B, b.B) < 24
}

// TestFlags: with a display, -h prints the usage (exit 0), a bad flag or a flag's bad value
// says so (exit 2, as the flag package's own; a bad flag was exit 1, said twice).
func TestFlags(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		cantRun(t, "no DISPLAY: run it under xvfb-run (./build.sh test does)")
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-h"}, 0, "usage: qipan-desktop"},
		{[]string{"-bogus"}, 2, "flag provided but not defined: -bogus"},
		{[]string{"-size", "1x1"}, 2, `-size "1x1": want WxH`},
		{[]string{"-sound", "loud"}, 2, `-sound "loud": want auto, on or off`},
	} {
		code, out := runChild(t, os.Environ(), tc.args)
		if code != tc.code || strings.Count(out, tc.want) != 1 || strings.Contains(out, "panic") {
			t.Errorf("%q: exit %d, said %q; want exit %d saying %q once", tc.args, code, out, tc.code, tc.want)
		}
	}
}

// TestNoDisplay: with no display (DISPLAY unset, or naming no X server; Wayland's alone is
// none: Ebiten draws through X), the program answers its command line in a line or the usage,
// never with Ebiten's panic (package nodisplay runs before Ebiten's init).
func TestNoDisplay(t *testing.T) {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			env = append(env, kv)
		}
	}
	for _, tc := range []struct {
		env  []string
		args []string
		code int
		want string
	}{
		{nil, []string{"-h"}, 0, "usage: qipan-desktop"},
		{nil, []string{"-bogus"}, 2, "flag provided but not defined: -bogus"},
		{nil, nil, 1, "no display to open a window on: DISPLAY is not set"},
		{[]string{"WAYLAND_DISPLAY=wayland-0"}, nil, 1, "DISPLAY is not set"},
		{[]string{"DISPLAY=:4321"}, nil, 1, "no X server answers at DISPLAY=:4321"},
		{[]string{"DISPLAY=:4321"}, []string{"-h"}, 0, "usage: qipan-desktop"},
	} {
		code, out := runChild(t, append(env, tc.env...), tc.args)
		if code != tc.code || !strings.Contains(out, tc.want) || strings.Contains(out, "panic") || tc.code == 1 && strings.Count(out, "\n") != 1 {
			t.Errorf("%q %q: exit %d, said %q; want exit %d saying %q", tc.env, tc.args, code, out, tc.code, tc.want)
		}
	}
}

// runChild runs the program with env and args, and returns its exit status and what it said.
func runChild(t *testing.T, env, args []string) (int, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(env, childEnv+"=1")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), string(out)
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, string(out)
}

// TestWindowClock plays a two-player game at 6 s each in the window (the time control chosen
// in the kept game, as the clock button or a restart leaves it): Red's flag falls and the
// status says so; Undo lifts it.
func TestWindowClock(t *testing.T) {
	dir := t.TempDir()
	saved := `{"v":1,"start":"` + xiangqi.StartFEN + `","moves":"","ply":0,"flipped":false,"two":true,"nextClock":"0.1+0"}`
	if err := os.WriteFile(filepath.Join(dir, "game-xiangqi.json"), []byte(saved), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, dir, "zh_CN.UTF-8")
	for i, mv := range [][2]string{{"h2", "e2"}, {"h9", "g7"}} {
		x, y := place(t, "", mv[0])
		c.click(x, y)
		x, y = place(t, "", mv[1])
		c.click(x, y)
		c.wait(fmt.Sprintf("person moved ply %d", i+1), 10*time.Second)
	}
	c.wait("clock: Red loses on time", 15*time.Second)
	c.wait("painted", 10*time.Second)
	time.Sleep(300 * time.Millisecond)
	c.shotTo("desktop-clock-flag-zh-hans.png")
	c.click(button(t, i18n.Simplified, "undo"))
	c.wait("button undo", 10*time.Second)
	c.close()
	<-c.exit
	data, err := os.ReadFile(filepath.Join(dir, "game-xiangqi.json"))
	var kept play.Saved
	if err == nil {
		err = json.Unmarshal(data, &kept)
	}
	if err != nil || kept.Clock == nil || kept.Clock.TC != "0.1+0" || kept.Clock.Flagged != -1 || kept.Ply != 1 {
		t.Errorf("the kept game after Undo: %v\n%s", err, data)
	}
}
