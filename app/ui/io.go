package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
)

// IOTextAction is the action the import/export box posts as it is edited; its value is the
// box's text.
const IOTextAction = "qipan/io-text"

// IOPanel is the import/export box: paste a FEN, PGN, DhtmlXQ or moves and load them, or fill
// the box with the current FEN, move list, PGN or DhtmlXQ (also copied to the clipboard when the
// browser allows).
type IOPanel struct {
	app.Compo
	Error, Note string
	Reversi     bool // the Reversi box: transcripts and board text
	Lang        i18n.Lang
}

// ForReversi makes it the Reversi box: a transcript or board text in, either out.
func (p *IOPanel) ForReversi() *IOPanel {
	p.Reversi = true
	return p
}

func newIOPanel() *IOPanel { return &IOPanel{} }

// In sets the language of the box's words.
func (p *IOPanel) In(l i18n.Lang) *IOPanel {
	p.Lang = l
	return p
}

// With sets the error (of the last import) and the note (what the last export did).
func (p *IOPanel) With(err, note string) *IOPanel {
	p.Error, p.Note = err, note
	return p
}

func (p *IOPanel) Render() app.UI {
	l := p.Lang
	label, placeholder := l.T(i18n.IOLabel), l.T(i18n.IOPlaceholder)
	buttons := []app.UI{
		controlButton("import", l.T(i18n.Load), l.T(i18n.LoadTitle), true),
		controlButton("export-fen", "FEN", l.T(i18n.ExportFENTitle), true),
		controlButton("export-iccs", "ICCS", l.T(i18n.ExportICCSTitle), true),
		controlButton("export-zh", "中文", l.T(i18n.ExportChineseTitle), true),
		controlButton("export-pgn", "PGN", l.T(i18n.ExportPGNTitle), true),
		controlButton("export-dhtmlxq", "DhtmlXQ", l.T(i18n.ExportDhtmlXQTitle), true),
	}
	if p.Reversi {
		label, placeholder = l.T(i18n.IOLabelReversi), l.T(i18n.IOPlaceholderReversi)
		buttons = []app.UI{
			controlButton("import", l.T(i18n.Load), l.T(i18n.LoadTitleReversi), true),
			controlButton("export-transcript", l.T(i18n.Transcript), l.T(i18n.TranscriptTitle), true),
			controlButton("export-board", l.T(i18n.BoardText), l.T(i18n.BoardTextTitle), true),
			controlButton("export-ggf", "GGF", l.T(i18n.ExportGGFTitle), true),
		}
	}
	return app.Div().Class("io").Body(
		app.Textarea().ID("io-text").Class("io-text").Attr("data-io-text", true).Attr("rows", 4).
			Attr("spellcheck", "false").Aria("label", label).
			Placeholder(placeholder).
			OnInput(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(IOTextAction, ctx.JSSrc().Get("value").String())
			}),
		app.Div().Class("controls io-buttons").Body(buttons...),
		app.If(p.Error != "", func() app.UI {
			return app.P().Class("io-error").Attr("data-io-error", p.Error).Attr("role", "alert").Text(p.Error)
		}),
		app.If(p.Note != "", func() app.UI {
			return app.P().Class("io-note").Text(p.Note)
		}),
	)
}
