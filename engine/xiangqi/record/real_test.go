package record

import (
	"os"
	"strings"
	"testing"
)

// TestRealAnnotatedDhtmlXQ reads a record as a DhtmlXQ site publishes it: the opening study
// "中炮巡河炮对屏风马(一)" (弈林新编, C84) from dpxq.com, 63 main-line plies, 23 variations
// nested up to three deep, 29 comments (the long introduction shortened). It must load
// whole, keep every comment on its move, and come back the same through DhtmlXQ, and
// through PGN in each notation.
func TestRealAnnotatedDhtmlXQ(t *testing.T) {
	b, err := os.ReadFile("testdata/dpxq-yilin-c84.txt")
	if err != nil {
		t.Fatal(err)
	}
	gs, warns, err := ParseDhtmlXQ(string(b))
	if err != nil || len(warns) > 0 || len(gs) != 1 {
		t.Fatalf("ParseDhtmlXQ: %d games, warnings %v, error %v", len(gs), warns, err)
	}
	g := gs[0]
	moves, variations := g.Count()
	if moves != 232 || variations != 23 || len(g.Moves) != 63 || g.Result != RedWins {
		t.Fatalf("got %d moves, %d variations, %d main-line plies, result %q; want 232, 23, 63, 1-0",
			moves, variations, len(g.Moves), g.Result)
	}
	if comments := countComments(g.Moves); comments != 28 || !strings.HasPrefix(g.Comment, "《弈林新编》") {
		t.Errorf("%d move comments (want 28), game comment %q", comments, g.Comment)
	}
	// comment13_28 is on the 28th ply of variation 13 (from ply 20 of the main line): the
	// 20th ply branches (the main line's 10... D9-E8 against 10... A9-B9), and the comment is
	// on that variation's ninth move, 14... G5-D5.
	v := g.Moves[19].Variations[0].Moves
	if got := v[8]; got.Move.String() != "g5d5" || !strings.HasPrefix(got.Comment, "如改走车3进1") {
		t.Errorf("variation 13's 28th ply: %v %q, want g5d5 with its comment", got.Move, got.Comment)
	}
	dx, err := FormatDhtmlXQ(g)
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := ParseDhtmlXQ(dx)
	if err != nil {
		t.Fatal(err)
	}
	if d := sameGame(g, back[0]); d != "" {
		t.Errorf("DhtmlXQ round trip: %s", d)
	}
	for _, n := range []MoveStyle{ICCS, WXF, Chinese} {
		pgn, err := FormatPGN(g, PGNOptions{Style: n})
		if err != nil {
			t.Fatal(err)
		}
		back, warns, err := ParsePGN(pgn)
		if err != nil || len(warns) > 0 {
			t.Fatalf("%v: ParsePGN: %v %v", n, warns, err)
		}
		if d := diffMoves(g.Moves, back[0].Moves, true, ""); d != "" || back[0].Comment != g.Comment {
			t.Errorf("%v: PGN round trip: %s (game comment %q)", n, d, back[0].Comment)
		}
	}
}

func countComments(ms []Move) int {
	n := 0
	for i := range ms {
		if ms[i].Comment != "" {
			n++
		}
		for _, v := range ms[i].Variations {
			n += countComments(v.Moves)
			if v.Comment != "" {
				n++
			}
		}
	}
	return n
}

// TestRealChinesePGN reads a published handicap game (许银川 giving nine pieces to 聂卫平,
// 1999) as PGN in Chinese notation with full-width digits for Black and two comments, and
// writes it back in the same notation, move for move.
func TestRealChinesePGN(t *testing.T) {
	b, err := os.ReadFile("testdata/xu-nie-1999.pgn")
	if err != nil {
		t.Fatal(err)
	}
	gs, warns, err := ParsePGN(string(b))
	if err != nil || len(warns) > 0 || len(gs) != 1 {
		t.Fatalf("ParsePGN: %d games, warnings %v, error %v", len(gs), warns, err)
	}
	g := gs[0]
	if len(g.Moves) != 75 || g.Result != RedWins || !strings.HasPrefix(g.Comment, "评注") ||
		!strings.HasPrefix(g.Moves[1].Comment, "红方首着") {
		t.Fatalf("got %d plies, result %q, comments %q / %q", len(g.Moves), g.Result, g.Comment, g.Moves[1].Comment)
	}
	out, err := FormatPGN(g, PGNOptions{Style: Chinese})
	if err != nil {
		t.Fatal(err)
	}
	if in, got := moveTokens(string(b)), moveTokens(out); len(in) != 75 || strings.Join(in, " ") != strings.Join(got, " ") {
		t.Errorf("moves written back differ:\n in %v\nout %v", in, got)
	}
}

// moveTokens lists the Chinese move words of a PGN's movetext (four-character words).
func moveTokens(pgn string) []string {
	var ms []string
	for _, line := range strings.Split(pgn, "\n") {
		if strings.HasPrefix(line, "[") || strings.HasPrefix(line, "{") {
			continue
		}
		for _, w := range strings.Fields(line) {
			if len([]rune(w)) == 4 {
				ms = append(ms, w)
			}
		}
	}
	return ms
}
