// Package play is the board's logic, apart from any display: one controller for both games
// (Table: the sides, review, undo and redo by full moves, levels, hints, analysis, the
// evaluation graph, what to ask the engine when and what to do with its answer) over each
// game's rules and record (Match for Xiangqi, Reversi: the person's selection and moves,
// notations, import and export, saves), with the words the boards show. It does no I/O: the
// engine is reached through lines the caller sends (app/engineclient), and saving goes
// through Save/RestoreTable, so all of it tests natively.
package play

import (
	"fmt"
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

// Match is a game of Xiangqi at its Table: the record (with an imported record's story), the
// person's selection, and the Table's rules for Xiangqi.
type Match struct {
	Table    // the sides, review, undo, hints, analysis, the graph, the engine conversation
	game     *xiangqi.Game
	selected xiangqi.Square
	hints    []xiangqi.Move // legal moves of the selected piece
	hint     xiangqi.Move   // the engine's suggestion for position line hintAt
	hintAt   string
	story    *story // what an imported record tells besides its moves (story.go), nil for none
	edits    int    // moves played into the record so far: its texts are rewritten when it changes
	texts    textCache[xiangqi.Move]
}

// NewMatch starts a match from the start position, the person playing Red at DefaultLevel.
func NewMatch() *Match {
	m := &Match{selected: NoSquare, game: xiangqi.NewGame(xiangqi.NewPosition())}
	m.Table = newTable(m)
	return m
}

// Game returns the game record (read it; change it only through Match).
func (m *Match) Game() *xiangqi.Game { return m.game }

// Position returns the game's current position (a copy); Shown is what the board shows.
func (m *Match) Position() *xiangqi.Position { return m.game.Position() }

// Selected returns the selected point, or NoSquare.
func (m *Match) Selected() xiangqi.Square { return m.selected }

// Hints returns the legal moves of the selected piece.
func (m *Match) Hints() []xiangqi.Move { return m.hints }

// Shown returns the position the board shows.
func (m *Match) Shown() *xiangqi.Position {
	if m.view >= 0 {
		return m.game.PositionAt(m.view)
	}
	return m.game.Position()
}

// LastMove returns the move that led to the shown position, if any.
func (m *Match) LastMove() (xiangqi.Move, bool) {
	if ply := m.ShownPly(); ply > 0 {
		return m.recordMoves()[ply-1], true // kept: the board asks at every render
	}
	return xiangqi.NoMove, false
}

// Over reports whether the game has ended, by any rule of Game.Result.
func (m *Match) Over() bool { return m.game.Result().Over() }

// Click handles a click on point sq: select a piece of the side to move, move the selected
// piece to one of its hints, or clear the selection. It reports whether a move was played.
// While reviewing, clicks do nothing: the record is browsed, not played.
//
// A click that tries something the rules forbid leaves the reason in Refusal: a piece clicked
// while it is the computer's turn, or a selected piece sent where it may not go.
func (m *Match) Click(sq xiangqi.Square) bool {
	m.refusal = ""
	if m.Reviewing() {
		m.clearSelection()
		return false
	}
	for _, mv := range m.hints {
		if mv.To() == sq {
			// Hints come from the current position, so Play fails only if the game changed
			// under the selection; then the click just clears it.
			err := m.play(mv)
			m.edits++
			m.clearSelection()
			return err == nil
		}
	}
	pos := m.game.Position()
	if !m.PersonToMove() {
		if pos.At(sq) != xiangqi.NoPiece && !m.Over() {
			m.refusal = RefusedTurn
		}
		m.clearSelection()
		return false
	}
	if sq == m.selected {
		m.clearSelection()
		return false
	}
	if pc := pos.At(sq); pc == xiangqi.NoPiece || pc.Color() != pos.Turn() {
		if m.selected != NoSquare {
			m.refusal = refusalOf(pos.WhyIllegal(xiangqi.NewMove(m.selected, sq)))
		}
		m.clearSelection()
		return false
	}
	m.selected, m.hints = sq, m.hints[:0]
	for _, mv := range pos.LegalMoves() {
		if mv.From() == sq {
			m.hints = append(m.hints, mv)
		}
	}
	return false
}

// Deselect drops the selected piece and its hints (Escape).
func (m *Match) Deselect() { m.clearSelection() }

func (m *Match) clearSelection() { m.selected, m.hints = NoSquare, m.hints[:0] }

// Apply plays the engine's move mv if it is the engine's turn and mv is legal; otherwise it
// returns an error naming the move and changes nothing.
func (m *Match) Apply(mv xiangqi.Move) error {
	if !m.EngineToMove() {
		return fmt.Errorf("engine move %s: it is not the engine's turn", mv)
	}
	if err := m.play(mv); err != nil {
		return fmt.Errorf("engine move %s: %w", mv, err)
	}
	m.edits++
	m.once = -1
	m.clearSelection()
	return nil
}

// turnAt is the side to move after ply moves of the record: every Xiangqi move passes the turn.
func (m *Match) turnAt(ply int) int { return int(m.game.Start().Turn()) ^ (ply & 1) }

func (m *Match) gamePly() int { return m.game.Ply() }
func (m *Match) gameLen() int { return m.game.Len() }

// seek moves the game to ply of its record.
func (m *Match) seek(ply int) {
	for m.game.Ply() > ply && m.game.Undo() {
	}
	for m.game.Ply() < ply && m.game.Redo() {
	}
}

// New starts again from the start position, keeping the sides, the mode and the flip.
func (m *Match) New() { m.Load(xiangqi.NewGame(nil)) }

// Load replaces the game with g (a new game, a FEN or an imported record), keeping the
// sides, the mode and the flip.
func (m *Match) Load(g *xiangqi.Game) {
	m.game, m.story = g, nil
	m.reset()
	m.clearSelection()
}

// LoadFEN starts a new game from fen. A bad FEN returns ParseFEN's error and changes nothing.
func (m *Match) LoadFEN(fen string) error {
	pos, err := xiangqi.ParseFEN(fen)
	if err != nil {
		return err
	}
	m.Load(xiangqi.NewGame(pos))
	return nil
}

// SetHuman makes the person play c against the computer, with c at the bottom of the board.
// If it is then the computer's turn, EngineLines starts its search.
func (m *Match) SetHuman(c xiangqi.Color) {
	m.setSide(int(c))
	m.flipped = c == xiangqi.Black
	m.clearSelection()
}

// MoveNow asks the computer to move now and returns the lines to send: if it is thinking,
// stop, and its best move so far is played; if it is the person's turn against the computer,
// the sides swap (the board turns with them) and the computer plays this side; in two-player
// mode the computer plays this one move. Nothing happens while reviewing or when the game is
// over.
func (m *Match) MoveNow() []string {
	if m.Engine.Thinking() {
		return m.Engine.HurryNow()
	}
	if m.Over() || m.Reviewing() || m.Engine.Failed() != "" {
		return nil
	}
	if m.mode == VsComputer {
		m.SetHuman(xiangqi.Color(m.human ^ 1))
	} else {
		m.once = m.game.Ply()
		m.clearSelection()
	}
	return m.EngineLines()
}

// Result is the sentence saying how the game ended (Game.Result's reason: mate, stalemate,
// repetition, perpetual check or chase, the 60-move rule, insufficient material), or "" while
// it goes on.
func (m *Match) Result() string {
	if r := m.game.Result(); r.Over() {
		return r.Reason()
	}
	return ""
}

// lineAt is the position line of the game after ply moves.
func (m *Match) lineAt(ply int) string {
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
