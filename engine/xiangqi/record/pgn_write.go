package record

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"qipan/engine/xiangqi"
)

// PGNOptions says how WritePGN spells the moves.
type PGNOptions struct {
	Style   MoveStyle              // ICCS (the zero value), WXF or Chinese
	Chinese xiangqi.ChineseOptions // for Style Chinese
}

// rosterOrder is the order of PGN's seven-tag roster (Result has its own field).
var rosterOrder = []string{"Event", "Site", "Date", "Round", "Red", "Black"}

// WritePGN writes g as one PGN game followed by a blank line: the tags in their order with
// Result after the last of Event Site Date Round Red Black (first if none), FEN when the game does not start from the initial position, Format; then the game
// comment, numbered moves and the result wrapped at 80 columns, comments on lines of their own.
// A '}' in a comment is written as ')'.
func WritePGN(w io.Writer, g *Game, o PGNOptions) error {
	s, err := FormatPGN(g, o)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, s)
	return err
}

// FormatPGN returns what WritePGN writes.
func FormatPGN(g *Game, o PGNOptions) (string, error) {
	if o.Style > Chinese {
		return "", fmt.Errorf("pgn: unknown notation %v", o.Style)
	}
	var sb strings.Builder
	bw := bufio.NewWriter(&sb)
	tag := func(name, value string) {
		fmt.Fprintf(bw, "[%s \"%s\"]\n", name, escapeTag(value))
	}
	for _, t := range g.Tags {
		if err := checkTagName(t.Name); err != nil {
			return "", err
		}
	}
	result := g.Result
	if _, ok := parseResult(string(result)); !ok {
		if result != "" {
			return "", fmt.Errorf("pgn: result %q is not 1-0, 0-1, 1/2-1/2 or *", result)
		}
		result = Unknown
	}
	// Result goes after the last roster tag, so it sits among them as PGN lists them.
	after := -1
	for i, t := range g.Tags {
		if inRoster(t.Name) {
			after = i
		}
	}
	if after < 0 {
		tag("Result", string(result))
	}
	for i, t := range g.Tags {
		tag(t.Name, t.Value)
		if i == after {
			tag("Result", string(result))
		}
	}
	pos := g.start()
	if fen := pos.FEN(); fen != xiangqi.StartFEN {
		tag("FEN", fen)
	}
	tag("Format", o.Style.String())
	bw.WriteString("\n")

	if err := checkTree("pgn", pos, g.Moves, 0, ""); err != nil {
		return "", err
	}
	lw := lineWriter{w: bw, max: 80}
	if g.Comment != "" {
		lw.line(commentToken(g.Comment))
	}
	writeMoves(&lw, *pos, g.Moves, o, 0)
	lw.token(string(result))
	bw.WriteString("\n\n")
	if err := bw.Flush(); err != nil {
		return "", err
	}
	return sb.String(), nil
}

// writeMoves writes ms (checked by checkTree) from pos: numbered moves with their symbols,
// other NAGs and comments, each followed by the variations on it in brackets. The main
// line's comments go on lines of their own, a variation's stay inline.
func writeMoves(lw *lineWriter, pos xiangqi.Position, ms []Move, o PGNOptions, depth int) {
	number := true // the next move needs its number (start, or after a comment or variation)
	for i := range ms {
		m := &ms[i]
		n := strconv.Itoa(pos.Fullmove())
		prefix := ""
		switch {
		case pos.Turn() == xiangqi.Red:
			prefix = n + ". "
		case number:
			prefix = n + "... "
		}
		var text string
		switch o.Style {
		case ICCS:
			text = m.Move.ICCS()
		case WXF:
			text = pos.WXF(m.Move)
		case Chinese:
			text = pos.ChineseWith(m.Move, o.Chinese)
		}
		nags := m.NAGs
		if len(nags) > 0 && nags[0] > 0 && int(nags[0]) < len(symbols) {
			text += symbols[nags[0]]
			nags = nags[1:]
		}
		lw.token(prefix + text) // a number stays on the line of its move
		for _, nag := range nags {
			lw.token("$" + strconv.Itoa(int(nag)))
		}
		before := pos
		pos.Make(m.Move)
		number = m.Comment != "" || len(m.Variations) > 0
		if m.Comment != "" {
			if depth == 0 {
				lw.line(commentToken(m.Comment))
			} else {
				lw.token(commentToken(m.Comment))
			}
		}
		for _, v := range m.Variations {
			lw.pending = "("
			if v.Comment != "" {
				lw.token(commentToken(v.Comment))
			}
			writeMoves(lw, before, v.Moves, o, depth+1)
			lw.glue(")")
		}
	}
}

func inRoster(name string) bool {
	for _, r := range rosterOrder {
		if r == name {
			return true
		}
	}
	return false
}

// checkTagName accepts the names the reader reads: letters, digits, '_' and '-'.
func checkTagName(name string) error {
	if name == "" {
		return fmt.Errorf("pgn: empty tag name")
	}
	if reserved(name) {
		return fmt.Errorf("pgn: tag %s belongs in its own field of Game, not in Tags", name)
	}
	for _, r := range name {
		if r != '_' && r != '-' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return fmt.Errorf("pgn: tag name %q: %q is not a letter, digit, '_' or '-'", name, r)
		}
	}
	return nil
}

func escapeTag(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

func commentToken(c string) string { return "{" + strings.ReplaceAll(c, "}", ")") + "}" }

// lineWriter joins tokens with spaces, starting a new line before one that would pass max
// columns (counting wide characters as two).
type lineWriter struct {
	w       *bufio.Writer
	max     int
	col     int
	pending string // written before the next token, without a space: a variation's "("
}

// glue writes t right after what came before.
func (l *lineWriter) glue(t string) {
	l.w.WriteString(t)
	l.col += width(t)
}

func (l *lineWriter) token(t string) {
	t, l.pending = l.pending+t, ""
	first, _, multi := strings.Cut(t, "\n")
	if l.col > 0 {
		if l.col+1+width(first) > l.max {
			l.w.WriteString("\n")
			l.col = 0
		} else {
			l.w.WriteString(" ")
			l.col++
		}
	}
	l.w.WriteString(t)
	if multi {
		l.col = width(t[strings.LastIndexByte(t, '\n')+1:])
	} else {
		l.col += width(t)
	}
}

// line writes t on lines of its own.
func (l *lineWriter) line(t string) {
	if l.col > 0 {
		l.w.WriteString("\n")
	}
	l.w.WriteString(t)
	l.w.WriteString("\n")
	l.col = 0
}

func width(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x1100 && (unicode.Is(unicode.Han, r) || r >= 0x3000 && r <= 0x30ff || r >= 0xff00 && r <= 0xff60) {
			n += 2
		} else {
			n++
		}
	}
	return n
}
