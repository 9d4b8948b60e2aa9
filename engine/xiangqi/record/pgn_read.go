package record

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"qipan/engine/xiangqi"
)

// ReadPGN reads every game of a PGN file; see ParsePGN.
func ReadPGN(r io.Reader) ([]*Game, []Warning, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, err
	}
	return ParsePGN(string(data))
}

// ParsePGN reads every game in text. On an error it returns the games read before the bad
// one and an *Error naming the line and column. Warnings say what was skipped.
func ParsePGN(text string) ([]*Game, []Warning, error) {
	p := &pgnParser{src: text, loc: newLocator(text)}
	err := p.run()
	return p.games, p.warns, err
}

type pgnParser struct {
	src   string
	off   int
	loc   *locator
	games []*Game
	warns []Warning
	g     *pgnGame // the game being read, nil between games
}

// pgnGame is a game being read.
type pgnGame struct {
	Game
	n         int  // 1-based game number
	movetext  bool // a move, move number or result has been read
	format    string
	fen       string
	fenAt     int // offset of the FEN tag
	resultTag Result
	resultAt  int
	result    Result    // from the movetext, "" if none yet
	lines     []pgnLine // the main line, then each open variation inside the one before
}

// pgnLine is a line being read: the main line or an open ( … ) variation.
type pgnLine struct {
	comment *string // before its first move
	moves   *[]Move
	pos     xiangqi.Position // after its last move
	prev    xiangqi.Position // before its last move, where a variation on it starts
	at      int              // offset of its '('
}

func (g *pgnGame) line() *pgnLine { return &g.lines[len(g.lines)-1] }

// last is the current line's last move, nil before its first.
func (g *pgnGame) last() *Move {
	ms := *g.line().moves
	if len(ms) == 0 {
		return nil
	}
	return &ms[len(ms)-1]
}

func (p *pgnParser) errAt(off int, format string, args ...any) error {
	n := len(p.games) + 1
	if p.g != nil {
		n = p.g.n
	}
	return &Error{Format: "pgn", Pos: p.loc.at(off), Game: n, Msg: fmt.Sprintf(format, args...)}
}

func (p *pgnParser) warn(off int, format string, args ...any) {
	n := len(p.games) + 1
	if p.g != nil {
		n = p.g.n
	}
	p.warns = append(p.warns, Warning{Pos: p.loc.at(off), Game: n, Msg: fmt.Sprintf(format, args...)})
}

// isSpace: ASCII white space, the ideographic space, no-break space and a byte-order mark.
func isSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\v', '\f', '\u3000', '\u00a0', '\ufeff':
		return true
	}
	return false
}

func (p *pgnParser) peek() (rune, int) {
	if p.off >= len(p.src) {
		return -1, 0
	}
	return utf8.DecodeRuneInString(p.src[p.off:])
}

func (p *pgnParser) skipSpace() {
	for {
		r, n := p.peek()
		if r < 0 || !isSpace(r) {
			return
		}
		p.off += n
	}
}

func (p *pgnParser) game() *pgnGame {
	if p.g == nil {
		p.g = &pgnGame{n: len(p.games) + 1}
	}
	return p.g
}

func (p *pgnParser) run() error {
	for {
		p.skipSpace()
		r, _ := p.peek()
		start := p.off
		switch r {
		case -1:
			return p.finish()
		case '[':
			if p.g != nil && p.g.movetext {
				if err := p.finish(); err != nil {
					return err
				}
			}
			if err := p.tag(); err != nil {
				return err
			}
		case '{', ';':
			c, err := p.comment()
			if err != nil {
				return err
			}
			if p.g == nil {
				if c != "" {
					p.warn(start, "comment outside a game ignored")
				}
				continue
			}
			p.addComment(c)
		case '(':
			if err := p.openVariation(); err != nil {
				return err
			}
		case ')':
			if p.g == nil || len(p.g.lines) < 2 {
				return p.errAt(start, "')' without a matching '('")
			}
			p.off++
			p.closeVariation()
		case '}', ']':
			return p.errAt(start, "%q without a matching opening one", r)
		case '$':
			p.off++
			for p.off < len(p.src) && p.src[p.off] >= '0' && p.src[p.off] <= '9' {
				p.off++
			}
			n, err := strconv.Atoi(p.src[start+1 : p.off])
			if err != nil || n > 255 {
				return p.errAt(start, "%q: want $ and a number 0-255", p.src[start:p.off])
			}
			p.addNAG(start, uint8(n))
		default:
			if err := p.token(); err != nil {
				return err
			}
		}
	}
}

// tag reads [Name "Value"], all on one line.
func (p *pgnParser) tag() error {
	g := p.game()
	start := p.off
	p.off++ // '['
	p.skipInline()
	nameAt := p.off
	for {
		r, n := p.peek()
		if r == '_' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r) {
			p.off += n
			continue
		}
		break
	}
	name := p.src[nameAt:p.off]
	if name == "" {
		return p.errAt(nameAt, "tag: want a name after '[', as in [Event \"…\"]")
	}
	p.skipInline()
	if r, _ := p.peek(); r != '"' {
		return p.errAt(p.off, "tag %s: want a value in double quotes", name)
	}
	p.off++
	var v strings.Builder
	for {
		r, n := p.peek()
		switch r {
		case -1, '\n', '\r':
			return p.errAt(start, "tag %s: value not closed by '\"' on its line", name)
		case '\\':
			if next := p.off + 1; next < len(p.src) && (p.src[next] == '"' || p.src[next] == '\\') {
				v.WriteByte(p.src[next])
				p.off += 2
				continue
			}
		case '"':
			p.off++
			p.skipInline()
			if r, _ := p.peek(); r != ']' {
				return p.errAt(p.off, "tag %s: want ']' after the value", name)
			}
			p.off++
			return p.setTag(g, name, v.String(), start)
		}
		v.WriteString(p.src[p.off : p.off+n])
		p.off += n
	}
}

// skipInline skips spaces and tabs (not line ends).
func (p *pgnParser) skipInline() {
	for p.off < len(p.src) && (p.src[p.off] == ' ' || p.src[p.off] == '\t') {
		p.off++
	}
}

func (p *pgnParser) setTag(g *pgnGame, name, value string, at int) error {
	switch {
	case strings.EqualFold(name, "FEN"):
		g.fen, g.fenAt = strings.TrimSpace(value), at
	case strings.EqualFold(name, "Format"):
		g.format = strings.TrimSpace(value)
		switch strings.ToLower(g.format) {
		case "iccs", "wxf", "chinese":
		default:
			p.warn(at, "Format %q is not ICCS, WXF or Chinese: reading each move in whichever notation it is", value)
			g.format = ""
		}
	case strings.EqualFold(name, "Result"):
		r, ok := parseResult(strings.TrimSpace(value))
		if !ok {
			p.warn(at, "Result %q is not 1-0, 0-1, 1/2-1/2 or *: ignored", value)
			return nil
		}
		g.resultTag, g.resultAt = r, at
	default:
		g.SetTag(name, value)
	}
	return nil
}

// comment reads {…} or ; … to the end of the line, without the delimiters.
func (p *pgnParser) comment() (string, error) {
	start := p.off
	if p.src[p.off] == ';' {
		end := strings.IndexByte(p.src[p.off:], '\n')
		if end < 0 {
			end = len(p.src) - p.off
		}
		// A '}' cannot be written inside {…}: the writer turns it to ')', so do the same here.
		c := strings.ReplaceAll(p.src[p.off+1:p.off+end], "}", ")")
		p.off += end
		return cleanComment(c), nil
	}
	end := strings.IndexByte(p.src[p.off:], '}')
	if end < 0 {
		return "", p.errAt(start, "comment '{' not closed by '}'")
	}
	c := p.src[p.off+1 : p.off+end]
	p.off += end + 1
	return cleanComment(c), nil
}

// cleanComment makes line ends "\n" and trims ASCII white space (not the ideographic spaces
// that indent Chinese paragraphs).
func cleanComment(c string) string {
	c = strings.ReplaceAll(c, "\r\n", "\n")
	c = strings.ReplaceAll(c, "\r", "\n")
	return strings.Trim(c, " \t\n\v\f")
}

func joinComment(a, b string) string {
	if a == "" {
		return b
	}
	if b == "" {
		return a
	}
	return a + "\n" + b
}

// addComment attaches c to the current line's last move, or to the line (the game or the
// variation) before its first move.
func (p *pgnParser) addComment(c string) {
	if !p.g.movetext {
		p.g.Comment = joinComment(p.g.Comment, c)
		return
	}
	if m := p.g.last(); m != nil {
		m.Comment = joinComment(m.Comment, c)
	} else {
		l := p.g.line()
		*l.comment = joinComment(*l.comment, c)
	}
}

// addNAG attaches a NAG to the current line's last move.
func (p *pgnParser) addNAG(at int, n uint8) {
	m := (*Move)(nil)
	if p.g != nil && p.g.movetext {
		m = p.g.last()
	}
	if m == nil {
		p.warn(at, "annotation before any move ignored")
		return
	}
	m.NAGs = append(m.NAGs, n)
}

// openVariation reads '(': a variation on the current line's last move.
func (p *pgnParser) openVariation() error {
	start := p.off
	g := p.game()
	if !g.movetext {
		if err := p.beginMoves(g); err != nil {
			return err
		}
	}
	m := g.last()
	if m == nil {
		if err := p.skipVariation(); err != nil {
			return err
		}
		p.warn(start, "variation before any move it could replace: skipped")
		return nil
	}
	if len(g.lines) > MaxDepth {
		return p.errAt(start, "variations nest deeper than %d", MaxDepth)
	}
	p.off++
	from := g.line().prev
	m.Variations = append(m.Variations, Variation{})
	v := &m.Variations[len(m.Variations)-1]
	g.lines = append(g.lines, pgnLine{comment: &v.Comment, moves: &v.Moves, pos: from, at: start})
	return nil
}

// closeVariation ends the innermost variation (its ')' read); an empty one is dropped.
func (p *pgnParser) closeVariation() {
	g := p.g
	l := g.line()
	g.lines = g.lines[:len(g.lines)-1]
	if len(*l.moves) == 0 {
		p.warn(l.at, "variation without moves ignored")
		m := g.last()
		m.Variations = m.Variations[:len(m.Variations)-1]
	}
}

// dropVariation skips the rest of the innermost variation and removes it (it holds a
// move that cannot be read).
func (p *pgnParser) dropVariation() error {
	g := p.g
	l := g.line()
	if err := p.skipVariationFrom(l.at, 1); err != nil {
		return err
	}
	g.lines = g.lines[:len(g.lines)-1]
	m := g.last()
	m.Variations = m.Variations[:len(m.Variations)-1]
	return nil
}

// skipVariation skips a (…) variation, nested ones and comments in it included.
func (p *pgnParser) skipVariation() error { return p.skipVariationFrom(p.off, 0) }

// skipVariationFrom skips to the ')' closing a variation that opened at start, depth
// variations deep at the current offset.
func (p *pgnParser) skipVariationFrom(start, depth int) error {
	for p.off < len(p.src) {
		switch p.src[p.off] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				p.off++
				return nil
			}
		case '{', ';':
			if _, err := p.comment(); err != nil {
				return err
			}
			continue
		}
		p.off++
	}
	return p.errAt(start, "variation '(' not closed by ')'")
}

// token reads a move number, a move or a result.
func (p *pgnParser) token() error {
	start := p.off
	for {
		r, n := p.peek()
		if r < 0 || isSpace(r) || strings.ContainsRune("{}()[];$", r) {
			break
		}
		p.off += n
	}
	raw := p.src[start:p.off]
	g := p.game()
	if !g.movetext {
		if err := p.beginMoves(g); err != nil {
			return err
		}
	}
	tok := halfWidth(raw)
	if r, ok := parseResult(tok); ok {
		if len(g.lines) > 1 {
			return p.errAt(start, "result %s inside a variation", r)
		}
		g.result = r
		return p.finish()
	}
	tok = stripMoveNumber(tok)
	body := strings.TrimRight(tok, "!?")
	glyph := tok[len(body):]
	if body == "" {
		if glyph != "" {
			if n := SymbolNAG(glyph); n != 0 {
				p.addNAG(start, n)
			} else {
				p.warn(start, "annotation %q is not ! ? !! ?? !? or ?!: ignored", glyph)
			}
		}
		return nil
	}
	l := g.line()
	ms, err := p.moves(&l.pos, g.format, body, start)
	if err != nil {
		if len(g.lines) > 1 {
			p.warn(start, "variation skipped: move %q: %v", raw, err)
			return p.dropVariation()
		}
		return p.errAt(start, "move %d %q: %v", len(g.Moves)+1, raw, err)
	}
	for _, m := range ms {
		l.prev = l.pos
		l.pos.Make(m)
		*l.moves = append(*l.moves, Move{Move: m})
	}
	if glyph != "" {
		if n := SymbolNAG(glyph); n != 0 {
			p.addNAG(start, n)
		} else {
			p.warn(start, "annotation %q is not ! ? !! ?? !? or ?!: ignored", glyph)
		}
	}
	return nil
}

// beginMoves sets up the start position when the movetext begins.
func (p *pgnParser) beginMoves(g *pgnGame) error {
	g.movetext = true
	if g.fen == "" {
		g.Start = xiangqi.NewPosition()
	} else {
		pos, err := xiangqi.ParseFEN(g.fen)
		if err != nil {
			return p.errAt(g.fenAt, "FEN tag: %v", err)
		}
		g.Start = pos
	}
	g.lines = []pgnLine{{comment: &g.Comment, moves: &g.Moves, pos: *g.Start}}
	return nil
}

// moves reads one move, or several glued together (Ｃ２＝５Ｈ８＋７) when the token as a
// whole is not a move and splits into 4-character moves that are.
func (p *pgnParser) moves(at0 *xiangqi.Position, format, tok string, at int) ([]xiangqi.Move, error) {
	m, err := p.move(at0, format, tok, at)
	if err == nil {
		return []xiangqi.Move{m}, nil
	}
	r := []rune(tok)
	if len(r) < 8 || len(r)%4 != 0 {
		return nil, err
	}
	pos := *at0
	var ms []xiangqi.Move
	for i := 0; i < len(r); i += 4 {
		m, err2 := p.move(&pos, format, string(r[i:i+4]), at)
		if err2 != nil {
			return nil, err
		}
		pos.Make(m)
		ms = append(ms, m)
	}
	return ms, nil
}

// move reads one move in the notation the Format tag names, or in any notation.
func (p *pgnParser) move(pos *xiangqi.Position, format, tok string, at int) (xiangqi.Move, error) {
	var m xiangqi.Move
	var err error
	switch strings.ToLower(format) {
	case "iccs":
		m, err = xiangqi.ParseMove(tok)
		if err == nil && !pos.IsLegal(m) {
			return xiangqi.NoMove, fmt.Errorf("%s is not legal in %s", m.ICCS(), pos.FEN())
		}
	case "wxf":
		m, err = pos.ParseWXF(tok)
	case "chinese":
		m, err = pos.ParseChinese(tok)
	default:
		return anyMove(pos, tok)
	}
	if err == nil {
		return m, nil
	}
	m2, err2 := anyMove(pos, tok)
	if err2 == nil {
		p.warn(at, "move %q is not in the %s notation the Format tag names", tok, format)
		return m2, nil
	}
	if err2.Error() != err.Error() {
		return xiangqi.NoMove, fmt.Errorf("%v (as any notation: %v)", err, err2)
	}
	return xiangqi.NoMove, err
}

// anyMove reads a move in any notation: coordinates, WXF, Chinese, or Fairy-Stockfish's
// SAN (tried last, and only on a token with a piece letter that is not a coordinate move,
// so that an illegal coordinate move is never read as another move).
func anyMove(pos *xiangqi.Position, tok string) (xiangqi.Move, error) {
	m, err := pos.ParseAnyMove(tok)
	if err == nil {
		return m, nil
	}
	if _, isCoord := xiangqi.CoordMove(tok); !isCoord && tok != "" && sanKinds[tok[0]] != 0 {
		m, shaped, err2 := parseSAN(pos, tok)
		switch {
		case err2 == nil:
			return m, nil
		case shaped:
			return xiangqi.NoMove, err2
		}
	}
	return xiangqi.NoMove, err
}

// finish ends the current game.
func (p *pgnParser) finish() error {
	g := p.g
	if g == nil {
		return nil
	}
	if !g.movetext {
		if err := p.beginMoves(g); err != nil {
			return err
		}
	}
	if len(g.lines) > 1 {
		return p.errAt(g.line().at, "variation '(' not closed by ')'")
	}
	switch {
	case g.result == "":
		p.warn(p.off, "no result at the end of the moves")
		g.Result = g.resultTag
	case g.resultTag != "" && g.result != g.resultTag && g.result != Unknown:
		p.warn(g.resultAt, "Result tag %s but the moves end with %s: using %s", g.resultTag, g.result, g.result)
		g.Result = g.result
	case g.result == Unknown && g.resultTag != "":
		g.Result = g.resultTag
	default:
		g.Result = g.result
	}
	if g.Result == "" {
		g.Result = Unknown
	}
	out := g.Game
	p.games = append(p.games, &out)
	p.g = nil
	return nil
}

// halfWidth turns full-width ASCII forms (Ｃ２＝５, １．) into ASCII.
func halfWidth(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r >= '！' && r <= '～' }) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r >= '！' && r <= '～' {
			return r - '！' + '!'
		}
		return r
	}, s)
}

// stripMoveNumber drops a leading move number "12." or "12..." (a bare "12" or "..." is
// all number).
func stripMoveNumber(tok string) string {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	switch {
	case i == len(tok):
		return ""
	case tok[i] == '.':
		return strings.TrimLeft(tok[i:], ".")
	}
	return tok
}
