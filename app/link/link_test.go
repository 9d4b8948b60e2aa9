package link

import (
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/engine/xiangqi"
)

const endgameFEN = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"

func TestParseLink(t *testing.T) {
	tests := []struct {
		name, query, frag, wname string
		want                     func(Link) bool
		err                      string // part of the error, "" for none
	}{
		{"empty", "", "", "", func(l Link) bool { return l.Ply == -1 && !l.HasGame() }, ""},
		{"fen and moves", "fen=" + strings.ReplaceAll(endgameFEN, " ", "+") + "&moves=a0a9", "", "",
			func(l Link) bool { return l.FEN == endgameFEN && l.Moves == "a0a9" }, ""},
		{"lichess ply fragment", "moves=h2e2", "3", "", func(l Link) bool { return l.Ply == 3 }, ""},
		{"fragment params win", "ply=1&flip=0", "ply=2&flip=1", "", func(l Link) bool { return l.Ply == 2 && l.Flip }, ""},
		{"game reversi", "game=Reversi", "", "", func(l Link) bool { return l.Game == play.VariantReversi && l.HasGame() && !l.HasRecord() }, ""},
		{"othello", "game=othello", "", "", func(l Link) bool { return l.Game == play.VariantReversi }, ""},
		{"flags", "flip=true&play=1&autoplay=1.5", "", "", func(l Link) bool {
			return l.Flip && l.Play && l.Autoplay == 1500*time.Millisecond
		}, ""},
		{"autoplay clamped", "autoplay=0.01", "", "", func(l Link) bool { return l.Autoplay == MinAutoplay }, ""},
		{"autoplay bad", "autoplay=fast", "", "", func(l Link) bool { return l.Autoplay == 0 && len(l.Notes) == 1 }, ""},
		{"the app's themes", "theme=contrast", "", "", func(l Link) bool { return l.Theme == play.ThemeContrast && len(l.Notes) == 0 }, ""},
		{"dark is wood", "theme=dark", "", "", func(l Link) bool { return l.Theme == play.ThemeWood }, ""},
		{"lang theme notation", "lang=zh-Hant&theme=light&notation=WXF", "", "", func(l Link) bool {
			return l.Lang == "zh-Hant" && l.Theme == "light" && l.Notation == play.WXF
		}, ""},
		{"hostile lang theme", "lang=%22%3E%3Cscript%3E&theme=%3Cb%3E", "", "", func(l Link) bool {
			return l.Lang == "" && l.Theme == "" && len(l.Notes) == 2 && strings.Contains(l.Notes[0], "<script>")
		}, ""},
		{"window.name DhtmlXQ", "", "", "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]",
			func(l Link) bool { return strings.HasPrefix(l.DhtmlXQ, "[DhtmlXQ]") }, ""},
		{"window.name without a block", "", "", "some-frame", func(l Link) bool { return !l.HasGame() }, ""},
		{"the URL's record wins over window.name", "moves=h2e2", "", "[DhtmlXQ][/DhtmlXQ]",
			func(l Link) bool { return l.DhtmlXQ == "" }, ""},
		{"bad game", "game=chess", "", "", nil, `game parameter is "chess"`},
		{"bad ply", "ply=-2", "", "", nil, "the ply parameter"},
		{"bad escape", "fen=%zz", "", "", nil, "bad %-escape"},
		{"broken UTF-8", "pgn=%FF%FEabc", "", "", nil, `"pgn" parameter is not valid UTF-8 text (at byte 1)`},
		{"too long", "moves=" + strings.Repeat("a", MaxParam+1), "", "", nil, `"moves" parameter is 262145 bytes long`},
		{"window.name too long", "", "", "[DhtmlXQ]" + strings.Repeat("x", MaxParam), nil, "frame's name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := ParseLink(tt.query, tt.frag, tt.wname)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one with %q", err, tt.err)
				}
				if len(err.Error()) > 400 {
					t.Errorf("error of %d bytes", len(err.Error()))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !tt.want(l) {
				t.Errorf("ParseLink = %+v", l)
			}
		})
	}
}

func TestOpen(t *testing.T) {
	pgn := "[Event \"Club <b>night</b>\"]\n[Red \"<script>alert(1)</script>\"]\n[Black \"Lü\"]\n[Result \"1-0\"]\n\n" +
		"{opening} 1. C2.5 {centre cannon} H8+7 2. H2+3 1-0\n"
	tests := []struct {
		name       string
		link       Link
		defaultPly int
		kind       string
		game       string
		plies      int // recorded
		shown      int
		check      func(*Opened) bool
		err        string
	}{
		{"start", Link{Ply: -1}, 0, "start", play.VariantXiangqi, 0, 0, nil, ""},
		{"ICCS moves, end by default", Link{Moves: "1. H2-E2 H9-G7 2. B0-C2", Ply: -1}, -1, "moves", play.VariantXiangqi, 3, 3,
			func(o *Opened) bool { return len(o.Notes) == 0 }, ""},
		{"a PGN's unreadable variation is noted, its missing result is not", Link{PGN: "1. H2-E2 (1. C2.5) (1. H9-G7) H9-G7", Ply: -1}, 0, "PGN", play.VariantXiangqi, 2, 0,
			func(o *Opened) bool { return len(o.Notes) == 1 && strings.Contains(o.Notes[0], "variation") }, ""},
		{"Chinese moves at ply 1", Link{Moves: "炮二平五 马8进7", Ply: 1}, -1, "moves", play.VariantXiangqi, 2, 1, nil, ""},
		{"UCCI moves from a FEN", Link{FEN: endgameFEN, Moves: "a0a9", Ply: -1}, 0, "moves", play.VariantXiangqi, 1, 0, func(o *Opened) bool {
			return xiangqiOf(o.Table).Game().Start().FEN() == endgameFEN
		}, ""},
		{"ply beyond the end", Link{Moves: "h2e2", Ply: 99}, 0, "moves", play.VariantXiangqi, 1, 1, nil, ""},
		{"flip", Link{FEN: endgameFEN, Flip: true, Ply: -1}, 0, "FEN", play.VariantXiangqi, 0, 0, func(o *Opened) bool { return o.Table.Flipped() }, ""},
		{"PGN with tags and comments", Link{PGN: pgn, Ply: -1}, 0, "PGN", play.VariantXiangqi, 3, 0, func(o *Opened) bool {
			return o.Red == "<script>alert(1)</script>" && o.Black == "Lü" && o.Title == "Club <b>night</b>" && o.Result == "1-0" &&
				len(o.Comments) == 4 && o.Comments[0] == "opening" && o.Comments[1] == "centre cannon"
		}, ""},
		{"DhtmlXQ", Link{DhtmlXQ: "[DhtmlXQ][DhtmlXQ_red]甲[/DhtmlXQ_red][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]", Ply: -1}, 0,
			"DhtmlXQ", play.VariantXiangqi, 2, 0, func(o *Opened) bool { return o.Red == "甲" }, ""},
		{"text: a FEN", Link{Text: endgameFEN, Ply: -1}, 0, "FEN", play.VariantXiangqi, 0, 0, nil, ""},
		{"text: a Reversi transcript", Link{Text: "f5d6c3d3c4", Ply: -1}, -1, "transcript", play.VariantReversi, 5, 5, nil, ""},
		{"reversi moves", Link{Game: play.VariantReversi, Moves: "f5 d6 c3", Ply: 1}, 0, "transcript", play.VariantReversi, 3, 1, nil, ""},
		{"reversi board", Link{Game: play.VariantReversi, FEN: strings.Repeat("-", 27) + "OX------XO" + strings.Repeat("-", 27) + " X", Ply: -1}, 0,
			"board", play.VariantReversi, 0, 0, nil, ""},
		{"reversi start", Link{Game: play.VariantReversi, Ply: -1}, 0, "start", play.VariantReversi, 0, 0, nil, ""},
		{"bad FEN", Link{FEN: "<img src=x onerror=alert(1)>", Ply: -1}, 0, "", "", 0, 0, nil, "the fen parameter: "},
		{"bad PGN: line and column", Link{PGN: "[Red \"x\"]\n\n1. H2-E2 H2-E2", Ply: -1}, 0, "", "", 0, 0, nil, "the pgn parameter: pgn: line 3, column 10"},
		{"bad moves from a FEN: the list's own line", Link{FEN: endgameFEN, Moves: "a0a9 zz", Ply: -1}, 0, "", "", 0, 0, nil, "the moves parameter: pgn: line 1, column 6"},
		{"bad moves' FEN", Link{FEN: "x", Moves: "h2e2", Ply: -1}, 0, "", "", 0, 0, nil, "its fen"},
		{"bad DhtmlXQ", Link{DhtmlXQ: "[DhtmlXQ][DhtmlXQ_movelist]7747</b>", Ply: -1}, 0, "", "", 0, 0, nil, "the dhtmlxq parameter: DhtmlXQ: line 1"},
		{"bad transcript", Link{Game: play.VariantReversi, Moves: "f5 z9", Ply: -1}, 0, "", "", 0, 0, nil, "the moves parameter: reversi"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := tt.link.Open(tt.defaultPly)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b := o.Table
			if o.Kind != tt.kind || b.Variant() != tt.game || b.Len() != tt.plies || b.ShownPly() != tt.shown || b.Mode() != play.TwoPlayer {
				t.Errorf("opened %s %s, %d plies showing %d (mode %v); want %s %s %d showing %d",
					o.Kind, b.Variant(), b.Len(), b.ShownPly(), b.Mode(), tt.kind, tt.game, tt.plies, tt.shown)
			}
			if tt.check != nil && !tt.check(o) {
				t.Errorf("opened %+v", o)
			}
		})
	}
}

// TestShareQueryOpens: what ShareQuery writes opens the same game at the same ply.
func TestShareQueryOpens(t *testing.T) {
	x := play.NewTable(play.VariantXiangqi)
	x.SetTwoPlayer()
	for _, mv := range []string{"h2e2", "h9g7", "b0c2"} {
		mustPlay(t, xiangqiOf(x), mv)
	}
	x.Review(1)
	rg := play.NewReversi()
	g, _, _ := play.ImportReversi("f5d6c3")
	rg.Load(g)
	r := play.TableOf(rg)
	r.SetTwoPlayer()
	fm := play.NewXiangqi()
	fm.LoadFEN(endgameFEN)
	fromFEN := play.TableOf(fm)
	fromFEN.Flip()
	tests := []struct {
		b     *play.Table
		embed bool
		want  string
	}{
		{x, false, "moves=h2e2+h9g7+b0c2&ply=1"},
		{x, true, "moves=h2e2+h9g7+b0c2&ply=1"},
		{r, false, "game=reversi&moves=f5d6c3"},
		{r, true, "game=reversi&moves=f5d6c3&ply=3"},
		{fromFEN, true, "fen=4k4/9/9/9/9/9/9/9/9/R2K5+w+-+-+0+1&ply=0&flip=1"},
		{play.NewTable(play.VariantXiangqi), false, ""},
	}
	for _, tt := range tests {
		q := ShareQuery(tt.b, tt.embed)
		if q != tt.want {
			t.Errorf("ShareQuery(%s, %v) = %q, want %q", tt.b.Variant(), tt.embed, q, tt.want)
		}
		l, err := ParseLink(q, "", "")
		if err != nil {
			t.Fatal(err)
		}
		if l.Clocked {
			t.Errorf("%q asks for a clock", q)
		}
		o, err := l.Open(-1)
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		if o.Table.Variant() != tt.b.Variant() || o.Table.ShownPly() != tt.b.ShownPly() ||
			o.Table.Len() != max(tt.b.Ply(), tt.b.ShownPly()) || (tt.embed && o.Table.Flipped() != tt.b.Flipped()) {
			t.Errorf("%q opens %s at %d of %d", q, o.Table.Variant(), o.Table.ShownPly(), o.Table.Len())
		}
	}
}

func mustPlay(t *testing.T, m *play.Xiangqi, s string) {
	t.Helper()
	if err := m.Game().PlayString(s); err != nil {
		t.Fatal(err)
	}
}

// TestOpenLongGame: a 5,000-move record opens (the page shows it) without trouble.
func TestOpenLongGame(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 1250; i++ {
		b.WriteString("h0g2 h9g7 g2h0 g7h9 ")
	}
	start := time.Now()
	o, err := Link{Moves: b.String(), Ply: -1}.Open(0)
	if err != nil {
		t.Fatal(err)
	}
	if o.Table.Len() != 5000 {
		t.Fatalf("%d plies", o.Table.Len())
	}
	o.Table.Review(5000)
	_ = play.StatusText(i18n.English, o.Table)
	t.Logf("5,000 moves opened in %v", time.Since(start))
}

// FuzzParseLink: never panics; every error is short, valid text; whatever parses opens or
// fails with a message, never a panic, and the board shows a ply of its record.
func FuzzParseLink(f *testing.F) {
	for _, s := range []string{"", "fen=" + xiangqi.StartFEN, "moves=h2e2+h9g7&ply=1", "pgn=1.+C2.5", "game=reversi&moves=f5d6",
		"text=f5d6c3", "dhtmlxq=%5BDhtmlXQ%5D%5B%2FDhtmlXQ%5D", "ply=%FF", "autoplay=NaN", "theme=%3Cb%3E"} {
		f.Add(s, "", "")
	}
	f.Add("", "12", "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]")
	f.Fuzz(func(t *testing.T, query, frag, name string) {
		l, err := ParseLink(query, frag, name)
		if err != nil {
			if !utf8.ValidString(err.Error()) || len(err.Error()) > 400 {
				t.Fatalf("error %q", err)
			}
			return
		}
		o, err := l.Open(0)
		if err != nil {
			if !utf8.ValidString(err.Error()) || len(err.Error()) > 600 {
				t.Fatalf("error of %d bytes: %q", len(err.Error()), err)
			}
			return
		}
		if p := o.Table.ShownPly(); p < 0 || p > o.Table.Len() {
			t.Fatalf("shows ply %d of %d", p, o.Table.Len())
		}
		ShareQuery(o.Table, true)
	})
}

// TestOpenWithVariations: a link's record with variations (as a blog's [DhtmlXQ] block or
// <pre class="qipan"> sends it to the embed) keeps them: the lines at a position, a move of
// one entered, its comments on that line.
func TestOpenWithVariations(t *testing.T) {
	// a blogger's PGN: a symbol, two variations at move 2
	const annotatedPGN = "1. H2-E2! H9-G7 2. H0-G2 (2. C3-C4 {另一路}) (2. B0-C2?!) 2... I9-H9 *"
	const dx = `[DhtmlXQ][DhtmlXQ_movelist]796770621927[/DhtmlXQ_movelist]
[DhtmlXQ_move_0_2_1]03041927[/DhtmlXQ_move_0_2_1][DhtmlXQ_comment1_3]变着的注解[/DhtmlXQ_comment1_3]
[DhtmlXQ_comment2]主线[/DhtmlXQ_comment2][/DhtmlXQ]`
	for _, l := range []Link{{DhtmlXQ: dx, Ply: 1}, {Text: dx, Ply: 1}, {PGN: annotatedPGN, Ply: 1}} {
		o, err := l.Open(0)
		if err != nil {
			t.Fatal(err)
		}
		x := xiangqiOf(o.Table)
		if l.PGN != "" {
			if len(x.Branches(2, play.ICCS)) != 2 || x.Symbol(1) != "!" {
				t.Errorf("PGN: lines %v, symbol %q", x.Branches(2, play.ICCS), x.Symbol(1))
			}
			continue
		}
		if len(x.Branches(1, play.ICCS)) != 1 {
			t.Fatalf("%+v: lines %v", l, x.Branches(1, play.ICCS))
		}
		if o.Comment(2) != "主线" || !o.Table.EnterBranch(1, 1, 1) || o.Comment(3) != "变着的注解" || x.QueryMoves(3) != "h0g2+a6a5+b0c2" {
			t.Errorf("%+v: comments %q %q, moves %q", l, o.Comment(2), o.Comment(3), x.QueryMoves(3))
		}
	}
}

// TestOpenedNotation: a link's record keeps the notation it was written in; text that names
// none leaves the choice to the reader's language.
func TestOpenedNotation(t *testing.T) {
	for _, tt := range []struct {
		query string
		want  play.Notation
	}{
		{"text=" + url.QueryEscape("1. 炮二平五 马8进7"), play.Chinese},
		{"pgn=" + url.QueryEscape("1. C2.5 H8+7"), play.WXF},
		{"moves=h2e2+h9g7", ""},
		{"dhtmlxq=" + url.QueryEscape("[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]"), ""},
	} {
		l, err := ParseLink(tt.query, "", "")
		if err != nil {
			t.Fatal(err)
		}
		o, err := l.Open(0)
		if err != nil {
			t.Fatalf("%s: %v", tt.query, err)
		}
		if o.Notation != tt.want {
			t.Errorf("%s: opened in %q, want %q", tt.query, o.Notation, tt.want)
		}
	}
}

// xiangqiOf is the Xiangqi game at table t (nil for another game).
func xiangqiOf(t *play.Table) *play.Xiangqi {
	m, _ := t.Xiangqi()
	return m
}

// A puzzle on the board is shared as the puzzle, and the link opens it as one.
func TestShareQueryOfAPuzzle(t *testing.T) {
	b := play.NewTable(play.VariantXiangqi)
	fen := "3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1"
	if err := b.StartPuzzle(play.Puzzle{Variant: play.VariantXiangqi, FEN: fen}); err != nil {
		t.Fatal(err)
	}
	q := ShareQuery(b, true)
	if q != "puzzle=1&fen=3k5/RR7/9/9/9/9/9/9/9/4K4+w+-+-+0+1" {
		t.Fatalf("share query %q", q)
	}
	l, err := ParseLink(q, "", "")
	if err != nil || !l.Puzzle || l.FEN != fen {
		t.Errorf("read back: %+v, %v", l, err)
	}
}

// A game with a clock is shared with its time control (the app's link, not the embed's), and
// the link gives it back.
func TestShareQueryKeepsTheClock(t *testing.T) {
	for _, tc := range []string{"10+5", "20m30s"} {
		x := play.NewTable(play.VariantXiangqi)
		x.SetTwoPlayer()
		want, err := play.ParseTimeControl(tc)
		if err != nil {
			t.Fatal(err)
		}
		x.SetTimeControl(want)
		mustPlay(t, xiangqiOf(x), "h2e2")
		if got := ShareQuery(x, true); strings.Contains(got, "clock") {
			t.Errorf("the embed's query %q carries the clock", got)
		}
		q := ShareQuery(x, false)
		l, err := ParseLink(q, "", "")
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		if !l.Clocked || l.Clock != want || !strings.HasPrefix(q, "moves=h2e2&clock=") {
			t.Errorf("%q: clock %v (asked %v), want %v", q, l.Clock, l.Clocked, want)
		}
	}
}

// A Reversi puzzle is shared as a puzzle with its moves' scores, which the link reads back
// into the same puzzle (judged wherever it opens); a learning exercise stays a game.
func TestShareQueryOfAReversiPuzzle(t *testing.T) {
	pz := play.Puzzle{
		Variant: play.VariantReversi, Source: play.ReversiSource, Number: 1, Goal: play.GoalBest, Empties: 14,
		FEN:  "OXOOOO--OXXOXOX-OOOXOOO-OXXOXOO-OXOOOO--OXOXOOO-OOXOOO--O--XO-O- X",
		Best: "f8", Score: 18,
		Scores: []play.MoveScore{{Move: "f8", Discs: 18}, {Move: "h2", Discs: 2}, {Move: "h4", Discs: 2}, {Move: "h6", Discs: 2},
			{Move: "b8", Discs: 2}, {Move: "g1", Discs: 0}, {Move: "h3", Discs: -2}, {Move: "h5", Discs: -2},
			{Move: "g5", Discs: -4}, {Move: "h7", Discs: -8}, {Move: "g7", Discs: -16}},
	}
	b := play.NewTable(play.VariantReversi)
	if err := b.StartPuzzle(pz); err != nil {
		t.Fatal(err)
	}
	for _, embed := range []bool{false, true} {
		q := ShareQuery(b, embed)
		want := "game=reversi&puzzle=1&fen=OXOOOO--OXXOXOX-OOOXOOO-OXXOXOO-OXOOOO--OXOXOOO-OOXOOO--O--XO-O-+X&scores=f8:18,h2:2,h4:2,h6:2,b8:2,g1:0,h3:-2,h5:-2,g5:-4,h7:-8,g7:-16"
		if q != want {
			t.Fatalf("share query (embed %v)\n%q\nwant\n%q", embed, q, want)
		}
		l, err := ParseLink(q, "", "")
		if err != nil || !l.Puzzle || l.Game != play.VariantReversi || l.FEN != pz.FEN {
			t.Fatalf("read back: %+v, %v", l, err)
		}
		got, err := play.LinkPuzzle(l.Game, l.FEN, l.Scores)
		if err != nil || got.Best != "f8" || got.Score != 18 || len(got.Scores) != len(pz.Scores) {
			t.Errorf("the link's puzzle: %+v, %v", got, err)
		}
	}
	// The same link with its scores written as a collection does, unescaped: the '+' of a
	// score is a space once the query is read, and still reads.
	l, err := ParseLink("game=reversi&puzzle=1&fen="+strings.ReplaceAll(pz.FEN, " ", "+")+"&scores=f8:+18+h2:+2+h4:+2+h6:+2+b8:+2+g1:0+h3:-2+h5:-2+g5:-4+h7:-8+g7:-16", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := play.LinkPuzzle(l.Game, l.FEN, l.Scores); err != nil {
		t.Errorf("the collection's writing: %v", err)
	}
}
