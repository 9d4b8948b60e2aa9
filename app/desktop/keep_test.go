package desktop

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"qipan/app/i18n"
	"qipan/app/play"
)

// TestNewKeepsTheGame: New during a game asks first (the game stays until confirmed), keeps
// the game it replaces, and offers it back until the person moves in the new one; bringing it
// back keeps the new game in its place. A game with no moves is not worth asking about.
func TestNewKeepsTheGame(t *testing.T) {
	a, _ := newTestApp(t, &fakePipe{})
	a.Button("play-two")
	for _, m := range [][2]string{{"h2", "e2"}, {"h9", "g7"}} {
		clickAt(t, a, m[0])
		clickAt(t, a, m[1])
	}
	pressButton(t, a, "new")
	if a.Table().Len() != 2 || shownText(a, "confirm") == "" || !a.Table().CanUndo() {
		t.Fatalf("New did not ask first: len %d, confirm %q", a.Table().Len(), shownText(a, "confirm"))
	}
	pressButton(t, a, "new-cancel")
	if a.Table().Len() != 2 || shownText(a, "confirm") != "" {
		t.Fatalf("Keep playing: len %d, confirm %q", a.Table().Len(), shownText(a, "confirm"))
	}
	pressButton(t, a, "new")
	pressButton(t, a, "new-confirm")
	if a.Table().Len() != 0 || !a.CanRestore() {
		t.Fatalf("after New: len %d, restorable %v", a.Table().Len(), a.CanRestore())
	}
	pressButton(t, a, "restore-previous")
	if a.Table().Len() != 2 || !strings.Contains(strings.Join(a.Table().MoveTexts(play.ICCS), " "), "H2-E2 H9-G7") {
		t.Fatalf("restored %q", a.Table().MoveTexts(play.ICCS))
	}
	if a.CanRestore() {
		t.Error("the empty new game was kept to be brought back")
	}
	// Once the person moves in the new game, it is theirs: no offer (as on the web page).
	pressButton(t, a, "new")
	pressButton(t, a, "new-confirm")
	clickAt(t, a, "b0")
	clickAt(t, a, "c2")
	if a.CanRestore() {
		t.Error("the restore is offered after a move in the new game")
	}
	// The kept game is a file, for a new start (play's TestKeep: the session reads it there).
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if s, ok := a.cfg.Store.Kept(play.VariantXiangqi); !ok || s.Moves != "h2e2 h9g7" {
		t.Errorf("the kept game on file: %+v %v", s, ok)
	}
	// An empty board: New asks nothing and keeps nothing.
	c, _ := newTestApp(t, &fakePipe{})
	c.Button("new")
	if c.s.AskingNew() || c.CanRestore() {
		t.Errorf("New on an empty board: confirm %v, restorable %v", c.s.AskingNew(), c.CanRestore())
	}
}

// TestImportKeepsTheGame: a paste or a dropped file that replaces a game keeps it, and says so.
func TestImportKeepsTheGame(t *testing.T) {
	a, _ := newTestApp(t, &fakePipe{})
	clickAt(t, a, "h2")
	clickAt(t, a, "e2")
	a.cfg.Clipboard.(*fakeClipboard).text = "1. 马二进三 马8进7"
	a.Key(KeyPaste)
	if a.Table().Len() != 2 || !a.CanRestore() || !strings.Contains(a.Info(), "brought back") {
		t.Fatalf("paste: len %d, restorable %v, info %q", a.Table().Len(), a.CanRestore(), a.Info())
	}
	pressButton(t, a, "restore-previous")
	if got := a.Table().MoveTexts(play.ICCS); len(got) != 1 || got[0] != "H2-E2" {
		t.Fatalf("restored %q", got)
	}
	// The pasted game is kept in its turn: a restore is undone the same way.
	pressButton(t, a, "restore-previous")
	if got := a.Table().MoveTexts(play.ICCS); len(got) != 2 || got[0] != "H0-G2" {
		t.Fatalf("restored back %q", got)
	}
	// A file named on the command line, into the other game: the board shows it.
	a.DropFile("game.txt", []byte("f5d6c3"))
	if a.Table().Variant() != play.VariantReversi || a.CanRestore() {
		t.Errorf("a transcript into an empty Reversi: %s, restorable %v (nothing was replaced)", a.Table().Variant(), a.CanRestore())
	}
	a.DropFile("game2.txt", []byte("f5f6"))
	if a.Table().Len() != 2 || !a.CanRestore() {
		t.Errorf("a second transcript: len %d, restorable %v", a.Table().Len(), a.CanRestore())
	}
}

// TestDamagedSaveKeepsWhatItCan: a save with a bad move puts the moves before it on the board,
// keeps the whole file aside and says where, in the board's language; the message wraps in
// its box, and is dismissed by its button.
func TestDamagedSaveKeepsWhatItCan(t *testing.T) {
	dir := t.TempDir()
	save := `{"v":1,"start":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","moves":"h2e2 h9g7 b0c2 zz b9c7","ply":5}`
	if err := os.WriteFile(filepath.Join(dir, "game-xiangqi.json"), []byte(save), 0o644); err != nil {
		t.Fatal(err)
	}
	a := New(Config{Store: Store{Dir: dir, Now: func() time.Time { return time.Unix(1e9, 0) }}, Pipe: &fakePipe{}, Lang: i18n.Simplified})
	a.Resize(640, 480)
	aside := filepath.Join(dir, "game-xiangqi.json.corrupt-20010909-014640")
	if a.Table().Len() != 3 {
		t.Errorf("kept %d moves, want the 3 before the bad one", a.Table().Len())
	}
	if data, err := os.ReadFile(aside); err != nil || string(data) != save {
		t.Errorf("the file set aside: %q %v", data, err)
	}
	if got := shownText(a, "notice"); !strings.Contains(got, "第4步（zz）不合规则") || !strings.Contains(got, "前3步已摆上棋盘") || !strings.Contains(got, aside) {
		t.Errorf("notice %q: want the moves kept and %s", got, aside)
	}
	lines := a.Scene().Find("notice")
	if len(lines) < 2 {
		t.Errorf("the notice is not wrapped: %d lines", len(lines))
	}
	for _, o := range lines {
		if w := textWidth(o.Text, o.Size); w > o.W+0.5 || o.Size < 12 {
			t.Errorf("notice line %q: %.0f px wide in %.0f, size %.1f", o.Text, w, o.W, o.Size)
		}
	}
	pressButton(t, a, "dismiss")
	if a.Notice() != "" || len(a.Scene().Find("notice")) != 0 {
		t.Errorf("dismissed, the notice says %q", a.Notice())
	}
}

// TestMessagesGoStale: what an import did is cleared by the next move and by New; its notes
// are in the board's language.
func TestMessagesGoStale(t *testing.T) {
	a, _ := newTestApp(t, &fakePipe{})
	a.Button("lang") // 简体中文
	a.Button("play-two")
	a.cfg.Clipboard.(*fakeClipboard).text = "[Event \"a\"]\n1. H2-E2 H9-G7\n\n[Event \"b\"]\n1. H2-E2\n"
	a.Key(KeyPaste)
	info := shownText(a, "info")
	if !strings.Contains(info, "文本里有2局") {
		t.Errorf("info %q", info)
	}
	for _, r := range info {
		if r >= 'a' && r <= 'z' {
			t.Errorf("info %q holds English", info)
			break
		}
	}
	a.cfg.Clipboard.(*fakeClipboard).text = "1. 炮二平九"
	a.Key(KeyPaste)
	// The reader's words, then the parser's (play.ErrorDetail), as the page says it.
	if got := shownText(a, "info"); !strings.HasPrefix(got, "无法导入剪贴板：第1行第") || !strings.Contains(got, "列无法读取(pgn:line1") {
		t.Errorf("a failed import says %q", got)
	}
	clickAt(t, a, "b0")
	clickAt(t, a, "c2")
	if a.Info() != "" {
		t.Errorf("after a move the info still says %q", a.Info())
	}
	a.Key(KeyCopy)
	a.Button("new")
	a.Button("new-confirm")
	if a.Info() != "" {
		t.Errorf("after New the info still says %q", a.Info())
	}
}

// TestNoSoundDevice: without a sound device the sound button says so and does nothing, and no
// sound is queued.
func TestNoSoundDevice(t *testing.T) {
	a := New(Config{Store: Store{Dir: t.TempDir()}, Pipe: &fakePipe{}, NoSound: true})
	a.Resize(1000, 700)
	if got := label(t, a, "sound"); got != "No sound device" {
		t.Errorf("sound button %q", got)
	}
	if shown, on := enabled(a, "sound"); !shown || on {
		t.Errorf("sound button shown %v enabled %v", shown, on)
	}
	a.Button("play-two")
	clickAt(t, a, "h2")
	clickAt(t, a, "e2")
	if s := a.Sounds(); len(s) != 0 {
		t.Errorf("sounds %v without a device", s)
	}
	// Turned off for the program (-sound off): it says so.
	b := New(Config{Store: Store{Dir: t.TempDir()}, Pipe: &fakePipe{}, NoSound: true, SoundOff: true})
	b.Resize(1000, 700)
	if got := label(t, b, "sound"); got != "Sound off" {
		t.Errorf("sound button %q with sounds turned off", got)
	}
}

// TestIcon: the icon is a piece: its rim at the edge, the ivory face, the red character in the
// middle, transparent corners.
func TestIcon(t *testing.T) {
	img := Icon(64)
	at := func(x, y int) Color { c := img.RGBAAt(x, y); return Color{c.R, c.G, c.B, c.A} }
	if c := at(0, 0); c.A != 0 {
		t.Errorf("corner %v, want transparent", c)
	}
	if c := at(32, 2); c.A < 200 || c.R > 0xb0 {
		t.Errorf("rim %v", c)
	}
	red := 0
	for y := 20; y < 44; y++ {
		for x := 20; x < 44; x++ {
			if c := at(x, y); c.R > 0x90 && c.G < 0x60 {
				red++
			}
		}
	}
	if red < 60 {
		t.Errorf("only %d red pixels in the middle: no character", red)
	}
}

// TestNotationFollowsLanguage: the move list is in the language's notation until one is
// picked: 中文 简 in 简体中文, 中文 繁 in 繁體中文, ICCS in English.
func TestNotationFollowsLanguage(t *testing.T) {
	a, _ := newTestApp(t, &fakePipe{})
	a.Button("play-two")
	clickAt(t, a, "h2")
	clickAt(t, a, "e2")
	clickAt(t, a, "h9")
	clickAt(t, a, "g7")
	move := func() string { return a.Scene().Find("move 2")[0].Text }
	for _, want := range []struct {
		lang i18n.Lang
		move string
	}{{i18n.Simplified, "马８进７"}, {i18n.Traditional, "馬８進７"}, {i18n.English, "H9-G7"}} {
		a.Button("lang")
		if a.Lang() != want.lang || move() != want.move {
			t.Errorf("%s: move 2 written %q, want %q", a.Lang(), move(), want.move)
		}
	}
	a.Button("notation:wxf")
	a.Button("lang")
	if move() != "H8+7" {
		t.Errorf("WXF picked, in %s: %q", a.Lang(), move())
	}
}

// TestAddEngineLines: the Analysis button analyses the position shown, and while it does the
// keep row offers to add the engine's lines to the record as variations there (as the page
// does); the move list's record then has them.
func TestAddEngineLines(t *testing.T) {
	f := &fakePipe{}
	a, _ := newTestApp(t, f)
	a.Button("play-two")
	for _, m := range [][2]string{{"h2", "e2"}, {"h9", "g7"}} {
		clickAt(t, a, m[0])
		clickAt(t, a, m[1])
	}
	a.Key(KeyHome)
	pressButton(t, a, "analysis")
	if !a.Table().Analysis() {
		t.Fatal("analysis is not on")
	}
	f.out = []string{"info depth 6 multipv 1 score 30 pv h2e2 h9g7", "info depth 6 multipv 2 score 20 pv b2e2 b9c7", "info depth 6 multipv 3 score 10 pv c3c4"}
	a.Tick(a.now.Add(time.Millisecond))
	pressButton(t, a, string(play.ActAddEngineLines))
	tree, _ := a.Table().Annotated()
	b := tree.Branches(0, play.ICCS)
	if len(b) != 2 || a.Table().Len() != 2 || a.Table().ShownPly() != 0 {
		t.Fatalf("branches at the start %v, game of %d moves shown at %d", b, a.Table().Len(), a.Table().ShownPly())
	}
}

// TestMoveListVariations: at a ply where the record has other lines, the move list shows them
// under the game's moves (as the page does); a click on a line's move enters that line there.
func TestMoveListVariations(t *testing.T) {
	a, _ := newTestApp(t, &fakePipe{})
	a.cfg.Clipboard.(*fakeClipboard).text = "1. H2-E2 H9-G7 2. H0-G2 (2. C3-C4 G6-G5 3. B0-C2) (2. B0-C2) 2... I9-H9 *"
	a.Key(KeyPaste)
	if a.Table().Len() != 4 {
		t.Fatalf("the record: %d moves, info %q", a.Table().Len(), a.Info())
	}
	a.Resize(1000, 1000) // room for the game's rows and the two lines
	a.Table().Review(2)
	sc := a.Scene()
	if len(sc.Find("variations")) != 1 || len(sc.Find("branch 1 0")) != 1 || len(sc.Find("branch 1 2")) != 1 || len(sc.Find("branch 2 0")) != 1 {
		t.Fatalf("the lines at ply 2 are not shown: %v", sc.Find("variations"))
	}
	o := sc.Find("branch 1 1")[0]
	a.PointerDown(o.X+o.W/2, o.Y+o.H/2)
	a.PointerUp(o.X+o.W/2, o.Y+o.H/2)
	if got := strings.Join(a.Table().MoveTexts(play.ICCS), " "); got != "H2-E2 H9-G7 C3-C4 G6-G5 B0-C2" || a.Table().ShownPly() != 4 {
		t.Errorf("entering the line: %q shown at %d", got, a.Table().ShownPly())
	}
	a.Table().Review(4)
	if len(a.Scene().Find("variations")) != 0 {
		t.Error("lines shown where the record has none")
	}
}
