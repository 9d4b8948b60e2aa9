package record

import (
	"fmt"
	"strings"

	"qipan/engine/xiangqi"
)

// XQF is the binary format of 象棋演播室 (XQStudio) and the collections made with it.
//   - Header, 1024 bytes: "XQ", the version at 2; from version 11 on, keys at 3 and 8-15
//     (mask, four "or" bytes, sum, and the keys of the pieces, the move origins and the
//     move destinations). The 32 pieces at 16-47 in the slots R N B A K A B N R C C P P P P P
//     of Red then Black, each a byte X*10+Y (X the file from Red's left, Y the rank from
//     Red's side; 90 or more: not on the board). The side to move at 0x32 (1 = Black), the
//     result at 0x33 (1 Red wins, 2 Black wins, 3 draw), then Pascal strings (a length
//     byte, then text in GBK): title 0x50, event 0xD0, date 0x110, site 0x120, red 0x130,
//     black 0x140, annotator 0x1D0, author 0x1E0.
//   - From 1024, the moves in preorder (a move, the line after it, then the moves played
//     instead of it): from+24, to+32, a tag byte and a reserved byte, then a comment length
//     (int32, little-endian) and the comment. The first record is no move; its comment is
//     the game's. Before version 11 the length always follows; tag&0xF0 says a move
//     follows, tag&0x0F that an alternative does. From version 11 on, 0x80 says a move
//     follows, 0x40 an alternative, 0x20 a comment length.
//   - Version 11 and later are encrypted: the pieces are offset by a key (and from
//     version 12 rotated), the move squares and the comment lengths too, and every byte
//     from 1024 on less a 32-byte key stream made from the header's keys and the
//     string "[(C) Copyright Mr. Dong Shiwei.]".

// XQFError is what ParseXQF reports for a file it cannot read: the offset of the bad byte.
type XQFError struct {
	Offset int
	Msg    string
}

func (e *XQFError) Error() string {
	return fmt.Sprintf("XQF: offset %d (0x%X): %s", e.Offset, e.Offset, e.Msg)
}

// xqfHeaderSize is where the moves begin.
const xqfHeaderSize = 1024

// ParseXQF reads an XQF file: its tags (Title Event Date Site Red Black Annotator Author),
// start position, moves with their comments and alternatives, and result. text decodes
// the file's strings (GBK in every XQF file seen); nil keeps valid UTF-8 and replaces
// what is not. A broken or truncated file is an *XQFError naming the offset; moves past a
// bad alternative are kept when the main line reads (Warnings say what was dropped).
func ParseXQF(data []byte, text func([]byte) string) (*Game, []Warning, error) {
	if text == nil {
		text = func(b []byte) string { return strings.ToValidUTF8(string(b), "\uFFFD") }
	}
	x := &xqfReader{data: data}
	if len(data) < 4 || data[0] != 'X' || data[1] != 'Q' {
		return nil, nil, &XQFError{0, "not an XQF file (it does not begin with \"XQ\")"}
	}
	if len(data) < xqfHeaderSize {
		return nil, nil, &XQFError{len(data), fmt.Sprintf("the header ends early: %d bytes, want %d", len(data), xqfHeaderSize)}
	}
	x.version = int(data[2])
	x.keys()
	start, err := x.position()
	if err != nil {
		return nil, nil, err
	}
	g := &Game{Result: Unknown}
	for _, f := range []struct {
		name string
		at   int
	}{{"Title", 0x50}, {"Event", 0xD0}, {"Date", 0x110}, {"Site", 0x120}, {"Red", 0x130}, {"Black", 0x140}, {"Annotator", 0x1D0}, {"Author", 0x1E0}} {
		n := int(data[f.at])
		if n == 0 {
			continue
		}
		if f.at+1+n > xqfHeaderSize {
			return nil, nil, &XQFError{f.at, fmt.Sprintf("%s: %d bytes do not fit the header", f.name, n)}
		}
		if v := strings.TrimSpace(strings.TrimRight(text(data[f.at+1:f.at+1+n]), "\x00")); v != "" {
			g.SetTag(f.name, v)
		}
	}
	switch data[0x33] {
	case 1:
		g.Result = RedWins
	case 2:
		g.Result = BlackWins
	case 3:
		g.Result = Draw
	}
	nodes, err := x.nodes(text)
	if err != nil {
		return nil, nil, err
	}
	// Who moves first: the owner of the first move's piece, else the header's byte.
	turn := xiangqi.Red
	if data[0x32] == 1 {
		turn = xiangqi.Black
	}
	if c := nodes[0].child; c > 0 {
		if pc := start[nodes[c].from]; pc != xiangqi.NoPiece {
			turn = pc.Color()
		}
	}
	pos, err := xiangqi.ParseFEN(xiangqi.BoardFEN(&start) + " " + sideLetter(turn))
	if err != nil {
		return nil, nil, &XQFError{16, fmt.Sprintf("the pieces: %v", err)}
	}
	g.Start = pos
	g.Comment = nodes[0].comment
	b := xqfBuild{nodes: nodes}
	if c := nodes[0].child; c > 0 {
		if g.Moves, err = b.line(c, pos, 0); err != nil {
			return nil, nil, err
		}
	}
	return g, b.warns, nil
}

type xqfReader struct {
	data    []byte
	version int
	// keys from version 11 on
	keyXY, keyXYf, keyXYt int
	keyRMK                int
	stream                [32]byte
}

// keys derives the keys of an encrypted file (version 11 and later).
func (x *xqfReader) keys() {
	if x.version <= 10 {
		return
	}
	h := x.data
	sq := func(k byte) int { return (int(k)*int(k)*54 + 221) & 0xFF }
	x.keyXY = sq(h[13]) * int(h[13]) & 0xFF
	x.keyXYf = sq(h[14]) * x.keyXY & 0xFF
	x.keyXYt = sq(h[15]) * x.keyXYf & 0xFF
	x.keyRMK = (int(h[12])*256+int(h[13]))%32000 + 767
	const mask = "[(C) Copyright Mr. Dong Shiwei.]"
	for i := range x.stream {
		key := h[8+i%4] | h[12+i%4]&h[3]
		x.stream[i] = mask[i] & key
	}
}

// position places the header's pieces.
func (x *xqfReader) position() ([xiangqi.NumSquares]xiangqi.Piece, error) {
	var board [xiangqi.NumSquares]xiangqi.Piece
	var xy [32]byte
	for i := 0; i < 32; i++ {
		b := x.data[16+i]
		switch {
		case x.version >= 12:
			xy[(x.keyXY+1+i)%32] = b - byte(x.keyXY)
		default:
			xy[i] = b - byte(x.keyXY)
		}
	}
	for i, v := range xy {
		if v >= 90 {
			continue
		}
		c := xiangqi.Red
		if i >= 16 {
			c = xiangqi.Black
		}
		pc := xiangqi.MakePiece(c, slotKinds[i%16])
		s := xiangqi.SquareOf(int(v)/10, int(v)%10)
		if board[s] != xiangqi.NoPiece {
			return board, &XQFError{16 + i, fmt.Sprintf("piece %d (%c) on %s, which already holds %c", i+1, pc.FEN(), s, board[s].FEN())}
		}
		board[s] = pc
	}
	return board, nil
}

// xqfNode is one record of the move tree.
type xqfNode struct {
	from, to       xiangqi.Square
	at             int // offset of the record
	comment        string
	child, sibling int // indexes in the node list, 0 if none
}

// read returns n bytes at off, decrypted; an error if the file ends first.
func (x *xqfReader) read(off, n int, what string) ([]byte, error) {
	if off+n > len(x.data) || off+n < off {
		return nil, &XQFError{len(x.data), fmt.Sprintf("the file ends inside %s (it needs %d bytes from offset %d)", what, n, off)}
	}
	b := append([]byte(nil), x.data[off:off+n]...)
	if x.version > 10 {
		for i := range b {
			b[i] -= x.stream[(off+i)%32]
		}
	}
	return b, nil
}

// nodes reads the move records in preorder, linking each to its next move (child) and to
// the move played instead of it (sibling). It loops, never recursing, whatever the file.
func (x *xqfReader) nodes(text func([]byte) string) ([]xqfNode, error) {
	var nodes []xqfNode
	var awaiting []int // nodes whose alternative comes once their line is read
	off := xqfHeaderSize
	linkChild := false // the next node is the last one's child
	for {
		at := off
		rec, err := x.read(off, 4, "a move")
		if err != nil {
			return nil, err
		}
		off += 4
		tag := rec[2]
		hasComment := x.version <= 10 || tag&0x20 != 0
		hasChild, hasSibling := tag&0x80 != 0, tag&0x40 != 0
		if x.version <= 10 {
			hasChild, hasSibling = tag&0xF0 != 0, tag&0x0F != 0
		}
		n := xqfNode{at: at}
		if len(nodes) > 0 {
			f, t := int(rec[0]-24-byte(x.keyXYf)), int(rec[1]-32-byte(x.keyXYt))
			if f >= 90 || t >= 90 {
				return nil, &XQFError{at, fmt.Sprintf("move %d: squares %d and %d: want X*10+Y below 90", len(nodes), f, t)}
			}
			n.from, n.to = xiangqi.SquareOf(f/10, f%10), xiangqi.SquareOf(t/10, t%10)
		}
		if hasComment {
			lb, err := x.read(off, 4, "a comment's length")
			if err != nil {
				return nil, err
			}
			// int32, little-endian (read by hand: encoding/binary would weigh on app.wasm)
			size := int64(int32(uint32(lb[0])|uint32(lb[1])<<8|uint32(lb[2])<<16|uint32(lb[3])<<24)) - int64(x.keyRMK)
			if size < 0 || size > int64(len(x.data)-off-4) {
				return nil, &XQFError{off, fmt.Sprintf("comment length %d: want 0 to the %d bytes left", size, len(x.data)-off-4)}
			}
			off += 4
			cb, _ := x.read(off, int(size), "a comment")
			off += int(size)
			n.comment = cleanComment(strings.TrimRight(text(cb), "\x00"))
		}
		i := len(nodes)
		nodes = append(nodes, n)
		if i > 0 {
			if linkChild {
				nodes[i-1].child = i
			} else {
				nodes[awaiting[len(awaiting)-1]].sibling = i
				awaiting = awaiting[:len(awaiting)-1]
			}
		}
		if hasSibling {
			if i == 0 {
				return nil, &XQFError{at, "the first record (before any move) has an alternative"}
			}
			awaiting = append(awaiting, i)
		}
		linkChild = hasChild
		if !hasChild && len(awaiting) == 0 {
			return nodes, nil
		}
	}
}

// xqfBuild turns the node list into moves and variations.
type xqfBuild struct {
	nodes []xqfNode
	warns []Warning
	fatal error // nesting too deep: ends the read
}

// line reads the line starting at node i from pos: along the child links, each move's
// alternatives (its sibling chain) becoming its variations. The main line's illegal move
// is an error; a variation's is skipped with a warning. Recursion is only as deep as the
// variations nest, which MaxDepth bounds.
func (b *xqfBuild) line(i int, pos *xiangqi.Position, depth int) ([]Move, error) {
	p := *pos
	var ms []Move
	for ; i > 0; i = b.nodes[i].child {
		n := &b.nodes[i]
		m := xiangqi.NewMove(n.from, n.to)
		if !p.IsLegal(m) {
			return nil, &XQFError{n.at, fmt.Sprintf("move %d (%s) is not legal in %s", len(ms)+1, m.ICCS(), p.FEN())}
		}
		mv := Move{Move: m, Comment: n.comment}
		for s := n.sibling; s > 0; s = b.nodes[s].sibling {
			if depth+1 > MaxDepth {
				b.fatal = &XQFError{b.nodes[s].at, fmt.Sprintf("variations nest deeper than %d", MaxDepth)}
				return nil, b.fatal
			}
			// The alternative's own alternatives are this move's too: they come along
			// the sibling chain, so read the alternative's line without them.
			vm, err := b.alt(s, &p, depth+1)
			if err != nil {
				if err == b.fatal {
					return nil, err
				}
				b.warns = append(b.warns, Warning{Game: 1, Msg: "variation skipped: " + err.Error()})
				continue
			}
			mv.Variations = append(mv.Variations, Variation{Moves: vm})
		}
		ms = append(ms, mv)
		p.Make(m)
	}
	return ms, nil
}

// alt reads the line of alternative s: its move, then its child line.
func (b *xqfBuild) alt(s int, pos *xiangqi.Position, depth int) ([]Move, error) {
	n := b.nodes[s]
	m := xiangqi.NewMove(n.from, n.to)
	if !pos.IsLegal(m) {
		return nil, &XQFError{n.at, fmt.Sprintf("alternative move (%s) is not legal in %s", m.ICCS(), pos.FEN())}
	}
	p := *pos
	p.Make(m)
	rest, err := b.line(n.child, &p, depth)
	if err != nil {
		return nil, err
	}
	return append([]Move{{Move: m, Comment: n.comment}}, rest...), nil
}
