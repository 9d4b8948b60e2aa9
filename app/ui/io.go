package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
)

// IOTextAction is the action the import/export box posts as it is edited; its value is the
// box's text.
const IOTextAction = "qipan/io-text"

// IOFileAction is the action the box posts when a file is chosen or dropped on it; its value
// is an IOFile.
const IOFileAction = "qipan/io-file"

// IOFile is a file read for import: its bytes, or ok false if the browser could not read it.
type IOFile struct {
	Data []byte
	OK   bool
}

// postFile reads the first of a FileList (an input's files, a drop's dataTransfer.files)
// and posts it as IOFileAction; it reports whether there was one.
func postFile(ctx app.Context, files app.Value) bool {
	if !files.Truthy() || files.Get("length").Int() == 0 {
		return false
	}
	readFile(files.Index(0), func(data []byte, ok bool) {
		ctx.NewActionWithValue(IOFileAction, IOFile{Data: data, OK: ok})
	})
	return true
}

// hasFiles reports whether a drag event carries files (not text).
func hasFiles(e app.Event) bool {
	dt := e.Get("dataTransfer")
	if !dt.Truthy() || !dt.Get("types").Truthy() {
		return false
	}
	types := dt.Get("types")
	for i := 0; i < types.Get("length").Int(); i++ {
		if types.Index(i).String() == "Files" {
			return true
		}
	}
	return false
}

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
	accept := ".pgn,.xqf,.txt,.htm,.html,.dhtml"
	if p.Reversi {
		label, placeholder = l.T(i18n.IOLabelReversi), l.T(i18n.IOPlaceholderReversi)
		buttons = []app.UI{
			controlButton("import", l.T(i18n.Load), l.T(i18n.LoadTitleReversi), true),
			controlButton("export-transcript", l.T(i18n.Transcript), l.T(i18n.TranscriptTitle), true),
			controlButton("export-board", l.T(i18n.BoardText), l.T(i18n.BoardTextTitle), true),
			controlButton("export-ggf", "GGF", l.T(i18n.ExportGGFTitle), true),
		}
		accept = ".txt,.ggf"
	}
	// A file input inside a label styled as a button: choosing a file imports it.
	buttons = append(buttons, app.Label().Class("control io-file").Title(l.T(i18n.OpenFileTitle)).Body(
		app.Text(l.T(i18n.OpenFile)),
		app.Input().Type("file").ID("io-file").Accept(accept).Attr("data-io-file", true).
			OnChange(func(ctx app.Context, e app.Event) {
				el := ctx.JSSrc()
				postFile(ctx, el.Get("files"))
				el.Set("value", "") // the same file may be chosen again
			}),
	))
	return app.Div().Class("io").Body(
		app.Textarea().ID("io-text").Class("io-text").Attr("data-io-text", true).Attr("rows", 4).
			Attr("spellcheck", "false").Aria("label", label).
			Placeholder(placeholder).
			OnInput(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(IOTextAction, ctx.JSSrc().Get("value").String())
			}).
			OnDragOver(func(ctx app.Context, e app.Event) {
				if hasFiles(e) {
					e.PreventDefault()
				}
			}).
			OnDrop(func(ctx app.Context, e app.Event) {
				if hasFiles(e) {
					e.PreventDefault()
					postFile(ctx, e.Get("dataTransfer").Get("files"))
				}
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
