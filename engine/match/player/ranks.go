package player

import (
	"fmt"
	"strconv"
)

// Notation translates moves between a game's coordinates, those of Go's moves and of
// Reply.Move, and an engine's (Config.Notation). Xiangqi's is Ranks.
type Notation interface {
	// ToEngine writes a move for the engine.
	ToEngine(move string) string
	// FromEngine reads the move of the engine's bestmove line: "" if the engine says it has
	// none (its game's words for that, such as "(none)"), or an error if it is not a move.
	FromEngine(word string) (string, error)
}

// Ranks is xiangqi's Notation for an engine whose ranks start at this base (ToEngine,
// FromEngine); "(none)", "none" and "0000" are no move.
type Ranks int

func (r Ranks) ToEngine(move string) string { return ToEngine(move, int(r)) }

func (r Ranks) FromEngine(word string) (string, error) {
	switch word {
	case "(none)", "none", "0000":
		return "", nil
	}
	return FromEngine(word, int(r))
}

// ToEngine writes a UCCI move ("h2e2", ranks 0..9) for an engine whose ranks start at base:
// base 1 gives "h3e3", and "a9a8" becomes "a10a9".
func ToEngine(m string, base int) string {
	if base == 0 || len(m) != 4 {
		return m
	}
	rank := func(c byte) string { return strconv.Itoa(int(c-'0') + base) }
	return m[:1] + rank(m[1]) + m[2:3] + rank(m[3])
}

// FromEngine reads an engine's move with ranks starting at base and returns it in UCCI
// coordinates. Anything that is not file-rank-file-rank on the 9×10 board is an error.
func FromEngine(s string, base int) (string, error) {
	bad := func(why string) (string, error) {
		return "", fmt.Errorf("move %q: %s (want files a-i and ranks %d-%d, like %s)",
			s, why, base, base+9, ToEngine("h2e2", base))
	}
	out := make([]byte, 0, 4)
	i := 0
	for sq := 0; sq < 2; sq++ {
		if i >= len(s) || s[i] < 'a' || s[i] > 'i' {
			return bad("no file a-i where one belongs")
		}
		out = append(out, s[i])
		i++
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' && j-i < 2 {
			j++
		}
		r, err := strconv.Atoi(s[i:j])
		if err != nil || j-i > 1 && s[i] == '0' {
			return bad("no rank where one belongs")
		}
		r -= base
		if r < 0 || r > 9 {
			return bad("rank off the board")
		}
		out = append(out, byte('0'+r))
		i = j
	}
	if i != len(s) {
		return bad("unexpected characters at the end")
	}
	return string(out), nil
}
