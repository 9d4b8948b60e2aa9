package desktop

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"qipan/app/play"
)

// fakeLink is an engine that answers only what the test tells it to.
type fakeLink struct {
	sent []string
	out  []string
}

func (f *fakeLink) Send(lines ...string) { f.sent = append(f.sent, lines...) }
func (f *fakeLink) Lines() []string {
	out := f.out
	f.out = nil
	return out
}

type fakeClipboard struct {
	text string
	err  error
}

func (c *fakeClipboard) Read() (string, error) { return c.text, c.err }
func (c *fakeClipboard) Write(t string) error {
	if c.err != nil {
		return c.err
	}
	c.text = t
	return nil
}

// newTestApp returns an app on a 1000×700 window, keeping its files in a temporary directory.
func newTestApp(t *testing.T, link Link) (*App, *[]string) {
	t.Helper()
	var trace []string
	a := New(Config{
		Store:     Store{Dir: t.TempDir()},
		Engine:    link,
		Clipboard: &fakeClipboard{},
		ExportDir: t.TempDir(),
		Trace:     func(s string) { trace = append(trace, s) },
	})
	a.Resize(1000, 700)
	a.Tick(time.Now())
	return a, &trace
}

// clickAt clicks the board square named name.
func clickAt(t *testing.T, a *App, name string) {
	t.Helper()
	x, y, ok := a.Place(name)
	if !ok {
		t.Fatalf("no square %s", name)
	}
	a.PointerDown(x, y)
	a.PointerUp(x, y)
}

// pressButton clicks the panel button id where the scene draws it.
func pressButton(t *testing.T, a *App, id string) {
	t.Helper()
	ops := a.Scene().Find("button " + id)
	if len(ops) != 1 {
		t.Fatalf("button %s drawn %d times", id, len(ops))
	}
	o := ops[0]
	a.PointerDown(o.X+o.W/2, o.Y+o.H/2)
	a.PointerUp(o.X+o.W/2, o.Y+o.H/2)
}

// TestClickMoveEngineRedraw is the main path with the real engine in this process: two clicks
// play a move, the engine answers within its time limit while frames go on, and the next
// scene shows both moves, the last move marked and the move list.
func TestClickMoveEngineRedraw(t *testing.T) {
	a, trace := newTestApp(t, NewLocalEngine())
	pressButton(t, a, "level:-")
	for a.Settings().Level > play.MinLevel {
		pressButton(t, a, "level:-")
	}
	clickAt(t, a, "h2")
	if s := a.Scene(); len(s.Find("selected")) != 1 || len(s.Find("target e2")) != 1 {
		t.Fatalf("after clicking h2: selected %d, target e2 %d", len(s.Find("selected")), len(s.Find("target e2")))
	}
	clickAt(t, a, "e2")
	if got := a.Sounds(); !slices.Equal(got, []play.Sound{play.SoundMove}) {
		t.Errorf("sounds after the move: %v", got)
	}
	s := a.Scene()
	if len(s.Find("piece e2")) != 1 || len(s.Find("piece h2")) != 0 {
		t.Fatalf("the cannon is not drawn on e2")
	}
	if got := s.Find("status"); len(got) != 1 || got[0].Text != "Computer is thinking…" {
		t.Errorf("status while the engine thinks: %v", got)
	}
	deadline := time.Now().Add(10 * time.Second)
	frames := 0
	for a.Board().Ply() < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("no engine reply after %d frames; trace %q", frames, *trace)
		}
		time.Sleep(5 * time.Millisecond)
		a.Tick(time.Now())
		a.Scene() // a frame goes on while the engine thinks
		frames++
	}
	s = a.Scene()
	if len(s.Find("last")) != 2 {
		t.Errorf("last move marks: %d, want 2", len(s.Find("last")))
	}
	if m := s.Find("move 2"); len(m) != 1 || m[0].Text == "" {
		t.Errorf("the engine's move is not in the move list: %v", m)
	}
	if got := s.Find("status"); got[0].Text != "Your move (Red)" {
		t.Errorf("status after the reply: %q", got[0].Text)
	}
	if !slices.ContainsFunc(*trace, func(l string) bool { return strings.HasPrefix(l, "engine moved ply 2") }) {
		t.Errorf("trace %q lacks the engine's move", *trace)
	}
}

func TestDragAndDrop(t *testing.T) {
	link := &fakeLink{}
	a, _ := newTestApp(t, link)
	fx, fy, _ := a.Place("b0")
	tx, ty, _ := a.Place("c2")
	a.PointerDown(fx, fy)
	a.PointerMove((fx+tx)/2, (fy+ty)/2)
	s := a.Scene()
	if d := s.Find("dragged"); len(d) != 1 || d[0].X != (fx+tx)/2 {
		t.Fatalf("dragged piece: %v", d)
	}
	a.PointerMove(tx, ty)
	a.PointerUp(tx, ty)
	if a.Board().Ply() != 1 || a.Board().Piece(a.Board().Cell(2, 7)) != 'N' {
		t.Fatalf("drag b0→c2 did not play: ply %d", a.Board().Ply())
	}
	if !slices.Contains(link.sent, "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves b0c2") {
		t.Errorf("engine was sent %q", link.sent)
	}
	// A drag dropped off any target leaves the piece where it was, still selected.
	link.out = []string{"bestmove h9g7"}
	a.Tick(time.Now())
	fx, fy, _ = a.Place("h2")
	a.PointerDown(fx, fy)
	c := a.Geometry().C // half-way between points: no square
	a.PointerMove(fx+c/2, fy+c/2)
	a.PointerUp(fx+c/2, fy+c/2)
	if a.Board().Ply() != 2 || a.Board().Selected() < 0 {
		t.Errorf("a drag to nowhere: ply %d selected %d", a.Board().Ply(), a.Board().Selected())
	}
	// Pressing and releasing the selected piece clears the selection.
	a.PointerDown(fx, fy)
	a.PointerUp(fx, fy)
	if a.Board().Selected() >= 0 {
		t.Errorf("second click kept the selection")
	}
}

func TestReversiFlipAndButtons(t *testing.T) {
	link := &fakeLink{}
	a, _ := newTestApp(t, link)
	pressButton(t, a, "game:reversi")
	if a.Board().Variant() != play.VariantReversi || a.Settings().Game != play.VariantReversi {
		t.Fatal("the game switch did not switch")
	}
	if n := len(a.Scene().Find("target f5")); n != 1 {
		t.Fatalf("f5 is not marked as a legal move (%d)", n)
	}
	start := time.Now()
	clickAt(t, a, "f5")
	a.Tick(start)
	a.Tick(start.Add(flipTime / 4))
	d := a.Scene().Find("disc e5 O") // e5 turns from white to black: white still shows, narrowing
	if len(d) != 1 || d[0].W >= d[0].H || d[0].W <= 0 {
		t.Fatalf("e5 mid-flip: %v", d)
	}
	a.Tick(start.Add(flipTime))
	if d := a.Scene().Find("disc e5 X"); len(d) != 1 || d[0].W != d[0].H {
		t.Fatalf("e5 after the flip: %v", d)
	}
	if !strings.Contains(strings.Join(link.sent, "\n"), "setoption name UCI_Variant value reversi") {
		t.Errorf("the engine was not switched to reversi: %q", link.sent)
	}
	link.out = []string{"bestmove d6"}
	a.Tick(start.Add(time.Second))
	pressButton(t, a, "undo")
	if a.Board().Ply() != 0 || a.Board().Len() != 2 {
		t.Errorf("undo: ply %d len %d", a.Board().Ply(), a.Board().Len())
	}
	pressButton(t, a, "redo")
	s := a.Scene()
	m := s.Find("move 1")
	if len(m) != 1 || m[0].Text != "f5" {
		t.Fatalf("move list: %v", m)
	}
	a.PointerDown(m[0].X+2, m[0].Y+2)
	if !a.Board().Reviewing() || a.Board().ShownPly() != 1 {
		t.Errorf("clicking move 1 did not review it")
	}
	pressButton(t, a, "live")
	pressButton(t, a, "flip")
	if !a.Board().Flipped() {
		t.Error("flip")
	}
	pressButton(t, a, "side:two")
	if a.Board().Mode() != play.TwoPlayer {
		t.Error("two players")
	}
	pressButton(t, a, "game:xiangqi")
	if a.Board().Variant() != play.VariantXiangqi {
		t.Error("back to xiangqi")
	}
}

func TestSaveRestoreAndCorrupt(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{Store: Store{Dir: dir}, Engine: &fakeLink{}}
	a := New(cfg)
	a.Resize(800, 800)
	clickAt(t, a, "h2")
	clickAt(t, a, "e2")
	a.Button("notation:wxf")
	a.Button("flip")
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	b := New(cfg)
	if b.Board().Ply() != 1 || b.Settings().Notation != play.WXF || !b.Board().Flipped() || b.Notice() != "" {
		t.Fatalf("restored ply %d notation %s flipped %v notice %q", b.Board().Ply(), b.Settings().Notation, b.Board().Flipped(), b.Notice())
	}
	for _, tc := range []struct{ file, content string }{
		{"game-xiangqi.json", "{not json"},
		{"game-xiangqi.json", `{"v":1,"start":"bad fen","moves":"","ply":0}`},
		{"game-reversi.json", `{"v":1,"game":"reversi","start":"` + strings.Repeat("-", 64) + ` X","moves":"f5","ply":1}`},
		{"settings.json", `[1,2]`},
	} {
		if err := os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.content), 0o644); err != nil {
			t.Fatal(err)
		}
		c := New(Config{Store: Store{Dir: dir, Now: func() time.Time { return time.Unix(1e9, 0) }}, Engine: &fakeLink{}})
		if !strings.Contains(c.Notice(), "set aside as "+tc.file+".corrupt-20010909-014640") {
			t.Errorf("%s %q: notice %q", tc.file, tc.content, c.Notice())
		}
		if _, err := os.Stat(filepath.Join(dir, tc.file+".corrupt-20010909-014640")); err != nil {
			t.Errorf("%s: not set aside: %v", tc.file, err)
		}
		if c.Board().Variant() != play.VariantXiangqi && tc.file == "settings.json" {
			t.Errorf("settings reset should show Xiangqi")
		}
		c.Resize(800, 800)
		c.Scene() // draws, whatever was lost
		os.Remove(filepath.Join(dir, tc.file+".corrupt-20010909-014640"))
	}
}

func TestImportExport(t *testing.T) {
	a, _ := newTestApp(t, &fakeLink{})
	clip := a.cfg.Clipboard.(*fakeClipboard)
	clickAt(t, a, "h2")
	clickAt(t, a, "e2")
	a.Key(KeyCopy)
	if clip.text != "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1" {
		t.Errorf("copied FEN %q", clip.text)
	}
	pressButton(t, a, "copy:3")
	if !strings.Contains(clip.text, "[Event \"qipan\"]") || !strings.Contains(clip.text, "H2-E2") {
		t.Errorf("copied PGN %q", clip.text)
	}
	clip.text = "1. 炮二平五 马8进7 2. 马二进三"
	a.Key(KeyPaste)
	if a.Board().Ply() != 3 || !strings.HasPrefix(a.Info(), "Loaded the PGN from the clipboard") {
		t.Errorf("pasted moves: ply %d, info %q", a.Board().Ply(), a.Info())
	}
	clip.text = "f5d6c3"
	a.Key(KeyPaste)
	if a.Board().Variant() != play.VariantReversi || a.Board().Ply() != 3 {
		t.Errorf("pasting a transcript in Xiangqi: variant %s ply %d, info %q", a.Board().Variant(), a.Board().Ply(), a.Info())
	}
	clip.text = "this is no game"
	a.Key(KeyPaste)
	if a.Board().Ply() != 3 || !strings.HasPrefix(a.Info(), "Could not import the clipboard") {
		t.Errorf("bad paste: ply %d info %q", a.Board().Ply(), a.Info())
	}
	// Without a working clipboard, copies go to files.
	clip.err = errors.New("no clipboard")
	pressButton(t, a, "copy:0")
	path := strings.TrimPrefix(a.Info(), "Wrote the transcript to ")
	if data, err := os.ReadFile(path); err != nil || string(data) != "f5d6c3\n" {
		t.Errorf("transcript file %q: %q %v (info %q)", path, data, err, a.Info())
	}
	pressButton(t, a, "game:xiangqi")
	pressButton(t, a, "savefile")
	path = strings.TrimPrefix(a.Info(), "Wrote the PGN to ")
	data, err := os.ReadFile(path)
	if err != nil || !strings.HasSuffix(path, ".pgn") {
		t.Fatalf("PGN file %q: %v", path, err)
	}
	b, _ := newTestApp(t, &fakeLink{})
	b.DropFile(path, data)
	if b.Board().Ply() != 3 {
		t.Errorf("dropped PGN: ply %d, info %q", b.Board().Ply(), b.Info())
	}
}

// TestWatchdog: a search that runs well past its time limit is stopped, and its answer
// played.
func TestWatchdog(t *testing.T) {
	link := &fakeLink{}
	a, _ := newTestApp(t, link)
	t0 := time.Now()
	a.Tick(t0)
	clickAt(t, a, "h2")
	clickAt(t, a, "e2")
	link.sent = nil
	a.Tick(t0.Add(time.Second + stopAfter - time.Millisecond))
	if len(link.sent) != 0 {
		t.Fatalf("sent %q before the deadline", link.sent)
	}
	a.Tick(t0.Add(time.Second + stopAfter + time.Second))
	if !slices.Equal(link.sent, []string{"stop"}) {
		t.Fatalf("sent %q past the deadline, want stop", link.sent)
	}
	link.out = []string{"bestmove h9g7"}
	a.Tick(t0.Add(7 * time.Second))
	if a.Board().Ply() != 2 {
		t.Errorf("the hurried answer was not played")
	}
}

func TestMoveNowHintAndKeys(t *testing.T) {
	link := &fakeLink{}
	a, _ := newTestApp(t, link)
	pressButton(t, a, "hint")
	link.out = []string{"bestmove h2e2"}
	a.Tick(time.Now())
	s := a.Scene()
	if len(s.Find("hint")) != 2 || !strings.HasPrefix(s.Find("hint-text")[0].Text, "Hint: H2-E2") {
		t.Errorf("hint: %v %v", s.Find("hint"), s.Find("hint-text"))
	}
	pressButton(t, a, "movenow") // the person's turn: the computer takes Red
	if a.Board().Human() != 1 || !a.Board().Engine().Thinking() {
		t.Fatalf("move now: human %d", a.Board().Human())
	}
	link.out = []string{"bestmove h2e2"}
	a.Tick(time.Now())
	clickAt(t, a, "h7")
	clickAt(t, a, "e7")
	link.out = []string{"bestmove h0g2"}
	a.Tick(time.Now())
	a.Key(KeyLeft)
	a.Key(KeyLeft)
	if a.Board().ShownPly() != 1 {
		t.Errorf("two steps back: shown %d", a.Board().ShownPly())
	}
	a.Key(KeyHome)
	a.Key(KeyRight)
	if a.Board().ShownPly() != 1 {
		t.Errorf("home, right: shown %d", a.Board().ShownPly())
	}
	pressButton(t, a, "continue")
	if a.Board().Ply() != 1 || a.Board().Reviewing() {
		t.Errorf("continue from 1: ply %d", a.Board().Ply())
	}
	a.Key(KeyEnd)
	a.Key(KeyUndo)
	a.Key(KeyRedo)
	a.Key(KeyEscape)
}

// TestCheckAndResult: a general in check glows; a finished game's result is the status line.
func TestCheckAndResult(t *testing.T) {
	a, _ := newTestApp(t, &fakeLink{})
	a.Import("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1", "a test") // the rook on e1 checks e9
	s := a.Scene()
	if c := s.Find("check"); len(c) != 1 {
		t.Fatalf("check marks: %d", len(c))
	}
	if st := s.Find("status")[0].Text; !strings.HasSuffix(st, "· Check!") {
		t.Errorf("status in check: %q", st)
	}
	a.Button("side:two")
	a.Import("3k5/4R4/4R4/9/9/9/9/9/9/5K3 b - - 0 1", "a test") // mated
	if st := a.Scene().Find("status")[0].Text; !strings.Contains(st, "Red wins") {
		t.Errorf("status at mate: %q", st)
	}
}
