package ui

import (
	"errors"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/link"
	"qipan/app/play"
)

// Embed is the board for blog posts (/embed): one board and nothing of the app around it,
// replaying the game a link names (link.ParseLink: the URL's query and fragment, or a DhtmlXQ
// block in window.name): first, previous, next and last, the move list (folded in narrow
// frames), the players and result, the comment of the move shown, and a link opening the game
// in the app. With play=1 the reader may play on from the position shown against the engine,
// whose Worker is started only then. Everything read from the link is shown as text.
type Embed struct {
	app.Compo
	link      link.Link
	opened    *link.Opened
	session   *play.Session // the opened game, played against the engine with play=1
	puzzle    bool          // puzzle=1: the position is a puzzle the reader solves
	finding   bool          // a Reversi puzzle=1 link without scores: its position is looked up in the collection first (findPuzzle)
	err       string        // why the link's game could not be shown, "" if it is
	mounted   bool
	movesOpen bool // the move list is unfolded (narrow frames fold it)
	playing   bool // the reader plays the engine from the position shown
	autoplay  bool // stepping through the moves by itself
	eng       enginePipe
	sounds    sounds
	unkeys    func()
	level     int
	shown     string    // the query and fragment the board shows
	server    bool      // rendered by the static build, before the link can be read
	lang      i18n.Lang // the link's lang=, else the browser's
}

// NewEmbed returns the embed; it reads its link when mounted.
func NewEmbed() *Embed { return &Embed{level: play.DefaultLevel} }

func (e *Embed) table() *play.Table {
	if e.opened == nil {
		return nil
	}
	return e.opened.Table
}

func (e *Embed) OnMount(ctx app.Context) {
	e.server = app.IsServer
	e.load(ctx)
	ctx.Handle(PointAction, e.onPoint)
	ctx.Handle(ControlAction, e.onControl)
	ctx.Handle(ReviewAction, func(ctx app.Context, a app.Action) {
		if ply, ok := a.Value.(int); ok {
			e.autoplay = false
			e.table().Review(ply)
			ctx.Defer(scrollMoves)
		}
	})
	ctx.Handle(VariationAction, func(ctx app.Context, a app.Action) {
		v, ok := a.Value.(VariationMove)
		if _, isTree := e.table().Annotated(); ok && isTree && e.table().EnterBranch(v.Ply, v.Branch, v.Move) {
			e.autoplay = false
			ctx.Defer(scrollMoves)
		}
	})
	ctx.Handle(SettingAction, func(ctx app.Context, a app.Action) {
		if s, _ := a.Value.(Setting); s.Name == "level" {
			if l, err := strconv.Atoi(s.Value); err == nil {
				e.level = play.ClampLevel(l)
				e.table().SetLevel(e.level)
			}
		}
	})
	e.unkeys = listenKeys(func(key string) bool {
		act, ok := play.KeyAction(key)
		if ok {
			ctx.Dispatch(func(ctx app.Context) { e.browse(ctx, act) })
		}
		return ok
	})
	e.mounted = true
	ctx.Defer(func(ctx app.Context) { reportHeight(); startServiceWorker() })
}

// OnNav is called by go-app after each navigation, a new fragment too (a page that links to
// "#12" moves its frame there): the board follows the link.
func (e *Embed) OnNav(ctx app.Context) {
	if query, fragment, _ := pageLink(); query+"#"+fragment != e.shown {
		e.load(ctx)
	}
}

// load shows the game of the page's link, from its start: any play against the engine ends.
func (e *Embed) load(ctx app.Context) {
	query, fragment, name := pageLink()
	e.shown = query + "#" + fragment
	e.eng.close()
	e.open(query, fragment, name)
	b := e.table()
	e.session = play.NewSession(b)
	e.eng = enginePipe{session: e.session, onLine: e.onEngineLine}
	e.playing, e.autoplay = e.puzzle, false
	if e.finding {
		e.findPuzzle(ctx, e.shown)
	}
	if e.link.Autoplay > 0 && b.ShownPly() < b.Len() {
		e.autoplay = true
		e.tick(ctx)
	}
	ctx.Defer(scrollMoves)
}

func (e *Embed) OnDismount() {
	if e.unkeys != nil {
		e.unkeys()
	}
	e.eng.close()
}

// open reads the link; a link that cannot be read leaves the start position of its game on
// the board and says why.
func (e *Embed) open(query, fragment, name string) {
	l, err := link.ParseLink(query, fragment, name)
	e.link, e.err = l, ""
	var ok bool
	if e.lang, ok = i18n.Parse(l.Lang); !ok {
		e.lang = i18n.Choose(browserLangs())
	}
	setDocumentLang(e.lang)
	if err == nil {
		e.opened, err = l.Open(0)
	}
	if err == nil {
		e.opened.Table.ReadRecordEvals() // a report written into the record judges its moves
	}
	e.puzzle, e.finding = false, false
	if err == nil && l.Puzzle {
		// The position shown is the puzzle: the reader plays the side to move, the engine
		// defends (loaded with the reader's first move). A Reversi puzzle is judged by its
		// moves' scores: the link's, else the collection's (findPuzzle).
		b := e.opened.Table
		pz, perr := play.LinkPuzzle(b.Variant(), b.View(play.ViewOptions{}).Position, l.Scores)
		switch {
		case perr != nil:
			err = errors.New(linkPuzzleError(e.lang, pz.FEN, perr))
		case !pz.Scored():
			e.finding = true
		default:
			if perr := b.StartPuzzle(pz); perr != nil {
				err = errors.New(linkPuzzleError(e.lang, pz.FEN, perr))
			} else {
				e.puzzle = true
			}
		}
	}
	if err != nil {
		e.err = e.lang.T(i18n.EmbedCannotShow, err.Error())
		e.opened, _ = link.Link{Game: l.Game, Ply: -1, Flip: l.Flip}.Open(0) // the start: always opens
	}
}

// findPuzzle looks the position of a Reversi puzzle link without scores up in the collection
// (fetched now; the service worker keeps it for offline visits): found, it is the puzzle, with
// the collection's scores; not there, the frame says it cannot be judged. shown is the link
// it was asked for: a frame moved to another link meanwhile drops the answer.
func (e *Embed) findPuzzle(ctx app.Context, shown string) {
	fetchText(ReversiPuzzlesURL, func(text string, ferr error) {
		ctx.Dispatch(func(ctx app.Context) {
			b := e.table()
			if e.shown != shown || !e.finding || b == nil {
				return
			}
			e.finding = false
			fen := b.View(play.ViewOptions{}).Position
			list, err := play.ParsePuzzles(play.VariantReversi, text)
			if ferr != nil {
				err = ferr
			}
			if err != nil {
				e.err = e.lang.T(i18n.EmbedCannotShow, e.lang.T(i18n.PuzzlesLoadFailed, play.PuzzlesErrorText(e.lang, err)))
				return
			}
			i := play.FindPosition(list, play.VariantReversi, fen)
			if i < 0 {
				e.err = e.lang.T(i18n.EmbedCannotShow, linkPuzzleError(e.lang, fen, &play.PuzzleLinkError{Reason: play.PuzzleUnknown}))
				return
			}
			if err := b.StartPuzzle(list[i]); err != nil {
				e.err = e.lang.T(i18n.EmbedCannotShow, linkPuzzleError(e.lang, fen, err))
				return
			}
			e.puzzle, e.playing, e.autoplay = true, true, false
		})
	})
}

// browse is a button or key that browses the record (first, prev, next, last): the table's
// action, not the session's, as a reader browsing asks the engine nothing.
func (e *Embed) browse(ctx app.Context, act play.Action) {
	e.autoplay = false
	e.table().Do(act)
	ctx.Defer(scrollMoves)
}

// tick plays the next move of the record after the autoplay delay, until the end or until
// the reader takes over.
func (e *Embed) tick(ctx app.Context) {
	ctx.After(e.link.Autoplay, func(ctx app.Context) {
		b := e.table()
		if !e.autoplay || e.playing {
			return
		}
		if b.ShownPly() >= b.Len() {
			e.autoplay = false
			return
		}
		b.Review(b.ShownPly() + 1)
		ctx.Defer(scrollMoves)
		e.tick(ctx)
	})
}

func (e *Embed) onControl(ctx app.Context, a app.Action) {
	e.sounds.unlock()
	b := e.table()
	name, _ := a.Value.(string)
	switch act := play.Action(name); act {
	case play.ActFirst, play.ActPrev, play.ActNext, play.ActLast:
		e.browse(ctx, act)
	case "moves":
		e.movesOpen = !e.movesOpen
	case "autoplay":
		e.autoplay = !e.autoplay
		if e.autoplay {
			if b.ShownPly() >= b.Len() {
				b.Review(0)
			}
			e.tick(ctx)
		}
	case "play":
		e.playFromHere(ctx)
	case play.ActPuzzleHint, play.ActPuzzleSolution, play.ActPuzzleRetry:
		if ef, ok := e.session.Do(act); ok {
			e.eng.send(ctx, ef.Send)
			ctx.Defer(scrollMoves)
		}
	}
}

// playFromHere lets the reader play the side to move in the position shown against the
// engine; the engine's Worker starts now, so it is warm for its first answer.
func (e *Embed) playFromHere(ctx app.Context) {
	b := e.table()
	if !e.link.Play || b.Over() && !b.Reviewing() {
		return
	}
	e.autoplay = false
	b.ContinueHere()
	b.SetLevel(e.level)
	b.SetHuman(b.Turn())
	e.playing = true
	e.eng.start(ctx)
	e.eng.send(ctx, b.EngineLines())
}

func (e *Embed) onPoint(ctx app.Context, a app.Action) {
	e.sounds.unlock()
	s, _ := a.Value.(string)
	b := e.table()
	if !e.playing || b.Reviewing() {
		return
	}
	if ef := e.session.Click(s); ef.Moved {
		e.sounds.play(ef.Sound)
		e.eng.send(ctx, ef.Send)
		ctx.Defer(scrollMoves)
	}
}

func (e *Embed) onEngineLine(ctx app.Context, line string) {
	ef := e.session.EngineSaid(line)
	if ef.Err != nil {
		app.Log(ef.Err)
	}
	e.eng.send(ctx, ef.Send)
	if ef.Moved {
		e.sounds.play(ef.Sound)
		ctx.Defer(scrollMoves)
	}
}

// notation is the move list's notation: the link's, else the one the record is written in,
// else the reader's language's (play.DefaultNotation).
func (e *Embed) notation() play.Notation {
	switch {
	case e.link.Notation != "":
		return e.link.Notation
	case e.opened != nil && e.opened.Notation != "":
		return e.opened.Notation
	}
	return play.DefaultNotation(e.lang)
}

func (e *Embed) Render() app.UI {
	root := app.Div().Class(e.classes()).Attr("data-theme", e.theme())
	if e.link.Lang != "" {
		root = root.Attr("lang", e.link.Lang)
	}
	b := e.table()
	if b == nil { // prerendered, before the link is read: the frame keeps its place
		return root.Body(app.Div().Class("embed-loading").Text(e.lang.T(i18n.EmbedLoading)))
	}
	o := e.opened
	texts := b.MarkedMoveTexts(e.notation())
	vars := &Variations{Lang: e.lang}
	if m, ok := b.Annotated(); ok {
		vars = variationsOf(e.table(), m, e.notation(), e.lang)
		vars.Editable = false // the embed replays the record, it does not edit it
	}
	return root.Body(
		e.players(),
		app.Div().Class("embed-main").Body(
			app.Div().Class("embed-board").Body(drawBoard(b.View(play.ViewOptions{Lang: e.lang}), drawing{Ready: e.mounted, Lang: e.lang, Puzzle: e.puzzleState()})),
			app.Div().Class("embed-side").Body(
				e.bar(),
				app.P().Class("embed-status").Attr("aria-live", "polite").Text(e.status()),
				app.P().Class("embed-comment").Text(e.comment()),
				e.reportSlot(b),
				app.Div().Class("embed-moves").Body(
					newMoveList().In(e.lang).WithRecord(texts, b.Ply(), b.ShownPly(), b.SecondFirst()).
						WithJudgements(recordJudgements(b)),
				),
				vars,
				app.P().Class("embed-error").Attr("role", "alert").Attr("data-embed-error", e.err).Text(e.err),
				app.P().Class("embed-note").Text(strings.Join(append(append([]string(nil), e.link.Notes...), o.Notes...), "; ")),
			),
		),
		// A frame too small for a board to be played (a bare <iframe>'s 300×150) shows only
		// this line (web/qipan.css): the game in the app, in a new tab.
		app.A().Class("embed-tiny").Href(e.appLink()).Attr("target", "_blank").Attr("rel", "noopener").
			Text(e.lang.T(i18n.OpenGameInQipan)),
	)
}

// appLink is the app's address on the game and the position shown (relative to /embed).
func (e *Embed) appLink() string {
	return "./?" + link.ShareQuery(e.table(), false)
}

// comment is the record's comment on the position shown (none once the reader plays on: the
// record's comments are about its own moves).
func (e *Embed) comment() string {
	if e.playing {
		return ""
	}
	return e.opened.Comment(e.table().ShownPly())
}

func (e *Embed) classes() string {
	c := "qipan-embed"
	if e.movesOpen {
		c += " moves-open"
	}
	if e.link.FitWidth {
		c += " fit-width"
	}
	if e.link.Play || e.puzzle || e.finding {
		c += " with-play" // the bar has the play row, or a puzzle's as high: a taller --chrome (web/qipan.css)
	}
	if e.server {
		c += " prerendered" // the frame is drawn at once, the game when the app has read the link
	}
	if b := e.table(); b != nil && b.Variant() == play.VariantReversi {
		c += " reversi"
	}
	return c
}

// theme is the look the link asks for; without one, "auto": the wooden board with light
// surroundings on a reader's light page (most blogs), dark on a dark one.
func (e *Embed) theme() string {
	if e.link.Theme == "" {
		return "auto"
	}
	return e.link.Theme
}

// players is the line above the board: the players by side, the title and the result, as
// the record gives them.
func (e *Embed) players() app.UI {
	o := e.opened
	var parts []app.UI
	if o.Red != "" || o.Black != "" {
		parts = append(parts,
			app.Span().Class("player red").Attr("data-player", "red").Text(play.PlayerName(o.Red)),
			app.Span().Class("vs").Text(" – "),
			app.Span().Class("player black").Attr("data-player", "black").Text(play.PlayerName(o.Black)))
	}
	if o.Result != "" {
		parts = append(parts, app.Span().Class("embed-result").Attr("data-record-result", o.Result).Text(o.Result))
	}
	if o.Title != "" {
		parts = append(parts, app.Span().Class("embed-title").Text(o.Title))
	}
	return app.Div().Class("embed-head").Body(parts...)
}

// bar is the row of buttons: first, previous, next, last, the move list switch, play from
// here (with play=1), autoplay (with autoplay=), and the link to the app.
func (e *Embed) bar() app.UI {
	b, l := e.table(), e.lang
	atStart, atEnd := b.ShownPly() == 0, b.ShownPly() >= b.Len()
	buttons := []app.UI{
		controlButton("first", "|◀", l.T(i18n.FirstTitle), !atStart).Aria("label", l.T(i18n.FirstName)),
		controlButton("prev", "◀", l.T(i18n.PrevTitle), !atStart).Aria("label", l.T(i18n.PrevName)),
		controlButton("next", "▶", l.T(i18n.NextTitle), !atEnd).Aria("label", l.T(i18n.NextName)),
		controlButton("last", "▶|", l.T(i18n.LastTitle), !atEnd).Aria("label", l.T(i18n.LastName)),
		controlButton("moves", l.T(i18n.MovesButton), l.T(i18n.MovesTitle), true).Aria("label", l.T(i18n.MovesButton)).
			Attr("aria-pressed", boolText(e.movesOpen)),
	}
	if e.link.Autoplay > 0 {
		label := l.T(i18n.Auto)
		if e.autoplay {
			label = l.T(i18n.Pause)
		}
		buttons = append(buttons, controlButton("autoplay", label, l.T(i18n.AutoplayTitle), true).
			Aria("label", l.T(i18n.AutoplayName)).Attr("aria-pressed", boolText(e.autoplay)))
	}
	row := []app.UI{app.Div().Class("controls embed-nav").Body(buttons...)}
	if e.puzzle {
		_, state, _, _ := b.Puzzle()
		solving := state == play.PuzzleSolving
		row = append(row, app.Div().Class("embed-play puzzle-row").Body(
			controlButton(string(play.ActPuzzleHint), l.T(i18n.PuzzleHintLabel), l.T(i18n.PuzzleHintTitle), solving && b.PersonToMove() && !b.Client.Hinting()),
			controlButton(string(play.ActPuzzleSolution), l.T(i18n.PuzzleSolution), l.T(i18n.PuzzleSolutionTitle), true),
			controlButton(string(play.ActPuzzleRetry), l.T(i18n.PuzzleRetry), l.T(i18n.PuzzleRetryTitle), b.Ply() > 0 || b.Len() > 0 || !solving),
		))
	} else if e.link.Play {
		canPlay := !e.playing || b.Reviewing()
		row = append(row, app.Div().Class("embed-play").Body(
			controlButton("play", l.T(i18n.PlayFromHere), l.T(i18n.PlayFromHereTitle), canPlay && (!b.Over() || b.Reviewing())),
			levelSelector(l, e.level),
		))
	}
	row = append(row, app.A().Class("embed-open").Href(e.appLink()).
		Attr("target", "_blank").Attr("rel", "noopener").Text(l.T(i18n.OpenInQipan)))
	return app.Div().Class("embed-bar").Body(row...)
}

// status says where the reader is: the move shown, whose turn it is, or the game's end; while
// the reader plays, the game's status line.
func (e *Embed) status() string {
	b := e.table()
	l := e.lang
	if e.puzzle && !b.Reviewing() {
		if pt := play.PuzzleText(l, b); pt != "" {
			return pt
		}
	}
	if e.finding {
		return l.T(i18n.Loading)
	}
	if e.playing && !b.Reviewing() {
		return play.StatusText(l, b)
	}
	s := l.T(i18n.StartPosition)
	if n := b.ShownPly(); n > 0 {
		s = l.T(i18n.MoveOf, n, b.Len())
	} else if b.Len() > 0 {
		s += " · " + l.T(i18n.NMoves, b.Len())
	}
	if r := b.Result(); r != "" && b.ShownPly() == b.Ply() {
		return s + " · " + play.TableResult(l, b)
	}
	if note := play.TableNote(l, b); note != "" {
		s += " · " + note
	}
	return s + " · " + l.T(i18n.SideToMove, play.SideLabel(l, b.Variant(), b.Turn()))
}

func boolText(v bool) string {
	if v {
		return "true"
	}
	return "false"
}

// reportSlot is a report=1 frame's accuracies and counts (reportSummary), when the record
// carries a report's scores; empty otherwise.
func (e *Embed) reportSlot(b *play.Table) app.UI {
	if !e.link.Report {
		return app.P().Class("report-summary embed-report")
	}
	return reportSummary(b, e.lang, "embed-report")
}

// recordJudgements are the marks of a record read: the report's where it carries scores, else
// the symbols its writer put after the moves (?!, ?, ??, !).
func recordJudgements(b *play.Table) []play.Judgement {
	if b.ReportState() == "done" {
		return b.Report().Judgements(b.Len())
	}
	m, ok := b.Annotated()
	if !ok {
		return nil
	}
	out := make([]play.Judgement, b.Len())
	for i, sym := range m.Symbols() {
		if i < len(out) {
			out[i] = map[string]play.Judgement{"?!": play.Inaccuracy, "?": play.Mistake, "??": play.Blunder, "!": play.Good}[sym]
		}
	}
	return out
}

// puzzleState is the board's data-puzzle in a puzzle frame ("" otherwise).
func (e *Embed) puzzleState() string {
	if !e.puzzle {
		return ""
	}
	_, state, _, _ := e.table().Puzzle()
	return string(state)
}
