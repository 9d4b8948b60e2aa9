// Package pgn writes and reads xiangqi games as PGN with ICCS moves ([Format "ICCS"],
// moves like H2-E2), the form most xiangqi programs exchange.
//
// What is written: the tags in the order given (Event, Site, Date, Round, Red, Black, Result,
// then FEN when the game does not start from the initial position, then Format), a blank
// line, numbered moves wrapped at 80 columns, an optional comment in braces before the
// result, and the result (1-0 Red won, 0-1 Black won, 1/2-1/2, *).
//
// What is read: the same, plus move numbers in any form, ; comments and brace comments
// anywhere (only the last brace comment is kept). Reading replays every move with
// engine/xiangqi, so a game that parses is a legal game.
package pgn

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"qipan/engine/xiangqi"
)

// Tag is one [Name "Value"] pair.
type Tag struct{ Name, Value string }

// Game is one game record.
type Game struct {
	Tags    []Tag
	Moves   []xiangqi.Move
	Comment string // after the last move
}

// Get returns the value of the named tag ("" if absent).
func (g *Game) Get(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// Start is the position the game starts from (its FEN tag, or the initial position).
func (g *Game) Start() (*xiangqi.Position, error) {
	if fen := g.Get("FEN"); fen != "" {
		return xiangqi.ParseFEN(fen)
	}
	return xiangqi.NewPosition(), nil
}

// Write writes g. The movetext's result is the Result tag ("*" if absent).
func Write(w io.Writer, g *Game) error {
	start, err := g.Start()
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	for _, t := range g.Tags {
		fmt.Fprintf(bw, "[%s \"%s\"]\n", t.Name, escape(t.Value))
	}
	bw.WriteString("\n")
	result := g.Get("Result")
	if result == "" {
		result = "*"
	}
	var tokens []string
	ply := 0
	if start.Turn() == xiangqi.Black {
		ply = 1
	}
	for i, m := range g.Moves {
		n := (ply + i) / 2
		switch {
		case (ply+i)%2 == 0:
			tokens = append(tokens, strconv.Itoa(n+1)+".")
		case i == 0:
			tokens = append(tokens, strconv.Itoa(n+1)+"...")
		}
		tokens = append(tokens, m.ICCS())
	}
	if g.Comment != "" {
		tokens = append(tokens, "{"+strings.NewReplacer("{", "(", "}", ")").Replace(g.Comment)+"}")
	}
	tokens = append(tokens, result)
	col := 0
	for _, tok := range tokens {
		if col > 0 && col+1+len(tok) > 80 {
			bw.WriteString("\n")
			col = 0
		}
		if col > 0 {
			bw.WriteString(" ")
			col++
		}
		bw.WriteString(tok)
		col += len(tok)
	}
	bw.WriteString("\n\n")
	return bw.Flush()
}

func escape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ").Replace(s)
}

// Parse reads every game in r and replays it. Errors name the game (1-based) and the move.
func Parse(r io.Reader) ([]*Game, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var games []*Game
	var cur *Game
	inMoves := false
	var pos *xiangqi.Position
	finish := func() {
		if cur != nil {
			games = append(games, cur)
		}
		cur, inMoves, pos = nil, false, nil
	}
	fail := func(format string, args ...any) ([]*Game, error) {
		return nil, fmt.Errorf("pgn game %d: %s", len(games)+1, fmt.Sprintf(format, args...))
	}
	s := string(data)
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '[':
			if inMoves {
				finish()
			}
			if cur == nil {
				cur = &Game{}
			}
			end := strings.IndexByte(s[i:], '\n')
			if end < 0 {
				end = len(s) - i
			}
			tag, err := parseTag(strings.TrimSpace(s[i : i+end]))
			if err != nil {
				return fail("%v", err)
			}
			cur.Tags = append(cur.Tags, tag)
			i += end
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return fail("comment without a closing brace")
			}
			if cur == nil {
				cur = &Game{}
			}
			cur.Comment = strings.TrimSpace(s[i+1 : i+end])
			i += end + 1
		case c == ';':
			end := strings.IndexByte(s[i:], '\n')
			if end < 0 {
				end = len(s) - i
			}
			i += end
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\r\n{[;", rune(s[j])) {
				j++
			}
			tok := s[i:j]
			i = j
			if cur == nil {
				cur = &Game{}
			}
			if !inMoves {
				inMoves = true
				if pos, err = cur.Start(); err != nil {
					return fail("%v", err)
				}
			}
			switch {
			case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
				if want := cur.Get("Result"); want != "" && want != tok {
					return fail("movetext result %s but Result tag %s", tok, want)
				}
				finish()
			default:
				tok = stripMoveNumber(tok)
				if tok == "" {
					continue
				}
				m, err := xiangqi.ParseMove(tok)
				if err != nil {
					return fail("move %d: %v", len(cur.Moves)+1, err)
				}
				if !pos.IsLegal(m) {
					return fail("move %d (%s) is illegal in %s", len(cur.Moves)+1, tok, pos.FEN())
				}
				pos.Make(m)
				cur.Moves = append(cur.Moves, m)
			}
		}
	}
	if inMoves {
		return fail("no result at the end of the moves")
	}
	if cur != nil && len(cur.Tags) > 0 {
		return fail("tags without moves or result")
	}
	return games, nil
}

// stripMoveNumber drops a leading "12." or "12..." (what is left may be a move: "1.h2e2").
func stripMoveNumber(tok string) string {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i == 0 || i == len(tok) || tok[i] != '.' {
		return tok
	}
	return strings.TrimLeft(tok[i:], ".")
}

func parseTag(line string) (Tag, error) {
	if !strings.HasPrefix(line, "[") || !strings.HasSuffix(line, "]") {
		return Tag{}, fmt.Errorf("tag %q: want [Name \"Value\"]", line)
	}
	body := strings.TrimSpace(line[1 : len(line)-1])
	name, rest, ok := strings.Cut(body, " ")
	rest = strings.TrimSpace(rest)
	if !ok || name == "" || len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' {
		return Tag{}, fmt.Errorf("tag %q: want [Name \"Value\"]", line)
	}
	v := rest[1 : len(rest)-1]
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) {
			i++
		}
		b.WriteByte(v[i])
	}
	return Tag{Name: name, Value: b.String()}, nil
}
