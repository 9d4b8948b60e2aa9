package ui

import (
	"math"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// The evaluation graph under the move list (docs/contracts.md): an SVG, data-graph, whose
// line is the engine's score after each move from the first side's view (up: Red, or
// Reversi's Black, is better), with one column per point (data-graph-ply, and
// data-graph-score where scored) that reviews its position when clicked.

// Graph geometry in viewBox units; at most graphColumns columns (a long game's points are
// sampled).
const (
	graphW, graphH = 300, 64
	graphColumns   = 300
)

// graphY maps a score to the graph's height: a winning chance for Xiangqi's centipawns (as
// lichess draws them), a disc margin for Reversi, both to -1..1.
func graphY(score int, reversi bool) float64 {
	if reversi {
		return math.Max(-1, math.Min(1, float64(score)/3200))
	}
	return 2/(1+math.Exp(-0.004*float64(score))) - 1
}

// sampleGraph keeps at most graphColumns of points (the last always), and counts the scored.
func sampleGraph(points []play.EvalPoint) (sampled []play.EvalPoint, known int) {
	for _, p := range points {
		if p.Known {
			known++
		}
	}
	step := max(1, (len(points)+graphColumns-1)/graphColumns)
	for i := 0; i < len(points); i += step {
		sampled = append(sampled, points[i])
	}
	if n := len(points); n > 0 && sampled[len(sampled)-1].Ply != points[n-1].Ply {
		sampled = append(sampled, points[n-1])
	}
	return sampled, known
}

// evalGraph is the graph of sampled points (sampleGraph) with the position shown marked. As a
// component it is drawn again only when what it shows changes: each of the engine's lines
// renders the page, and the graph's hundreds of nodes were a long task in a long game.
type evalGraph struct {
	app.Compo
	Points  []play.EvalPoint
	Known   int
	Shown   int
	Reversi bool
	Lang    i18n.Lang
	// Judged are the report's judgements of the moves (index ply−1): a marked move's column
	// gets a line of its mark's colour.
	Judged []play.Judgement
}

func (g *evalGraph) Render() app.UI {
	l, points, reversi := g.Lang, g.Points, g.Reversi
	wrap := app.Div().Class("graph-wrap")
	if len(points) < 2 || g.Known == 0 {
		return wrap // nothing to draw yet: a blank of the graph's size (web/qipan.css)
	}
	colW := float64(graphW) / float64(len(points))
	x := func(i int) float64 { return (float64(i) + 0.5) * colW }
	y := func(score int) float64 { return graphH / 2 * (1 - graphY(score, reversi)) }
	var line strings.Builder
	var cols []app.UI
	for i, p := range points {
		if p.Known {
			if line.Len() == 0 {
				line.WriteString("M")
			} else {
				line.WriteString(" L")
			}
			line.WriteString(ftoa(x(i)) + " " + ftoa(y(p.Score)))
		}
		col := svgElem("rect").Class("graph-col").Attr("data-graph-ply", p.Ply).
			Attr("x", ftoa(float64(i)*colW)).Attr("y", 0).Attr("width", ftoa(colW)).Attr("height", graphH)
		if p.Known {
			col = col.Attr("data-graph-score", p.Score)
		}
		cols = append(cols, col)
	}
	// The shown position's column: the sampled point at or before it.
	cur := 0
	for i, p := range points {
		if p.Ply <= g.Shown {
			cur = i
		}
	}
	body := []app.UI{
		svgElem("rect").Class("graph-bg").Attr("width", graphW).Attr("height", graphH),
		svgElem("line").Class("graph-zero").Attr("x1", 0).Attr("y1", graphH/2).Attr("x2", graphW).Attr("y2", graphH/2),
		svgElem("line").Class("graph-shown").Attr("x1", ftoa(x(cur))).Attr("y1", 0).Attr("x2", ftoa(x(cur))).Attr("y2", graphH),
	}
	for i, p := range points {
		if p.Ply >= 1 && p.Ply <= len(g.Judged) {
			if j := g.Judged[p.Ply-1]; j != play.Unjudged && j != play.Fine {
				body = append(body, svgElem("line").Class("graph-mark").Attr("data-graph-judgement", string(j)).
					Attr("x1", ftoa(x(i))).Attr("y1", 0).Attr("x2", ftoa(x(i))).Attr("y2", graphH))
			}
		}
	}
	if line.Len() > 0 {
		body = append(body, svgElem("path").Class("graph-line").Attr("d", line.String()))
	}
	body = append(body, svgElem("g").Class("graph-cols").Body(cols...))
	return wrap.Body(svgElem("svg").Class("graph").Attr("data-graph", "true").Attr("data-graph-known", g.Known).
		Attr("viewBox", "0 0 "+strconv.Itoa(graphW)+" "+strconv.Itoa(graphH)).Attr("preserveAspectRatio", "none").
		Attr("role", "img").Attr("aria-label", l.T(i18n.GraphTitle)).Body(
		svgElem("title").Text(l.T(i18n.GraphTitle)),
		svgElem("g").Body(body...),
	).On("click", onGraphClick))
}

// onGraphClick reviews the position of the column clicked.
func onGraphClick(ctx app.Context, e app.Event) {
	col := e.Get("target").Call("closest", "[data-graph-ply]")
	if !col.Truthy() {
		return
	}
	if ply, err := strconv.Atoi(col.Call("getAttribute", "data-graph-ply").String()); err == nil {
		ctx.NewActionWithValue(ReviewAction, ply)
	}
}

// graphSlot is the graph with its button: analyse the whole game, and how far that went.
func (p *Page) graphSlot() app.UI {
	b, l := p.table(), p.lang
	points, known := sampleGraph(b.Evals())
	label := l.T(i18n.AnalyseGame)
	if b.Graphing() {
		label = l.T(i18n.AnalysingGame, known, b.Len()+1)
	}
	report := l.T(i18n.ReportButton)
	if b.ReportState() == "running" {
		report = l.T(i18n.ReportRunning)
	}
	return app.Div().Class("graph-slot").Body(
		&evalGraph{Points: points, Known: known, Shown: b.ShownPly(), Reversi: p.reversi(), Lang: l, Judged: p.judgements(b)},
		reportSummary(b, l, ""),
		app.Div().Class("graph-buttons").Body(
			controlButton("analyse-game", label, l.T(i18n.AnalyseGameTitle), p.engineOK() && b.Len() > 0).
				Attr("aria-pressed", boolText(b.Graphing())),
			controlButton("report", report, l.T(i18n.ReportTitle), p.engineOK() && b.Len() > 0 && b.ReportState() != "running"),
			controlButton("learn", l.T(i18n.LearnButton), l.T(i18n.LearnTitle), p.engineOK() && len(b.Mistakes(p.notation())) > 0),
		),
	)
}

// reportSummary is the report's accuracies and marks over the graph, once it is written:
// "Red 87% ?! 1 ? 0 ?? 1" for each side (data-accuracy holds the number).
func reportSummary(b *play.Table, l i18n.Lang, class string) app.UI {
	el := app.P().Class("report-summary").Class(class)
	if b.ReportState() != "done" {
		return el
	}
	rep := b.Report()
	var parts []app.UI
	for side, name := range clockNames[b.Variant()] {
		text, acc := rep.AccuracyText(l, side)
		parts = append(parts, app.Span().Class("report-side").Attr("data-accuracy", name).Attr("data-value", acc).Text(text))
	}
	return el.Body(parts...)
}
