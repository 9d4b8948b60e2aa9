package desktop

import (
	"strconv"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/web/puzzles"
)

// Puzzles (残局, issue 52), as the web page has them and from the same app/play code: the
// collections shipped in web/puzzles (embedded: the program carries them), listed for the game
// shown in the move list's place; a puzzle chosen goes on the board through
// play.Session.OpenPuzzle, which keeps the game it replaces to be brought back; the puzzle's
// row (hint, solution, retry, next) stands where the game's engine row stands; the status line
// is play.StatusText's (the goal, solved, why it failed); the progress (solved, failed) and
// the puzzle rating (play.PuzzleProgress) are kept in the config directory beside the games.
// Over the list: the person's rating (1500? while provisional), its last change and the
// streak, and the daily puzzle (play.DailyPuzzle, by the local date); each entry gives its
// puzzle's rating; Next opens one near the person's rating.

// puzzleBook is the desktop's puzzles.
type puzzleBook struct {
	lists    map[string][]play.Puzzle // each game's collections, read when first listed
	errs     map[string]error         // why a game's collections could not be read
	open     bool                     // the list is shown in the move list's place
	cursor   int                      // the entry the keys move to and open
	top      int                      // the list's first row shown
	follow   bool                     // bring the cursor into view at the next layout
	progress play.PuzzleProgress
}

// puzzleEntry is a row of the list as laid out: a collection's name (item -1) or a puzzle,
// daily when it is the daily puzzle's entry over the rows.
type puzzleEntry struct {
	item  int
	box   Box
	daily bool
}

// puzzles returns the puzzles of the game shown (none when it has no collection), reading its
// collections the first time; an error says why they could not be read.
func (a *App) puzzles() ([]play.Puzzle, error) {
	v := a.Table().Variant()
	if a.pz.lists == nil {
		a.pz.lists, a.pz.errs = map[string][]play.Puzzle{}, map[string]error{}
	}
	if _, ok := a.pz.lists[v]; !ok {
		read := a.cfg.Puzzles
		if read == nil {
			read = puzzles.For
		}
		a.pz.lists[v], a.pz.errs[v] = read(v)
	}
	return a.pz.lists[v], a.pz.errs[v]
}

// hasPuzzles reports whether the game shown has puzzles to list (or collections that could
// not be read, which the list says).
func (a *App) hasPuzzles() bool {
	list, err := a.puzzles()
	return len(list) > 0 || err != nil
}

// PuzzlesOpen reports whether the list of puzzles is shown.
func (a *App) PuzzlesOpen() bool { return a.pz.open }

// Progress returns how the puzzles tried stand (play.PuzzleProgress).
func (a *App) Progress() play.PuzzleProgress { return a.pz.progress }

// puzzleIndex is the place in the list of the puzzle on the board, -1 for none.
func (a *App) puzzleIndex() int {
	pz, _, _, ok := a.Table().Puzzle()
	if !ok {
		return -1
	}
	list, _ := a.puzzles()
	return play.FindPuzzle(list, pz)
}

// togglePuzzles opens or closes the list; it opens on the puzzle on the board, else on the
// first not solved.
func (a *App) togglePuzzles() {
	if a.pz.open || !a.hasPuzzles() {
		a.pz.open = false
		return
	}
	a.pz.open = true
	a.placeCursor()
	list, _ := a.puzzles()
	a.trace("puzzles listed: %d", len(list))
}

// placeCursor puts the list's cursor on the puzzle on the board, else on the first not solved,
// and brings it into view.
func (a *App) placeCursor() {
	list, _ := a.puzzles()
	a.pz.cursor, a.pz.follow = a.puzzleIndex(), true
	if a.pz.cursor < 0 {
		a.pz.cursor = max(0, a.pz.progress.FirstUnsolved(list))
	}
}

// moveCursor moves the list's cursor by d entries, within the list.
func (a *App) moveCursor(d int) {
	list, _ := a.puzzles()
	if len(list) == 0 {
		return
	}
	a.pz.cursor = max(0, min(len(list)-1, a.pz.cursor+d))
	a.pz.follow = true
}

// openPuzzle puts puzzle i of the list on the board. The game it replaces is kept to be
// brought back, except a puzzle: a puzzle after a puzzle leaves kept the game the first one
// replaced (Session.PlayPuzzle). On error nothing changes but the message.
func (a *App) openPuzzle(i int) {
	list, _ := a.puzzles()
	if i < 0 || i >= len(list) {
		return
	}
	pz := list[i]
	e, err := a.s.PlayPuzzle(pz)
	if err != nil {
		a.notice = say(i18n.PuzzlesLoadFailed, err.Error())
		return
	}
	a.st.Game = pz.Variant
	a.pz.open, a.pz.cursor = false, i
	a.notice, a.info, a.refusal, a.scroll = nil, nil, "", 0
	a.trace("puzzle opened %s", play.PuzzleID(pz))
	a.kept(e)
	a.apply(e)
}

// nextPuzzle opens a puzzle of the list not solved near the person's rating.
func (a *App) nextPuzzle() {
	list, _ := a.puzzles()
	if i := a.pz.progress.NextPuzzle(list, a.puzzleIndex()); i >= 0 {
		a.openPuzzle(i)
	}
}

// canNext reports whether Next has a puzzle to open.
func (a *App) canNext() bool {
	list, _ := a.puzzles()
	return a.pz.progress.HasNext(list, a.puzzleIndex())
}

// notePuzzle keeps how the puzzle on the board stands once it is solved or failed, and its
// first attempt's rating (a hint asked rates it lost at once).
func (a *App) notePuzzle() {
	pz, st, _, _ := a.Table().Puzzle()
	if !a.pz.progress.NoteTable(a.Table()) {
		return
	}
	a.trace("puzzle %s %s", st, play.PuzzleID(pz))
	if err := a.cfg.Store.SavePuzzles(a.pz.progress); err != nil {
		a.notice = say(i18n.SaveFailed, err.Error())
	}
}

func isPuzzle(t *play.Table) bool {
	_, _, _, ok := t.Puzzle()
	return ok
}

// puzzleButtons is a puzzle's row, in the engine row's place: a winning move shown, the
// solution played out, the puzzle again, the next one not solved.
func (a *App) puzzleButtons(l i18n.Lang, t *play.Table) []widget {
	_, state, _, _ := t.Puzzle()
	solving := state == play.PuzzleSolving
	return []widget{
		{id: string(play.ActPuzzleHint), label: l.T(i18n.PuzzleHintLabel),
			enabled: solving && (t.Client.Failed() == "" || t.PuzzleHintOffline()) && !t.Reviewing() && t.PersonToMove() && !t.Client.Hinting()},
		{id: string(play.ActPuzzleSolution), label: l.T(i18n.PuzzleSolution), enabled: true},
		{id: string(play.ActPuzzleRetry), label: l.T(i18n.PuzzleRetry), enabled: t.Ply() > 0 || t.Len() > 0 || !solving},
		{id: "puzzle-next", label: l.T(i18n.PuzzleNext), enabled: a.canNext()},
	}
}

// puzzleRows are the list's rows: each collection's name, then its puzzles.
func puzzleRows(list []play.Puzzle) []int {
	var rows []int
	for i, pz := range list {
		if i == 0 || pz.Source != list[i-1].Source {
			rows = append(rows, -1-i) // the name of the collection puzzle i opens
		}
		rows = append(rows, i)
	}
	return rows
}

// puzzleList lays out the list in the move list's place: under each collection's name (with
// how many of its puzzles are solved), each puzzle by its number and title (play.PuzzleName;
// Reversi's by number and empties),
// solved ones marked ✓ and failed ones × (the page's ✗, which the font lacks), and its
// mate's length; the cursor's entry marked and kept in view when it moved.
func (a *App) puzzleList(l *frameLayout) {
	u, lang := l.u, a.Lang()
	list, err := a.puzzles()
	if err != nil {
		size := u * 0.9
		for i, t := range wrap(lang.T(i18n.PuzzlesLoadFailed, play.PuzzlesErrorText(lang, err)), size, l.list.W) {
			l.texts = append(l.texts, Op{Kind: OpText, Text: t, X: l.list.X, Y: l.list.Y + float32(i)*lineHeight(size), W: l.list.W, H: lineHeight(size), Size: size, Color: alert, Tag: "puzzles-error"})
		}
		return
	}
	rows := puzzleRows(list)
	rh := u * 1.6
	top := l.list.Y
	if l.list.H >= 3*rh { // room for the rating and the daily puzzle over two rows at least
		a.ratingLine(l, list, top, rh)
		top += rh
	}
	fit := int((l.list.Y + l.list.H - top) / rh)
	if fit <= 0 {
		return
	}
	if a.pz.follow {
		a.pz.follow = false
		for r, it := range rows {
			if it == a.pz.cursor {
				if r < a.pz.top+1 { // the collection's name above it stays in view
					a.pz.top = r - 1
				} else if r >= a.pz.top+fit {
					a.pz.top = r - fit + 1
				}
			}
		}
	}
	a.pz.top = max(0, min(a.pz.top, len(rows)-fit))
	for r := a.pz.top; r < len(rows) && r < a.pz.top+fit; r++ {
		y := top + float32(r-a.pz.top)*rh
		it := rows[r]
		if it < 0 { // a collection's name
			src := list[-1-it].Source
			solved, all := 0, 0
			for _, pz := range list {
				if pz.Source == src {
					all++
					if a.pz.progress.Of(pz) == play.PuzzleSolved {
						solved++
					}
				}
			}
			count := "✓ " + strconv.Itoa(solved) + " / " + strconv.Itoa(all)
			cw := textWidth(count, u*0.85) + u*0.3
			l.texts = append(l.texts,
				Op{Kind: OpText, Text: clipText(play.PuzzleSourceName(lang, src), u, l.list.W-cw), X: l.list.X, Y: y, W: l.list.W - cw, H: rh, Size: u, Color: text, Tag: "puzzle-source"},
				Op{Kind: OpText, Text: count, X: l.list.X + l.list.W - cw, Y: y, W: cw, H: rh, Size: u * 0.85, Color: dim, Align: AlignRight, Tag: "puzzle-count"})
			l.puzzles = append(l.puzzles, puzzleEntry{item: -1, box: Box{l.list.X, y, l.list.W, rh}})
			continue
		}
		a.puzzleEntry(l, list[it], play.PuzzleName(lang, list[it]), strconv.Itoa(it), y, rh)
		l.puzzles = append(l.puzzles, puzzleEntry{item: it, box: Box{l.list.X, y, l.list.W, rh}})
	}
}

// puzzleEntry lays out a puzzle's row at y: its mark (✓ solved, × failed), its name, its
// mate's length and its rating (the puzzle's, moved by the person's first attempt); tag names
// its texts ("puzzle <tag>").
func (a *App) puzzleEntry(l *frameLayout, pz play.Puzzle, name, tag string, y, rh float32) {
	u, lang := l.u, a.Lang()
	markW := u * 1.4
	mark, mc := "", text
	switch a.pz.progress.Of(pz) {
	case play.PuzzleSolved:
		mark, mc = "✓", selMark
	case play.PuzzleFailed:
		mark, mc = "×", alert // the page's ✗: the font (Noto Sans CJK) has no glyph for it
	}
	mate := ""
	if pz.Mate > 0 {
		mate = lang.T(i18n.PuzzleMateIn, pz.Mate) + " · "
	}
	mate += strconv.Itoa(a.pz.progress.PuzzleRating(pz).Int())
	mw := textWidth(mate, u*0.85) + u*0.3
	nameW := l.list.W - markW - mw
	if mark != "" {
		l.texts = append(l.texts, Op{Kind: OpText, Text: mark, X: l.list.X, Y: y, W: markW, H: rh, Size: u, Color: mc, Align: AlignCenter, Tag: "puzzle-mark " + tag})
	}
	l.texts = append(l.texts,
		Op{Kind: OpText, Text: clipText(name, u, nameW), X: l.list.X + markW, Y: y, W: nameW, H: rh, Size: u, Color: text, Tag: "puzzle " + tag},
		Op{Kind: OpText, Text: mate, X: l.list.X + l.list.W - mw, Y: y, W: mw, H: rh, Size: u * 0.85, Color: dim, Align: AlignRight, Tag: "puzzle-mate " + tag})
}

// ratingLine lays out the row over the list at y (the list's room is short: one row): the
// person's rating, its last change and the streak ("等级分 1512 +12 · 连对 3", tag
// puzzle-rating), and at its end the daily puzzle's entry ("每日一题", marked ✓ or × as the
// puzzle stands; tag "puzzle daily"), which a click opens.
func (a *App) ratingLine(l *frameLayout, list []play.Puzzle, y, rh float32) {
	u, lang := l.u, a.Lang()
	pp := a.pz.progress
	dw := float32(0)
	if i := play.DailyPuzzle(list, play.DailyDate(a.now)); i >= 0 {
		label := lang.T(i18n.PuzzleDaily)
		switch pp.Of(list[i]) {
		case play.PuzzleSolved:
			label = "✓ " + label
		case play.PuzzleFailed:
			label = "× " + label
		}
		dw = textWidth(label, u*0.9) + u
		box := Box{l.list.X + l.list.W - dw, y, dw, rh}
		l.texts = append(l.texts, Op{Kind: OpText, Text: label, X: box.X, Y: y, W: dw, H: rh, Size: u * 0.9, Color: text, Align: AlignCenter, Tag: "puzzle daily"})
		l.puzzles = append(l.puzzles, puzzleEntry{item: i, box: box, daily: true})
	}
	s := lang.T(i18n.PuzzleRating, pp.Player().String())
	if _, d, ok := pp.LastChange(); ok {
		s += " " + play.ChangeText(d)
	}
	s += " · " + lang.T(i18n.PuzzleStreak, pp.Rated.Streak)
	w := l.list.W - dw - u*0.3
	l.texts = append(l.texts, Op{Kind: OpText, Text: clipText(s, u*0.9, w), X: l.list.X, Y: y, W: w, H: rh, Size: u * 0.9, Color: dim, Tag: "puzzle-rating"})
}

// puzzleLine is the line under the buttons while puzzle pz is on the board: its name, after
// the person's rating and its change once its first attempt is rated and it is over
// ("等级分 1512（+12） · 适情雅趣 第1局 …"), as on the page.
func (a *App) puzzleLine(lang i18n.Lang, t *play.Table) string {
	pz, st, _, _ := t.Puzzle()
	name := play.PuzzleName(lang, pz)
	id, d, ok := a.pz.progress.LastChange()
	if !ok || st == play.PuzzleSolving || id != play.PuzzleID(pz) {
		return name
	}
	return lang.T(i18n.PuzzleRatingAfter, a.pz.progress.Player().String(), play.ChangeText(d)) + " · " + name
}

// puzzleScene draws the list's rows under their texts: the cursor's entry, and the puzzle on
// the board.
func (a *App) puzzleScene(s *Scene, l *frameLayout) {
	cur := a.puzzleIndex()
	for _, e := range l.puzzles {
		switch {
		case e.item < 0:
			s.rect(e.box.X, e.box.Y+e.box.H-1, e.box.W, 1, dim, "puzzle-rule")
		case e.daily:
			s.rect(e.box.X, e.box.Y, e.box.W, e.box.H, button, "puzzle-daily")
		case e.item == a.pz.cursor:
			s.rect(e.box.X, e.box.Y, e.box.W, e.box.H, active.Alpha(90), "puzzle-cursor")
		case e.item == cur:
			s.rect(e.box.X, e.box.Y, e.box.W, e.box.H, button, "puzzle-current")
		}
	}
}

// puzzleKey handles a key while the list is open: ↑ ↓ Page Up/Down Home End move the cursor,
// Enter opens its puzzle, Escape closes the list. It reports whether the key was the list's.
func (a *App) puzzleKey(k Key) bool {
	if !a.pz.open {
		return false
	}
	list, _ := a.puzzles()
	page := 10
	switch k {
	case KeyUp:
		a.moveCursor(-1)
	case KeyDown:
		a.moveCursor(1)
	case KeyPageUp:
		a.moveCursor(-page)
	case KeyPageDown:
		a.moveCursor(page)
	case KeyHome:
		a.moveCursor(-len(list))
	case KeyEnd:
		a.moveCursor(len(list))
	case KeyEnter:
		a.openPuzzle(a.pz.cursor)
	case KeyEscape:
		a.pz.open = false
	default:
		return false
	}
	return true
}
