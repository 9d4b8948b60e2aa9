// Package play is the board's logic, apart from any display: one controller for both games
// (Table: the sides, review, undo and redo by full moves, levels, hints, analysis, the
// evaluation graph, what to ask the engine when and what to do with its answer) over each
// game's rules and record (Xiangqi for Xiangqi, Reversi: the person's selection and moves,
// notations, import and export, saves), with the words the boards show. It does no I/O: the
// engine is reached through lines the caller sends (app/engineclient), and saving goes
// through Save/RestoreTable, so all of it tests natively.
package play

import (
	"strings"

	"qipan/engine/xiangqi"
)

// NoSquare marks "no point selected".
const NoSquare xiangqi.Square = -1

// Mode says who plays whom.
type Mode uint8

const (
	VsComputer Mode = iota // the person plays Human(), the engine the other side
	TwoPlayer              // two people at one board; the engine moves only when asked (MoveNow)
)

// Xiangqi is a game of Xiangqi as a Table plays it: the record (with an imported record's
// story), the position shown, the person's selection, and Xiangqi's rules (table.go's rules).
type Xiangqi struct {
	review   // the ply shown while the record is reviewed
	game     *xiangqi.Game
	selected xiangqi.Square
	hints    []xiangqi.Move // legal moves of the selected piece
	hint     xiangqi.Move   // the engine's suggestion for position line hintAt
	hintAt   string
	story    *story // what an imported record tells besides its moves (story.go), nil for none
	edits    int    // moves played into the record so far: its texts are rewritten when it changes
	texts    textCache[xiangqi.Move]
	keys     positionKeys // the graph's keys of the record's positions
}

// NewXiangqi starts a game from the start position; TableOf puts it at a table.
func NewXiangqi() *Xiangqi {
	return &Xiangqi{selected: NoSquare, game: xiangqi.NewGame(xiangqi.NewPosition())}
}

// Game returns the game record (read it; change it only through Xiangqi).
func (m *Xiangqi) Game() *xiangqi.Game { return m.game }

// Position returns the game's current position (a copy); Shown is what the board shows.
func (m *Xiangqi) Position() *xiangqi.Position { return m.game.Position() }

// Selected returns the selected point, or NoSquare.
func (m *Xiangqi) Selected() xiangqi.Square { return m.selected }

// Hints returns the legal moves of the selected piece.
func (m *Xiangqi) Hints() []xiangqi.Move { return m.hints }

// Shown returns the position the board shows.
func (m *Xiangqi) Shown() *xiangqi.Position {
	if v := m.viewed(); v >= 0 {
		return m.game.PositionAt(v)
	}
	return m.game.Position()
}

// shown is the ply of the position shown.
func (m *Xiangqi) shown() int { return m.shownPly(m.game.Ply()) }

// LastMove returns the move that led to the shown position, if any.
func (m *Xiangqi) LastMove() (xiangqi.Move, bool) {
	if ply := m.shown(); ply > 0 {
		return m.recordMoves()[ply-1], true // kept: the board asks at every render
	}
	return xiangqi.NoMove, false
}

// Over reports whether the game has ended, by any rule of Game.Result.
func (m *Xiangqi) Over() bool { return m.game.Result().Over() }

// clickAt handles a click on point sq: select a piece of the side to move (if mayMove), move
// the selected piece to one of its hints, or clear the selection. It reports whether a move
// was played, or why a click that tries what the rules forbid was refused: a piece clicked
// when the person may not move, or a selected piece sent where it may not go.
func (m *Xiangqi) clickAt(sq xiangqi.Square, mayMove bool) (moved bool, why Refusal) {
	for _, mv := range m.hints {
		if mv.To() == sq {
			// Hints come from the current position, so Play fails only if the game changed
			// under the selection; then the click just clears it.
			err := m.play(mv)
			m.edits++
			m.clearSelection()
			return err == nil, ""
		}
	}
	pos := m.game.Position()
	if !mayMove {
		if pos.At(sq) != xiangqi.NoPiece && !m.Over() {
			why = RefusedTurn
		}
		m.clearSelection()
		return false, why
	}
	if sq == m.selected {
		m.clearSelection()
		return false, ""
	}
	if pc := pos.At(sq); pc == xiangqi.NoPiece || pc.Color() != pos.Turn() {
		if m.selected != NoSquare {
			why = refusalOf(pos.WhyIllegal(xiangqi.NewMove(m.selected, sq)))
		}
		m.clearSelection()
		return false, why
	}
	m.selected, m.hints = sq, m.hints[:0]
	for _, mv := range pos.LegalMoves() {
		if mv.From() == sq {
			m.hints = append(m.hints, mv)
		}
	}
	return false, ""
}

func (m *Xiangqi) clearSelection() { m.selected, m.hints = NoSquare, m.hints[:0] }

// apply plays mv, the engine's move; an illegal one is an error and changes nothing.
func (m *Xiangqi) apply(mv xiangqi.Move) error {
	if err := m.play(mv); err != nil {
		return err
	}
	m.edits++
	m.clearSelection()
	return nil
}

// turnAt is the side to move after ply moves of the record: every Xiangqi move passes the turn.
func (m *Xiangqi) turnAt(ply int) int { return int(m.game.Start().Turn()) ^ (ply & 1) }

func (m *Xiangqi) gamePly() int { return m.game.Ply() }
func (m *Xiangqi) gameLen() int { return m.game.Len() }

// seek moves the game to ply of its record.
func (m *Xiangqi) seek(ply int) {
	for m.game.Ply() > ply && m.game.Undo() {
	}
	for m.game.Ply() < ply && m.game.Redo() {
	}
}

// restart starts again from the start position.
func (m *Xiangqi) restart() { m.Load(xiangqi.NewGame(nil)) }

// Load replaces the game with g (a new game, a FEN or an imported record), shown at its end.
// A Table that loads a game forgets what belonged to the one replaced (Table.reset).
func (m *Xiangqi) Load(g *xiangqi.Game) {
	m.game, m.story = g, nil
	m.setView(-1)
	m.clearSelection()
}

// LoadFEN starts a new game from fen. A bad FEN returns ParseFEN's error and changes nothing.
func (m *Xiangqi) LoadFEN(fen string) error {
	pos, err := xiangqi.ParseFEN(fen)
	if err != nil {
		return err
	}
	m.Load(xiangqi.NewGame(pos))
	return nil
}

// Result is the sentence saying how the game ended (Game.Result's reason: mate, stalemate,
// repetition, perpetual check or chase, the 60-move rule, insufficient material), or "" while
// it goes on.
func (m *Xiangqi) Result() string {
	if r := m.game.Result(); r.Over() {
		return r.Reason()
	}
	return ""
}

// lineAt is the position line of the game after ply moves.
func (m *Xiangqi) lineAt(ply int) string {
	if ply <= 0 {
		return PositionLine(m.game.Start().FEN(), nil)
	}
	// The kept record: the panel compares this line with the engine's at every render.
	return PositionLine(m.game.Start().FEN(), nil) + " moves " + m.coordMoves(ply)
}

// PositionLine is the protocol line that sets up start followed by moves.
func PositionLine(startFEN string, moves []xiangqi.Move) string {
	// One builder: adding to a string move by move copied the line once per move, which took
	// a quarter of a second natively for a 10,000-ply record.
	var b strings.Builder
	b.Grow(len("position fen  moves") + len(startFEN) + 5*len(moves))
	b.WriteString("position fen ")
	b.WriteString(startFEN)
	if len(moves) > 0 {
		b.WriteString(" moves ")
		writeUCCI(&b, moves)
	}
	return b.String()
}
