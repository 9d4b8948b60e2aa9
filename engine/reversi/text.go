package reversi

import (
	"fmt"
	"strings"
)

// ParseMove reads one move: a coordinate "f5" (any case) or a pass ("pass", "PA", "PS", any case).
func ParseMove(s string) (Move, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "pass", "pa", "ps", "--":
		return Pass, nil
	}
	if len(t) == 2 && t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' && t[1] <= '8' {
		return Move(SquareOf(int(t[0]-'a'), int(t[1]-'1'))), nil
	}
	return NoMove, fmt.Errorf("reversi: bad move %q: want a coordinate a1..h8 or pass", s)
}

// String returns the board text: 64 cells a1..h8 (X black, O white, - empty), a space, and X
// or O for the side to move. ParseBoard reads it back.
func (p Position) String() string {
	var b [66]byte
	black, white := p.Black(), p.White()
	for i := 0; i < 64; i++ {
		switch bit := uint64(1) << uint(i); {
		case black&bit != 0:
			b[i] = 'X'
		case white&bit != 0:
			b[i] = 'O'
		default:
			b[i] = '-'
		}
	}
	b[64] = ' '
	b[65] = "XO"[p.Turn]
	return string(b[:])
}

// ParseBoard reads board text: 64 cells a1, b1 … h8 (X, B or * black; O or W white; - or .
// empty; any case; whitespace between cells ignored), then the side to move (X, B, *, black;
// O, W, white). Errors say what is wrong and where.
func ParseBoard(s string) (*Position, error) {
	var black, white uint64
	n := 0
	i := 0
	for ; i < len(s) && n < 64; i++ {
		c := s[i]
		bit := uint64(1) << uint(n)
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case 'X', 'x', 'B', 'b', '*':
			black |= bit
		case 'O', 'o', 'W', 'w', '0':
			white |= bit
		case '-', '.', '_':
		default:
			return nil, fmt.Errorf("reversi: board text: cell %d (%v) is %q; want X/B/* black, O/W white, -/. empty", n+1, Square(n), c)
		}
		n++
	}
	if n < 64 {
		return nil, fmt.Errorf("reversi: board text has %d cells, want 64 then the side to move", n)
	}
	side := strings.ToLower(strings.TrimSpace(s[i:]))
	var turn Color
	switch side {
	case "x", "b", "*", "black":
		turn = Black
	case "o", "w", "0", "white":
		turn = White
	case "":
		return nil, fmt.Errorf("reversi: board text: side to move missing after the 64 cells")
	default:
		return nil, fmt.Errorf("reversi: board text: side to move %q, want X (black) or O (white)", side)
	}
	return FromColors(black, white, turn)
}

// ParseTranscript reads a transcript such as "f5d6c3d3c4" played from start: coordinates in any
// case, with or without spaces or commas; passes written as PA/PS/pass or left out (a forced
// pass is inserted). The moves returned include every pass. Errors name the move number and
// the illegal or unreadable move.
func ParseTranscript(start *Position, s string) ([]Move, error) {
	p := *start
	var moves []Move
	i := 0
	n := 0
	for i < len(s) {
		c := s[i]
		if c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == '.' {
			i++
			continue
		}
		if c >= '0' && c <= '9' { // move numbers like "1." are skipped
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j < len(s) && s[j] == '.' {
				i = j + 1
				continue
			}
		}
		var tok string
		if i+4 <= len(s) && strings.EqualFold(s[i:i+4], "pass") {
			tok = s[i : i+4]
		} else if i+2 <= len(s) {
			tok = s[i : i+2]
		} else {
			tok = s[i:]
		}
		m, err := ParseMove(tok)
		if err != nil {
			return nil, fmt.Errorf("reversi: transcript at character %d: bad move %q", i+1, tok)
		}
		i += len(tok)
		n++
		if m != Pass && p.Status() == MustPass {
			moves = append(moves, Pass)
			p.Make(Pass)
		}
		if !p.IsLegal(m) {
			return nil, fmt.Errorf("reversi: transcript move %d %v is illegal for %v in %v", n, m, p.Turn, p.String())
		}
		p.Make(m)
		moves = append(moves, m)
	}
	return moves, nil
}

// Transcript writes moves as a compact transcript ("f5d6c3"), passes left out.
func Transcript(moves []Move) string {
	var b strings.Builder
	for _, m := range moves {
		if m != Pass {
			b.WriteString(m.String())
		}
	}
	return b.String()
}
