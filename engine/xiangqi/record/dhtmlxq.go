package record

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"qipan/engine/xiangqi"
)

// DhtmlXQ is the board blog posts embed (东萍象棋 DhtmlXQ): [DhtmlXQ]…[/DhtmlXQ] holding
// [DhtmlXQ_key]value[/DhtmlXQ_key] pairs. Coordinates are digit pairs "col row": col 0..8
// from Red's left (ICCS file a..i), row 0..9 from Black's back rank (ICCS rank 9..0).
//   - binit: 32 pairs, Red's pieces then Black's in the slots R N B A K A B N R C C P P P P P,
//     each side's from its own right; "99" = not on the board. Missing or empty: the
//     initial position.
//   - movelist: 4 digits per move, from then to (炮二平五 = "7747").
//   - comment0 is about the game, commentN follows move N; "||" is a line break.
//   - move_P_S_B is a variation, branch B: its moves replace branch P's from its ply S on
//     (plies counted from the start of the game, 1-based; the main line is branch 0, and
//     the viewers also write it as move_0_1_0). commentB_N follows branch B's ply N;
//     commentB_N with N one before the branch's first ply is the variation's own comment
//     (a qipan convention: the viewers have no place for one). A branch with a move that
//     cannot be read is skipped with a warning naming its line and column.
//   - title event date place round red black result (红胜 黑胜 和棋 未知, …) and any other
//     key become tags. DhtmlXQ has no symbols: a move's symbol is written at the head of
//     its comment (and read back from there); other NAGs are not written.
// DhtmlXQ cannot say who moves first: it is the owner of the first move's piece, or Red.

// dhtmlxqTags maps DhtmlXQ keys to tag names (and back).
var dhtmlxqTags = [][2]string{
	{"title", "Title"}, {"event", "Event"}, {"date", "Date"}, {"place", "Site"},
	{"round", "Round"}, {"red", "Red"}, {"black", "Black"}, {"redteam", "RedTeam"},
	{"blackteam", "BlackTeam"}, {"open", "Opening"}, {"owner", "Annotator"},
}

// slotKinds is the kind of each binit slot of a side.
var slotKinds = [16]xiangqi.Kind{
	xiangqi.Chariot, xiangqi.Horse, xiangqi.Elephant, xiangqi.Advisor, xiangqi.General,
	xiangqi.Advisor, xiangqi.Elephant, xiangqi.Horse, xiangqi.Chariot, xiangqi.Cannon,
	xiangqi.Cannon, xiangqi.Soldier, xiangqi.Soldier, xiangqi.Soldier, xiangqi.Soldier,
	xiangqi.Soldier,
}

// ParseDhtmlXQ reads every [DhtmlXQ] block in text (other text, such as the rest of a web
// page, is ignored). Input without a block is an error. On an error it returns the games
// read before the bad one and an *Error naming the line and column.
func ParseDhtmlXQ(text string) ([]*Game, []Warning, error) {
	d := &dxParser{src: text, loc: newLocator(text)}
	for {
		i := strings.Index(text[d.off:], "[DhtmlXQ]")
		if i < 0 {
			break
		}
		d.off += i
		g, err := d.block()
		if err != nil {
			return d.games, d.warns, err
		}
		d.games = append(d.games, g)
	}
	if len(d.games) == 0 {
		return nil, nil, &Error{Format: "DhtmlXQ", Pos: Pos{1, 1}, Game: 1, Msg: "no [DhtmlXQ] block"}
	}
	return d.games, d.warns, nil
}

// ReadDhtmlXQ reads every [DhtmlXQ] block of r; see ParseDhtmlXQ.
func ReadDhtmlXQ(r io.Reader) ([]*Game, []Warning, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, err
	}
	return ParseDhtmlXQ(string(data))
}

type dxParser struct {
	src   string
	off   int
	loc   *locator
	games []*Game
	warns []Warning
}

func (d *dxParser) errAt(off int, format string, args ...any) error {
	return &Error{Format: "DhtmlXQ", Pos: d.loc.at(off), Game: len(d.games) + 1, Msg: fmt.Sprintf(format, args...)}
}

func (d *dxParser) warn(off int, format string, args ...any) {
	d.warns = append(d.warns, Warning{Pos: d.loc.at(off), Game: len(d.games) + 1, Msg: fmt.Sprintf(format, args...)})
}

// dxValue is one key's value and where it starts.
type dxValue struct {
	key, value string
	at         int // offset of the value
	tagAt      int // offset of the opening tag
}

// block reads one [DhtmlXQ]…[/DhtmlXQ] block starting at d.off.
func (d *dxParser) block() (*Game, error) {
	start := d.off
	d.off += len("[DhtmlXQ]")
	var vals []dxValue
	for {
		// Between tags: white space, HTML tags a blog inserts (<br />), or stray text.
		i := strings.IndexByte(d.src[d.off:], '[')
		if i < 0 {
			return nil, d.errAt(start, "[DhtmlXQ] not closed by [/DhtmlXQ]")
		}
		if between := stripHTML(d.src[d.off : d.off+i]); strings.TrimFunc(between, isSpace) != "" {
			d.warn(d.off, "text between tags ignored")
		}
		d.off += i
		rest := d.src[d.off:]
		if strings.HasPrefix(rest, "[/DhtmlXQ]") {
			d.off += len("[/DhtmlXQ]")
			break
		}
		if !strings.HasPrefix(rest, "[DhtmlXQ_") {
			return nil, d.errAt(d.off, "want [DhtmlXQ_key] or [/DhtmlXQ]")
		}
		tagAt := d.off
		j := strings.IndexByte(rest, ']')
		key := ""
		if j > 0 {
			key = rest[len("[DhtmlXQ_"):j]
		}
		if j < 0 || !validKey(key) {
			return nil, d.errAt(d.off, "want [DhtmlXQ_key] with a key of letters, digits and '_'")
		}
		d.off += j + 1
		closing := "[/DhtmlXQ_" + key + "]"
		k := strings.Index(d.src[d.off:], closing)
		if k < 0 {
			return nil, d.errAt(tagAt, "[DhtmlXQ_%s] not closed by %s", key, closing)
		}
		vals = append(vals, dxValue{key: key, value: d.src[d.off : d.off+k], at: d.off, tagAt: tagAt})
		d.off += k + len(closing)
	}
	return d.game(vals)
}

func validKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// stripHTML drops <…> tags from s.
func stripHTML(s string) string {
	var sb strings.Builder
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '>')
		if j < 0 {
			break
		}
		sb.WriteString(s[:i])
		s = s[i+j+1:]
	}
	sb.WriteString(s)
	return sb.String()
}

// dxBranch is a move_P_S_B value: branch B leaves branch P at its ply S (1-based, counted
// from the start of the game), its first move replacing P's move at that ply.
type dxBranch struct {
	parent, step, id int
	v                *dxValue
}

// game turns a block's values into a Game.
func (d *dxParser) game(vals []dxValue) (*Game, error) {
	g := &Game{Result: Unknown}
	var binit, movelist *dxValue
	comments := map[[2]int]dxValue{} // by branch and ply
	var branches []dxBranch
	for i := range vals {
		v := &vals[i]
		switch {
		case v.key == "binit":
			binit = v
		case v.key == "movelist":
			movelist = v
		case v.key == "result":
			r, ok := dxResult(strings.TrimSpace(v.value))
			if !ok {
				d.warn(v.at, "result %q not understood: taken as unknown", v.value)
			}
			g.Result = r
		case strings.HasPrefix(v.key, "move_"):
			n, ok := dxNumbers(v.key[len("move_"):], 3)
			if !ok || n[1] < 1 {
				d.warn(v.tagAt, "%s: not move_parent_ply_branch: ignored", v.key)
				continue
			}
			branches = append(branches, dxBranch{parent: n[0], step: n[1], id: n[2], v: v})
		case strings.HasPrefix(v.key, "comment"):
			rest := v.key[len("comment"):]
			key := [2]int{}
			if n, ok := dxNumbers(rest, 1); ok {
				key[1] = n[0]
			} else if n, ok := dxNumbers(rest, 2); ok {
				key = [2]int{n[0], n[1]}
			} else {
				d.warn(v.tagAt, "%s: not commentN or commentB_N: ignored", v.key)
				continue
			}
			comments[key] = *v
		default:
			value := strings.TrimSpace(v.value)
			if value == "" {
				continue
			}
			name := v.key
			for _, t := range dhtmlxqTags {
				if t[0] == v.key {
					name = t[1]
				}
			}
			if reserved(name) {
				d.warn(v.tagAt, "%s: ignored (a field of its own)", v.key)
				continue
			}
			g.SetTag(name, value)
		}
	}
	// The viewers also write the main line as move_0_1_0.
	children := map[int][]dxBranch{}
	for _, b := range branches {
		switch {
		case b.id == 0 && b.parent == 0 && b.step == 1:
			if movelist == nil {
				movelist = b.v
			} else {
				d.warn(b.v.tagAt, "%s: the movelist is the main line: ignored", b.v.key)
			}
		case b.id == 0:
			d.warn(b.v.tagAt, "%s: branch 0 is the main line: ignored", b.v.key)
		default:
			children[b.parent] = append(children[b.parent], b)
		}
	}
	for _, cs := range children {
		sort.SliceStable(cs, func(i, j int) bool { return cs[i].id < cs[j].id })
	}
	var moveDigits string
	moveAt := 0
	if movelist != nil {
		moveDigits, moveAt = movelist.value, movelist.at
	}
	start, err := d.binit(binit, moveDigits)
	if err != nil {
		return nil, err
	}
	g.Start = start
	b := dxBuild{d: d, children: children, comments: comments, seen: map[int]bool{0: true}}
	g.Moves, err = b.line(0, 1, start, moveDigits, moveAt, 0)
	if err != nil {
		return nil, err
	}
	if c, ok := comments[[2]int{0, 0}]; ok {
		g.Comment = dxComment(c.value)
		delete(comments, [2]int{0, 0})
	}
	for _, cs := range children {
		for _, c := range cs {
			if !b.seen[c.id] {
				d.warn(c.v.tagAt, "%s: branch %d has no place in the game: ignored", c.v.key, c.parent)
			}
		}
	}
	keys := make([][2]int, 0, len(comments))
	for k := range comments {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return keys[i][0] < keys[j][0] || keys[i][0] == keys[j][0] && keys[i][1] < keys[j][1]
	})
	for _, k := range keys {
		if v := comments[k]; dxComment(v.value) != "" {
			d.warn(v.tagAt, "%s: no such move: ignored", v.key)
		}
	}
	return g, nil
}

// dxNumbers reads n numbers joined by '_' ("3", "1_5").
func dxNumbers(s string, n int) ([]int, bool) {
	parts := strings.Split(s, "_")
	if len(parts) != n {
		return nil, false
	}
	out := make([]int, n)
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || v > 1<<20 || p == "" || p[0] == '+' {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// dxBuild builds the tree from the branches; each comment it uses is removed from comments.
type dxBuild struct {
	d        *dxParser
	children map[int][]dxBranch
	comments map[[2]int]dxValue
	seen     map[int]bool
	fatal    error // nesting too deep: ends the read
}

// line reads branch id's moves (digits at offset at), its first move at ply step from pos,
// with their comments and the branches leaving it. A branch other than the main line
// with a move that cannot be read is skipped with a warning.
func (b *dxBuild) line(id, step int, pos *xiangqi.Position, digits string, at, depth int) ([]Move, error) {
	ms, err := b.d.moves(pos, digits, at)
	if err != nil {
		return nil, err
	}
	for i := range ms {
		if c, ok := b.comments[[2]int{id, step + i}]; ok {
			ms[i].Comment = dxComment(c.value)
			if sym, rest, ok := leadingSymbol(ms[i].Comment); ok {
				ms[i].SetSymbol(sym)
				ms[i].Comment = rest
			}
			delete(b.comments, [2]int{id, step + i})
		}
	}
	p := *pos
	ply := step
	for i := range ms {
		for _, c := range b.children[id] {
			if c.step != ply || b.seen[c.id] {
				continue
			}
			b.seen[c.id] = true
			if depth+1 > MaxDepth {
				b.fatal = b.d.errAt(c.v.tagAt, "%s: variations nest deeper than %d", c.v.key, MaxDepth)
				return nil, b.fatal
			}
			vm, err := b.line(c.id, ply, &p, c.v.value, c.v.at, depth+1)
			var e *Error
			switch {
			case err != nil && err == b.fatal:
				return nil, err
			case errors.As(err, &e):
				b.d.warns = append(b.d.warns, Warning{Pos: e.Pos, Game: e.Game, Msg: c.v.key + ": variation skipped: " + e.Msg})
				continue
			case err != nil:
				return nil, err
			case len(vm) == 0:
				b.d.warn(c.v.tagAt, "%s: variation without moves ignored", c.v.key)
				continue
			}
			v := Variation{Moves: vm}
			if cm, ok := b.comments[[2]int{c.id, ply - 1}]; ok {
				v.Comment = dxComment(cm.value)
				delete(b.comments, [2]int{c.id, ply - 1})
			}
			ms[i].Variations = append(ms[i].Variations, v)
		}
		p.Make(ms[i].Move)
		ply++
	}
	return ms, nil
}

// moves reads a movelist: 4 digits a move, white space between them skipped.
func (d *dxParser) moves(start *xiangqi.Position, digitsList string, moveAt int) ([]Move, error) {
	pos := *start
	var ms []Move
	for i := 0; i < len(digitsList); {
		// Skip white space inside the list (blogs wrap long lines).
		if asciiSpace(digitsList[i]) {
			i++
			continue
		}
		at := moveAt + i
		digits, next, ok := takeDigits(digitsList, i, 4)
		if !ok {
			return nil, d.errAt(at, "movelist: move %d: want 4 digits \"fromCol fromRow toCol toRow\", have %q", len(ms)+1, clip(digitsList[i:], 8))
		}
		i = next
		from, ok1 := dxSquare(digits[0], digits[1])
		to, ok2 := dxSquare(digits[2], digits[3])
		if !ok1 || !ok2 {
			return nil, d.errAt(at, "movelist: move %d %q: columns are 0-8 and rows 0-9", len(ms)+1, digits)
		}
		m := xiangqi.NewMove(from, to)
		if !pos.IsLegal(m) {
			return nil, d.errAt(at, "movelist: move %d %q (%s) is not legal in %s", len(ms)+1, digits, m.ICCS(), pos.FEN())
		}
		pos.Make(m)
		ms = append(ms, Move{Move: m})
	}
	return ms, nil
}

// takeDigits reads n (at most 4) digits from s at i, skipping white space between them.
func takeDigits(s string, i, n int) (string, int, bool) {
	var b [4]byte
	k := 0
	for i < len(s) && k < n {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			b[k] = c
			k++
		case asciiSpace(c):
		default:
			return "", i, false
		}
		i++
	}
	return string(b[:k]), i, k == n
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// dxSquare is the square at DhtmlXQ column c and row r (digits).
func dxSquare(c, r byte) (xiangqi.Square, bool) {
	col, row := int(c-'0'), int(r-'0')
	if col > 8 || row > 9 {
		return xiangqi.NoSquare, false
	}
	return xiangqi.SquareOf(col, 9-row), true
}

// binit builds the start position; the side to move is the owner of the first move's piece.
func (d *dxParser) binit(v *dxValue, moves string) (*xiangqi.Position, error) {
	var board [xiangqi.NumSquares]xiangqi.Piece
	if v == nil || strings.TrimSpace(v.value) == "" {
		p := xiangqi.NewPosition()
		for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
			board[s] = p.At(s)
		}
	} else {
		n := 0
		for i := 0; i < len(v.value); {
			if asciiSpace(v.value[i]) {
				i++
				continue
			}
			at := v.at + i
			if n == 32 {
				return nil, d.errAt(at, "binit: more than 64 digits")
			}
			digits, next, ok := takeDigits(v.value, i, 2)
			if !ok {
				return nil, d.errAt(at, "binit: piece %d: want 2 digits \"col row\" (99 = off the board), have %q", n+1, clip(v.value[i:], 4))
			}
			i = next
			c := xiangqi.Red
			if n >= 16 {
				c = xiangqi.Black
			}
			pc := xiangqi.MakePiece(c, slotKinds[n%16])
			n++
			if digits == "99" {
				continue
			}
			s, ok := dxSquare(digits[0], digits[1])
			if !ok {
				return nil, d.errAt(at, "binit: piece %d (%c) %q: columns are 0-8 and rows 0-9 (99 = off the board)", n, pc.FEN(), digits)
			}
			if board[s] != xiangqi.NoPiece {
				return nil, d.errAt(at, "binit: piece %d (%c) %q: point %s already holds %c", n, pc.FEN(), digits, s, board[s].FEN())
			}
			board[s] = pc
		}
		if n != 32 {
			return nil, d.errAt(v.at, "binit: %d digits, want 64 (32 pieces × \"col row\")", 2*n)
		}
	}
	turn := xiangqi.Red
	if d4, _, ok := takeDigits(moves, 0, 4); ok {
		if from, ok := dxSquare(d4[0], d4[1]); ok && board[from] != xiangqi.NoPiece {
			turn = board[from].Color()
		}
	}
	fen := xiangqi.BoardFEN(&board)
	p, err := xiangqi.ParseFEN(fen + " " + sideLetter(turn))
	if err != nil && strings.TrimSpace(moves) == "" {
		if q, err2 := xiangqi.ParseFEN(fen + " " + sideLetter(turn.Other())); err2 == nil {
			return q, nil
		}
	}
	if err != nil {
		at := 0
		if v != nil {
			at = v.tagAt
		}
		return nil, d.errAt(at, "binit: %v", err)
	}
	return p, nil
}

func sideLetter(c xiangqi.Color) string {
	if c == xiangqi.Black {
		return "b"
	}
	return "w"
}

// dxResult reads a DhtmlXQ result (红胜, 黑胜, 和棋, 未知, their variants, or a PGN result).
func dxResult(s string) (Result, bool) {
	if r, ok := parseResult(s); ok {
		return r, true
	}
	switch s {
	case "红胜", "紅勝", "红先胜", "紅先勝", "红方胜", "黑负", "黑負", "1":
		return RedWins, true
	case "黑胜", "黑勝", "红先负", "紅先負", "黑方胜", "红负", "紅負", "2":
		return BlackWins, true
	case "和棋", "和", "红先和", "紅先和", "和局", "3":
		return Draw, true
	case "未知", "", "0":
		return Unknown, true
	}
	return Unknown, false
}

// leadingSymbol splits a move's comment that starts with a symbol glyph standing alone
// ("!? 弃车" or "?!"): DhtmlXQ has no symbols, so qipan writes a move's symbol at the head
// of its comment, where DhtmlXQ viewers show it too.
func leadingSymbol(c string) (sym, rest string, ok bool) {
	head, rest, _ := strings.Cut(c, " ")
	if SymbolNAG(head) == 0 {
		return "", c, false
	}
	return head, rest, true
}

// dxComment decodes a comment: "||" and line ends become "\n"; ends trimmed.
func dxComment(s string) string {
	return cleanComment(strings.ReplaceAll(s, "||", "\n"))
}

// WriteDhtmlXQ writes g as a [DhtmlXQ] block: the tags (title event date place round red
// black … for the tags that have a DhtmlXQ key, the tag name as the key for the others),
// result, binit (always), movelist, the variations as move_P_S_B numbered depth first,
// comment0, commentN and commentB_N. DhtmlXQ has no symbols: a move's symbol (! ? !! ?? !?
// ?!) is written at the head of its comment, which reads back as the symbol; other NAGs are
// not written. Line breaks in comments are
// written "||" (raw when the comment itself holds a '|'). DhtmlXQ has no side to move:
// a game without moves from a position with Black to move reads back with Red to move
// when that is legal.
func WriteDhtmlXQ(w io.Writer, g *Game) error {
	s, err := FormatDhtmlXQ(g)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, s)
	return err
}

// FormatDhtmlXQ returns what WriteDhtmlXQ writes.
func FormatDhtmlXQ(g *Game) (string, error) {
	var sb strings.Builder
	put := func(key, value string) error {
		if closing := "[/DhtmlXQ_" + key + "]"; strings.Contains(value, closing) {
			return fmt.Errorf("DhtmlXQ: %s: value holds %q", key, closing)
		}
		fmt.Fprintf(&sb, "[DhtmlXQ_%s]%s[/DhtmlXQ_%s]\n", key, value, key)
		return nil
	}
	sb.WriteString("[DhtmlXQ]\n")
	for _, t := range g.Tags {
		key := t.Name
		for _, m := range dhtmlxqTags {
			if m[1] == t.Name {
				key = m[0]
			}
		}
		if !validKey(key) || reserved(key) || key == "binit" || key == "movelist" || key == "result" ||
			strings.HasPrefix(key, "comment") || strings.HasPrefix(key, "move_") {
			return "", fmt.Errorf("DhtmlXQ: tag %q cannot be written as a DhtmlXQ key", t.Name)
		}
		if err := put(key, strings.TrimSpace(t.Value)); err != nil {
			return "", err
		}
	}
	result := map[Result]string{RedWins: "红胜", BlackWins: "黑胜", Draw: "和棋", Unknown: "未知", "": "未知"}[g.Result]
	if result == "" {
		return "", fmt.Errorf("DhtmlXQ: result %q is not 1-0, 0-1, 1/2-1/2 or *", g.Result)
	}
	put("result", result)
	pos := g.start()
	binit, err := dxBinit(pos)
	if err != nil {
		return "", err
	}
	put("binit", binit)
	if err := checkTree("DhtmlXQ", pos, g.Moves, 0, ""); err != nil {
		return "", err
	}
	put("movelist", dxDigits(g.Moves))
	// The branches in depth-first order, numbered from 1; then the comments.
	var comments []dxValue
	comment := func(key, c string) {
		if c == "" {
			return
		}
		if !strings.Contains(c, "|") {
			c = strings.ReplaceAll(c, "\n", "||")
		}
		comments = append(comments, dxValue{key: key, value: c})
	}
	comment("comment0", g.Comment)
	next := 1
	var branch func(id, step int, ms []Move) error
	branch = func(id, step int, ms []Move) error {
		for i := range ms {
			c := ms[i].Comment
			if sym := ms[i].Symbol(); sym != "" {
				c = strings.TrimSpace(sym + " " + c)
			}
			if id == 0 {
				comment("comment"+strconv.Itoa(step+i), c)
			} else {
				comment(fmt.Sprintf("comment%d_%d", id, step+i), c)
			}
			for _, v := range ms[i].Variations {
				vid := next
				next++
				if err := put(fmt.Sprintf("move_%d_%d_%d", id, step+i, vid), dxDigits(v.Moves)); err != nil {
					return err
				}
				comment(fmt.Sprintf("comment%d_%d", vid, step+i-1), v.Comment)
				if err := branch(vid, step+i, v.Moves); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := branch(0, 1, g.Moves); err != nil {
		return "", err
	}
	for _, c := range comments {
		if err := put(c.key, c.value); err != nil {
			return "", err
		}
	}
	sb.WriteString("[/DhtmlXQ]\n")
	return sb.String(), nil
}

// dxDigits is the movelist of ms.
func dxDigits(ms []Move) string {
	var sb strings.Builder
	for _, m := range ms {
		sb.WriteString(dxCoord(m.From()) + dxCoord(m.To()))
	}
	return sb.String()
}

func dxCoord(s xiangqi.Square) string {
	return string([]byte{byte('0' + s.File()), byte('0' + 9 - s.Rank())})
}

// dxBinit lists p's pieces in the binit slots, each side's pieces from its own right.
func dxBinit(p *xiangqi.Position) (string, error) {
	var slots [32]string
	for i := range slots {
		slots[i] = "99"
	}
	for c := xiangqi.Red; c <= xiangqi.Black; c++ {
		var squares []xiangqi.Square
		p.Squares(c, func(s xiangqi.Square, _ xiangqi.Piece) { squares = append(squares, s) })
		// Own right first: Red from file i to a, Black from a to i; then front to back.
		sort.Slice(squares, func(i, j int) bool {
			a, b := squares[i], squares[j]
			if a.File() != b.File() {
				return (a.File() > b.File()) == (c == xiangqi.Red)
			}
			return (a.Rank() > b.Rank()) == (c == xiangqi.Red)
		})
		for _, s := range squares {
			k := p.At(s).Kind()
			placed := false
			for i := 0; i < 16; i++ {
				if slotKinds[i] == k && slots[int(c)*16+i] == "99" {
					slots[int(c)*16+i] = dxCoord(s)
					placed = true
					break
				}
			}
			if !placed {
				return "", fmt.Errorf("DhtmlXQ: too many %s %ss for binit", c, k)
			}
		}
	}
	return strings.Join(slots[:], ""), nil
}

func asciiSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
