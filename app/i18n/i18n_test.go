package i18n

import (
	"regexp"
	"slices"
	"testing"
)

var verb = regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z%]`)

// TestCatalogues fails for a key missing in any language, or a text whose fmt verbs differ
// from the English one's (the arguments are the same in every language).
func TestCatalogues(t *testing.T) {
	for _, l := range Langs {
		cat := l.catalogue()
		for k := Key(0); k < keyCount; k++ {
			if cat[k] == "" {
				t.Errorf("%s: key %d (after %q in English) has no text", l, k, english[max(k-1, 0)])
				continue
			}
			if got, want := verb.FindAllString(cat[k], -1), verb.FindAllString(english[k], -1); !slices.Equal(got, want) {
				t.Errorf("%s: %q takes %v, English %q takes %v", l, cat[k], got, english[k], want)
			}
		}
	}
}

func TestChineseDiffers(t *testing.T) {
	// A text copied from English into a Chinese catalogue is a missing translation.
	for k := Key(0); k < keyCount; k++ {
		if simplified[k] == english[k] || traditional[k] == english[k] {
			t.Errorf("key %d %q is English in a Chinese catalogue", k, english[k])
		}
	}
}

func TestT(t *testing.T) {
	tests := []struct {
		l    Lang
		k    Key
		args []any
		want string
	}{
		{English, YourMove, []any{"Red"}, "Your move (Red)"},
		{Simplified, YourMove, []any{"红方"}, "轮到你走（红方）"},
		{Traditional, WinCheckmate, []any{"紅方", "黑方"}, "紅方勝：黑方被將死"},
		{Simplified, Level, []any{10}, "10 级"},
		{English, Loading, nil, "Loading…"},
		{Lang("fr"), Loading, nil, "Loading…"},
	}
	for _, tt := range tests {
		if got := tt.l.T(tt.k, tt.args...); got != tt.want {
			t.Errorf("%s.T(%d, %v) = %q, want %q", tt.l, tt.k, tt.args, got, tt.want)
		}
	}
}

func TestParseAndChoose(t *testing.T) {
	tests := []struct {
		tag  string
		want Lang
		ok   bool
	}{
		{"en", English, true}, {"en-GB", English, true}, {"zh", Simplified, true}, {"zh-CN", Simplified, true},
		{"zh-Hans", Simplified, true}, {"zh-SG", Simplified, true}, {"zh-TW", Traditional, true},
		{"zh-HK", Traditional, true}, {"zh-Hant-HK", Traditional, true}, {"zh_tw", Traditional, true},
		{" ZH-hant ", Traditional, true}, {"fr", "", false}, {"", "", false},
	}
	for _, tt := range tests {
		if got, ok := Parse(tt.tag); got != tt.want || ok != tt.ok {
			t.Errorf("Parse(%q) = %q, %v; want %q, %v", tt.tag, got, ok, tt.want, tt.ok)
		}
	}
	if got := Choose([]string{"fr-FR", "zh-TW", "en"}); got != Traditional {
		t.Errorf("Choose(fr, zh-TW, en) = %s", got)
	}
	if got := Choose([]string{"de"}); got != English {
		t.Errorf("Choose(de) = %s", got)
	}
	if got := Choose(nil); got != English {
		t.Errorf("Choose() = %s", got)
	}
}
