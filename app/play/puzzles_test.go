package play

import (
	"strings"
	"testing"
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
