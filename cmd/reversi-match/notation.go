package main

import (
	"fmt"
	"strings"

	"qipan/engine/match/player"
	"qipan/engine/reversi"
)

// notation is how an engine writes Reversi moves: a player.Notation between qipan's moves
// (reversi.Move's String, "f5", "pass") and the engine's.
type notation int

const (
	qipanNotation notation = iota // transcript coordinates "f5", "pass"
	fsNotation                    // Fairy-Stockfish flipello: drops "P@f4" (rank = 9 - row), pass "a1a1"
)

var _ player.Notation = notation(0)

func parseNotation(s string) (notation, error) {
	switch s {
	case "qipan":
		return qipanNotation, nil
	case "fs", "fairy":
		return fsNotation, nil
	}
	return 0, fmt.Errorf("notation %q: want qipan or fs", s)
}

// ToEngine writes a move ("f5", "pass") in the engine's notation.
func (n notation) ToEngine(move string) string {
	m, err := reversi.ParseMove(move)
	if err != nil || n == qipanNotation {
		return move
	}
	return n.write(m)
}

// FromEngine reads a move in the engine's notation and returns it as qipan writes it.
func (n notation) FromEngine(word string) (string, error) {
	m, err := n.read(word)
	if err != nil {
		return "", err
	}
	return m.String(), nil
}

// write returns m in the engine's notation.
func (n notation) write(m reversi.Move) string {
	if n == qipanNotation {
		return m.String()
	}
	if m == reversi.Pass {
		return "a1a1" // Fairy-Stockfish's pass: a move from a square to itself
	}
	sq := m.Square()
	return fmt.Sprintf("P@%c%d", 'a'+sq.Col(), 8-sq.Row())
}

// read parses a move in the engine's notation.
func (n notation) read(s string) (reversi.Move, error) {
	if n == qipanNotation {
		return reversi.ParseMove(s)
	}
	switch {
	case s == "0000" || strings.EqualFold(s, "pass"):
		return reversi.Pass, nil
	case len(s) == 4 && s[:2] == s[2:]:
		return reversi.Pass, nil // a null move "a1a1"
	case len(s) == 4 && strings.HasPrefix(s, "P@"):
		c, r := s[2], s[3]
		if c < 'a' || c > 'h' || r < '1' || r > '8' {
			break
		}
		return reversi.MoveAt(reversi.SquareOf(int(c-'a'), int('8'-r))), nil
	}
	return reversi.NoMove, fmt.Errorf("move %q: want a drop like P@f4 or a pass like a1a1", s)
}

// fsFEN writes p as a Fairy-Stockfish flipello FEN: ranks 8..1 = rows 1..8, Black's discs P
// (Fairy-Stockfish's white, who moves first), White's p, and in hand what is left of each
// side's 60 after the discs it placed in moves.
func fsFEN(p reversi.Position, moves []reversi.Move) string {
	var b strings.Builder
	for row := 0; row < 8; row++ {
		if row > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for col := 0; col < 8; col++ {
			c, ok := p.At(reversi.SquareOf(col, row))
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte("Pp"[c])
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
	}
	var placed [2]int
	turn := reversi.Black
	for _, m := range moves {
		if m != reversi.Pass {
			placed[turn]++
		}
		turn = turn.Other()
	}
	b.WriteString("[" + strings.Repeat("P", 60-placed[reversi.Black]) + strings.Repeat("p", 60-placed[reversi.White]) + "] ")
	if p.Turn == reversi.Black {
		b.WriteString("w 0 1")
	} else {
		b.WriteString("b 0 1")
	}
	return b.String()
}
