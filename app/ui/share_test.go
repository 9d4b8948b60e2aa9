package ui

import (
	"strings"
	"testing"

	"qipan/app/i18n"
	"qipan/app/link"
	"qipan/app/play"
)

// The Share snippet fits its column (no fixed size: the column's width up to the preset, the
// embed's aspect ratio) and carries the page's language, notation and a light look.
func TestShareSnippet(t *testing.T) {
	p := NewPage()
	p.lang = i18n.Simplified
	p.xq().Click(int(mustSquare(t, "h2")))
	p.xq().Click(int(mustSquare(t, "e2")))
	share := newShare().In(p.lang).For(link.ShareQuery(p.xq(), false), link.EmbedQuery(p.xq(), p.lang, p.notation(), p.embedTheme()), false)
	tests := []struct {
		width int
		style string
	}{
		{360, "display:block;width:100%;max-width:360px;height:auto;aspect-ratio:344/505;border:0"},
		{480, "display:block;width:100%;max-width:480px;height:auto;aspect-ratio:404/571;border:0"},
		{640, "display:block;width:100%;max-width:640px;height:auto;aspect-ratio:484/659;border:0"},
		{0, "display:block;width:100%;height:auto;aspect-ratio:404/571;border:0"},
	}
	for _, tt := range tests {
		got := share.Snippet("https://example.org/qipan/", tt.width)
		want := `<iframe src="https://example.org/qipan/embed?moves=h2e2&amp;ply=1&amp;lang=zh-Hans&amp;notation=zh&amp;theme=light" style="` +
			tt.style + `" loading="lazy" title="象棋棋盘"></iframe>`
		if got != want {
			t.Errorf("width %d:\n got %s\nwant %s", tt.width, got, want)
		}
		if strings.Contains(got, ` width=`) || strings.Contains(got, ` height=`) {
			t.Errorf("width %d: a fixed size in %s", tt.width, got)
		}
	}
	// A portrait ratio at every preset: the embed lays itself out as a column (web/qipan.css).
	for _, w := range SharePresets {
		if w > 0 && float64(w)/float64(EmbedHeight(w, false, false)) >= 0.8 {
			t.Errorf("the %d px frame is not portrait enough for the column layout", w)
		}
	}
	// Readers may play on: play=1, and the play row's height on top.
	got := share.Play(true).Snippet("https://example.org/qipan/", 480)
	if !strings.Contains(got, `theme=light&amp;play=1" style="display:block;width:100%;max-width:480px;height:auto;aspect-ratio:404/617;border:0"`) {
		t.Errorf("the snippet with play=1: %s", got)
	}
	share.Play(false)
	// Reversi: no notation, its own title; the English page's look stays the chosen one.
	p.lang, p.settings.Theme = i18n.English, play.ThemeContrast
	p.setGame(play.VariantReversi)
	rv := newShare().In(p.lang).For("", link.EmbedQuery(p.rv(), p.lang, p.notation(), p.embedTheme()), true)
	got = rv.Snippet("https://example.org/", 480)
	if !strings.Contains(got, `embed?game=reversi&amp;ply=0&amp;lang=en&amp;theme=contrast"`) || !strings.Contains(got, `title="Reversi board"`) ||
		!strings.Contains(got, "aspect-ratio:404/532") {
		t.Errorf("the Reversi snippet: %s", got)
	}
}

// A puzzle's snippet has room for its row of buttons, as high as the play row, in the frame
// and the preview.
func TestShareSnippetOfAPuzzle(t *testing.T) {
	cases := []struct {
		name, embedQuery string
		reversi          bool
		ratio            string
	}{
		{"a game", "game=reversi&ply=0&lang=en&theme=light", true, "aspect-ratio:404/532"},
		{"a Reversi puzzle", "game=reversi&puzzle=1&fen=x&scores=f8:18&lang=en&theme=light", true, "aspect-ratio:404/578"},
		{"a Xiangqi puzzle", "puzzle=1&fen=x&lang=zh-Hans&notation=zh&theme=light", false, "aspect-ratio:404/617"},
	}
	for _, c := range cases {
		s := newShare().In(i18n.English).For("", c.embedQuery, c.reversi)
		if got := s.Snippet("https://example.org/", 480); !strings.Contains(got, c.ratio) {
			t.Errorf("%s: %s, want %s", c.name, got, c.ratio)
		}
	}
}
