package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// Storage keys in localStorage: the game in progress, and the person's settings.
const (
	StorageKey        = "qipan.game"
	ReversiStorageKey = "qipan.reversi"
	SettingsKey       = "qipan.settings"
)

// WorkerURL is the engine Worker, relative to the page so that a sub-path works.
const WorkerURL = "web/engine-worker.js"

// Page is the whole app: the board, the status line, the controls, the settings, the move
// list and the import/export box. It owns the match and the engine Worker; the components post
// actions that it handles.
type Page struct {
	app.Compo
	s        *play.Session // both games as the page plays them (see session)
	settings play.Settings
	lang     i18n.Lang  // the language shown: ?lang=, else the one chosen, else the browser's
	eng      enginePipe // the engine Worker, started by the first search
	sounds   sounds
	unkeys   func()
	undrag   func()
	mounted  bool
	notice   string       // a problem to show (engine error), "" for none
	refusal  play.Refusal // why the last click was refused, shown until the next action
	refusals int          // clicks refused so far (each one shakes the board)
	cursor   string       // the board point in the tab order (keyboard.go)
	// moreContrast: the system asks for more contrast (the theme when none is chosen).
	moreContrast bool
	// themeParam is the address's ?theme=, read once (reading the location at every render
	// cost milliseconds a click).
	themeParam string
	history    []finished   // the last finished games, newest first (history.go)
	update     bool         // a new version of the app is installed: reloading shows it
	ioOpen     bool         // the import/export box is shown
	noteOpen   bool         // the note editor (comment and symbol of the move shown) is shown
	ioText     string       // its text
	ioError    string       // why the last import failed
	ioNote     string       // what the last export did
	editor     *play.Editor // the position being set up, nil when not editing (editor.go)
	editCursor int          // the editor's point in the tab order
	puzzles    puzzleBook   // the puzzles: the collection, its list, the progress (puzzles.go)
	clockDue   bool         // a clock tick is on its way (clock.go)
	// learn are the exercises of the report's mistakes being gone through (learn.go), at
	// learnAt; nil when not learning.
	learn    []play.Puzzle
	learnAt  int
	clockSay string // the last low-time warning, for screen readers
	unhide   func() // stops listening to the page being hidden
}

// engineWorker is the engine in its Web Worker: one protocol line in, lines out (through the
// callbacks given to startWorker).
type engineWorker interface {
	Post(line string)
	Close()
}

// NewPage returns the page showing a new game; a saved game replaces it once mounted.
func NewPage() *Page {
	p := &Page{settings: play.Settings{}.Normalize(), puzzles: puzzleBook{progress: play.PuzzleProgress{}}}
	p.s = play.NewSession(play.NewTable(play.VariantXiangqi), play.NewTable(play.VariantReversi))
	return p
}

// reversi reports whether the board shows the Reversi game.
func (p *Page) reversi() bool { return p.settings.Game == play.VariantReversi }

// table is the game on the table. Everything but the drawing goes through *play.Table, the
// same for both games.
func (p *Page) table() *play.Table { return p.s.Table() }

// view is the board as the page draws it: in the settings' coordinates, with the keyboard's
// cursor.
func (p *Page) view() play.BoardView {
	return p.table().View(play.ViewOptions{Coords: p.settings.Coords, Cursor: p.cursor, Lang: p.lang})
}

// setGame puts the game of variant on the board and in the settings (normalised: an unknown
// game is Xiangqi).
func (p *Page) setGame(variant string) {
	p.settings.Game = variant
	p.settings = p.settings.Normalize()
	p.s.Show(p.settings.Game)
}

func (p *Page) OnMount(ctx app.Context) {
	p.restore(ctx)
	p.openLink(ctx) // a share link's game replaces the saved one (share.go)
	p.eng = enginePipe{session: p.s, onLine: p.onEngineLine, onFail: p.onEngineFailed}
	p.openPuzzleLink(ctx) // ?view=puzzles, ?puzzle=1&fen=… (puzzles.go)
	ctx.Handle(PointAction, p.onPoint)
	ctx.Handle(BoardKeyAction, p.onBoardKey)
	p.undrag = listenDrag(
		func(sq string) { ctx.Dispatch(func(ctx app.Context) { p.onDragStart(ctx, sq) }) },
		func(sq string) {
			ctx.Dispatch(func(ctx app.Context) { p.onPoint(ctx, app.Action{Name: PointAction, Value: sq}) })
		})
	ctx.Handle(ControlAction, p.onControl)
	ctx.Handle(SettingAction, p.onSetting)
	ctx.Handle(ReviewAction, p.onReview)
	ctx.Handle(EditAction, p.onEdit)
	ctx.Handle(PuzzleAction, p.onPuzzleChosen)
	ctx.Handle(IOTextAction, func(ctx app.Context, a app.Action) { p.ioText, _ = a.Value.(string) })
	ctx.Handle(IOFileAction, p.onFile)
	ctx.Handle(NoteAction, func(ctx app.Context, a app.Action) {
		if text, ok := a.Value.(string); ok {
			p.setNote(ctx, &text, nil)
		}
	})
	ctx.Handle(VariationAction, func(ctx app.Context, a app.Action) {
		if v, ok := a.Value.(VariationMove); ok && p.table().EnterBranch(v.Ply, v.Branch, v.Move) {
			p.changed(ctx)
		}
	})
	p.unkeys = listenKeys(func(key string) bool {
		if _, ok := play.KeyAction(key); !ok {
			return false
		}
		ctx.Dispatch(func(ctx app.Context) { p.onKey(ctx, key) })
		return true
	})
	p.unhide = listenHidden(func(hidden bool) {
		ctx.Dispatch(func(ctx app.Context) { p.apply(ctx, p.s.Hidden(hidden)) })
	})
	p.mounted = true
	p.syncEngine(ctx)
	p.runClock(ctx)
	ctx.Defer(func(ctx app.Context) { scrollMoves(ctx); startServiceWorker() })
}

// OnResize is called by go-app when the window's size changes: the move list may have another
// height (one or two columns of panel, web/qipan.css), so the current move is scrolled into
// view again.
func (p *Page) OnResize(ctx app.Context) { ctx.Defer(scrollMoves) }

// OnAppUpdate is called by go-app when the service worker has installed a new version.
func (p *Page) OnAppUpdate(ctx app.Context) { p.update = ctx.AppUpdateAvailable() }

func (p *Page) OnDismount() {
	if p.unkeys != nil {
		p.unkeys()
	}
	if p.undrag != nil {
		p.undrag()
	}
	if p.unhide != nil {
		p.unhide()
	}
	p.eng.close()
}

// restore loads the saved settings and game; anything unusable is ignored (and replaced on
// the next save).
func (p *Page) restore(ctx app.Context) {
	var st play.Settings
	if err := ctx.LocalStorage().Get(SettingsKey, &st); err != nil {
		app.Log("ignoring the saved settings:", err)
	}
	p.settings = st
	p.setGame(st.Game)
	p.chooseLang()
	p.moreContrast = mediaMatches("(prefers-contrast: more)")
	p.themeParam = queryParam("theme")
	for _, g := range []struct{ key, variant string }{{StorageKey, play.VariantXiangqi}, {ReversiStorageKey, play.VariantReversi}} {
		if b, err := loadSaved(ctx, g.key, g.variant); err != nil {
			p.setAside(ctx, g.key, err)
		} else if b != nil {
			p.s.Put(b)
		}
	}
	p.loadHistory(ctx)
	p.loadPuzzleProgress(ctx)
	p.s.SetShelf(shelf{ctx.LocalStorage()})
	p.s.SetLevel(p.settings.Level)
	p.s.SetReportThorough(p.settings.Report == play.ReportThorough)
}

// chooseLang picks the language: the page's ?lang=, else the one the person chose, else the
// browser's; the page's <html lang> follows.
func (p *Page) chooseLang() {
	l, ok := i18n.Parse(queryParam("lang"))
	if !ok {
		l, ok = i18n.Parse(p.settings.Lang)
	}
	if !ok {
		l = i18n.Choose(browserLangs())
	}
	p.lang = l
	setDocumentLang(l)
}

// save keeps the game on the board (each game under its own key).
func (p *Page) save(ctx app.Context) {
	saved := p.saved()
	if err := ctx.LocalStorage().Set(p.gameKey(), saved); err != nil {
		app.Log("saving the game:", err)
	}
	p.keepFinished(ctx, saved)
}

func (p *Page) saveSettings(ctx app.Context) {
	if err := ctx.LocalStorage().Set(SettingsKey, p.settings); err != nil {
		app.Log("saving the settings:", err)
	}
}

func (p *Page) onPoint(ctx app.Context, a app.Action) {
	p.sounds.unlock()
	s, _ := a.Value.(string)
	p.cursor = s // the keyboard goes on from the point last used
	e := p.s.Click(s)
	p.noteRefusal(e.Refusal)
	p.apply(ctx, e)
}

// noteRefusal keeps why a click was refused, for the board and the line under the status.
func (p *Page) noteRefusal(r play.Refusal) {
	p.refusal = r
	if r != "" {
		p.refusals++
	}
}

func (p *Page) onControl(ctx app.Context, a app.Action) {
	p.sounds.unlock()
	p.refusal = ""
	action, _ := a.Value.(string)
	if e, ok := p.s.Do(play.Action(action)); ok {
		if e.Save && (action == string(play.ActNew) || action == string(play.ActNewConfirm)) {
			p.notice = ""
		}
		p.kept(e)
		p.apply(ctx, e)
		return
	}
	b := p.table()
	if sym, ok := strings.CutPrefix(action, "symbol:"); ok {
		p.setNote(ctx, nil, &sym)
		return
	}
	if id, ok := strings.CutPrefix(action, "export-"); ok {
		p.exportAs(ctx, b, id)
		return
	}
	switch action {
	case "sound":
		p.settings.Muted = !p.settings.Muted
		p.saveSettings(ctx)
		return
	case "engine-panel":
		p.settings.HideEngine = !p.settings.HideEngine
		p.saveSettings(ctx)
		return
	case "io":
		p.ioOpen, p.ioError, p.ioNote = !p.ioOpen, "", ""
		return
	case "note":
		p.noteOpen = !p.noteOpen
		return
	case "import":
		p.importText(ctx)
		return
	case "reload":
		ctx.Reload()
		return
	case "edit":
		p.openEditor()
		return
	case "puzzles":
		p.togglePuzzles(ctx)
		return
	case "puzzle-next":
		if p.learning() {
			p.nextMistake(ctx)
			return
		}
		p.nextPuzzle(ctx)
		return
	case "learn":
		p.startLearning(ctx)
		return
	case "promote-variation", "delete-variation":
		if m, ok := b.Annotated(); !ok || !variationAction(b, m, action) {
			return
		}
	default:
		return
	}
	p.changed(ctx)
}

// exportAs puts the game written as export id in the box (and on the clipboard).
func (p *Page) exportAs(ctx app.Context, b *play.Table, id string) {
	e, ok := play.FindExport(b, id)
	if !ok {
		return
	}
	text, err := e.Write(p.notation())
	if err != nil {
		p.ioError, p.ioNote = e.Name+": "+err.Error(), ""
		return
	}
	p.export(ctx, exportWhat[e.Name], text)
}

// exportWhat is how the box's note names each export (play.WhatText translates it).
var exportWhat = map[string]string{
	"FEN": "FEN", "ICCS": "moves (ICCS)", "中文": "moves (中文)", "PGN": "PGN", "DhtmlXQ": "DhtmlXQ",
	"transcript": "transcript", "board": "board text", "GGF": "GGF",
}

func (p *Page) onSetting(ctx app.Context, a app.Action) {
	p.refusal = ""
	s, _ := a.Value.(Setting)
	switch s.Name {
	case "level":
		l, err := strconv.Atoi(s.Value)
		if err != nil {
			return
		}
		p.settings.Level = play.ClampLevel(l)
		p.s.SetLevel(p.settings.Level)
	case "game":
		if s.Value == p.settings.Game {
			return
		}
		p.setGame(s.Value)
		p.ioError, p.ioNote, p.notice = "", "", ""
		p.saveSettings(ctx)
		p.syncEngine(ctx) // stops the other game's search; this one's starts if it is its turn
		ctx.Defer(scrollMoves)
		return
	case "notation":
		p.settings.Notation, _ = play.ParseNotation(s.Value)
	case "coords":
		p.settings.Coords = s.Value
	case "theme":
		p.settings.Theme = s.Value
	case "clock":
		p.apply(ctx, p.s.SetTimeControl(s.Value))
		return
	case "report-depth":
		p.settings.Report = ""
		if s.Value == play.ReportThorough {
			p.settings.Report = play.ReportThorough
		}
		p.s.SetReportThorough(p.settings.Report == play.ReportThorough)
		p.syncEngine(ctx) // a report under way goes on at the new length
	case "history":
		if i, err := strconv.Atoi(s.Value); err == nil {
			p.reopen(ctx, i)
		}
		return
	case "lang":
		if l, ok := i18n.Parse(s.Value); ok {
			p.settings.Lang = string(l)
			p.lang = l
			setDocumentLang(l)
		}
	default:
		return
	}
	p.settings = p.settings.Normalize()
	p.saveSettings(ctx)
}

func (p *Page) onReview(ctx app.Context, a app.Action) {
	p.refusal = ""
	if ply, ok := a.Value.(int); ok && p.table().Review(ply) {
		ctx.Defer(scrollMoves)
	}
}

// onKey is a key that browses the record (play.KeyAction), pressed off the board.
func (p *Page) onKey(ctx app.Context, key string) {
	if p.editor != nil {
		return // the game behind the editor stays where it is
	}
	if e, ok := p.s.Key(key); ok {
		p.apply(ctx, e)
	}
	ctx.Defer(scrollMoves)
}

// importText loads the box's FEN, PGN, DhtmlXQ or moves; on error nothing changes and the
// error is shown.
func (p *Page) importText(ctx app.Context) { p.imported(ctx, p.s.ImportText(p.ioText)) }

// onFile imports a file chosen or dropped on the import box; pasted text stays in the box.
func (p *Page) onFile(ctx app.Context, a app.Action) {
	f, _ := a.Value.(IOFile)
	if !f.OK {
		p.ioError, p.ioNote = p.lang.T(i18n.FileUnreadable), ""
		return
	}
	p.imported(ctx, p.s.ImportFile(f.Data, decodeGBK))
}

// imported says in the box what an import did (play.Session.Import: the game it replaced is
// kept to be brought back); on error nothing changed.
func (p *Page) imported(ctx app.Context, im play.Imported) {
	if im.Err != nil {
		p.ioError, p.ioNote = im.Message(p.lang, ""), ""
		return
	}
	p.ioError, p.ioNote, p.notice = "", im.Message(p.lang, ""), ""
	p.kept(im.Effects)
	p.apply(ctx, im.Effects)
}

// export puts text in the box and on the clipboard.
func (p *Page) export(ctx app.Context, what, text string) {
	p.ioText, p.ioError, p.ioNote = text, "", p.lang.T(i18n.Exported, play.WhatText(p.lang, what))
	copyText(text)
	ctx.Defer(func(ctx app.Context) {
		if el := app.Window().GetElementByID("io-text"); el.Truthy() {
			el.Set("value", text)
		}
	})
}

// apply does what the session asks: a move's sound (unless muted), the save, lines to the
// engine; the move list follows.
func (p *Page) apply(ctx app.Context, e play.Effects) {
	if e.Sound != "" && !p.settings.Muted {
		p.sounds.play(e.Sound)
	}
	if e.Save {
		p.save(ctx)
	}
	p.post(ctx, e.Send)
	if e.Save && !e.Quiet {
		ctx.Defer(scrollMoves)
	}
	p.notePuzzle(ctx)
	p.runClock(ctx)
	if b := p.table(); b.TakeReport() { // the report's searches are done: write it
		b.WriteReport(p.lang, p.notation())
		p.save(ctx)
	}
}

// changed saves the match and brings the engine in line with it.
func (p *Page) changed(ctx app.Context) {
	p.save(ctx)
	p.syncEngine(ctx)
	ctx.Defer(scrollMoves)
}

// syncEngine brings the engine in line with the game on the board.
func (p *Page) syncEngine(ctx app.Context) { p.post(ctx, p.table().EngineLines()) }

// post sends lines to the engine Worker (enginePipe: loaded by the first lines there are to
// send, so a visit that never asks the computer anything never downloads the engine).
func (p *Page) post(ctx app.Context, lines []string) { p.eng.send(ctx, lines) }

func (p *Page) onEngineLine(ctx app.Context, line string) {
	e := p.s.EngineSaid(line) // the answers are for the game on the board
	if e.Err != nil {
		p.notice = p.lang.T(i18n.EngineSaid, e.Err.Error())
		app.Log(e.Err)
	}
	p.apply(ctx, e)
}

func (p *Page) onEngineFailed(why string) {
	p.s.Client().Fail(why)
	p.notice = p.lang.T(i18n.EngineCouldNotStart, why)
}

func (p *Page) Render() app.UI {
	if p.editor != nil {
		return newPositionEditor().WithView(editView(p.editor, p.lang, p.theme(), p.editCursor, p.settings.Coords))
	}
	b, l, v := p.table(), p.lang, p.view()
	texts := b.MarkedMoveTexts(p.notation()) // the move list's, and the announcement's
	engineOK := p.engineOK()
	class, title := "qipan", "象棋"
	if p.reversi() {
		class, title = "qipan reversi", "黑白棋"
	}
	if p.puzzles.open {
		class += " listing" // the puzzles' list in the move list's place (web/qipan.css)
	}
	_, puzzleState, _, puzzle := b.Puzzle()
	return app.Div().Class(class).Attr("data-theme", p.theme()).Body(
		app.Div().Class("board-wrap").Body(
			p.gameOver(),
			drawBoard(v, drawing{Ready: p.mounted, Lang: l, Refusal: p.refusal, Refusals: p.refusals, HintScores: true, Puzzle: string(puzzleState), Report: b.ReportState()}),
		),
		// Every slot of the panel is always there (empty when unused): go-app matches
		// children by position, and a slot appearing before the import/export box would
		// remount it and empty what the person pasted.
		// Two groups: the game (main) and the settings and sharing (side), side by side on a
		// wide but short screen (web/qipan.css), one column otherwise.
		app.Aside().Class("panel").Body(app.Div().Class("panel-main").Body(
			p.titleRow(title),
			p.status(),
			p.announcer(texts),
			p.discCounts(),
			// The buttons before the refusal or hint line and the engine panel, which grows
			// while analysing: neither moves a button (their heights are fixed in each mode),
			// and on a phone the buttons stay in view under the board.
			newControls().In(l).For(b.Variant()).Enable(b.CanUndo(), b.CanRedo()).
				EnableEngine(engineOK && !b.Reviewing() && b.PersonToMove() && !b.Client.Hinting(),
					engineOK && !b.Reviewing() && !b.Over()).
				Review(b.Reviewing(), b.CanContinue()).Analyse(b.Analysis()).
				Puzzling(puzzle, (engineOK || p.mounted && b.PuzzleHintOffline()) && !b.Reviewing() && b.PersonToMove() && !b.Client.Hinting() && puzzleState == play.PuzzleSolving,
					b.Ply() > 0 || b.Len() > 0 || puzzleState != play.PuzzleSolving, p.canNext()),
			p.lineSlot(),
			p.enginePanel(),
			p.keepSlot(),
			clocks(b, l, p.clockSay),
			players(v),
			p.puzzleList(),
			newMoveList().In(l).WithRecord(texts, b.Ply(), b.ShownPly(), b.SecondFirst()).WithJudgements(p.judgements(b)),
			p.variations(),
			p.graphSlot(),
			comment(v),
			p.noteSlot(),
			p.historySelect(),
		), app.Div().Class("panel-side").Body(
			newSettings().In(l).With(b.Variant(), b.Mode(), b.Human(), p.shownSettings(), p.ioOpen).Look(p.theme()).
				Timed(b.NextTimeControl().String()),
			app.Div().Class("io-slot").Body(
				app.If(p.ioOpen, func() app.UI {
					io := newIOPanel().In(l).With(p.ioError, p.ioNote)
					if p.reversi() {
						io = io.ForReversi()
					}
					return io
				}),
			),
			p.shareRow(),
			p.updateSlot(),
			app.P().Class("notice").Attr("role", "alert").Text(p.notice),
		)),
	)
}

// notation is the move list's: the one chosen, else the language's (play.DefaultNotation).
func (p *Page) notation() play.Notation { return p.settings.NotationIn(p.lang) }

// shownSettings are the settings as the panel shows them: the notation in use, chosen or not.
func (p *Page) shownSettings() play.Settings {
	st := p.settings
	st.Notation = p.notation()
	return st
}

// engineOK reports whether the engine can be asked anything: the app runs and the engine has
// not failed.
func (p *Page) engineOK() bool { return p.mounted && p.table().Client.Failed() == "" }

// hintText names the engine's suggestion in the move list's notation ("" for none).
func (p *Page) hintText() string {
	if h := p.table().HintText(p.notation()); h != "" {
		return p.lang.T(i18n.HintMove, h)
	}
	return ""
}

// discCounts is Reversi's count of each colour's discs (an empty slot in Xiangqi).
func (p *Page) discCounts() app.UI {
	slot := app.Div().Class("score")
	r, ok := p.table().Reversi()
	if !ok {
		return slot
	}
	l := p.lang
	black, white := r.Counts()
	return slot.Body(
		app.Span().Class("count black").Attr("data-count", "X").Title(l.T(i18n.BlackDiscs)).Text(itoa(black)),
		app.Span().Class("count white").Attr("data-count", "O").Title(l.T(i18n.WhiteDiscs)).Text(itoa(white)),
	)
}

// titleRow is the panel's heading, the game's name, the game switch (in English it names
// the game in Chinese too) and the puzzles' list (Xiangqi's; a puzzle opened from Reversi
// switches the game).
func (p *Page) titleRow(zh string) app.UI {
	return app.Div().Class("title-row").Body(
		app.H1().Class("title").Body(app.Span().Class("zh").Text(zh)),
		selector("game", p.lang.T(i18n.GameTitle), []app.UI{
			option(play.VariantXiangqi, p.lang.T(i18n.GameXiangqi), !p.reversi()),
			option(play.VariantReversi, p.lang.T(i18n.GameReversi), p.reversi()),
		}),
		controlButton("puzzles", p.lang.T(i18n.Puzzles), p.lang.T(puzzlesTitle(p.table().Variant())), true).
			Attr("aria-pressed", boolText(p.puzzles.open)),
	)
}

// refusalLine says why the last attempt was refused (empty otherwise); screen readers
// announce it.
// lineSlot is the line under the buttons, of a fixed height so that nothing under it moves
// when a refusal or a hint comes and goes: why a click was refused, else the hint.
func (p *Page) lineSlot() app.UI {
	refusal := play.RefusalText(p.lang, p.refusal)
	hint := ""
	if refusal == "" {
		hint = p.hintText()
	}
	title := ""
	if refusal == "" && hint == "" {
		title = p.puzzleLine()
	}
	return app.Div().Class("line-slot").Body(
		app.P().Class("refusal").Attr("role", "alert").Text(refusal),
		app.P().Class("hint-text").Text(hint),
		app.P().Class("puzzle-title").Text(title),
	)
}

// updateSlot offers a reload when a new version is installed.
func (p *Page) updateSlot() app.UI {
	return app.Div().Class("update-slot").Body(
		app.If(p.update, func() app.UI {
			return app.P().Class("update").Body(
				app.Text(p.lang.T(i18n.NewVersionReady)+" "),
				controlButton("reload", p.lang.T(i18n.Reload), p.lang.T(i18n.ReloadTitle), true),
			)
		}),
	)
}

// status is the line under the title: the result, the review, whose turn, check or a pass,
// the engine.
func (p *Page) status() app.UI {
	b, l := p.table(), p.lang
	if r := b.Result(); r != "" && !b.Reviewing() {
		text := play.TableResult(l, b)
		if pt := play.PuzzleText(l, b); pt != "" { // solved, or mated first: the puzzle's words
			text, _, _ = puzzleLines(l, pt)
		}
		return app.P().Class("status result").Class(puzzleClass(b)).Attr("data-result", r).Attr("role", "status").Text(text)
	}
	text, class := statusOf(l, b, p.mounted)
	st := app.P().Class(class).Class(puzzleClass(b)).Attr("aria-live", "polite")
	if r, ok := b.Reversi(); ok && !b.Reviewing() {
		if pass := r.Passed(); pass != "" {
			return st.Attr("data-pass", pass).Text(l.T(i18n.ReversiPass, play.SideLabel(l, b.Variant(), 1-b.Turn())) + " · " + text)
		}
	}
	if isPuzzle(b) && p.mounted && !b.Reviewing() {
		head, thinking, _ := puzzleLines(l, text)
		if thinking != "" {
			return st.Body(app.Text(head), app.Span().Class("sr-only").Text(thinking))
		}
		return st.Text(head)
	}
	return st.Text(text)
}

// scrollMoves keeps the move list's current entry in view.
func scrollMoves(ctx app.Context) {
	list := app.Window().GetElementByID("moves")
	if !list.Truthy() {
		return
	}
	cur := list.Call("querySelector", ".current")
	if !cur.Truthy() {
		list.Set("scrollTop", 0)
		return
	}
	top, h := cur.Get("offsetTop").Int()-list.Get("offsetTop").Int(), cur.Get("offsetHeight").Int()
	st, ch := list.Get("scrollTop").Int(), list.Get("clientHeight").Int()
	switch {
	case top < st:
		list.Set("scrollTop", top)
	case top+h > st+ch:
		list.Set("scrollTop", top+h-ch)
	}
}

// judgements are the report's marks for the move list, once it is asked for (nil before).
func (p *Page) judgements(b *play.Table) []play.Judgement {
	if b.ReportState() == "" {
		return nil
	}
	return b.Report().Judgements(b.Len())
}
