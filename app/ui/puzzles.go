package ui

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/engine/reversi"
)

// Puzzles (残局, issue 52): the collections the site ships (web/puzzles/): Xiangqi's
// classical manuals (verified by cmd/qipan-puzzles) and, after them, the puzzles mined from
// qipan's games (cmd/qipan-puzzles mine), and Reversi's best moves (solved by
// cmd/reversi-puzzles). The list shows the collection of the game on the board, each loaded
// when its list is first opened; a puzzle chosen goes on the board through
// play.Session.OpenPuzzle, which keeps the game it replaces; the person's progress and puzzle
// rating (play.PuzzleProgress) are kept in localStorage. Over the list: the person's rating
// and streak, and the daily puzzle of the game's collection (play.DailyPuzzle, by the local
// date); each entry gives its puzzle's rating; Next opens one near the person's rating. Links:
// ?view=puzzles opens the list, ?daily=1 the daily puzzle, ?puzzle=1&fen=<FEN> that position
// as a puzzle (Reversi's with game=reversi and its moves' scores=, or one of the collection's).

// PuzzlesURL is the Xiangqi collection, relative to the page so that a sub-path works, and
// MinedPuzzlesURL its second, listed after it (a build without it lists the first alone);
// ReversiPuzzlesURL Reversi's.
const (
	PuzzlesURL        = "web/puzzles/xiangqi-classical.tsv"
	MinedPuzzlesURL   = "web/puzzles/xiangqi-mined.tsv"
	ReversiPuzzlesURL = "web/puzzles/reversi.tsv"
)

// puzzlesURL is the collection of variant's puzzles.
func puzzlesURL(variant string) string {
	if variant == play.VariantReversi {
		return ReversiPuzzlesURL
	}
	return PuzzlesURL
}

// PuzzlesKey keeps the progress (play.PuzzleProgress: solved and failed, by play.PuzzleID).
const PuzzlesKey = "qipan.puzzles"

// PuzzleAction is the action a puzzle of the list posts when chosen; its value is its index,
// or dailyChoice for the daily puzzle.
const PuzzleAction = "qipan/puzzle"

// dailyChoice is PuzzleAction's value for the daily puzzle (data-action="puzzle-daily").
const dailyChoice = -2

// today is the local date, as play.DailyPuzzle reads it (a variable for the tests).
var today = func() string { return play.DailyDate(time.Now()) }

// puzzleLoad is where the collection stands.
type puzzleLoad int

const (
	puzzlesUnloaded puzzleLoad = iota
	puzzlesLoading
	puzzlesLoaded
	puzzlesFailed
)

// puzzleBook is the page's puzzles: each game's collection, the list, the progress.
type puzzleBook struct {
	sets     map[string]*puzzleSet // by variant
	open     bool                  // the list is shown, in the move list's place
	progress play.PuzzleProgress
	rev      int // counts the changes of progress: the list is drawn again
}

// puzzleSet is a game's collection.
type puzzleSet struct {
	load puzzleLoad
	list []play.Puzzle
	err  error                   // why the collection could not be loaded
	then []func(ctx app.Context) // what waits for the collection (Next before it was loaded)
}

// set is variant's collection.
func (b *puzzleBook) set(variant string) *puzzleSet {
	if b.sets == nil {
		b.sets = map[string]*puzzleSet{}
	}
	if b.sets[variant] == nil {
		b.sets[variant] = &puzzleSet{}
	}
	return b.sets[variant]
}

// loadPuzzleProgress reads the kept progress and rating (play.PuzzleProgress's saved form,
// with or without the rating); an unreadable one is set aside like a game.
func (p *Page) loadPuzzleProgress(ctx app.Context) {
	var pp play.PuzzleProgress
	if err := ctx.LocalStorage().Get(PuzzlesKey, &pp); err != nil {
		p.setAside(ctx, PuzzlesKey, err)
		pp = play.PuzzleProgress{}
	}
	p.puzzles.progress = pp
}

// notePuzzle keeps how the puzzle on the board stands once it is solved or failed, and its
// first attempt's rating (a hint asked rates it lost at once).
func (p *Page) notePuzzle(ctx app.Context) {
	if !p.puzzles.progress.NoteTable(p.table()) {
		return
	}
	p.puzzles.rev++
	if err := ctx.LocalStorage().Set(PuzzlesKey, p.puzzles.progress); err != nil {
		app.Log("keeping the puzzles' progress:", err)
	}
}

// withPuzzles runs then once variant's collection is loaded, loading it first if need be (a
// failed load is tried again). A load that fails opens the list, which says why.
func (p *Page) withPuzzles(ctx app.Context, variant string, then func(ctx app.Context)) {
	b := p.puzzles.set(variant)
	if b.load == puzzlesLoaded {
		then(ctx)
		return
	}
	b.then = append(b.then, then)
	if b.load == puzzlesLoading {
		return
	}
	b.load, b.err = puzzlesLoading, nil
	fetchText(puzzlesURL(variant), func(text string, err error) {
		if err != nil || variant != play.VariantXiangqi {
			ctx.Dispatch(func(ctx app.Context) { p.puzzlesFetched(ctx, variant, text, err) })
			return
		}
		fetchText(MinedPuzzlesURL, func(mined string, _ error) { // none: the first alone
			ctx.Dispatch(func(ctx app.Context) { p.puzzlesFetched(ctx, variant, text, nil, mined) })
		})
	})
}

// puzzlesFetched reads variant's collection fetched (or why it was not), and more
// collections after it, and runs what waited for it.
func (p *Page) puzzlesFetched(ctx app.Context, variant, text string, err error, more ...string) {
	b := p.puzzles.set(variant)
	then := b.then
	b.then = nil
	var list []play.Puzzle
	if err == nil {
		list, err = play.ParsePuzzles(variant, text)
	}
	for _, m := range more {
		if next, merr := play.ParsePuzzles(variant, m); err == nil && m != "" {
			list, err = append(list, next...), merr
		}
	}
	if err != nil {
		app.Log("loading the puzzles:", err)
		b.load, b.err = puzzlesFailed, err
		p.puzzles.open = true
		return
	}
	b.load, b.list = puzzlesLoaded, list
	for _, f := range then {
		f(ctx)
	}
}

// togglePuzzles opens or closes the list (the data-action="puzzles" button): the collection
// of the game on the board.
func (p *Page) togglePuzzles(ctx app.Context) {
	p.puzzles.open = !p.puzzles.open
	if p.puzzles.open {
		p.withPuzzles(ctx, p.table().Variant(), func(ctx app.Context) { ctx.Defer(scrollPuzzles) })
	}
}

// shownPuzzles is the collection of the game on the board (loaded or not).
func (p *Page) shownPuzzles() *puzzleSet { return p.puzzles.set(p.table().Variant()) }

// onPuzzleChosen opens the puzzle chosen in the list (of the game on the board); -1 loads the
// list's collection.
func (p *Page) onPuzzleChosen(ctx app.Context, a app.Action) {
	list := p.shownPuzzles().list
	i, ok := a.Value.(int)
	if ok && i == -1 && p.shownPuzzles().load == puzzlesUnloaded {
		p.withPuzzles(ctx, p.table().Variant(), func(ctx app.Context) { ctx.Defer(scrollPuzzles) })
		return
	}
	if ok && i == dailyChoice {
		i = play.DailyPuzzle(list, today())
	}
	if !ok || i < 0 || i >= len(list) {
		return
	}
	p.sounds.unlock()
	if err := p.openPuzzle(ctx, list[i]); err != nil {
		p.notice = p.lang.T(i18n.PuzzlesLoadFailed, err.Error())
		return
	}
	p.puzzles.open = false
}

// openPuzzle puts pz on the board. The game it replaces is kept to be brought back
// (Session.OpenPuzzle), except a puzzle: a puzzle after a puzzle leaves kept the game the
// first one replaced. On error nothing changes.
func (p *Page) openPuzzle(ctx app.Context, pz play.Puzzle) error {
	var e play.Effects
	if t := p.s.Of(pz.Variant); t != nil && isPuzzle(t) {
		if err := t.StartPuzzle(pz); err != nil {
			return err
		}
		p.setGame(pz.Variant)
		e = p.s.Changed()
	} else {
		var err error
		if e, err = p.s.OpenPuzzle(pz); err != nil {
			return err
		}
	}
	if v := p.table().Variant(); v != p.settings.Game {
		p.setGame(v)
		p.saveSettings(ctx)
	}
	p.refusal, p.notice = "", ""
	p.kept(e)
	p.apply(ctx, e)
	return nil
}

// puzzleClass is the status line's class while a puzzle is on the board (web/qipan.css: its
// longer sentences keep to the line's two rows).
func puzzleClass(t *play.Table) string {
	if isPuzzle(t) {
		return "puzzle"
	}
	return ""
}

func isPuzzle(t *play.Table) bool {
	_, _, _, ok := t.Puzzle()
	return ok
}

// puzzleIndex is the place in its game's collection of the puzzle on the board, -1 for none
// (no puzzle, a link's, or the collection not loaded).
func (p *Page) puzzleIndex() int {
	pz, _, _, ok := p.table().Puzzle()
	if !ok {
		return -1
	}
	return play.FindPuzzle(p.shownPuzzles().list, pz)
}

// nextPuzzle opens a puzzle not solved of the game's collection near the person's rating
// (play.PuzzleProgress.NextPuzzle), loading the collection first.
func (p *Page) nextPuzzle(ctx app.Context) {
	v := p.table().Variant()
	p.withPuzzles(ctx, v, func(ctx app.Context) {
		list := p.puzzles.set(v).list
		if i := p.puzzles.progress.NextPuzzle(list, p.puzzleIndex()); i >= 0 {
			if err := p.openPuzzle(ctx, list[i]); err != nil {
				p.notice = p.lang.T(i18n.PuzzlesLoadFailed, err.Error())
			}
		}
	})
}

// canNext reports whether Next may have a puzzle to open: one not solved is left, or the
// collection is not loaded yet.
func (p *Page) canNext() bool {
	if p.learning() {
		return p.learnAt+1 < len(p.learn)
	}
	b := p.shownPuzzles()
	return b.load != puzzlesLoaded || p.puzzles.progress.HasNext(b.list, p.puzzleIndex())
}

// puzzleLink reports whether a page query (without '?') asks for a puzzle (?puzzle=1): then
// it is no share link.
func puzzleLink(query string) bool {
	v, err := url.ParseQuery(query)
	return err == nil && linkFlag(v.Get("puzzle"))
}

// puzzlesLink reports whether a page query asks for the puzzles' list (?view=puzzles) or the
// daily puzzle (?daily=1).
func puzzlesLink(query string) bool {
	v, err := url.ParseQuery(query)
	return err == nil && (v.Get("view") == "puzzles" || linkFlag(v.Get("daily")))
}

func linkFlag(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// openPuzzleLink opens what the address asks of the puzzles: ?view=puzzles the list,
// ?daily=1 the daily puzzle of the game on the board (its collection loaded first; game=
// names the game, which openLink shows), ?puzzle=1&fen=<FEN> that position as a puzzle (the
// query is then dropped, as a share link's is; with no fen, the list of game='s puzzles). A
// position that cannot be a puzzle leaves the game on the board and says why.
func (p *Page) openPuzzleLink(ctx app.Context) {
	query, _, _ := pageLink()
	v, err := url.ParseQuery(query)
	if err != nil {
		return
	}
	open := v.Get("view") == "puzzles"
	if puzzleLink(query) {
		dropQuery()
		if fen := strings.TrimSpace(v.Get("fen")); fen != "" {
			p.openLinkPuzzle(ctx, play.LinkVariant(v.Get("game"), fen), fen, v.Get("scores"))
		} else {
			if g := v.Get("game"); g != "" { // the list of the game named
				p.setGame(play.LinkVariant(g, ""))
				p.saveSettings(ctx)
			}
			open = true
		}
	}
	if linkFlag(v.Get("daily")) && !puzzleLink(query) {
		variant := p.table().Variant()
		p.withPuzzles(ctx, variant, func(ctx app.Context) {
			list := p.puzzles.set(variant).list
			if i := play.DailyPuzzle(list, today()); i >= 0 {
				if err := p.openPuzzle(ctx, list[i]); err != nil {
					p.notice = p.lang.T(i18n.PuzzlesLoadFailed, err.Error())
				}
			}
		})
		return
	}
	if open {
		p.togglePuzzles(ctx)
	}
}

// openLinkPuzzle opens a link's puzzle (?puzzle=1&fen=…, with game=reversi its scores=): a
// Reversi position without scores is looked up in the collection (loaded first), and so is one
// with them when the collection is loaded already (the puzzle then has its number and
// rating). A position that cannot be a puzzle leaves the game on the board and says why.
func (p *Page) openLinkPuzzle(ctx app.Context, variant, fen, scores string) {
	fail := func(err error) { p.notice = p.lang.T(i18n.LinkCannotOpen, linkPuzzleError(p.lang, fen, err)) }
	pz, err := play.LinkPuzzle(variant, fen, scores)
	if err != nil {
		fail(err)
		return
	}
	if b := p.puzzles.set(variant); variant == play.VariantReversi && b.load == puzzlesLoaded {
		if i := play.FindPosition(b.list, variant, pz.FEN); i >= 0 {
			pz = b.list[i]
		}
	}
	if pz.Scored() {
		if err := p.openPuzzle(ctx, pz); err != nil {
			fail(err)
			return
		}
		if pz.Source == "" && variant == play.VariantReversi {
			p.collectionPuzzle(ctx, pz)
		}
		return
	}
	p.withPuzzles(ctx, variant, func(ctx app.Context) {
		list := p.puzzles.set(variant).list
		i := play.FindPosition(list, variant, pz.FEN)
		if i < 0 {
			fail(&play.PuzzleLinkError{Reason: play.PuzzleUnknown})
			return
		}
		if err := p.openPuzzle(ctx, list[i]); err != nil {
			fail(err)
		}
	})
}

// collectionPuzzle loads the Reversi collection after a link's puzzle pz, scored by the link,
// is on the board: when the collection holds its position and the puzzle is still untouched
// (no move, no hint), the collection's puzzle takes its place, the same position with its
// number and rating (a shared puzzle of the collection is rated as one chosen in the list). A
// collection that cannot be loaded changes nothing (the link's scores judge the puzzle), unless
// the list asked for it meanwhile, which then says why.
func (p *Page) collectionPuzzle(ctx app.Context, pz play.Puzzle) {
	b := p.puzzles.set(pz.Variant)
	if b.load != puzzlesUnloaded {
		return
	}
	b.load = puzzlesLoading
	fetchText(puzzlesURL(pz.Variant), func(text string, err error) {
		ctx.Dispatch(func(ctx app.Context) {
			if err != nil && len(b.then) == 0 {
				b.load = puzzlesUnloaded // tried again when the list opens
				return
			}
			p.puzzlesFetched(ctx, pz.Variant, text, err)
			t := p.s.Of(pz.Variant)
			cur, st, _, ok := t.Puzzle()
			if b.load != puzzlesLoaded || t != p.table() || !ok || cur.Source != "" || play.PuzzleID(cur) != play.PuzzleID(pz) ||
				st != play.PuzzleSolving || t.Len() > 0 || t.PuzzleHelped() {
				return
			}
			if i := play.FindPosition(b.list, pz.Variant, pz.FEN); i >= 0 {
				if err := p.openPuzzle(ctx, b.list[i]); err != nil {
					app.Log("the collection's puzzle of a link:", err)
				}
			}
		})
	})
}

// linkPuzzleError says in l why a link's position fen cannot be a puzzle: a Reversi
// position's reason (play.PuzzleLinkError), else the editor's reason for a Xiangqi position
// that cannot be played, else the rules' (a game over already).
func linkPuzzleError(l i18n.Lang, fen string, err error) string {
	var le *play.PuzzleLinkError
	if errors.As(err, &le) {
		return le.Text(l)
	}
	if _, rerr := reversi.ParseBoard(fen); rerr != nil {
		if pr := play.CheckXiangqi(fen); pr.Reason != "" {
			return pr.Text(l, play.VariantXiangqi)
		}
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

// scrollPuzzles brings the list into view, with the puzzle on the board (else the first not
// solved) in view inside it: the list draws that entry (PuzzleList's window follows it).
func scrollPuzzles(ctx app.Context) {
	list := app.Window().GetElementByID("puzzles")
	if !list.Truthy() {
		return
	}
	list.Call("scrollIntoView", map[string]any{"block": "nearest"})
	rows := list.Call("querySelector", ".puzzle-rows")
	if !rows.Truthy() {
		return
	}
	it := rows.Call("querySelector", ".puzzle-item.current") // the rows', not the daily entry
	if !it.Truthy() {
		it = rows.Call("querySelector", ".puzzle-item:not(.solved)")
	}
	if !it.Truthy() {
		return
	}
	// The entry's place in the scroller's content, from the boxes on screen (offsetTop is
	// measured from the nearest positioned ancestor, not from the scroller).
	top := it.Call("getBoundingClientRect").Get("top").Float() - rows.Call("getBoundingClientRect").Get("top").Float() + rows.Get("scrollTop").Float()
	rows.Set("scrollTop", max(0, int(top)-rows.Get("clientHeight").Int()/3))
}

// puzzleList is the list of the puzzles of the game on the board, empty while closed.
func (p *Page) puzzleList() app.UI {
	l := &PuzzleList{Lang: p.lang, Open: p.puzzles.open, Current: -1, Variant: p.table().Variant()}
	if !l.Open {
		return l
	}
	b := p.shownPuzzles()
	l.Loading, l.Puzzles, l.Progress, l.Rev, l.Current = b.load == puzzlesLoading || b.load == puzzlesUnloaded, b.list, p.puzzles.progress, p.puzzles.rev, p.puzzleIndex()
	l.Unloaded = b.load == puzzlesUnloaded
	l.Daily = play.DailyPuzzle(b.list, today())
	if b.load == puzzlesFailed {
		l.Error = p.lang.T(i18n.PuzzlesLoadFailed, play.PuzzlesErrorText(p.lang, b.err))
	}
	return l
}

// The list draws only a window of its rows, as the move list does (movelist.go), with blocks of
// the right height before and after: its hundreds of entries took half a second to draw. Every
// row (a collection's name, a puzzle) is --puzzle-row high (web/qipan.css).
const (
	puzzleChunk  = 15 // the step by which the window follows the scroll position, in rows
	puzzleWindow = 60 // the rows drawn: the most a tall list shows (about 20) and a chunk or more each side
)

// puzzleRows returns the rows [from, to) of rows to draw when row first is the first in view.
func puzzleRows(first, rows int) (from, to int) {
	from = max(0, (first/puzzleChunk-1)*puzzleChunk)
	return from, min(rows, from+puzzleWindow)
}

// PuzzleList shows the collection in the move list's place (docs/contracts.md: #puzzles, its
// entries data-puzzle-item with data-done and data-rating): over it the person's rating
// ([data-puzzle-rating], "1500?" while provisional) and streak, and the daily puzzle's entry
// (data-action="puzzle-daily"); under each collection's name, each puzzle by its number and
// title (play.PuzzleName; Reversi's by number and empties), its mate's length and its rating,
// solved ones marked ✓ and failed ones ✗. A component of its own, drawn again only when what
// it shows changes (Rev counts the progress's changes) or its window moves. Choosing an entry
// posts PuzzleAction.
type PuzzleList struct {
	app.Compo
	Open     bool
	Loading  bool
	Error    string // why the collection could not be loaded, in the reader's language
	Puzzles  []play.Puzzle
	Progress play.PuzzleProgress
	Rev      int
	Current  int // the index of the puzzle on the board, -1 for none
	Lang     i18n.Lang
	Variant  string // the game whose collection it is
	// Unloaded: the list opened on a game whose collection was never fetched (the game was
	// switched while it was open); it asks for it (PuzzleAction, -1).
	Unloaded bool
	Daily    int // the index of today's puzzle (play.DailyPuzzle), -1 for none

	first  int // the first row in view, from the scroll position
	placed int // the entry the window was last placed for, -1 for none (+1: 0 before any)
}

// puzzleRow is a row of the list: a collection's name (item -1) or a puzzle.
type puzzleRow struct {
	source string
	item   int
}

// rows are the list's rows: each collection's name, then its puzzles.
func (l *PuzzleList) rows() []puzzleRow {
	var rows []puzzleRow
	for i, pz := range l.Puzzles {
		if i == 0 || pz.Source != l.Puzzles[i-1].Source {
			rows = append(rows, puzzleRow{source: pz.Source, item: -1})
		}
		rows = append(rows, puzzleRow{source: pz.Source, item: i})
	}
	return rows
}

// target is the entry the list shows first: the puzzle on the board, else the first not
// solved (-1 for none).
func (l *PuzzleList) target() int {
	if l.Current >= 0 {
		return l.Current
	}
	return l.Progress.FirstUnsolved(l.Puzzles)
}

func (l *PuzzleList) Render() app.UI {
	root := app.Div().ID("puzzles").Class("puzzles")
	switch {
	case !l.Open:
		l.first, l.placed = 0, 0 // closed, it is empty: it opens at its top
		return root
	case l.Error != "":
		return root.Body(app.P().Class("puzzles-error").Attr("role", "alert").Attr("data-puzzles-error", l.Error).Text(l.Error))
	case l.Loading:
		return root.Attr("aria-busy", "true").Body(app.P().Class("puzzles-note").Text(l.Lang.T(i18n.Loading)))
	}
	rows := l.rows()
	if t := l.target(); t+1 != l.placed {
		// Another entry to show: the window is placed a few rows above it (scrollPuzzles
		// then scrolls it into view).
		l.placed = t + 1
		for r, row := range rows {
			if row.item == t && t >= 0 {
				if from, to := puzzleRows(l.first, len(rows)); r < from || r >= to {
					l.first = max(0, r-puzzleChunk)
				}
				break
			}
		}
	}
	from, to := puzzleRows(l.first, len(rows))
	cells := make([]app.UI, 0, to-from+2)
	cells = append(cells, puzzleGap(from))
	for _, row := range rows[from:to] {
		if row.item < 0 {
			cells = append(cells, l.heading(row.source))
		} else {
			cells = append(cells, l.item(row.item))
		}
	}
	cells = append(cells, puzzleGap(len(rows)-to))
	return root.Attr("data-puzzles", len(l.Puzzles)).Body(
		app.P().Class("puzzles-note").Text(l.Lang.T(puzzlesTitle(l.Variant))),
		l.stats(),
		l.daily(),
		app.Div().Class("puzzle-rows").OnClick(l.onClick).OnScroll(l.onScroll).Body(cells...),
	)
}

// stats is the line of the person's rating and streak, with the last puzzle's change
// ("等级分 1512 +12 · 连对 3"); the rating's figures in data-value (rounded) and data-rd.
func (l *PuzzleList) stats() app.UI {
	r := l.Progress.Player()
	rating := l.Lang.T(i18n.PuzzleRating, r.String())
	change := ""
	if _, d, ok := l.Progress.LastChange(); ok {
		change = play.ChangeText(d)
		rating += " " + change
	}
	return app.P().Class("puzzles-note puzzle-stats").Title(l.Lang.T(i18n.PuzzleRatingTitle)).Body(
		app.Span().Attr("data-puzzle-rating", r.String()).Attr("data-value", r.Int()).
			Attr("data-rd", int(r.RD+0.5)).Attr("data-change", change).Text(rating),
		app.Text(" · "+l.Lang.T(i18n.PuzzleStreak, l.Progress.Rated.Streak)),
	)
}

// daily is the daily puzzle's entry, over the rows: like a row, with the words for it before
// the puzzle's name; empty with no puzzle.
func (l *PuzzleList) daily() app.UI {
	if l.Daily < 0 || l.Daily >= len(l.Puzzles) {
		return app.Div().Class("puzzle-daily-none")
	}
	pz := l.Puzzles[l.Daily]
	cls, mark := l.marked(pz)
	label := l.Lang.T(i18n.PuzzleDaily) + " · " + play.PuzzleName(l.Lang, pz)
	return app.Button().Class(cls+" puzzle-daily").Style("min-height", "40px").
		Attr("data-action", "puzzle-daily").Attr("data-daily-item", l.Daily).Attr("data-done", string(l.Progress.Of(pz))).
		Title(l.Lang.T(i18n.PuzzleDailyTitle)).OnClick(onDailyClick).Body(
		app.Span().Class("puzzle-mark").Attr("aria-hidden", "true").Text(mark),
		app.Span().Class("puzzle-name").Text(label),
		l.mate(pz),
	)
}

func onDailyClick(ctx app.Context, e app.Event) { ctx.NewActionWithValue(PuzzleAction, dailyChoice) }

// marked is an entry's class and mark for how its puzzle stands: ✓ solved, ✗ failed.
func (l *PuzzleList) marked(pz play.Puzzle) (cls, mark string) {
	switch l.Progress.Of(pz) {
	case play.PuzzleSolved:
		return "puzzle-item solved", "✓"
	case play.PuzzleFailed:
		return "puzzle-item failed", "✗"
	}
	return "puzzle-item", ""
}

// mate is an entry's end: its mate's length and its rating (the puzzle's, moved by the
// person's first attempt).
func (l *PuzzleList) mate(pz play.Puzzle) app.UI {
	mate := ""
	if pz.Mate > 0 {
		mate = l.Lang.T(i18n.PuzzleMateIn, pz.Mate) + " · "
	}
	r := l.Progress.PuzzleRating(pz).Int()
	return app.Span().Class("puzzle-mate").Body(
		app.Text(mate),
		app.Span().Class("puzzle-rating").Attr("data-rating", r).Text(strconv.Itoa(r)),
	)
}

// OnMount and OnUpdate ask for the collection when the list shows a game's never fetched.
func (l *PuzzleList) OnMount(ctx app.Context)  { l.askLoad(ctx) }
func (l *PuzzleList) OnUpdate(ctx app.Context) { l.askLoad(ctx) }

func (l *PuzzleList) askLoad(ctx app.Context) {
	if l.Open && l.Unloaded {
		ctx.NewActionWithValue(PuzzleAction, -1)
	}
}

// puzzleGap stands for n rows not drawn.
func puzzleGap(n int) app.UI {
	return app.Div().Class("puzzles-gap").Attr("aria-hidden", "true").Style("height", "calc("+strconv.Itoa(n)+" * var(--puzzle-row))")
}

// heading is the row naming collection src, with how many of its puzzles are solved.
func (l *PuzzleList) heading(src string) app.UI {
	solved, all := 0, 0
	for _, pz := range l.Puzzles {
		if pz.Source == src {
			all++
			if l.Progress.Of(pz) == play.PuzzleSolved {
				solved++
			}
		}
	}
	return app.P().Class("puzzle-source").Body(
		app.Span().Text(sourceName(l.Lang, src)),
		app.Span().Class("puzzle-count").Text("✓ "+strconv.Itoa(solved)+" / "+strconv.Itoa(all)),
	)
}

// item is the entry of puzzle i.
func (l *PuzzleList) item(i int) app.UI {
	pz := l.Puzzles[i]
	done := l.Progress.Of(pz)
	cls, mark := l.marked(pz)
	name := play.PuzzleName(l.Lang, pz)
	it := app.Button().Class(cls).Attr("data-puzzle-item", i).Attr("data-rating", l.Progress.PuzzleRating(pz).Int()).Title(name)
	if done != "" {
		it = it.Attr("data-done", string(done))
	}
	if i == l.Current {
		it = it.Class("current").Attr("aria-current", "true")
	}
	return it.Body(
		app.Span().Class("puzzle-mark").Attr("aria-hidden", "true").Text(mark),
		app.Span().Class("puzzle-name").Text(name),
		l.mate(pz),
	)
}

// onClick opens the puzzle whose entry was clicked (one handler for every entry, reading the
// entry's index from the page: go-app keeps an element's handler when it draws another entry
// in that element).
func (l *PuzzleList) onClick(ctx app.Context, e app.Event) {
	it := e.Get("target").Call("closest", "[data-puzzle-item]")
	if !it.Truthy() {
		return
	}
	if i, err := strconv.Atoi(it.Call("getAttribute", "data-puzzle-item").String()); err == nil {
		ctx.NewActionWithValue(PuzzleAction, i)
	}
}

// onScroll moves the window with the scroll position, drawing again only when it enters
// another chunk.
func (l *PuzzleList) onScroll(ctx app.Context, e app.Event) {
	list := ctx.JSSrc()
	row := list.Call("querySelector", ".puzzle-item")
	if !row.Truthy() || row.Get("offsetHeight").Int() <= 0 {
		ctx.PreventUpdate()
		return
	}
	first := list.Get("scrollTop").Int() / row.Get("offsetHeight").Int()
	n := len(l.rows())
	before, _ := puzzleRows(l.first, n)
	l.first = first
	if after, _ := puzzleRows(first, n); after == before {
		ctx.PreventUpdate()
	}
}

// puzzleState is how the puzzle on the board stands, as the board's data-puzzle says it (""
// for a game).
func (p *Page) puzzleState() play.PuzzleState {
	_, st, _, _ := p.table().Puzzle()
	return st
}

// puzzleLine is the line under the buttons while a puzzle is on the board: the advice that
// follows why it failed (puzzleLines), else the puzzle's name ("" for a link's).
func (p *Page) puzzleLine() string {
	b := p.table()
	pz, _, _, ok := b.Puzzle()
	if !ok {
		return ""
	}
	rated := p.ratingAfter()
	if !b.Reviewing() {
		if _, _, rest := puzzleLines(p.lang, play.PuzzleText(p.lang, b)); rest != "" {
			return dotted(rated, rest)
		}
	}
	if pz.Source == "" {
		return rated
	}
	return dotted(rated, play.PuzzleName(p.lang, pz))
}

// ratingAfter is the person's rating and its change by the puzzle on the board ("等级分 1512
// （+12）"), once its first attempt is rated and it is no longer under way (a hint rates it at
// once, said when it is over); "" otherwise. The line under the buttons starts with it.
func (p *Page) ratingAfter() string {
	pz, st, _, ok := p.table().Puzzle()
	if !ok || st == play.PuzzleSolving {
		return ""
	}
	id, change, ok := p.puzzles.progress.LastChange()
	if !ok || id != play.PuzzleID(pz) {
		return ""
	}
	return p.lang.T(i18n.PuzzleRatingAfter, p.puzzles.progress.Player().String(), play.ChangeText(change))
}

// dotted is the texts not empty, between them " · ".
func dotted(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + " · " + b
}

// puzzleLines fits a puzzle's status line (play.PuzzleText) to the status's two rows, which
// must not grow (the buttons under it would move): the first sentence stays there and what
// follows it ("Try again, or see the solution.") goes to the line under the buttons (rest);
// the engine's thinking, said at the end, is left to the spinner, and to screen readers
// (thinking, its words).
func puzzleLines(l i18n.Lang, text string) (head, thinking, rest string) {
	if t := " · " + l.T(i18n.ComputerThinking); strings.HasSuffix(text, t) {
		text, thinking = strings.TrimSuffix(text, t), t
	}
	end := -1
	for _, sep := range []string{". ", "。", "! ", "！"} {
		if i := strings.Index(text, sep); i >= 0 && strings.TrimSpace(text[i+len(sep):]) != "" && (end < 0 || i+len(sep) < end) {
			end = i + len(sep)
		}
	}
	if end < 0 {
		return text, thinking, ""
	}
	return strings.TrimSpace(text[:end]), thinking, strings.TrimSpace(text[end:])
}

// puzzlesTitle is the key of the words over variant's collection.
func puzzlesTitle(variant string) i18n.Key {
	if variant == play.VariantReversi {
		return i18n.ReversiPuzzlesTitle
	}
	return i18n.PuzzlesTitle
}

// sourceName is a collection's name in l: the manual's own (适情雅趣), or the words for
// qipan's own collections (play.PuzzleSourceName).
func sourceName(l i18n.Lang, src string) string { return play.PuzzleSourceName(l, src) }
