package record

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"qipan/engine/xiangqi"
)

// Result is a game's outcome as PGN writes it.
type Result string

const (
	RedWins   Result = "1-0"
	BlackWins Result = "0-1"
	Draw      Result = "1/2-1/2"
	Unknown   Result = "*" // not finished or not known
)

// parseResult reads a PGN result token ("" and false if s is none).
func parseResult(s string) (Result, bool) {
	switch s {
	case "1-0":
		return RedWins, true
	case "0-1":
		return BlackWins, true
	case "1/2-1/2", "½-½":
		return Draw, true
	case "*":
		return Unknown, true
	}
	return "", false
}

// Tag is one named piece of information about a game (Event, Site, Red, …).
type Tag struct{ Name, Value string }

// Move is one move of the record with what annotates it.
type Move struct {
	xiangqi.Move
	Comment string // after the move
	// NAGs are PGN's numeric annotation glyphs in the order read; 1-6 are the symbols
	// ! ? !! ?? !? ?! (see Symbol).
	NAGs []uint8
	// Variations are the other moves played instead of this one, each from the position
	// before it, in their order (the move itself is the main line).
	Variations []Variation
}

// Variation is a line of moves played instead of a move: its comment (before its first
// move) and its moves (at least one).
type Variation struct {
	Comment string
	Moves   []Move
}

// MaxDepth is how deep variations may nest (a variation inside a variation is depth 2);
// readers refuse deeper ones and writers and Walk stop there, so no record can exhaust
// the stack.
const MaxDepth = 64

// symbols are the glyphs of NAGs 1-6.
var symbols = [...]string{"", "!", "?", "!!", "??", "!?", "?!"}

// Symbol is the glyph (! ? !! ?? !? ?!) of the first of m's NAGs that has one, or "".
func (m *Move) Symbol() string {
	for _, n := range m.NAGs {
		if int(n) < len(symbols) && n > 0 {
			return symbols[n]
		}
	}
	return ""
}

// SymbolNAG is the NAG of a glyph (! = 1 … ?! = 6), 0 if s is none.
func SymbolNAG(s string) uint8 {
	for i, g := range symbols {
		if i > 0 && g == s {
			return uint8(i)
		}
	}
	return 0
}

// SetSymbol makes s (a glyph, or "" for none) m's symbol, keeping its other NAGs.
func (m *Move) SetSymbol(s string) {
	var keep []uint8
	for _, n := range m.NAGs {
		if n == 0 || int(n) >= len(symbols) {
			keep = append(keep, n)
		}
	}
	if n := SymbolNAG(s); n != 0 {
		keep = append([]uint8{n}, keep...)
	}
	m.NAGs = keep
}

// Count is the number of moves in the tree (main line and every variation) and the number
// of variations.
func (g *Game) Count() (moves, variations int) {
	var count func(ms []Move, depth int)
	count = func(ms []Move, depth int) {
		moves += len(ms)
		if depth >= MaxDepth {
			return
		}
		for i := range ms {
			variations += len(ms[i].Variations)
			for _, v := range ms[i].Variations {
				count(v.Moves, depth+1)
			}
		}
	}
	count(g.Moves, 0)
	return moves, variations
}

// checkTree checks what the writers rely on: every move legal from start, every variation
// with moves, no nesting beyond MaxDepth. where names the format in the error.
func checkTree(where string, start *xiangqi.Position, ms []Move, depth int, path string) error {
	if depth > MaxDepth {
		return fmt.Errorf("%s: variations nest deeper than %d", where, MaxDepth)
	}
	pos := *start
	for i := range ms {
		m := &ms[i]
		if !pos.IsLegal(m.Move) {
			return fmt.Errorf("%s: %smove %d (%s) is not legal in %s", where, path, i+1, m.Move, pos.FEN())
		}
		for k, v := range m.Variations {
			if len(v.Moves) == 0 {
				return fmt.Errorf("%s: %smove %d: variation %d has no moves", where, path, i+1, k+1)
			}
			if err := checkTree(where, &pos, v.Moves, depth+1, fmt.Sprintf("%smove %d variation %d: ", path, i+1, k+1)); err != nil {
				return err
			}
		}
		pos.Make(m.Move)
	}
	return nil
}

// Game is a game record: tags, start position, moves with comments, result.
// The readers fill Start (never nil); the writers take a nil Start as the initial position.
type Game struct {
	// Tags holds every tag except the ones with fields of their own (Result, FEN, and
	// PGN's Format, which describes the text, not the game), in the order read.
	Tags    []Tag
	Start   *xiangqi.Position
	Comment string // about the game, before the first move
	Moves   []Move
	Result  Result
}

// reserved tags are kept in fields of Game, not in Tags.
func reserved(name string) bool {
	return strings.EqualFold(name, "Result") || strings.EqualFold(name, "FEN") || strings.EqualFold(name, "Format")
}

// NewGame returns an empty record from the initial position with result "*".
func NewGame() *Game { return &Game{Start: xiangqi.NewPosition(), Result: Unknown} }

// FromGame makes a record of g's moves (including an undone tail) from g's start.
func FromGame(g *xiangqi.Game) *Game {
	r := &Game{Start: g.Start(), Result: Unknown}
	for _, m := range g.Moves() {
		r.Moves = append(r.Moves, Move{Move: m})
	}
	return r
}

// Tag returns the value of the named tag ("" if absent).
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag sets the named tag, replacing its value or adding it at the end.
func (g *Game) SetTag(name, value string) {
	for i, t := range g.Tags {
		if t.Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// EndComment is the comment after the last move, or the game comment when there are no
// moves: where PGN puts how a game ended ("{Black resigns} 1-0").
func (g *Game) EndComment() string {
	if n := len(g.Moves); n > 0 {
		return g.Moves[n-1].Comment
	}
	return g.Comment
}

// SetEndComment sets the comment EndComment returns.
func (g *Game) SetEndComment(c string) {
	if n := len(g.Moves); n > 0 {
		g.Moves[n-1].Comment = c
	} else {
		g.Comment = c
	}
}

// start is g.Start, or the initial position when nil.
func (g *Game) start() *xiangqi.Position {
	if g.Start == nil {
		return xiangqi.NewPosition()
	}
	p := *g.Start
	return &p
}

// Game replays the record into a xiangqi.Game; an illegal move is an error naming it.
func (g *Game) Game() (*xiangqi.Game, error) {
	xg := xiangqi.NewGame(g.start())
	for i, m := range g.Moves {
		if err := xg.Play(m.Move); err != nil {
			return nil, fmt.Errorf("move %d (%s): %v", i+1, m.Move, err)
		}
	}
	return xg, nil
}

// Pos is a place in the input text: line and column (in characters), both from 1.
type Pos struct{ Line, Col int }

// Error is what a reader reports for input it cannot read.
type Error struct {
	Format string // "pgn" or "DhtmlXQ"
	Pos
	Game int // 1-based number of the game in the input
	Msg  string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: line %d, column %d: game %d: %s", e.Format, e.Line, e.Col, e.Game, e.Msg)
}

// Warning is something a reader skipped or changed (a variation with an illegal move, a
// stray comment, …). A binary format's has no Pos (Line 0): its Msg names the offset.
type Warning struct {
	Pos
	Game int
	Msg  string
}

func (w Warning) String() string {
	if w.Line == 0 {
		return fmt.Sprintf("game %d: %s", w.Game, w.Msg)
	}
	return fmt.Sprintf("line %d, column %d: game %d: %s", w.Line, w.Col, w.Game, w.Msg)
}

// MoveStyle selects how a writer spells the moves.
type MoveStyle uint8

const (
	ICCS    MoveStyle = iota // H2-E2
	WXF                      // C2.5
	Chinese                  // 炮二平五
)

func (n MoveStyle) String() string {
	switch n {
	case ICCS:
		return "ICCS"
	case WXF:
		return "WXF"
	case Chinese:
		return "Chinese"
	}
	return fmt.Sprintf("MoveStyle(%d)", uint8(n))
}

// locator turns byte offsets into Pos: a binary search over the line starts, then a count
// of the characters before off on its line.
type locator struct {
	src    string
	starts []int // byte offset of each line's start, computed on first use
}

func newLocator(src string) *locator { return &locator{src: src} }

func (l *locator) at(off int) Pos {
	if l.starts == nil {
		l.starts = append(l.starts, 0)
		for i := 0; i < len(l.src); i++ {
			if l.src[i] == '\n' {
				l.starts = append(l.starts, i+1)
			}
		}
	}
	off = max(0, min(off, len(l.src)))
	line := sort.SearchInts(l.starts, off+1) - 1
	return Pos{Line: line + 1, Col: utf8.RuneCountInString(l.src[l.starts[line]:off]) + 1}
}
