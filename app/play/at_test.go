package play

import (
	"qipan/app/sound"
	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/record"
)

// The tests reach a game and its Table as one value: xq (a Xiangqi at its Table) and rv (a
// Reversi at its Table) have both's methods, and where both name one, the one a test of the
// game means, in the game's squares and moves.

type xq struct {
	*Table
	*Xiangqi
}

func newXQ() xq {
	m := NewXiangqi()
	return xq{TableOf(m), m}
}

func (x xq) Click(sq xiangqi.Square) bool                 { return x.Table.Click(int(sq)) }
func (x xq) SetHuman(c xiangqi.Color)                     { x.Table.SetHuman(int(c)) }
func (x xq) Selected() xiangqi.Square                     { return x.Xiangqi.Selected() }
func (x xq) LastMove() (xiangqi.Move, bool)               { return x.Xiangqi.LastMove() }
func (x xq) Over() bool                                   { return x.Table.Over() }
func (x xq) Result() string                               { return x.Table.Result() }
func (x xq) MoveTexts(n Notation) []string                { return x.Table.MoveTexts(n) }
func (x xq) Exports() []Export                            { return x.Table.Exports() }
func (x xq) Record() *record.Game                         { return x.Xiangqi.Record(x.Seats()) }
func (x xq) PGN(n Notation) (string, error)               { return x.Xiangqi.PGN(x.Seats(), n) }
func (x xq) DhtmlXQ() (string, error)                     { return x.Xiangqi.DhtmlXQ(x.Seats()) }
func (x xq) LastSound() sound.Sound                       { return x.Table.LastSound() }
func (x xq) Apply(mv xiangqi.Move) error                  { return x.Table.takeMove(mv.String()) }
func (x xq) Import(text string) (string, []string, error) { return x.Table.Import(text) }
func (x xq) ImportFile(data []byte, decode func([]byte) string) (string, []string, error) {
	return x.Table.ImportFile(data, decode)
}

// HintMove is the engine's suggestion shown, as a move.
func (x xq) HintMove() (xiangqi.Move, bool) {
	from, to, ok := x.Table.HintMove()
	if !ok {
		return xiangqi.NoMove, false
	}
	return xiangqi.NewMove(xiangqi.Square(from), xiangqi.Square(to)), true
}

// Load and LoadFEN put a game on the table as the Table's own loads do (a new game: what
// belonged to the one replaced goes).
func (x xq) Load(g *xiangqi.Game) {
	x.Xiangqi.Load(g)
	x.Table.reset()
}

func (x xq) LoadFEN(fen string) error {
	if err := x.Xiangqi.LoadFEN(fen); err != nil {
		return err
	}
	x.Table.reset()
	return nil
}

type rv struct {
	*Table
	*Reversi
}

func newRV() rv {
	r := NewReversi()
	return rv{TableOf(r), r}
}

func (x rv) Click(sq reversi.Square) bool                 { return x.Table.Click(int(sq)) }
func (x rv) SetHuman(c reversi.Color)                     { x.Table.SetHuman(int(c)) }
func (x rv) LastMove() reversi.Move                       { return x.Reversi.LastMove() }
func (x rv) Over() bool                                   { return x.Table.Over() }
func (x rv) Result() string                               { return x.Table.Result() }
func (x rv) MoveTexts(n Notation) []string                { return x.Table.MoveTexts(n) }
func (x rv) Exports() []Export                            { return x.Table.Exports() }
func (x rv) Import(text string) (string, []string, error) { return x.Table.Import(text) }
func (x rv) LastSound() sound.Sound                       { return x.Table.LastSound() }

// Hints are the squares the person may play now.
func (x rv) Hints() []reversi.Square {
	var out []reversi.Square
	for _, sq := range x.Table.Targets() {
		out = append(out, reversi.Square(sq))
	}
	return out
}

func (x rv) HintMove() (reversi.Move, bool) {
	if _, to, ok := x.Table.HintMove(); ok {
		return reversi.MoveAt(reversi.Square(to)), true
	}
	return reversi.NoMove, false
}

func (x rv) HintScores() map[reversi.Square]int {
	var out map[reversi.Square]int
	for sq, s := range x.Table.HintScores() {
		if out == nil {
			out = map[reversi.Square]int{}
		}
		out[reversi.Square(sq)] = s
	}
	return out
}

func (x rv) Load(g *reversi.Game) {
	x.Reversi.Load(g)
	x.Table.reset()
}

// restoreXQ is RestoreTable for a saved Xiangqi game, as xq.
func restoreXQ(s Saved) (xq, error) {
	t, err := RestoreTable(s)
	if err != nil {
		return xq{}, err
	}
	m, ok := t.Xiangqi()
	if !ok {
		return xq{}, errNoRecords
	}
	return xq{t, m}, nil
}

// xqAt is the game at t as xq.
func xqAt(t *Table) xq {
	m, _ := t.Xiangqi()
	return xq{t, m}
}
