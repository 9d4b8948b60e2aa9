package xiangqi

import (
	"strings"
	"testing"
)

func TestSquares(t *testing.T) {
	for _, tc := range []struct {
		s          string
		file, rank int
	}{{"a0", 0, 0}, {"e0", 4, 0}, {"i9", 8, 9}, {"h2", 7, 2}, {"E7", 4, 7}} {
		sq, err := ParseSquare(tc.s)
		if err != nil {
			t.Fatalf("ParseSquare(%q): %v", tc.s, err)
		}
		if sq.File() != tc.file || sq.Rank() != tc.rank || sq != SquareOf(tc.file, tc.rank) {
			t.Errorf("ParseSquare(%q) = %d (file %d rank %d), want file %d rank %d", tc.s, sq, sq.File(), sq.Rank(), tc.file, tc.rank)
		}
		if sq.String() != strings.ToLower(tc.s) {
			t.Errorf("%q.String() = %q", tc.s, sq.String())
		}
	}
	for _, tc := range []struct{ s, err string }{
		{"", "want a file"}, {"e", "want a file"}, {"e10", "want a file"}, {"j0", "file 'j'"}, {"ex", "rank 'x'"},
	} {
		if _, err := ParseSquare(tc.s); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseSquare(%q) error = %v, want it to contain %q", tc.s, err, tc.err)
		}
	}
}

func TestPieces(t *testing.T) {
	for c := Red; c <= Black; c++ {
		for k := General; k <= Soldier; k++ {
			p := MakePiece(c, k)
			if p == NoPiece || p.Color() != c || p.Kind() != k {
				t.Errorf("MakePiece(%v, %v) = %d: color %v kind %v", c, k, p, p.Color(), p.Kind())
			}
			if got := pieceFromFEN(p.FEN()); got != p {
				t.Errorf("FEN letter %c of %v %v reads back as %v", p.FEN(), c, k, got)
			}
		}
	}
	if MakePiece(Black, Horse).FEN() != 'n' || MakePiece(Red, Elephant).FEN() != 'B' {
		t.Error("FEN letters: want n for a black horse, B for a red elephant")
	}
	if Red.Other() != Black || Black.Other() != Red || Red.String() != "red" || Black.String() != "black" {
		t.Error("Color.Other/String")
	}
}

func TestParseMove(t *testing.T) {
	for _, tc := range []struct{ in, ucci, iccs string }{
		{"h2e2", "h2e2", "H2-E2"},
		{"H2-E2", "h2e2", "H2-E2"},
		{"h2-e2", "h2e2", "H2-E2"},
		{"H2E2", "h2e2", "H2-E2"},
		{"a0i9", "a0i9", "A0-I9"},
		{"i9a0", "i9a0", "I9-A0"},
	} {
		m, err := ParseMove(tc.in)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", tc.in, err)
			continue
		}
		if m.String() != tc.ucci || m.ICCS() != tc.iccs {
			t.Errorf("ParseMove(%q) = %s / %s, want %s / %s", tc.in, m, m.ICCS(), tc.ucci, tc.iccs)
		}
		for _, s := range []string{m.String(), m.ICCS()} {
			if m2, err := ParseMove(s); err != nil || m2 != m {
				t.Errorf("round trip of %q: %v, %v", s, m2, err)
			}
		}
	}
	for _, tc := range []struct{ in, err string }{
		{"", "want a coordinate move"},
		{"h2", "want a coordinate move"},
		{"h2e2e", "want a coordinate move"},
		{"h2+e2", "want a coordinate move"},
		{"j2e2", "from square \"j2\": file 'j'"},
		{"h2e!", "to square \"e!\": rank '!'"},
		{"h2h2", "same square"},
		{"C2.5", "to square \".5\": file '.'"},
		{"炮二平五", "want a coordinate move"},
	} {
		if _, err := ParseMove(tc.in); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseMove(%q) error = %v, want it to contain %q", tc.in, err, tc.err)
		}
	}
	if NoMove.String() != "0000" {
		t.Errorf("NoMove.String() = %q", NoMove.String())
	}
}

// Every square pair survives packing into a Move.
func TestMovePacking(t *testing.T) {
	for a := Square(0); a < NumSquares; a++ {
		for b := Square(0); b < NumSquares; b++ {
			m := NewMove(a, b)
			if m.From() != a || m.To() != b {
				t.Fatalf("NewMove(%v, %v) unpacks as %v, %v", a, b, m.From(), m.To())
			}
		}
	}
}
