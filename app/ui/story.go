package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
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
	red, black := m.Tag("Red"), m.Tag("Black")
	var parts []string
	if red != "" || black != "" {
		parts = append(parts, p.lang.T(i18n.Players, orDash(red), orDash(black)))
	}
	var where []string
	for _, tag := range []string{"Event", "Date"} {
		if v := m.Tag(tag); v != "" && v != "?" && v != "????.??.??" {
			where = append(where, v)
		}
	}
	if len(where) > 0 {
		parts = append(parts, strings.Join(where, ", "))
	}
	if len(parts) == 0 {
		return el
	}
	return el.Attr("data-players", "true").Text(strings.Join(parts, " · "))
}

// comment is the record's comment on the position shown (data-comment), as text.
func (p *Page) comment() app.UI {
	el := app.P().Class("comment")
	m, ok := p.board().Annotated()
	if !ok {
		return el
	}
	c := m.Comment(m.ShownPly())
	if c == "" {
		return el
	}
	return el.Attr("data-comment", "true").Text(c)
}
