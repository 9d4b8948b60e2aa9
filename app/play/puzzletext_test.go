package play

import (
	"testing"

	"qipan/app/i18n"
)

func TestPuzzleSourceName(t *testing.T) {
	for _, tc := range []struct {
		l         i18n.Lang
		src, want string
	}{
		{i18n.English, "适情雅趣", "适情雅趣"},
		{i18n.English, ReversiSource, i18n.English.T(i18n.ReversiPuzzles)},
		{i18n.Simplified, ReversiSource, "黑白棋：找出最佳着法"},
	} {
		if got := PuzzleSourceName(tc.l, tc.src); got != tc.want {
			t.Errorf("PuzzleSourceName(%s, %q) = %q, want %q", tc.l, tc.src, got, tc.want)
		}
	}
}
