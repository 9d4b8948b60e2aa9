package play

import (
	"errors"
	"fmt"
	"time"

	"qipan/app/engineclient"
	"qipan/app/i18n"
	"qipan/app/sound"
)

// Table is what a game at the board is, whatever the game: the sides and two-player mode,
// the level, reviewing the record, undo and redo by the person's turns, hints asked of the
// engine, analysis, the evaluation graph, and the conversation with the engine. It is
// written once, over the game it was given (Xiangqi for Xiangqi, Reversi): a value with the
// rules interface's methods (the record, whose turn it is, what to search and what to do with
// the engine's answer) that knows nothing of the Table.
type Table struct {
	rules   rules
	flipped bool // the board is shown from the second side's
	human   int  // the person's side against the computer (0: the first to move)
	mode    Mode
	once    int // the engine plays the move at this ply (MoveNow in two-player), or -1
	level   int
	// hintAsk is the position line the person asked a hint for, "" for none.
	hintAsk string
	refusal Refusal // why the last click did not do what it tried, "" if it did
	// analysis: the engine analyses the position shown, and the person moves both sides.
	analysis bool
	// held: the record on the board is the reader's (an import, a line of the record
	// entered): the engine plays no move until the person plays on (Continue from here, a
	// side chosen, Move now, or a move of their own side). Meanwhile the person moves both
	// sides.
	held bool
	// fresh: this game replaced one that is kept (keep.go), and the person has not moved in
	// it since: the kept one is offered back. Saved with the game, so a restart offers it too.
	fresh    bool
	puzzle   *puzzleRun // the puzzle being solved (puzzle.go), nil for a game
	evalBook            // the evaluation graph's scores
	timing              // the clock (timed.go)
	// reporting: the report was asked for and its searches go on; reported: it was written
	// (report.go).
	reporting, reported bool
	Client              *engineclient.Client // the conversation with the engine, shared with the other game
}

// rules is what every game tells its Table: its board, its record, and what a person's click
// does. Squares are the game's own numbers (xiangqi.Square, reversi.Square as int); sides are
// ints, 0 for the side that moves first (Red, Reversi's Black). What only some games have
// (a selection, passes, check, sounds of their own, the engine, records to import) is in the
// optional interfaces below; a game without them gets the Table's plain behaviour. A game
// answers for the position its record shows (review: the Table says which) and never asks
// the Table anything: what depends on the sides, the review or the engine is the Table's.
type rules interface {
	variant() string        // VariantXiangqi, VariantReversi, …
	dims() (cols, rows int) // the display grid: Xiangqi's 9×10 points, Reversi's 8×8 cells
	// cell is the square shown at display column col, row row, the first side at the bottom.
	cell(col, row int) int
	squareName(sq int) string // as the game's records write it ("h2", "f5")
	parseSquare(name string) (int, bool)
	// viewed is the ply of the record shown while it is reviewed, -1 for none; the Table
	// sets it (setView), and the game's other answers are for the position it shows.
	viewed() int
	setView(ply int)
	// piece is what stands on sq in the shown position: a xiangqi FEN letter, 'X' or 'O' for
	// a disc, 0 for none; lastMove is the move that led there (from -1 for a piece placed,
	// to -1 for a pass; both -1 for none).
	piece(sq int) byte
	lastMove() (from, to int)
	// click plays, selects or clears in the game's position, moving only if mayMove (the
	// person's turn): it reports a move played, or why the click was refused. targets are
	// the squares the person may click to move when it is their turn.
	click(sq int, mayMove bool) (moved bool, why Refusal)
	targets() []int

	gamePly() int       // the game's ply in its record
	gameLen() int       // the record's length (the redo tail too)
	turnAt(ply int) int // the side to move after ply moves of the record
	// seek moves the game to ply of its record, keeping the record, and settles it there.
	seek(ply int)
	Over() bool     // the game has ended, by any of its rules
	Result() string // how, "" while it goes on
	restart()       // the start position, a new record
	MoveTexts(n Notation) []string
	// save is the game's record as kept; sides names its sides there (Saved.Human).
	save() Saved
	sides() [2]string
	restore(s Saved) error // the game kept in s, in a new game
}

// selector is a game whose pieces are picked up, then put down (Xiangqi).
type selector interface {
	selection() int // the selected square, -1 for none
	draggable(sq int) bool
	clearSelection()
}

// passer is a game where a side with no move passes (a move of the record), and whose end
// may come before the record's (Reversi).
type passer interface {
	// passAt reports whether the side to move after ply moves must pass; endAt whether the
	// game is over there (asked of plies before the record's end).
	passAt(ply int) bool
	endAt(ply int) bool
}

// checker is a game with check: the square of the general in check in the shown position,
// or -1.
type checker interface{ check() int }

// sounder is a game with sounds of its own (captures, check).
type sounder interface{ LastSound() sound.Sound }

// sider is a game whose board turns to put the person's side at the bottom when they take
// it (Xiangqi).
type sider interface{ turnsToSide() }

// enginePlayer is a game the engine plays.
type enginePlayer interface {
	lineAt(ply int) string // the protocol's position line after ply moves
	// jobAt is the search of kind for the position after ply moves at level (none for a
	// finished position); graphJob is the next search the evaluation graph needs, its
	// scores in b (evals: each position's).
	jobAt(ply int, kind engineclient.Kind, level int) engineclient.Search
	graphJob(b *evalBook) (engineclient.Search, bool)
	evals(b *evalBook) []EvalPoint
	// takeHint ends the hint search: it records the engine's suggestion move for the
	// searched position ("": the engine found none, ErrNoMove); hintMove is it, for the
	// game's position.
	takeHint(searched engineclient.Search, move string) error
	hintMove() (from, to int, ok bool)
	// takeMove plays the engine's move; an error changes nothing.
	takeMove(move string) error
	// pvTexts writes the engine's line pv from the position after ply in notation n, as far
	// as its moves are legal.
	pvTexts(ply int, pv []string, n Notation) []string
}

// recorder is a game whose records are read and written; its exports name who played
// (Seats), and may carry the graph's scores (the Table's evalBook, lent: Reversi's GGF).
type recorder interface {
	Import(text string) (kind string, notes []string, err error)
	ImportFile(data []byte, decode func([]byte) string) (kind string, notes []string, err error)
	Exports(p Seats, b *evalBook) []Export
}

// Seats is who plays each side, as a record written at the table names them: in VsComputer
// the person plays Human and the engine at Level the other side.
type Seats struct {
	Mode  Mode
	Human int
	Level int
	// The clock the game was played at (NoClock for none), each move's time left to its
	// mover after it (Clocks()[i] after move i+1; asked only by a writer that writes them,
	// as the board's view asks Seats at every render), and the side that lost on time (-1:
	// none).
	TC      TimeControl
	Clocks  func() []time.Duration
	Flagged int
}

// Seats is who plays each side now.
func (t *Table) Seats() Seats {
	return Seats{Mode: t.mode, Human: t.human, Level: t.level, TC: t.TimeControl(), Clocks: t.moveClocks, Flagged: t.Flagged()}
}

// errNoRecords is Import's error in a game with no records to read.
var errNoRecords = errors.New("this game has no records to import")

// newTable returns the table of game r: the person plays the first side at DefaultLevel,
// with a fresh engine conversation.
func newTable(r rules) *Table {
	return &Table{rules: r, once: -1, level: DefaultLevel, Client: NewClient()}
}

// Human returns the person's side against the computer (0: the side that moves first).
func (t *Table) Human() int { return t.human }

// Mode returns who plays whom.
func (t *Table) Mode() Mode { return t.mode }

// Level returns the engine's level.
func (t *Table) Level() int { return t.level }

// SetLevel sets the engine's level (clamped); it applies from the next search.
func (t *Table) SetLevel(l int) { t.level = ClampLevel(l) }

// Refusal is why the last click was refused ("" if it was not).
func (t *Table) Refusal() Refusal { return t.refusal }

// setSide makes the person play side against the computer.
func (t *Table) setSide(side int) { t.mode, t.human, t.once, t.held = VsComputer, side&1, -1, false }

// SetTwoPlayer makes it a game between two people at the board: the engine moves only when
// asked.
func (t *Table) SetTwoPlayer() {
	t.mode, t.once, t.held = TwoPlayer, -1, false
	t.Deselect()
}

// reset forgets what belonged to the game replaced: the review, the one-off engine move, the
// hint asked, the graph's scores.
func (t *Table) reset() {
	t.rules.setView(-1)
	t.once, t.hintAsk, t.held, t.puzzle = -1, "", false, nil
	t.reporting, t.reported = false, false
	t.evalBook = evalBook{thorough: t.thorough} // the report's setting stays
	t.Deselect()
}

// EngineToMove reports whether the engine should be playing the current move.
func (t *Table) EngineToMove() bool {
	switch {
	case t.Over(), t.analysis: // while the engine analyses, the person moves both sides
		return false
	case t.once == t.rules.gamePly(), t.puzzle != nil && t.puzzle.showing:
		return true
	case t.held:
		return false
	}
	return t.mode == VsComputer && t.rules.turnAt(t.rules.gamePly()) != t.human
}

// Held reports whether the engine waits for the person to play on from the record shown (an
// import, a line entered): CanContinue then, and Continue from here ends the wait.
func (t *Table) Held() bool { return t.held }

// hold makes the engine wait until the person plays on (the record on the board is theirs to
// read).
func (t *Table) hold() { t.held = true }

// CanContinue reports whether Continue from here would do anything: a position is reviewed,
// or the engine waits for the person to play on.
func (t *Table) CanContinue() bool { return t.Reviewing() || t.held }

// PersonToMove reports whether the board accepts a person's move now.
func (t *Table) PersonToMove() bool { return !t.Over() && !t.EngineToMove() }

// Reviewing reports whether the board shows a position other than the game's current one.
// Reviewing the record is browse-only: the board takes no moves until the person either goes
// back to the game or continues from the reviewed position (which then becomes the game's;
// the moves after it stay recorded as the redo tail until a new move replaces them).
func (t *Table) Reviewing() bool { return t.rules.viewed() >= 0 }

// ShownPly is the ply whose position the board shows: the reviewed one, else the game's.
func (t *Table) ShownPly() int {
	if v := t.rules.viewed(); v >= 0 {
		return v
	}
	return t.rules.gamePly()
}

// Review shows the position after ply moves of the record (0..Len, clamped). Reviewing the
// game's own ply is the same as not reviewing. It reports whether the shown ply changed.
func (t *Table) Review(ply int) bool {
	ply = max(0, min(ply, t.rules.gameLen()))
	before := t.ShownPly()
	t.rules.setView(ply)
	if ply == t.rules.gamePly() {
		t.rules.setView(-1)
	}
	t.Deselect()
	return t.ShownPly() != before
}

// Step reviews delta plies from the shown one (← is -1, → is +1).
func (t *Table) Step(delta int) bool { return t.Review(t.ShownPly() + delta) }

// BackToGame ends a review: the board shows the game's current position again.
func (t *Table) BackToGame() bool {
	was := t.Reviewing()
	t.rules.setView(-1)
	return was
}

// ContinueHere makes the reviewed position the game's: play goes on from it (and if it is
// the computer's turn there, the computer moves). It reports whether anything changed.
func (t *Table) ContinueHere() bool {
	was := t.held
	t.held = false
	if v := t.rules.viewed(); v >= 0 {
		return t.goTo(v)
	}
	return was
}

// rest reports whether the game may stop at ply for the person: a position with a move to
// make, theirs against the computer (either side's with two players), or the end.
func (t *Table) rest(ply int) bool {
	if t.passes(ply) {
		return false
	}
	return t.mode == TwoPlayer || t.rules.turnAt(ply) == t.human || t.ends(ply)
}

// undoTarget is the ply Undo goes back to, or -1: the person's previous turn (one ply in
// two-player; a forced pass is skipped).
func (t *Table) undoTarget() int {
	for p := t.rules.gamePly() - 1; p >= 0; p-- {
		if t.rest(p) && !t.ends(p) {
			return p
		}
	}
	return -1
}

// redoTarget is the ply Redo goes forward to, or -1: the person's next turn in the record
// (one ply in two-player), or the end of the record if no reply is recorded.
func (t *Table) redoTarget() int {
	ply, n := t.rules.gamePly(), t.rules.gameLen()
	if ply >= n {
		return -1
	}
	for p := ply + 1; p < n; p++ {
		if t.rest(p) {
			return p
		}
	}
	return n
}

// Undo takes back the last full move: back to the person's previous turn (one ply if the
// engine has not replied yet, else two; one ply in two-player). It reports whether anything
// was undone. It also ends a review. Redo replays what Undo took back.
func (t *Table) Undo() bool { return t.goTo(t.undoTarget()) }
func (t *Table) Redo() bool { return t.goTo(t.redoTarget()) }

// CanUndo and CanRedo tell the controls whether Undo and Redo would do anything.
func (t *Table) CanUndo() bool { return t.undoTarget() >= 0 }
func (t *Table) CanRedo() bool { return t.redoTarget() >= 0 }

// goTo moves the game to ply of its record (keeping the record), or does nothing for -1.
func (t *Table) goTo(ply int) bool {
	if ply < 0 || ply > t.rules.gameLen() {
		return false
	}
	t.rules.seek(ply)
	t.rules.setView(-1)
	t.clockTo(ply)
	t.once = -1
	t.Deselect()
	return true
}

// RequestHint asks for the engine's best move for the side to move, to show, not play. It
// reports whether the request was taken (the person must be to move, not reviewing); the
// caller then sends EngineLines.
func (t *Table) RequestHint() bool {
	if t.Reviewing() || !t.PersonToMove() || t.Client.Failed() != "" {
		return false
	}
	t.hintAsk = t.line()
	return true
}

// line is the protocol's position line for the game's current position.
func (t *Table) line() string {
	if e, ok := t.rules.(enginePlayer); ok {
		return e.lineAt(t.rules.gamePly())
	}
	return ""
}

// hintAsked reports whether the person asked for a hint in the current position.
func (t *Table) hintAsked() bool { return t.hintAsk != "" && t.hintAsk == t.line() }

// SetAnalysis turns analysis on or off: while on, the engine searches the position shown
// (the game's, or the one reviewed) for its best lines, and plays no move; the person moves
// both sides.
func (t *Table) SetAnalysis(on bool) {
	t.analysis = on
	t.hintAsk = ""
}

// Analysis reports whether analysis is on.
func (t *Table) Analysis() bool { return t.analysis }

// wanted is the search the engine should be running now: while analysis is on, the position
// shown; else the engine's move, a hint the person asked for, a point of the evaluation
// graph, or none.
func (t *Table) wanted() engineclient.Search {
	r, ok := t.rules.(enginePlayer)
	if !ok {
		return engineclient.Search{}
	}
	if t.analysis {
		return r.jobAt(t.ShownPly(), engineclient.Analysis, t.level)
	}
	if !t.Over() {
		switch {
		case t.EngineToMove():
			if t.puzzle != nil {
				return t.puzzleJob(r, t.rules.gamePly())
			}
			j := r.jobAt(t.rules.gamePly(), engineclient.Move, t.level)
			if t.clock != nil && j.Pos != "" {
				j.Go = t.clockGo()
			}
			return j
		case t.hintAsked():
			return r.jobAt(t.rules.gamePly(), engineclient.Hint, t.level)
		}
	}
	if t.graphing {
		if j, ok := r.graphJob(&t.evalBook); ok {
			return j
		}
	}
	return engineclient.Search{}
}

// EngineLines returns the lines to send so that the engine searches the position if, and
// only if, it is the engine's turn (or the person asked for a hint there, or analyses).
func (t *Table) EngineLines() []string { return t.Client.Sync(t.wanted()) }

func (t *Table) takeHint(searched engineclient.Search, move string) error {
	t.hintAsk = ""
	return t.rules.(enginePlayer).takeHint(searched, move) // only a player is asked for one
}

// takeMove plays the engine's move if it is the engine's turn; otherwise, or for a move the
// game refuses, it returns an error naming the move and changes nothing.
func (t *Table) takeMove(move string) error {
	now, _ := t.settleClock()
	if !t.EngineToMove() {
		return fmt.Errorf("engine move %s: it is not the engine's turn", move)
	}
	before := t.rules.gamePly()
	if err := t.rules.(enginePlayer).takeMove(move); err != nil {
		return fmt.Errorf("engine move %s: %w", move, err)
	}
	t.clockMoved(before, now)
	t.once = -1
	t.Deselect()
	t.settlePuzzle()
	return nil
}

// NewTable returns a new game of variant v (VariantXiangqi, or VariantReversi) at a table.
func NewTable(v string) *Table {
	if v == VariantReversi {
		return newTable(NewReversi())
	}
	return newTable(NewXiangqi())
}

// TableOf puts g, a game made apart (a *Xiangqi or a *Reversi, loaded from a link or a save),
// at a new table.
func TableOf(g Rules) *Table { return newTable(g) }

// Rules is a game's rules as a Table is given them: a *Xiangqi or a *Reversi.
type Rules interface{ rules }

// Annotated is a game whose record is a tree with notes (Xiangqi's; Reversi's transcripts
// are lines): the symbols and comments on moves, the record's tags, the variations at a ply.
// A front end shows and edits them through it, whatever the game; entering and deleting a
// variation, which move the game, go through the Table (EnterBranch, DeleteVariation).
type Annotated interface {
	Symbols() []string // each move's symbol, "" for none
	Symbol(ply int) string
	Comment(ply int) string
	SetNote(ply int, comment, symbol string) bool
	Tag(name string) string
	HasComments() bool
	Branches(ply int, n Notation) map[int]Branch
	InVariation(ply int) bool
	PromoteVariation(ply int) bool
}

// brancher is a game whose record has variations to follow (Annotated's game), and the
// engine's lines to add as variations.
type brancher interface {
	enterBranch(ply, k, j int) (show int, ok bool)
	deleteVariation(ply int) (show int, ok bool)
	addLines(ply int, ranked []engineclient.SearchInfo) bool
}

// Annotated returns the game's record tree, for a game that has one.
func (t *Table) Annotated() (Annotated, bool) {
	a, ok := t.rules.(Annotated)
	return a, ok
}

// EnterBranch makes the game follow line k of the record's Branches(ply) to its end and shows
// (reviews) the position after its move j (0 for its first). It reports whether there was
// such a move. A line of the record is read, not played: the engine waits (Held).
func (t *Table) EnterBranch(ply, k, j int) bool {
	b, ok := t.rules.(brancher)
	if !ok {
		return false
	}
	return t.followed(b.enterBranch(ply, k, j))
}

// DeleteVariation removes the variation holding the move at ply from the record; the game
// follows the line the variation left instead, and the board shows where it left it.
func (t *Table) DeleteVariation(ply int) bool {
	b, ok := t.rules.(brancher)
	if !ok {
		return false
	}
	return t.followed(b.deleteVariation(ply))
}

// followed settles the table on the line the game now follows, showing ply show.
func (t *Table) followed(show int, ok bool) bool {
	if !ok {
		return false
	}
	t.reset()
	t.Review(show)
	t.hold()
	return true
}

// AddEngineLines adds analysis's lines of the position shown (the engine's best lines, best
// first) to the record as variations there (see Xiangqi.addLines). It reports whether the
// record changed.
func (t *Table) AddEngineLines() bool {
	b, ok := t.rules.(brancher)
	ply := t.ShownPly()
	if !ok || !t.analysis || t.Client.Info().Pos != t.rules.(enginePlayer).lineAt(ply) {
		return false
	}
	return b.addLines(ply, t.Client.Ranked())
}

// Xiangqi returns the Xiangqi game at the table, for what only Xiangqi has (variations,
// notes, its record); Reversi likewise.
func (t *Table) Xiangqi() (*Xiangqi, bool) {
	m, ok := t.rules.(*Xiangqi)
	return m, ok
}

func (t *Table) Reversi() (*Reversi, bool) {
	r, ok := t.rules.(*Reversi)
	return r, ok
}

// Variant is VariantXiangqi or VariantReversi.
func (t *Table) Variant() string { return t.rules.variant() }

// Dims returns the display grid: Xiangqi's 9×10 points, Reversi's 8×8 cells.
func (t *Table) Dims() (cols, rows int) { return t.rules.dims() }

// Cell returns the square shown at display column col, row row (row 0 at the top, after the
// flip).
func (t *Table) Cell(col, row int) int {
	if t.flipped {
		cols, rows := t.rules.dims()
		col, row = cols-1-col, rows-1-row
	}
	return t.rules.cell(col, row)
}

// Piece returns what stands on sq in the shown position: a xiangqi FEN letter ("KABNRCP"
// red, lower case black), 'X' or 'O' for a black or white disc, 0 for none.
func (t *Table) Piece(sq int) byte { return t.rules.piece(sq) }

// Turn is the side to move in the shown position.
func (t *Table) Turn() int { return t.rules.turnAt(t.ShownPly()) }

// Click handles a click (or a drop) on sq: select, move, or clear. It reports whether a
// move was played; a click refused leaves why in Refusal.
// A move of the person's own side while the engine waits (Held) is playing on: the engine
// answers it.
// While reviewing, clicks do nothing but drop the selection: the record is browsed, not
// played. A click on a piece while it is the computer's turn is refused.
func (t *Table) Click(sq int) bool {
	t.refusal = ""
	if t.Reviewing() {
		t.Deselect()
		return false
	}
	own := t.mode == VsComputer && t.rules.turnAt(t.rules.gamePly()) == t.human
	now, _ := t.settleClock() // out of time, the person has no move to play
	before := t.rules.gamePly()
	moved, why := t.rules.click(sq, t.PersonToMove())
	t.refusal = why
	if moved && own {
		t.held = false
	}
	if moved {
		t.clockMoved(before, now)
		t.settlePuzzle()
	}
	return moved
}

// Selected is the selected square (-1 for none); Targets are the squares the person may
// click now to move (the selected piece's targets, or every legal disc in Reversi).
func (t *Table) Selected() int {
	if s, ok := t.rules.(selector); ok {
		return s.selection()
	}
	return -1
}

func (t *Table) Targets() []int {
	if t.Reviewing() || !t.PersonToMove() {
		return nil
	}
	return t.rules.targets()
}

// Deselect drops the selection (Escape).
func (t *Table) Deselect() {
	if s, ok := t.rules.(selector); ok {
		s.clearSelection()
	}
}

// LastMove returns the move that led to the shown position: from is -1 for a piece placed,
// to is -1 for a pass; both -1 when there is none.
func (t *Table) LastMove() (from, to int) { return t.rules.lastMove() }

// Draggable reports whether a press on sq picks a piece up (a piece of the person's to
// move); games without dragging (Reversi) say false.
func (t *Table) Draggable(sq int) bool {
	s, ok := t.rules.(selector)
	return ok && !t.Reviewing() && t.PersonToMove() && s.draggable(sq)
}

// Check returns the square of the general in check in the shown position, or -1.
func (t *Table) Check() int {
	if c, ok := t.rules.(checker); ok {
		return c.check()
	}
	return -1
}

// HintMove returns the engine's suggestion for the shown position (from -1 for a disc).
func (t *Table) HintMove() (from, to int, ok bool) {
	if e, ok := t.rules.(enginePlayer); ok && !t.Reviewing() {
		return e.hintMove()
	}
	return -1, -1, false
}

// HintText names the engine's suggestion in notation n as the move list writes moves ("" for
// none): a Xiangqi move, a Reversi square.
func (t *Table) HintText(n Notation) string {
	from, to, ok := t.HintMove()
	switch {
	case !ok, t.HintPiece(): // a puzzle's first step shows the piece on the board, not the move
		return ""
	case from < 0:
		return t.SquareName(to)
	}
	if texts := t.rules.(enginePlayer).pvTexts(t.rules.gamePly(), []string{t.SquareName(from) + t.SquareName(to)}, n); len(texts) == 1 {
		return texts[0]
	}
	return ""
}

// SquareName names sq as the game's records do ("h2", "f5"); ParseSquare reads a name
// back (false for a name that is no square of the game).
func (t *Table) SquareName(sq int) string            { return t.rules.squareName(sq) }
func (t *Table) ParseSquare(name string) (int, bool) { return t.rules.parseSquare(name) }

// Flipped reports whether the board is shown from the second side's; Flip turns it round.
func (t *Table) Flipped() bool     { return t.flipped }
func (t *Table) Flip()             { t.flipped = !t.flipped }
func (t *Table) SetFlipped(v bool) { t.flipped = v }

// SetHuman makes the person play side against the computer (Xiangqi turns the board to put
// that side at the bottom). If it is then the computer's turn, EngineLines starts its search.
func (t *Table) SetHuman(side int) {
	t.setSide(side)
	if _, ok := t.rules.(sider); ok {
		t.flipped = side&1 == 1
	}
	t.Deselect()
}

// New starts again from the start position, keeping the sides, the mode and the flip.
func (t *Table) New() {
	t.rules.restart()
	t.reset()
	t.startClock()
}

// Over reports whether the game has ended (by its rules, or a flag fall); Result is the
// sentence saying how ("" while it goes on); LastSound the sound of the move that led to the
// current position.
func (t *Table) Over() bool { return t.rules.Over() || t.Flagged() >= 0 }
func (t *Table) Result() string {
	if r := t.rules.Result(); r != "" {
		return r
	}
	if side := t.Flagged(); side >= 0 {
		return FlagText(i18n.English, t.Variant(), side)
	}
	return ""
}

func (t *Table) LastSound() sound.Sound {
	switch s, ok := t.rules.(sounder); {
	case ok:
		return s.LastSound()
	case t.rules.gamePly() == 0:
		return sound.None
	case t.Over():
		return sound.End
	}
	return sound.Move
}

// MoveTexts writes every recorded move (the redo tail too) in notation n (Reversi has one
// notation and ignores n); Ply is how many are played, Len how many are recorded, and
// SecondFirst reports whether the record starts with the second side to move.
func (t *Table) MoveTexts(n Notation) []string { return t.rules.MoveTexts(n) }
func (t *Table) Ply() int                      { return t.rules.gamePly() }
func (t *Table) Len() int                      { return t.rules.gameLen() }
func (t *Table) SecondFirst() bool             { return t.rules.turnAt(0) == 1 }

// Mover is the side that played the move leading to ply (1 for the first move): in Reversi
// a pass is a move of the record, so the side is the one to move before it.
func (t *Table) Mover(ply int) int { return t.rules.turnAt(ply - 1) }

// MoveNow asks the computer to move now and returns the lines to send: if it is thinking,
// stop, and its best move so far is played; on the person's turn against the computer the
// sides swap and the computer plays this side; in Xiangqi's two-player mode it plays this one
// move. Nothing happens while reviewing or when the game is over.
func (t *Table) MoveNow() []string {
	if t.held && !t.Reviewing() && !t.Over() {
		// Playing on from the record: the engine plays the side to move if it is its side.
		t.held = false
		if t.EngineToMove() {
			return t.EngineLines()
		}
	}
	e := t.Client
	if e.Thinking() {
		return e.HurryNow()
	}
	if _, ok := t.rules.(enginePlayer); !ok || t.Over() || t.Reviewing() || e.Failed() != "" {
		return nil
	}
	if t.mode == VsComputer {
		t.SetHuman(t.human ^ 1)
	} else {
		t.once = t.rules.gamePly()
		t.Deselect()
	}
	return t.EngineLines()
}

// EngineView is the engine's last search for a panel, its line in notation n; false when
// there is none to show. Evals is the evaluation graph: each position of the record with the
// engine's score from the first side's view, where it has one.
func (t *Table) Evals() []EvalPoint {
	if e, ok := t.rules.(enginePlayer); ok {
		return e.evals(&t.evalBook)
	}
	return nil
}

// Save returns the game as it is kept between visits.
func (t *Table) Save() Saved {
	s := t.rules.save()
	s.Human, s.TwoPlayer = t.rules.sides()[t.human], t.mode == TwoPlayer
	s.Flipped, s.Held, s.Fresh = t.flipped, t.held, t.fresh
	s.Clock, s.NextClock = t.saveClock()
	s.Evals, s.Reporting = t.saveEvals(), t.reporting
	return s
}

// Import loads pasted text (Xiangqi's records, Reversi's transcripts and boards); on error
// nothing changes. It returns what the text was and notes on what was skipped.
func (t *Table) Import(text string) (kind string, notes []string, err error) {
	if r, ok := t.rules.(recorder); ok {
		kind, notes, err = r.Import(text)
		if err == nil {
			t.imported()
		}
		return kind, notes, err
	}
	return "", nil, errNoRecords
}

// ImportFile loads a file's bytes as Import loads text (Xiangqi also reads XQF); decode turns
// GBK into text (see play.ImportFile).
func (t *Table) ImportFile(data []byte, decode func([]byte) string) (kind string, notes []string, err error) {
	if r, ok := t.rules.(recorder); ok {
		kind, notes, err = r.ImportFile(data, decode)
		if err == nil {
			t.imported()
		}
		return kind, notes, err
	}
	return "", nil, errNoRecords
}

// imported settles the table on a record just read: nothing of the game replaced, no clock
// (the record's game was not played at this one), the record's own scores, and the computer
// waiting until the reader plays on (the record is theirs to read).
func (t *Table) imported() {
	t.reset()
	t.stopClock()
	t.ReadRecordEvals()
	t.hold()
}

// Exports lists the texts the game can be written as.
func (t *Table) Exports() []Export {
	if r, ok := t.rules.(recorder); ok {
		return r.Exports(t.Seats(), &t.evalBook)
	}
	return nil
}

// Restore puts the game kept in s on t, a new table of s's game; on error, t is to be
// dropped.
func (t *Table) Restore(s Saved) error {
	if err := t.rules.restore(s); err != nil {
		return err
	}
	switch sides := t.rules.sides(); s.Human {
	case "", sides[0]:
		t.human = 0
	case sides[1]:
		t.human = 1
	default:
		return fmt.Errorf("saved game: side %q is not %s or %s", s.Human, sides[0], sides[1])
	}
	t.mode = VsComputer
	if s.TwoPlayer {
		t.mode = TwoPlayer
	}
	t.flipped, t.held, t.fresh = s.Flipped, s.Held, s.Fresh
	t.restoreClock(s.Clock, s.NextClock)
	t.ReadRecordEvals() // a report written is judged again from its scores
	t.restoreEvals(s.Evals)
	if s.Reporting {
		t.StartReport()
	}
	return nil
}

// passes and ends ask a game with passes (passer); other games never pass, and end only
// at the end of their record.
func (t *Table) passes(ply int) bool {
	p, ok := t.rules.(passer)
	return ok && p.passAt(ply)
}

func (t *Table) ends(ply int) bool {
	p, ok := t.rules.(passer)
	return ok && p.endAt(ply)
}
