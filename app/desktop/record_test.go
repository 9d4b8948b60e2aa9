package desktop

import (
	"strings"
	"testing"
	"time"

	"qipan/app/i18n"
	"qipan/app/play"
)

// TestRestartKeepsTheOfferAfterAPaste: a paste replaces a game in progress; the offer to bring
// it back survives a restart with the same files, as it does after New.
func TestRestartKeepsTheOfferAfterAPaste(t *testing.T) {
	a, _ := newTestApp(t, &fakePipe{})
	clickAt(t, a, "h2")
	clickAt(t, a, "e2")
	a.cfg.Clipboard.(*fakeClipboard).text = "1. 马二进三 马8进7"
	a.Key(KeyPaste)
	if !a.CanRestore() {
		t.Fatal("the paste did not offer the game back")
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	b := New(Config{Store: a.cfg.Store, Pipe: &fakePipe{}, Clipboard: &fakeClipboard{}, ExportDir: t.TempDir()})
	b.Resize(1000, 700)
	b.Tick(time.Now())
	if !b.CanRestore() || len(b.Scene().Find("button restore-previous")) != 1 {
		t.Fatalf("after a restart: restorable %v", b.CanRestore())
	}
	pressButton(t, b, "restore-previous")
	if got := b.Table().MoveTexts(play.ICCS); len(got) != 1 || got[0] != "H2-E2" {
		t.Errorf("brought back %q", got)
	}
}

// TestVariationClickNeverPlays: clicking a move of a variation while reviewing shows it; the
// engine does not play into the variation, and the export holds no move of the engine's.
func TestVariationClickNeverPlays(t *testing.T) {
	link := &fakePipe{}
	a, _ := newTestApp(t, link)
	a.Import("1. 炮二平五 马8进7 (1... 炮8平5 2. 马二进三) 2. 马二进三 车9平8", "a test")
	pressButton(t, a, "continue") // played on at the end: Red (the person) to move
	a.Resize(1000, 1000)          // room for the game's rows and the line
	a.Table().Review(1)
	ops := a.Scene().Find("branch 1 0")
	if len(ops) != 1 {
		t.Fatalf("the variation's first move is not drawn (%d)", len(ops))
	}
	link.sent = nil
	a.PointerDown(ops[0].X+ops[0].W/2, ops[0].Y+ops[0].H/2)
	a.PointerUp(ops[0].X+ops[0].W/2, ops[0].Y+ops[0].H/2)
	a.Tick(time.Now())
	if !a.Table().Reviewing() {
		t.Fatal("the click did not review the variation")
	}
	for _, l := range link.sent {
		if strings.HasPrefix(l, "go") {
			t.Fatalf("the engine was asked to move after the click: %q", link.sent)
		}
	}
	link.out = []string{"bestmove b0c2"}
	a.Tick(time.Now())
	if n := a.Table().Len(); n != 3 {
		t.Errorf("the line holds %d moves, want the variation's 3", n)
	}
}

// TestPlayersAndComments: an imported game's players are above the move list and the comment
// on the shown move under it, as the page shows them; browsing to a move without a comment
// moves no row of the list.
func TestPlayersAndComments(t *testing.T) {
	a, _ := newTestApp(t, &fakePipe{})
	a.Import("[Red \"王天一\"]\n[Black \"郑惟桐\"]\n[Event \"全国赛\"]\n\n1. 炮二平五 {中炮开局} 马8进7 2. 马二进三 *", "a test")
	a.Resize(1000, 1000)
	s := a.Scene()
	if p := s.Find("players"); len(p) != 1 || !strings.Contains(p[0].Text, "王天一") || !strings.Contains(p[0].Text, "郑惟桐") || !strings.Contains(p[0].Text, "全国赛") {
		t.Fatalf("players: %+v", p)
	}
	a.Table().Review(1)
	s = a.Scene()
	c := s.Find("comment")
	if len(c) != 1 || c[0].Text != "中炮开局" {
		t.Fatalf("the comment on move 1: %+v", c)
	}
	rowY := func(s Scene) float32 { return s.Find("move 1")[0].Y }
	y := rowY(s)
	a.Table().Review(2)
	s = a.Scene()
	if len(s.Find("comment")) != 0 || rowY(s) != y {
		t.Errorf("at move 2: comment %+v, the list's first row at %.0f, was %.0f", s.Find("comment"), rowY(s), y)
	}
}

// TestSmallWindowRows: at 800×600, in every language and both games, the level row stays one
// row (it split in two in English and in Reversi, moving all below it 43 px), the rows below
// it stand where they stand in the other languages, and the engine's line is cut to its two
// rows, never shrunk into them.
func TestSmallWindowRows(t *testing.T) {
	levelY := map[string]float32{}
	pasteY := map[string]float32{}
	for _, lang := range []i18n.Lang{i18n.English, i18n.Simplified, i18n.Traditional} {
		for _, game := range []string{play.VariantXiangqi, play.VariantReversi} {
			link := &fakePipe{}
			a := New(Config{Store: Store{Dir: t.TempDir()}, Pipe: link, Clipboard: &fakeClipboard{}, ExportDir: t.TempDir(), Lang: lang})
			a.Resize(800, 600)
			a.Tick(time.Now())
			a.Button("game:" + game)
			box := func(id string) Op {
				ops := a.Scene().Find("button " + id)
				if len(ops) != 1 {
					t.Fatalf("%s %s: button %s drawn %d times", lang, game, id, len(ops))
				}
				return ops[0]
			}
			minus, level, sound := box("level:-"), box("level"), box("sound")
			if minus.Y != level.Y || level.Y != sound.Y {
				t.Errorf("%s %s: the level row is split: −, level, sound at y %.0f, %.0f, %.0f", lang, game, minus.Y, level.Y, sound.Y)
			}
			if y, ok := levelY[game]; ok && y != level.Y {
				t.Errorf("%s %s: the level row at y %.0f, in English %.0f", lang, game, level.Y, y)
			}
			levelY[game] = level.Y
			if y, ok := pasteY[game]; ok && y != box("paste").Y {
				t.Errorf("%s %s: paste at y %.0f, in English %.0f", lang, game, box("paste").Y, y)
			}
			pasteY[game] = box("paste").Y
			if game != play.VariantXiangqi {
				continue
			}
			// The engine's line: a search with a long line.
			clickAt(t, a, "h2")
			clickAt(t, a, "e2") // the engine (Black) searches
			link.out = []string{"info depth 14 score 31 nodes 123456789 nps 1234567 pv h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 a9b9 a0b0 c6c5 c3c4 b7b3 b2b6 h7h3 g3g4"}
			a.Tick(time.Now().Add(time.Millisecond))
			eng := a.Scene().Find("engine")
			if len(eng) == 0 || len(eng) > 2 {
				t.Fatalf("%s: the engine's line in %d rows", lang, len(eng))
			}
			for _, o := range eng {
				if w := textWidth(o.Text, o.Size); w > o.W+0.5 {
					t.Errorf("%s: the engine's row %q is %.0f px wide in %.0f", lang, o.Text, w, o.W)
				}
			}
		}
	}
}
