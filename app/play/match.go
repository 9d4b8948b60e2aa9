// Package play is the board's logic, apart from any display: a game between a person and the
// engine (or two people), the person's selection and its hints, undo and redo by full moves,
// reviewing the record, the flip, levels, hints from the engine, notations, sounds, import and
// export, and what to ask the engine when. It does no I/O: the engine is reached through
// lines the caller sends (see Engine), and saving goes through Save/Restore, so all of it
// tests natively.
package play

import (
	"fmt"
	"strings"

	"qipan/app/engineclient"
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

// Match is a game of the person against the engine, plus what the board shows about it.
type Match struct {
	game     *xiangqi.Game
	human    xiangqi.Color
	mode     Mode
	selected xiangqi.Square
	hints    []xiangqi.Move // legal moves of the selected piece
	flipped  bool
	view     int          // the ply shown while reviewing the record, or -1 for the game itself
	once     int          // the engine plays the move at this ply (MoveNow in two-player), or -1
	hintAsk  string       // position line the person asked a hint for, "" for none
	hint     xiangqi.Move // the engine's suggestion for position line hintAt
	hintAt   string
	level    int
	refusal  Refusal // why the last click did not do what it tried, "" if it did
	story    *story  // what an imported record tells besides its moves (story.go), nil for none
	edits    int     // moves played into the record so far: its texts are rewritten when it changes
	texts    textCache[xiangqi.Move]
	// analysis: the engine analyses the position shown, and the person moves both sides.
	analysis bool
	evalBook                      // the evaluation graph's scores
	Engine   *engineclient.Client // the conversation with the worker, shared with the other game
}

// NewMatch starts a match from the start position, the person playing Red at DefaultLevel.
func NewMatch() *Match {
	m := &Match{human: xiangqi.Red, selected: NoSquare, view: -1, once: -1, Engine: NewEngine()}
	m.SetLevel(DefaultLevel)
	m.game = xiangqi.NewGame(xiangqi.NewPosition())
	return m
}

// Game returns the game record (read it; change it only through Match).
func (m *Match) Game() *xiangqi.Game { return m.game }

// Position returns the game's current position (a copy); Shown is what the board shows.
func (m *Match) Position() *xiangqi.Position { return m.game.Position() }

// Human returns the person's colour (against the computer).
func (m *Match) Human() xiangqi.Color { return m.human }

// Mode returns who plays whom.
func (m *Match) Mode() Mode { return m.mode }

// Flipped reports whether the board is shown from Black's side.
func (m *Match) Flipped() bool { return m.flipped }

// Selected returns the selected point, or NoSquare.
func (m *Match) Selected() xiangqi.Square { return m.selected }

// Hints returns the legal moves of the selected piece.
func (m *Match) Hints() []xiangqi.Move { return m.hints }

// ShownPly is the ply whose position the board shows: the reviewed one, else the game's.
func (m *Match) ShownPly() int {
	if m.view >= 0 {
		return m.view
	}
	return m.game.Ply()
}

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

// EngineToMove reports whether the engine should be playing the current move.
func (m *Match) EngineToMove() bool {
	if m.Over() {
		return false
	}
	if m.analysis {
		return false // the person moves both sides while the engine analyses
	}
	if m.once == m.game.Ply() {
		return true
	}
	return m.mode == VsComputer && m.game.Position().Turn() != m.human
}

// PersonToMove reports whether the board accepts a person's move now.
func (m *Match) PersonToMove() bool { return !m.Over() && !m.EngineToMove() }

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

// Refusal is why the last click was refused ("" if it was not).
func (m *Match) Refusal() Refusal { return m.refusal }

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

// turnAt is the side to move after ply moves of the record.
func (m *Match) turnAt(ply int) xiangqi.Color {
	c := m.game.Start().Turn()
	if ply%2 == 1 {
		c = c.Other()
	}
	return c
}

// undoTarget is the ply Undo goes back to, or -1: one ply in two-player, else the person's
// previous turn.
func (m *Match) undoTarget() int {
	ply := m.game.Ply()
	if m.mode == TwoPlayer {
		return ply - 1
	}
	for p := ply - 1; p >= 0; p-- {
		if m.turnAt(p) == m.human {
			return p
		}
	}
	return -1
}

// redoTarget is the ply Redo goes forward to, or -1: one ply in two-player, else the person's
// next turn (or the end of the record if no reply is recorded).
func (m *Match) redoTarget() int {
	ply, n := m.game.Ply(), m.game.Len()
	if ply >= n {
		return -1
	}
	if m.mode == TwoPlayer {
		return ply + 1
	}
	for p := ply + 1; p < n; p++ {
		if m.turnAt(p) == m.human {
			return p
		}
	}
	return n
}

// Undo takes back the last full move: back to the person's previous turn (one ply if the
// engine has not replied yet, else two; one ply in two-player). It reports whether anything
// was undone. It also ends a review.
func (m *Match) Undo() bool { return m.goTo(m.undoTarget()) }

// Redo replays what Undo took back.
func (m *Match) Redo() bool { return m.goTo(m.redoTarget()) }

// goTo moves the game to ply of its record (keeping the record), or does nothing for -1.
func (m *Match) goTo(ply int) bool {
	if ply < 0 || ply > m.game.Len() {
		return false
	}
	for m.game.Ply() > ply && m.game.Undo() {
	}
	for m.game.Ply() < ply && m.game.Redo() {
	}
	m.view, m.once = -1, -1
	m.clearSelection()
	return true
}

// CanUndo and CanRedo tell the controls whether Undo and Redo would do anything.
func (m *Match) CanUndo() bool { return m.undoTarget() >= 0 }
func (m *Match) CanRedo() bool { return m.redoTarget() >= 0 }

// New starts again from the start position, keeping the sides, the mode and the flip.
func (m *Match) New() { m.Load(xiangqi.NewGame(nil)) }

// Load replaces the game with g (a new game, a FEN or an imported record), keeping the
// sides, the mode and the flip.
func (m *Match) Load(g *xiangqi.Game) {
	m.game, m.story, m.evalBook = g, nil, evalBook{}
	m.view, m.once, m.hintAsk = -1, -1, ""
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

// Flip turns the board round.
func (m *Match) Flip() { m.flipped = !m.flipped }

// SetFlipped sets the board's orientation.
func (m *Match) SetFlipped(v bool) { m.flipped = v }

// SetHuman makes the person play c against the computer, with c at the bottom of the board.
// If it is then the computer's turn, EngineLines starts its search.
func (m *Match) SetHuman(c xiangqi.Color) {
	m.mode, m.human, m.flipped, m.once = VsComputer, c, c == xiangqi.Black, -1
	m.clearSelection()
}

// SetTwoPlayer makes it a game between two people at the board: the engine moves only when
// asked.
func (m *Match) SetTwoPlayer() {
	m.mode, m.once = TwoPlayer, -1
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
		m.SetHuman(m.human.Other())
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

// line is the protocol's position line for the game's current position.
func (m *Match) line() string { return m.lineAt(m.game.Ply()) }

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
