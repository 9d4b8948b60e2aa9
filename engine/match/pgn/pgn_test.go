package pgn

import (
	"bytes"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
)

func moves(t *testing.T, s ...string) []xiangqi.Move {
	t.Helper()
	var out []xiangqi.Move
	for _, x := range s {
		m, err := xiangqi.ParseMove(x)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func TestWrite(t *testing.T) {
	tests := []struct {
		name string
		game Game
		want string
	}{
		{"start", Game{
			Tags:    []Tag{{"Event", "t"}, {"Red", `a "b"`}, {"Result", "1-0"}, {"Format", "ICCS"}},
			Moves:   moves(t, "h2e2", "h9g7", "h0g2"),
			Comment: "Black resigns {really}",
		}, `[Event "t"]
[Red "a \"b\""]
[Result "1-0"]
[Format "ICCS"]

1. H2-E2 H9-G7 2. H0-G2 {Black resigns (really)} 1-0

`},
		{"black to move", Game{
			Tags:  []Tag{{"FEN", "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1"}},
			Moves: nil,
		}, `[FEN "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1"]

*

`},
		{"black first move", Game{
			Tags:  []Tag{{"FEN", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"}, {"Result", "1/2-1/2"}},
			Moves: moves(t, "h9g7", "h0g2"),
		}, `[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"]
[Result "1/2-1/2"]

1... H9-G7 2. H0-G2 1/2-1/2

`},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := Write(&b, &tt.game); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if b.String() != tt.want {
			t.Errorf("%s:\n%s\nwant\n%s", tt.name, b.String(), tt.want)
		}
		back, err := Parse(&b)
		if err != nil || len(back) != 1 {
			t.Fatalf("%s: parse back: %v (%d games)", tt.name, err, len(back))
		}
		if g := back[0]; len(g.Moves) != len(tt.game.Moves) || len(g.Tags) != len(tt.game.Tags) {
			t.Errorf("%s: read back %+v", tt.name, g)
		} else {
			for i := range g.Tags {
				if g.Tags[i] != tt.game.Tags[i] {
					t.Errorf("%s: tag %d = %+v, want %+v", tt.name, i, g.Tags[i], tt.game.Tags[i])
				}
			}
		}
	}
}

func TestWriteWraps(t *testing.T) {
	g := xiangqi.NewGame(nil)
	for i := 0; i < 40; i++ { // horses shuffle back and forth
		g.PlayString([]string{"h0g2", "h9g7", "g2h0", "g7h9"}[i%4])
	}
	var b bytes.Buffer
	if err := Write(&b, &Game{Tags: []Tag{{"Result", "*"}}, Moves: g.Moves()}); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if len(line) > 80 {
			t.Errorf("line of %d characters: %q", len(line), line)
		}
	}
	back, err := Parse(&b)
	if err != nil || len(back) != 1 || len(back[0].Moves) != 40 {
		t.Fatalf("parse back: %v %+v", err, back)
	}
}

func TestParse(t *testing.T) {
	const two = `[Event "x"]
[Result "0-1"]
; a line comment
1.h2e2 h9g7 {a comment} 2. H0-G2 I9-H9 {the end} 0-1

[Event "y"]
[Result "*"]
*
`
	games, err := Parse(strings.NewReader(two))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || len(games[0].Moves) != 4 || games[0].Comment != "the end" || games[1].Get("Event") != "y" {
		t.Fatalf("got %d games: %+v", len(games), games)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"1. H2-E2 H2-E2 *", "move 2 (H2-E2) is illegal"},
		{"[Result \"1-0\"]\n1. H2-E2 0-1", "Result tag 1-0"},
		{"1. H2-E2", "no result"},
		{"[Event x]\n*", "want [Name"},
		{"[FEN \"9/9 w\"]\n*", "FEN"},
		{"1. Z9-E2 *", "move 1"},
		{"{open comment", "closing brace"},
		{"[Event \"a\"]\n", "without moves"},
	}
	for _, tt := range tests {
		_, err := Parse(strings.NewReader(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) error %v, want one containing %q", tt.in, err, tt.want)
		}
	}
}
