// Package openings holds the start positions of a match: a built-in set of common xiangqi
// openings (short move lines from the start position) and a reader for opening files.
//
// File format, one opening per line (blank lines and lines starting with # are skipped):
//
//	h2e2 h9g7 h0g2                          moves (UCCI or ICCS) from the start position
//	<FEN>                                   a position
//	<FEN> moves h2e2 h9g7                   a position and moves from it
//	<FEN> ; name                            an optional name after a semicolon (any form)
package openings

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"qipan/engine/xiangqi"
)

// Opening is a start position and the moves that open the game from it.
type Opening struct {
	Name  string
	FEN   string   // the position before Moves; "" = the start position
	Moves []string // UCCI coordinates, e.g. "h2e2"
}

// StartFEN returns the FEN the opening starts from.
func (o Opening) StartFEN() string {
	if o.FEN == "" {
		return xiangqi.StartFEN
	}
	return o.FEN
}

// Game replays the opening into a game record; an illegal move or a bad FEN is an error
// naming the opening.
func (o Opening) Game() (*xiangqi.Game, error) {
	start, err := xiangqi.ParseFEN(o.StartFEN())
	if err != nil {
		return nil, fmt.Errorf("opening %q: %v", o.Name, err)
	}
	g := xiangqi.NewGame(start)
	for i, s := range o.Moves {
		if err := g.PlayString(s); err != nil {
			return nil, fmt.Errorf("opening %q: move %d (%s): %v", o.Name, i+1, s, err)
		}
	}
	if st := g.Position().Status(); st != xiangqi.Ongoing {
		return nil, fmt.Errorf("opening %q: the game is already over (%v)", o.Name, st)
	}
	return g, nil
}

// builtin lists common openings as moves from the start position (UCCI coordinates; Red's
// files are numbered from its right, so 炮二平五 is h2e2).
var builtin = []struct{ name, moves string }{
	{"central cannon v screen horses, both chariots out", "h2e2 h9g7 h0g2 b9c7 i0h0 i9h9"},
	{"central cannon v screen horse, 7th pawn", "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5"},
	{"central cannon v screen horses, left horse", "h2e2 h9g7 h0g2 i9h9 b0c2 b9c7"},
	{"central cannon v screen horses, black left chariot across", "h2e2 h9g7 h0g2 b9c7 c3c4 a9a8"},
	{"central cannon v screen horses, red left horse", "h2e2 h9g7 h0g2 b9c7 b0c2"},
	{"central cannon v screen horse, 3rd pawn", "h2e2 h9g7 h0g2 c6c5"},
	{"central cannon v screen horse, both 7th pawns", "h2e2 h9g7 h0g2 b9c7 c3c4 g6g5"},
	{"central cannon v left horse first", "h2e2 b9c7 h0g2 h9g7"},
	{"same-direction cannons", "h2e2 h7e7 h0g2 h9g7 i0h0 i9h9"},
	{"same-direction cannons, edge chariot", "h2e2 h7e7 h0g2 h9g7 i0h0 i9i8"},
	{"same-direction cannons, left horse", "h2e2 h7e7 b0c2 h9g7"},
	{"opposite-direction cannons", "h2e2 b7e7 h0g2 b9c7"},
	{"opposite-direction cannons, chariots out", "h2e2 b7e7 h0g2 b9c7 i0h0 a9b9"},
	{"central cannon v elephant", "h2e2 c9e7 h0g2 h9g7"},
	{"central cannon v edge horse", "h2e2 h9i7 h0g2 i9h9"},
	{"central cannon v 7th pawn", "h2e2 g6g5 h0g2 h9g7"},
	{"central cannon v palace-corner cannon", "h2e2 h7f7 h0g2 h9g7"},
	{"left central cannon", "b2e2 b9c7 b0c2 a9b9"},
	{"pawn opening v 7th pawn", "c3c4 g6g5"},
	{"pawn opening v cannon behind pawn", "c3c4 b7c7 h2e2"},
	{"pawn opening v elephant", "c3c4 c9e7"},
	{"pawn opening v right horse", "c3c4 h9g7"},
	{"pawn opening v left horse", "c3c4 b9c7"},
	{"pawn opening, pawns face", "c3c4 c6c5"},
	{"third pawn v 3rd pawn", "g3g4 c6c5"},
	{"third pawn v horse", "g3g4 h9g7"},
	{"third pawn, pawns face", "g3g4 g6g5"},
	{"elephant opening v central cannon", "c0e2 h7e7"},
	{"elephant opening v horse", "c0e2 h9g7"},
	{"elephant opening v 3rd pawn", "c0e2 c6c5"},
	{"elephant opening v 7th pawn", "c0e2 g6g5"},
	{"right elephant v left horse", "g0e2 b9c7"},
	{"horse opening v 7th pawn", "h0g2 g6g5"},
	{"horse opening v horse", "h0g2 h9g7"},
	{"left horse v 7th pawn", "b0c2 g6g5"},
	{"left horse v central cannon", "b0c2 h7e7"},
	{"palace-corner cannon", "h2f2 h9g7"},
	{"palace-corner cannon v central cannon", "h2f2 b7e7"},
	{"cross-palace cannon", "h2d2 h9g7"},
	{"cannon to 3rd file", "h2g2 h9g7"},
	{"cannon to 7th file", "b2c2 h9g7"},
	{"edge horse opening", "h0i2 g6g5"},
}

// Builtin returns the built-in openings (a fresh copy).
func Builtin() []Opening {
	out := make([]Opening, len(builtin))
	for i, b := range builtin {
		out[i] = Opening{Name: b.name, Moves: strings.Fields(b.moves)}
	}
	return out
}

// Parse reads openings in the file format of the package doc and checks each one is legal.
// Errors name the line.
func Parse(r io.Reader) ([]Opening, error) {
	var out []Opening
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		o, err := parseLine(line)
		if err != nil {
			return nil, fmt.Errorf("openings line %d: %v", n, err)
		}
		if o.Name == "" {
			o.Name = fmt.Sprintf("line %d", n)
		}
		if _, err := o.Game(); err != nil {
			return nil, fmt.Errorf("openings line %d: %v", n, err)
		}
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("openings: no opening found")
	}
	return out, nil
}

func parseLine(line string) (Opening, error) {
	var o Opening
	if i := strings.IndexByte(line, ';'); i >= 0 {
		o.Name = strings.TrimSpace(line[i+1:])
		line = strings.TrimSpace(line[:i])
	}
	f := strings.Fields(line)
	if len(f) == 0 {
		return o, fmt.Errorf("no position or moves before %q", ";")
	}
	moves := f
	if _, err := xiangqi.ParseMove(f[0]); err != nil {
		// Not a move: a FEN (board and up to five more fields) optionally followed by moves.
		i := 0
		for i < len(f) && f[i] != "moves" {
			i++
		}
		o.FEN = strings.Join(f[:i], " ")
		if _, err := xiangqi.ParseFEN(o.FEN); err != nil {
			return o, err
		}
		moves = nil
		if i < len(f) {
			moves = f[i+1:]
		}
	}
	for _, s := range moves {
		m, err := xiangqi.ParseMove(s)
		if err != nil {
			return o, err
		}
		o.Moves = append(o.Moves, m.String())
	}
	return o, nil
}
