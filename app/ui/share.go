package ui

import (
	"html"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// openLink opens the game a share link names (?moves=…, ?fen=…, ?game=reversi, play.ParseLink)
// in place of the saved one, keeping the person's sides and settings, then takes the query off
// the address so a reload keeps the game as played since. A link that cannot be read leaves the
// saved game and says why.
func (p *Page) openLink(ctx app.Context) {
	query, fragment, _ := pageLink()
	if query == "" && fragment == "" {
		return
	}
	l, err := play.ParseLink(query, fragment, "")
	if err == nil && !l.HasGame() {
		return // not a share link (?lang= is the page's own)
	}
	defer dropQuery()
	var o *play.Opened
	if err == nil && l.HasRecord() {
		o, err = l.Open(-1)
	}
	if err != nil {
		p.notice = p.lang.T(i18n.LinkCannotOpen, err.Error())
		return
	}
	game := l.Game
	if o != nil {
		game = o.Board.Variant()
		switch x := o.Board.(type) {
		case *play.XiangqiBoard:
			p.xq.M.Load(x.M.Game())
		case *play.ReversiBoard:
			p.rv.R.Load(x.R.Game())
		}
		switch game {
		case play.VariantXiangqi:
			p.xq.Review(o.Board.ShownPly())
		case play.VariantReversi:
			p.rv.Review(o.Board.ShownPly())
		}
	}
	p.settings.Game = game
	p.settings = p.settings.Normalize()
	p.saveSettings(ctx)
	if o != nil {
		p.save(ctx)
	}
}

// shareRow is the panel's row of Share (with its dialog) and Install.
func (p *Page) shareRow() app.UI {
	b := p.board()
	return app.Div().Class("share-row").Body(
		newShare().In(p.lang).For(play.ShareQuery(b, false), play.ShareQuery(b, true), b.Variant() == play.VariantReversi),
		newInstallButton().In(p.lang),
	)
}

// Share is the Share button and its dialog: the link to the game so far and the position
// shown, the <iframe> snippet for a blog post at a chosen width with a live preview of the
// embed, and copy buttons.
type Share struct {
	app.Compo
	Query, EmbedQuery string // play.ShareQuery of the page's game, for the app and for the embed
	Reversi           bool
	Lang              i18n.Lang
	open              bool
	width             int // the snippet's width preset, 0 for the column's full width
	copied            string
}

// SharePresets are the snippet's widths: a phone, a narrow and a usual blog column; 0 is the
// column's full width.
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

// Snippet is the <iframe> a blog post holds, at width px (0: the column's full width).
func (s *Share) Snippet(base string, width int) string {
	w, h := strconv.Itoa(width), strconv.Itoa(EmbedHeight(width, s.Reversi))
	if width == 0 {
		w = "100%"
	}
	return `<iframe src="` + html.EscapeString(base+"embed?"+s.EmbedQuery) + `" width="` + w + `" height="` + h +
		`" style="border:0;max-width:100%" loading="lazy" title="qipan board"></iframe>`
}

// EmbedHeight is the frame height that fits the embed's board and its bar at width px (0: a
// 640 px column), by the embed's layout (web/qipan.css): in frames under 600 px the board
// takes the width and the bar sits under it; in wider ones the moves sit beside it.
func EmbedHeight(width int, reversi bool) int {
	if width <= 0 {
		width = 640
	}
	ratio := 1.1
	if reversi {
		ratio = 1
	}
	if width < 600 {
		return int(float64(width-8)*ratio) + 150
	}
	return int(float64(width-222)*ratio) + 48
}

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
	pw, ph := s.width, EmbedHeight(s.width, s.Reversi)
	if pw == 0 {
		pw = 640
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
			app.Div().Class("share-line").Body(
				app.Textarea().Class("share-text").Attr("data-share", "snippet").ReadOnly(true).Attr("rows", 3).Text(snippet),
				s.copyButton("copy-snippet", s.Lang.T(i18n.CopyCode), snippet),
			),
			app.P().Class("share-copied").Attr("role", "status").Text(s.copied),
			app.Div().Class("share-preview").Body(
				app.IFrame().Attr("data-share", "preview").Src(base+"embed?"+s.EmbedQuery).
					Width(pw).Height(ph).Title(s.Lang.T(i18n.PreviewTitle)).Attr("loading", "lazy"),
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
