package play

import "testing"

// A record keeps the notation it was written in; text that names none leaves the choice to
// the reader's language.
func TestWrittenIn(t *testing.T) {
	tests := []struct {
		name, text string
		want       Notation
	}{
		{"中文", "1. 炮二平五 马8进7\n2. 马二进三 车9平8", Chinese},
		{"中文 with full-width numbers", "炮二平五 马８进７", Chinese},
		{"繁體", "1. 炮二平五 馬8進7", ChineseTraditional},
		{"WXF", "1. C2.5 H8+7 2. H2+3", WXF},
		{"ICCS", "1. H2-E2 H9-G7", ICCS},
		{"ICCS lower case", "h2-e2 h9-g7", ICCS},
		{"UCCI names none", "h2e2 h9g7", ""},
		{"PGN Format tag", "[Event \"x\"]\n[Format \"WXF\"]\n\n1. h2e2 h9g7 *", WXF},
		{"PGN Format Chinese, traditional moves", "[Format \"Chinese\"]\n1. 炮二平五 馬8進7", ChineseTraditional},
		{"tags and comments skipped", "[Event \"炮二平五\"]\n{C2.5 is a comment} ; H2-E2\n1. C2.5", WXF},
		{"DhtmlXQ digits", "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_comment1]炮二平五[/DhtmlXQ_comment1][/DhtmlXQ]", ""},
		{"a FEN", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		if got := WrittenIn(tt.text); got != tt.want {
			t.Errorf("%s: WrittenIn = %q, want %q", tt.name, got, tt.want)
		}
	}
}
