package play

import (
	"strconv"
	"strings"

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
func (m *Match) MoveTexts(n Notation) []string {
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
func (m *Match) MovesText(n Notation) string {
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
