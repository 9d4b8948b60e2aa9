//go:build xvfb

package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jezek/xgb/xproto"
	"github.com/jezek/xgb/xtest"

	"qipan/app/desktop"
	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/engine/xiangqi"
	"qipan/web/puzzles"
)

// X keysyms of the keys the test presses.
const (
	xkReturn   = 0xff0d
	xkHome     = 0xff50
	xkUp       = 0xff52
	xkDown     = 0xff54
	xkPageUp   = 0xff55
	xkPageDown = 0xff56
	xkEnd      = 0xff57
	xkH        = 0x68
	xkP        = 0x70
)

// key presses and releases the key of keysym sym, as a person does, and waits until the
// program has seen it (its trace's "key" line).
func (c *child) key(sym xproto.Keysym) {
	c.t.Helper()
	code := c.keycode(sym)
	for _, typ := range []byte{xproto.KeyPress, xproto.KeyRelease} {
		if err := xtest.FakeInputChecked(c.x, typ, byte(code), 0, c.root, 0, 0, 0).Check(); err != nil {
			c.t.Fatal(err)
		}
		c.x.Sync()
		if typ == xproto.KeyPress {
			c.wait("key ", 10*time.Second)
		}
	}
	// Ebiten reads the keys once a frame: a frame must see the key up before the next press
	// (the heartbeat brings one within 250 ms).
	time.Sleep(300 * time.Millisecond)
}

// keycode is the X server's keycode for keysym sym.
func (c *child) keycode(sym xproto.Keysym) xproto.Keycode {
	c.t.Helper()
	setup := xproto.Setup(c.x)
	n := byte(setup.MaxKeycode - setup.MinKeycode + 1)
	m, err := xproto.GetKeyboardMapping(c.x, setup.MinKeycode, n).Reply()
	if err != nil {
		c.t.Fatal(err)
	}
	per := int(m.KeysymsPerKeycode)
	for i := 0; i < int(n); i++ {
		for j := 0; j < per; j++ {
			if m.Keysyms[i*per+j] == sym {
				return setup.MinKeycode + xproto.Keycode(i)
			}
		}
	}
	c.t.Fatalf("no keycode for keysym %#x", sym)
	return 0
}

// shotTo writes what the window shows now to bin/ (or QIPAN_DESKTOP_SHOT_DIR) as name, for a
// person to look at, and returns it.
func (c *child) shotTo(name string) image.Image {
	c.t.Helper()
	shots := os.Getenv("QIPAN_DESKTOP_SHOT_DIR")
	if shots == "" {
		shots = "../../bin"
	}
	shot, _ := filepath.Abs(filepath.Join(shots, name))
	os.MkdirAll(filepath.Dir(shot), 0o755)
	img := c.capture()
	f, err := os.Create(shot)
	if err != nil {
		c.t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		c.t.Fatal(err)
	}
	c.t.Logf("screenshot %s", shot)
	return img
}

// TestWindowSolvesAPuzzle: in the window, in Chinese and in English, the Puzzles button opens
// the list; the keys go down it to 梦入神机 No. 42 (mate in two) and Enter opens it; H asks the
// hint; two clicks play the first move, the engine defends, two clicks mate: the puzzle is
// solved, the status says so in the locale's language, and the progress is in the config
// directory after the window closes; the list again marks it ✓. The solved puzzle and the list
// are written as screenshots (bin/desktop-puzzle-solved-LANG.png, bin/desktop-puzzles-LANG.png).
func TestWindowSolvesAPuzzle(t *testing.T) {
	list, err := puzzles.For(play.VariantXiangqi)
	if err != nil {
		t.Fatal(err)
	}
	at := -1
	for i, p := range list {
		if play.PuzzleID(p) == "梦入神机 42" {
			at = i
		}
	}
	if at < 0 {
		t.Fatal("no 梦入神机 42 in the collection")
	}
	pz := list[at]
	for _, tc := range []struct {
		locale string
		lang   i18n.Lang
	}{{"zh_CN.UTF-8", i18n.Simplified}, {"en_US.UTF-8", i18n.English}} {
		t.Run(tc.locale, func(t *testing.T) {
			dir := t.TempDir()
			c := start(t, dir, tc.locale)
			c.wait("painted 1", 60*time.Second)
			c.click(button(t, tc.lang, "puzzles"))
			c.wait("puzzles listed", 10*time.Second)
			// Where the window draws what the test looks at: the same app at the same size.
			a := desktop.New(desktop.Config{Store: desktop.Store{Dir: t.TempDir()}, Pipe: desktop.NewLocalPipe(), Lang: tc.lang})
			a.Resize(winW, winH)
			keys := listKeys(len(list), at)
			for _, k := range keys {
				c.key(k.x)
			}
			c.key(xkReturn)
			c.wait("puzzle opened 梦入神机 42", 10*time.Second)
			c.key(xkH)
			c.wait("painted", 10*time.Second)
			// The first move (proven), the engine's defence, then the mate.
			pos, err := xiangqi.ParseFEN(pz.FEN)
			if err != nil {
				t.Fatal(err)
			}
			first := pz.First[0]
			c.clickSquares(first)
			c.wait("person moved ply 1", 10*time.Second)
			var from, to int
			if _, err := fmt.Sscanf(c.wait("engine moved ply 2", 30*time.Second), "engine moved ply 2 %d-%d", &from, &to); err != nil {
				t.Fatal(err)
			}
			for _, mv := range []string{first, xiangqi.NewMove(xiangqi.Square(from), xiangqi.Square(to)).String()} {
				m, err := xiangqi.ParseMove(mv)
				if err != nil || !pos.IsLegal(m) {
					t.Fatalf("move %s: %v", mv, err)
				}
				pos.Make(m)
			}
			mate := ""
			for _, m := range pos.LegalMoves() {
				u := pos.Make(m)
				if pos.Status() == xiangqi.Checkmate {
					mate = m.String()
				}
				pos.Unmake(m, u)
			}
			if mate == "" {
				t.Fatalf("no mate in one after the defence in %s", pos.FEN())
			}
			c.clickSquares(mate)
			c.wait("puzzle solved 梦入神机 42", 10*time.Second)
			c.wait("painted", 10*time.Second)
			time.Sleep(300 * time.Millisecond)
			img := c.shotTo(fmt.Sprintf("desktop-puzzle-solved-%s.png", tc.lang))
			// The status line says it is solved, in the locale's language: its box holds ink.
			st := a.Scene().Find("status")
			if len(st) == 0 {
				t.Fatal("no status line")
			}
			solved := tc.lang.T(i18n.PuzzleSolved)
			if n := inkColumns(img, st[0]); n < 2*len([]rune(solved)) {
				t.Errorf("the status line shows ink in %d columns, for %q", n, solved)
			}
			// The list again, on the puzzle solved: marked ✓ (in the solved colour) in the
			// column before its name.
			c.key(xkP)
			c.wait("puzzles listed", 10*time.Second)
			c.wait("painted", 10*time.Second)
			time.Sleep(300 * time.Millisecond)
			img = c.shotTo(fmt.Sprintf("desktop-puzzles-%s.png", tc.lang))
			a.Key(desktop.KeyPuzzles)
			for _, k := range keys {
				a.Key(k.app)
				a.Scene() // a frame after each key, as in the window: the list follows the cursor
			}
			a.Key(desktop.KeyEnter)
			a.Key(desktop.KeyPuzzles)
			name := a.Scene().Find(fmt.Sprintf("puzzle %d", at))
			if len(name) != 1 {
				t.Fatal("the puzzle's entry is not in the list")
			}
			markBox := desktop.Op{X: name[0].X - name[0].H, Y: name[0].Y, W: name[0].H, H: name[0].H}
			if n := inkOf(img, markBox, color.RGBA{0x2e, 0xa0, 0x43, 0xff}); n < 3 {
				t.Errorf("the solved puzzle's ✓ shows in %d columns of %+v (the name at %+v)", n, markBox, name[0])
			}
			c.close()
			<-c.exit
			data, err := os.ReadFile(filepath.Join(dir, "puzzles.json"))
			if err != nil || !strings.Contains(string(data), `"梦入神机 42": "solved"`) {
				t.Errorf("the progress kept: %s %v", data, err)
			}
		})
	}
}

// listKey is a key both as X names it and as the app does.
type listKey struct {
	x   xproto.Keysym
	app desktop.Key
}

// listKeys are the keys that take the cursor of a list of n puzzles to entry i, the shorter
// way: down from the top, or up from the bottom.
func listKeys(n, i int) []listKey {
	start, page, step, k := listKey{xkHome, desktop.KeyHome}, listKey{xkPageDown, desktop.KeyPageDown}, listKey{xkDown, desktop.KeyDown}, i
	if n-1-i < i {
		start, page, step, k = listKey{xkEnd, desktop.KeyEnd}, listKey{xkPageUp, desktop.KeyPageUp}, listKey{xkUp, desktop.KeyUp}, n-1-i
	}
	keys := []listKey{start}
	for range k / 10 {
		keys = append(keys, page)
	}
	for range k % 10 {
		keys = append(keys, step)
	}
	return keys
}

// clickSquares clicks the two squares of move mv ("c0c9") in a Xiangqi window of winW×winH.
func (c *child) clickSquares(mv string) {
	c.t.Helper()
	for _, sq := range []string{mv[:2], mv[2:]} {
		x, y := place(c.t, "", sq)
		c.click(x, y)
	}
}
