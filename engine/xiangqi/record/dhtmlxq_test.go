package record

import (
	"strings"
	"testing"

	"qipan/engine/xiangqi"
)

const startBinit = "8979695949392919097717866646260600102030405060708012720323436383"

// endgameBinit: red chariot a3 and general e0, black general d9; everything else off.
var endgameBinit = "06" + strings.Repeat("99", 3) + "49" + strings.Repeat("99", 11) +
	strings.Repeat("99", 4) + "30" + strings.Repeat("99", 11)

func TestParseDhtmlXQ(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		games []wantGame
		warns []string
	}{
		{
			name: "blog post with the initial position",
			in: `<p>看这盘棋：</p>
[DhtmlXQ]<br />
[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]<br />
[DhtmlXQ_title]中炮对屏风马[/DhtmlXQ_title]
[DhtmlXQ_event]测试赛[/DhtmlXQ_event]
[DhtmlXQ_place][/DhtmlXQ_place]
[DhtmlXQ_red]红方[/DhtmlXQ_red][DhtmlXQ_black]黑方[/DhtmlXQ_black]
[DhtmlXQ_result]红先胜[/DhtmlXQ_result]
[DhtmlXQ_binit]` + startBinit + `[/DhtmlXQ_binit]
[DhtmlXQ_movelist]7747 7062
7967[/DhtmlXQ_movelist]
[DhtmlXQ_comment0]开局||第二行[/DhtmlXQ_comment0]
[DhtmlXQ_comment2]跳马[/DhtmlXQ_comment2]
[DhtmlXQ_move_0_3_1]1927[/DhtmlXQ_move_0_3_1]
[/DhtmlXQ]
<p>完</p>`,
			games: []wantGame{{
				tags: []Tag{{"ver", "www_dpxq_com"}, {"Title", "中炮对屏风马"}, {"Event", "测试赛"},
					{"Red", "红方"}, {"Black", "黑方"}},
				moves:    "h2e2 h9g7 h0g2",
				comments: map[int]string{-1: "开局\n第二行", 1: "跳马"},
				result:   RedWins,
				tree:     "h2e2 h9g7 {跳马} h0g2 (b0c2)",
			}},
		},
		{
			name:  "no binit, two blocks",
			in:    "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ] x [DhtmlXQ][DhtmlXQ_result]和棋[/DhtmlXQ_result][/DhtmlXQ]",
			games: []wantGame{{moves: "h2e2", result: Unknown}, {moves: "", result: Draw}},
		},
		{
			name: "endgame, Black moves first",
			in:   "[DhtmlXQ][DhtmlXQ_binit]" + endgameBinit + "[/DhtmlXQ_binit][DhtmlXQ_movelist]3031[/DhtmlXQ_movelist][DhtmlXQ_result]黑胜[/DhtmlXQ_result][DhtmlXQ_comment5]late[/DhtmlXQ_comment5][/DhtmlXQ]",
			games: []wantGame{{
				fen: "3k5/9/9/9/9/9/R8/9/9/4K4 b - - 0 1", moves: "d9d8", result: BlackWins,
			}},
			warns: []string{"comment5: no such move"},
		},
		{
			name:  "unknown result, text between tags",
			in:    "[DhtmlXQ] hi [DhtmlXQ_result]?[/DhtmlXQ_result][/DhtmlXQ]",
			games: []wantGame{{result: Unknown}},
			warns: []string{"text between tags", "result \"?\""},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { checkRead(t, ParseDhtmlXQ, tc.name, tc.in, tc.games, tc.warns) })
	}
}

func TestParseDhtmlXQErrors(t *testing.T) {
	block := func(s string) string { return "[DhtmlXQ]\n" + s + "\n[/DhtmlXQ]" }
	tests := []struct {
		name      string
		in        string
		line, col int
		msg       string
	}{
		{"no block", "just text", 1, 1, "no [DhtmlXQ] block"},
		{"block not closed", "x\n[DhtmlXQ][DhtmlXQ_title]t[/DhtmlXQ_title]", 2, 1, "not closed by [/DhtmlXQ]"},
		{"key not closed", block("[DhtmlXQ_title]t"), 2, 1, "not closed by [/DhtmlXQ_title]"},
		{"bad key", block("[DhtmlXQ_ti tle]t[/DhtmlXQ_ti tle]"), 2, 1, "key of letters"},
		{"not a tag", block("[foo]"), 2, 1, "want [DhtmlXQ_key]"},
		{"movelist not digits", block("[DhtmlXQ_movelist]7747706x[/DhtmlXQ_movelist]"), 2, 23, "move 2: want 4 digits"},
		{"movelist short", block("[DhtmlXQ_movelist]77477[/DhtmlXQ_movelist]"), 2, 23, "move 2: want 4 digits"},
		{"movelist off the board", block("[DhtmlXQ_movelist]7797[/DhtmlXQ_movelist]"), 2, 19, "columns are 0-8"},
		{"illegal move", block("[DhtmlXQ_movelist]7747\n7747[/DhtmlXQ_movelist]"), 3, 1, "move 2 \"7747\" (H2-E2) is not legal"},
		{"binit short", block("[DhtmlXQ_binit]0919[/DhtmlXQ_binit]"), 2, 16, "4 digits, want 64"},
		{"binit long", block("[DhtmlXQ_binit]" + startBinit + "99[/DhtmlXQ_binit]"), 2, 80, "more than 64"},
		{"binit letter", block("[DhtmlXQ_binit]89x9[/DhtmlXQ_binit]"), 2, 18, "piece 2: want 2 digits"},
		{"binit twice on a point", block("[DhtmlXQ_binit]8989" + startBinit[4:] + "[/DhtmlXQ_binit]"), 2, 18, "already holds R"},
		{"binit column 9", block("[DhtmlXQ_binit]98" + startBinit[2:] + "[/DhtmlXQ_binit]"), 2, 16, "columns are 0-8"},
		{"binit no black general", block("[DhtmlXQ_binit]" + startBinit[:40] + "99" + startBinit[42:] + "[/DhtmlXQ_binit]"), 2, 1, "binit: bad FEN"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := ParseDhtmlXQ(tc.in)
			checkError(t, err, "DhtmlXQ", tc.line, tc.col, tc.msg)
		})
	}
}

func TestWriteDhtmlXQ(t *testing.T) {
	g := &Game{
		Tags:    []Tag{{"Title", "标题"}, {"Site", "北京"}, {"ECCO", "C45"}},
		Comment: "第一行\n第二行",
		Result:  Draw,
	}
	g.Moves = recordMoves(t, "h2e2 h9g7")
	g.Moves[1].Comment = "a|b\nc"
	got, err := FormatDhtmlXQ(g)
	if err != nil {
		t.Fatal(err)
	}
	want := `[DhtmlXQ]
[DhtmlXQ_title]标题[/DhtmlXQ_title]
[DhtmlXQ_place]北京[/DhtmlXQ_place]
[DhtmlXQ_ECCO]C45[/DhtmlXQ_ECCO]
[DhtmlXQ_result]和棋[/DhtmlXQ_result]
[DhtmlXQ_binit]` + startBinit + `[/DhtmlXQ_binit]
[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]
[DhtmlXQ_comment0]第一行||第二行[/DhtmlXQ_comment0]
[DhtmlXQ_comment2]a|b
c[/DhtmlXQ_comment2]
[/DhtmlXQ]
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}

	start, err := xiangqi.ParseFEN("3k5/9/9/9/9/9/R8/9/9/4K4 b")
	if err != nil {
		t.Fatal(err)
	}
	b, err := dxBinit(start)
	if err != nil || b != endgameBinit {
		t.Errorf("binit %s, %v; want %s", b, err, endgameBinit)
	}
}

func TestWriteDhtmlXQErrors(t *testing.T) {
	m, _ := xiangqi.ParseMove("h2h8")
	tests := []struct {
		name string
		g    *Game
		want string
	}{
		{"illegal move", &Game{Moves: []Move{{Move: m}}}, "not legal"},
		{"tag named like a key", &Game{Tags: []Tag{{"movelist", "x"}}}, "cannot be written"},
		{"tag name with a space", &Game{Tags: []Tag{{"a b", "x"}}}, "cannot be written"},
		{"closing marker in a value", &Game{Tags: []Tag{{"Event", "a[/DhtmlXQ_event]"}}}, "holds"},
		{"bad result", &Game{Result: "2-0"}, "result"},
	}
	for _, tc := range tests {
		if _, err := FormatDhtmlXQ(tc.g); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one with %q", tc.name, err, tc.want)
		}
	}
}
