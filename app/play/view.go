package play

import (
	"strings"

	"qipan/app/i18n"
)

// The board as every front end draws it, whatever the game: the cells in display order with
// what stands on each, the marks (the last move, check, the selection, the squares the person
// may move to, the engine's suggestion and its scores, the keyboard's cursor), the edge
// labels in the chosen coordinates, the players and the comment. The page draws it as SVG,
// the desktop as a Scene; each decides only how a piece or a disc looks. It is built from the
// Table's own methods alone, so it is the same for every game the Table plays.

// Grid is a board as it is shown: a game's (Table) or the position editor's (Editor).
type Grid interface {
	Variant() string
	Dims() (cols, rows int)
	Cell(col, row int) int // the square at display column col, row row (row 0 at the top)
	SquareName(sq int) string
	Piece(sq int) byte
	Flipped() bool
}

// ViewOptions are what a front end adds to a board's own state when it draws it.
type ViewOptions struct {
	Coords string    // Xiangqi's coordinates: CoordsChinese (also for "") or CoordsICCS
	Cursor string    // the square in the keyboard's tab order ("e0"); "" (or no square's name): the default
	Lang   i18n.Lang // of the players' line
}

// BoardView is one board as drawn.
type BoardView struct {
	Variant    string
	Cols, Rows int
	Flipped    bool
	Coords     string     // CoordsChinese or CoordsICCS (the labels' and the spoken names')
	Cells      []ViewCell // display order: row by row from the top, each row from the left
	Labels     []EdgeLabel
	// Position is the shown position as its game writes it (the page's data-fen): Xiangqi's
	// FEN, Reversi's board text; "" for a game that writes none. Turn is the side to move.
	Position string
	Turn     int
	// HintFrom and HintTo are the engine's suggestion as indexes into Cells (HintFrom -1 for a
	// disc placed), both -1 for none; Hint names it in the game's squares ("h2e2", "f5").
	HintFrom, HintTo int
	Hint             string
	Reviewing        bool // the record is reviewed: the board takes no move
	Thinking         bool // the engine searches
	// Players names who played an imported record and where; Comment is the record's comment
	// on the position shown; Commented reports whether the record has comments at all (a
	// front end may keep room for them).
	Players, Comment string
	Commented        bool
}

// ViewCell is one cell (a Xiangqi point, a Reversi square) of a BoardView.
type ViewCell struct {
	Square    int
	Name      string // as the game's records write it: "h2", "f5"
	Col, Row  int    // its display column and row
	Piece     byte   // a xiangqi FEN letter, 'X' or 'O' for a disc, 0 for none
	Last      bool   // an end of the move that led to the position shown
	Check     bool   // the general in check
	Selected  bool
	HintPiece bool // a puzzle's hint, first step: the piece to move
	Target    bool // the person may move here now (the selected piece's targets, a legal disc)
	Cursor    bool // the cell in the keyboard's tab order
	// Score is the hint search's score of the move here (for the side to move, in the game's
	// units: centi-discs), when Scored.
	Score  int
	Scored bool
}

// Edge is a side of the board a label stands by.
type Edge uint8

const (
	EdgeBottom Edge = iota
	EdgeTop
	EdgeLeft
)

// EdgeLabel is one coordinate written beside the board: At is the display column (EdgeBottom,
// EdgeTop) or row (EdgeLeft) it names. With Xiangqi's Chinese coordinates each side numbers
// the files from its own right along its own edge, and Side says whose numbers these are (0:
// Red's 九…一, 1: Black's １…９); otherwise Side is -1.
type EdgeLabel struct {
	Edge Edge
	At   int
	Text string
	Side int
}

// View is the board t shows now, as o asks.
func (t *Table) View(o ViewOptions) BoardView {
	v := gridView(t, o)
	v.Position, v.Turn = t.positionText(), t.Turn()
	v.Reviewing, v.Thinking = t.Reviewing(), t.Client != nil && t.Client.Thinking()
	at := make(map[int]int, len(v.Cells)) // square → index in Cells
	for i, c := range v.Cells {
		at[c.Square] = i
	}
	mark := func(sq int, set func(*ViewCell)) {
		if i, ok := at[sq]; ok {
			set(&v.Cells[i])
		}
	}
	if from, to := t.LastMove(); to >= 0 {
		mark(from, func(c *ViewCell) { c.Last = true })
		mark(to, func(c *ViewCell) { c.Last = true })
	}
	mark(t.Check(), func(c *ViewCell) { c.Check = true })
	mark(t.Selected(), func(c *ViewCell) { c.Selected = true })
	targets := t.Targets()
	scores := t.hintScores()
	for _, sq := range targets {
		mark(sq, func(c *ViewCell) { c.Target = true; c.Score, c.Scored = scores[sq] })
	}
	if from, to, ok := t.HintMove(); ok && t.HintPiece() {
		mark(from, func(c *ViewCell) { c.HintPiece = true })
	} else if ok {
		if i, ok := at[to]; ok {
			v.HintTo, v.Hint = i, v.Cells[i].Name
			if j, ok := at[from]; ok {
				v.HintFrom, v.Hint = j, v.Cells[j].Name+v.Hint
			}
		}
	}
	// The cursor, else the first square the person may move to (Reversi's first legal disc),
	// else the middle of the bottom edge.
	cursor, ok := -1, false
	if sq, named := t.ParseSquare(o.Cursor); named {
		cursor, ok = at[sq]
	}
	if !ok && len(targets) > 0 && t.Selected() < 0 {
		cursor, ok = at[targets[0]]
	}
	if !ok {
		cursor = (v.Rows-1)*v.Cols + v.Cols/2
	}
	v.Cells[cursor].Cursor = true
	if a, ok := t.Annotated(); ok {
		v.Players, v.Comment, v.Commented = PlayersText(o.Lang, a), ShownComment(a.Comment(t.ShownPly())), a.HasComments()
	}
	return v
}

// View is the board the editor shows (pieces only: no marks), as o asks; the cursor is o's.
func (e *Editor) View(o ViewOptions) BoardView {
	v := gridView(e, o)
	v.Position, v.Turn = e.FEN(), e.Turn()
	for i := range v.Cells {
		v.Cells[i].Cursor = v.Cells[i].Name == o.Cursor
	}
	return v
}

// gridView is g's cells and labels, with no marks.
func gridView(g Grid, o ViewOptions) BoardView {
	cols, rows := g.Dims()
	v := BoardView{Variant: g.Variant(), Cols: cols, Rows: rows, Flipped: g.Flipped(), Coords: o.Coords,
		HintFrom: -1, HintTo: -1, Labels: EdgeLabels(g, o.Coords)}
	if v.Coords != CoordsICCS {
		v.Coords = CoordsChinese
	}
	v.Cells = make([]ViewCell, 0, cols*rows)
	for row := range rows {
		for col := range cols {
			sq := g.Cell(col, row)
			v.Cells = append(v.Cells, ViewCell{Square: sq, Name: g.SquareName(sq), Col: col, Row: row, Piece: g.Piece(sq)})
		}
	}
	return v
}

// EdgeLabels are the coordinates written beside g in coords: Xiangqi's Chinese ones along both
// edges, each side's numbers along its own; otherwise the files' letters under the board
// (over it in Reversi, as its diagrams print them) and the ranks on its left, as the squares
// are named.
func EdgeLabels(g Grid, coords string) []EdgeLabel {
	cols, rows := g.Dims()
	var out []EdgeLabel
	if g.Variant() == VariantXiangqi && coords != CoordsICCS {
		red, black := EdgeBottom, EdgeTop
		if g.Flipped() {
			red, black = black, red
		}
		for col := range cols {
			// The side at the bottom numbers the files from its right, the side at the top
			// from its own right: the board's left.
			n := map[Edge]int{EdgeBottom: cols - col, EdgeTop: col + 1}
			out = append(out,
				EdgeLabel{Edge: red, At: col, Side: 0, Text: string([]rune("一二三四五六七八九")[n[red]-1])},
				EdgeLabel{Edge: black, At: col, Side: 1, Text: string(rune('０' + n[black]))})
		}
		return out
	}
	files, fileRow := EdgeBottom, rows-1
	if g.Variant() == VariantReversi {
		files, fileRow = EdgeTop, 0
	}
	for col := range cols {
		name := g.SquareName(g.Cell(col, fileRow))
		out = append(out, EdgeLabel{Edge: files, At: col, Side: -1, Text: strings.TrimRight(name, "0123456789")})
	}
	for row := range rows {
		name := g.SquareName(g.Cell(0, row))
		out = append(out, EdgeLabel{Edge: EdgeLeft, At: row, Side: -1, Text: strings.TrimLeft(name, "abcdefghijklmnopqrstuvwxyz")})
	}
	return out
}

// Step is the square next to sq by dx columns and dy rows as the board is drawn, or -1 past
// the edge or for a square not on it (the arrow keys).
func (v BoardView) Step(sq, dx, dy int) int {
	for _, c := range v.Cells {
		if c.Square != sq {
			continue
		}
		col, row := c.Col+dx, c.Row+dy
		if col < 0 || row < 0 || col >= v.Cols || row >= v.Rows {
			return -1
		}
		return v.Cells[row*v.Cols+col].Square
	}
	return -1
}

// Find returns the cell of square sq.
func (v BoardView) Find(sq int) (ViewCell, bool) {
	for _, c := range v.Cells {
		if c.Square == sq {
			return c, true
		}
	}
	return ViewCell{}, false
}

// positionText is the shown position as the game's export of it writes it (Xiangqi's "fen",
// Reversi's "board"), "" for a game with neither.
func (t *Table) positionText() string {
	for _, e := range t.Exports() {
		if e.ID == "fen" || e.ID == "board" {
			if s, err := e.Write(""); err == nil {
				return s
			}
		}
	}
	return ""
}

// hintScores are the scores the hint search gave the moves that place on a square (Reversi's
// discs: a hint scores every move), for the current position; nil for none.
func (t *Table) hintScores() map[int]int {
	if t.Client == nil {
		return nil
	}
	line := t.line()
	var out map[int]int
	for mv, info := range t.Client.MoveInfo() {
		if !info.Hint || info.Pos != line {
			continue
		}
		if sq, ok := t.ParseSquare(mv); ok {
			if out == nil {
				out = map[int]int{}
			}
			out[sq] = info.Score
		}
	}
	return out
}
