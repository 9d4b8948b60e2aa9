package record

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
)

// sameGame reports how a and b differ ("" if they are the same record).
func sameGame(a, b *Game) string {
	switch {
	case !equalTags(a.Tags, b.Tags):
		return fmt.Sprintf("tags %q vs %q", a.Tags, b.Tags)
	case *a.start() != *b.start():
		return fmt.Sprintf("start %s vs %s", a.start().FEN(), b.start().FEN())
	case a.Comment != b.Comment:
		return fmt.Sprintf("game comment %q vs %q", a.Comment, b.Comment)
	case len(a.Moves) != len(b.Moves):
		return fmt.Sprintf("%d moves vs %d", len(a.Moves), len(b.Moves))
	case a.Result != b.Result:
		return fmt.Sprintf("result %q vs %q", a.Result, b.Result)
	}
	return diffMoves(a.Moves, b.Moves, true, "")
}

// diffMoves reports how two lines differ, variations, comments and (if nags) NAGs
// included ("" if they are the same).
func diffMoves(a, b []Move, nags bool, path string) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%s%d moves vs %d", path, len(a), len(b))
	}
	for i := range a {
		x, y := &a[i], &b[i]
		switch {
		case x.Move != y.Move || x.Comment != y.Comment:
			return fmt.Sprintf("%smove %d: %v %q vs %v %q", path, i+1, x.Move, x.Comment, y.Move, y.Comment)
		case nags && fmt.Sprint(x.NAGs) != fmt.Sprint(y.NAGs):
			return fmt.Sprintf("%smove %d: NAGs %v vs %v", path, i+1, x.NAGs, y.NAGs)
		case len(x.Variations) != len(y.Variations):
			return fmt.Sprintf("%smove %d: %d variations vs %d", path, i+1, len(x.Variations), len(y.Variations))
		}
		for k := range x.Variations {
			v, w := &x.Variations[k], &y.Variations[k]
			where := fmt.Sprintf("%smove %d variation %d: ", path, i+1, k+1)
			if v.Comment != w.Comment {
				return fmt.Sprintf("%scomment %q vs %q", where, v.Comment, w.Comment)
			}
			if d := diffMoves(v.Moves, w.Moves, nags, where); d != "" {
				return d
			}
		}
	}
	return ""
}

var roundTripStarts = []string{
	xiangqi.StartFEN,
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1",
	"2bak4/4a4/4b4/p1P1p1p2/9/2p6/P3P1P1P/4B4/9/2BAKA3 w - - 0 1",        // soldiers to tell apart
	"3k5/4P4/4P4/4P4/9/9/9/9/9/4K4 w - - 0 1",                            // three soldiers on a file
	"r1bakab1r/9/2n1c1n2/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w", // two cannons on a file
}

var comments = []string{"", "", "", "好棋", "a long comment about the position, " + strings.Repeat("长", 50), "two\nlines", "pipe | here\nand a line", "　　缩进"}

// randomGame plays up to plies random legal moves from fen with random comments.
func randomGame(rng *rand.Rand, fen string, plies int) *Game {
	start, err := xiangqi.ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	g := &Game{Start: start, Result: []Result{RedWins, BlackWins, Draw, Unknown}[rng.Intn(4)]}
	g.Comment = comments[rng.Intn(len(comments))]
	for _, name := range rosterOrder {
		if rng.Intn(2) == 0 {
			g.Tags = append(g.Tags, Tag{name, name + " " + comments[rng.Intn(4)]})
		}
	}
	if rng.Intn(2) == 0 {
		g.Tags = append(g.Tags, Tag{"Opening", "中炮 \"quoted\" \\ slash"})
	}
	pos := *start
	for i := 0; i < plies; i++ {
		ms := pos.LegalMoves()
		if len(ms) == 0 {
			break
		}
		m := ms[rng.Intn(len(ms))]
		pos.Make(m)
		g.Moves = append(g.Moves, Move{Move: m, Comment: comments[rng.Intn(len(comments))]})
	}
	return g
}

// TestRoundTrip writes random games in every notation and format and reads them back.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	opts := []PGNOptions{
		{Style: ICCS}, {Style: WXF}, {Style: Chinese},
		{Style: Chinese, Chinese: xiangqi.ChineseOptions{Traditional: true, ASCIIDigits: true}},
	}
	n := 60
	if testing.Short() {
		n = 15
	}
	for i := 0; i < n; i++ {
		fen := roundTripStarts[i%len(roundTripStarts)]
		g := randomGame(rng, fen, rng.Intn(120))
		for _, o := range opts {
			text, err := FormatPGN(g, o)
			if err != nil {
				t.Fatalf("game %d %v: %v", i, o, err)
			}
			// Two games in one file, the second the same as the first.
			games, warns, err := ParsePGN(text + text)
			if err != nil {
				t.Fatalf("game %d %v: %v\n%s", i, o, err, text)
			}
			if len(games) != 2 || len(warns) != 0 {
				t.Fatalf("game %d %v: %d games, warnings %v", i, o, len(games), warns)
			}
			for _, back := range games {
				if d := sameGame(g, back); d != "" {
					t.Fatalf("game %d %v: %s\n%s", i, o, d, text)
				}
			}
		}
		text, err := FormatDhtmlXQ(g)
		if err != nil {
			t.Fatalf("game %d DhtmlXQ: %v", i, err)
		}
		games, warns, err := ParseDhtmlXQ(text)
		if err != nil || len(games) != 1 || len(warns) != 0 {
			t.Fatalf("game %d DhtmlXQ: %v, %d games, warnings %v\n%s", i, err, len(games), warns, text)
		}
		want := *g
		want.Tags = nil
		for _, tag := range g.Tags {
			if strings.TrimSpace(tag.Value) != "" {
				want.Tags = append(want.Tags, Tag{tag.Name, strings.TrimSpace(tag.Value)})
			}
		}
		if d := sameGame(&want, games[0]); d != "" {
			t.Fatalf("game %d DhtmlXQ: %s\n%s", i, d, text)
		}
	}
}

// TestConvert reads a game in one format and writes it in the other.
func TestConvert(t *testing.T) {
	in := "[Event \"E\"]\n[Red \"R\"]\n[Result \"1-0\"]\n{intro}\n1. 炮二平五 {c} 马８进７ 1-0\n"
	games, _, err := ParsePGN(in)
	if err != nil {
		t.Fatal(err)
	}
	dx, err := FormatDhtmlXQ(games[0])
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := ParseDhtmlXQ(dx)
	if err != nil {
		t.Fatal(err)
	}
	out, err := FormatPGN(back[0], PGNOptions{Style: Chinese})
	if err != nil {
		t.Fatal(err)
	}
	want := "[Event \"E\"]\n[Red \"R\"]\n[Result \"1-0\"]\n[Format \"Chinese\"]\n\n{intro}\n1. 炮二平五\n{c}\n1... 马８进７ 1-0\n\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	xg, err := back[0].Game()
	if err != nil || xg.Len() != 2 {
		t.Fatalf("Game(): %v", err)
	}
	if d := sameGame(FromGame(xg), &Game{Start: xiangqi.NewPosition(), Moves: []Move{{Move: back[0].Moves[0].Move}, {Move: back[0].Moves[1].Move}}, Result: Unknown}); d != "" {
		t.Error(d)
	}
}
