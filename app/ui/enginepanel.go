package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// enginePanel shows the engine's last search (docs/contracts.md: data-engine with data-depth,
// data-score from the viewer's side and data-pv in coordinates): depth, score, speed and the
// line in the chosen notation, then analysis's next best lines (play.AnalysisLines in all).
// Its rows are always there, blank until the engine fills them (a book move says so in the
// first), and kept but not shown when the person hid the panel (hidden): so nothing around it
// moves while the engine thinks, answers from its book, analysis starts or stops, or the panel
// is hidden. after (analysis's Add lines) sits beside the last two rows.
func enginePanel(l i18n.Lang, v play.EngineView, ok, hidden, analysis bool, book string, after ...app.UI) app.HTMLDiv {
	el := app.Div().Class("engine").Attr("data-engine", "true").Attr("aria-live", "off")
	if analysis {
		el = el.Class("analysing")
	} else if hidden {
		el = el.Class("concealed").Attr("aria-hidden", "true")
		ok, book, v = false, "", play.EngineView{}
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
		if k+2 > play.AnalysisLines {
			break
		}
		body = append(body, app.Div().Class("engine-line").Attr("data-line", k+2).Title(l.T(i18n.EngineLine, k+2)).
			Attr("data-score", more.Info.ScoreAttr()).Attr("data-pv", more.Info.PVLine()).Body(
			app.Span().Class("engine-score").Text(play.ScoreWords(l, more.Info)),
			app.Span().Class("engine-pv").Text(strings.Join(more.PV, " ")),
		))
	}
	for k := len(body); k < play.AnalysisLines+1; k++ {
		body = append(body, app.Div().Class("engine-line blank"))
	}
	return el.Body(append(body, after...)...)
}

// enginePanel is the engine panel of the game on the board, in the move list's notation.
func (p *Page) enginePanel() app.UI {
	b := p.table()
	v, ok := b.EngineView(p.notation())
	var add []app.UI
	if _, tree := b.Annotated(); tree && b.Analysis() {
		// Analysis's lines into the record as variations, in one action (play.ActAddEngineLines);
		// there while analysing, usable once there are lines.
		add = append(add, controlButton(string(play.ActAddEngineLines),
			p.lang.T(i18n.AddEngineLines), p.lang.T(i18n.AddEngineLinesTitle), ok).Class("engine-add"))
	}
	// While a puzzle is being solved the defence's line would tell the solution: hidden.
	hidden := (p.settings.HideEngine || p.puzzleState() == play.PuzzleSolving) && !b.Analysis()
	return enginePanel(p.lang, v, ok, hidden, b.Analysis(), b.BookMove(p.notation()), add...)
}
