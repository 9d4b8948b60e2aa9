package play

import (
	"strconv"
	"strings"
)

// Export is one way to write the game: a short ID (buttons post "export-"+ID), its name and
// the writer (n is the move list's notation, for the formats that write moves in one).
type Export struct {
	ID    string
	Name  string
	Write func(n Notation) (string, error)
}

// FindExport returns b's export with the given ID.
func FindExport(b *Table, id string) (Export, bool) {
	for _, e := range b.Exports() {
		if e.ID == id {
			return e, true
		}
	}
	return Export{}, false
}

// RestoreTable rebuilds the game kept in s (Xiangqi's or Reversi's, by s.Game) on a new
// table. Anything wrong in s is an error naming it, and no table.
func RestoreTable(s Saved) (*Table, error) {
	v := VariantXiangqi
	if s.Game == VariantReversi {
		v = VariantReversi
	}
	t := NewTable(v)
	if err := t.Restore(s); err != nil {
		return nil, err
	}
	return t, nil
}

// MoveRows groups a board's move texts into numbered full moves for a move list: each row is
// the move number and the plies (as indexes into texts) it holds; a record that starts with
// the second side begins with a row holding only its first ply.
func MoveRows(texts []string, secondFirst bool) (rows []MoveRow) {
	off := 0
	if secondFirst {
		off = 1
	}
	for i := range texts {
		p := i + off
		if p%2 == 0 || i == 0 {
			rows = append(rows, MoveRow{Number: MoveNumber(i+1, secondFirst)})
		}
		r := &rows[len(rows)-1]
		r.Plies = append(r.Plies, i+1) // ply i+1 is the position after texts[i]
		if p%2 == 1 && len(r.Plies) == 1 {
			r.Second = true
		}
	}
	return rows
}

// MoveNumber is the number of the move list's row that holds ply (1 for the first move):
// rows count full moves, a record that starts with the second side starting "1. …".
func MoveNumber(ply int, secondFirst bool) int {
	if secondFirst {
		ply++
	}
	return (ply-1)/2 + 1
}

// MoveRow is one numbered row of a move list: Plies are the plies its moves lead to (1-based:
// clicking one reviews that ply); Second is set when the row starts with the second side's
// move ("1. … h9g7").
type MoveRow struct {
	Number int
	Plies  []int
	Second bool
}

// String writes the row as the move list shows it, from texts.
func (r MoveRow) String(texts []string) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(r.Number) + ".")
	if r.Second {
		b.WriteString(" …")
	}
	for _, p := range r.Plies {
		b.WriteString(" " + texts[p-1])
	}
	return b.String()
}
