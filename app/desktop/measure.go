package desktop

import (
	"strings"
	"sync"
	"unicode"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"qipan/app/desktop/font"
)

// The panel lays its texts out itself (wrapped lines, buttons sized to their labels), so it
// measures them with the embedded font's advances: the window draws the same font, unshaped.
var metrics struct {
	once sync.Once
	f    *sfnt.Font
	buf  sfnt.Buffer
	upem float32
	adv  map[rune]float32 // advance in ems

	lineOnce sync.Once
	line     float32 // ascent and descent, in ems
}

// textWidth is the width of s drawn at size.
func textWidth(s string, size float32) float32 {
	m := &metrics
	m.once.Do(func() {
		m.adv = map[rune]float32{}
		if f, err := sfnt.Parse(font.UI); err == nil {
			m.f, m.upem = f, float32(f.UnitsPerEm())
		}
	})
	w := float32(0)
	for _, r := range s {
		a, ok := m.adv[r]
		if !ok {
			a = 0.6 // without the font: about a Latin letter
			if m.f != nil {
				// A character the font lacks is drawn as its glyph 0, a blank of that advance.
				i, err := m.f.GlyphIndex(&m.buf, r)
				if err != nil {
					i = 0
				}
				if adv, err := m.f.GlyphAdvance(&m.buf, i, fixed.I(int(m.upem)), xfont.HintingNone); err == nil {
					a = float32(adv) / 64 / m.upem
				}
			}
			m.adv[r] = a
		}
		w += a
	}
	return w * size
}

// noLineStart are the characters that do not begin a line (closing punctuation).
const noLineStart = "，。、；：）」』！？·,.;:)!?"

// wrap breaks s into lines no wider than width at size: between words, and between any two
// Chinese characters (closing punctuation stays with the character before it); a word wider
// than a line is broken where it must be.
func wrap(s string, size, width float32) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		lines = append(lines, wrapLine(para, size, width)...)
	}
	return lines
}

func wrapLine(s string, size, width float32) []string {
	// Tokens: a run of spaces, a word of non-CJK characters, or one CJK character with the
	// closing punctuation after it.
	var toks []string
	rs := []rune(s)
	for i := 0; i < len(rs); {
		j := i + 1
		switch {
		case rs[i] == ' ':
			for j < len(rs) && rs[j] == ' ' {
				j++
			}
		case wide(rs[i]):
			for j < len(rs) && strings.ContainsRune(noLineStart, rs[j]) {
				j++
			}
		default:
			for j < len(rs) && rs[j] != ' ' && !wide(rs[j]) {
				j++
			}
			for j < len(rs) && strings.ContainsRune(noLineStart, rs[j]) {
				j++
			}
		}
		toks = append(toks, string(rs[i:j]))
		i = j
	}
	var lines []string
	cur := ""
	for _, t := range toks {
		if textWidth(cur+t, size) <= width || cur == "" && t[0] == ' ' {
			cur += t
			continue
		}
		if t[0] == ' ' { // a break: the spaces go
			lines, cur = append(lines, cur), ""
			continue
		}
		if strings.TrimSpace(cur) != "" {
			lines = append(lines, strings.TrimRight(cur, " "))
		}
		cur = ""
		for textWidth(t, size) > width && len([]rune(t)) > 1 { // a word wider than a line
			n := len([]rune(t)) - 1
			for n > 1 && textWidth(string([]rune(t)[:n]), size) > width {
				n--
			}
			lines = append(lines, string([]rune(t)[:n]))
			t = string([]rune(t)[n:])
		}
		cur = t
	}
	if strings.TrimSpace(cur) != "" || len(lines) == 0 {
		lines = append(lines, strings.TrimRight(cur, " "))
	}
	return lines
}

// wide reports whether r is a Chinese character or full-width sign (a line may break on
// either side of it).
func wide(r rune) bool {
	return unicode.Is(unicode.Han, r) || r >= 0x3000 && r <= 0x303f || r >= 0xff00 && r <= 0xffef
}

// lineHeight is the height of a line of text at size: the embedded font's ascent and descent,
// which the window centres in a text's box.
func lineHeight(size float32) float32 {
	m := &metrics
	m.lineOnce.Do(func() {
		m.line = 1.45 // without the font: about Noto Sans CJK's
		if f, err := sfnt.Parse(font.UI); err == nil {
			var buf sfnt.Buffer
			upem := f.UnitsPerEm()
			if fm, err := f.Metrics(&buf, fixed.I(int(upem)), xfont.HintingNone); err == nil {
				m.line = float32(fm.Ascent+fm.Descent) / 64 / float32(upem)
			}
		}
	})
	return m.line * size
}
