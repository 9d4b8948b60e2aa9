package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/record"
)

// fromPGN writes the quiet positions of the games in PGN files (qipan-match -pgnout) as gen's
// "FEN;result" lines: the positions where an engine lost against another, which self-play
// does not reach, to be labelled and fitted like gen's. Quiet means as in gen: from ply 16 on,
// the side to move not in check, the move played not a capture. Games without a result are
// skipped.
func fromPGN(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pgn", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "output file (appended; default stdout)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: qipan-tune pgn [-out FILE] GAMES.pgn...")
		return 2
	}
	bw, closeOut, err := appendTo(*out, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "qipan-tune:", err)
		return 1
	}
	defer closeOut()
	games, positions := 0, 0
	for _, name := range fs.Args() {
		data, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintln(stderr, "qipan-tune:", err)
			return 1
		}
		gs, _, err := record.ParsePGN(string(data))
		if err != nil {
			fmt.Fprintf(stderr, "qipan-tune: %s: %v\n", name, err)
			return 1
		}
		for _, g := range gs {
			n, err := writeQuiet(bw, g)
			if err != nil {
				fmt.Fprintf(stderr, "qipan-tune: %s: game %d: %v\n", name, games+1, err)
				return 1
			}
			if n > 0 {
				games++
				positions += n
			}
		}
	}
	fmt.Fprintf(stderr, "%d games, %d positions\n", games, positions)
	return 0
}

// writeQuiet writes g's quiet positions with its result for Red, and returns how many.
func writeQuiet(w io.Writer, g *record.Game) (int, error) {
	var result string
	switch g.Result {
	case record.RedWins:
		result = "1"
	case record.BlackWins:
		result = "0"
	case record.Draw:
		result = "0.5"
	default:
		return 0, nil
	}
	pos := *g.Start // a copy: the record keeps its start
	p := &pos
	n := 0
	for ply, m := range g.Moves {
		if ply >= 16 && !p.InCheck() && p.At(m.Move.To()) == xiangqi.NoPiece {
			fmt.Fprintf(w, "%s;%s\n", p.FEN(), result)
			n++
		}
		if !p.IsLegal(m.Move) {
			return n, fmt.Errorf("ply %d: illegal move %s", ply+1, m.Move)
		}
		p.Make(m.Move)
	}
	return n, nil
}
