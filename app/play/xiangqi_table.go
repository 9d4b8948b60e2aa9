package play

import (
	"fmt"

	"qipan/engine/xiangqi"
)

// Xiangqi's side of its Table (table.go's rules): the board as the Table shows it, and what a
// person's input does, in Xiangqi's squares and pieces.

func (m *Xiangqi) variant() string        { return VariantXiangqi }
func (m *Xiangqi) dims() (cols, rows int) { return 9, 10 }
func (m *Xiangqi) cell(col, row int) int  { return int(xiangqi.SquareOf(col, 9-row)) }

func (m *Xiangqi) squareName(sq int) string { return xiangqi.Square(sq).String() }

func (m *Xiangqi) parseSquare(name string) (int, bool) {
	s, err := xiangqi.ParseSquare(name)
	return int(s), err == nil
}

func (m *Xiangqi) piece(sq int) byte {
	if pc := m.Shown().At(xiangqi.Square(sq)); pc != xiangqi.NoPiece {
		return pc.FEN()
	}
	return 0
}

func (m *Xiangqi) check() int {
	pos := m.Shown()
	if !pos.InCheck() {
		return -1
	}
	return int(pos.GeneralSquare(pos.Turn()))
}

func (m *Xiangqi) lastMove() (from, to int) {
	if mv, ok := m.LastMove(); ok {
		return int(mv.From()), int(mv.To())
	}
	return -1, -1
}

func (m *Xiangqi) hintMove() (from, to int, ok bool) {
	if m.hint == xiangqi.NoMove || m.hintAt != m.lineAt(m.game.Ply()) {
		return -1, -1, false
	}
	return int(m.hint.From()), int(m.hint.To()), true
}

func (m *Xiangqi) click(sq int, mayMove bool) (bool, Refusal) {
	return m.clickAt(xiangqi.Square(sq), mayMove)
}
func (m *Xiangqi) selection() int { return int(m.selected) }

func (m *Xiangqi) targets() []int {
	var out []int
	for _, mv := range m.hints {
		out = append(out, int(mv.To()))
	}
	return out
}

func (m *Xiangqi) draggable(sq int) bool {
	pos := m.game.Position()
	pc := pos.At(xiangqi.Square(sq))
	return pc != xiangqi.NoPiece && pc.Color() == pos.Turn()
}

func (m *Xiangqi) turnsToSide() {}

func (m *Xiangqi) loadFEN(fen string) error {
	pos, err := xiangqi.ParseFEN(fen)
	if err != nil {
		return err
	}
	g := xiangqi.NewGame(pos)
	if r := g.Result(); r.Over() {
		return fmt.Errorf("the game is over there (%s)", r.Reason())
	}
	m.Load(g)
	return nil
}

func (m *Xiangqi) winner() int {
	if r := m.game.Result(); r.Over() && !r.Draw {
		return int(r.Winner)
	}
	return -1
}

func (m *Xiangqi) sides() [2]string { return [2]string{"w", "b"} }

// Exports lists the texts the game can be written as: the position shown (FEN), the moves
// in ICCS or 中文, the record in PGN or DhtmlXQ, naming who played (p). The record holds its
// scores itself (WriteReport's [%eval]).
func (m *Xiangqi) Exports(p Seats, _ *evalBook) []Export {
	moves := func(n Notation) func(Notation) (string, error) {
		return func(Notation) (string, error) { return m.MovesText(n), nil }
	}
	return []Export{
		{"fen", "FEN", func(Notation) (string, error) { return m.Shown().FEN(), nil }},
		{"iccs", "ICCS", moves(ICCS)},
		{"zh", "中文", func(n Notation) (string, error) {
			if n != ChineseTraditional {
				n = Chinese
			}
			return m.MovesText(n), nil
		}},
		{"pgn", "PGN", func(n Notation) (string, error) { return m.PGN(p, n) }},
		{"dhtmlxq", "DhtmlXQ", func(Notation) (string, error) { return m.DhtmlXQ(p) }},
	}
}
