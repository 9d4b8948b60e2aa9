package record

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
)

// wantGame describes a game read: moves in UCCI, comments by move index (-1: game comment).
type wantGame struct {
	fen      string // "" = initial position
	tags     []Tag
	moves    string // UCCI, space separated
	comments map[int]string
	result   Result
	tree     string // if set: treeString of the moves
}

// treeString shows a line compactly: moves in UCCI, NAGs as $n, {comments}, (variations).
func treeString(comment string, ms []Move) string {
	var parts []string
	if comment != "" {
		parts = append(parts, "{"+comment+"}")
	}
	for _, m := range ms {
		parts = append(parts, m.Move.String())
		for _, n := range m.NAGs {
			parts = append(parts, fmt.Sprintf("$%d", n))
		}
		if m.Comment != "" {
			parts = append(parts, "{"+m.Comment+"}")
		}
		for _, v := range m.Variations {
			parts = append(parts, "("+treeString(v.Comment, v.Moves)+")")
		}
	}
	return strings.Join(parts, " ")
}

func checkGame(t *testing.T, label string, g *Game, w wantGame) {
	t.Helper()
	fen := w.fen
	if fen == "" {
		fen = xiangqi.StartFEN
	}
	if g.Start == nil || g.Start.FEN() != fen {
		t.Errorf("%s: start %v, want %s", label, g.Start, fen)
	}
	var got []string
	for _, m := range g.Moves {
		got = append(got, m.Move.String())
	}
	if strings.Join(got, " ") != w.moves {
		t.Errorf("%s: moves %q, want %q", label, strings.Join(got, " "), w.moves)
	}
	if w.tags != nil && !equalTags(g.Tags, w.tags) {
		t.Errorf("%s: tags %q, want %q", label, g.Tags, w.tags)
	}
	if g.Comment != w.comments[-1] {
		t.Errorf("%s: game comment %q, want %q", label, g.Comment, w.comments[-1])
	}
	for i, m := range g.Moves {
		if m.Comment != w.comments[i] {
			t.Errorf("%s: move %d comment %q, want %q", label, i+1, m.Comment, w.comments[i])
		}
	}
	if g.Result != w.result {
		t.Errorf("%s: result %q, want %q", label, g.Result, w.result)
	}
	if got := treeString("", g.Moves); w.tree != "" && got != w.tree {
		t.Errorf("%s: tree\n%s\nwant\n%s", label, got, w.tree)
	}
}

// checkRead reads in with read (ParsePGN or ParseDhtmlXQ) and checks the games and the
// warnings (each containing its string, in order).
func checkRead(t *testing.T, read func(string) ([]*Game, []Warning, error), label, in string, want []wantGame, wantWarns []string) {
	t.Helper()
	games, warns, err := read(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != len(want) {
		t.Fatalf("%d games, want %d", len(games), len(want))
	}
	for i, w := range want {
		checkGame(t, label, games[i], w)
	}
	if len(warns) != len(wantWarns) {
		t.Fatalf("warnings %v, want %q", warns, wantWarns)
	}
	for i, w := range wantWarns {
		if !strings.Contains(warns[i].Msg, w) {
			t.Errorf("warning %v, want one with %q", warns[i], w)
		}
	}
}

// checkError checks that err is an *Error of format at line and column with msg in its
// message, and returns it.
func checkError(t *testing.T, err error, format string, line, col int, msg string) *Error {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v, want an *Error", err)
	}
	if e.Line != line || e.Col != col || !strings.Contains(e.Msg, msg) {
		t.Errorf("got %v; want line %d, column %d, message with %q", e, line, col, msg)
	}
	if !strings.HasPrefix(e.Error(), format+": line ") {
		t.Errorf("error text %q", e.Error())
	}
	return e
}

// recordMoves parses UCCI moves separated by spaces, without comments.
func recordMoves(t *testing.T, ucci string) []Move {
	t.Helper()
	var ms []Move
	for _, s := range strings.Fields(ucci) {
		m, err := xiangqi.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, Move{Move: m})
	}
	return ms
}

func equalTags(a, b []Tag) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestParsePGN(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		games []wantGame
		warns []string // substrings, in order
	}{
		{
			name: "xqbase ICCS",
			in: `[Game "Chinese Chess"]
[Event "Test Cup"]
[Red "Red Player"]
[Black "Black Player"]
[Result "1-0"]
[Format "ICCS"]

1. H2-E2 H9-G7 2. H0-G2 I9-H9
3. I0-H0 1-0
`,
			games: []wantGame{{
				tags:   []Tag{{"Game", "Chinese Chess"}, {"Event", "Test Cup"}, {"Red", "Red Player"}, {"Black", "Black Player"}},
				moves:  "h2e2 h9g7 h0g2 i9h9 i0h0",
				result: RedWins,
			}},
		},
		{
			name: "xqbase Chinese with comments and a FEN",
			in: "[Game \"Chinese Chess\"]\r\n[Event \"让子局\"]\r\n[Result \"1-0\"]\r\n" +
				"[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR r - - 0 1\"]\r\n" +
				"{　　评注：让五兵双士双相。\r\n第二段。}\r\n" +
				"1. 炮八平五 炮８平５\r\n{　　红方首着架中炮。}\r\n2. 炮五进五 象７进５ 3. 炮二平五 1-0\r\n",
			games: []wantGame{{
				fen:   "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1",
				tags:  []Tag{{"Game", "Chinese Chess"}, {"Event", "让子局"}},
				moves: "b2e2 h7e7 e2e7 g9e7 h2e2",
				comments: map[int]string{
					-1: "　　评注：让五兵双士双相。\n第二段。",
					1:  "　　红方首着架中炮。",
				},
				result: RedWins,
			}},
		},
		{
			name: "WXF with Format, traditional Chinese without",
			in: `[Format "WXF"]
1. C2.5 H8+7 2. H2+3 R9.8 *

[Event "second"]
1. 砲二平五 馬８進７ 2. 馬二進三 車９平８ 0-1
`,
			games: []wantGame{
				{moves: "h2e2 h9g7 h0g2 i9h9", result: Unknown},
				{tags: []Tag{{"Event", "second"}}, moves: "h2e2 h9g7 h0g2 i9h9", result: BlackWins},
			},
		},
		{
			name: "full-width WXF glued in pairs (wxf.ca database style)",
			in:   "[Event \"x\"]\n\n1. Ｃ２＝５Ｈ８＋７ 2. Ｈ２＋３Ｒ９＝８ 3. Ｒ１＝２\n",
			games: []wantGame{{
				tags: []Tag{{"Event", "x"}}, moves: "h2e2 h9g7 h0g2 i9h9 i0h0", result: Unknown,
			}},
			warns: []string{"no result"},
		},
		{
			name: "notations mixed per move without Format",
			in:   "1.h2e2 马８进７ 2. H0-G2 R9.8 3. 车一平二 1/2-1/2",
			games: []wantGame{{
				moves: "h2e2 h9g7 h0g2 i9h9 i0h0", result: Draw,
			}},
		},
		{
			name: "Black to move first",
			in: `[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1"]
1... 炮８平５ 2. 马二进三 *`,
			games: []wantGame{{
				fen:   "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1",
				moves: "h7e7 h0g2", result: Unknown,
			}},
		},
		{
			name: "variations, annotations and ; comments",
			in: `[Result "0-1"]
1. H2-E2 $1 (1. C8-E8? {a comment with ) in it} (1. G3-G4)) H9-G7!? ; line comment
2. H0-G2 {two} {comments} 0-1`,
			games: []wantGame{{
				moves:    "h2e2 h9g7 h0g2",
				comments: map[int]string{1: "line comment", 2: "two\ncomments"},
				result:   BlackWins,
			}},
			warns: []string{"variation skipped"},
		},
		{
			name: "result token wins over the tag",
			in:   "[Result \"1-0\"]\n1. H2-E2 0-1",
			games: []wantGame{{
				moves: "h2e2", result: BlackWins,
			}},
			warns: []string{"Result tag 1-0 but the moves end with 0-1"},
		},
		{
			name: "* in the moves keeps the tag's result; unknown Format",
			in:   "[Result \"1-0\"]\n[Format \"DPXQ\"]\n1. H2-E2 *",
			games: []wantGame{{
				moves: "h2e2", result: RedWins,
			}},
			warns: []string{"Format \"DPXQ\""},
		},
		{
			name: "move in another notation than Format",
			in:   "[Format \"Chinese\"]\n1. 炮二平五 H9-G7 *",
			games: []wantGame{{
				moves: "h2e2 h9g7", result: Unknown,
			}},
			warns: []string{"not in the Chinese notation"},
		},
		{
			name: "tags only, escapes",
			in:   `[Event "say \"hi\" \\ bye"]`,
			games: []wantGame{{
				tags: []Tag{{"Event", `say "hi" \ bye`}}, result: Unknown,
			}},
			warns: []string{"no result"},
		},
		{
			name:  "comment outside a game",
			in:    "[Event \"a\"]\n1. H2-E2 *\n{trailer}\n",
			games: []wantGame{{tags: []Tag{{"Event", "a"}}, moves: "h2e2", result: Unknown}},
			warns: []string{"comment outside a game"},
		},
		{
			name: "pychess.org export: Fairy-Stockfish SAN with ranks 1-10",
			in: `[Event "PyChess casual game"]
[Site "https://www.pychess.org/abcdefgh"]
[Date "2024.01.02"]
[Round "-"]
[White "alice"]
[Black "bob"]
[Result "1-0"]
[TimeControl "5+3"]
[Variant "Xiangqi"]

1. Che3 Hg8 2. Hg3 Rh10 3. Rh1 Ce8 4. Cxe7+ 1-0

[Variant "Xiangqi"]

1. Pe5 Ece8 2. Afe2 Ke9 3. Kf1 Hc8 4. Hb1c3 *
`,
			games: []wantGame{
				{
					tags: []Tag{{"Event", "PyChess casual game"}, {"Site", "https://www.pychess.org/abcdefgh"},
						{"Date", "2024.01.02"}, {"Round", "-"}, {"White", "alice"}, {"Black", "bob"},
						{"TimeControl", "5+3"}, {"Variant", "Xiangqi"}},
					moves:  "h2e2 h9g7 h0g2 i9h9 i0h0 b7e7 e2e6",
					result: RedWins,
				},
				{tags: []Tag{{"Variant", "Xiangqi"}}, moves: "e3e4 c9e7 f0e1 e9e8 e0f0 b9c7 b0c2", result: Unknown},
			},
		},
		{name: "empty", in: " \n\t\u3000\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { checkRead(t, ParsePGN, tc.name, tc.in, tc.games, tc.warns) })
	}
}

func TestParsePGNErrors(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		line, col int
		game      int
		msg       string
		goodGames int // games returned before the bad one
	}{
		{"open comment", "1. H2-E2 {no end", 1, 10, 1, "not closed by '}'", 0},
		{"open variation", "1. H2-E2 (1. H2-E2 {)}", 1, 10, 1, "not closed by ')'", 0},
		{"stray )", "1. H2-E2 )", 1, 10, 1, "without a matching", 0},
		{"stray ]", "]\n1. H2-E2", 1, 1, 1, "without a matching", 0},
		{"tag without quotes", "[Event x]", 1, 8, 1, "double quotes", 0},
		{"tag value open", "[Event \"x]\n1. H2-E2 *", 1, 1, 1, "not closed", 0},
		{"tag without ]", "[Event \"x\" y", 1, 12, 1, "want ']'", 0},
		{"tag without name", "[ \"x\"]", 1, 3, 1, "want a name", 0},
		{"illegal move", "[Event \"a\"]\n1. H2-E2 H9-G7 *\n\n[Event \"b\"]\n1. H2-E2\n  H2-E2 *", 6, 3, 2, "move 2 \"H2-E2\"", 1},
		{"illegal Chinese", "1. 炮二平五 炮五平二 *", 1, 9, 1, "no legal black move", 0},
		{"not a move", "1. hello *", 1, 4, 1, "move 1 \"hello\"", 0},
		{"bad FEN", "[Event \"a\"]\n[FEN \"rnbakabnr/9\"]\n1. H2-E2 *", 2, 1, 1, "FEN tag", 0},
		{"bad FEN, no moves", "[FEN \"x\"]", 1, 1, 1, "FEN tag", 0},
		{"ICCS illegal with Format", "[Format \"ICCS\"]\n1. A0-A5 *", 2, 4, 1, "not legal", 0},
		{"illegal coordinate move is not read as SAN", "1. e3e5 *", 1, 4, 1, "not legal", 0},
		{"SAN ambiguous", "1. Ce3 *", 1, 4, 1, "ambiguous: B2-E2 or H2-E2", 0},
		{"SAN with no such move", "1. Hc9 *", 1, 4, 1, "no legal red horse move", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			games, _, err := ParsePGN(tc.in)
			if e := checkError(t, err, "pgn", tc.line, tc.col, tc.msg); e.Game != tc.game {
				t.Errorf("%v: game %d, want %d", e, e.Game, tc.game)
			}
			if len(games) != tc.goodGames {
				t.Errorf("%d games returned with the error, want %d", len(games), tc.goodGames)
			}
		})
	}
}

func TestWritePGN(t *testing.T) {
	g := &Game{
		Tags:    []Tag{{"Opening", "中炮"}, {"Black", "黑方"}, {"Event", "Test \"Cup\""}},
		Start:   xiangqi.NewPosition(),
		Comment: "game {note}",
		Result:  RedWins,
	}
	g.Moves = recordMoves(t, "h2e2 h9g7 h0g2 i9h9")
	g.Moves[0].Comment = "中炮"
	tests := []struct {
		o    PGNOptions
		want string
	}{
		{PGNOptions{}, `[Opening "中炮"]
[Black "黑方"]
[Event "Test \"Cup\""]
[Result "1-0"]
[Format "ICCS"]

{game {note)}
1. H2-E2
{中炮}
1... H9-G7 2. H0-G2 I9-H9 1-0

`},
		{PGNOptions{Style: WXF}, "[Format \"WXF\"]\n\n{game {note)}\n1. C2.5\n{中炮}\n1... H8+7 2. H2+3 R9.8 1-0\n\n"},
		{PGNOptions{Style: Chinese}, "[Format \"Chinese\"]\n\n{game {note)}\n1. 炮二平五\n{中炮}\n1... 马８进７ 2. 马二进三 车９平８ 1-0\n\n"},
		{PGNOptions{Style: Chinese, Chinese: xiangqi.ChineseOptions{Traditional: true, ASCIIDigits: true}},
			"[Format \"Chinese\"]\n\n{game {note)}\n1. 炮二平五\n{中炮}\n1... 馬8進7 2. 馬二進三 車9平8 1-0\n\n"},
	}
	for _, tc := range tests {
		got, err := FormatPGN(g, tc.o)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(got, tc.want) {
			t.Errorf("%v: got\n%s\nwant (suffix)\n%s", tc.o.Style, got, tc.want)
		}
	}
}

func TestWritePGNStartAndWrap(t *testing.T) {
	start, err := xiangqi.ParseFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 7")
	if err != nil {
		t.Fatal(err)
	}
	xg := xiangqi.NewGame(start)
	for _, s := range []string{"h7e7", "h0g2", "h9g7", "i0h0", "i9h9", "b0c2", "b9c7", "a0b0", "a9b9", "a3a4", "a6a5", "g3g4", "g6g5", "h0h6", "h9h8", "c3c4", "c6c5"} {
		if err := xg.PlayString(s); err != nil {
			t.Fatal(s, err)
		}
	}
	got, err := FormatPGN(FromGame(xg), PGNOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := `[Result "*"]
[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 7"]
[Format "ICCS"]

7... H7-E7 8. H0-G2 H9-G7 9. I0-H0 I9-H9 10. B0-C2 B9-C7 11. A0-B0 A9-B9
12. A3-A4 A6-A5 13. G3-G4 G6-G5 14. H0-H6 H9-H8 15. C3-C4 C6-C5 *

`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestWritePGNErrors(t *testing.T) {
	m, _ := xiangqi.ParseMove("h2h8")
	tests := []struct {
		name string
		g    *Game
		o    PGNOptions
		want string
	}{
		{"illegal move", &Game{Moves: []Move{{Move: m}}}, PGNOptions{}, "not legal"},
		{"reserved tag", &Game{Tags: []Tag{{"FEN", "x"}}}, PGNOptions{}, "own field"},
		{"bad tag name", &Game{Tags: []Tag{{"a b", "x"}}}, PGNOptions{}, "tag name"},
		{"bad result", &Game{Result: "2-0"}, PGNOptions{}, "result"},
		{"bad notation", &Game{}, PGNOptions{Style: 9}, "notation"},
	}
	for _, tc := range tests {
		if _, err := FormatPGN(tc.g, tc.o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one with %q", tc.name, err, tc.want)
		}
	}
}

// TestEndComment: how a game ended, written after the last move (or alone when there are
// no moves), reads back as the same EndComment.
func TestEndComment(t *testing.T) {
	tests := []struct {
		name, moves, comment string
		want                 string // the movetext written
	}{
		{"no moves", "", "both engines failed to start", "{both engines failed to start}\n1/2-1/2"},
		{"after moves", "h2e2 h9g7", "Black {x} resigns", "1. H2-E2 H9-G7\n{Black {x) resigns}\n1/2-1/2"},
	}
	for _, tc := range tests {
		g := &Game{Result: Draw, Moves: recordMoves(t, tc.moves)}
		g.SetEndComment(tc.comment)
		if g.EndComment() != tc.comment {
			t.Errorf("%s: EndComment %q after SetEndComment(%q)", tc.name, g.EndComment(), tc.comment)
		}
		text, err := FormatPGN(g, PGNOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(text, "\n\n"+tc.want+"\n\n") {
			t.Errorf("%s: wrote\n%s\nwant movetext\n%s", tc.name, text, tc.want)
		}
		back, warns, err := ParsePGN(text)
		if err != nil || len(warns) != 0 || len(back) != 1 {
			t.Fatalf("%s: read back %d games, %v, %v", tc.name, len(back), warns, err)
		}
		if want := strings.ReplaceAll(tc.comment, "}", ")"); back[0].EndComment() != want {
			t.Errorf("%s: read back EndComment %q, want %q", tc.name, back[0].EndComment(), want)
		}
	}
}
