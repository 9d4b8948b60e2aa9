package ui

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/play"
	"qipan/engine/xiangqi"
)

// StorageKey is where the game in progress is kept in localStorage.
const StorageKey = "qipan.game"

// WorkerURL is the engine Worker, relative to the page so that a sub-path works.
const WorkerURL = "web/engine-worker.js"

// stopAfter is how long past the search's own time limit the page waits for a bestmove
// before it sends stop itself.
const stopAfter = 4 * time.Second

// Page is the whole app: the board, the status line, the controls and the move list. It owns
// the match and the engine Worker; the board and controls post actions that it handles.
type Page struct {
	app.Compo
	match   *play.Match
	worker  engineWorker
	mounted bool
	notice  string // a problem to show (engine error), "" for none
	update  bool   // a new version of the app is installed: reloading shows it
}

// engineWorker is the engine in its Web Worker: one protocol line in, lines out (through the
// callbacks given to startWorker).
type engineWorker interface {
	Post(line string)
	Close()
}

// NewPage returns the page showing a new game; a saved game replaces it once mounted.
func NewPage() *Page { return &Page{match: play.NewMatch()} }

func (p *Page) OnMount(ctx app.Context) {
	p.restore(ctx)
	ctx.Handle(PointAction, p.onPoint)
	ctx.Handle(ControlAction, p.onControl)
	w, err := startWorker(WorkerURL,
		func(line string) { ctx.Dispatch(func(ctx app.Context) { p.onEngineLine(ctx, line) }) },
		func(why string) { ctx.Dispatch(func(ctx app.Context) { p.onEngineFailed(why) }) })
	if err != nil {
		p.onEngineFailed(err.Error())
	} else {
		p.worker = w
	}
	p.mounted = true
	p.syncEngine(ctx)
}

// OnAppUpdate is called by go-app when the service worker has installed a new version.
func (p *Page) OnAppUpdate(ctx app.Context) { p.update = ctx.AppUpdateAvailable() }

func (p *Page) OnDismount() {
	if p.worker != nil {
		p.worker.Close()
		p.worker = nil
	}
}

// restore loads the saved game; anything unusable is ignored (and replaced on the next save).
func (p *Page) restore(ctx app.Context) {
	var s play.Saved
	if err := ctx.LocalStorage().Get(StorageKey, &s); err != nil || s.Version == 0 {
		return
	}
	if m, err := play.Restore(s); err == nil {
		p.match = m
	} else {
		app.Log("ignoring the saved game:", err)
	}
}

func (p *Page) save(ctx app.Context) {
	if err := ctx.LocalStorage().Set(StorageKey, p.match.Save()); err != nil {
		app.Log("saving the game:", err)
	}
}

func (p *Page) onPoint(ctx app.Context, a app.Action) {
	s, _ := a.Value.(string)
	sq, err := xiangqi.ParseSquare(s)
	if err != nil {
		return
	}
	if p.match.Click(sq) {
		p.changed(ctx)
	}
}

func (p *Page) onControl(ctx app.Context, a app.Action) {
	switch a.Value {
	case "new":
		p.match.New()
		p.notice = ""
	case "undo":
		if !p.match.Undo() {
			return
		}
	case "redo":
		if !p.match.Redo() {
			return
		}
	case "flip":
		p.match.Flip()
	case "reload":
		ctx.Reload()
		return
	default:
		return
	}
	p.changed(ctx)
}

// changed saves the match and brings the engine in line with it.
func (p *Page) changed(ctx app.Context) {
	p.save(ctx)
	p.syncEngine(ctx)
	ctx.Defer(scrollMoves)
}

func (p *Page) syncEngine(ctx app.Context) {
	if p.worker == nil {
		return
	}
	for _, line := range p.match.EngineLines() {
		p.worker.Post(line)
		if line == p.match.Engine.Go {
			p.watch(ctx, p.match.SearchTarget())
		}
	}
}

// watch sends stop if the search of target has not answered well past its time limit, so a
// slow or stuck search still ends with a move.
func (p *Page) watch(ctx app.Context, target string) {
	ctx.After(time.Second+stopAfter, func(ctx app.Context) {
		if p.worker != nil && p.match.Engine.Thinking() && p.match.SearchTarget() == target {
			p.worker.Post("stop")
		}
	})
}

func (p *Page) onEngineLine(ctx app.Context, line string) {
	send, moved, err := p.match.EngineSaid(line)
	if err != nil {
		p.notice = "Engine: " + err.Error()
		app.Log(err)
	}
	for _, l := range send {
		p.worker.Post(l)
		if l == p.match.Engine.Go {
			p.watch(ctx, p.match.SearchTarget())
		}
	}
	if moved {
		p.save(ctx)
		ctx.Defer(scrollMoves)
	}
}

func (p *Page) onEngineFailed(why string) {
	p.match.Engine.Fail(why)
	p.notice = "The engine could not start: " + why
}

func (p *Page) Render() app.UI {
	m := p.match
	pos := m.Position()
	last, _ := m.LastMove()
	blackFirst := m.Game().Start().Turn() == xiangqi.Black
	return app.Div().Class("qipan").Body(
		app.Div().Class("board-wrap").Body(
			newBoard().WithView(BoardView{
				Position: pos,
				Flipped:  m.Flipped(),
				Selected: m.Selected(),
				Hints:    m.Hints(),
				Last:     last,
				Ready:    p.mounted,
				Thinking: m.Engine.Thinking(),
			}),
		),
		app.Aside().Class("panel").Body(
			app.H1().Class("title").Body(
				app.Span().Class("zh").Text("象棋"),
				app.Span().Text(" qipan"),
			),
			p.status(pos),
			newControls().Enable(m.CanUndo(), m.CanRedo()),
			newMoveList().WithMoves(m.Game().Moves()[:m.Game().Ply()], blackFirst),
			app.If(p.update, func() app.UI {
				return app.P().Class("update").Body(
					app.Text("A new version is ready. "),
					app.Button().Class("control").Attr("data-action", "reload").Text("Reload").
						OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(ControlAction, "reload") }),
				)
			}),
			app.If(p.notice != "", func() app.UI {
				return app.P().Class("notice").Attr("role", "alert").Text(p.notice)
			}),
		),
	)
}

// status is the line under the title: whose turn, check, the engine, or the result.
func (p *Page) status(pos *xiangqi.Position) app.UI {
	m := p.match
	if r := m.Result(); r != "" {
		return app.P().Class("status result").Attr("data-result", r).Text(r)
	}
	var text, class string
	switch {
	case !p.mounted:
		text, class = "Loading…", "status"
	case m.PersonToMove():
		text, class = "Your move (Red)", "status you"
	case m.Engine.Failed() != "":
		text, class = "The engine is unavailable", "status"
	case !m.Engine.Ready():
		text, class = "Starting the engine…", "status thinking"
	default:
		text, class = "Computer is thinking…", "status thinking"
	}
	if pos.InCheck() {
		text += " · Check!"
		class += " check"
	}
	return app.P().Class(class).Attr("aria-live", "polite").Text(text)
}

// scrollMoves keeps the newest move in view.
func scrollMoves(ctx app.Context) {
	if el := app.Window().GetElementByID("moves"); el.Truthy() {
		el.Set("scrollTop", el.Get("scrollHeight"))
	}
}
