package play

import "qipan/app/i18n"

// What the person does at the board that every front end does alike: Escape, and importing
// a record (pasted, dropped or opened).

// Escape is the Escape key at the board: it drops the selection. It reports whether there was
// one.
func (s *Session) Escape() bool {
	t := s.Table()
	had := t.Selected() >= 0
	t.Deselect()
	return had
}

// Imported is what an import did: the effects to apply (Effects.Kept: the game it replaced is
// kept), what the text was and the import's notes, or why nothing was imported.
type Imported struct {
	Effects Effects
	Kind    string   // what the text was (WhatText names it)
	Notes   []string // what the reader skipped
	Err     error    // why nothing changed
}

// Import loads a record with load in place of the game on the board, or, when that game
// refuses it, of the other game that reads it (a Reversi transcript dropped on the Xiangqi
// board), which the board then shows (ReplaceAny); the game replaced is kept to be brought
// back. A text no game reads is the board's game's error, and changes nothing.
func (s *Session) Import(load func(*Table) (kind string, notes []string, err error)) Imported {
	var im Imported
	im.Effects, im.Err = s.ReplaceAny(func(t *Table) (err error) {
		kind, notes, err := load(t)
		if err == nil {
			im.Kind, im.Notes = kind, notes
		}
		return err
	})
	return im
}

// ImportText imports pasted text (Table.Import); ImportFile a file's bytes (Table.ImportFile:
// decode turns GBK into text).
func (s *Session) ImportText(text string) Imported {
	return s.Import(func(t *Table) (string, []string, error) { return t.Import(text) })
}

func (s *Session) ImportFile(data []byte, decode func([]byte) string) Imported {
	return s.Import(func(t *Table) (string, []string, error) { return t.ImportFile(data, decode) })
}

// Message says in l what the import did, from where ("the clipboard", a file's name; "" for
// the front end's own import box): the error (ErrorDetail: the reader's words, and in a
// language other than English the parser's after them), or what was loaded, the notes, and
// that the game replaced is kept.
func (im Imported) Message(l i18n.Lang, where string) string {
	if im.Err != nil {
		if where == "" {
			return ErrorDetail(l, im.Err)
		}
		return l.T(i18n.ImportFailed, where, ErrorDetail(l, im.Err))
	}
	s := l.T(i18n.Loaded, WhatText(l, im.Kind))
	if where != "" {
		s = l.T(i18n.LoadedFrom, WhatText(l, im.Kind), where)
	}
	if len(im.Notes) > 0 {
		s += " " + NotesText(l, im.Notes)
	}
	if im.Effects.Kept {
		s += " " + l.T(i18n.ImportKeptPrevious)
	}
	return s
}
