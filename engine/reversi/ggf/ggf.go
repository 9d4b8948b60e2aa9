// Package ggf reads and writes Othello games in GGF, the Generic Game Format of GGS and Edax:
//
//	(;GM[Othello]PC[place]DT[date]PB[black]PW[white]RE[+12.000]TI[15:00]TY[8]
//	  BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]
//	  B[f5]W[d6//0.12]B[c3/+2.50/1.01]W[PA];)
//
// BO holds the size, 64 cells (* black, O white, - empty) and the side to move; B[...] and
// W[...] hold moves as "coordinate/eval/time" with pass written PA. Other tags are kept in order
// and written back unchanged. Moves are replayed: an illegal move is an error naming it, and a
// pass left out (the same colour moving twice) is inserted when it was forced.
package ggf

import (
	"fmt"
	"strings"

	"qipan/engine/reversi"
)

// Tag is one property of a game, such as PB (black player) or RE (result).
type Tag struct{ Key, Value string }

// Game is one GGF game.
type Game struct {
	Tags  []Tag            // every property but BO, B and W, in file order
	Start reversi.Position // BO; the initial position if absent
	Moves []reversi.Move   // passes included
	Notes map[int]string   // "eval/time" text after a move, by index into Moves (kept on write)
}

// Tag returns the value of key ("" if absent).
func (g *Game) Tag(key string) string {
	for _, t := range g.Tags {
		if t.Key == key {
			return t.Value
		}
	}
	return ""
}

// SetTag sets key to value, replacing an existing one.
func (g *Game) SetTag(key, value string) {
	for i, t := range g.Tags {
		if t.Key == key {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{key, value})
}

// Parse reads the first game in s.
func Parse(s string) (*Game, error) {
	games, err := parse(s, 1)
	if err != nil {
		return nil, err
	}
	return games[0], nil
}

// ParseAll reads every game in s (at least one).
func ParseAll(s string) ([]*Game, error) { return parse(s, -1) }

func parse(s string, max int) ([]*Game, error) {
	var games []*Game
	i := 0
	for max < 0 || len(games) < max {
		j := strings.Index(s[i:], "(;")
		if j < 0 {
			break
		}
		g, next, err := parseGame(s, i+j+2)
		if err != nil {
			return nil, fmt.Errorf("ggf: game %d: %w", len(games)+1, err)
		}
		games = append(games, g)
		i = next
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("ggf: no game found (a game starts with \"(;\")")
	}
	return games, nil
}

// parseGame reads properties from s[i:] up to ";)" and returns the index after it.
func parseGame(s string, i int) (*Game, int, error) {
	g := &Game{Start: reversi.Start()}
	pos := g.Start
	started := false
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			return nil, 0, fmt.Errorf("unterminated game: missing \";)\"")
		}
		if strings.HasPrefix(s[i:], ";)") {
			return g, i + 2, nil
		}
		k := i
		for i < len(s) && s[i] >= 'A' && s[i] <= 'Z' {
			i++
		}
		key := s[k:i]
		if key == "" || i >= len(s) || s[i] != '[' {
			return nil, 0, fmt.Errorf("at byte %d: want a property KEY[value], found %q", k, snippet(s[k:]))
		}
		end := strings.IndexByte(s[i:], ']')
		if end < 0 {
			return nil, 0, fmt.Errorf("property %s at byte %d: missing \"]\"", key, k)
		}
		val := s[i+1 : i+end]
		i += end + 1
		switch key {
		case "BO":
			if started {
				return nil, 0, fmt.Errorf("BO after the first move")
			}
			p, err := parseBoard(val)
			if err != nil {
				return nil, 0, err
			}
			g.Start, pos = *p, *p
		case "B", "W":
			started = true
			colour := reversi.Black
			if key == "W" {
				colour = reversi.White
			}
			mtext, note, _ := strings.Cut(val, "/")
			m, err := reversi.ParseMove(mtext)
			if err != nil {
				return nil, 0, fmt.Errorf("move %d %s[%s]: %v", len(g.Moves)+1, key, val, err)
			}
			if colour != pos.Turn && pos.Status() == reversi.MustPass {
				g.Moves = append(g.Moves, reversi.Pass)
				pos.Make(reversi.Pass)
			}
			if colour != pos.Turn {
				return nil, 0, fmt.Errorf("move %d %s[%s]: it is %v's turn", len(g.Moves)+1, key, val, pos.Turn)
			}
			if err := pos.Play(m); err != nil {
				return nil, 0, fmt.Errorf("move %d %s[%s]: illegal in %v", len(g.Moves)+1, key, val, pos)
			}
			if note != "" {
				if g.Notes == nil {
					g.Notes = map[int]string{}
				}
				g.Notes[len(g.Moves)] = note
			}
			g.Moves = append(g.Moves, m)
		default:
			g.Tags = append(g.Tags, Tag{key, val})
		}
	}
}

func snippet(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

// parseBoard reads a BO value: "8", 64 cells, the side to move.
func parseBoard(v string) (*reversi.Position, error) {
	f := strings.Fields(v)
	if len(f) < 2 || f[0] != "8" {
		return nil, fmt.Errorf("BO[%s]: want size 8, 64 cells and the side to move", snippet(v))
	}
	p, err := reversi.ParseBoard(strings.Join(f[1:], ""))
	if err != nil {
		return nil, fmt.Errorf("BO[%s]: %v", snippet(v), err)
	}
	return p, nil
}

// String writes the game in GGF.
func (g *Game) String() string {
	var b strings.Builder
	b.WriteString("(;")
	hasGM := false
	for _, t := range g.Tags {
		hasGM = hasGM || t.Key == "GM"
	}
	if !hasGM {
		b.WriteString("GM[Othello]")
	}
	for _, t := range g.Tags {
		fmt.Fprintf(&b, "%s[%s]", t.Key, t.Value)
	}
	b.WriteString("BO[8 ")
	black, white := g.Start.Black(), g.Start.White()
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			bit := uint64(1) << uint(r*8+c)
			switch {
			case black&bit != 0:
				b.WriteByte('*')
			case white&bit != 0:
				b.WriteByte('O')
			default:
				b.WriteByte('-')
			}
		}
		b.WriteByte(' ')
	}
	b.WriteString("*O"[g.Start.Turn : g.Start.Turn+1])
	b.WriteString("]")
	turn := g.Start.Turn
	for i, m := range g.Moves {
		key := "B"
		if turn == reversi.White {
			key = "W"
		}
		mt := strings.ToUpper(m.String())
		if m == reversi.Pass {
			mt = "PA"
		}
		if n, ok := g.Notes[i]; ok {
			mt += "/" + n
		}
		fmt.Fprintf(&b, "%s[%s]", key, mt)
		turn = turn.Other()
	}
	b.WriteString(";)")
	return b.String()
}

// Final returns the position after all moves.
func (g *Game) Final() reversi.Position {
	p := g.Start
	for _, m := range g.Moves {
		p.Make(m)
	}
	return p
}
