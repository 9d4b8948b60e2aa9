package desktop

import (
	"strings"
	"testing"

	"golang.org/x/image/font/sfnt"

	"qipan/app/desktop/font"
	"qipan/app/glyph"
	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/web/puzzles"
)

func TestParsePath(t *testing.T) {
	for _, tc := range []struct {
		d    string
		ops  []SegOp
		last [2]float32 // the last segment's end point
		err  string
	}{
		{"M126 -457L126 -251L60 -251Z", []SegOp{MoveTo, LineTo, LineTo, Close}, [2]float32{0, 0}, ""},
		{"M0 0C1 2 3 4 5 6Q7 8 9 -10", []SegOp{MoveTo, CubicTo, QuadTo}, [2]float32{9, -10}, ""},
		{"M1-2 3-4", []SegOp{MoveTo, LineTo}, [2]float32{3, -4}, ""}, // numbers after M are linetos
		{"M1.5,2.5 L3 4", []SegOp{MoveTo, LineTo}, [2]float32{3, 4}, ""},
		{"A1 2", nil, [2]float32{}, `command "A"`},
		{"5 6", nil, [2]float32{}, "has no command"},
		{"M1", nil, [2]float32{}, "needs 2 numbers"},
		{"M1 x", nil, [2]float32{}, "token 2"},
	} {
		segs, err := ParsePath(tc.d)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.d, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.d, err)
			continue
		}
		var ops []SegOp
		for _, s := range segs {
			ops = append(ops, s.Op)
		}
		if len(ops) != len(tc.ops) {
			t.Errorf("%q: ops %v, want %v", tc.d, ops, tc.ops)
			continue
		}
		last := segs[len(segs)-1]
		n := map[SegOp]int{MoveTo: 2, LineTo: 2, QuadTo: 4, CubicTo: 6, Close: 0}[last.Op]
		if n > 0 && (last.P[n-2] != tc.last[0] || last.P[n-1] != tc.last[1]) {
			t.Errorf("%q: ends at %v, want %v", tc.d, last.P[n-2:n], tc.last)
		}
	}
}

// TestOutlines: every character the board draws from app/glyph parses, inside its box.
func TestOutlines(t *testing.T) {
	var runes []rune
	for _, c := range "KABNRCPkabnrcp" {
		runes = append(runes, glyph.PieceRune(byte(c)))
	}
	runes = append(runes, []rune("楚河漢界")...)
	for _, r := range runes {
		segs, ok := Outline(r)
		if !ok || len(segs) < 3 {
			t.Errorf("%c: no outline (%d segments)", r, len(segs))
			continue
		}
		for _, s := range segs {
			for _, v := range s.P {
				if v < -glyph.Size*0.6 || v > glyph.Size*0.6 {
					t.Fatalf("%c: point %v outside the box", r, v)
				}
			}
		}
	}
	if _, ok := Outline('x'); ok {
		t.Error("an outline for x")
	}
}

// TestFontCoversText: every text the app may write — every text of the three catalogues, the
// languages' names, labels, status lines, the move list in each notation, coordinates — has
// its characters in the embedded subset font.
func TestFontCoversText(t *testing.T) {
	f, err := sfnt.Parse(font.UI)
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	seen := map[rune]bool{}
	check := func(s string) {
		for _, r := range s {
			if seen[r] {
				continue
			}
			seen[r] = true
			if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
				t.Errorf("the font lacks %q (U+%04X), used in %q: run app/desktop/font/gen.sh", r, r, s)
			}
		}
	}
	for _, l := range i18n.Langs {
		check(l.Name())
		for _, s := range l.Texts() {
			check(s)
		}
	}
	a, _ := newTestApp(t, &fakePipe{})
	// A long game of varied moves, so that every piece kind moves every way.
	a.Button("play-two")
	x := a.Table()
	for i := range 120 {
		moves := xiangqiOf(x).Position().LegalMoves()
		if len(moves) == 0 {
			break
		}
		mv := moves[(i*37+11)%len(moves)]
		x.Click(int(mv.From()))
		x.Click(int(mv.To()))
	}
	if x.Ply() < 60 {
		t.Fatalf("the test game stopped at ply %d", x.Ply())
	}
	for _, n := range play.Notations {
		a.Button("notation:" + string(n.N))
		for _, coords := range []string{"zh", "iccs"} {
			if a.Settings().Coords != coords {
				a.Button("coords")
			}
			for _, flip := range []bool{false, true} {
				if a.Table().Flipped() != flip {
					a.Button("flip")
				}
				for range i18n.Langs {
					a.Button("lang")
					for _, o := range a.Scene() {
						check(o.Text)
					}
				}
			}
		}
		for _, s := range a.Table().MoveTexts(n.N) {
			check(s)
		}
	}
	a.Button("game:reversi")
	a.Button("play-two")
	for range i18n.Langs {
		a.Button("lang")
		for _, o := range a.Scene() {
			check(o.Text)
		}
	}
	// The puzzles' list: every collection's names and titles, the marks.
	check("✓×")
	for _, c := range puzzles.Collections() {
		list, _ := play.ParsePuzzles(c.Variant, c.Text)
		for _, p := range list {
			for _, l := range i18n.Langs {
				check(play.PuzzleName(l, p))
			}
		}
	}
	for _, s := range []string{"Reviewing move 1 of 2 · the game is at move 2", "Looking for a hint…", "Starting the engine…", " · Check!",
		"White has no move and passes", "Black wins 40–24", "Draw 32–32"} {
		check(s)
	}
}

// xiangqiOf is the Xiangqi game at table t (nil for another game).
func xiangqiOf(t *play.Table) *play.Xiangqi {
	m, _ := t.Xiangqi()
	return m
}
