package main

import (
	"slices"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
)

// TestThemes: a constructed position per theme, its line ending in mate (or a gain), and the
// themes told exactly: each rule fires on its picture and on no other.
func TestThemes(t *testing.T) {
	tests := []struct {
		name, fen, line string
		mate            int
		want            []string
	}{
		// The cannon h2 comes to the centre behind the horse e7, which holds d9 and f9.
		{"马后炮", "4k4/9/4N4/p8/9/9/9/7C1/9/4K4 w - - 0 1", "h2e2", 1, []string{ThemeMaHouPao}},
		// The rear cannon checks through the front one; the chariot d1 and the horse g6
		// hold the sides.
		{"重炮", "9/4k4/9/p5N2/4C4/9/7C1/9/3R5/4K4 w - - 0 1", "h3e3", 1, []string{ThemeChongPao}},
		// The cannon checks along the back rank through the advisor d9; the advisor e8
		// shuts the general in.
		{"闷宫", "3ak4/4a4/9/8p/C8/9/9/9/9/4K4 w - - 0 1", "a5a9", 1, []string{ThemeMenGong}},
		// The horse checks from g7; the chariot holds e9, the soldier f8.
		{"卧槽马", "5k3/9/5P3/p8/7N1/9/9/9/4R4/3K5 w - - 0 1", "h5g7", 1, []string{ThemeWoCaoMa}},
		// a9 checks, the general steps up, b8 mates; the soldier e6 holds e7.
		{"双车错", "4k4/9/9/4P3p/9/9/9/1R7/R8/4K4 w - - 0 1", "a1a9 e9e8 b2b8", 2, []string{ThemeShuangCheCuo}},
		// The chariot mates on the back rank; the central cannon holds e9 through the advisor.
		{"铁门栓", "3k5/4a4/3P5/8p/9/9/9/4C4/R8/5K3 w - - 0 1", "a1a9", 1, []string{ThemeTieMenShuan}},
		// The chariot checks up the f-file; e9 faces Red's general.
		{"白脸将", "5k3/9/9/p8/9/9/9/9/8R/4K4 w - - 0 1", "i1f1", 1, []string{ThemeBaiLianJiang}},
		// Two chariots: one mates, the other guards; d9 faces Red's general too, but the
		// chariot holds it anyway: no theme.
		{"a plain mate", "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", "b0b9", 1, nil},
		// The horse takes the chariot on g7.
		{"wins the chariot", "4k4/9/6r2/4N4/p8/9/9/9/9/3K5 w - - 0 1", "e6g7", 0, []string{ThemeWinsChariot}},
		// The horse takes a cannon: no chariot won.
		{"wins a cannon", "4k4/9/6c2/4N4/p8/9/9/9/9/3K5 w - - 0 1", "e6g7", 0, nil},
		// Black mates: the black horse from g2 against Red's palace.
		{"卧槽马 for Black", "3k5/9/9/9/9/7n1/9/9/4p4/5K3 b - - 0 1", "h4g2", 1, []string{ThemeWoCaoMa}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := minedPuzzle{fen: tc.fen, mate: tc.mate}
			pos, err := xiangqi.ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range strings.Fields(tc.line) {
				m, err := xiangqi.ParseMove(s)
				if err != nil || !pos.IsLegal(m) {
					t.Fatalf("%s is not legal in %s", s, pos.FEN())
				}
				pos.Make(m)
				p.line = append(p.line, m)
			}
			if mated := len(pos.LegalMoves()) == 0; mated != (tc.mate > 0) {
				t.Fatalf("after the line %s: mated %v", pos.FEN(), mated)
			}
			if got := themesOf(p); !slices.Equal(got, tc.want) {
				t.Errorf("themes %v, want %v", got, tc.want)
			}
		})
	}
}

// TestRating: 150 per solver move, 100 more for a quiet one.
func TestRating(t *testing.T) {
	for _, tc := range []struct {
		fen, line string
		want      int
	}{
		{"4k4/9/9/4P3p/9/9/9/1R7/R8/4K4 w - - 0 1", "a1a9 e9e8 b2b8", 1300}, // two checks
		{"4k4/9/6r2/4N4/p8/9/9/9/9/3K5 w - - 0 1", "e6g7", 1250},            // a quiet capture
	} {
		p := minedPuzzle{fen: tc.fen}
		for _, s := range strings.Fields(tc.line) {
			m, _ := xiangqi.ParseMove(s)
			p.line = append(p.line, m)
		}
		if got := ratingOf(p); got != tc.want {
			t.Errorf("%s %s: rating %d, want %d", tc.fen, tc.line, got, tc.want)
		}
	}
}
