package ui

import (
	"strings"
	"testing"

	"qipan/app/i18n"
	"qipan/app/play"
)

const annotatedPGN = `[Event "讲解"]
1. H2-E2! H9-G7 2. H0-G2 $1 {稳健} ({另一路} 2. C3-C4 2... G6-G5!? 3. B0-C2) (2. B0-C2?!)
2... I9-H9 *`

// TestVariations: the lines at the position shown, numbered, with symbols and the comment
// before them; the edit buttons once the move shown is in a variation; symbols in the list.
func TestVariations(t *testing.T) {
	b := play.NewTable(play.VariantXiangqi)
	if _, _, err := b.Import(annotatedPGN); err != nil {
		t.Fatal(err)
	}
	b.Review(2)
	m, _ := b.Annotated()
	html := appHTML(variationsOf(b, m, play.Chinese, i18n.Simplified))
	for _, want := range []string{`data-variations="2"`, "此处的变着", "另一路", `data-branch="1"`, `data-branch-move="2"`,
		"2. 兵七进一", ">卒７进１!?<", ">3. 马八进七<", "2. 马八进七?!"} {
		if !strings.Contains(html, want) {
			t.Errorf("variations lack %s:\n%s", want, html)
		}
	}
	if strings.Contains(html, "promote-variation") {
		t.Error("edit buttons on the main line")
	}
	if !b.EnterBranch(2, 1, 0) {
		t.Fatal("EnterBranch")
	}
	html = appHTML(variationsOf(b, m, play.ICCS, i18n.English))
	for _, want := range []string{`data-action="promote-variation"`, `data-action="delete-variation"`, "Make main line"} {
		if !strings.Contains(html, want) {
			t.Errorf("in a variation, lacks %s:\n%s", want, html)
		}
	}
	b.Review(0)
	if html := appHTML(variationsOf(b, m, play.ICCS, i18n.English)); strings.Contains(html, "data-branch") {
		t.Errorf("lines at the start, where there are none:\n%s", html)
	}
	texts := b.MarkedMoveTexts(play.ICCS)
	if len(texts) < 1 || !strings.HasSuffix(texts[0], "!") || strings.HasSuffix(texts[1], "!") {
		t.Errorf("symbols in the list: %q", texts)
	}
}
