package desktop

import (
	"strings"
	"testing"
)

// TestWrap: every line fits its width, nothing is lost, Chinese breaks between characters with
// closing punctuation kept on the line before, English between words.
func TestWrap(t *testing.T) {
	const size = 14
	for _, tc := range []struct {
		s     string
		width float32
	}{
		{"Could not import the clipboard: pgn: line 1, column 19: unexpected end of input", 200},
		{"已载入 PGN（来自剪贴板）。第 1 行有无法读取的内容，已跳过", 120},
		{"/home/someone/.config/qipan/game-xiangqi.json.corrupt-20261124-093000", 150},
		{"short", 300},
	} {
		lines := wrap(tc.s, size, tc.width)
		for _, l := range lines {
			if w := textWidth(l, size); w > tc.width+0.01 {
				t.Errorf("%q: line %q is %.1f wide, over %.0f", tc.s, l, w, tc.width)
			}
			if l != "" && strings.ContainsRune("，。、；：）」』！？", []rune(l)[0]) {
				t.Errorf("%q: line %q starts with closing punctuation", tc.s, l)
			}
		}
		if got := strings.ReplaceAll(strings.Join(lines, ""), " ", ""); got != strings.ReplaceAll(tc.s, " ", "") {
			t.Errorf("%q: wrapped to %q", tc.s, lines)
		}
	}
	if w, h := textWidth("M", 10), textWidth("中", 10); w < 5 || w > 10 || h < 9 || h > 11 {
		t.Errorf("advances: M %.1f, 中 %.1f at size 10", w, h)
	}
}
