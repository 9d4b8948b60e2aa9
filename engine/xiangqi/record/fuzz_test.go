package record

import (
	"errors"
	"testing"
)

// fuzzPGN and fuzzDhtmlXQ seed the fuzzers (beside the corpus in testdata/fuzz).
var fuzzPGN = []string{
	"[Event \"a\"]\n[Format \"ICCS\"]\n\n1. H2-E2 H9-G7 {c} (1... C8-E8) 2. H0-G2 $1 1-0\n",
	"[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1\"]\n1... 炮８平５ 2. 马二进三 ; x\n*",
	"1. Ｃ２＝５Ｈ８＋７ 2. Ｈ２＋３Ｒ９＝８ 0-1\n\n[Format \"WXF\"]\n1. C2.5 H8+7 1/2-1/2",
	"{intro} 1.h2e2 砲８平５ 1-0 [Event \"b\"] 1. 前炮进一 *",
	"[Variant \"Xiangqi\"]\n1. Che3 Hg8 2. Hg3 Rh10 3. Rh1 Ce8 4. Cxe7+ Ece8 1-0",
}

var fuzzDhtmlXQ = []string{
	"[DhtmlXQ]\n[DhtmlXQ_title]t[/DhtmlXQ_title]\n[DhtmlXQ_binit]" + startBinit + "[/DhtmlXQ_binit]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[DhtmlXQ_comment1]a||b[/DhtmlXQ_comment1]\n[/DhtmlXQ]",
	"<p>[DhtmlXQ]<br/>[DhtmlXQ_binit]" + endgameBinit + "[/DhtmlXQ_binit][DhtmlXQ_movelist]3031[/DhtmlXQ_movelist][DhtmlXQ_result]黑胜[/DhtmlXQ_result][/DhtmlXQ]</p>",
	"[DhtmlXQ][DhtmlXQ_move_1_1_0]1927[/DhtmlXQ_move_1_1_0][DhtmlXQ_comment0]x[/DhtmlXQ_comment0][/DhtmlXQ]",
}

// checkReadError: a failed read is an *Error with a place and a message.
func checkReadError(t *testing.T, err error, in string) {
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%q: error %v is not an *Error", in, err)
	}
	if e.Line < 1 || e.Col < 1 || e.Game < 1 || e.Msg == "" {
		t.Fatalf("%q: error %+v lacks a place or message", in, e)
	}
}

// checkRoundTrip: g (read from in) written with write and read back with read is one game,
// the same as g.
func checkRoundTrip(t *testing.T, in, label string, g *Game, write func(*Game) (string, error), read func(string) ([]*Game, []Warning, error)) {
	t.Helper()
	text, err := write(g)
	if err != nil {
		t.Fatalf("%q: writing %s: %v", in, label, err)
	}
	back, _, err := read(text)
	if err != nil || len(back) != 1 {
		t.Fatalf("%q: reading back %s (%d games): %v\n%s", in, label, len(back), err, text)
	}
	if d := sameGame(g, back[0]); d != "" {
		t.Fatalf("%q: %s round trip: %s\n%s", in, label, d, text)
	}
}

// FuzzParsePGN: never panics; errors carry line and column; every game read writes in each
// notation and reads back the same, and converts to DhtmlXQ with the same moves.
func FuzzParsePGN(f *testing.F) {
	for _, s := range fuzzPGN {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		games, _, err := ParsePGN(in)
		if err != nil {
			checkReadError(t, err, in)
		}
		for _, g := range games {
			for _, n := range []MoveStyle{ICCS, WXF, Chinese} {
				write := func(g *Game) (string, error) { return FormatPGN(g, PGNOptions{Style: n}) }
				checkRoundTrip(t, in, n.String(), g, write, ParsePGN)
			}
			if text, err := FormatDhtmlXQ(g); err == nil {
				back, _, err := ParseDhtmlXQ(text)
				if err != nil || len(back) != 1 {
					t.Fatalf("%q: DhtmlXQ: %v\n%s", in, err, text)
				}
				if d := diffMoves(g.Moves, back[0].Moves, false, ""); d != "" {
					t.Fatalf("%q: DhtmlXQ: %s\n%s", in, d, text)
				}
			}
		}
	})
}

// FuzzParseDhtmlXQ: never panics; errors carry line and column; every game read writes and
// reads back the same.
func FuzzParseDhtmlXQ(f *testing.F) {
	for _, s := range fuzzDhtmlXQ {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		games, _, err := ParseDhtmlXQ(in)
		if err != nil {
			checkReadError(t, err, in)
		}
		for _, g := range games {
			checkRoundTrip(t, in, "DhtmlXQ", g, FormatDhtmlXQ, ParseDhtmlXQ)
		}
	})
}
