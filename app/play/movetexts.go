package play

import (
	"strconv"
	"strings"

	"qipan/engine/xiangqi"
)

// The move list and the announcement of each move read the record written out in the chosen
// notation on every render. Writing all of a 10,000-ply record again each time took 5–13 ms
// natively (50,000 allocations), several times that in the browser, so the texts are kept and
// rewritten only when the record or the notation changes, and then only from the first move
// that differs (playing a move writes one text).

// textKey names what a record's texts were written for: the game (a game loaded is a new
// record), how many times its record was changed and its length, and the notation.
type textKey struct {
	owner    any
	edits    int
	plies    int
	notation Notation
}

// textCache keeps the texts of a record of moves of type M, and the record in coordinates
// for links.
type textCache[M comparable] struct {
	key   textKey
	valid bool
	moves []M       // the record the texts were written for
	texts []string  // texts[i] is moves[i] written out
	coord joined[M] // in coordinates, spaced: the engine's position line, the saved game
	query joined[M] // in coordinates joined by '+': the share link
}

// joined keeps a record written as one string, each move's end noted, so that the text of
// its first n moves is a prefix: the share link is written at every render, and writing
// 10,000 moves for it took 8 ms a render in the browser.
type joined[M comparable] struct {
	key   textKey
	valid bool
	moves []M
	text  string
	ends  []int // ends[i]: the length of the text of moves[:i+1]
}

// prefix returns the text of the first n moves of owner's record under k (n ≤ its length),
// writing it with write(b, mv) after sep between moves when the record changed: from the
// first move that differs. Unchanged, it allocates nothing.
func (j *joined[M]) prefix(k textKey, n int, moves func() []M, sep byte, write func(b *strings.Builder, mv M)) string {
	if !j.valid || k != j.key {
		rec := moves()
		from := 0
		if j.valid && k.owner == j.key.owner {
			for from < len(rec) && from < len(j.moves) && rec[from] == j.moves[from] {
				from++
			}
		}
		var b strings.Builder
		b.Grow(len(j.text) + 8*(len(rec)-from))
		ends := j.ends[:from:from]
		if from > 0 {
			b.WriteString(j.text[:ends[from-1]])
		}
		for i := from; i < len(rec); i++ {
			if i > 0 {
				b.WriteByte(sep)
			}
			write(&b, rec[i])
			ends = append(ends, b.Len())
		}
		j.key, j.valid, j.moves, j.text, j.ends = k, true, rec, b.String(), ends
	}
	if n <= 0 {
		return ""
	}
	return j.text[:j.ends[n-1]]
}

// lookup returns the texts written for k, if they are the ones kept. It allocates nothing.
// The slice is shared: read it, do not change it.
func (c *textCache[M]) lookup(k textKey) ([]string, bool) {
	if !c.valid || k != c.key {
		return nil, false
	}
	return c.texts[:len(c.texts):len(c.texts)], true
}

// update makes the kept texts those of moves under k and returns them. Texts of the moves
// that are the same as before, in the same notation and game, are kept; write fills texts[i]
// for every i from from on (the texts before from are already there). Texts handed out
// earlier never change: a record changed before its end is written into a new slice.
func (c *textCache[M]) update(k textKey, moves []M, write func(from int, moves []M, texts []string)) []string {
	from := 0
	if c.valid && k.owner == c.key.owner && k.notation == c.key.notation {
		for from < len(moves) && from < len(c.moves) && moves[from] == c.moves[from] {
			from++
		}
	}
	texts := c.texts[:from]
	if from < len(c.texts) || cap(texts) < len(moves) {
		texts = make([]string, from, len(moves)+len(moves)/4+16)
		copy(texts, c.texts[:from])
	}
	texts = texts[:len(moves)]
	write(from, moves, texts)
	c.key, c.valid, c.moves, c.texts = k, true, moves, texts
	return texts[:len(texts):len(texts)]
}

// coordMoves is the first n moves of the record in UCCI ("h2e2 h9g7"), kept between calls.
func (m *Xiangqi) coordMoves(n int) string { return m.joinedMoves(&m.texts.coord, n, ' ') }

// recordMoves is the whole record, kept with its coordinates: the same slice until the record
// changes (Game.Moves copies it). Read it, do not change it.
func (m *Xiangqi) recordMoves() []xiangqi.Move {
	m.coordMoves(0) // brings the kept record up to date
	return m.texts.coord.moves
}

// QueryMoves is the first n moves of the record in UCCI joined by '+', as the share link's
// moves= value (queryEscape would write the spaces so), kept between calls.
func (m *Xiangqi) QueryMoves(n int) string { return m.joinedMoves(&m.texts.query, n, '+') }

func (m *Xiangqi) joinedMoves(j *joined[xiangqi.Move], n int, sep byte) string {
	k := textKey{owner: m.game, edits: m.edits, plies: m.game.Len()}
	return j.prefix(k, n, m.game.Moves, sep, func(b *strings.Builder, mv xiangqi.Move) {
		writeUCCI(b, []xiangqi.Move{mv})
	})
}

// writeUCCI writes moves in UCCI ("h2e2 h9g7"), without a string per move: the engine's
// position line, the saved game and the share link write the whole record after each move.
func writeUCCI(b *strings.Builder, moves []xiangqi.Move) {
	b.Grow(5 * len(moves))
	for i, mv := range moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		from, to := mv.From(), mv.To()
		b.Write([]byte{byte('a' + from.File()), byte('0' + from.Rank()), byte('a' + to.File()), byte('0' + to.Rank())})
	}
}

// MoveRows groups a game's move texts into numbered full moves for a move list: each row is
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
