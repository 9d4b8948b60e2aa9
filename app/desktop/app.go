// Package desktop is the desktop board apart from any window: input events in (pointer, keys,
// dropped files, the clipboard's text), the games and the engine conversation in between
// (app/play's Session over a Table per game, as on the web), a Scene (a list of drawing
// operations) and sounds out. It imports no graphics library, so all of it tests natively without a display;
// cmd/qipan-desktop paints its Scenes with Ebiten.
//
// Files (TestPackageDocNamesEveryFile keeps the list whole):
//   - app.go:     App, its events and the engine conversation
//   - view.go:    the Scene of a frame: the board from play's BoardView, pieces, marks
//   - panel.go:   the panel's rows: status, buttons, players, comment, engine, move list
//   - puzzles.go: the puzzles (残局): the shipped collections listed, opened, their progress
//   - measure.go: the panel's texts laid out (wrapped lines, buttons sized to their labels)
//   - layout.go:  where the board and the panel go for a window size; hit tests
//   - scene.go:   a Scene: the drawing operations of a frame, in window pixels
//   - pipe.go:    the in-process engine behind the protocol (LocalPipe)
//   - store.go:   games and settings kept in the config directory
//   - outline.go: app/glyph's SVG outlines as segments to fill
//   - icon.go:    the window's icon
//   - gbk.go:     GBK (GB18030) text of older records, decoded
package desktop

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/app/sound"
)

// flipTime is how long a Reversi disc takes to turn over.
const flipTime = 300 * time.Millisecond

// Clipboard reads and writes the system clipboard's text.
type Clipboard interface {
	Read() (string, error)
	Write(text string) error
}

// Config is what an App needs from its surroundings.
type Config struct {
	Store     Store
	Pipe      Pipe
	Clipboard Clipboard    // nil: exports go to files only
	ExportDir string       // where "Save file" writes
	Trace     func(string) // nil: none; else told of moves and the engine's, for tests
	// Lang is the language while the settings name none (the environment's: EnvLang).
	Lang i18n.Lang
	// NoSound says no sound can play: there is no sound device, or (SoundOff) sounds were
	// turned off for the program. The sound button says which, and is idle.
	NoSound, SoundOff bool
	// Puzzles returns a game's puzzle collections; nil: those the program carries
	// (web/puzzles' puzzles.For).
	Puzzles func(variant string) ([]play.Puzzle, error)
}

// EnvLang is the language of the environment's locale, found as POSIX programs find their
// messages' (the first set of LC_ALL, LC_MESSAGES, LANG): zh_TW, zh_HK (and zh_MO) are
// 繁體中文, other Chinese 简体中文, anything else English.
func EnvLang(getenv func(string) string) i18n.Lang {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		s := getenv(v)
		if s == "" {
			continue
		}
		s, _, _ = strings.Cut(s, ".") // zh_TW.UTF-8
		s, _, _ = strings.Cut(s, "@") // sr_RS@latin
		if l, ok := i18n.Parse(s); ok {
			return l
		}
		return i18n.English
	}
	return i18n.English
}

// words is a message kept on show: it is written in the language of each frame, so that it
// follows a change of language.
type words func(l i18n.Lang) string

// say is the message of key k with args.
func say(k i18n.Key, args ...any) words { return func(l i18n.Lang) string { return l.T(k, args...) } }

// Key is a key the app handles.
type Key uint8

const (
	KeyLeft Key = iota + 1 // review one move back
	KeyRight
	KeyHome
	KeyEnd
	KeyUndo
	KeyRedo
	KeyCopy  // copy the game (FEN or transcript)
	KeyPaste // import the clipboard's text
	KeyEscape
	// The puzzles' list (puzzles.go): the cursor moved, its puzzle opened.
	KeyUp
	KeyDown
	KeyPageUp
	KeyPageDown
	KeyEnter
	KeyPuzzles  // open or close the list
	KeyHint     // a hint (in a puzzle, the puzzle's)
	KeySolution // a puzzle's solution
	KeyRetry    // the puzzle again
	KeyNext     // the next puzzle not solved
)

// App is the desktop board's state.
type App struct {
	cfg     Config
	st      Settings
	s       *play.Session // both games, the engine conversation, the watchdog
	w, h    float32
	now     time.Time
	notice  words        // a problem to show (nil: none)
	refusal play.Refusal // why the last click was refused, shown until the next one
	info    words        // what the last import or export did (nil: nothing yet)
	sounds  []sound.Sound
	// minimized: the window is (Minimized); a game against the computer's clock is paused.
	minimized bool
	ptrX      float32
	ptrY      float32
	held      bool // the main button is down (Pointer)
	press     press
	scroll    int // the first move-list row shown
	shown     int // the shown ply at the last frame, to keep it in view
	discs     [64]byte
	flips     map[int]byte // Reversi: squares turning over → the colour they had
	flipFrom  time.Time
	frames    int
	pz        puzzleBook
}

// press is a pointer press on the board, until its release.
type press struct {
	down     bool
	x, y     float32
	sq       int  // the square pressed, -1 for none
	drag     bool // the pointer moved far enough to drag the piece
	selected bool // the press selected sq (a release on it does not clear the selection)
}

// New returns an app showing the kept games (a corrupt file is set aside and reported in
// Notice). The engine is told nothing until a game asks it something.
func New(cfg Config) *App {
	st, boards, notes := cfg.Store.Load()
	a := &App{cfg: cfg, st: st, now: time.Now(), shown: -1}
	tables := []*play.Table{boards[st.Game]} // the game on the board first
	for v, b := range boards {
		if v != st.Game {
			tables = append(tables, b)
		}
	}
	a.s = play.NewSession(tables...)
	a.s.SetShelf(cfg.Store)
	pp, bad := cfg.Store.LoadPuzzles()
	a.pz.progress = pp
	if bad != nil {
		notes = append(notes, *bad)
	}
	// The clocks read the frame's time (Tick), so that a frame draws the times it judged by.
	a.s.SetNow(func() time.Time {
		if a.now.IsZero() {
			return time.Now()
		}
		return a.now
	})
	if len(notes) > 0 {
		a.notice = func(l i18n.Lang) string {
			var s []string
			for _, n := range notes {
				s = append(s, n.Text(l))
			}
			return strings.Join(s, "; ")
		}
	}
	return a
}

// Start brings the engine in line with the game (the computer opens if it is its turn).
func (a *App) Start() { a.post(a.Table().EngineLines()) }

// Table returns the game on the board.
func (a *App) Table() *play.Table { return a.s.Table() }

// Settings returns the kept settings.
func (a *App) Settings() Settings { return a.st }

// Lang is the language the board speaks: the one chosen in the panel, else Config.Lang.
func (a *App) Lang() i18n.Lang {
	if l, ok := i18n.Parse(a.st.Lang); ok {
		return l
	}
	if a.cfg.Lang != "" {
		return a.cfg.Lang
	}
	return i18n.English
}

// notation is the move list's: the one chosen, else the language's (play.DefaultNotation).
func (a *App) notation() play.Notation { return a.st.NotationIn(a.Lang()) }

// Notice returns the problem shown, if any, in the board's language.
func (a *App) Notice() string { return a.text(a.notice) }

// Info returns what the last import or export did, in the board's language.
func (a *App) Info() string { return a.text(a.info) }

func (a *App) text(w words) string {
	if w == nil {
		return ""
	}
	return w(a.Lang())
}

// Resize sets the window's size in pixels.
func (a *App) Resize(w, h float32) {
	a.w, a.h = w, h
}

// SetWindowSize notes the window's size in screen units, kept for the next start.
func (a *App) SetWindowSize(w, h int) { a.st.Width, a.st.Height = w, h }

// Sounds returns the sounds to play since the last call (none when muted).
func (a *App) Sounds() []sound.Sound {
	s := a.sounds
	a.sounds = nil
	return s
}

func (a *App) trace(format string, args ...any) {
	if a.cfg.Trace != nil {
		a.cfg.Trace(fmt.Sprintf(format, args...))
	}
}

// Tick handles what the engine said and the time: it is called once a frame.
func (a *App) Tick(now time.Time) {
	a.now = now
	a.frames++
	for _, line := range a.cfg.Pipe.Lines() {
		e := a.s.EngineSaid(line)
		if e.Err != nil {
			a.notice = say(i18n.EngineSaid, e.Err.Error())
			a.trace("engine error %v", e.Err)
		}
		if e.Moved {
			from, to := a.Table().LastMove()
			a.trace("engine moved ply %d %d-%d", a.Table().Ply(), from, to)
		}
		a.apply(e)
	}
	a.cfg.Pipe.Send(a.s.Tick(now)...)
	if e := a.s.ClockTick(); e.Save || e.LowTime != nil { // a flag fall, a warning
		a.trace("clock: %s %v", a.Table().Result(), e.LowTime != nil)
		a.apply(e)
	}
	a.watchDiscs()
}

// Minimized tells the app whether its window is minimized: a game against the computer pauses
// its clock meanwhile, as the page's does while hidden; two players' clock runs on.
func (a *App) Minimized(on bool) {
	if on == a.minimized {
		return
	}
	a.minimized = on
	a.trace("minimized %v", on)
	a.apply(a.s.Hidden(on))
}

// post sends lines to the engine; a search they start is watched.
func (a *App) post(lines []string) {
	if len(lines) == 0 {
		return
	}
	a.cfg.Pipe.Send(lines...)
	a.s.Sent(lines, a.now)
}

// apply does what the session asks: a sound (unless muted), the save, lines to the engine.
func (a *App) apply(e play.Effects) {
	if e.Sound != sound.None && !a.st.Muted && !a.cfg.NoSound {
		a.sounds = append(a.sounds, e.Sound)
	}
	if b := a.Table(); b.TakeReport() { // the report's searches are done: write it
		b.WriteReport(a.Lang(), a.notation())
		e.Save = true
		a.trace("report written")
	}
	if e.Save {
		a.save()
	}
	a.notePuzzle()
	a.post(e.Send)
}

// changed follows a change of the game made outside the session (an import, the settings):
// the save, the engine.
func (a *App) changed() { a.apply(a.s.Changed()) }

// save keeps the games and settings; a failure is shown, not fatal.
func (a *App) save() {
	if err := a.cfg.Store.Save(a.st, a.s.Tables()); err != nil {
		a.notice = say(i18n.SaveFailed, err.Error())
	}
}

// Close saves everything; the engine's goroutines end with the program (a search running at
// exit is simply abandoned).
func (a *App) Close() error { return a.cfg.Store.Save(a.st, a.s.Tables()) }

// PointerDown handles a press of the main button at x, y.
func (a *App) PointerDown(x, y float32) {
	a.ptrX, a.ptrY = x, y
	a.trace("press %.0f %.0f", x, y)
	l := a.layout()
	if sq, ok := l.square(a.Table(), x, y); ok {
		a.press = press{down: true, x: x, y: y, sq: sq}
		if a.Table().Draggable(sq) {
			if a.Table().Selected() != sq {
				a.click(sq)
				a.press.selected = true
			}
			return
		}
		a.click(sq)
		a.press.sq = -1
		return
	}
	a.press = press{sq: -1}
	for _, bt := range l.buttons {
		if bt.enabled && bt.box.In(x, y) {
			a.Button(bt.id)
			return
		}
	}
	for _, e := range l.puzzles {
		if e.item >= 0 && e.box.In(x, y) {
			a.pz.cursor = e.item
			a.openPuzzle(e.item)
			return
		}
	}
	for _, e := range l.entries {
		if !e.box.In(x, y) {
			continue
		}
		if _, ok := a.Table().Annotated(); ok && e.branch >= 0 {
			if a.Table().EnterBranch(e.ply, e.branch, e.move) { // the record's other line, entered there
				a.trace("entered line %d at ply %d", e.branch, e.ply)
				a.changed()
			}
		} else if a.Table().Review(e.ply) {
			a.trace("review %d", e.ply)
		}
		return
	}
}

// PointerEvent is a press (Down) or a release of the main button at X, Y.
type PointerEvent struct {
	Down bool
	X, Y float32
}

// Pointer takes a frame's presses and releases of the main button, in the order they came,
// each where it came (a press and its release may both fall within one frame: a quick click,
// a touchpad's tap; so may a whole drag), then the pointer's place now. A release whose press
// came before the window saw the button is no click.
func (a *App) Pointer(evs []PointerEvent, x, y float32) {
	for _, e := range evs {
		a.pointerTo(e.X, e.Y)
		switch {
		case e.Down:
			a.held = true
			a.PointerDown(e.X, e.Y)
		case a.held:
			a.held = false
			a.PointerUp(e.X, e.Y)
		}
	}
	a.pointerTo(x, y)
}

// pointerTo follows the pointer to x, y if it moved there.
func (a *App) pointerTo(x, y float32) {
	if x != a.ptrX || y != a.ptrY {
		a.PointerMove(x, y)
	}
}

// PointerMove follows the pointer (a dragged piece follows it).
func (a *App) PointerMove(x, y float32) {
	a.ptrX, a.ptrY = x, y
	if a.press.down && a.press.sq >= 0 && !a.press.drag {
		dx, dy := x-a.press.x, y-a.press.y
		a.press.drag = dx*dx+dy*dy > 16
	}
}

// PointerUp ends a press: a dragged piece is dropped where the pointer is; a press and
// release on a selected piece (not a drag) deselects it.
func (a *App) PointerUp(x, y float32) {
	a.ptrX, a.ptrY = x, y
	a.trace("release %.0f %.0f", x, y)
	p := a.press
	a.press = press{sq: -1}
	if !p.down || p.sq < 0 {
		return
	}
	sq, ok := a.layout().square(a.Table(), x, y)
	switch {
	case p.drag && ok && sq != p.sq:
		a.click(sq)
	case p.drag:
		// Dropped back on its square or off the board: the piece stays selected.
	case !p.selected && ok && sq == p.sq:
		a.click(sq) // a second click on the selected piece clears the selection
	}
}

// Dragging returns the square of the piece being dragged and the pointer, if one is.
func (a *App) Dragging() (sq int, x, y float32, ok bool) {
	if a.press.down && a.press.drag && a.press.sq >= 0 && a.Table().Selected() == a.press.sq {
		return a.press.sq, a.ptrX, a.ptrY, true
	}
	return -1, 0, 0, false
}

// click is a click on square sq of the board.
func (a *App) click(sq int) {
	e := a.s.ClickSquare(sq)
	a.refusal = e.Refusal
	if e.Moved {
		// What an import or export said is stale once the game goes on; a problem stays
		// until it is dismissed.
		a.info = nil
		from, to := a.Table().LastMove()
		a.trace("person moved ply %d %d-%d", a.Table().Ply(), from, to)
	}
	a.apply(e)
}

// Wheel scrolls the move list (or the puzzles' list in its place) by dy rows.
func (a *App) Wheel(dy int) {
	if a.pz.open {
		a.pz.top = max(0, a.pz.top+dy)
		return
	}
	a.scroll = max(0, a.scroll+dy)
}

// Key handles a key.
func (a *App) Key(k Key) {
	a.trace("key %d", k)
	if a.puzzleKey(k) {
		return
	}
	if name, ok := keyNames[k]; ok {
		if e, ok := a.s.Key(name); ok {
			a.apply(e)
		}
		return
	}
	switch k {
	case KeyUndo:
		a.Button("undo")
	case KeyRedo:
		a.Button("redo")
	case KeyCopy:
		a.Button("copy:0")
	case KeyPaste:
		a.Button("paste")
	case KeyEscape:
		a.s.Escape()
	case KeyPuzzles:
		a.Button("puzzles")
	case KeyHint:
		if isPuzzle(a.Table()) {
			a.Button(string(play.ActPuzzleHint))
		} else {
			a.Button(string(play.ActHint))
		}
	case KeySolution, KeyRetry, KeyNext:
		if isPuzzle(a.Table()) {
			a.Button(map[Key]string{KeySolution: string(play.ActPuzzleSolution), KeyRetry: string(play.ActPuzzleRetry), KeyNext: "puzzle-next"}[k])
		}
	}
}

// keyNames are the keys the session takes, by the names it knows them by (the DOM's).
var keyNames = map[Key]string{KeyLeft: "ArrowLeft", KeyRight: "ArrowRight", KeyHome: "Home", KeyEnd: "End"}

// Button handles a panel button by its id (see view.go): the game's controls by the page's
// words (play.Action: undo, move-now, play-red, …), the desktop's own besides.
func (a *App) Button(id string) {
	b := a.Table()
	name, arg, _ := strings.Cut(id, ":")
	act := play.Action(name)
	if act == play.ActMoveNow && !b.Client.Thinking() {
		// Only a search can be hurried here: the side buttons hand a side to the computer,
		// so Move now is enabled only while it thinks, in both games and either mode.
		return
	}
	if name == "new-clock" { // chosen in New's question, which stays asked (Do would answer it no)
		a.nextClock()
		return
	}
	if e, ok := a.s.Do(act); ok {
		a.trace("button %s", id)
		a.kept(e)
		if act == play.ActRestorePrevious && e.Save {
			a.notice, a.info, a.refusal, a.scroll = nil, nil, "", 0
			a.trace("restored the previous game")
		}
		if (act == play.ActNew || act == play.ActNewConfirm) && e.Save {
			a.notice, a.info, a.refusal = nil, nil, ""
		}
		a.apply(e)
		return
	}
	switch name {
	case "game":
		a.showGame(arg)
		return
	case "dismiss":
		a.notice, a.info = nil, nil
		return
	case "puzzles":
		a.togglePuzzles()
		return
	case "puzzle-next":
		a.nextPuzzle()
		return
	case "level":
		l := a.st.Level + 1
		if arg == "-" {
			l = a.st.Level - 1
		}
		a.st.Level = play.ClampLevel(l)
		a.s.SetLevel(a.st.Level)
	case "notation":
		a.st.Notation, _ = play.ParseNotation(arg)
	case "coords":
		a.st.Coords = map[bool]string{true: play.CoordsICCS, false: play.CoordsChinese}[a.st.Coords != play.CoordsICCS]
	case "report-depth": // the report's searches: quick, then thorough
		a.st.Report = map[bool]string{true: play.ReportThorough, false: ""}[a.st.Report != play.ReportThorough]
		a.s.SetReportThorough(a.st.Report == play.ReportThorough) // a report under way goes on at the new length
	case "sound":
		if a.cfg.NoSound {
			return
		}
		a.st.Muted = !a.st.Muted
	case "lang":
		a.st.Lang = string(nextLang(a.Lang()))
	case "copy":
		a.copyExport(arg)
		return
	case "paste":
		a.paste()
		return
	case "savefile":
		a.saveFile()
		return
	case "clock":
		a.nextClock()
		return
	default:
		return
	}
	a.st.Settings = a.st.Settings.Normalize()
	a.changed()
}

// nextClock chooses the next time control for the games to come: none, then each preset in
// turn (a game not yet begun takes it at once).
func (a *App) nextClock() {
	choices := append([]play.TimeControl{play.NoClock}, play.Presets...)
	i := slices.Index(choices, a.Table().NextTimeControl())
	a.apply(a.s.SetTimeControl(choices[(i+1)%len(choices)].String()))
}

// copyExport puts export number i on the clipboard (or in a file, without one).
func (a *App) copyExport(i string) {
	exs := a.Table().Exports()
	n := 0
	fmt.Sscan(i, &n)
	if n < 0 || n >= len(exs) {
		return
	}
	name := exs[n].Name
	text, err := exs[n].Write(a.notation())
	if err != nil {
		a.info = func(l i18n.Lang) string { return play.WhatText(l, name) + ": " + err.Error() }
		return
	}
	if a.cfg.Clipboard != nil {
		if err := a.cfg.Clipboard.Write(text); err == nil {
			a.info = func(l i18n.Lang) string { return l.T(i18n.CopiedWhat, play.WhatText(l, name)) }
			a.trace("copied %s", name)
			return
		}
	}
	a.writeFile(name, text)
}

// saveFile writes the game's record (PGN in the list's notation, or the Reversi transcript)
// to a file in ExportDir.
func (a *App) saveFile() {
	exs := a.Table().Exports()
	ex := exs[0]
	for _, e := range exs {
		if e.Name == "PGN" {
			ex = e
		}
	}
	text, err := ex.Write(a.notation())
	if err != nil {
		a.info = func(l i18n.Lang) string { return play.WhatText(l, ex.Name) + ": " + err.Error() }
		return
	}
	a.writeFile(ex.Name, text)
}

func (a *App) writeFile(what, text string) {
	ext := ".txt"
	if what == "PGN" {
		ext = ".pgn"
	}
	name := "qipan-" + a.Table().Variant() + "-" + a.now.Format("20060102-150405") + ext
	path := filepath.Join(a.cfg.ExportDir, name)
	if err := os.WriteFile(path, []byte(text+"\n"), 0o644); err != nil {
		a.info = func(l i18n.Lang) string { return l.T(i18n.WriteFailed, play.WhatText(l, what), err.Error()) }
		return
	}
	a.info = func(l i18n.Lang) string { return l.T(i18n.WroteWhat, play.WhatText(l, what), path) }
	a.trace("wrote %s", path)
}

// paste imports the clipboard's text.
func (a *App) paste() {
	if a.cfg.Clipboard == nil {
		a.info = say(i18n.NoClipboard)
		return
	}
	text, err := a.cfg.Clipboard.Read()
	if err != nil {
		a.info = say(i18n.ClipboardFailed, err.Error())
		return
	}
	a.importText(text, say(i18n.TheClipboard))
}

// DropFile imports a file dropped on the window (or named on the command line): any text
// Import reads, in UTF-8 or GBK, or an XQF file.
func (a *App) DropFile(name string, data []byte) {
	base := filepath.Base(name)
	a.imported(a.s.ImportFile(data, decodeGBK), func(i18n.Lang) string { return base })
}

// Import loads text (from where, a name for the message) into the game on the board; on error
// nothing changes and the error is shown.
func (a *App) Import(text, where string) {
	a.importText(text, func(i18n.Lang) string { return where })
}

func (a *App) importText(text string, where words) { a.imported(a.s.ImportText(text), where) }

// imported says what an import did (play.Session.Import: the game it replaced is kept to be
// brought back) and applies it; on error nothing changed.
func (a *App) imported(im play.Imported, where words) {
	a.info = func(l i18n.Lang) string { return im.Message(l, where(l)) }
	if im.Err != nil {
		return
	}
	a.notice, a.refusal = nil, ""
	a.kept(im.Effects)
	a.trace("imported %s", im.Kind)
	a.apply(im.Effects)
}

// kept shows what keeping the replaced game said: it could not be kept, or the game to bring
// back could not be read.
func (a *App) kept(e play.Effects) {
	switch {
	case e.KeepErr != nil:
		a.notice = say(i18n.SaveFailed, e.KeepErr.Error())
	case e.Unreadable:
		a.notice = say(i18n.SavedGameUnreadable)
	}
}

// CanRestore reports whether the game replaced last can be brought back (play.Session).
func (a *App) CanRestore() bool { return a.s.CanRestore() }

// showGame puts the game of variant v on the board (it may be there already, an import put
// it there): the panel follows, the other game's search stops and this one's starts if due.
func (a *App) showGame(v string) {
	if a.s.Of(v) == nil || v == a.st.Game && v == a.Table().Variant() {
		return
	}
	a.s.Show(v)
	a.st.Game = v
	a.notice, a.info, a.scroll, a.flips = nil, nil, 0, nil
	if a.pz.open = a.pz.open && a.hasPuzzles(); a.pz.open { // the list is the game's
		a.placeCursor()
	}
	a.discs = [64]byte{}
	a.watchDiscs() // the new board's discs, to turn from
	a.save()
	a.post(a.Table().EngineLines())
}

// watchDiscs starts the turn-over animation of the Reversi discs that changed colour since the
// last frame.
func (a *App) watchDiscs() {
	if a.Table().Variant() != play.VariantReversi {
		return
	}
	var now [64]byte
	for sq := range 64 {
		now[sq] = a.Table().Piece(sq)
	}
	if a.discs != ([64]byte{}) {
		for sq, was := range a.discs {
			if was != 0 && now[sq] != 0 && was != now[sq] {
				if a.flips == nil || a.now.Sub(a.flipFrom) > flipTime {
					a.flips, a.flipFrom = map[int]byte{}, a.now
				}
				a.flips[sq] = was
			}
		}
	}
	a.discs = now
}

// Timed reports whether time alone changes what the window shows or does: a disc turning, a
// search the watchdog watches or the engine thinking, a clock running. Otherwise the window
// need not wake to look at the time.
func (a *App) Timed() bool {
	if a.Animating() || a.s.Watch(a.now) > 0 || a.Table().Client.Thinking() {
		return true
	}
	c, ok := a.Table().Clocks()
	return ok && (c[0].Running || c[1].Running)
}

// Animating reports whether the board moves by itself (a disc turning over): the window then
// draws the next frame without waiting for an event.
func (a *App) Animating() bool {
	return len(a.flips) > 0 && a.now.Sub(a.flipFrom) <= flipTime
}

// flipping returns how far square sq has turned over (0..1) and the colour it had, if it is
// turning.
func (a *App) flipping(sq int) (float32, byte, bool) {
	was, ok := a.flips[sq]
	if !ok {
		return 0, 0, false
	}
	t := float32(a.now.Sub(a.flipFrom)) / float32(flipTime)
	if t >= 1 {
		return 0, 0, false
	}
	return max(t, 0), was, true
}

// nextLang is the language after l in the panel's cycle (i18n.Langs: 简体, 繁體, English).
func nextLang(l i18n.Lang) i18n.Lang {
	for i, x := range i18n.Langs {
		if x == l {
			return i18n.Langs[(i+1)%len(i18n.Langs)]
		}
	}
	return i18n.Langs[0]
}
