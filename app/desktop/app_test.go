package desktop

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/app/sound"
)

// fakePipe is an engine that answers only what the test tells it to.
type fakePipe struct {
	sent []string
	out  []string
}

func (f *fakePipe) Send(lines ...string) { f.sent = append(f.sent, lines...) }
func (f *fakePipe) Lines() []string {
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
func newTestApp(t *testing.T, link Pipe) (*App, *[]string) {
	t.Helper()
	var trace []string
	a := New(Config{
		Store:     Store{Dir: t.TempDir()},
		Pipe:      link,
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
	a, trace := newTestApp(t, NewLocalPipe())
	pressButton(t, a, "level:-")
	for a.Settings().Level > play.MinLevel {
		pressButton(t, a, "level:-")
	}
	clickAt(t, a, "h2")
	if s := a.Scene(); len(s.Find("selected")) != 1 || len(s.Find("target e2")) != 1 {
		t.Fatalf("after clicking h2: selected %d, target e2 %d", len(s.Find("selected")), len(s.Find("target e2")))
	}
	clickAt(t, a, "e2")
	if got := a.Sounds(); !slices.Equal(got, []sound.Sound{sound.Move}) {
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
	for a.Table().Ply() < 2 {
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

// TestPointerWithinAFrame: what the window hands over in one frame, presses and releases in
// their order and places, is every click and drag it holds (issue 46: 7, clicks lost when a
// press and its release fell within one frame: 悔棋, a Reversi disc).
func TestPointerWithinAFrame(t *testing.T) {
	at := func(a *App, name string) PointerEvent {
		if x, y, ok := a.Place(name); ok {
			return PointerEvent{X: x, Y: y}
		}
		o := a.Scene().Find("button " + name)
		if len(o) != 1 {
			t.Fatalf("no square or button %s", name)
		}
		return PointerEvent{X: o[0].X + o[0].W/2, Y: o[0].Y + o[0].H/2}
	}
	// frame is a press on the first place, a release on the second, and so on.
	frame := func(a *App, names ...string) []PointerEvent {
		var evs []PointerEvent
		for i, n := range names {
			e := at(a, n)
			e.Down = i%2 == 0
			evs = append(evs, e)
		}
		return evs
	}
	ply := func(a *App) int { return a.Table().Ply() }
	level := func(a *App) int { return a.Settings().Level }
	for _, tc := range []struct {
		name   string
		setup  func(a *App)
		frame  func(a *App) []PointerEvent
		result func(a *App) int
		want   int
	}{
		{"悔棋 tapped", func(a *App) { a.Button("play-two"); clickAt(t, a, "h2"); clickAt(t, a, "e2") },
			func(a *App) []PointerEvent { return frame(a, "undo", "undo") }, ply, 0},
		{"a Reversi disc tapped", func(a *App) { a.Button("game:" + play.VariantReversi) },
			func(a *App) []PointerEvent { return frame(a, "f5", "f5") }, ply, 1},
		{"a piece tapped, then its target", func(a *App) {},
			func(a *App) []PointerEvent { return frame(a, "h2", "h2", "e2", "e2") }, ply, 1},
		{"a piece dragged", func(a *App) {},
			func(a *App) []PointerEvent { return frame(a, "b0", "c2") }, ply, 1},
		{"+ tapped twice", func(a *App) {},
			func(a *App) []PointerEvent { return frame(a, "level:+", "level:+", "level:+", "level:+") }, level, play.DefaultLevel + 2},
		{"a release whose press the window never saw", func(a *App) {},
			func(a *App) []PointerEvent { return frame(a, "level:+", "level:+")[1:] }, level, play.DefaultLevel},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, _ := newTestApp(t, &fakePipe{})
			tc.setup(a)
			evs := tc.frame(a)
			last := evs[len(evs)-1]
			a.Pointer(evs, last.X, last.Y)
			if got := tc.result(a); got != tc.want {
				t.Errorf("after the frame %+v: %d, want %d", evs, got, tc.want)
			}
		})
	}
}

func TestDragAndDrop(t *testing.T) {
	link := &fakePipe{}
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
	if a.Table().Ply() != 1 || a.Table().Piece(a.Table().Cell(2, 7)) != 'N' {
		t.Fatalf("drag b0→c2 did not play: ply %d", a.Table().Ply())
	}
	if !slices.Contains(link.sent, "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves b0c2") {
		t.Errorf("engine was sent %q", link.sent)
	}
	if !a.Timed() {
		t.Error("the engine's search, watched, does not wake the window")
	}
	// A drag dropped off any target leaves the piece where it was, still selected.
	link.out = []string{"bestmove h9g7"}
	a.Tick(time.Now())
	if a.Timed() {
		t.Error("the engine has moved and no clock runs: the window still wakes for time")
	}
	fx, fy, _ = a.Place("h2")
	a.PointerDown(fx, fy)
	c := a.Geometry().C // half-way between points: no square
	a.PointerMove(fx+c/2, fy+c/2)
	a.PointerUp(fx+c/2, fy+c/2)
	if a.Table().Ply() != 2 || a.Table().Selected() < 0 {
		t.Errorf("a drag to nowhere: ply %d selected %d", a.Table().Ply(), a.Table().Selected())
	}
	// Pressing and releasing the selected piece clears the selection.
	a.PointerDown(fx, fy)
	a.PointerUp(fx, fy)
	if a.Table().Selected() >= 0 {
		t.Errorf("second click kept the selection")
	}
}

func TestReversiFlipAndButtons(t *testing.T) {
	link := &fakePipe{}
	a, _ := newTestApp(t, link)
	pressButton(t, a, "game:reversi")
	if a.Table().Variant() != play.VariantReversi || a.Settings().Game != play.VariantReversi {
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
	if a.Table().Ply() != 0 || a.Table().Len() != 2 {
		t.Errorf("undo: ply %d len %d", a.Table().Ply(), a.Table().Len())
	}
	pressButton(t, a, "redo")
	s := a.Scene()
	m := s.Find("move 1")
	if len(m) != 1 || m[0].Text != "f5" {
		t.Fatalf("move list: %v", m)
	}
	a.PointerDown(m[0].X+2, m[0].Y+2)
	if !a.Table().Reviewing() || a.Table().ShownPly() != 1 {
		t.Errorf("clicking move 1 did not review it")
	}
	pressButton(t, a, "live")
	pressButton(t, a, "flip")
	if !a.Table().Flipped() {
		t.Error("flip")
	}
	pressButton(t, a, "play-two")
	if a.Table().Mode() != play.TwoPlayer {
		t.Error("two players")
	}
	pressButton(t, a, "game:xiangqi")
	if a.Table().Variant() != play.VariantXiangqi {
		t.Error("back to xiangqi")
	}
}

func TestSaveRestoreAndCorrupt(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{Store: Store{Dir: dir}, Pipe: &fakePipe{}}
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
	if b.Table().Ply() != 1 || b.Settings().Notation != play.WXF || !b.Table().Flipped() || b.Notice() != "" {
		t.Fatalf("restored ply %d notation %s flipped %v notice %q", b.Table().Ply(), b.Settings().Notation, b.Table().Flipped(), b.Notice())
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
		c := New(Config{Store: Store{Dir: dir, Now: func() time.Time { return time.Unix(1e9, 0) }}, Pipe: &fakePipe{}})
		if !strings.Contains(c.Notice(), "set aside as "+filepath.Join(dir, tc.file+".corrupt-20010909-014640")) {
			t.Errorf("%s %q: notice %q", tc.file, tc.content, c.Notice())
		}
		if _, err := os.Stat(filepath.Join(dir, tc.file+".corrupt-20010909-014640")); err != nil {
			t.Errorf("%s: not set aside: %v", tc.file, err)
		}
		if c.Table().Variant() != play.VariantXiangqi && tc.file == "settings.json" {
			t.Errorf("settings reset should show Xiangqi")
		}
		c.Resize(800, 800)
		c.Scene() // draws, whatever was lost
		os.Remove(filepath.Join(dir, tc.file+".corrupt-20010909-014640"))
	}
}

func TestImportExport(t *testing.T) {
	a, _ := newTestApp(t, &fakePipe{})
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
	if a.Table().Ply() != 3 || !strings.HasPrefix(a.Info(), "Loaded the PGN from the clipboard") {
		t.Errorf("pasted moves: ply %d, info %q", a.Table().Ply(), a.Info())
	}
	// A Reversi transcript pasted on the Xiangqi board opens in Reversi, which the board shows.
	clip.text = "f5d6c3"
	a.Key(KeyPaste)
	if a.Table().Variant() != play.VariantReversi || a.Table().Ply() != 3 {
		t.Errorf("pasting a transcript in Xiangqi: variant %s ply %d, info %q", a.Table().Variant(), a.Table().Ply(), a.Info())
	}
	clip.text = "this is no game"
	a.Key(KeyPaste)
	if a.Table().Ply() != 3 || !strings.HasPrefix(a.Info(), "Could not import the clipboard") {
		t.Errorf("bad paste: ply %d info %q", a.Table().Ply(), a.Info())
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
	b, _ := newTestApp(t, &fakePipe{})
	b.DropFile(path, data)
	if b.Table().Ply() != 3 {
		t.Errorf("dropped PGN: ply %d, info %q", b.Table().Ply(), b.Info())
	}
}

// TestWatchdog: a search that runs well past its time limit is stopped, and its answer
// played. The time is counted once the engine is ready, as on the page (play.Session): the
// engine says so first.
func TestWatchdog(t *testing.T) {
	link := &fakePipe{out: []string{"info string ready"}}
	a, _ := newTestApp(t, link)
	t0 := time.Now()
	a.Tick(t0)
	clickAt(t, a, "h2")
	clickAt(t, a, "e2")
	link.sent = nil
	a.Tick(t0.Add(time.Second + play.StopAfter - time.Millisecond))
	if len(link.sent) != 0 {
		t.Fatalf("sent %q before the deadline", link.sent)
	}
	a.Tick(t0.Add(time.Second + play.StopAfter + time.Second))
	if !slices.Equal(link.sent, []string{"stop"}) {
		t.Fatalf("sent %q past the deadline, want stop", link.sent)
	}
	link.out = []string{"bestmove h9g7"}
	a.Tick(t0.Add(7 * time.Second))
	if a.Table().Ply() != 2 {
		t.Errorf("the hurried answer was not played")
	}
}

func TestMoveNowHintAndKeys(t *testing.T) {
	link := &fakePipe{}
	a, _ := newTestApp(t, link)
	pressButton(t, a, "hint")
	link.out = []string{"bestmove h2e2"}
	a.Tick(time.Now())
	s := a.Scene()
	if len(s.Find("hint")) != 2 || !strings.HasPrefix(s.Find("hint-text")[0].Text, "Hint: H2-E2") {
		t.Errorf("hint: %v %v", s.Find("hint"), s.Find("hint-text"))
	}
	clickAt(t, a, "h2")
	clickAt(t, a, "e2")
	link.sent = nil
	pressButton(t, a, "move-now") // the computer's search, hurried
	if !slices.Equal(link.sent, []string{"stop"}) {
		t.Fatalf("move now sent %q, want stop", link.sent)
	}
	link.out = []string{"bestmove h7e7"}
	a.Tick(time.Now())
	clickAt(t, a, "h0")
	clickAt(t, a, "g2")
	link.out = []string{"bestmove h9g7"}
	a.Tick(time.Now())
	if a.Table().Ply() != 4 {
		t.Fatalf("ply %d after two moves each", a.Table().Ply())
	}
	a.Key(KeyLeft)
	a.Key(KeyLeft)
	a.Key(KeyLeft)
	if a.Table().ShownPly() != 1 {
		t.Errorf("three steps back: shown %d", a.Table().ShownPly())
	}
	a.Key(KeyHome)
	a.Key(KeyRight)
	if a.Table().ShownPly() != 1 {
		t.Errorf("home, right: shown %d", a.Table().ShownPly())
	}
	pressButton(t, a, "continue")
	if a.Table().Ply() != 1 || a.Table().Reviewing() {
		t.Errorf("continue from 1: ply %d", a.Table().Ply())
	}
	a.Key(KeyEnd)
	a.Key(KeyUndo)
	a.Key(KeyRedo)
	a.Key(KeyEscape)
}

// enabled reports whether the panel shows button id, and whether it can be pressed.
func enabled(a *App, id string) (shown, on bool) {
	for _, b := range a.layout().buttons {
		if b.id == id {
			return true, b.enabled
		}
	}
	return false, false
}

// TestMoveNowOnlyHurries: Move now can be pressed only while the computer searches for its
// move, in both games, and then plays its best move so far; otherwise (the person's turn, a
// hint search, two players) it is disabled and a press does nothing.
func TestMoveNowOnlyHurries(t *testing.T) {
	tests := []struct {
		name    string
		variant string
		two     bool
		move    []string // squares clicked
		hint    bool     // ask for a hint
		on      bool
		reply   string // the engine's best move so far, played on Move now
	}{
		{"xiangqi, the person's turn", play.VariantXiangqi, false, nil, false, false, ""},
		{"xiangqi, a hint search", play.VariantXiangqi, false, nil, true, false, ""},
		{"xiangqi, two players", play.VariantXiangqi, true, []string{"h2", "e2"}, false, false, ""},
		{"xiangqi, the computer searches", play.VariantXiangqi, false, []string{"h2", "e2"}, false, true, "bestmove h7e7"},
		{"reversi, the person's turn", play.VariantReversi, false, nil, false, false, ""},
		{"reversi, two players", play.VariantReversi, true, []string{"f5"}, false, false, ""},
		{"reversi, the computer searches", play.VariantReversi, false, []string{"f5"}, false, true, "bestmove d6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			link := &fakePipe{}
			a, _ := newTestApp(t, link)
			link.out = []string{"info string ready"}
			a.Tick(time.Now())
			if tt.variant != play.VariantXiangqi {
				pressButton(t, a, "game:"+tt.variant)
			}
			if tt.two {
				pressButton(t, a, "play-two")
			}
			for _, sq := range tt.move {
				clickAt(t, a, sq)
			}
			if tt.hint {
				pressButton(t, a, "hint")
			}
			shown, on := enabled(a, "move-now")
			if !shown || on != tt.on {
				t.Fatalf("move now shown %v enabled %v, want enabled %v", shown, on, tt.on)
			}
			ply := a.Table().Ply()
			link.sent = nil
			a.Button("move-now")
			if !tt.on {
				if len(link.sent) != 0 || a.Table().Ply() != ply || a.Table().Mode() != map[bool]play.Mode{true: play.TwoPlayer, false: play.VsComputer}[tt.two] {
					t.Errorf("a disabled Move now sent %q, ply %d (was %d), mode %v", link.sent, a.Table().Ply(), ply, a.Table().Mode())
				}
				return
			}
			if !slices.Equal(link.sent, []string{"stop"}) {
				t.Fatalf("move now sent %q, want stop", link.sent)
			}
			link.out = []string{tt.reply}
			a.Tick(time.Now())
			if a.Table().Ply() != ply+1 || !a.Table().PersonToMove() {
				t.Errorf("the hurried move was not played: ply %d, person to move %v", a.Table().Ply(), a.Table().PersonToMove())
			}
			if _, on := enabled(a, "move-now"); on {
				t.Error("move now still enabled on the person's turn")
			}
		})
	}
}

// opsText is the text of ops, one line after the other.
func opsText(ops []Op) string {
	var out []string
	for _, o := range ops {
		out = append(out, o.Text)
	}
	return strings.Join(out, " ")
}

// TestCheckAndResult: a general in check glows; a finished game's result is the status line.
func TestCheckAndResult(t *testing.T) {
	a, _ := newTestApp(t, &fakePipe{})
	a.Import("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1", "a test") // the rook on e1 checks e9
	s := a.Scene()
	if c := s.Find("check"); len(c) != 1 {
		t.Fatalf("check marks: %d", len(c))
	}
	if st := opsText(s.Find("status")); !strings.HasSuffix(st, "· Check!") {
		t.Errorf("status in check: %q", st)
	}
	a.Button("play-two")
	a.Import("3k5/4R4/4R4/9/9/9/9/9/9/5K3 b - - 0 1", "a test") // mated
	if st := opsText(a.Scene().Find("status")); !strings.Contains(st, "Red wins") {
		t.Errorf("status at mate: %q", st)
	}
}

func TestEnvLang(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want i18n.Lang
	}{
		{nil, i18n.English},
		{map[string]string{"LANG": "zh_CN.UTF-8"}, i18n.Simplified},
		{map[string]string{"LANG": "zh_TW.UTF-8"}, i18n.Traditional},
		{map[string]string{"LANG": "zh_HK.Big5HKSCS"}, i18n.Traditional},
		{map[string]string{"LANG": "zh_SG"}, i18n.Simplified},
		{map[string]string{"LANG": "zh"}, i18n.Simplified},
		{map[string]string{"LANG": "en_GB.UTF-8"}, i18n.English},
		{map[string]string{"LANG": "C.UTF-8"}, i18n.English},
		{map[string]string{"LANG": "fr_FR.UTF-8"}, i18n.English},
		{map[string]string{"LANG": "de_DE@euro"}, i18n.English},
		// LC_ALL, then LC_MESSAGES, then LANG, as POSIX chooses the messages' locale.
		{map[string]string{"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_TW.UTF-8"}, i18n.Traditional},
		{map[string]string{"LANG": "zh_TW.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8", "LC_ALL": "en_US.UTF-8"}, i18n.English},
		{map[string]string{"LANG": "en_US.UTF-8", "LC_ALL": "zh_CN.GB18030"}, i18n.Simplified},
		{map[string]string{"LANG": "zh_TW.UTF-8", "LC_ALL": ""}, i18n.Traditional},
	}
	for _, tt := range tests {
		if got := EnvLang(func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("EnvLang(%v) = %s, want %s", tt.env, got, tt.want)
		}
	}
}

// shownText is the text of the ops tagged tag (a wrapped text's lines), run together without
// the spaces the lines were broken at.
func shownText(a *App, tag string) string {
	var s string
	for _, o := range a.Scene().Find(tag) {
		s += o.Text
	}
	return strings.ReplaceAll(s, " ", "")
}

// label is the text on button id.
func label(t *testing.T, a *App, id string) string {
	t.Helper()
	ops := a.Scene().Find("label " + id)
	if len(ops) != 1 {
		t.Fatalf("label %s drawn %d times", id, len(ops))
	}
	return ops[0].Text
}

// TestLanguage: the board starts in the environment's language, the language button cycles
// 简体 → 繁體 → English, every label, the status line and the notices follow it, and the
// choice is kept (a new start with another environment keeps it).
func TestLanguage(t *testing.T) {
	dir := t.TempDir()
	// A corrupt save, reported in the language of the moment.
	if err := os.WriteFile(filepath.Join(dir, "game-reversi.json"), []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := Config{Store: Store{Dir: dir, Now: func() time.Time { return time.Unix(1e9, 0) }}, Pipe: &fakePipe{}, Lang: i18n.Traditional}
	a := New(cfg)
	a.Resize(1000, 700)
	type look struct {
		lang                          i18n.Lang
		langLabel, newLabel, side1    string
		status, notice, game, reversi string
	}
	looks := []look{
		{i18n.Traditional, "繁體中文", "新局", "我執黑", "輪到你走（紅方）", "無法讀取", "象棋", "黑白棋"},
		{i18n.English, "English", "New", "You: Black", "Your move (Red)", "couldnotberead", "象棋 Xiangqi", "黑白棋 Reversi"},
		{i18n.Simplified, "简体中文", "新局", "我执黑", "轮到你走（红方）", "无法读取", "象棋", "黑白棋"},
		{i18n.Traditional, "繁體中文", "新局", "我執黑", "輪到你走（紅方）", "無法讀取", "象棋", "黑白棋"},
	}
	for i, want := range looks {
		if i > 0 {
			pressButton(t, a, "lang")
		}
		if a.Lang() != want.lang {
			t.Fatalf("step %d: language %s, want %s", i, a.Lang(), want.lang)
		}
		notice := shownText(a, "notice")
		if !strings.Contains(notice, want.notice) || !strings.Contains(notice, "game-reversi.json.corrupt-20010909-014640") {
			t.Errorf("step %d: notice %q, want it to say %q and name the file set aside", i, notice, want.notice)
		}
		want.notice = ""
		got := look{a.Lang(), label(t, a, "lang"), label(t, a, "new"), label(t, a, "play-black"),
			a.Scene().Find("status")[0].Text, "", label(t, a, "game:xiangqi"), label(t, a, "game:reversi")}
		if got != want {
			t.Errorf("step %d: %+v, want %+v", i, got, want)
		}
	}
	// Reversi's side buttons and disc count in Traditional.
	pressButton(t, a, "game:reversi")
	if l0, l1, note := label(t, a, "play-black"), label(t, a, "play-white"), shownText(a, "engine"); l0 != "我執黑" || l1 != "我執白" || note != "黑棋2·白棋2" {
		t.Errorf("reversi in Traditional: %q %q %q", l0, l1, note)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	cfg.Lang = i18n.English
	if b := New(cfg); b.Lang() != i18n.Traditional || b.Settings().Lang != string(i18n.Traditional) {
		t.Errorf("restored language %s (settings %q), want the one chosen", b.Lang(), b.Settings().Lang)
	}
	// With none chosen, the environment's.
	c := New(Config{Store: Store{Dir: t.TempDir()}, Pipe: &fakePipe{}, Lang: i18n.Simplified})
	c.Resize(1000, 700)
	if c.Lang() != i18n.Simplified || label(t, c, "new") != "新局" || c.Settings().Lang != "" {
		t.Errorf("default from the environment: %s, %q, settings %q", c.Lang(), label(t, c, "new"), c.Settings().Lang)
	}
}

// TestRefusalSaid: a refused click says why under the status, in the board's language, until
// the next click.
func TestRefusalSaid(t *testing.T) {
	a, _ := newTestApp(t, &fakePipe{})
	refusal := func() string {
		if r := a.Scene().Find("refusal"); len(r) == 1 {
			return r[0].Text
		}
		return ""
	}
	clickAt(t, a, "h2")
	clickAt(t, a, "g4") // a cannon does not move like that
	if got, want := refusal(), i18n.English.T(i18n.RefusedPieceMove); got != want {
		t.Errorf("refusal %q, want %q", got, want)
	}
	clickAt(t, a, "h2")
	clickAt(t, a, "e2")
	if got := refusal(); got != "" {
		t.Errorf("after a legal move the refusal still says %q", got)
	}
}

// TestCoordinatesClearOfLines: no board coordinate touches a line or the frame (they sat on
// the frame line, struck through), and the only frame is the board's edge (a second thick
// line ran just outside the grid), in both coordinate styles, either way up.
func TestCoordinatesClearOfLines(t *testing.T) {
	for _, coords := range []string{play.CoordsChinese, play.CoordsICCS} {
		for _, flipped := range []bool{false, true} {
			a, _ := newTestApp(t, &fakePipe{})
			a.st.Coords = coords
			if flipped {
				a.Table().Flip()
			}
			s := a.Scene()
			g := a.Geometry()
			var strokes []Op
			for _, o := range s {
				if o.Kind == OpLine || o.Kind == OpRect && o.Line > 0 {
					strokes = append(strokes, o)
				}
				if o.Kind == OpRect && o.Line > 0 && o.Tag != "edge" {
					t.Errorf("%s flipped %v: a frame besides the board's edge: %+v", coords, flipped, o)
				}
			}
			cs := s.Find("coord")
			if want := 18 + map[bool]int{true: 1}[coords == play.CoordsICCS]; len(cs) != want { // ICCS: 9 files, 10 ranks
				t.Fatalf("%s: %d coordinates, want %d", coords, len(cs), want)
			}
			for _, c := range cs {
				// The glyph's box: Size square, centred in the op's box.
				box := Box{c.X + c.W/2 - c.Size/2, c.Y + c.H/2 - c.Size/2, c.Size, c.Size}
				if box.X < g.BX || box.Y < g.BY || box.X+box.W > g.BX+g.BW || box.Y+box.H > g.BY+g.BH {
					t.Errorf("%s flipped %v: coordinate %q at %+v is off the board", coords, flipped, c.Text, box)
				}
				for _, o := range strokes {
					if strokeCrosses(o, box) {
						t.Errorf("%s flipped %v: coordinate %q at %+v touches %+v", coords, flipped, c.Text, box, o)
					}
				}
			}
		}
	}
}

// strokeCrosses reports whether a line or a frame's stroke comes into box.
func strokeCrosses(o Op, box Box) bool {
	in := func(x, y float32) bool {
		h := o.Line / 2
		return x+h >= box.X && x-h <= box.X+box.W && y+h >= box.Y && y-h <= box.Y+box.H
	}
	seg := func(x1, y1, x2, y2 float32) bool {
		for i := range 201 {
			f := float32(i) / 200
			if in(x1+(x2-x1)*f, y1+(y2-y1)*f) {
				return true
			}
		}
		return false
	}
	if o.Kind == OpLine {
		return seg(o.X, o.Y, o.W, o.H)
	}
	return seg(o.X, o.Y, o.X+o.W, o.Y) || seg(o.X, o.Y+o.H, o.X+o.W, o.Y+o.H) ||
		seg(o.X, o.Y, o.X, o.Y+o.H) || seg(o.X+o.W, o.Y, o.X+o.W, o.Y+o.H)
}

// TestDropXQF: a dropped XQF file loads with its GBK strings decoded; a broken one says
// where it breaks.
func TestDropXQF(t *testing.T) {
	data, err := os.ReadFile("../../engine/xiangqi/record/testdata/xqf/spec-sample.xqf")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := newTestApp(t, &fakePipe{})
	a.DropFile("sample.xqf", data)
	x, ok := a.Table().Xiangqi()
	if !ok || a.Table().Ply() != 16 || x.Tag("Red") != "柳大华" || x.Tag("Site") != "北京" {
		t.Fatalf("dropped XQF: ply %d, info %q", a.Table().Ply(), a.Info())
	}
	a.DropFile("broken.xqf", data[:1100])
	if a.Table().Ply() != 16 || !strings.Contains(a.Info(), "offset") {
		t.Errorf("broken XQF: ply %d, info %q", a.Table().Ply(), a.Info())
	}
}

// TestPackageDocNamesEveryFile: the package comment's list of files names each of them.
func TestPackageDocNamesEveryFile(t *testing.T) {
	doc, err := os.ReadFile("app.go")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") && !strings.Contains(string(doc), "//   - "+f+":") {
			t.Errorf("app.go's package comment does not name %s", f)
		}
	}
}
