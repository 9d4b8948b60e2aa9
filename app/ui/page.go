package ui

import (
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/engine/xiangqi"
)

// Storage keys in localStorage: the game in progress, and the person's settings.
const (
	StorageKey        = "qipan.game"
	ReversiStorageKey = "qipan.reversi"
	SettingsKey       = "qipan.settings"
)

// WorkerURL is the engine Worker, relative to the page so that a sub-path works.
const WorkerURL = "web/engine-worker.js"

// stopAfter is how long past the search's own time limit the page waits for a bestmove
// before it sends stop itself (the answer is then played).
const stopAfter = 4 * time.Second

// Page is the whole app: the board, the status line, the controls, the settings, the move
// list and the import/export box. It owns the match and the engine Worker; the components post
// actions that it handles.
type Page struct {
	app.Compo
	match    *play.Match   // the Xiangqi game
	rv       *play.Reversi // the Reversi game; both share one engine conversation
	settings play.Settings
	lang     i18n.Lang  // the language shown: ?lang=, else the one chosen, else the browser's
	eng      engineLink // the engine Worker, started by the first search
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
	// confirmNew: New was pressed with a game in progress and waits for confirmation.
	confirmNew bool
	// hasPrevious: the game New replaced is kept, by storage key (keep.go).
	hasPrevious map[string]bool
	history     []finished // the last finished games, newest first (history.go)
	update      bool       // a new version of the app is installed: reloading shows it
	ioOpen      bool       // the import/export box is shown
	ioText      string     // its text
	ioError     string     // why the last import failed
	ioNote      string     // what the last export did
}

// engineWorker is the engine in its Web Worker: one protocol line in, lines out (through the
// callbacks given to startWorker).
type engineWorker interface {
	Post(line string)
	Close()
}

// NewPage returns the page showing a new game; a saved game replaces it once mounted.
func NewPage() *Page {
	p := &Page{match: play.NewMatch(), rv: play.NewReversi(), settings: play.Settings{}.Normalize()}
	p.rv.Engine = p.match.Engine
	return p
}

// reversi reports whether the board shows the Reversi game.
func (p *Page) reversi() bool { return p.settings.Game == play.VariantReversi }

func (p *Page) OnMount(ctx app.Context) {
	p.restore(ctx)
	p.openLink(ctx) // a share link's game replaces the saved one (share.go)
	p.eng = engineLink{engine: p.match.Engine, onLine: p.onEngineLine, onFail: p.onEngineFailed}
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
	ctx.Handle(IOTextAction, func(ctx app.Context, a app.Action) { p.ioText, _ = a.Value.(string) })
	p.unkeys = listenKeys(func(key string) bool {
		if !keyActions[key] {
			return false
		}
		ctx.Dispatch(func(ctx app.Context) { p.onKey(ctx, key) })
		return true
	})
	p.mounted = true
	p.syncEngine(ctx)
	ctx.Defer(scrollMoves)
}

// OnAppUpdate is called by go-app when the service worker has installed a new version.
func (p *Page) OnAppUpdate(ctx app.Context) { p.update = ctx.AppUpdateAvailable() }

func (p *Page) OnDismount() {
	if p.unkeys != nil {
		p.unkeys()
	}
	if p.undrag != nil {
		p.undrag()
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
	p.settings = st.Normalize()
	p.chooseLang()
	p.moreContrast = mediaMatches("(prefers-contrast: more)")
	if m, err := loadSaved(ctx, StorageKey, play.Restore); err != nil {
		p.setAside(ctx, StorageKey, err)
	} else if m != nil {
		p.match = m
	}
	if r, err := loadSaved(ctx, ReversiStorageKey, play.RestoreReversi); err != nil {
		p.setAside(ctx, ReversiStorageKey, err)
	} else if r != nil {
		p.rv = r
	}
	p.loadHistory(ctx)
	p.hasPrevious = map[string]bool{}
	for _, key := range []string{StorageKey, ReversiStorageKey} {
		_, p.hasPrevious[key] = storageRaw(previousKey(key))
	}
	p.rv.Engine = p.match.Engine // one worker: one conversation
	p.match.SetLevel(p.settings.Level)
	p.rv.SetLevel(p.settings.Level)
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
	setDocumentLang(string(l))
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
	p.confirmNew = false
	s, _ := a.Value.(string)
	p.cursor = s // the keyboard goes on from the point last used
	if p.reversi() {
		p.onReversiPoint(ctx, s)
		return
	}
	sq, err := xiangqi.ParseSquare(s)
	if err != nil {
		return
	}
	moved := p.match.Click(sq)
	p.noteRefusal(p.match.Refusal())
	if moved {
		p.moved(ctx)
	}
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
	switch a.Value {
	case "new", "new-confirm":
		if !p.newGame(ctx, a.Value == "new-confirm") {
			return
		}
		a.Value = "new"
	case "new-cancel":
		p.confirmNew = false
		return
	case "restore-previous":
		p.restorePrevious(ctx)
		return
	default:
		p.confirmNew = false
	}
	m := p.match
	if action, _ := a.Value.(string); p.reversi() && action != "sound" && action != "io" && action != "reload" && action != "engine-panel" {
		if p.onReversiControl(ctx, action) {
			p.changed(ctx)
		}
		return
	}
	switch a.Value {
	case "new":
		m.New()
		p.notice = ""
	case "undo":
		if !m.Undo() {
			return
		}
	case "redo":
		if !m.Redo() {
			return
		}
	case "flip":
		m.Flip()
	case "hint":
		if !m.RequestHint() {
			return
		}
	case "move-now":
		p.post(ctx, m.MoveNow())
	case "continue":
		if !m.ContinueHere() {
			return
		}
	case "live":
		m.BackToGame()
	case "review-start":
		m.Review(0)
	case "play-red":
		m.SetHuman(xiangqi.Red)
	case "play-black":
		m.SetHuman(xiangqi.Black)
	case "play-two":
		m.SetTwoPlayer()
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
	case "import":
		p.importText(ctx)
		return
	case "export-fen":
		p.export(ctx, "FEN", m.Shown().FEN())
		return
	case "export-iccs":
		p.export(ctx, "moves (ICCS)", m.MovesText(play.ICCS))
		return
	case "export-zh":
		n := play.Chinese
		if p.settings.Notation == play.ChineseTraditional {
			n = play.ChineseTraditional
		}
		p.export(ctx, "moves (中文)", m.MovesText(n))
		return
	case "export-pgn":
		p.exportRecord(ctx, "PGN", func() (string, error) { return m.PGN(p.settings.Notation) })
		return
	case "export-dhtmlxq":
		p.exportRecord(ctx, "DhtmlXQ", m.DhtmlXQ)
		return
	case "reload":
		ctx.Reload()
		return
	default:
		return
	}
	p.changed(ctx)
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
		p.match.SetLevel(p.settings.Level)
		p.rv.SetLevel(p.settings.Level)
	case "game":
		if s.Value == p.settings.Game {
			return
		}
		p.settings.Game = s.Value
		p.ioError, p.ioNote, p.notice = "", "", ""
		p.settings = p.settings.Normalize()
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
	case "history":
		if i, err := strconv.Atoi(s.Value); err == nil {
			p.reopen(ctx, i)
		}
		return
	case "lang":
		if l, ok := i18n.Parse(s.Value); ok {
			p.settings.Lang = string(l)
			p.lang = l
			setDocumentLang(string(l))
		}
	default:
		return
	}
	p.settings = p.settings.Normalize()
	p.saveSettings(ctx)
}

func (p *Page) onReview(ctx app.Context, a app.Action) {
	p.refusal = ""
	review := p.match.Review
	if p.reversi() {
		review = p.rv.Review
	}
	if ply, ok := a.Value.(int); ok && review(ply) {
		ctx.Defer(scrollMoves)
	}
}

// keyActions are the keys that browse the record.
var keyActions = map[string]bool{"ArrowLeft": true, "ArrowRight": true, "Home": true, "End": true}

func (p *Page) onKey(ctx app.Context, key string) {
	m := p.match
	if p.reversi() {
		r := p.rv
		map[string]func(){
			"ArrowLeft": func() { r.Step(-1) }, "ArrowRight": func() { r.Step(1) },
			"Home": func() { r.Review(0) }, "End": func() { r.Review(r.Game().Len()) },
		}[key]()
		ctx.Defer(scrollMoves)
		return
	}
	switch key {
	case "ArrowLeft":
		m.Step(-1)
	case "ArrowRight":
		m.Step(1)
	case "Home":
		m.Review(0)
	case "End":
		m.Review(m.Game().Len())
	}
	ctx.Defer(scrollMoves)
}

// importText loads the box's FEN, PGN, DhtmlXQ or moves; on error nothing changes and the
// error is shown.
func (p *Page) importText(ctx app.Context) {
	kind, notes, err := p.match.ImportText(p.ioText)
	if err != nil {
		p.ioError, p.ioNote = err.Error(), ""
		return
	}
	p.ioError, p.ioNote, p.notice = "", p.lang.T(i18n.Loaded, whatText(p.lang, kind)), ""
	if len(notes) > 0 {
		p.ioNote += " " + strings.Join(notes, "; ")
	}
	p.changed(ctx)
}

// export puts text in the box and on the clipboard.
func (p *Page) export(ctx app.Context, what, text string) {
	p.ioText, p.ioError, p.ioNote = text, "", p.lang.T(i18n.Exported, whatText(p.lang, what))
	copyText(text)
	ctx.Defer(func(ctx app.Context) {
		if el := app.Window().GetElementByID("io-text"); el.Truthy() {
			el.Set("value", text)
		}
	})
}

// exportRecord exports what write writes, or shows its error.
func (p *Page) exportRecord(ctx app.Context, what string, write func() (string, error)) {
	text, err := write()
	if err != nil {
		p.ioError, p.ioNote = what+": "+err.Error(), ""
		return
	}
	p.export(ctx, what, text)
}

// moved follows a move on the board: sound, save, the engine.
func (p *Page) moved(ctx app.Context) {
	if !p.settings.Muted {
		p.sounds.play(p.lastSound())
	}
	p.changed(ctx)
}

// changed saves the match and brings the engine in line with it.
func (p *Page) changed(ctx app.Context) {
	p.save(ctx)
	p.syncEngine(ctx)
	ctx.Defer(scrollMoves)
}

// syncEngine brings the engine in line with the game on the board.
func (p *Page) syncEngine(ctx app.Context) {
	if p.reversi() {
		p.post(ctx, p.rv.EngineLines())
		return
	}
	p.post(ctx, p.match.EngineLines())
}

func (p *Page) lastSound() play.Sound {
	if p.reversi() {
		return p.rv.LastSound()
	}
	return p.match.LastSound()
}

// post sends lines to the engine Worker (engineLink: loaded by the first lines there are to
// send, so a visit that never asks the computer anything never downloads the engine).
func (p *Page) post(ctx app.Context, lines []string) { p.eng.send(ctx, lines) }

func (p *Page) onEngineLine(ctx app.Context, line string) {
	said := p.match.EngineSaid
	if p.reversi() {
		said = p.rv.EngineSaid // the engine's answers are for the game on the board
	}
	send, moved, err := said(line)
	if err != nil {
		p.notice = p.lang.T(i18n.EngineSaid, err.Error())
		app.Log(err)
	}
	p.post(ctx, send)
	if moved {
		if !p.settings.Muted {
			p.sounds.play(p.lastSound())
		}
		p.save(ctx)
		ctx.Defer(scrollMoves)
	}
}

func (p *Page) onEngineFailed(why string) {
	p.match.Engine.Fail(why)
	p.notice = p.lang.T(i18n.EngineCouldNotStart, why)
}

func (p *Page) Render() app.UI {
	if p.reversi() {
		r := p.rv
		hint, _ := r.HintMove()
		return app.Div().Class("qipan reversi").Attr("data-theme", p.theme()).Body(
			app.Div().Class("board-wrap").Body(
				p.gameOver(),
				newReversiBoard().WithView(ReversiView{
					Position: r.Shown(),
					Hints:    r.Hints(),
					Last:     r.LastMove(),
					HintMove: hint,
					Ready:    p.mounted,
					Thinking: r.Engine.Thinking(),
					Lang:     p.lang,
					Refusal:  p.refusal,
					Refusals: p.refusals,
					Cursor:   p.cursor,
					Browsing: r.Reviewing(),
					Scores:   r.HintScores(),
				}),
			),
			p.reversiPanel(),
		)
	}
	m := p.match
	last, _ := m.LastMove()
	hint, _ := m.HintMove()
	engineOK := p.mounted && m.Engine.Failed() == ""
	blackFirst := m.Game().Start().Turn() == xiangqi.Black
	texts := m.MoveTexts(p.settings.Notation) // the move list's, and the announcement's
	hintText := ""
	if hint != xiangqi.NoMove {
		hintText = p.lang.T(i18n.HintMove, play.MoveText(m.Shown(), hint, p.settings.Notation))
	}
	return app.Div().Class("qipan").Attr("data-theme", p.theme()).Body(
		app.Div().Class("board-wrap").Body(
			p.gameOver(),
			newBoard().WithView(BoardView{
				Position: m.Shown(),
				Flipped:  m.Flipped(),
				Selected: m.Selected(),
				Hints:    m.Hints(),
				Last:     last,
				Ready:    p.mounted,
				Thinking: m.Engine.Thinking(),
				HintMove: hint,
				Coords:   p.settings.Coords,
				Lang:     p.lang,
				Refusal:  p.refusal,
				Refusals: p.refusals,
				Cursor:   p.cursor,
				Browsing: m.Reviewing(),
			}),
		),
		app.Aside().Class("panel").Body(
			p.titleRow("象棋"),
			p.status(),
			p.refusalLine(),
			p.announcer(texts),
			// Every slot of the panel is always there (empty when unused): go-app matches
			// children by position, and a slot appearing before the import/export box would
			// remount it and empty what the person pasted.
			app.P().Class("hint-text").Text(hintText),
			p.xiangqiEngine(),
			newControls().In(p.lang).Enable(m.CanUndo(), m.CanRedo()).
				EnableEngine(engineOK && !m.Reviewing() && m.PersonToMove() && !m.Engine.Hinting(),
					engineOK && !m.Reviewing() && !m.Over()).
				Review(m.Reviewing()),
			p.keepSlot(),
			p.players(),
			newMoveList().In(p.lang).WithRecord(texts, m.Game().Ply(), m.ShownPly(), blackFirst),
			p.comment(),
			p.historySelect(),
			newSettings().In(p.lang).With(m.Mode(), m.Human(), p.settings, p.ioOpen).Look(p.theme()),
			app.Div().Class("io-slot").Body(
				app.If(p.ioOpen, func() app.UI { return newIOPanel().In(p.lang).With(p.ioError, p.ioNote) }),
			),
			p.shareRow(),
			p.updateSlot(),
			app.P().Class("notice").Attr("role", "alert").Text(p.notice),
		),
	)
}

// titleRow is the panel's heading, the game's name, and the game switch (which names the game
// in English too).
func (p *Page) titleRow(zh string) app.UI {
	return app.Div().Class("title-row").Body(
		app.H1().Class("title").Body(app.Span().Class("zh").Text(zh)),
		selector("game", p.lang.T(i18n.GameTitle), []app.UI{
			option(play.VariantXiangqi, "象棋 Xiangqi", !p.reversi()),
			option(play.VariantReversi, "黑白棋 Reversi", p.reversi()),
		}),
	)
}

// refusalLine says why the last attempt was refused (empty otherwise); screen readers
// announce it.
func (p *Page) refusalLine() app.UI {
	return app.P().Class("refusal").Attr("role", "alert").Text(refusalText(p.lang, p.refusal))
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

// status is the line under the title: the result, the review, whose turn, check, the engine.
func (p *Page) status() app.UI {
	m := p.match
	if r := m.Result(); r != "" && !m.Reviewing() {
		text := resultText(p.lang, m.Game().Result())
		return app.P().Class("status result").Attr("data-result", r).Attr("role", "status").Text(text)
	}
	toMove := m.Position().Turn()
	text, class := turn{
		mounted: p.mounted, reviewing: m.Reviewing(), personToMove: m.PersonToMove(), twoPlayer: m.Mode() == play.TwoPlayer,
		shown: m.ShownPly(), length: m.Game().Len(), ply: m.Game().Ply(), engine: m.Engine,
		side: sideName(p.lang, toMove), youClass: toMove.String(),
	}.status(p.lang)
	if !m.Reviewing() && m.Position().InCheck() {
		text += " · " + p.lang.T(i18n.Check)
		class += " check"
	}
	return app.P().Class(class).Attr("aria-live", "polite").Text(text)
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
