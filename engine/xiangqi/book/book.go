// Package book is qipan's opening book: a few dozen well-known xiangqi openings (central
// cannon against screen horses and palace-corner horses, same- and opposite-direction
// cannons, the pawn, elephant and horse openings, the cross-palace cannon), each also
// mirrored left-right, kept as weighted moves per position and embedded in the binary
// (openings.txt). Pick chooses among a position's moves at random by weight.
package book

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"

	"qipan/engine/xiangqi"
)

// Entry is a book move with its weight (relative frequency).
type Entry struct {
	Move   xiangqi.Move
	Weight int
}

// Book maps positions (by key) to their weighted moves.
type Book struct {
	moves map[uint64][]Entry
}

//go:embed openings.txt
var openingsText string

var (
	defaultOnce sync.Once
	defaultBook *Book
)

// Default returns the embedded book (parsed once).
func Default() *Book {
	defaultOnce.Do(func() {
		b, err := Parse(strings.NewReader(openingsText))
		if err != nil {
			panic("book: embedded openings.txt: " + err.Error())
		}
		defaultBook = b
	})
	return defaultBook
}

// Parse reads lines "weight: move move …" (moves from the start position, UCCI or ICCS);
// blank lines and lines starting with # are skipped. Each line is added as written and
// mirrored left-right. Errors name the line and the move.
func Parse(r io.Reader) (*Book, error) {
	b := &Book{moves: map[uint64][]Entry{}}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		ws, rest, ok := strings.Cut(line, ":")
		w, err := strconv.Atoi(strings.TrimSpace(ws))
		if !ok || err != nil || w <= 0 {
			return nil, fmt.Errorf("line %d: want \"weight: moves\" with a positive weight, got %q", n, line)
		}
		var moves []xiangqi.Move
		for _, f := range strings.Fields(rest) {
			m, err := xiangqi.ParseMove(f)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			}
			moves = append(moves, m)
		}
		if len(moves) == 0 {
			return nil, fmt.Errorf("line %d: no moves", n)
		}
		for _, mirror := range []bool{false, true} {
			if err := b.addLine(moves, w, mirror); err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return b, nil
}

// Mirror reflects a move left-right (file a ↔ i).
func Mirror(m xiangqi.Move) xiangqi.Move {
	f, t := m.From(), m.To()
	return xiangqi.NewMove(xiangqi.SquareOf(8-f.File(), f.Rank()), xiangqi.SquareOf(8-t.File(), t.Rank()))
}

func (b *Book) addLine(moves []xiangqi.Move, w int, mirror bool) error {
	p := xiangqi.NewPosition()
	for i, m := range moves {
		if mirror {
			m = Mirror(m)
		}
		if !p.IsLegal(m) {
			return fmt.Errorf("move %d (%s) is illegal in %s", i+1, m, p.FEN())
		}
		b.add(p.Key(), m, w)
		p.Make(m)
	}
	return nil
}

func (b *Book) add(key uint64, m xiangqi.Move, w int) {
	es := b.moves[key]
	for i := range es {
		if es[i].Move == m {
			es[i].Weight += w
			return
		}
	}
	b.moves[key] = append(es, Entry{m, w})
}

// Len is the number of positions in the book.
func (b *Book) Len() int { return len(b.moves) }

// Moves returns the book moves of p (nil if p is not in the book). The slice is shared: do
// not change it.
func (b *Book) Moves(p *xiangqi.Position) []Entry { return b.moves[p.Key()] }

// Keys calls fn for every position key in the book with its moves (for tests and tools).
func (b *Book) Keys(fn func(key uint64, es []Entry)) {
	for k, es := range b.moves {
		fn(k, es)
	}
}

// Pick returns a book move of p chosen at random by weight, among the moves that are legal
// and not banned, or false if there is none.
func (b *Book) Pick(p *xiangqi.Position, r *rand.Rand, ban []xiangqi.Move) (xiangqi.Move, bool) {
	total := 0
	var ok [16]bool
	es := b.Moves(p)
	for i, e := range es {
		if i < len(ok) && p.IsLegal(e.Move) && !contains(ban, e.Move) {
			ok[i] = true
			total += e.Weight
		}
	}
	if total == 0 {
		return xiangqi.NoMove, false
	}
	x := r.IntN(total)
	for i, e := range es {
		if i < len(ok) && ok[i] {
			if x < e.Weight {
				return e.Move, true
			}
			x -= e.Weight
		}
	}
	return xiangqi.NoMove, false
}

func contains(ms []xiangqi.Move, m xiangqi.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}
