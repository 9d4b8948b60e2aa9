package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

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
}

// ForReversi makes it the Reversi box: a transcript or board text in, either out.
func (p *IOPanel) ForReversi() *IOPanel {
	p.Reversi = true
	return p
}

func newIOPanel() *IOPanel { return &IOPanel{} }

// With sets the error (of the last import) and the note (what the last export did).
func (p *IOPanel) With(err, note string) *IOPanel {
	p.Error, p.Note = err, note
	return p
}

func (p *IOPanel) Render() app.UI {
	label, placeholder := "FEN, PGN, DhtmlXQ or moves", "Paste a FEN, PGN, DhtmlXQ or moves (H2-E2, C2.5, 炮二平五), then Load"
	buttons := []app.UI{
		controlButton("import", "Load", "Start from the FEN, PGN, DhtmlXQ or moves in the box", true),
		controlButton("export-fen", "FEN", "Put the current FEN in the box and copy it", true),
		controlButton("export-iccs", "ICCS", "Put the moves in ICCS in the box and copy them", true),
		controlButton("export-zh", "中文", "Put the moves in Chinese notation in the box and copy them", true),
		controlButton("export-pgn", "PGN", "Put the game as PGN (moves in the list's notation) in the box and copy it", true),
		controlButton("export-dhtmlxq", "DhtmlXQ", "Put the game as a DhtmlXQ block in the box and copy it", true),
	}
	if p.Reversi {
		label, placeholder = "Transcript or board", "Paste a transcript (f5d6c3…) or a board (64 cells X O -, then X or O to move), then Load"
		buttons = []app.UI{
			controlButton("import", "Load", "Start from the transcript or board in the box", true),
			controlButton("export-transcript", "Transcript", "Put the moves (f5d6…) in the box and copy them", true),
			controlButton("export-board", "Board", "Put the board text (as data-fen) in the box and copy it", true),
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
