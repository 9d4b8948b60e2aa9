package puzzles

import (
	"testing"

	"qipan/app/play"
)

// TestCollections: every file here is embedded, is a game's the board knows, and reads as a
// collection; the classical Xiangqi manuals are there whole.
func TestCollections(t *testing.T) {
	cs := Collections()
	if len(cs) == 0 {
		t.Fatal("no collection embedded")
	}
	count := map[string]int{} // puzzles by file and by game
	for _, c := range cs {
		if c.Variant != play.VariantXiangqi && c.Variant != play.VariantReversi {
			t.Errorf("%s: the game %q is none the board plays", c.Name, c.Variant)
		}
		list, err := play.ParsePuzzles(c.Variant, c.Text)
		if err != nil || len(list) == 0 {
			t.Errorf("%s: %d puzzles, %v", c.Name, len(list), err)
		}
		count[c.Name], count[c.Variant] = len(list), count[c.Variant]+len(list)
	}
	xq, err := For(play.VariantXiangqi)
	if err != nil {
		t.Fatal(err)
	}
	if count["xiangqi-classical.tsv"] != 334 || len(xq) != count[play.VariantXiangqi] {
		t.Errorf("%d Xiangqi puzzles, %d of xiangqi-classical.tsv (want 334), %d in the Xiangqi files",
			len(xq), count["xiangqi-classical.tsv"], count[play.VariantXiangqi])
	}
	if xq[0].Source != "适情雅趣" || xq[0].Number != 1 || xq[0].Mate != 7 {
		t.Errorf("the first puzzle: %+v", xq[0])
	}
	if list, err := For("chess"); len(list) != 0 || err != nil {
		t.Errorf("a game without collections: %d puzzles, %v", len(list), err)
	}
}

func TestVariantOf(t *testing.T) {
	for name, want := range map[string]string{"xiangqi-classical.tsv": "xiangqi", "reversi.tsv": "reversi", "reversi.endgames.tsv": "reversi"} {
		if got := variantOf(name); got != want {
			t.Errorf("variantOf(%q) = %q, want %q", name, got, want)
		}
	}
}

// BenchmarkParse reads each shipped collection as every start does (play.ParsePuzzles).
func BenchmarkParse(b *testing.B) {
	for _, c := range Collections() {
		b.Run(c.Name, func(b *testing.B) {
			for b.Loop() {
				if _, err := play.ParsePuzzles(c.Variant, c.Text); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
