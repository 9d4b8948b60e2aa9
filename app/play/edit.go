package play

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"qipan/app/i18n"
	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
)

// Editor sets up a position to play from: Xiangqi's 摆局 (a position set up) or a Reversi board. It starts from
// the position a board shows (its pieces, side to move and flip); a piece or disc chosen from
// the palette is put on a square with Place (placing the piece that is already there, or the
// eraser, empties it), and Clear and StartPosition reset the board. Check says whether the
// position can be played and, if not, why, in the rules' own terms: for Xiangqi
// xiangqi.ParseFEN's reasons, turned into an EditReason with their details; for Reversi see
// CheckReversi. Start loads a legal position into a board as a new game.
//
// Squares, sides and the display grid are Table's: the game's own square numbers, side 0 for
// the side that moves first (Red, Reversi's Black), Cell maps a display place to a square.
type Editor struct {
	variant string
	board   []byte // what stands on each square: a FEN letter, 'X'/'O' for discs, 0 for none
	turn    int
	flipped bool
	picked  byte // the palette's choice; 0 is the eraser
}

// NewEditor returns an editor holding the position b shows, its side to move and its flip;
// the palette's first piece is picked.
func NewEditor(b *Table) *Editor {
	cols, rows := b.Dims()
	e := &Editor{variant: b.Variant(), board: make([]byte, cols*rows), turn: b.Turn() & 1, flipped: b.Flipped()}
	for sq := range e.board {
		e.board[sq] = b.Piece(sq)
	}
	e.picked = e.Palette()[0]
	return e
}

// Palette is what can be placed, in the order the editor shows it; 0 is the eraser (an empty
// square).
func (e *Editor) Palette() []byte {
	if e.variant == VariantReversi {
		return []byte{'X', 'O', 0}
	}
	return []byte{'K', 'A', 'B', 'N', 'R', 'C', 'P', 'k', 'a', 'b', 'n', 'r', 'c', 'p', 0}
}

func (e *Editor) Variant() string { return e.variant }

// Dims is the display grid, as Table.Dims.
func (e *Editor) Dims() (cols, rows int) {
	if e.variant == VariantReversi {
		return 8, 8
	}
	return 9, 10
}

// Cell is the square shown at display column col, row row (with the flip), as Table.Cell.
func (e *Editor) Cell(col, row int) int {
	if e.variant == VariantReversi {
		if e.flipped {
			return (7-row)*8 + 7 - col
		}
		return row*8 + col
	}
	if e.flipped {
		return int(xiangqi.SquareOf(8-col, row))
	}
	return int(xiangqi.SquareOf(col, 9-row))
}

// Place returns the display column and row of sq (Cell's inverse).
func (e *Editor) Place(sq int) (col, row int) {
	cols, rows := e.Dims()
	for row := 0; row < rows; row++ {
		for col := 0; col < cols; col++ {
			if e.Cell(col, row) == sq {
				return col, row
			}
		}
	}
	return -1, -1
}

// Step is the square next to sq by dx columns and dy rows as the board is drawn, or -1 past
// the edge (for the arrow keys).
func (e *Editor) Step(sq, dx, dy int) int {
	col, row := e.Place(sq)
	cols, rows := e.Dims()
	col, row = col+dx, row+dy
	if col < 0 || row < 0 || col >= cols || row >= rows {
		return -1
	}
	return e.Cell(col, row)
}

// SquareName is sq's coordinate ("e0", "d3"); ParseSquare reads one back.
func (e *Editor) SquareName(sq int) string {
	if e.variant == VariantReversi {
		return reversi.Square(sq).String()
	}
	return xiangqi.Square(sq).String()
}

// ParseSquare reads a coordinate of the editor's game; false for none.
func (e *Editor) ParseSquare(s string) (int, bool) {
	if e.variant == VariantReversi {
		mv, err := reversi.ParseMove(s)
		if err != nil || mv.Square() == reversi.NoSquare {
			return 0, false
		}
		return int(mv.Square()), true
	}
	sq, err := xiangqi.ParseSquare(s)
	return int(sq), err == nil
}

// Piece is what stands on sq, as Table.Piece.
func (e *Editor) Piece(sq int) byte {
	if sq < 0 || sq >= len(e.board) {
		return 0
	}
	return e.board[sq]
}

func (e *Editor) Turn() int { return e.turn }

// SetTurn sets the side to move (0 or 1).
func (e *Editor) SetTurn(side int) { e.turn = side & 1 }

func (e *Editor) Flipped() bool { return e.flipped }
func (e *Editor) Flip()         { e.flipped = !e.flipped }

// Picked is the palette's choice (0: the eraser).
func (e *Editor) Picked() byte { return e.picked }

// Pick chooses what Put places; it reports false, and changes nothing, for something not in
// the palette.
func (e *Editor) Pick(pc byte) bool {
	for _, x := range e.Palette() {
		if x == pc {
			e.picked = pc
			return true
		}
	}
	return false
}

// Put places the picked piece on sq; a square that already holds it is emptied, so a second
// click takes back the first.
func (e *Editor) Put(sq int) {
	if sq < 0 || sq >= len(e.board) {
		return
	}
	if e.board[sq] == e.picked {
		e.board[sq] = 0
		return
	}
	e.board[sq] = e.picked
}

// Move takes what stands on from to to (replacing what stood there), as a drag does; an
// empty from, or to == from, changes nothing.
func (e *Editor) Move(from, to int) {
	if from < 0 || to < 0 || from >= len(e.board) || to >= len(e.board) || from == to || e.board[from] == 0 {
		return
	}
	e.board[to], e.board[from] = e.board[from], 0
}

// Clear empties the board.
func (e *Editor) Clear() {
	for i := range e.board {
		e.board[i] = 0
	}
}

// StartPosition sets the game's start position, the first side to move.
func (e *Editor) StartPosition() {
	e.turn = 0
	if e.variant == VariantReversi {
		e.setReversi(reversi.NewPosition())
		return
	}
	start := xiangqi.NewPosition()
	for sq := range e.board {
		e.board[sq] = 0
		if pc := start.At(xiangqi.Square(sq)); pc != xiangqi.NoPiece {
			e.board[sq] = pc.FEN()
		}
	}
}

func (e *Editor) setReversi(p *reversi.Position) {
	for sq := range e.board {
		e.board[sq] = 0
		if c, ok := p.At(reversi.Square(sq)); ok {
			e.board[sq] = "XO"[c]
		}
	}
	e.turn = int(p.Turn)
}

// FEN is the position as the board's data-fen writes it: a Xiangqi FEN ("… w - - 0 1"), or
// Reversi's board text (64 cells a1…h8 and the side).
func (e *Editor) FEN() string {
	var b strings.Builder
	if e.variant == VariantReversi {
		for _, c := range e.board {
			if c == 0 {
				c = '-'
			}
			b.WriteByte(c)
		}
		b.WriteString(" " + string("XO"[e.turn]))
		return b.String()
	}
	for rank := 9; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 9; file++ {
			c := e.board[xiangqi.SquareOf(file, rank)]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString(" " + string("wb"[e.turn]) + " - - 0 1")
	return b.String()
}

// EditReason names why a position cannot be played, as the editor's data-edit-error writes
// it (docs/contracts.md); "" is a legal position.
type EditReason string

const (
	EditNoGeneral      EditReason = "no-general"      // a side has no general (Side, Piece)
	EditTwoGenerals    EditReason = "two-generals"    // a side has more than one (Side, Piece)
	EditTooMany        EditReason = "too-many"        // more of a kind than a side has (Piece, Count)
	EditGeneralPalace  EditReason = "general-palace"  // a general outside its palace (Piece, Square)
	EditAdvisorSquare  EditReason = "advisor-square"  // an advisor off its five points (Piece, Square)
	EditElephantSquare EditReason = "elephant-square" // an elephant off its seven points (Piece, Square)
	EditSoldierSquare  EditReason = "soldier-square"  // a soldier behind its start or off its files (Piece, Square)
	EditFacing         EditReason = "facing"          // the generals face each other (File)
	EditInCheck        EditReason = "in-check"        // the side not to move is in check (Side)
	EditOther          EditReason = "other"           // another of the rules' reasons (Detail)
	EditNoDiscs        EditReason = "no-discs"        // (Reversi) the board is empty
	EditNoMoves        EditReason = "no-moves"        // (Reversi) neither side can move
)

// EditProblem is why a position cannot be played: the reason and what it concerns. Detail is
// the rules' own sentence (English), kept for EditOther and for logs.
type EditProblem struct {
	Reason EditReason
	Side   int    // the side concerned (no general, the side in check), -1 for none
	Piece  byte   // the piece concerned, as a FEN letter; 0 for none
	Square string // where it stands, "" for none
	Count  int    // how many of Piece a side may have (EditTooMany)
	File   string // the file of facing generals ("e")
	Detail string
}

// fenReasons are ParseFEN's reasons (engine/xiangqi/fen.go), read back into their parts. The
// editor's tests build each of them, so a change of wording there fails here. Compiled at
// first use: compiled at start they cost every page load (the embed's too) ~9 ms in wasm.
var fenReasons = sync.OnceValue(func() (r struct {
	noGeneral, twoGenerals, tooMany, square, facing, inCheck *regexp.Regexp
}) {
	r.noGeneral = regexp.MustCompile(`^no (?:red|black) general \((.)\)$`)
	r.twoGenerals = regexp.MustCompile(`^more than one (?:red|black) general \((.)\)$`)
	r.tooMany = regexp.MustCompile(`^more than (\d+) (?:red|black) \w+ \((.)\)$`)
	r.square = regexp.MustCompile(`^(?:red|black) \w+ \((.)\) on ([a-i][0-9]): `)
	r.facing = regexp.MustCompile(`^the generals face each other on file ([a-i]) `)
	r.inCheck = regexp.MustCompile(`^(red|black) is in check but it is (?:red|black)'s move$`)
	return r
})

// squareReasons are the reasons of a piece off the points it may stand on, by its kind's
// letter (ParseFEN names the piece; only these four kinds are bound to points).
var squareReasons = map[byte]EditReason{'K': EditGeneralPalace, 'A': EditAdvisorSquare, 'B': EditElephantSquare, 'P': EditSoldierSquare}

// sideOf is the side of a Xiangqi FEN letter: 0 (Red) for upper case.
func sideOf(pc byte) int {
	if pc >= 'a' && pc <= 'z' {
		return 1
	}
	return 0
}

// Check says why the position cannot be played; a zero Reason is a legal position.
func (e *Editor) Check() EditProblem {
	if e.variant == VariantReversi {
		return CheckReversi(e.FEN())
	}
	return CheckXiangqi(e.FEN())
}

// Stuck reports whether the side to move of a legal position has no move: in Xiangqi it is
// checkmated or stalemated (the game ends as it starts), in Reversi it passes first.
func (e *Editor) Stuck() bool {
	if e.variant == VariantReversi {
		p, err := reversi.ParseBoard(e.FEN())
		return err == nil && p.Status() == reversi.MustPass
	}
	p, err := xiangqi.ParseFEN(e.FEN())
	return err == nil && len(p.LegalMoves()) == 0
}

// Legal reports whether the position can be played.
func (e *Editor) Legal() bool { return e.Check().Reason == "" }

// CheckXiangqi is xiangqi.ParseFEN's verdict on fen as an EditProblem.
func CheckXiangqi(fen string) EditProblem {
	_, err := xiangqi.ParseFEN(fen)
	if err == nil {
		return EditProblem{Side: -1}
	}
	msg := err.Error()
	var fe *xiangqi.FENError
	if errors.As(err, &fe) {
		msg = fe.Msg
	}
	p := EditProblem{Reason: EditOther, Side: -1, Detail: msg}
	re := fenReasons()
	if m := re.noGeneral.FindStringSubmatch(msg); m != nil {
		p.Reason, p.Piece = EditNoGeneral, m[1][0]
		p.Side = sideOf(p.Piece)
	} else if m := re.twoGenerals.FindStringSubmatch(msg); m != nil {
		p.Reason, p.Piece = EditTwoGenerals, m[1][0]
		p.Side = sideOf(p.Piece)
	} else if m := re.tooMany.FindStringSubmatch(msg); m != nil {
		p.Reason, p.Piece = EditTooMany, m[2][0]
		p.Count, _ = strconv.Atoi(m[1])
		p.Side = sideOf(p.Piece)
	} else if m := re.square.FindStringSubmatch(msg); m != nil {
		p.Piece, p.Square = m[1][0], m[2]
		p.Side = sideOf(p.Piece)
		if r, ok := squareReasons[p.Piece&^0x20]; ok { // by the upper-case letter
			p.Reason = r
		}
	} else if m := re.facing.FindStringSubmatch(msg); m != nil {
		p.Reason, p.File = EditFacing, m[1]
	} else if m := re.inCheck.FindStringSubmatch(msg); m != nil {
		p.Reason, p.Side = EditInCheck, map[string]int{"red": 0, "black": 1}[m[1]]
	}
	return p
}

// CheckReversi says whether a Reversi board (engine/reversi's board text) can be played
// from. Like Edax's setboard and Egaroucid's board editor, it takes any arrangement of discs,
// whatever their number and place, and a side to move that has no move (the game then
// starts with its pass). It refuses only the positions with nothing left to play, since
// the editor leads to a game: an empty board, and a board where neither side can move (a
// finished game: its result is already decided).
func CheckReversi(text string) EditProblem {
	p, err := reversi.ParseBoard(text)
	if err != nil {
		return EditProblem{Reason: EditOther, Side: -1, Detail: err.Error()}
	}
	switch {
	case p.Black()|p.White() == 0:
		return EditProblem{Reason: EditNoDiscs, Side: -1, Detail: "there is no disc on the board"}
	case p.Status() == reversi.Over:
		return EditProblem{Reason: EditNoMoves, Side: -1, Detail: "neither side can move: the game is over"}
	}
	return EditProblem{Side: -1}
}

// editKeys are the texts of the reasons that take a piece and a point.
var editKeys = map[EditReason]i18n.Key{
	EditGeneralPalace: i18n.EditGeneralPalace, EditAdvisorSquare: i18n.EditAdvisorSquare,
	EditElephantSquare: i18n.EditElephantSquare, EditSoldierSquare: i18n.EditSoldierSquare,
}

// Text says in l why the position cannot be played ("" for a legal one); variant names the
// sides (Red/Black or Black/White).
func (p EditProblem) Text(l i18n.Lang, variant string) string {
	side := func(s int) string { return SideLabel(l, variant, s) }
	switch p.Reason {
	case "":
		return ""
	case EditNoGeneral:
		return l.T(i18n.EditNoGeneral, side(p.Side))
	case EditTwoGenerals:
		return l.T(i18n.EditTwoGenerals, side(p.Side))
	case EditTooMany:
		return l.T(i18n.EditTooMany, p.Count, PieceText(l, p.Piece))
	case EditGeneralPalace, EditAdvisorSquare, EditElephantSquare, EditSoldierSquare:
		// The piece opens the sentence: "Red general on d3: …".
		text := l.T(editKeys[p.Reason], PieceText(l, p.Piece), p.Square)
		r, n := utf8.DecodeRuneInString(text)
		return string(unicode.ToUpper(r)) + text[n:]
	case EditFacing:
		return l.T(i18n.EditFacing, p.File)
	case EditInCheck:
		return l.T(i18n.EditInCheck, side(p.Side), side(1-p.Side))
	case EditNoDiscs:
		return l.T(i18n.EditNoDiscs)
	case EditNoMoves:
		return l.T(i18n.EditNoMoves)
	}
	return l.T(i18n.EditOther, p.Detail)
}

// pieceKinds are the Xiangqi kinds by their upper-case FEN letter.
var pieceKinds = map[byte]xiangqi.Kind{
	'K': xiangqi.General, 'A': xiangqi.Advisor, 'B': xiangqi.Elephant, 'N': xiangqi.Horse,
	'R': xiangqi.Chariot, 'C': xiangqi.Cannon, 'P': xiangqi.Soldier,
}

// PieceText names what a FEN letter (or a Reversi disc, 'X'/'O') is in l: "red chariot",
// "黑车", "Black"; the eraser (0) is "Empty".
func PieceText(l i18n.Lang, pc byte) string {
	switch pc {
	case 0:
		return l.T(i18n.EditEraser)
	case 'X':
		return DiscText(l, reversi.Black)
	case 'O':
		return DiscText(l, reversi.White)
	}
	colour, side := l.T(i18n.RedWord), xiangqi.Red
	if sideOf(pc) == 1 {
		colour, side = l.T(i18n.BlackWord), xiangqi.Black
	}
	return l.T(i18n.EditPieceName, colour, PieceName(l, side, pieceKinds[pc&^0x20]))
}

// Start loads the edited position into b as a new game (Xiangqi keeps the editor's flip). A
// position that cannot be played is an error, and b is unchanged.
func (e *Editor) Start(b *Table) error {
	if pr := e.Check(); pr.Reason != "" {
		return errors.New("the position cannot be played: " + pr.Detail)
	}
	if m, ok := b.Xiangqi(); ok {
		if err := m.LoadFEN(e.FEN()); err != nil {
			return err
		}
	} else if r, ok := b.Reversi(); ok {
		pos, err := reversi.ParseBoard(e.FEN())
		if err != nil {
			return err
		}
		r.Load(reversi.NewGame(pos))
	} else {
		return errors.New("the editor cannot load a position into this board")
	}
	b.reset()
	b.startClock() // a game from a set-up position keeps time as a new one
	b.SetFlipped(e.flipped)
	return nil
}
