package xiangqi

import (
	"fmt"
	"strconv"
	"strings"
)

// maxCount is how many of each kind a side may have.
var maxCount = [NumKinds]int{General: 1, Advisor: 2, Elephant: 2, Horse: 2, Chariot: 2, Cannon: 2, Soldier: 5}

// FENError describes what is wrong with a FEN.
type FENError struct {
	FEN string
	Msg string
}

func (e *FENError) Error() string { return fmt.Sprintf("bad FEN %q: %s", e.FEN, e.Msg) }

// ParseFEN reads a FEN: board, then optionally the side to move (w or r = Red, b = Black),
// two '-' fields, the halfmove clock and the move number. Missing trailing fields take
// their start values. Letters K A B N R C P (lower case for Black); H and E are accepted
// for horse and elephant, as some programs write them.
//
// It rejects, with an error naming the problem: a wrong number of ranks or of files in a
// rank, an unknown character, a side other than red or black having no general or more
// than one, more pieces of a kind than a side has (2 advisors, 2 elephants, 2 horses,
// 2 chariots, 2 cannons, 5 soldiers), a piece on a point it can never reach (a general or
// advisor outside its palace points, an elephant off its seven points, a soldier behind its
// starting rank or off its starting files before the river), and a position where the side
// that just moved is in check (including generals facing on an open file).
func ParseFEN(fen string) (*Position, error) {
	bad := func(format string, args ...any) (*Position, error) {
		return nil, &FENError{FEN: fen, Msg: fmt.Sprintf(format, args...)}
	}
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return bad("empty")
	}
	if len(fields) > 6 {
		return bad("%d fields, want at most 6 (board, side, -, -, halfmove clock, move number)", len(fields))
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != 10 {
		return bad("%d ranks, want 10 separated by '/'", len(rows))
	}
	p := &Position{general: [2]Square{NoSquare, NoSquare}, fullmove: 1}
	for i, row := range rows {
		rank := 9 - i
		file := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			if ch >= '1' && ch <= '9' {
				file += int(ch - '0')
				continue
			}
			pc := pieceFromFEN(ch)
			if pc == NoPiece {
				if ch >= 0x80 || ch < 0x20 {
					return bad("rank %d (%q): unexpected byte 0x%02x", rank, row, ch)
				}
				return bad("rank %d (%q): unknown piece %q (want one of KABNRCP, lower case for black, or a digit 1-9)", rank, row, ch)
			}
			if file >= 9 {
				return bad("rank %d (%q): more than 9 files", rank, row)
			}
			s := SquareOf(file, rank)
			if !legalSquare(pc, s) {
				return bad("%s %s (%c) on %s: %s", pc.Color(), pc.Kind(), pc.FEN(), s, whereAllowed(pc.Kind()))
			}
			if p.count[pc] >= int8(maxCount[pc.Kind()]) {
				if pc.Kind() == General {
					return bad("more than one %s general (%c)", pc.Color(), pc.FEN())
				}
				return bad("more than %d %s %ss (%c)", maxCount[pc.Kind()], pc.Color(), pc.Kind(), pc.FEN())
			}
			p.put(pc, s)
			file++
		}
		if file != 9 {
			return bad("rank %d (%q) has %d files, want 9", rank, row, file)
		}
	}
	for c := Red; c <= Black; c++ {
		if p.general[c] == NoSquare {
			return bad("no %s general (%c)", c, MakePiece(c, General).FEN())
		}
	}
	if len(fields) > 1 {
		switch fields[1] {
		case "w", "r":
			p.turn = Red
		case "b":
			p.turn = Black
		default:
			return bad("side to move %q, want w (or r) for red or b for black", fields[1])
		}
	}
	for i := 2; i < 4 && i < len(fields); i++ {
		if fields[i] != "-" {
			return bad("field %d is %q, want '-' (xiangqi has no castling or en passant)", i+1, fields[i])
		}
	}
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > 10000 {
			return bad("halfmove clock %q, want a number 0..10000", fields[4])
		}
		p.halfmove = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 0 || n > 100000 {
			return bad("move number %q, want a number 1..100000", fields[5])
		}
		p.fullmove = max(n, 1) // some programs write 0
	}
	p.key = p.computeKey()
	them := p.turn.Other()
	if gr, gb := p.general[Red], p.general[Black]; gr.File() == gb.File() && p.openBetween(gr, gb) {
		return bad("the generals face each other on file %c with nothing between", 'a'+gr.File())
	}
	if p.attacked(p.general[them], p.turn) {
		return bad("%s is in check but it is %s's move", them, p.turn)
	}
	p.check = p.computeCheck()
	return p, nil
}

// openBetween reports whether no piece stands strictly between a and b on one file.
func (p *Position) openBetween(a, b Square) bool {
	if a > b {
		a, b = b, a
	}
	for s := a + 9; s < b; s += 9 {
		if p.board[s] != NoPiece {
			return false
		}
	}
	return true
}

func whereAllowed(k Kind) string {
	switch k {
	case General:
		return "a general must stay in its palace (files d-f, its own 3 back ranks)"
	case Advisor:
		return "an advisor can only stand on the 5 diagonal points of its palace"
	case Elephant:
		return "an elephant can only stand on its 7 points on its own side of the river"
	case Soldier:
		return "a soldier can never be behind its starting rank, nor off files a/c/e/g/i before crossing the river"
	}
	return "impossible square"
}

func pieceFromFEN(ch byte) Piece {
	c := Red
	if ch >= 'a' && ch <= 'z' {
		c, ch = Black, ch-('a'-'A')
	}
	switch ch {
	case 'K':
		return MakePiece(c, General)
	case 'A':
		return MakePiece(c, Advisor)
	case 'B', 'E':
		return MakePiece(c, Elephant)
	case 'N', 'H':
		return MakePiece(c, Horse)
	case 'R':
		return MakePiece(c, Chariot)
	case 'C':
		return MakePiece(c, Cannon)
	case 'P':
		return MakePiece(c, Soldier)
	}
	return NoPiece
}

// BoardFEN returns the board field of the FEN alone.
func (p *Position) BoardFEN() string { return BoardFEN(&p.board) }

// BoardFEN returns the board field of a FEN for the pieces on b (indexed by Square), for
// readers that place pieces themselves before ParseFEN checks the position.
func BoardFEN(b *[NumSquares]Piece) string {
	var sb strings.Builder
	for rank := 9; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 9; file++ {
			pc := b[SquareOf(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(pc.FEN())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

// FEN returns the full FEN, side written as w or b.
func (p *Position) FEN() string {
	side := "w"
	if p.turn == Black {
		side = "b"
	}
	return fmt.Sprintf("%s %s - - %d %d", p.BoardFEN(), side, p.halfmove, p.fullmove)
}

func (p *Position) String() string { return p.FEN() }
