// Package book is Reversi's opening book: positions of the first plies, each with its legal
// moves valued by the engine's own deep searches (cmd/reversi-book builds it, Edax- and
// Egaroucid-style: a tree grown from the initial position by best-first expansion within a
// window of discs, every position's moves scored by a search of engine/reversi/search, the
// values backed up by negamax through the tree).
//
// Conventions:
//   - A position is found by Key: a 64-bit hash of its canonical form under the board's 8
//     symmetries (Canonical), side-relative as package reversi stores it (P = the side to
//     move), so the colour to move does not enter. Moves are stored in the canonical
//     position's frame and turned back by Lookup.
//   - Values are discs for the side to move (the final disc difference it can expect): a
//     move's Value is negamax through the book (the best of the reply position's moves,
//     negated, when that position is in the book; else its Score); a move's Score is what the
//     search gave it.
//
// The file (little-endian):
//
//	magic "QRVB", version (1 byte), depth (1: the searches' depth), window (1: discs),
//	plies (1: the deepest ply expanded), count (uint32: the positions), then count entries
//	in increasing key order: key (uint64), n (1: the moves), n × (square 0..63 in the
//	canonical frame, value int8, score int8), best value first; then the CRC-32 (IEEE) of
//	all that precedes it (uint32).
//
// Files:
//   - book.go: the format, Read and Write, Lookup, Pick
//   - symmetry.go: the 8 symmetries, Canonical, Key
//   - embed.go: Default, the book shipped with the engine (book.bin)
//   - BOOK.md: how book.bin was built (the command, its flags and seed), what it holds, its
//     size in the browser build, and the A/B of the engine with it against without it
package book

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"

	"qipan/engine/reversi"
)

// Version is the file format's version.
const Version = 1

const (
	magic      = "QRVB"
	headerSize = 12
	// MaxMoves bounds an entry's moves (no Reversi position has more legal moves).
	MaxMoves = 40
)

// Header describes how a book was built.
type Header struct {
	Depth  int // the depth of the searches that scored the moves
	Window int // the expansion window, in discs
	Plies  int // the deepest ply expanded
}

// Move is one move of a book position.
type Move struct {
	Move  reversi.Move
	Value int // negamax through the book, discs for the side to move
	Score int // the search's score, discs for the side to move
}

// Entry is a book position's moves, best value first.
type Entry struct {
	N     int
	Moves [MaxMoves]Move
}

// Best returns the move of the best value.
func (e *Entry) Best() Move { return e.Moves[0] }

// Record is one position as the builder writes it: its key and its moves in the canonical
// frame (Move is the square), best value first.
type Record struct {
	Key   uint64
	Moves []Move
}

// Book is a read book: the positions' keys in order and where each one's moves are.
type Book struct {
	Header
	keys []uint64
	off  []uint32 // offset in data of each position's move count
	data []byte
}

// ErrFormat is wrapped by every error of Read about the file's contents.
var ErrFormat = errors.New("not a valid reversi book")

func formatErr(f string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrFormat, fmt.Sprintf(f, a...))
}

// Read parses a book, checking its version, its checksum and every entry; it keeps data.
func Read(data []byte) (*Book, error) {
	if len(data) < headerSize+4 {
		return nil, formatErr("%d bytes, too short", len(data))
	}
	if string(data[:4]) != magic {
		return nil, formatErr("bad magic %q", data[:4])
	}
	if v := data[4]; v != Version {
		return nil, formatErr("version %d, want %d", v, Version)
	}
	body := data[:len(data)-4]
	if got, want := crc32.ChecksumIEEE(body), binary.LittleEndian.Uint32(data[len(data)-4:]); got != want {
		return nil, formatErr("checksum %08x, want %08x (damaged file)", got, want)
	}
	b := &Book{Header: Header{Depth: int(data[5]), Window: int(data[6]), Plies: int(data[7])}, data: body}
	n := binary.LittleEndian.Uint32(data[8:12])
	if uint64(n)*9 > uint64(len(body)) {
		return nil, formatErr("%d positions cannot fit in %d bytes", n, len(body))
	}
	b.keys, b.off = make([]uint64, n), make([]uint32, n)
	at := headerSize
	for i := range int(n) {
		if at+9 > len(body) {
			return nil, formatErr("position %d: truncated", i)
		}
		k := binary.LittleEndian.Uint64(body[at:])
		if i > 0 && k <= b.keys[i-1] {
			return nil, formatErr("position %d: keys out of order", i)
		}
		m := int(body[at+8])
		if m == 0 || m > MaxMoves {
			return nil, formatErr("position %d: %d moves", i, m)
		}
		b.keys[i], b.off[i] = k, uint32(at+8)
		at += 9
		if at+3*m > len(body) {
			return nil, formatErr("position %d: truncated", i)
		}
		var seen uint64
		for j := range m {
			sq, v, s := body[at], int8(body[at+1]), int8(body[at+2])
			if sq >= 64 || seen&(1<<sq) != 0 || v < -64 || v > 64 || s < -64 || s > 64 {
				return nil, formatErr("position %d: move %d (square %d, value %d, score %d)", i, j, sq, v, s)
			}
			if j > 0 && v > int8(body[at-2]) {
				return nil, formatErr("position %d: moves out of order", i)
			}
			seen |= 1 << sq
			at += 3
		}
	}
	if at != len(body) {
		return nil, formatErr("%d bytes after the last position", len(body)-at)
	}
	return b, nil
}

// Write writes a book of records (in any order; their keys must differ).
func Write(w io.Writer, h Header, recs []Record) error {
	recs = slices.Clone(recs)
	slices.SortFunc(recs, func(a, b Record) int {
		switch {
		case a.Key < b.Key:
			return -1
		case a.Key > b.Key:
			return 1
		}
		return 0
	})
	buf := make([]byte, headerSize, headerSize+len(recs)*40)
	copy(buf, magic)
	buf[4], buf[5], buf[6], buf[7] = Version, clampByte(h.Depth), clampByte(h.Window), clampByte(h.Plies)
	binary.LittleEndian.PutUint32(buf[8:], uint32(len(recs)))
	for i, r := range recs {
		if i > 0 && r.Key == recs[i-1].Key {
			return fmt.Errorf("book: two positions of key %016x", r.Key)
		}
		if len(r.Moves) == 0 || len(r.Moves) > MaxMoves {
			return fmt.Errorf("book: position %016x has %d moves", r.Key, len(r.Moves))
		}
		buf = binary.LittleEndian.AppendUint64(buf, r.Key)
		buf = append(buf, byte(len(r.Moves)))
		ms := slices.Clone(r.Moves)
		slices.SortStableFunc(ms, func(a, b Move) int { return b.Value - a.Value })
		for _, m := range ms {
			if m.Move < 0 || m.Move >= 64 {
				return fmt.Errorf("book: position %016x: move %d is not a square", r.Key, m.Move)
			}
			buf = append(buf, byte(m.Move), byte(int8(clampDiscs(m.Value))), byte(int8(clampDiscs(m.Score))))
		}
	}
	buf = binary.LittleEndian.AppendUint32(buf, crc32.ChecksumIEEE(buf))
	_, err := w.Write(buf)
	return err
}

func clampByte(v int) byte { return byte(min(max(v, 0), 255)) }

func clampDiscs(v int) int { return min(max(v, -64), 64) }

// Len returns the number of positions.
func (b *Book) Len() int { return len(b.keys) }

// find returns the offset of the entry of key, or -1.
func (b *Book) find(key uint64) int {
	if b == nil {
		return -1
	}
	i, ok := slices.BinarySearch(b.keys, key)
	if !ok {
		return -1
	}
	return int(b.off[i])
}

// Lookup returns p's moves, turned to p's frame, best value first; ok is false if p is not in
// the book (or, against a hash collision, a move it lists is not legal in p). It allocates
// nothing.
func (b *Book) Lookup(p *reversi.Position) (e Entry, ok bool) {
	cp, co, s := Canonical(p.P, p.O)
	at := b.find(hash(cp, co))
	if at < 0 {
		return e, false
	}
	legal := p.Moves()
	e.N = int(b.data[at])
	for j := range e.N {
		d := b.data[at+1+3*j:]
		sq := invSquare[s][d[0]]
		if legal&(1<<sq) == 0 {
			return Entry{}, false
		}
		e.Moves[j] = Move{Move: reversi.Move(sq), Value: int(int8(d[1])), Score: int(int8(d[2]))}
	}
	return e, true
}

// Records returns the book's positions as Write takes them (moves in the canonical frame):
// the builder resumes from them.
func (b *Book) Records() []Record {
	out := make([]Record, len(b.keys))
	for i, k := range b.keys {
		at := int(b.off[i])
		ms := make([]Move, b.data[at])
		for j := range ms {
			d := b.data[at+1+3*j:]
			ms[j] = Move{Move: reversi.Move(d[0]), Value: int(int8(d[1])), Score: int(int8(d[2]))}
		}
		out[i] = Record{Key: k, Moves: ms}
	}
	return out
}

// Pick chooses among the moves within `within` discs of the best value, deterministically from
// seed and the position (the same seed plays the same move in the same position, another seed
// may not); better moves are likelier. within 0 is the best move (the first of equal best).
func (e *Entry) Pick(p *reversi.Position, within int, seed uint64) reversi.Move {
	best := e.Moves[0].Value
	total := 0
	for _, m := range e.Moves[:e.N] {
		if best-m.Value > within {
			break
		}
		total += within + 1 - (best - m.Value)
	}
	if within <= 0 || total <= 1 {
		return e.Moves[0].Move
	}
	r := int(mix(seed^Key(p.P, p.O)) % uint64(total))
	for _, m := range e.Moves[:e.N] {
		r -= within + 1 - (best - m.Value)
		if r < 0 {
			return m.Move
		}
	}
	return e.Moves[0].Move
}
