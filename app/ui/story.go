package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/play"
)

// players names who played an imported game and where ("Wang Tianyi (Red) – Zheng Weitong
// (Black) · 2025 National Championship, 2025.10.01"); empty for the app's own games. Always
// text, never markup.
func (p *Page) players() app.UI {
	el := app.P().Class("players")
	m, ok := p.board().Annotated()
	if !ok {
		return el
	}
	if t := play.PlayersText(p.lang, m); t != "" {
		return el.Attr("data-players", "true").Text(t)
	}
	return el
}

// comment is the record's comment on the position shown (data-comment), as text.
func (p *Page) comment() app.UI {
	el := app.P().Class("comment")
	m, ok := p.board().Annotated()
	if !ok {
		return el
	}
	c := m.Comment(p.board().ShownPly())
	if c == "" {
		return el
	}
	return el.Attr("data-comment", "true").Text(c)
}
