package xiangqi

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Vertical notations: Chinese (炮二平五) and WXF (C2.5). Both name the piece, the file it
// stands on (numbered 1..9 from the mover's right), the direction (forward, back, sideways)
// and either the destination file (diagonal movers, sideways moves) or the distance.
//
// Disambiguation written (the published standard; see /work/shared/reference/notation.md):
//   - generals, advisors, elephants: always the file (two advisors or elephants on a file
//     are told apart by the direction);
//   - two chariots, horses, cannons or soldiers on one file: 前/后, WXF + / -;
//   - three soldiers on one file (and no other file with two): 前/中/后; WXF P+, P<file>
//     for the middle one (WXF's own rule), P-;
//   - soldiers on two files each holding two or more, or four or five on one file: an
//     ordinal 一二三四五 (WXF a b c d e), counting files from the mover's right, each front to
//     back; soldiers alone on their file keep their file number.
//
// Parsing is lenient: simplified or traditional characters, either side's characters, 一…九
// or ASCII or full-width digits for either side, 前/后 before or after the piece, WXF '.' or
// '=' for sideways, piece letters B/N for E/H. A move is accepted when exactly one legal move
// fits the description.

// ChineseOptions selects how Chinese notation is written.
type ChineseOptions struct {
	Traditional bool // 帥 車 馬 砲 進 後 instead of 帅 车 马 炮 进 后
	ASCIIDigits bool // Black's numbers as 1..9 instead of full-width １..９
}

var (
	cnPiece = [2][2][NumKinds]string{ // [traditional][color][kind]
		{{"", "帅", "仕", "相", "马", "车", "炮", "兵"}, {"", "将", "士", "象", "马", "车", "炮", "卒"}},
		{{"", "帥", "仕", "相", "馬", "車", "炮", "兵"}, {"", "將", "士", "象", "馬", "車", "砲", "卒"}},
	}
	cnNumerals = []string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	wxfLetters = [NumKinds]byte{0, 'K', 'A', 'E', 'H', 'R', 'C', 'P'}
)

// vinfo describes a legal move as the vertical notations see it.
type vinfo struct {
	kind   Kind
	file   int  // origin file, numbered 1..9 from the mover's right
	idx, n int  // index from the front among the mover's same-kind pieces on that file; their count
	ord    int  // soldiers on a file with others: ordinal over all such files (0-based), else -1
	tandem int  // soldiers: how many files hold two or more of the mover's soldiers
	op     byte // '+' forward, '-' back, '.' sideways
	arg    int  // destination file number, or distance for straight moves along the file
}

// fileNumber numbers file f (0 = a) from color c's right: Red a..i = 9..1, Black a..i = 1..9.
func fileNumber(c Color, f int) int {
	if c == Red {
		return 9 - f
	}
	return f + 1
}

// frontRanks lists ranks from the front (nearest the enemy) to the back for color c.
func frontRank(c Color, i int) int {
	if c == Red {
		return 9 - i
	}
	return i
}

func (p *Position) vinfoOf(m Move) vinfo {
	from, to := m.From(), m.To()
	pc := p.board[from]
	c := pc.Color()
	v := vinfo{kind: pc.Kind(), file: fileNumber(c, from.File()), ord: -1}
	for i := 0; i < 10; i++ {
		s := SquareOf(from.File(), frontRank(c, i))
		if p.board[s] == pc {
			if s == from {
				v.idx = v.n
			}
			v.n++
		}
	}
	if v.kind == Soldier {
		k := 0
		for fi := 0; fi < 9; fi++ {
			f := 8 - fi // Red's right is file i
			if c == Black {
				f = fi
			}
			cnt := 0
			for r := 0; r < 10; r++ {
				if p.board[SquareOf(f, r)] == pc {
					cnt++
				}
			}
			if cnt < 2 {
				continue
			}
			v.tandem++
			for i := 0; i < 10; i++ {
				s := SquareOf(f, frontRank(c, i))
				if p.board[s] == pc {
					if s == from {
						v.ord = k
					}
					k++
				}
			}
		}
	}
	dr := to.Rank() - from.Rank()
	if c == Black {
		dr = -dr
	}
	switch {
	case dr > 0:
		v.op = '+'
	case dr < 0:
		v.op = '-'
	default:
		v.op = '.'
	}
	if from.File() == to.File() {
		v.arg = abs(dr)
	} else {
		v.arg = fileNumber(c, to.File())
	}
	return v
}

// Selector kinds.
const (
	selFile = iota
	selFront
	selMiddle
	selRear
	selOrd
)

// selector is how the standard writes which piece moves.
func (v vinfo) selector() int {
	switch {
	case v.kind == General || v.kind == Advisor || v.kind == Elephant || v.n == 1:
		return selFile
	case v.kind == Soldier && (v.tandem > 1 || v.n > 3):
		return selOrd
	case v.idx == 0:
		return selFront
	case v.idx == v.n-1:
		return selRear
	}
	return selMiddle
}

// Chinese writes m (which must be legal; otherwise "") in simplified characters with
// Black's numbers in full-width digits.
func (p *Position) Chinese(m Move) string { return p.ChineseWith(m, ChineseOptions{}) }

// ChineseWith writes m in Chinese notation with the given options ("" if m is not legal).
func (p *Position) ChineseWith(m Move, o ChineseOptions) string {
	if !p.IsLegal(m) {
		return ""
	}
	v := p.vinfoOf(m)
	c := p.turn
	trad := 0
	if o.Traditional {
		trad = 1
	}
	num := func(n int) string {
		switch {
		case c == Red:
			return cnNumerals[n]
		case o.ASCIIDigits:
			return string(rune('0' + n))
		}
		return string(rune('０' + n))
	}
	piece := cnPiece[trad][c][v.kind]
	var sb strings.Builder
	switch v.selector() {
	case selFile:
		sb.WriteString(piece + num(v.file))
	case selFront:
		sb.WriteString("前" + piece)
	case selMiddle:
		sb.WriteString("中" + piece)
	case selRear:
		sb.WriteString([]string{"后", "後"}[trad] + piece)
	case selOrd:
		sb.WriteString(cnNumerals[v.ord+1] + piece)
	}
	switch v.op {
	case '+':
		sb.WriteString([]string{"进", "進"}[trad])
	case '-':
		sb.WriteString("退")
	default:
		sb.WriteString("平")
	}
	sb.WriteString(num(v.arg))
	return sb.String()
}

// WXF writes m (which must be legal; otherwise "") in WXF notation, e.g. C2.5, C+-2, Pa.5.
func (p *Position) WXF(m Move) string {
	if !p.IsLegal(m) {
		return ""
	}
	v := p.vinfoOf(m)
	b := []byte{wxfLetters[v.kind], 0, v.op, byte('0' + v.arg)}
	switch v.selector() {
	case selFile, selMiddle: // WXF writes the middle of three soldiers with its file
		b[1] = byte('0' + v.file)
	case selFront:
		b[1] = '+'
	case selRear:
		b[1] = '-'
	case selOrd:
		b[1] = byte('a' + v.ord)
	}
	return string(b)
}

// spec is a parsed vertical-notation move, before it is matched against the legal moves.
type spec struct {
	kind Kind
	file int // 0: not given
	pos  int // selFile (none), selFront, selMiddle, selRear, selOrd
	ord  int
	op   byte
	arg  int
}

func (v vinfo) matches(s spec) bool {
	if v.kind != s.kind || v.op != s.op || v.arg != s.arg || (s.file != 0 && v.file != s.file) {
		return false
	}
	switch s.pos {
	case selFile:
		// The middle of three soldiers on a file is written with the file (WXF), so the file
		// names only that one.
		return !(v.kind == Soldier && v.n == 3) || v.idx == 1
	case selFront:
		return v.n >= 2 && v.idx == 0
	case selRear:
		return v.n >= 2 && v.idx == v.n-1
	case selMiddle:
		return v.n >= 3 && v.n%2 == 1 && v.idx == v.n/2
	case selOrd:
		return v.ord == s.ord
	}
	return false
}

// match finds the one legal move fitting s.
func (p *Position) match(s spec, what, text string) (Move, error) {
	var ml MoveList
	p.GenerateLegal(&ml)
	var found []Move
	for _, m := range ml.Slice() {
		if p.vinfoOf(m).matches(s) {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return NoMove, fmt.Errorf("%s move %q: no legal %s move fits it", what, text, p.turn)
	}
	alts := make([]string, len(found))
	for i, m := range found {
		alts[i] = m.ICCS()
	}
	return NoMove, fmt.Errorf("%s move %q is ambiguous: %s", what, text, strings.Join(alts, ", "))
}

var cnKinds = map[rune]Kind{
	'帅': General, '帥': General, '将': General, '將': General,
	'仕': Advisor, '士': Advisor,
	'相': Elephant, '象': Elephant,
	'马': Horse, '馬': Horse, '傌': Horse,
	'车': Chariot, '車': Chariot, '俥': Chariot,
	'炮': Cannon, '砲': Cannon, '包': Cannon,
	'兵': Soldier, '卒': Soldier,
}

var cnPos = map[rune]int{'前': selFront, '中': selMiddle, '后': selRear, '後': selRear}

var cnOps = map[rune]byte{'进': '+', '進': '+', '退': '-', '平': '.'}

// cnNumber reads 一…九, 1…9 or １…９ as 1..9 (0 if none).
func cnNumber(r rune) int {
	switch {
	case r >= '1' && r <= '9':
		return int(r - '0')
	case r >= '１' && r <= '９':
		return int(r - '０')
	}
	for i, s := range cnNumerals {
		if i > 0 && s == string(r) {
			return i
		}
	}
	return 0
}

// ParseChinese reads a move in Chinese notation (炮二平五, 炮8平5, 前炮退二, 一兵平五, …).
func (p *Position) ParseChinese(text string) (Move, error) {
	s := strings.TrimSpace(text)
	if !utf8.ValidString(s) {
		return NoMove, fmt.Errorf("Chinese move %q: not valid UTF-8", text)
	}
	r := []rune(s)
	if len(r) != 4 {
		return NoMove, fmt.Errorf("Chinese move %q: want 4 characters like 炮二平五 or 前炮退二", text)
	}
	var sp spec
	bad := func(i int, want string) (Move, error) {
		return NoMove, fmt.Errorf("Chinese move %q: character %d %q is not %s", text, i+1, r[i], want)
	}
	if k, ok := cnKinds[r[0]]; ok { // 炮二… or 炮前…
		sp.kind = k
		if n := cnNumber(r[1]); n != 0 {
			sp.file = n
		} else if pos, ok := cnPos[r[1]]; ok {
			sp.pos = pos
		} else {
			return bad(1, "a file number 1-9 or 前/中/后")
		}
	} else {
		k, ok := cnKinds[r[1]]
		if !ok {
			return bad(0, "a piece (车马相仕帅炮兵…), nor is the next one")
		}
		sp.kind = k
		if pos, ok := cnPos[r[0]]; ok {
			sp.pos = pos
		} else if n := cnNumber(r[0]); n >= 1 && n <= 5 {
			sp.pos, sp.ord = selOrd, n-1
		} else {
			return bad(0, "前/中/后 or an ordinal 一-五")
		}
	}
	op, ok := cnOps[r[2]]
	if !ok {
		return bad(2, "进, 退 or 平")
	}
	sp.op = op
	if sp.arg = cnNumber(r[3]); sp.arg == 0 {
		return bad(3, "a number 1-9")
	}
	return p.match(sp, "Chinese", text)
}

// ParseWXF reads a move in WXF notation: piece letter (K A E H R C P; B, N accepted), file
// digit or + / - (front, rear) or a..e (soldier ordinal), then + - . (or =) and a digit.
func (p *Position) ParseWXF(text string) (Move, error) {
	s := strings.TrimSpace(text)
	if len(s) != 4 {
		return NoMove, fmt.Errorf("WXF move %q: want 4 characters like C2.5, H8+7 or C+-2", text)
	}
	var sp spec
	switch lower(s[0]) {
	case 'k':
		sp.kind = General
	case 'a':
		sp.kind = Advisor
	case 'e', 'b':
		sp.kind = Elephant
	case 'h', 'n':
		sp.kind = Horse
	case 'r':
		sp.kind = Chariot
	case 'c':
		sp.kind = Cannon
	case 'p':
		sp.kind = Soldier
	default:
		return NoMove, fmt.Errorf("WXF move %q: piece %q is not one of K A E H R C P", text, s[0])
	}
	switch c := s[1]; {
	case c >= '1' && c <= '9':
		sp.file = int(c - '0')
	case c == '+':
		sp.pos = selFront
	case c == '-':
		sp.pos = selRear
	case lower(c) >= 'a' && lower(c) <= 'e':
		sp.pos, sp.ord = selOrd, int(lower(c)-'a')
	default:
		return NoMove, fmt.Errorf("WXF move %q: %q is not a file 1-9, + or - (front, rear) or a-e", text, c)
	}
	switch c := s[2]; c {
	case '+', '-', '.':
		sp.op = c
	case '=':
		sp.op = '.'
	default:
		return NoMove, fmt.Errorf("WXF move %q: direction %q is not + (forward), - (back) or . (sideways)", text, c)
	}
	if c := s[3]; c >= '1' && c <= '9' {
		sp.arg = int(c - '0')
	} else {
		return NoMove, fmt.Errorf("WXF move %q: %q is not a digit 1-9", text, c)
	}
	return p.match(sp, "WXF", text)
}

// ParseAnyMove reads a move in any notation this package knows: coordinates (h2e2, H2-E2),
// WXF (C2.5) or Chinese (炮二平五). The move must be legal here.
func (p *Position) ParseAnyMove(text string) (Move, error) {
	s := strings.TrimSpace(text)
	if m, ok := CoordMove(s); ok {
		if !p.IsLegal(m) {
			return NoMove, fmt.Errorf("move %s is not legal in %s", m, p.FEN())
		}
		return m, nil
	}
	if len(s) == 4 && s[0] < utf8.RuneSelf {
		return p.ParseWXF(s)
	}
	if utf8.RuneCountInString(s) == 4 {
		return p.ParseChinese(s)
	}
	return NoMove, fmt.Errorf("move %q: not a coordinate (h2e2), WXF (C2.5) or Chinese (炮二平五) move", text)
}
