package play

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A collection of puzzles ships as a TSV file (web/puzzles/, made by cmd/qipan-puzzles): lines
// starting with '#' are comments, the first other line names the columns, each line after it
// is a puzzle. ParsePuzzles reads the columns it knows by name, in any order.

// puzzleColumns are the names a collection's header may give each field.
var puzzleColumns = map[string]string{
	"fen": "fen", "position": "fen",
	"manual": "source", "source": "source", "collection": "source",
	"number": "number", "no": "number",
	"title": "title",
	"mate":  "mate", "mate_moves": "mate", "mate_in": "mate",
	"first": "first", "first_move": "first", "move": "first",
	"second": "second", "second_move": "second", "cook": "second",
}

// ParsePuzzles reads a collection of variant's puzzles. A line it cannot read is an error
// naming the line; a collection with no fen column is one too.
func ParsePuzzles(variant, text string) ([]Puzzle, error) {
	var cols []string
	var out []Puzzle
	for n, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if cols == nil {
			for _, f := range fields {
				cols = append(cols, puzzleColumns[strings.ToLower(strings.TrimSpace(f))])
			}
			if !slices.Contains(cols, "fen") {
				return nil, fmt.Errorf("line %d: the header names no fen column", n+1)
			}
			continue
		}
		p := Puzzle{Variant: variant}
		for i, f := range fields {
			if i >= len(cols) {
				break
			}
			f = strings.TrimSpace(f)
			switch cols[i] {
			case "fen":
				p.FEN = f
			case "source":
				p.Source = f
			case "title":
				p.Title = f
			case "number", "mate":
				if f == "" {
					continue
				}
				v, err := strconv.Atoi(f)
				if err != nil || v < 0 {
					return nil, fmt.Errorf("line %d: %s %q is not a number", n+1, cols[i], f)
				}
				if cols[i] == "number" {
					p.Number = v
				} else {
					p.Mate = v
				}
			case "first", "second":
				for _, mv := range strings.FieldsFunc(f, func(r rune) bool { return r == ',' || r == ' ' }) {
					p.First = append(p.First, mv)
				}
			}
		}
		if p.FEN == "" {
			return nil, fmt.Errorf("line %d: no position", n+1)
		}
		out = append(out, p)
	}
	return out, nil
}
