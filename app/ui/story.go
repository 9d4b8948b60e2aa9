package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/play"
)

// players names who played an imported game and where ("Wang Tianyi (Red) – Zheng Weitong
// (Black) · 2025 National Championship, 2025.10.01"); empty for the app's own games. Always
// text, never markup.
func players(v play.BoardView) app.UI {
	el := app.P().Class("players")
	if v.Players != "" {
		return el.Attr("data-players", "true").Text(v.Players)
	}
	return el
}

// comment is the record's comment on the position shown (data-comment), as text.
func comment(v play.BoardView) app.UI {
	el := app.P().Class("comment")
	if v.Comment != "" {
		return el.Attr("data-comment", "true").Text(v.Comment)
	}
	return el
}
