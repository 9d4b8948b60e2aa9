package record

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
)

// annotatedPGN is an annotated game as a blogger writes one: a game comment, symbols as
// glyphs and as $n, a variation with its own comment, one nested inside it, two on one move.
const annotatedPGN = `[Event "讲解"]
[Red "红"]
[Black "黑"]
[Result "1-0"]
{中炮对屏风马的讲解。}
1. 炮二平五! 马８进７ 2. 马二进三 $1 {稳健} (2. 兵七进一 {另一路} 卒７进１!? (2... 车９平８ 3. 马二进三) 3. 马八进七) (2. 马八进七?!) 2... 车９平８ $14
3. 车一平二 ?? 马２进３ {完} 1-0
`

const annotatedTree = "h2e2 $1 h9g7 h0g2 $1 {稳健} (c3c4 {另一路} g6g5 $5 (i9h9 h0g2) b0c2) (b0c2 $6) i9h9 $14 i0h0 $4 b9c7 {完}"

// annotatedDhtmlXQ has the same shape in DhtmlXQ: a branch from the main line, one nested
// in it, one starting at its first ply, and comments on each kind of line.
const annotatedDhtmlXQ = `[DhtmlXQ]
[DhtmlXQ_title]注解与变着[/DhtmlXQ_title]
[DhtmlXQ_result]未知[/DhtmlXQ_result]
[DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]
[DhtmlXQ_movelist]796770621927[/DhtmlXQ_movelist]
[DhtmlXQ_move_0_2_1]03041927[/DhtmlXQ_move_0_2_1]
[DhtmlXQ_move_1_3_2]0605[/DhtmlXQ_move_1_3_2]
[DhtmlXQ_move_1_2_3]7062[/DhtmlXQ_move_1_2_3]
[DhtmlXQ_comment0]全局说明。[/DhtmlXQ_comment0]
[DhtmlXQ_comment2]主线第二着注解。[/DhtmlXQ_comment2]
[DhtmlXQ_comment1_1]第一变之前。[/DhtmlXQ_comment1_1]
[DhtmlXQ_comment1_3]第一变第三着注解。[/DhtmlXQ_comment1_3]
[DhtmlXQ_comment2_3]嵌套变着注解||第二行。[/DhtmlXQ_comment2_3]
[/DhtmlXQ]`

const annotatedDhtmlXQTree = "h0g2 h9g7 {主线第二着注解。} ({第一变之前。} a6a5 (h9g7) b0c2 {第一变第三着注解。} (a3a4 {嵌套变着注解\n第二行。})) b0c2"

func TestAnnotatedPGN(t *testing.T) {
	games, warns, err := ParsePGN(annotatedPGN)
	if err != nil || len(games) != 1 || len(warns) != 0 {
		t.Fatalf("%v, %d games, warnings %v", err, len(games), warns)
	}
	g := games[0]
	if got := treeString(g.Comment, g.Moves); got != "{中炮对屏风马的讲解。} "+annotatedTree {
		t.Fatalf("tree\n%s\nwant\n%s", got, annotatedTree)
	}
	if m, v := g.Count(); m != 12 || v != 3 {
		t.Errorf("Count() = %d moves, %d variations; want 12, 3", m, v)
	}
	if s := g.Moves[0].Symbol(); s != "!" {
		t.Errorf("Symbol() = %q", s)
	}
	// Every notation writes it and reads it back the same.
	for _, o := range []PGNOptions{{Style: ICCS}, {Style: WXF}, {Style: Chinese}} {
		checkRoundTrip(t, annotatedPGN, o.Style.String(), g, func(g *Game) (string, error) { return FormatPGN(g, o) }, ParsePGN)
	}
	// DhtmlXQ keeps everything but the NAGs that are not symbols (those ride in the comments).
	dx, err := FormatDhtmlXQ(g)
	if err != nil {
		t.Fatal(err)
	}
	back, warns, err := ParseDhtmlXQ(dx)
	if err != nil || len(warns) != 0 {
		t.Fatalf("%v %v\n%s", err, warns, dx)
	}
	if d := diffMoves(g.Moves, back[0].Moves, false, ""); d != "" || back[0].Comment != g.Comment {
		t.Fatalf("PGN → DhtmlXQ: %s\n%s", d, dx)
	}
	out, err := FormatPGN(g, PGNOptions{Style: ICCS})
	if err != nil {
		t.Fatal(err)
	}
	want := `[Event "讲解"]
[Red "红"]
[Black "黑"]
[Result "1-0"]
[Format "ICCS"]

{中炮对屏风马的讲解。}
1. H2-E2! H9-G7 2. H0-G2!
{稳健}
(2. C3-C4 {另一路} 2... G6-G5!? (2... I9-H9 3. H0-G2) 3. B0-C2) (2. B0-C2?!)
2... I9-H9 $14 3. I0-H0?? B9-C7
{完}
1-0

`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

func TestAnnotatedDhtmlXQ(t *testing.T) {
	games, warns, err := ParseDhtmlXQ(annotatedDhtmlXQ)
	if err != nil || len(games) != 1 || len(warns) != 0 {
		t.Fatalf("%v, %d games, warnings %v", err, len(games), warns)
	}
	g := games[0]
	if got := treeString("", g.Moves); got != annotatedDhtmlXQTree {
		t.Fatalf("tree\n%q\nwant\n%q", got, annotatedDhtmlXQTree)
	}
	if g.Comment != "全局说明。" || g.Moves[1].Variations[0].Comment != "第一变之前。" {
		t.Errorf("comments %q, %q", g.Comment, g.Moves[1].Variations[0].Comment)
	}
	checkRoundTrip(t, annotatedDhtmlXQ, "DhtmlXQ", g, FormatDhtmlXQ, ParseDhtmlXQ)
	checkRoundTrip(t, annotatedDhtmlXQ, "PGN", g, func(g *Game) (string, error) { return FormatPGN(g, PGNOptions{Style: Chinese}) }, ParsePGN)
	// The writer numbers branches depth first, as the input happens to.
	out, _ := FormatDhtmlXQ(g)
	for _, key := range []string{"[DhtmlXQ_move_0_2_1]03041927[", "[DhtmlXQ_move_1_2_2]7062[", "[DhtmlXQ_move_1_3_3]0605[", "[DhtmlXQ_comment3_3]嵌套变着注解||第二行。[", "[DhtmlXQ_comment1_1]第一变之前。["} {
		if !strings.Contains(out, key) {
			t.Errorf("output lacks %s:\n%s", key, out)
		}
	}
	// The viewers' own spelling of the main line and comments reads the same.
	alt := strings.NewReplacer("DhtmlXQ_movelist", "DhtmlXQ_move_0_1_0", "DhtmlXQ_comment2]", "DhtmlXQ_comment0_2]").Replace(annotatedDhtmlXQ)
	games2, _, err := ParseDhtmlXQ(alt)
	if err != nil || sameGame(g, games2[0]) != "" {
		t.Errorf("move_0_1_0 spelling: %v %s", err, sameGame(g, games2[0]))
	}
}

// TestTreeBadInput: a variation with an illegal move is refused with its place and the
// rest kept; nesting beyond MaxDepth and broken brackets are errors.
func TestTreeBadInput(t *testing.T) {
	games, warns, err := ParsePGN("1. h2e2 (1. h2e3 h9g7) (1. c3c4\n {x} (1. a0a2 h9i7)) h9g7 *")
	if err != nil {
		t.Fatal(err)
	}
	if got := treeString("", games[0].Moves); got != "h2e2 (c3c4 {x} (a0a2 h9i7)) h9g7" {
		t.Errorf("tree %q", got)
	}
	if len(warns) != 1 || warns[0].Line != 1 || warns[0].Col != 13 || !strings.Contains(warns[0].Msg, "variation skipped") {
		t.Errorf("warnings %v", warns)
	}
	deep := "1. h2e2 h9g7 2. h0g2 " + strings.Repeat("(2. h0g2 ", MaxDepth+1) + strings.Repeat(")", MaxDepth+1) + " *"
	_, _, err = ParsePGN(deep)
	checkError(t, err, "pgn", 1, 22+9*MaxDepth, "nest deeper than 64")
	ok := "1. h2e2 h9g7 2. h0g2 " + strings.Repeat("(2. h0g2 ", MaxDepth) + strings.Repeat(")", MaxDepth) + " *"
	if _, _, err := ParsePGN(ok); err != nil {
		t.Errorf("%d levels: %v", MaxDepth, err)
	}
	for _, tc := range []struct{ in, msg string }{
		{"1. h2e2 (1. c3c4 *", "result * inside a variation"},
		{"1. h2e2 (1. c3c4 1-0", "result 1-0 inside a variation"},
		{"1. h2e2 (1. c3c4", "not closed by ')'"},
		{"1. h2e2 ) *", "')' without a matching '('"},
		{"1. h2e2 $300 *", "want $ and a number 0-255"},
	} {
		_, _, err := ParsePGN(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.msg)
		}
	}
	// DhtmlXQ: an illegal branch is skipped with its place, an orphan branch noted.
	dx := "[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[DhtmlXQ_move_0_2_1]7747[/DhtmlXQ_move_0_2_1][DhtmlXQ_move_0_2_2]1022[/DhtmlXQ_move_0_2_2][DhtmlXQ_move_9_1_3]7747[/DhtmlXQ_move_9_1_3][/DhtmlXQ]"
	games, warns, err = ParseDhtmlXQ(dx)
	if err != nil {
		t.Fatal(err)
	}
	if got := treeString("", games[0].Moves); got != "h2e2 h9g7 (b9c7)" {
		t.Errorf("tree %q", got)
	}
	if len(warns) != 2 || warns[0].Line != 2 || warns[0].Col != 21 || !strings.Contains(warns[0].Msg, "variation skipped") ||
		!strings.Contains(warns[1].Msg, "no place in the game") {
		t.Errorf("warnings %v", warns)
	}
	// A chain of nested branches deeper than MaxDepth.
	var sb strings.Builder
	sb.WriteString("[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]")
	for i := 1; i <= MaxDepth+1; i++ {
		fmt.Fprintf(&sb, "[DhtmlXQ_move_%d_1_%d]7767[/DhtmlXQ_move_%d_1_%d]", i-1, i, i-1, i)
	}
	sb.WriteString("[/DhtmlXQ]")
	if _, _, err := ParseDhtmlXQ(sb.String()); err == nil || !strings.Contains(err.Error(), "nest deeper") {
		t.Errorf("deep DhtmlXQ: %v", err)
	}
	// Writers refuse what they could not write back.
	g := &Game{Moves: []Move{{Move: xiangqi.NewMove(xiangqi.SquareOf(7, 2), xiangqi.SquareOf(4, 2)), Variations: []Variation{{}}}}}
	if _, err := FormatPGN(g, PGNOptions{}); err == nil || !strings.Contains(err.Error(), "has no moves") {
		t.Errorf("empty variation: %v", err)
	}
	g.Moves[0].Variations[0].Moves = []Move{{Move: xiangqi.NewMove(xiangqi.SquareOf(7, 7), xiangqi.SquareOf(4, 7))}}
	if _, err := FormatDhtmlXQ(g); err == nil || !strings.Contains(err.Error(), "not legal") {
		t.Errorf("illegal variation: %v", err)
	}
}

// randomTree plays a random game with random variations (up to depth deep) and
// annotations.
func randomTree(rng *rand.Rand, pos xiangqi.Position, plies, depth int) []Move {
	var ms []Move
	for i := 0; i < plies; i++ {
		legal := pos.LegalMoves()
		if len(legal) == 0 {
			break
		}
		m := Move{Move: legal[rng.Intn(len(legal))], Comment: comments[rng.Intn(len(comments))]}
		if rng.Intn(4) == 0 {
			m.NAGs = []uint8{uint8(rng.Intn(20))}
			if m.NAGs[0] == 0 {
				m.NAGs = append(m.NAGs, 1)
			}
		}
		for depth > 0 && rng.Intn(6) == 0 {
			alt := legal[rng.Intn(len(legal))]
			if alt == m.Move {
				continue
			}
			p := pos
			p.Make(alt)
			v := Variation{Comment: comments[rng.Intn(len(comments))], Moves: append([]Move{{Move: alt}}, randomTree(rng, p, rng.Intn(8), depth-1)...)}
			m.Variations = append(m.Variations, v)
		}
		ms = append(ms, m)
		pos.Make(m.Move)
	}
	return ms
}

// TestTreeRoundTrip: random trees through every writer and back.
func TestTreeRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	n := 40
	if testing.Short() {
		n = 10
	}
	for i := 0; i < n; i++ {
		g := randomGame(rng, roundTripStarts[i%len(roundTripStarts)], 0)
		g.Moves = randomTree(rng, *g.Start, rng.Intn(60), 1+rng.Intn(4))
		for _, o := range []PGNOptions{{Style: ICCS}, {Style: WXF}, {Style: Chinese}} {
			checkRoundTrip(t, fmt.Sprint("game ", i), o.Style.String(), g, func(g *Game) (string, error) { return FormatPGN(g, o) }, ParsePGN)
		}
		text, err := FormatDhtmlXQ(g)
		if err != nil {
			t.Fatal(err)
		}
		back, warns, err := ParseDhtmlXQ(text)
		if err != nil || len(warns) != 0 {
			t.Fatalf("game %d: %v %v\n%s", i, err, warns, text)
		}
		if d := diffMoves(g.Moves, back[0].Moves, false, ""); d != "" {
			t.Fatalf("game %d DhtmlXQ: %s\n%s", i, d, text)
		}
		if d := diffSymbols(g.Moves, back[0].Moves, ""); d != "" {
			t.Fatalf("game %d DhtmlXQ symbols: %s\n%s", i, d, text)
		}
		x := writeXQF(t, g, 18)
		xg, warns, err := ParseXQF(x, nil)
		if err != nil || len(warns) != 0 {
			t.Fatalf("game %d XQF: %v %v", i, err, warns)
		}
		if d := diffMoves(stripForXQF(g.Moves), xg.Moves, false, ""); d != "" {
			t.Fatalf("game %d XQF: %s", i, d)
		}
	}
}

// bigTree is a game of about 10,000 moves in 500 variations, as PGN and DhtmlXQ.
func bigTree(b testing.TB) (pgn, dx string) {
	rng := rand.New(rand.NewSource(3))
	g := NewGame()
	pos := *g.Start
	// A long main line that repeats (horses out and back), with a variation every 4 plies.
	out := []string{"h0g2", "h9g7", "g2h0", "g7h9"}
	for i := 0; len(g.Moves) < 500*4; i++ {
		m, _ := xiangqi.ParseMove(out[i%4])
		mv := Move{Move: m, Comment: "c"}
		if i%4 == 0 {
			p := pos
			alt, _ := xiangqi.ParseMove("b0c2")
			p.Make(alt)
			mv.Variations = []Variation{{Moves: append([]Move{{Move: alt}}, randomTree(rng, p, 15, 0)...)}}
		}
		g.Moves = append(g.Moves, mv)
		pos.Make(m)
	}
	moves, vars := g.Count()
	if vars != 500 || moves < 9000 {
		b.Fatalf("%d moves, %d variations", moves, vars)
	}
	pgn, err := FormatPGN(g, PGNOptions{Style: ICCS})
	if err != nil {
		b.Fatal(err)
	}
	dx, err = FormatDhtmlXQ(g)
	if err != nil {
		b.Fatal(err)
	}
	return pgn, dx
}

// BenchmarkParseTree reads a tree of about 10,000 moves in 500 variations.
func BenchmarkParseTree(b *testing.B) {
	pgn, dx := bigTree(b)
	b.Run("PGN", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, _, err := ParsePGN(pgn); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("DhtmlXQ", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, _, err := ParseDhtmlXQ(dx); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// diffSymbols reports the first move whose symbol differs between two trees of the same
// moves ("" if none).
func diffSymbols(a, b []Move, path string) string {
	for i := range a {
		if a[i].Symbol() != b[i].Symbol() {
			return fmt.Sprintf("%smove %d: %q vs %q", path, i+1, a[i].Symbol(), b[i].Symbol())
		}
		for k := range a[i].Variations {
			if d := diffSymbols(a[i].Variations[k].Moves, b[i].Variations[k].Moves, fmt.Sprintf("%smove %d variation %d: ", path, i+1, k+1)); d != "" {
				return d
			}
		}
	}
	return ""
}

// TestDhtmlXQSymbols: a move's symbol rides at the head of its comment, alone or before the
// text, and reads back as the symbol; a comment that only starts with '!' stays a comment.
func TestDhtmlXQSymbols(t *testing.T) {
	for _, c := range []struct{ comment, sym, text string }{
		{"!? 弃车", "!?", "弃车"},
		{"??", "??", ""},
		{"! 　　缩进", "!", "　　缩进"},
		{"!important", "", "!important"},
		{"好棋 !", "", "好棋 !"},
	} {
		dx := "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_comment1]" + c.comment + "[/DhtmlXQ_comment1][/DhtmlXQ]"
		gs, _, err := ParseDhtmlXQ(dx)
		if err != nil {
			t.Fatalf("%q: %v", c.comment, err)
		}
		m := gs[0].Moves[0]
		if m.Symbol() != c.sym || m.Comment != c.text {
			t.Errorf("%q: symbol %q comment %q, want %q %q", c.comment, m.Symbol(), m.Comment, c.sym, c.text)
		}
	}
}
