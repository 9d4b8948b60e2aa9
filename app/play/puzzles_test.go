package play

import (
	"fmt"
	"strings"
	"testing"

	"qipan/app/i18n"
)

func TestParsePuzzles(t *testing.T) {
	good := "# made by cmd/qipan-puzzles\nfen\tmanual\tnumber\ttitle\tmate\tfirst\tsecond\n" +
		cornered.FEN + "\t适情雅趣\t12\t二鬼拍门\t1\ta8a9\ta8a7\n" +
		"3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1\t梦入神机\t3\t\t\ta8a9\t\n"
	ps, err := ParsePuzzles(VariantXiangqi, good)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 || ps[0].Source != "适情雅趣" || ps[0].Number != 12 || ps[0].Title != "二鬼拍门" || ps[0].Mate != 1 ||
		strings.Join(ps[0].First, ",") != "a8a9,a8a7" || ps[1].Mate != 0 || len(ps[1].First) != 1 || ps[1].Variant != VariantXiangqi {
		t.Errorf("parsed %+v", ps)
	}
	for _, c := range []struct{ name, text, want string }{
		{"no fen column", "title\tmate\nx\t1\n", "no fen column"},
		{"a bad number", "fen\tmate\n" + cornered.FEN + "\tthree\n", `line 2: mate "three"`},
		{"no position", "fen\ttitle\n\tnone\n", "line 2: no position"},
	} {
		if _, err := ParsePuzzles(VariantXiangqi, c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", c.name, err, c.want)
		}
	}
}

// FuzzParsePuzzles: any text is read or refused with an error, never a panic, and every
// puzzle read has a position.
func FuzzParsePuzzles(f *testing.F) {
	f.Add("fen\ttitle\n" + cornered.FEN + "\tx\n")
	f.Add("# c\nfen\tmate\tfirst\n" + cornered.FEN + "\t2\ta8a9,a8a7\n")
	f.Fuzz(func(t *testing.T, text string) {
		ps, err := ParsePuzzles(VariantXiangqi, text)
		for _, p := range ps {
			if err == nil && p.FEN == "" {
				t.Errorf("a puzzle without a position from %q", text)
			}
		}
	})
}

// A Reversi collection's lines: the best move, its score and every move's, the empties; a line
// whose scores do not fit the position is an error naming the line, in the reader's language.
func TestParseReversiPuzzles(t *testing.T) {
	var moves []string
	for _, m := range blackBest.Scores {
		moves = append(moves, fmt.Sprintf("%s:%+d", m.Move, m.Discs))
	}
	line := func(fen, best, score, ms string) string {
		return fen + "\t7\t" + best + "\t" + score + "\t" + ms + "\t14\n"
	}
	head := "# cmd/reversi-puzzles\nposition\tnumber\tbest\tscore\tmoves\tempties\n"
	all := strings.Join(moves, " ")
	ps, err := ParsePuzzles(VariantReversi, head+line(blackBest.FEN, "f8", "+18", all))
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	if len(ps) != 1 || p.Goal != GoalBest || p.Source != ReversiSource || p.Number != 7 || p.Best != "f8" || p.Score != 18 ||
		p.Empties != 14 || len(p.Scores) != 11 || p.Scores[9] != (MoveScore{"h7", -8}) {
		t.Errorf("parsed %+v", p)
	}
	for _, c := range []struct{ name, text, want, zh string }{
		{"a score not the best's", head + line(blackBest.FEN, "f8", "+16", all), "line 3: best move f8 +16", "残局文件第3行无法读取"},
		{"a best move not the best", head + line(blackBest.FEN, "h2", "+2", all), "line 3: best move h2", "第3行"},
		{"a move missing", head + line(blackBest.FEN, "f8", "+18", strings.Join(moves[:10], " ")), "10 moves scored, the position has 11", "第3行"},
		{"an illegal move", head + line(blackBest.FEN, "f8", "+18", strings.Replace(all, "h7", "a1", 1)), "move a1 is not a legal move", "第3行"},
		{"a move twice", head + line(blackBest.FEN, "f8", "+18", strings.Replace(all, "h7", "h2", 1)), "move h2 is not a legal move scored once", "第3行"},
		{"a move score unreadable", head + line(blackBest.FEN, "f8", "+18", strings.Replace(all, "h7:-8", "h7=-8", 1)), `move score "h7=-8"`, "第3行"},
		{"a bad board", head + line("XO"+blackBest.FEN[3:], "f8", "+18", all), "line 3: reversi: board text", "第3行"},
	} {
		_, err := ParsePuzzles(VariantReversi, c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", c.name, err, c.want)
			continue
		}
		if zh := PuzzlesErrorText(i18n.Simplified, err); !strings.Contains(zh, c.zh) || PuzzlesErrorText(i18n.English, err) != err.Error() {
			t.Errorf("%s: in Chinese %q, want %q", c.name, zh, c.zh)
		}
	}
}

// FuzzParseReversiPuzzles: any text is read or refused with an error, never a panic; every
// puzzle read with scores has its best move among them at the top score.
func FuzzParseReversiPuzzles(f *testing.F) {
	f.Add("position\tnumber\tbest\tscore\tmoves\tempties\n" + blackBest.FEN + "\t1\tf8\t+18\tf8:+18 h2:+2 h4:+2 h6:+2 b8:+2 g1:+0 h3:-2 h5:-2 g5:-4 h7:-8 g7:-16\t14\n")
	f.Add("position\tmoves\n" + blackBest.FEN + "\tf8:+18 h2:x\n")
	f.Fuzz(func(t *testing.T, text string) {
		ps, err := ParsePuzzles(VariantReversi, text)
		if err != nil {
			return
		}
		for _, p := range ps {
			if v, ok := p.ScoreOf(p.Best); len(p.Scores) > 0 && (!ok || v != p.Score || p.Goal != GoalBest) {
				t.Errorf("%+v from %q", p, text)
			}
		}
	})
}

// The mined collection's columns: a goal (mate or better: a better move's puzzle takes its
// first move and score as Best and Score), themes and a rating; a goal it does not know, or a
// better move's puzzle without its score, is an error naming the line.
func TestParsePuzzleThemesAndGoals(t *testing.T) {
	head := "fen\tsource\tnumber\tgoal\tmate\tfirst\tscore\tline\ttheme\trating\n"
	text := head + cornered.FEN + "\tmined\t1\t\t2\ta8a9\t\ta8a9 e9e8 b8b9\tshuangchecuo bailianjiang\t1700\n" +
		cornered.FEN + "\tmined\t2\tbetter\t\ta8a7\t420\ta8a7\twins-chariot\t1250\n"
	ps, err := ParsePuzzles(VariantXiangqi, text)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 || ps[0].Goal != GoalMate || ps[0].Mate != 2 || ps[0].Rating != 1700 ||
		strings.Join(ps[0].Themes, ",") != "shuangchecuo,bailianjiang" {
		t.Errorf("the mate: %+v", ps[0])
	}
	if p := ps[1]; p.Goal != GoalBetter || p.Best != "a8a7" || p.Score != 420 || p.Rating != 1250 || len(p.Themes) != 1 {
		t.Errorf("the gain: %+v", p)
	}
	if got := PuzzleThemesText(i18n.Simplified, ps[0]); got != "双车错 · 白脸将" {
		t.Errorf("themes in Chinese: %q", got)
	}
	if got := PuzzleThemesText(i18n.English, ps[1]); got != "Wins the chariot" {
		t.Errorf("theme in English: %q", got)
	}
	for theme, k := range PuzzleThemes {
		for _, l := range i18n.Langs {
			if l.T(k) == "" {
				t.Errorf("theme %s has no words in %s", theme, l)
			}
		}
	}
	for _, c := range []struct{ name, line, want string }{
		{"an unknown goal", cornered.FEN + "\tmined\t3\twin\t\ta8a9\t\t\t\t\n", `line 2: goal "win"`},
		{"a gain without its score", cornered.FEN + "\tmined\t3\tbetter\t\ta8a9\t\t\t\t\n", "line 2: a better move's puzzle"},
		{"a bad rating", cornered.FEN + "\tmined\t3\t\t1\ta8a9\t\t\t\thigh\n", `line 2: rating "high"`},
	} {
		if _, err := ParsePuzzles(VariantXiangqi, head+c.line); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", c.name, err, c.want)
		}
	}
}

// A mined collection's puzzles: named by the collection's words and their themes, a gain's
// goal said as a mate's (to move and win), solved by its best move.
func TestMinedPuzzle(t *testing.T) {
	text := "fen\tsource\tnumber\tgoal\tmate\tfirst\tscore\ttheme\trating\n" +
		"2b1kab2/4a4/6R2/p3r4/2p6/4C4/P1P1P4/6r2/9/2BAKAB2 w - - 0 25\tmined\t2\tbetter\t\tg7g2\t411\twins-chariot\t1250\n"
	ps, err := ParsePuzzles(VariantXiangqi, text)
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	if got := PuzzleName(i18n.Simplified, p); got != "对局精选 第2局 得车" {
		t.Errorf("name %q", got)
	}
	if got := PuzzleName(i18n.English, p); got != "From qipan's games No. 2 Wins the chariot" {
		t.Errorf("name %q", got)
	}
	tb := NewTable(VariantXiangqi)
	if err := tb.StartPuzzle(p); err != nil {
		t.Fatal(err)
	}
	if got := PuzzleText(i18n.Simplified, tb); !strings.HasPrefix(got, "红先胜") {
		t.Errorf("the goal: %q", got)
	}
	person(t, tb, "g7", "g2")
	if st, _ := puzzleState(tb); st != PuzzleSolved {
		t.Errorf("after the best move: %s", st)
	}
}
