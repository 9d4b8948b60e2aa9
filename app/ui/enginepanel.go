package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// enginePanel shows the engine's last search (docs/contracts.md: data-engine with data-depth,
// data-score from the viewer's side and data-pv in coordinates): depth, score, speed and the
// line in the chosen notation. It is an empty element when there is nothing to show or the
// person hid it, so that the panel's slots stay in place.
func enginePanel(l i18n.Lang, v play.EngineView, ok, hidden bool, after ...app.UI) app.HTMLDiv {
	el := app.Div().Class("engine").Attr("data-engine", "true").Attr("aria-live", "off")
	if !ok || hidden {
		return el
	}
	info := v.Info
	head := []app.UI{
		app.Span().Class("engine-depth").Text(l.T(i18n.EngineDepth, info.Depth)),
		app.Span().Class("engine-score").Text(play.ScoreWords(l, info)),
	}
	if info.NPS > 0 {
		head = append(head, app.Span().Class("engine-speed").Text(l.T(i18n.EngineSpeed, play.CountText(info.NPS))))
	}
	body := []app.UI{
		app.Div().Class("engine-head").Body(head...),
		app.Div().Class("engine-pv").Text(strings.Join(v.PV, " ")),
	}
	// Analysis's next best lines: each its score and line, as the first.
	for k, more := range v.More {
		body = append(body, app.Div().Class("engine-line").Attr("data-line", k+2).Title(l.T(i18n.EngineLine, k+2)).
			Attr("data-score", more.Info.ScoreAttr()).Attr("data-pv", more.Info.PVLine()).Body(
			app.Span().Class("engine-score").Text(play.ScoreWords(l, more.Info)),
			app.Span().Class("engine-pv").Text(strings.Join(more.PV, " ")),
		))
	}
	body = append(body, after...)
	return el.Attr("data-depth", info.Depth).Attr("data-score", info.ScoreAttr()).Attr("data-pv", info.PVLine()).Body(body...)
}

// enginePanel is the engine panel of the game on the board, in the move list's notation.
func (p *Page) enginePanel() app.UI {
	b := p.board()
	v, ok := b.EngineView(p.notation())
	var add []app.UI
	if _, tree := b.Annotated(); tree && b.Analysis() && ok {
		// Analysis's lines into the record as variations, in one action (play.ActAddEngineLines).
		add = append(add, app.Div().Class("controls engine-add").Body(controlButton(string(play.ActAddEngineLines),
			p.lang.T(i18n.AddEngineLines), p.lang.T(i18n.AddEngineLinesTitle), true)))
	}
	el := enginePanel(p.lang, v, ok, p.settings.HideEngine && !b.Analysis(), add...)
	if b.Analysis() {
		// Analysis restarts at every move and review step, emptying the panel until the first
		// line: its room is kept so that the buttons under it stay where they are.
		return el.Class("analysing")
	}
	return el
}
