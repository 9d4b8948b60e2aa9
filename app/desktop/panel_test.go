package desktop

import (
	"fmt"
	"strings"
	"testing"

	"qipan/app/i18n"
	"qipan/app/play"
)

// sizes are the window sizes the board must use well: the smallest supported, a tall one, a
// laptop's, full HD and a large screen.
var sizes = [][2]float32{{640, 480}, {600, 1000}, {960, 720}, {1366, 768}, {1920, 1080}, {2560, 1440}}

// buttonBoxes is where each button stands.
func buttonBoxes(a *App) map[string]Box {
	m := map[string]Box{}
	for _, b := range a.layout().buttons {
		if b.id != "dismiss" {
			m[b.id] = b.box
		}
	}
	return m
}

// TestLayoutStable: no button moves when the hint line, a refusal, the review row, the
// question of New, a message or the engine's line appears, in either game, at every size.
func TestLayoutStable(t *testing.T) {
	for _, sz := range sizes {
		for _, variant := range []string{play.VariantXiangqi, play.VariantReversi} {
			name := fmt.Sprintf("%s %.0fx%.0f", variant, sz[0], sz[1])
			link := &fakePipe{}
			a, _ := newTestApp(t, link)
			a.Button("game:" + variant)
			a.Button("play-two")
			a.Resize(sz[0], sz[1])
			base := buttonBoxes(a)
			same := func(what string) {
				t.Helper()
				for id, b := range buttonBoxes(a) {
					if was, ok := base[id]; ok && was != b {
						t.Errorf("%s: with %s, button %s moved from %+v to %+v", name, what, id, was, b)
					}
				}
			}
			// Two moves, the review of the first, a refusal.
			if variant == play.VariantXiangqi {
				clickAt(t, a, "h2")
				clickAt(t, a, "e2")
				clickAt(t, a, "h9")
				clickAt(t, a, "g7")
				clickAt(t, a, "a0")
				clickAt(t, a, "a5") // a chariot cannot jump its soldier: refused
				if a.refusal == "" {
					t.Fatalf("%s: no refusal", name)
				}
			} else {
				clickAt(t, a, "f5")
				clickAt(t, a, "d6")
				clickAt(t, a, "a1") // flips nothing: refused
			}
			same("a refusal")
			a.Key(KeyLeft)
			same("the review row")
			a.Key(KeyEnd)
			a.Button("new")
			same("the question of New")
			a.Button("new-cancel")
			a.cfg.Clipboard.(*fakeClipboard).text = "this is no game at all, and a long message about it follows"
			a.Key(KeyPaste)
			same("a message")
			if l := a.layout(); !inside(l.buttons[len(l.buttons)-1].box, l.message) {
				t.Errorf("%s: the dismiss button %+v is not in the message's box %+v", name, l.buttons[len(l.buttons)-1].box, l.message)
			}
			a.Button("dismiss")
			// The engine's line, and the hint.
			link.out = append(link.out, "info string ready")
			a.Tick(a.now)
			a.Button("hint")
			pv := map[string]string{play.VariantXiangqi: "h0g2 b9c7", play.VariantReversi: "c3 c4"}[variant]
			link.out = append(link.out, "info depth 7 score 35 nodes 50000 nps 250000 pv "+pv, "bestmove "+strings.Fields(pv)[0])
			a.Tick(a.now)
			if got := shownText(a, "engine"); !strings.Contains(got, "Depth7") {
				t.Errorf("%s: engine line %q", name, got)
			}
			same("the engine's line")
		}
	}
}

// TestLayoutUsesTheWindow: at every size every button lies in the window, apart from the
// others and from the board, its label fits, the move list shows a few rows, and the board
// and the text grow with the window.
func TestLayoutUsesTheWindow(t *testing.T) {
	prevC, prevU := float32(0), float32(0)
	for _, sz := range sizes {
		a, _ := newTestApp(t, &fakePipe{})
		a.Resize(sz[0], sz[1])
		l := a.layout()
		name := fmt.Sprintf("%.0fx%.0f", sz[0], sz[1])
		g := l.geo
		board := Box{g.BX, g.BY, g.BW, g.BH}
		for i, b := range l.buttons {
			if b.box.X < 0 || b.box.Y < 0 || b.box.X+b.box.W > sz[0]+0.01 || b.box.Y+b.box.H > sz[1]+0.01 {
				t.Errorf("%s: button %s at %+v is outside the window", name, b.id, b.box)
			}
			if overlap(b.box, board) {
				t.Errorf("%s: button %s at %+v is on the board", name, b.id, b.box)
			}
			if w := textWidth(b.label, l.u*0.9); w > b.box.W {
				t.Errorf("%s: label %q is %.0f px wide in a %.0f px button", name, b.label, w, b.box.W)
			}
			for _, c := range l.buttons[i+1:] {
				if overlap(b.box, c.box) {
					t.Errorf("%s: buttons %s and %s overlap", name, b.id, c.id)
				}
			}
		}
		if rows := int(l.list.H / (l.u * 1.6)); rows < 4 {
			t.Errorf("%s: the move list shows %d rows", name, rows)
		}
		// The board takes the window's height, or its width where the window is tall.
		if used := max(g.BH/sz[1], g.BW/sz[0]); used < 0.55 {
			t.Errorf("%s: the board is %.0fx%.0f", name, g.BW, g.BH)
		}
		if sz[0] >= 960 && (g.C < prevC || l.u < prevU) {
			t.Errorf("%s: spacing %.0f text %.1f, smaller than in a smaller window (%.0f, %.1f)", name, g.C, l.u, prevC, prevU)
		}
		if sz[0] >= 960 {
			prevC, prevU = g.C, l.u
		}
		t.Logf("%s: board %.0fx%.0f (spacing %.0f), text %.1f px, move list %d rows", name, g.BW, g.BH, g.C, l.u, int(l.list.H/(l.u*1.6)))
	}
}

func inside(a, b Box) bool {
	return a.X >= b.X && a.Y >= b.Y && a.X+a.W <= b.X+b.W+0.01 && a.Y+a.H <= b.Y+b.H+0.01
}

func overlap(a, b Box) bool {
	return a.X < b.X+b.W-0.01 && b.X < a.X+a.W-0.01 && a.Y < b.Y+b.H-0.01 && b.Y < a.Y+a.H-0.01
}

// TestRowsAcrossLanguagesAndGames: at 800×600 (issue 46: 9) and every size of sizes, in the
// three languages and both games, every text of the panel has its full height (the font's
// line height at its size) and its width (the window would shrink it), the level row is one
// row, it and everything below it (the rows of buttons, the move list) stand where they
// stand in the other languages and, where the panel is the same (the boards' shapes differ),
// the other game, and a button of the same words in both games has the same box in both
// (the sides' buttons differ by design: Red and Black, Black and White).
func TestRowsAcrossLanguagesAndGames(t *testing.T) {
	for _, sz := range append([][2]float32{{800, 600}}, sizes...) {
		rowY := map[string]float32{} // the panel, and a button's or the list's top → where it was first laid out
		boxOf := map[string]widget{} // the panel, the language and a button's id → the button first laid out
		for _, lang := range i18n.Langs {
			for _, game := range []string{play.VariantXiangqi, play.VariantReversi} {
				name := fmt.Sprintf("%.0fx%.0f %s %s", sz[0], sz[1], lang, game)
				a := New(Config{Store: Store{Dir: t.TempDir()}, Pipe: &fakePipe{}, Lang: lang})
				a.Button("game:" + game)
				a.Resize(sz[0], sz[1])
				l := a.layout()
				texts := func(what string) {
					for _, o := range a.Scene() {
						if o.Kind != OpText || !l.panel.In(o.X+0.5, o.Y+0.5) {
							continue
						}
						if lh := lineHeight(o.Size); o.H < lh-0.01 {
							t.Errorf("%s%s: %s %q is %.1f px high, the font's line %.1f", name, what, o.Tag, o.Text, o.H, lh)
						}
						if w := textWidth(o.Text, o.Size); w > o.W+0.5 {
							t.Errorf("%s%s: %s %q is %.0f px wide in %.0f", name, what, o.Tag, o.Text, w, o.W)
						}
					}
				}
				texts("")
				var level float32
				for _, b := range l.buttons {
					if b.id == "level" {
						level = b.box.Y
					}
				}
				for _, id := range []string{"level:-", "level:+", "sound"} {
					if b, ok := buttonBoxes(a)[id]; !ok || b.Y != level {
						t.Errorf("%s: the level row is split: %s at y %.0f, the level at %.0f", name, id, b.Y, level)
					}
				}
				tops := map[string]float32{"list": l.list.Y}
				for _, b := range l.buttons {
					if b.box.Y >= level {
						tops[b.id] = b.box.Y
					}
				}
				panel := fmt.Sprint(l.panel, l.u)
				for id, y := range tops {
					if was, ok := rowY[panel+id]; ok && was != y {
						t.Errorf("%s: %s at y %.0f, elsewhere at %.0f", name, id, y, was)
					} else if !ok {
						rowY[panel+id] = y
					}
				}
				for _, b := range l.buttons {
					k := panel + string(lang) + b.id
					if strings.HasPrefix(b.id, "copy:") || strings.HasPrefix(b.id, "play-") {
						continue
					}
					if was, ok := boxOf[k]; ok && was.label == b.label && was.box != b.box {
						t.Errorf("%s: button %s at %+v, in the other game at %+v", name, b.id, b.box, was.box)
					} else if !ok {
						boxOf[k] = b
					}
				}
				if game == play.VariantXiangqi {
					// An import's message, the players, a comment; checked apart, on a copy.
					b := New(Config{Store: Store{Dir: t.TempDir()}, Pipe: &fakePipe{}, Lang: lang})
					b.Resize(sz[0], sz[1])
					b.Import("[Red \"许银川\"]\n[Black \"吕钦\"]\n[Event \"全国象棋个人赛\"]\n[Date \"1999.11.20\"]\n\n"+
						"1. 炮二平五 马8进7 {"+strings.Repeat("屏风马应中炮，是最常见的应法之一，双方由此展开对攻。", 4)+"} 2. 马二进三 *", "a test")
					b.Table().Review(2) // the comment's move
					a, l = b, b.layout()
					if len(a.Scene().Find("comment")) == 0 && sz[1] >= 720 {
						t.Errorf("%s: no comment shown", name)
					}
					texts(" with an imported game")
				}
			}
		}
	}
}
