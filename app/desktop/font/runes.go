//go:build ignore

// Runes prints the characters of every text in the three catalogues (app/i18n), of the
// languages' names and of the puzzle collections the program carries (web/puzzles: the
// manuals' names and titles), for gen.sh's subset: `go run runes.go`.
package main

import (
	"fmt"
	"slices"

	"qipan/app/i18n"
	"qipan/web/puzzles"
)

func main() {
	seen := map[rune]bool{}
	add := func(s string) {
		for _, r := range s {
			if r > '~' {
				seen[r] = true
			}
		}
	}
	for _, l := range i18n.Langs {
		add(l.Name())
		for _, s := range l.Texts() {
			add(s)
		}
	}
	for _, c := range puzzles.Collections() {
		add(c.Text)
	}
	var rs []rune
	for r := range seen {
		rs = append(rs, r)
	}
	slices.Sort(rs)
	fmt.Print(string(rs))
}
