package play

import (
	"errors"
	"fmt"
	"strings"

	"qipan/engine/reversi"
)

// Reversi's side of its Table (table.go's rules): the board as the Table shows it, and what
// a person's input does, in Reversi's squares and discs. Nothing is selected: a click on a
// legal square plays there.

func (r *Reversi) variant() string        { return VariantReversi }
func (r *Reversi) dims() (cols, rows int) { return 8, 8 }
func (r *Reversi) cell(col, row int) int  { return row*8 + col }

func (r *Reversi) squareName(sq int) string { return reversi.Square(sq).String() }

func (r *Reversi) parseSquare(name string) (int, bool) {
	mv, err := reversi.ParseMove(name)
	if err != nil || mv.Square() == reversi.NoSquare {
		return -1, false
	}
	return int(mv.Square()), true
}

func (r *Reversi) piece(sq int) byte {
	c, ok := r.Shown().At(reversi.Square(sq))
	switch {
	case !ok:
		return 0
	case c == reversi.Black:
		return 'X'
	}
	return 'O'
}

func (r *Reversi) lastMove() (from, to int) {
	switch mv := r.LastMove(); mv {
	case reversi.NoMove, reversi.Pass:
		return -1, -1
	default:
		return -1, int(mv.Square())
	}
}

func (r *Reversi) hintMove() (from, to int, ok bool) {
	if r.hint == reversi.NoMove || r.hint.Square() == reversi.NoSquare || r.hintAt != r.lineAt(r.game.Ply()) {
		return -1, -1, false
	}
	return -1, int(r.hint.Square()), true
}

func (r *Reversi) click(sq int, mayMove bool) (bool, Refusal) {
	return r.clickAt(reversi.Square(sq), mayMove)
}

// targets are the squares of the legal moves.
func (r *Reversi) targets() []int {
	var out []int
	for _, mv := range r.game.Position().LegalMoves() {
		if s := mv.Square(); s != reversi.NoSquare {
			out = append(out, int(s))
		}
	}
	return out
}

// ImportFile reads the file as text: Reversi's formats are ASCII.
func (r *Reversi) ImportFile(data []byte, _ func([]byte) string) (string, []string, error) {
	return r.Import(string(data))
}

// Import loads pasted text (ImportReversi); on error nothing changes.
func (r *Reversi) Import(text string) (string, []string, error) {
	g, kind, scores, err := importReversi(text)
	if err != nil {
		return "", nil, err
	}
	r.Load(g)
	r.scores = scores
	return kind, nil, nil
}

// Exports lists the texts the game can be written as: the transcript, the board shown, GGF
// with the graph's scores (b's) as its moves' evaluations, the report's.
func (r *Reversi) Exports(_ Seats, b *evalBook) []Export {
	return []Export{
		{"transcript", "transcript", func(Notation) (string, error) { return r.Transcript(), nil }},
		{"board", "board", func(Notation) (string, error) { return r.Shown().String(), nil }},
		{"ggf", "GGF", func(Notation) (string, error) { return r.ggf(r.evals(b)), nil }},
	}
}

// loadFEN starts the game from board text (a puzzle's position): one whose game is over, or
// whose side to move must pass, is an error (the puzzle would be the other side's).
func (r *Reversi) loadFEN(board string) error {
	p, err := reversi.ParseBoard(board)
	if err != nil {
		return err
	}
	switch p.Status() {
	case reversi.Over:
		return errors.New("the game is over there")
	case reversi.MustPass:
		return fmt.Errorf("%s has no move there", strings.ToLower(ColorName(p.Turn)))
	}
	r.Load(reversi.NewGame(p))
	return nil
}

// winner is the side with more discs at the end, -1 for a draw or a game going on.
func (r *Reversi) winner() int {
	switch r.game.Outcome() {
	case reversi.BlackWins:
		return int(reversi.Black)
	case reversi.WhiteWins:
		return int(reversi.White)
	}
	return -1
}
