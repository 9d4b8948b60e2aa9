package glyph

import (
	"strings"
	"testing"
)

func TestEveryBoardCharacterHasAnOutline(t *testing.T) {
	for _, fen := range []byte("KABNRCPkabnrcp") {
		r := PieceRune(fen)
		if r == 0 {
			t.Errorf("PieceRune(%q) = 0", fen)
			continue
		}
		checkPath(t, r)
	}
	for _, r := range "楚河漢界一二三四五六七八九" {
		checkPath(t, r)
	}
}

func checkPath(t *testing.T, r rune) {
	t.Helper()
	p, ok := Path(r)
	if !ok || !strings.HasPrefix(p, "M") || !strings.HasSuffix(p, "Z") || len(p) < 40 {
		t.Errorf("Path(%q) = %.40q, %v; want an SVG outline", r, p, ok)
	}
}

func TestUnknownInput(t *testing.T) {
	for _, fen := range []byte("xX0 ") {
		if r := PieceRune(fen); r != 0 {
			t.Errorf("PieceRune(%q) = %q, want 0", fen, r)
		}
	}
	if _, ok := Path('王'); ok {
		t.Error("Path('王') found an outline it should not have")
	}
}
