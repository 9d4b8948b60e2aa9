package record

import (
	"fmt"
	"strings"

	"qipan/engine/xiangqi"
)

// sanKinds maps the piece letters of Fairy-Stockfish's xiangqi SAN (and the chess-style
// B and N some programs use) to kinds.
var sanKinds = map[byte]xiangqi.Kind{
	'K': xiangqi.General, 'A': xiangqi.Advisor, 'E': xiangqi.Elephant, 'B': xiangqi.Elephant,
	'H': xiangqi.Horse, 'N': xiangqi.Horse, 'R': xiangqi.Chariot, 'C': xiangqi.Cannon,
	'P': xiangqi.Soldier,
}

// parseSAN reads a move in Fairy-Stockfish's SAN for xiangqi, as pychess.org exports it:
// piece letter (K A E H R C P; a soldier may lack it), the origin file and/or rank when
// needed, x for a capture, the destination with ranks 1..10 (Che3, Rh10, Cxe7+, Hb1c3).
// shaped reports whether tok is SAN in form (so that its error is the one to show).
func parseSAN(pos *xiangqi.Position, tok string) (m xiangqi.Move, shaped bool, err error) {
	bad := func(format string, args ...any) (xiangqi.Move, bool, error) {
		return xiangqi.NoMove, shaped, fmt.Errorf("SAN move %q: %s", tok, fmt.Sprintf(format, args...))
	}
	s := strings.TrimRight(tok, "+#")
	kind := xiangqi.Soldier
	if s != "" {
		if k, ok := sanKinds[s[0]]; ok {
			kind, s = k, s[1:]
		}
	}
	// The destination: a file a-i and a rank 1-10 at the end.
	n := len(s)
	digits := 0
	for digits < 2 && digits < n && isDigit(s[n-1-digits]) {
		digits++
	}
	if digits == 0 || digits == n || !isFile(s[n-1-digits]) {
		return bad("want a destination like e3 or h10 at the end")
	}
	toFile, toRank := int(s[n-1-digits]-'a'), atoi(s[n-digits:])-1
	if toRank < 0 || toRank > 9 {
		return bad("rank %d is not 1-10", toRank+1)
	}
	rest := strings.TrimSuffix(s[:n-1-digits], "x")
	fromFile, fromRank := -1, -1
	if rest != "" && isFile(rest[0]) {
		fromFile, rest = int(rest[0]-'a'), rest[1:]
	}
	if rest != "" {
		r := atoi(rest)
		if len(rest) > 2 || r < 1 || r > 10 {
			return bad("%q is not an origin file a-i or rank 1-10", rest)
		}
		fromRank = r - 1
	}
	shaped = true
	to := xiangqi.SquareOf(toFile, toRank)
	var ml xiangqi.MoveList
	pos.GenerateLegal(&ml)
	var found []xiangqi.Move
	for _, m := range ml.Moves[:ml.N] {
		f := m.From()
		if m.To() == to && pos.At(f).Kind() == kind &&
			(fromFile < 0 || f.File() == fromFile) && (fromRank < 0 || f.Rank() == fromRank) {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 1:
		return found[0], true, nil
	case 0:
		return bad("no legal %s %s move fits it", pos.Turn(), kind)
	}
	return bad("ambiguous: %s or %s", found[0].ICCS(), found[1].ICCS())
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isFile(c byte) bool  { return c >= 'a' && c <= 'i' }

// atoi reads a short run of ASCII digits (-1 if there are none or others).
func atoi(s string) int {
	if s == "" {
		return -1
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return -1
		}
		n = n*10 + int(s[i]-'0')
	}
	return n
}
