package ui

import (
	"html"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/link"
	"qipan/app/play"
)

// openLink opens the game a share link names (?moves=…, ?fen=…, ?game=reversi, link.ParseLink)
// in place of the saved one, keeping the person's sides and settings, then takes the query off
// the address so a reload keeps the game as played since. A link that cannot be read leaves the
// saved game and says why.
func (p *Page) openLink(ctx app.Context) {
	query, fragment, _ := pageLink()
	if (query == "" && fragment == "") || puzzleLink(query) {
		return // nothing, or a puzzle (puzzles.go)
	}
	l, err := link.ParseLink(query, fragment, "")
	if err == nil && l.Clocked {
		defer p.linkClock(ctx, l.Clock) // once the link's game is on the board
	}
	if err == nil && !l.HasRecord() && puzzlesLink(query) {
		// ?view=puzzles or ?daily=1, with game= naming whose puzzles: the game is shown, and
		// the query is left to openPuzzleLink (puzzles.go).
		if l.Game != "" {
			p.setGame(l.Game)
			p.saveSettings(ctx)
		}
		return
	}
	if err == nil && !l.HasGame() {
		if l.Clocked {
			dropQuery()
		}
		return // not a share link (?lang= is the page's own)
	}
	defer dropQuery()
	var o *link.Opened
	if err == nil && l.HasRecord() {
		o, err = l.Open(-1)
	}
	if err != nil {
		p.notice = p.lang.T(i18n.LinkCannotOpen, err.Error())
		return
	}
	game := l.Game
	if o != nil {
		game = o.Table.Variant()
		t := p.s.Of(game)
		if m, ok := o.Table.Xiangqi(); ok {
			into, _ := t.Xiangqi()
			into.Load(m.Game())
		} else if r, ok := o.Table.Reversi(); ok {
			into, _ := t.Reversi()
			into.Load(r.Game())
		}
		t.Review(o.Table.ShownPly())
	}
	p.setGame(game)
	p.saveSettings(ctx)
	if o != nil {
		p.save(ctx)
	}
}

// shareRow is the panel's row of Share (with its dialog) and Install.
func (p *Page) shareRow() app.UI {
	b := p.table()
	return app.Div().Class("share-row").Body(
		newShare().In(p.lang).For(link.ShareQuery(b, false), link.EmbedQuery(b, p.lang, p.notation(), p.embedTheme()), b.Variant() == play.VariantReversi),
		newInstallButton().In(p.lang),
	)
}

// embedTheme is the look of a shared embed: the page's, with the wooden board's light
// surroundings (link.Themes' "light") for the usual white blog.
func (p *Page) embedTheme() string {
	if t := p.theme(); t != play.ThemeWood {
		return t
	}
	return "light"
}

// Share is the Share button and its dialog: the link to the game so far and the position
// shown, the <iframe> snippet for a blog post at a chosen width with a live preview of the
// embed, and copy buttons.
type Share struct {
	app.Compo
	Query, EmbedQuery string // link.ShareQuery of the page's game, for the app and for the embed
	Reversi           bool
	Lang              i18n.Lang
	open              bool
	width             int  // the snippet's width preset, 0 for the column's full width
	play              bool // the snippet's board lets readers play on (play=1)
	copied            string
}

// SharePresets are the snippet's widest: a phone, a narrow and a usual blog column; 0 is the
// column's full width. Each frame narrows with its column.
var SharePresets = []int{360, 480, 640, 0}

func newShare() *Share { return &Share{width: 480} }

// In sets the language of the dialog's words.
func (s *Share) In(l i18n.Lang) *Share {
	s.Lang = l
	return s
}

// For sets the game shared.
func (s *Share) For(query, embedQuery string, reversi bool) *Share {
	s.Query, s.EmbedQuery, s.Reversi = query, embedQuery, reversi
	return s
}

// Link is the address of the app on the game.
func (s *Share) Link(base string) string {
	if s.Query == "" {
		return base
	}
	return base + "?" + s.Query
}

// Play sets whether the snippet's board lets readers play on from the position shown.
func (s *Share) Play(on bool) *Share {
	s.play = on
	return s
}

// embedQuery is the embed's query: the game's, with play=1 when readers may play on.
func (s *Share) embedQuery() string {
	if !s.play {
		return s.EmbedQuery
	}
	if s.EmbedQuery == "" {
		return "play=1"
	}
	return s.EmbedQuery + "&play=1"
}

// rowed reports whether the embed's bar has a second row: the play row (play=1), or a
// puzzle's (puzzle=1: hint, solution, retry), as high.
func (s *Share) rowed() bool { return s.play || puzzleLink(s.EmbedQuery) }

// Snippet is the <iframe> a blog post holds: as wide as the post's column up to width px (0:
// no limit), and as tall as the board and its bar need at the width it gets (FrameStyle).
func (s *Share) Snippet(base string, width int) string {
	title := i18n.XiangqiBoard
	if s.Reversi {
		title = i18n.ReversiBoard
	}
	return `<iframe src="` + html.EscapeString(base+"embed?"+s.embedQuery()) + `" style="` + FrameStyle(width, s.Reversi, s.rowed()) +
		`" loading="lazy" title="` + html.EscapeString(s.Lang.T(title)) + `"></iframe>`
}

// FrameStyle sizes an embed's frame to its column with no script: the column's width up to
// width px (0: no limit), and a fixed aspect ratio. A frame taller than wide lays the embed out
// as a column (the bar under the board, web/qipan.css). The bar's height does not grow with
// the width, so no one ratio fits every width: the ratio is the embed's at a width halfway
// between a phone's 328 px column and the preset's (480 px when 0), which leaves under ~40 px
// empty at the preset's width and shrinks the board by under ~40 px, centred, in a phone's.
// With play (play=1) the bar has the play row too.
func FrameStyle(width int, reversi, play bool) string {
	w := width
	if w <= 0 {
		w = 480
	}
	ref := (w + phoneColumn) / 2
	st := "display:block;width:100%;"
	if width > 0 {
		st += "max-width:" + strconv.Itoa(width) + "px;"
	}
	return st + "height:auto;aspect-ratio:" + strconv.Itoa(ref) + "/" + strconv.Itoa(EmbedHeight(ref, reversi, play)) + ";border:0"
}

// phoneColumn is a blog column's width on a 360 px phone.
const phoneColumn = 328

// EmbedHeight is the height of a frame width px wide that fits the embed's board and its bar
// under it: the board as wide as the frame less its padding, and the embed's --chrome (the
// bar, the status line, the padding: web/qipan.css) under it; with play, the play row's too
// (the play button and the level, .qipan-embed.with-play's --chrome).
func EmbedHeight(width int, reversi, play bool) int {
	ratio := 1.1
	if reversi {
		ratio = 1
	}
	h := int(float64(width-8)*ratio) + 136
	if play {
		h += playRow
	}
	return h
}

// playRow is the height the play row adds to the embed's bar: its 40 px controls and a gap.
const playRow = 46

func (s *Share) Render() app.UI {
	toggle := app.Button().Class("control").Attr("data-action", "share").Attr("aria-pressed", boolText(s.open)).
		Title(s.Lang.T(i18n.ShareTitle)).Text(s.Lang.T(i18n.ShareButton)).
		OnClick(func(ctx app.Context, e app.Event) { s.open, s.copied = !s.open, "" })
	if !s.open {
		return app.Div().Class("share").Body(toggle)
	}
	base := pageURL()
	link, snippet := s.Link(base), s.Snippet(base, s.width)
	var presets []app.UI
	for _, w := range SharePresets {
		label := strconv.Itoa(w) + " px"
		if w == 0 {
			label = s.Lang.T(i18n.FullWidth)
		}
		presets = append(presets, app.Button().Class("control seg").Attr("data-width", w).
			Attr("aria-pressed", boolText(w == s.width)).Text(label).
			OnClick(func(ctx app.Context, e app.Event) { s.width, s.copied = w, "" }))
	}
	return app.Div().Class("share").Body(
		toggle,
		app.Div().Class("share-dialog").Attr("role", "dialog").Aria("label", s.Lang.T(i18n.ShareButton)).Body(
			app.Div().Class("share-head").Body(
				app.H2().Text(s.Lang.T(i18n.ShareHeading)),
				app.Button().Class("control").Attr("data-action", "share-close").Text(s.Lang.T(i18n.Close)).
					OnClick(func(ctx app.Context, e app.Event) { s.open = false }),
			),
			app.Label().Class("share-label").Text(s.Lang.T(i18n.ShareLinkLabel)),
			app.Div().Class("share-line").Body(
				app.Input().Class("share-text").Attr("data-share", "link").ReadOnly(true).Value(link),
				s.copyButton("copy-link", s.Lang.T(i18n.CopyLink), link),
			),
			app.Label().Class("share-label").Text(s.Lang.T(i18n.ShareBlogLabel)),
			app.Div().Class("segmented share-widths").Attr("role", "group").Aria("label", s.Lang.T(i18n.ShareWidth)).Body(presets...),
			app.Button().Class("control share-play").Attr("data-share", "play").Attr("aria-pressed", boolText(s.play)).
				Title(s.Lang.T(i18n.SharePlayTitle)).Text(s.Lang.T(i18n.SharePlay)).
				OnClick(func(ctx app.Context, e app.Event) { s.play, s.copied = !s.play, "" }),
			app.Div().Class("share-line").Body(
				app.Textarea().Class("share-text").Attr("data-share", "snippet").ReadOnly(true).Attr("rows", 3).Text(snippet),
				s.copyButton("copy-snippet", s.Lang.T(i18n.CopyCode), snippet),
			),
			app.P().Class("share-copied").Attr("role", "status").Text(s.copied),
			app.Div().Class("share-preview").Body(
				app.IFrame().Attr("data-share", "preview").Src(base+"embed?"+s.embedQuery()).
					Attr("style", FrameStyle(s.width, s.Reversi, s.rowed())).Title(s.Lang.T(i18n.PreviewTitle)).Attr("loading", "lazy"),
			),
		),
	)
}

func (s *Share) copyButton(action, label, text string) app.UI {
	return app.Button().Class("control").Attr("data-action", action).Text(label).
		OnClick(func(ctx app.Context, e app.Event) {
			copyText(text)
			s.copied = s.Lang.T(i18n.Copied)
		})
}

// linkClock chooses a link's time control (?clock=10+5) for the game on the board: at once if
// it has not begun, else from the next New (the status says so).
func (p *Page) linkClock(ctx app.Context, tc play.TimeControl) {
	b := p.table()
	b.SetTimeControl(tc)
	p.save(ctx)
	if b.TimeControl() != tc {
		p.notice = p.lang.T(i18n.ClockNextGame, tc.String())
	}
}
