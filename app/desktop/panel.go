package desktop

import (
	"strconv"
	"strings"

	"qipan/app/i18n"
	"qipan/app/play"
)

// The panel keeps every row in its place whatever is shown: the status, a line for a
// question, a refusal or the hint, two for the engine's line (and Reversi's count), the review
// row (idle while not reviewing) and the keep row (confirm New, bring back the game replaced)
// are there, empty or idle, when they have nothing to say, and so is the players' line above
// the message. A row of buttons takes the rows it takes in the language and the game that need
// the most (Reversi keeps Xiangqi's notation row empty), so that nothing moves when either
// changes. Only the message (what an import or export did, a problem) and the move list, at
// the bottom or in their own column, change size, and nothing lies below them.

// widget is a panel button as laid out for a frame.
type widget struct {
	id, label       string
	box             Box
	enabled, active bool
}

// entry is a clickable move of the move list.
type entry struct {
	ply  int
	text string
	box  Box
	cur  bool // the shown ply
	undo bool // beyond the game's ply (the redo tail)
	// A move of one of the record's other lines at the shown ply: line branch of
	// play.Annotated.Branches(ply), its move move (0 for the first); branch -1 for a move of
	// the game.
	branch, move int
}

// frameLayout is where everything goes in the current window.
type frameLayout struct {
	geo     Geometry
	view    play.BoardView // the board as drawn (App.view)
	panel   Box
	u       float32 // the panel's text size
	buttons []widget
	entries []entry
	texts   []Op          // the panel's text lines
	list    Box           // the move list's area
	puzzles []puzzleEntry // the puzzles' list's rows, in the move list's place while it is open
	message Box           // the message's box (empty: none)
}

// Geometry returns where the board of the game shown is drawn in the current window.
func (a *App) Geometry() Geometry { return a.layout().geo }

// square returns the square under pixel x, y, if any.
func (l *frameLayout) square(b *play.Table, x, y float32) (int, bool) {
	c, r, ok := l.geo.Hit(x, y)
	if !ok {
		return -1, false
	}
	return b.Cell(c, r), true
}

func (a *App) layout() *frameLayout {
	w, h := max(a.w, 200), max(a.h, 200)
	cols, rows := a.Table().Dims()
	ar := Arrange(w, h, cols, rows)
	bb := ar.Board
	l := &frameLayout{
		geo:   BoardGeometry(bb.X, bb.Y, bb.W, bb.H, cols, rows, a.Table().Variant() == play.VariantXiangqi),
		view:  a.view(),
		panel: ar.Panel,
		u:     ar.U,
	}
	a.panel(l, ar.ListBeside)
	return l
}

// panel lays out the panel: the game switch, the status and its lines, the controls, the
// settings, import and export, then the message and the move list (below, or in a column of
// their own when beside).
func (a *App) panel(l *frameLayout, beside bool) {
	b, u, p, lang := a.Table(), l.u, l.panel, a.Lang()
	pad, gap := u*0.7, u*0.35
	x, y, w := p.X+pad, p.Y+pad, p.W-2*pad
	var column Box // the message's and the move list's column
	if beside {
		cw := min(w*0.62, controlsW*u*1.25)
		column = Box{x + cw + pad, y, w - cw - pad, p.H - 2*pad}
		w = cw
	}
	bh := u * 1.9
	// plan is how a row of buttons goes: of equal widths in one row; when a label does not
	// fit, of widths as their labels need (need), still in one row if they fit so, else in two.
	plan := func(ws []widget) (rows int, need []float32, fitEqual bool) {
		if len(ws) == 0 {
			return 0, nil, true
		}
		widest, sum := float32(0), float32(0)
		need = make([]float32, len(ws))
		for i, wd := range ws {
			need[i] = textWidth(wd.label, u*0.9) + u*0.6
			widest, sum = max(widest, need[i]), sum+need[i]
		}
		n := float32(len(ws))
		fitEqual = widest <= (w-gap*(n-1))/n
		if len(ws) > 2 && !fitEqual && sum > w-gap*(n-1) {
			return 2, need, false
		}
		return 1, need, fitEqual
	}
	// Both games, the one shown first: a row takes the rows it takes in the language and the
	// game that need the most (a row that split in English or in Reversi moved all below it).
	tables := []*play.Table{b}
	for _, t := range a.s.Tables() {
		if t != b {
			tables = append(tables, t)
		}
	}
	// row lays out the buttons buttons(lang, b) gives, split alike in every language, and
	// takes as many rows as plan makes of buttons(l, t) in the language and game that need
	// the most, or of the buttons another (a puzzle's row, the engine's) gives in its place.
	row := func(buttons func(l i18n.Lang, t *play.Table) []widget, instead ...func(l i18n.Lang, t *play.Table) []widget) {
		ws := buttons(lang, b)
		_, need, fitEqual := plan(ws)
		split, most := false, 0
		for _, l := range i18n.Langs {
			for _, t := range tables {
				n, _, _ := plan(buttons(l, t))
				most = max(most, n)
				split = split || t == b && n == 2
				for _, other := range instead {
					n, _, _ := plan(other(l, t))
					most = max(most, n)
				}
			}
		}
		parts := [][]widget{ws}
		if split {
			half := (len(ws) + 1) / 2
			parts = [][]widget{ws[:half], ws[half:]}
		}
		for k, part := range parts {
			n := float32(len(part))
			bw := (w - gap*(n-1)) / n
			bx, by := x, y+float32(k)*(bh+gap)
			for i, wd := range part {
				width := bw
				if len(parts) == 1 && !fitEqual {
					// The room left over shared out in proportion to what each label needs.
					width = need[i] * (w - gap*(n-1)) / total(need)
				}
				wd.box = Box{bx, by, width, bh}
				bx += width + gap
				l.buttons = append(l.buttons, wd)
			}
		}
		y += float32(most) * (bh + gap)
	}
	// lines writes s wrapped in a slot of n lines (always taken, so that what follows stays
	// in place), each the font's line high; what does not fit in n lines is cut at the last
	// with "…" (shrunk onto it, it was a few pixels high in a small window).
	lines := func(s string, n int, size float32, c Color, tag string) {
		lh := lineHeight(size)
		ls := wrap(s, size, w)
		if len(ls) > n {
			ls = append(ls[:n-1], clipText(strings.Join(ls[n-1:], " "), size, w))
		}
		for i, t := range ls {
			if t != "" {
				l.texts = append(l.texts, Op{Kind: OpText, Text: t, X: x, Y: y + float32(i)*lh, W: w, H: lh, Size: size, Color: c, Tag: tag})
			}
		}
		y += float32(n) * lh
	}
	on := func(id, label string, enabled bool) widget { return widget{id: id, label: label, enabled: enabled} }
	pick := func(id, label string, act bool) widget {
		return widget{id: id, label: label, enabled: true, active: act}
	}
	xq := b.Variant() == play.VariantXiangqi
	row(func(l i18n.Lang, _ *play.Table) []widget {
		return []widget{pick("game:"+play.VariantXiangqi, l.T(i18n.GameXiangqi), xq), pick("game:"+play.VariantReversi, l.T(i18n.GameReversi), !xq),
			{id: "puzzles", label: l.T(i18n.Puzzles), enabled: a.hasPuzzles(), active: a.pz.open}, on("lang", l.Name(), true)}
	})
	e := b.Client
	status := play.StatusText(lang, b)
	if b.Reviewing() {
		status = play.ReviewText(lang, b)
	}
	lines(status, 2, u*1.1, text, "status") // two lines kept: a long one (check, a wait) is read whole
	// The line under the status: the question of New, else why a click was refused, else
	// the hint, else the puzzle's name.
	switch {
	case a.s.AskingNew():
		lines(lang.T(i18n.ConfirmNew), 1, u*0.95, alert, "confirm")
	case a.refusal != "":
		lines(play.RefusalText(lang, a.refusal), 1, u*0.95, alert, "refusal")
	default:
		hint := ""
		if h := b.HintText(a.notation()); h != "" {
			hint = lang.T(i18n.HintMove, h)
		}
		if pz, _, _, ok := b.Puzzle(); ok && hint == "" && pz.Source != "" {
			lines(a.puzzleLine(lang, b), 1, u*0.95, text, "puzzle-name")
		} else {
			lines(hint, 1, u*0.95, mark, "hint-text")
		}
	}
	// Two lines for Reversi's count and the engine's line (depth, score, speed, line).
	eng := play.TableNote(lang, b)
	// While a puzzle is being solved the defence's line would tell the solution: hidden, as on
	// the page.
	_, pzState, _, _ := b.Puzzle()
	if v, ok := b.EngineView(a.notation()); ok && (pzState != play.PuzzleSolving || b.Analysis()) {
		if eng != "" {
			eng += " · "
		}
		eng += play.EngineText(lang, v)
	}
	lines(eng, 2, u*0.85, engineInk, "engine")
	engineOK := e.Failed() == ""
	reviewing := b.Reviewing()
	row(func(l i18n.Lang, t *play.Table) []widget {
		return []widget{on("new", l.T(i18n.New), true), on("undo", l.T(i18n.Undo), t.CanUndo()), on("redo", l.T(i18n.Redo), t.CanRedo())}
	})
	// Move now hurries the computer's search: without one (the person's turn, two players)
	// it has nothing to do, in either game. A puzzle's row stands in this one's place.
	engineRow := func(l i18n.Lang, t *play.Table) []widget {
		return []widget{on("flip", l.T(i18n.Flip), true),
			on("hint", l.T(i18n.Hint), engineOK && !reviewing && t.PersonToMove() && !t.Client.Hinting()),
			on(string(play.ActMoveNow), l.T(i18n.MoveNow), t.Client.Thinking())}
	}
	if pzState != "" {
		row(a.puzzleButtons, engineRow)
	} else {
		row(engineRow, a.puzzleButtons)
	}
	row(func(l i18n.Lang, t *play.Table) []widget {
		return []widget{on("continue", l.T(i18n.ContinueHere), t.CanContinue()), on("live", l.T(i18n.BackToGame), reviewing),
			pick(string(play.ActAnalysis), l.T(i18n.Analysis), t.Analysis())}
	})
	_, tree := b.Annotated()
	switch {
	case a.s.AskingNew():
		row(func(l i18n.Lang, _ *play.Table) []widget {
			// The new game's time control beside the answer, as the page's question has it.
			return []widget{on("new-confirm", l.T(i18n.ConfirmNewYes), true), on("new-clock", clockLabel(l, b.NextTimeControl()), true),
				on("new-cancel", l.T(i18n.ConfirmNewNo), true)}
		})
	case a.CanRestore():
		row(func(l i18n.Lang, _ *play.Table) []widget {
			return []widget{on("restore-previous", l.T(i18n.RestorePrevious), true)}
		})
	case tree && b.Analysis():
		// Analysis's lines into the record as variations, in one action (as on the page).
		_, shown := b.EngineView(a.notation())
		row(func(l i18n.Lang, _ *play.Table) []widget {
			return []widget{on(string(play.ActAddEngineLines), l.T(i18n.AddEngineLines), shown)}
		})
	default:
		y += bh + gap
	}
	row(func(l i18n.Lang, t *play.Table) []widget {
		two := t.Mode() == play.TwoPlayer
		var sides []widget
		for _, sb := range play.SideButtons(t.Variant()) {
			on := two
			if sb.Side >= 0 {
				on = !two && t.Human() == sb.Side
			}
			sides = append(sides, pick(string(sb.Action), l.T(sb.Label), on))
		}
		return sides
	})
	row(func(l i18n.Lang, _ *play.Table) []widget {
		sound := pick("sound", map[bool]string{false: l.T(i18n.SoundOn), true: l.T(i18n.SoundOff)}[a.st.Muted], !a.st.Muted)
		switch {
		case a.cfg.NoSound && a.cfg.SoundOff:
			sound = on("sound", l.T(i18n.SoundOff), false)
		case a.cfg.NoSound:
			sound = on("sound", l.T(i18n.NoSoundDevice), false)
		}
		return []widget{on("level:-", "−", a.st.Level > play.MinLevel),
			{id: "level", label: l.T(i18n.Level, a.st.Level)},
			on("level:+", "+", a.st.Level < play.MaxLevel), sound}
	})
	// Xiangqi's notations: in Reversi their row stays empty.
	row(func(l i18n.Lang, t *play.Table) []widget {
		if t.Variant() != play.VariantXiangqi {
			return nil
		}
		var ns []widget
		for _, n := range play.Notations {
			ns = append(ns, pick("notation:"+string(n.N), n.Label, a.notation() == n.N))
		}
		return append(ns, pick("coords", map[bool]string{true: "a–i", false: "九…一"}[a.st.Coords == play.CoordsICCS], false))
	})
	row(func(l i18n.Lang, t *play.Table) []widget {
		var ex []widget
		for i, e := range t.Exports() {
			ex = append(ex, on("copy:"+strconv.Itoa(i), l.T(i18n.CopyWhat, play.WhatText(l, e.Name)), true))
		}
		return ex
	})
	row(func(l i18n.Lang, _ *play.Table) []widget {
		return []widget{on("paste", l.T(i18n.Paste), true), on("savefile", l.T(i18n.SaveFile), true), on("clock", clockLabel(l, b.NextTimeControl()), true),
			on(string(play.ActReport), l.T(i18n.ReportButton), e.Failed() == "" && b.Len() > 0 && b.ReportState() != "running"),
			on("report-depth", l.T(map[bool]i18n.Key{true: i18n.ReportThorough, false: i18n.ReportQuick}[a.st.Report == play.ReportThorough]), true)}
	})
	if beside {
		x, y, w = column.X, column.Y, column.W
	}
	// Who played an imported game, and where: a line kept in both games, so that the list
	// stays in place when it comes and goes.
	if c := clockLine(lang, b); c != "" {
		lines(c, 1, u*1.2, text, "clocks")
	}
	if r := reportLine(lang, b); r != "" {
		lines(r, 1, u*0.85, text, "report")
	}
	lines(l.view.Players, 1, u*0.9, text, "players")
	a.message(l, x, &y, w)
	l.list = Box{x, y, w, p.Y + p.H - pad - y}
	if a.pz.open {
		a.puzzleList(l)
	} else {
		a.moveList(l)
	}
}

// message lays out the message at x, *y in width w: the problem (in the alert colour) and
// what the last import or export did, wrapped, with a button to dismiss them; *y moves past it.
func (a *App) message(l *frameLayout, x float32, y *float32, w float32) {
	notice, info := a.Notice(), a.Info()
	if notice == "" && info == "" {
		return
	}
	u := l.u
	size := max(u*0.9, 12)
	lh := lineHeight(size)
	close := u * 1.6
	top := *y
	tw := w - close - u*0.5
	for _, m := range []struct {
		s   string
		c   Color
		tag string
	}{{notice, alert, "notice"}, {info, text, "info"}} {
		if m.s == "" {
			continue
		}
		for _, t := range wrap(m.s, size, tw) {
			l.texts = append(l.texts, Op{Kind: OpText, Text: t, X: x + u*0.3, Y: *y + u*0.2, W: tw, H: lh, Size: size, Color: m.c, Tag: m.tag})
			*y += lh
		}
	}
	*y = max(*y+u*0.4, top+close+u*0.4) // room for the dismiss button
	l.message = Box{x, top, w, *y - top}
	l.buttons = append(l.buttons, widget{id: "dismiss", label: "×", enabled: true,
		box: Box{x + w - close, top + u*0.2, close, close}})
	*y += u * 0.4
}

// moveList lays out the numbered rows of the record, keeping the shown move in view.
func (a *App) moveList(l *frameLayout) {
	b, u := a.Table(), l.u
	texts := b.MarkedMoveTexts(a.notation())
	rows := play.MoveRows(texts, b.SecondFirst())
	rh := u * 1.6
	fit := int(l.list.H / rh)
	shown := b.ShownPly()
	fit -= a.comment(l, fit, rh)
	fit -= a.variations(l, shown, fit, rh)
	if fit <= 0 {
		return
	}
	if shown != a.shown {
		a.shown = shown
		// Keep the row of the shown ply in view.
		for i, r := range rows {
			for _, p := range r.Plies {
				if p == shown {
					if i < a.scroll {
						a.scroll = i
					} else if i >= a.scroll+fit {
						a.scroll = i - fit + 1
					}
				}
			}
		}
	}
	a.scroll = max(0, min(a.scroll, len(rows)-fit))
	numW := u * 2.6
	colW := (l.list.W - numW) / 2
	for i := a.scroll; i < len(rows) && i < a.scroll+fit; i++ {
		r := rows[i]
		y := l.list.Y + float32(i-a.scroll)*rh
		l.texts = append(l.texts, Op{Kind: OpText, Text: strconv.Itoa(r.Number) + ".", X: l.list.X, Y: y, W: numW, H: rh, Size: u, Color: dim})
		col := 0
		if r.Second {
			col = 1
		}
		for _, ply := range r.Plies {
			l.entries = append(l.entries, entry{
				ply: ply, text: texts[ply-1],
				box: Box{l.list.X + numW + float32(col)*colW, y, colW, rh},
				cur: ply == shown, undo: ply > b.Ply(), branch: -1,
			})
			col++
		}
	}
}

// total is the sum of xs.
func total(xs []float32) float32 {
	t := float32(0)
	for _, x := range xs {
		t += x
	}
	return t
}

// clipText is s cut to width w at size, with "…" where it was cut.
func clipText(s string, size, w float32) string {
	if textWidth(s, size) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && textWidth(string(r)+"…", size) > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// commentRows is how many rows the record's comment on the shown position takes at the foot
// of the move list; they are kept while the record has comments anywhere, so that browsing
// moves nothing.
const commentRows = 2

// comment lays out, at the foot of the move list (of fit rows of height rh), the record's
// comment on the shown ply as the page shows it under its list, wrapped to commentRows rows
// (the rest cut with …), or one row where the list has few. It returns how many rows it took.
func (a *App) comment(l *frameLayout, fit int, rh float32) int {
	rows := min(commentRows, fit/2) // the list keeps as many rows as the comment takes
	if !l.view.Commented || rows == 0 {
		return 0
	}
	u := l.u
	size, w := u*0.85, l.list.W-u*0.6
	top := l.list.Y + l.list.H - float32(rows)*rh
	ls := wrap(l.view.Comment, size, w)
	if len(ls) > rows {
		ls = append(ls[:rows-1], clipText(strings.Join(ls[rows-1:], " "), size, w))
	}
	for i, t := range ls {
		if t != "" {
			l.texts = append(l.texts, Op{Kind: OpText, Text: t, X: l.list.X + u*0.3, Y: top + float32(i)*rh, W: w, H: rh, Size: size, Color: text, Tag: "comment"})
		}
	}
	l.list.H -= float32(rows) * rh // the variations go above it
	return rows
}

// maxBranchRows is how many of the record's other lines the move list shows at a ply.
const maxBranchRows = 3

// variations lays out, at the foot of the move list (of fit rows of height rh), the record's
// other lines at the shown ply as the page shows them: a label, then a row per line of
// clickable moves (as many as fit). It returns how many rows it took.
func (a *App) variations(l *frameLayout, ply, fit int, rh float32) int {
	tree, ok := a.Table().Annotated()
	if !ok {
		return 0
	}
	branches := tree.Branches(ply, a.notation())
	n := min(len(branches), maxBranchRows, fit-2) // the list keeps a row of its own
	if n <= 0 {
		return 0
	}
	u := l.u
	y := l.list.Y + l.list.H - float32(n+1)*rh
	l.texts = append(l.texts, Op{Kind: OpText, Text: a.Lang().T(i18n.Variations), X: l.list.X, Y: y, W: l.list.W, H: rh, Size: u * 0.85, Color: dim, Tag: "variations"})
	row := 0
	for k := 0; row < n && k <= len(branches); k++ { // Branches' indexes: the lines at ply, less the game's
		br, ok := branches[k]
		if !ok {
			continue
		}
		row++
		x, right := l.list.X+u*0.6, l.list.X+l.list.W
		for j, mv := range br.Moves {
			w := textWidth(mv, u) + u*0.8
			if x+w > right {
				break
			}
			l.entries = append(l.entries, entry{ply: ply, text: mv, box: Box{x, y + float32(row)*rh, w, rh}, branch: k, move: j})
			x += w
		}
	}
	return n + 1
}

// Scene returns what the window shows now.
func (a *App) Scene() Scene {
	l := a.layout()
	var s Scene
	s.rect(0, 0, max(a.w, 200), max(a.h, 200), panelBg, "background")
	if l.view.Variant == play.VariantReversi {
		a.reversiBoard(&s, l.geo, l.view)
	} else {
		a.xiangqiBoard(&s, l.geo, l.view)
	}
	a.panelScene(&s, l)
	return s
}

func (a *App) panelScene(s *Scene, l *frameLayout) {
	u := l.u
	if m := l.message; m.W > 0 {
		s.rect(m.X, m.Y, m.W, m.H, messageBg, "message")
	}
	for _, w := range l.buttons {
		bg, fg := button, text
		switch {
		case w.active:
			bg, fg = active, rgb(255, 255, 255)
		case !w.enabled && w.id != "level":
			fg = dim
		case w.id == "level":
			bg = panelBg
		case w.id == "dismiss":
			bg = messageBg
		}
		s.rect(w.box.X, w.box.Y, w.box.W, w.box.H, bg, "button "+w.id)
		s.text(w.label, w.box.X, w.box.Y, w.box.W, w.box.H, u*0.9, AlignCenter, fg, "label "+w.id)
	}
	a.puzzleScene(s, l)
	*s = append(*s, l.texts...)
	for _, e := range l.entries {
		c := text
		if e.undo {
			c = dim
		}
		if e.cur {
			s.rect(e.box.X, e.box.Y, e.box.W-u*0.3, e.box.H, active.Alpha(90), "current")
		}
		tag := "move " + strconv.Itoa(e.ply)
		if e.branch >= 0 {
			c, tag = mark, "branch "+strconv.Itoa(e.branch)+" "+strconv.Itoa(e.move)
		}
		s.text(e.text, e.box.X+u*0.3, e.box.Y, e.box.W-u*0.6, e.box.H, u, AlignLeft, c, tag)
	}
}

// clockLabel is the clock button's: the time control of the games to come.
func clockLabel(l i18n.Lang, tc play.TimeControl) string {
	if !tc.On() {
		return l.T(i18n.ClockNone)
	}
	return l.T(i18n.ClockShort, tc.String())
}

// clockLine is both clocks in one line, the top side's first, the running one marked ("黑方
// 0:59 · ▶ 红方 0:58"); "" without a clock.
func clockLine(l i18n.Lang, b *play.Table) string {
	c, ok := b.Clocks()
	if !ok {
		return ""
	}
	order := [2]int{1, 0}
	if b.Flipped() {
		order = [2]int{0, 1}
	}
	var parts []string
	for _, side := range order {
		mark := ""
		if c[side].Running {
			mark = "▶ "
		}
		parts = append(parts, mark+play.SideLabel(l, b.Variant(), side)+" "+play.ClockText(c[side].Left))
	}
	return strings.Join(parts, "  ·  ") + "  (" + b.TimeControl().String() + ")"
}

// reportLine is the report's accuracies and counts once it is written ("Red 87% accurate · ?!
// 1 ? 0 ?? 1   Black …"), "" before.
func reportLine(l i18n.Lang, b *play.Table) string {
	if b.ReportState() != "done" {
		return ""
	}
	rep := b.Report()
	var parts []string
	for side := range 2 {
		text, _ := rep.AccuracyText(l, side)
		parts = append(parts, text)
	}
	return strings.Join(parts, "   ")
}
