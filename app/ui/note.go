package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
)

// NoteAction is the action the note editor's text posts when changed; its value is the
// comment.
const NoteAction = "qipan/note"

// noteSymbols are the symbols the note editor offers ("" for none).
var noteSymbols = []string{"", "!", "?", "!!", "??", "!?", "?!"}

// noteSlot is the note editor of the move shown: a Note button, and when open the symbols and
// the comment, written into the record (play.Annotated.SetNote). An empty slot for a game without notes (Reversi).
func (p *Page) noteSlot() app.UI {
	slot := app.Div().Class("note-slot")
	m, ok := p.table().Annotated()
	if !ok {
		return slot
	}
	l := p.lang
	ply := p.table().ShownPly()
	body := []app.UI{controlButton("note", l.T(i18n.Note), l.T(i18n.NoteTitle), true).Aria("pressed", p.noteOpen)}
	if p.noteOpen {
		current := m.Symbol(ply)
		var syms []app.UI
		for _, s := range noteSymbols {
			label, title := s, s
			if s == "" {
				label, title = "—", l.T(i18n.NoSymbol)
			}
			syms = append(syms, controlButton("symbol:"+s, label, title, ply > 0).Aria("pressed", s == current))
		}
		body = append(body,
			app.Div().Class("segmented note-symbols").Body(syms...),
			app.Textarea().Class("io-text note-text").Attr("data-note-text", true).Attr("rows", 2).
				Aria("label", l.T(i18n.NoteText)).Placeholder(l.T(i18n.NoteText)).
				Text(m.Comment(ply)).
				OnChange(func(ctx app.Context, e app.Event) {
					ctx.NewActionWithValue(NoteAction, ctx.JSSrc().Get("value").String())
				}))
	}
	return slot.Body(body...)
}

// setNote writes the comment or the symbol (whichever is given) of the move shown into the
// record, keeping the other, and saves.
func (p *Page) setNote(ctx app.Context, comment, symbol *string) {
	m, ok := p.table().Annotated()
	if !ok {
		return
	}
	ply := p.table().ShownPly()
	c, s := m.Comment(ply), m.Symbol(ply)
	if comment != nil {
		c = *comment
	}
	if symbol != nil {
		s = *symbol
	}
	if m.SetNote(ply, c, s) {
		p.save(ctx)
	}
}
