package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// enginePanel shows the engine's last search (docs/contracts.md: data-engine with data-depth,
// data-score from the viewer's side and data-pv in coordinates): depth, score, speed and the
// line in the chosen notation. It is an empty element only when the person hid it; else it
// always has the same rows, blank until the engine fills them (a book move says so in the
// first): the head and the line, and while analysing (analysis true) the next best lines
// (play.AnalysisLines in all) and after, so that nothing under it moves while the engine
// thinks, answers from its book, or analysis restarts at every move and review step.
func enginePanel(l i18n.Lang, v play.EngineView, ok, hidden, analysis bool, book string, after ...app.UI) app.HTMLDiv {
	el := app.Div().Class("engine").Attr("data-engine", "true").Attr("aria-live", "off")
	if analysis {
		el = el.Class("analysing")
	} else if hidden {
		return el
	}
	var head []app.UI
	if !ok && book != "" {
		head = []app.UI{app.Span().Class("engine-book").Text(l.T(i18n.BookMove, book))}
	}
	if ok {
		info := v.Info
		head = []app.UI{
			app.Span().Class("engine-depth").Text(l.T(i18n.EngineDepth, info.Depth)),
			app.Span().Class("engine-score").Text(play.ScoreWords(l, info)),
		}
		if info.NPS > 0 {
			head = append(head, app.Span().Class("engine-speed").Text(l.T(i18n.EngineSpeed, play.CountText(info.NPS))))
		}
		el = el.Attr("data-depth", info.Depth).Attr("data-score", info.ScoreAttr()).Attr("data-pv", info.PVLine())
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
	if analysis {
		for k := len(v.More) + 1; k < play.AnalysisLines; k++ {
			body = append(body, app.Div().Class("engine-line blank"))
		}
	}
	return el.Body(append(body, after...)...)
}

// enginePanel is the engine panel of the game on the board, in the move list's notation.
func (p *Page) enginePanel() app.UI {
	b := p.board()
	v, ok := b.EngineView(p.notation())
	var add []app.UI
	if _, tree := b.Annotated(); tree && b.Analysis() {
		// Analysis's lines into the record as variations, in one action (play.ActAddEngineLines);
		// there while analysing, usable once there are lines.
		add = append(add, app.Div().Class("controls engine-add").Body(controlButton(string(play.ActAddEngineLines),
			p.lang.T(i18n.AddEngineLines), p.lang.T(i18n.AddEngineLinesTitle), ok)))
	}
	return enginePanel(p.lang, v, ok, p.settings.HideEngine && !b.Analysis(), b.Analysis(), b.BookMove(p.notation()), add...)
}
