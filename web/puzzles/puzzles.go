// Package puzzles carries the puzzle collections the site serves from this directory
// (web/puzzles/*.tsv, written by cmd/qipan-puzzles or by hand) inside a native program: the
// desktop has no site to fetch them from. A collection's game is the start of its file's name
// ("xiangqi-classical.tsv": Xiangqi, "reversi.tsv": Reversi); a file added here is embedded
// by the next build.
package puzzles

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"qipan/app/play"
)

//go:embed *.tsv
var files embed.FS

// Collection is one shipped collection: its file's name, its game and its text (TSV, as
// play.ParsePuzzles reads it).
type Collection struct {
	Name, Variant, Text string
}

// Collections are the collections embedded, in the order of their file names.
func Collections() []Collection {
	names, _ := fs.Glob(files, "*.tsv") // the pattern is valid: no error
	sort.Strings(names)
	var out []Collection
	for _, n := range names {
		data, err := files.ReadFile(n)
		if err != nil {
			continue // an embedded file is always there
		}
		out = append(out, Collection{Name: n, Variant: variantOf(n), Text: string(data)})
	}
	return out
}

// variantOf is the game a collection's file name starts with: up to its first '-' or '.'.
func variantOf(name string) string {
	name = strings.TrimSuffix(name, ".tsv")
	if i := strings.IndexAny(name, "-."); i >= 0 {
		name = name[:i]
	}
	return name
}

// For returns the puzzles of every collection of variant's game, one collection after
// another; none when it has no collection. A collection that cannot be read is an error
// naming its file.
func For(variant string) ([]play.Puzzle, error) {
	var out []play.Puzzle
	for _, c := range Collections() {
		if c.Variant != variant {
			continue
		}
		list, err := play.ParsePuzzles(variant, c.Text)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.Name, err)
		}
		out = append(out, list...)
	}
	return out, nil
}
