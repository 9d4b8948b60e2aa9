package play

import (
	"strconv"
	"strings"

	"qipan/app/engineclient"
	"qipan/app/sound"
	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
)

// Board is one game on the board in the shape every front end drives, whatever the game: the
// position to draw, the person's selection and legal targets, playing, undo/redo, review, the
// engine conversation and the record. XiangqiBoard (over Match) and ReversiBoard (over
// Reversi) are its adapters. The page, the embed and the desktop board all drive it; for what
// it does not cover (drawing each game, variations, Reversi's disc counts) they still reach
// through the adapters to Match and Reversi.
//
// Squares are the game's own numbers (xiangqi.Square, reversi.Square as int); the display
// grid is Cols×Rows with row 0 at the top of the board as shown (after the flip), and Cell
// maps a display place to a square. Sides are 0 for the side that moves first in the game's
// rules (Red, Reversi's Black) and 1 for the other.
type Board interface {
	Variant() string // VariantXiangqi or VariantReversi
	// Dims returns the display grid: Xiangqi's 9×10 points, Reversi's 8×8 cells.
	Dims() (cols, rows int)
	// Cell returns the square shown at display column col, row row (with the flip).
	Cell(col, row int) int
	// Piece returns what stands on sq in the shown position: a xiangqi FEN letter
	// ("KABNRCP" red, lower case black), 'X' or 'O' for a black or white disc, 0 for none.
	Piece(sq int) byte
	// Turn is the side to move in the shown position.
	Turn() int

	// Click handles a click (or a drop) on sq: select, move, or clear. It reports whether a
	// move was played.
	Click(sq int) bool
	// Selected is the selected square (-1 for none); Targets are the squares the person may
	// click now to move (the selected piece's targets, or every legal disc in Reversi).
	Selected() int
	Targets() []int
	// Draggable reports whether a press on sq picks a piece up (a piece of the person's to
	// move); games without dragging (Reversi) say false.
	Draggable(sq int) bool
	// LastMove returns the move that led to the shown position: from is -1 for a disc
	// placed, to is -1 for a pass; both -1 when there is none.
	LastMove() (from, to int)
	// Check returns the square of the general in check in the shown position, or -1.
	Check() int
	// HintMove returns the engine's suggestion for the shown position (from -1 for a disc).
	HintMove() (from, to int, ok bool)

	// SquareName names sq as the game's records do ("h2", "f5"); ParseSquare reads a name
	// back (false for a name that is no square of the game).
	SquareName(sq int) string
	ParseSquare(name string) (int, bool)
	// Refusal says why the last click was refused ("" when it was not); Deselect drops the
	// selection.
	Refusal() Refusal
	Deselect()

	Flipped() bool
	Flip()
	Mode() Mode
	Human() int
	SetHuman(side int) // against the computer, the person playing side
	SetTwoPlayer()
	Level() int
	SetLevel(l int)

	New()
	Undo() bool
	Redo() bool
	CanUndo() bool
	CanRedo() bool
	Over() bool
	PersonToMove() bool
	Result() string // how the game ended, "" while it goes on
	LastSound() sound.Sound

	// MoveTexts writes every recorded move (the redo tail too) in notation n (Reversi has one
	// notation and ignores n); Ply is how many are played, Len how many are recorded, and
	// SecondFirst reports whether the record starts with the second side to move.
	MoveTexts(n Notation) []string
	Ply() int
	Len() int
	SecondFirst() bool
	// Mover is the side that played the move leading to ply (1 for the first move).
	Mover(ply int) int
	ShownPly() int
	Reviewing() bool
	Review(ply int) bool
	Step(delta int) bool
	BackToGame() bool
	ContinueHere() bool

	// Engine is the conversation with the engine; EngineLines, EngineSaid, RequestHint and
	// MoveNow are Match's and Reversi's.
	Engine() *engineclient.Client
	SetEngine(e *engineclient.Client)
	EngineLines() []string
	EngineSaid(line string) (send []string, moved bool, err error)
	RequestHint() bool
	MoveNow() []string
	// SetAnalysis turns analysis on or off: the engine searches the position shown for its
	// best lines (EngineView's More), plays no move, and the person moves both sides.
	SetAnalysis(on bool)
	Analysis() bool
	// Evals is the evaluation graph: each position of the record with the engine's score
	// from the first side's view, where it has one; SetGraphing asks the engine to score
	// every position (a short search each, when it has nothing else to do).
	Evals() []EvalPoint
	SetGraphing(on bool)
	Graphing() bool
	// EngineView is the engine's last search for a panel, its line in notation n; false
	// when there is none to show.
	EngineView(n Notation) (EngineView, bool)

	Save() Saved
	// Import loads pasted text (the web's formats: Import, ImportReversi); on error nothing
	// changes. It returns what the text was and notes on what was skipped.
	Import(text string) (kind string, notes []string, err error)
	// ImportFile loads a file's bytes as Import loads text (Xiangqi also reads XQF);
	// decode turns GBK into text (see play.ImportFile).
	ImportFile(data []byte, decode func([]byte) string) (kind string, notes []string, err error)
	// Exports lists the texts the game can be written as, in the web's formats.
	Exports() []Export
}

// Export is one way to write the game: a short ID (buttons post "export-"+ID), its name and
// the writer (n is the move list's notation, for the formats that write moves in one).
type Export struct {
	ID    string
	Name  string
	Write func(n Notation) (string, error)
}

// FindExport returns b's export with the given ID.
func FindExport(b Board, id string) (Export, bool) {
	for _, e := range b.Exports() {
		if e.ID == id {
			return e, true
		}
	}
	return Export{}, false
}

// NewBoard returns a new game of variant v (VariantXiangqi, or VariantReversi).
func NewBoard(v string) Board {
	if v == VariantReversi {
		return &ReversiBoard{R: NewReversi()}
	}
	return &XiangqiBoard{M: NewMatch()}
}

// RestoreBoard rebuilds the game kept in s (Restore or RestoreReversi, by s.Game).
func RestoreBoard(s Saved) (Board, error) {
	if s.Game == VariantReversi {
		r, err := RestoreReversi(s)
		if err != nil {
			return nil, err
		}
		return &ReversiBoard{R: r, flipped: s.Flipped}, nil
	}
	m, err := Restore(s)
	if err != nil {
		return nil, err
	}
	return &XiangqiBoard{M: m}, nil
}

// XiangqiBoard is Board over a Match.
type XiangqiBoard struct{ M *Match }

var _ Board = (*XiangqiBoard)(nil)

func (x *XiangqiBoard) Variant() string        { return VariantXiangqi }
func (x *XiangqiBoard) Dims() (cols, rows int) { return 9, 10 }

func (x *XiangqiBoard) Cell(col, row int) int {
	if x.M.Flipped() {
		return int(xiangqi.SquareOf(8-col, row))
	}
	return int(xiangqi.SquareOf(col, 9-row))
}

func (x *XiangqiBoard) Piece(sq int) byte {
	if pc := x.M.Shown().At(xiangqi.Square(sq)); pc != xiangqi.NoPiece {
		return pc.FEN()
	}
	return 0
}

func (x *XiangqiBoard) Turn() int { return int(x.M.Shown().Turn()) }

func (x *XiangqiBoard) Click(sq int) bool { return x.M.Click(xiangqi.Square(sq)) }
func (x *XiangqiBoard) Selected() int     { return int(x.M.Selected()) }

func (x *XiangqiBoard) Targets() []int {
	var out []int
	for _, mv := range x.M.Hints() {
		out = append(out, int(mv.To()))
	}
	return out
}

func (x *XiangqiBoard) Draggable(sq int) bool {
	if x.M.Reviewing() || !x.M.PersonToMove() {
		return false
	}
	pos := x.M.Position()
	pc := pos.At(xiangqi.Square(sq))
	return pc != xiangqi.NoPiece && pc.Color() == pos.Turn()
}

func (x *XiangqiBoard) LastMove() (from, to int) {
	if mv, ok := x.M.LastMove(); ok {
		return int(mv.From()), int(mv.To())
	}
	return -1, -1
}

func (x *XiangqiBoard) Check() int {
	pos := x.M.Shown()
	if !pos.InCheck() {
		return -1
	}
	return int(pos.GeneralSquare(pos.Turn()))
}

func (x *XiangqiBoard) HintMove() (from, to int, ok bool) {
	mv, ok := x.M.HintMove()
	if !ok {
		return -1, -1, false
	}
	return int(mv.From()), int(mv.To()), true
}

func (x *XiangqiBoard) SquareName(sq int) string { return xiangqi.Square(sq).String() }

func (x *XiangqiBoard) ParseSquare(name string) (int, bool) {
	s, err := xiangqi.ParseSquare(name)
	return int(s), err == nil
}

func (x *XiangqiBoard) Refusal() Refusal { return x.M.Refusal() }
func (x *XiangqiBoard) Deselect()        { x.M.Deselect() }

// Mover: every Xiangqi move passes the turn.
func (x *XiangqiBoard) Mover(ply int) int {
	return int(x.M.Game().Start().Turn()) ^ ((ply - 1) & 1)
}

func (x *XiangqiBoard) EngineView(n Notation) (EngineView, bool) { return x.M.EngineView(n) }

func (x *XiangqiBoard) Flipped() bool  { return x.M.Flipped() }
func (x *XiangqiBoard) Flip()          { x.M.Flip() }
func (x *XiangqiBoard) Mode() Mode     { return x.M.Mode() }
func (x *XiangqiBoard) Human() int     { return int(x.M.Human()) }
func (x *XiangqiBoard) SetHuman(s int) { x.M.SetHuman(xiangqi.Color(s & 1)) }
func (x *XiangqiBoard) SetTwoPlayer()  { x.M.SetTwoPlayer() }
func (x *XiangqiBoard) Level() int     { return x.M.Level() }
func (x *XiangqiBoard) SetLevel(l int) { x.M.SetLevel(l) }

func (x *XiangqiBoard) New()                   { x.M.New() }
func (x *XiangqiBoard) Undo() bool             { return x.M.Undo() }
func (x *XiangqiBoard) Redo() bool             { return x.M.Redo() }
func (x *XiangqiBoard) CanUndo() bool          { return x.M.CanUndo() }
func (x *XiangqiBoard) CanRedo() bool          { return x.M.CanRedo() }
func (x *XiangqiBoard) Over() bool             { return x.M.Over() }
func (x *XiangqiBoard) PersonToMove() bool     { return x.M.PersonToMove() }
func (x *XiangqiBoard) Result() string         { return x.M.Result() }
func (x *XiangqiBoard) LastSound() sound.Sound { return x.M.LastSound() }

func (x *XiangqiBoard) MoveTexts(n Notation) []string { return x.M.MoveTexts(n) }
func (x *XiangqiBoard) Ply() int                      { return x.M.Game().Ply() }
func (x *XiangqiBoard) Len() int                      { return x.M.Game().Len() }
func (x *XiangqiBoard) SecondFirst() bool             { return x.M.Game().Start().Turn() == xiangqi.Black }
func (x *XiangqiBoard) ShownPly() int                 { return x.M.ShownPly() }
func (x *XiangqiBoard) Reviewing() bool               { return x.M.Reviewing() }
func (x *XiangqiBoard) Review(ply int) bool           { return x.M.Review(ply) }
func (x *XiangqiBoard) Step(d int) bool               { return x.M.Step(d) }
func (x *XiangqiBoard) BackToGame() bool              { return x.M.BackToGame() }
func (x *XiangqiBoard) ContinueHere() bool            { return x.M.ContinueHere() }

func (x *XiangqiBoard) Engine() *engineclient.Client     { return x.M.Engine }
func (x *XiangqiBoard) SetEngine(e *engineclient.Client) { x.M.Engine = e }
func (x *XiangqiBoard) EngineLines() []string            { return x.M.EngineLines() }
func (x *XiangqiBoard) EngineSaid(line string) ([]string, bool, error) {
	return x.M.EngineSaid(line)
}
func (x *XiangqiBoard) RequestHint() bool   { return x.M.RequestHint() }
func (x *XiangqiBoard) SetAnalysis(on bool) { x.M.SetAnalysis(on) }
func (x *XiangqiBoard) Analysis() bool      { return x.M.Analysis() }
func (x *XiangqiBoard) Evals() []EvalPoint  { return x.M.Evals() }
func (x *XiangqiBoard) SetGraphing(on bool) { x.M.SetGraphing(on) }
func (x *XiangqiBoard) Graphing() bool      { return x.M.Graphing() }
func (x *XiangqiBoard) MoveNow() []string   { return x.M.MoveNow() }
func (x *XiangqiBoard) Save() Saved         { return x.M.Save() }

func (x *XiangqiBoard) Import(text string) (string, []string, error) {
	return x.M.ImportText(text)
}

func (x *XiangqiBoard) ImportFile(data []byte, decode func([]byte) string) (string, []string, error) {
	return x.M.ImportFile(data, decode)
}

func (x *XiangqiBoard) Exports() []Export {
	m := x.M
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
		{"pgn", "PGN", m.PGN},
		{"dhtmlxq", "DhtmlXQ", func(Notation) (string, error) { return m.DhtmlXQ() }},
	}
}

// ReversiBoard is Board over a Reversi game. The flip is the adapter's own (the web board
// does not turn Reversi), and is saved in Saved.Flipped.
type ReversiBoard struct {
	R       *Reversi
	flipped bool
}

var _ Board = (*ReversiBoard)(nil)

func (b *ReversiBoard) Variant() string        { return VariantReversi }
func (b *ReversiBoard) Dims() (cols, rows int) { return 8, 8 }

func (b *ReversiBoard) Cell(col, row int) int {
	if b.flipped {
		return (7-row)*8 + 7 - col
	}
	return row*8 + col
}

func (b *ReversiBoard) Piece(sq int) byte {
	c, ok := b.R.Shown().At(reversi.Square(sq))
	switch {
	case !ok:
		return 0
	case c == reversi.Black:
		return 'X'
	}
	return 'O'
}

func (b *ReversiBoard) Turn() int { return int(b.R.Shown().Turn) }

func (b *ReversiBoard) Click(sq int) bool { return b.R.Click(reversi.Square(sq)) }
func (b *ReversiBoard) Selected() int     { return -1 }

func (b *ReversiBoard) Targets() []int {
	var out []int
	for _, s := range b.R.Hints() {
		out = append(out, int(s))
	}
	return out
}

func (b *ReversiBoard) Draggable(int) bool { return false }

func (b *ReversiBoard) LastMove() (from, to int) {
	switch mv := b.R.LastMove(); mv {
	case reversi.NoMove:
		return -1, -1
	case reversi.Pass:
		return -1, -1
	default:
		return -1, int(mv.Square())
	}
}

func (b *ReversiBoard) Check() int { return -1 }

func (b *ReversiBoard) HintMove() (from, to int, ok bool) {
	mv, ok := b.R.HintMove()
	if !ok || mv.Square() == reversi.NoSquare {
		return -1, -1, false
	}
	return -1, int(mv.Square()), true
}

func (b *ReversiBoard) SquareName(sq int) string { return reversi.Square(sq).String() }

func (b *ReversiBoard) ParseSquare(name string) (int, bool) {
	mv, err := reversi.ParseMove(name)
	if err != nil || mv.Square() == reversi.NoSquare {
		return -1, false
	}
	return int(mv.Square()), true
}

func (b *ReversiBoard) Refusal() Refusal { return b.R.Refusal() }
func (b *ReversiBoard) Deselect()        {}

// Mover: a pass is a move of the record, so the side is read from the position before it.
func (b *ReversiBoard) Mover(ply int) int { return int(b.R.Game().PositionAt(ply - 1).Turn) }

func (b *ReversiBoard) EngineView(Notation) (EngineView, bool) { return b.R.EngineView() }

func (b *ReversiBoard) Flipped() bool  { return b.flipped }
func (b *ReversiBoard) Flip()          { b.flipped = !b.flipped }
func (b *ReversiBoard) Mode() Mode     { return b.R.Mode() }
func (b *ReversiBoard) Human() int     { return int(b.R.Human()) }
func (b *ReversiBoard) SetHuman(s int) { b.R.SetHuman(reversi.Color(s & 1)) }
func (b *ReversiBoard) SetTwoPlayer()  { b.R.SetTwoPlayer() }
func (b *ReversiBoard) Level() int     { return b.R.Level() }
func (b *ReversiBoard) SetLevel(l int) { b.R.SetLevel(l) }

func (b *ReversiBoard) New()                   { b.R.New() }
func (b *ReversiBoard) Undo() bool             { return b.R.Undo() }
func (b *ReversiBoard) Redo() bool             { return b.R.Redo() }
func (b *ReversiBoard) CanUndo() bool          { return b.R.CanUndo() }
func (b *ReversiBoard) CanRedo() bool          { return b.R.CanRedo() }
func (b *ReversiBoard) Over() bool             { return b.R.Over() }
func (b *ReversiBoard) PersonToMove() bool     { return b.R.PersonToMove() }
func (b *ReversiBoard) Result() string         { return b.R.Result() }
func (b *ReversiBoard) LastSound() sound.Sound { return b.R.LastSound() }

func (b *ReversiBoard) MoveTexts(Notation) []string { return b.R.MoveTexts() }
func (b *ReversiBoard) Ply() int                    { return b.R.Game().Ply() }
func (b *ReversiBoard) Len() int                    { return b.R.Game().Len() }
func (b *ReversiBoard) SecondFirst() bool           { return b.R.Game().Start().Turn == reversi.White }
func (b *ReversiBoard) ShownPly() int               { return b.R.ShownPly() }
func (b *ReversiBoard) Reviewing() bool             { return b.R.Reviewing() }
func (b *ReversiBoard) Review(ply int) bool         { return b.R.Review(ply) }
func (b *ReversiBoard) Step(d int) bool             { return b.R.Step(d) }
func (b *ReversiBoard) BackToGame() bool            { return b.R.BackToGame() }
func (b *ReversiBoard) ContinueHere() bool          { return b.R.ContinueHere() }

func (b *ReversiBoard) Engine() *engineclient.Client     { return b.R.Engine }
func (b *ReversiBoard) SetEngine(e *engineclient.Client) { b.R.Engine = e }
func (b *ReversiBoard) EngineLines() []string            { return b.R.EngineLines() }
func (b *ReversiBoard) EngineSaid(line string) ([]string, bool, error) {
	return b.R.EngineSaid(line)
}
func (b *ReversiBoard) RequestHint() bool   { return b.R.RequestHint() }
func (b *ReversiBoard) SetAnalysis(on bool) { b.R.SetAnalysis(on) }
func (b *ReversiBoard) Analysis() bool      { return b.R.Analysis() }
func (b *ReversiBoard) Evals() []EvalPoint  { return b.R.Evals() }
func (b *ReversiBoard) SetGraphing(on bool) { b.R.SetGraphing(on) }
func (b *ReversiBoard) Graphing() bool      { return b.R.Graphing() }

// MoveNow is Match.MoveNow for Reversi: while the computer thinks, its best move so far is
// played; on the person's turn against the computer the sides swap and the computer plays
// this side. Reversi has no one-off engine move, so in two-player mode it does nothing.
func (b *ReversiBoard) MoveNow() []string {
	e := b.R.Engine
	if e.Thinking() {
		return e.HurryNow()
	}
	if b.R.Over() || b.R.Reviewing() || e.Failed() != "" || b.R.Mode() != VsComputer {
		return nil
	}
	b.R.SetHuman(b.R.Human().Other())
	return b.R.EngineLines()
}

func (b *ReversiBoard) Save() Saved {
	s := b.R.Save()
	s.Flipped = b.flipped
	return s
}

// ImportFile reads the file as text: Reversi's formats are ASCII.
func (b *ReversiBoard) ImportFile(data []byte, _ func([]byte) string) (string, []string, error) {
	return b.Import(string(data))
}

func (b *ReversiBoard) Import(text string) (string, []string, error) {
	g, kind, err := ImportReversi(text)
	if err != nil {
		return "", nil, err
	}
	b.R.Load(g)
	return kind, nil, nil
}

func (b *ReversiBoard) Exports() []Export {
	r := b.R
	return []Export{
		{"transcript", "transcript", func(Notation) (string, error) { return r.Transcript(), nil }},
		{"board", "board", func(Notation) (string, error) { return r.Shown().String(), nil }},
		{"ggf", "GGF", func(Notation) (string, error) { return r.GGF(), nil }},
	}
}

// MoveRows groups a board's move texts into numbered full moves for a move list: each row is
// the move number and the plies (as indexes into texts) it holds; a record that starts with
// the second side begins with a row holding only its first ply.
func MoveRows(texts []string, secondFirst bool) (rows []MoveRow) {
	off := 0
	if secondFirst {
		off = 1
	}
	for i := range texts {
		p := i + off
		if p%2 == 0 || i == 0 {
			rows = append(rows, MoveRow{Number: MoveNumber(i+1, secondFirst)})
		}
		r := &rows[len(rows)-1]
		r.Plies = append(r.Plies, i+1) // ply i+1 is the position after texts[i]
		if p%2 == 1 && len(r.Plies) == 1 {
			r.Second = true
		}
	}
	return rows
}

// MoveNumber is the number of the move list's row that holds ply (1 for the first move):
// rows count full moves, a record that starts with the second side starting "1. …".
func MoveNumber(ply int, secondFirst bool) int {
	if secondFirst {
		ply++
	}
	return (ply-1)/2 + 1
}

// MoveRow is one numbered row of a move list: Plies are the plies its moves lead to (1-based:
// clicking one reviews that ply); Second is set when the row starts with the second side's
// move ("1. … h9g7").
type MoveRow struct {
	Number int
	Plies  []int
	Second bool
}

// String writes the row as the move list shows it, from texts.
func (r MoveRow) String(texts []string) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(r.Number) + ".")
	if r.Second {
		b.WriteString(" …")
	}
	for _, p := range r.Plies {
		b.WriteString(" " + texts[p-1])
	}
	return b.String()
}
