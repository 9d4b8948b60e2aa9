package play

import (
	"strconv"
	"strings"

	"qipan/app/i18n"
	"qipan/engine/xiangqi"
)

// Notation is how the move list writes moves.
type Notation string

const (
	ICCS               Notation = "iccs"    // H2-E2
	WXF                Notation = "wxf"     // C2.5
	Chinese            Notation = "zh"      // 炮二平五 (simplified)
	ChineseTraditional Notation = "zh-hant" // 炮二平五 with 馬 車 進 後 …
)

// Notations lists the notations in the order the selector shows them, with their labels.
var Notations = []struct {
	N     Notation
	Label string
}{{ICCS, "ICCS"}, {WXF, "WXF"}, {Chinese, "中文 (简)"}, {ChineseTraditional, "中文 (繁)"}}

// ParseNotation returns the notation named s, or ICCS and false if s names none.
func ParseNotation(s string) (Notation, bool) {
	for _, n := range Notations {
		if string(n.N) == s {
			return n.N, true
		}
	}
	return ICCS, false
}

// DefaultNotation is the notation a reader of l expects before choosing one: 中文 in the
// script of l for a Chinese reader (炮二平五, not H2-E2), else ICCS. WXF is only ever chosen.
func DefaultNotation(l i18n.Lang) Notation {
	switch l {
	case i18n.Simplified:
		return Chinese
	case i18n.Traditional:
		return ChineseTraditional
	}
	return ICCS
}

// MoveText writes mv, a legal move in pos, in notation n.
func MoveText(pos *xiangqi.Position, mv xiangqi.Move, n Notation) string {
	switch n {
	case WXF:
		return pos.WXF(mv)
	case Chinese:
		return pos.Chinese(mv)
	case ChineseTraditional:
		return pos.ChineseWith(mv, xiangqi.ChineseOptions{Traditional: true})
	}
	return mv.ICCS()
}

// MoveTexts writes every recorded move of the game, the redo tail too, in notation n. The
// texts are kept (movetexts.go): asked again with the record unchanged, it allocates nothing.
// The slice is shared: read it, do not change it.
func (m *Xiangqi) MoveTexts(n Notation) []string {
	k := textKey{owner: m.game, edits: m.edits, plies: m.game.Len(), notation: n}
	if texts, ok := m.texts.lookup(k); ok {
		return texts
	}
	return m.texts.update(k, m.game.Moves(), func(from int, moves []xiangqi.Move, texts []string) {
		pos := m.game.PositionAt(from)
		for i := from; i < len(moves); i++ {
			texts[i] = MoveText(pos, moves[i], n)
			pos.Make(moves[i])
		}
	})
}

// MovesText is the game's moves up to its current ply as text to copy, numbered by full move
// ("1. H2-E2 H9-G7" lines; a game that starts with Black begins "1. ... ").
func (m *Xiangqi) MovesText(n Notation) string {
	texts := m.MoveTexts(n)[:m.game.Ply()]
	var b strings.Builder
	ply := 0
	if m.game.Start().Turn() == xiangqi.Black {
		ply = 1
	}
	for i, t := range texts {
		p := ply + i
		if p%2 == 0 || i == 0 {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(strconv.Itoa(p/2+1) + ".")
			if p%2 == 1 {
				b.WriteString(" ...")
			}
		}
		b.WriteString(" " + t)
	}
	return b.String()
}

// WrittenIn tells the notation a record or move list is written in, so that a reader sees
// the moves as their author wrote them: its PGN Format tag, else its first move that reads as
// 中文 (traditional when the text uses 馬 車 進 後 …), WXF (C2.5) or ICCS (H2-E2). It is ""
// for text that names none: a DhtmlXQ block's digits, a FEN, or UCCI's h2e2, which is how
// links carry moves, not how people write them.
func WrittenIn(text string) Notation {
	if strings.Contains(text, "[DhtmlXQ") {
		return ""
	}
	if f := pgnFormat(text); f != "" {
		switch strings.ToLower(f) {
		case "iccs":
			return ICCS
		case "wxf":
			return WXF
		case "chinese":
			return chineseIn(text)
		}
	}
	for _, tok := range strings.Fields(stripTagsAndComments(text)) {
		tok = strings.TrimLeft(tok, "0123456789.")
		switch {
		case chineseMove(tok):
			return chineseIn(text)
		case wxfMove(tok):
			return WXF
		case iccsMove(tok):
			return ICCS
		}
	}
	return ""
}

// pgnFormat is the value of a PGN Format tag in text, "" without one.
func pgnFormat(text string) string {
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		rest, ok := strings.CutPrefix(line, "[")
		if !ok {
			continue
		}
		name, value, ok := strings.Cut(strings.TrimSpace(rest), " ")
		if ok && strings.EqualFold(name, "Format") {
			return strings.Trim(strings.TrimSpace(value), `"]`)
		}
	}
	return ""
}

// stripTagsAndComments blanks PGN's [tags], {comments} and ; comments out of text.
func stripTagsAndComments(text string) string {
	var b strings.Builder
	var end rune // the rune closing what is being skipped, 0 outside
	for _, r := range text {
		switch {
		case end != 0:
			if r == end {
				end = 0
			}
			continue
		case r == '[':
			end = ']'
		case r == '{':
			end = '}'
		case r == ';':
			end = '\n'
		default:
			b.WriteRune(r)
			continue
		}
		b.WriteByte(' ')
	}
	return b.String()
}

// chineseMove: four characters, the third 进 退 平 (or 進), the last a number (炮二平五, 马８进７).
func chineseMove(tok string) bool {
	rs := []rune(tok)
	return len(rs) == 4 && strings.ContainsRune("进退平進", rs[2]) &&
		(strings.ContainsRune("一二三四五六七八九", rs[3]) || rs[3] >= '1' && rs[3] <= '9' || rs[3] >= '１' && rs[3] <= '９')
}

// chineseIn is 中文 (繁) when text uses a character only traditional notation writes, else 中文 (简).
func chineseIn(text string) Notation {
	if strings.ContainsAny(text, "馬車進後俥傌帥將") {
		return ChineseTraditional
	}
	return Chinese
}

// wxfMove: a piece letter (or + - for front and back), a file or + -, then . + - and a number (C2.5, H2+3, +R-1).
func wxfMove(tok string) bool {
	return len(tok) == 4 && strings.IndexByte("KAEBHNRCP+-", tok[0]) >= 0 &&
		(tok[1] >= '1' && tok[1] <= '9' || tok[1] == '+' || tok[1] == '-') &&
		strings.IndexByte(".+-=", tok[2]) >= 0 && tok[3] >= '1' && tok[3] <= '9'
}

// iccsMove: ICCS as people write it, with its dash (H2-E2, h2-e2).
func iccsMove(tok string) bool {
	file := func(c byte) bool { return c >= 'a' && c <= 'i' || c >= 'A' && c <= 'I' }
	digit := func(c byte) bool { return c >= '0' && c <= '9' }
	return len(tok) == 5 && file(tok[0]) && digit(tok[1]) && tok[2] == '-' && file(tok[3]) && digit(tok[4])
}
