package ui

import (
	"slices"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// theme is the look shown (data-theme on the page): the one chosen, else ?theme= in the
// address, else high contrast for a system that asks for more contrast, else wood.
func (p *Page) theme() string {
	if p.settings.Theme != "" {
		return p.settings.Theme
	}
	if slices.Contains(play.PageThemes, p.themeParam) {
		return p.themeParam
	}
	if p.moreContrast {
		return play.ThemeContrast
	}
	return play.ThemeWood
}

// gameOver shows the result over the top of the board (without hiding the position) with
// what a player does next: a new game, take the last move back, or go through the game.
func (p *Page) gameOver() app.UI {
	l := p.lang
	b := p.table()
	over := b.Result() != "" && !b.Reviewing()
	slot := app.Div().Class("game-over-slot")
	if !over {
		return slot
	}
	if text := play.PuzzleText(l, b); text != "" { // a puzzle's end: the next one, or again
		return slot.Body(app.Div().Class("game-over").Attr("data-game-over", "true").Attr("role", "status").Body(
			app.P().Text(text),
			app.Div().Class("controls three").Body(
				controlButton("puzzle-next", l.T(i18n.PuzzleNext), l.T(i18n.PuzzleNextTitle), p.canNext()),
				controlButton(string(play.ActPuzzleRetry), l.T(i18n.PuzzleRetry), l.T(i18n.PuzzleRetryTitle), true),
				controlButton("review-start", l.T(i18n.GameOverReview), l.T(i18n.GameOverReviewTitle), p.recorded() > 0),
			),
		))
	}
	return slot.Body(app.Div().Class("game-over").Attr("data-game-over", "true").Attr("role", "status").Body(
		app.P().Text(play.TableResult(l, b)),
		app.Div().Class("controls three").Body(
			controlButton("new", l.T(i18n.New), l.T(i18n.NewTitle), true),
			controlButton("undo", l.T(i18n.Undo), l.T(i18n.UndoTitle), b.CanUndo()),
			controlButton("review-start", l.T(i18n.GameOverReview), l.T(i18n.GameOverReviewTitle), p.recorded() > 0),
		),
	))
}
