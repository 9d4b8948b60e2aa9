package engineclient

import (
	"strconv"
	"strings"

	"qipan/engine/protocol"
)

// MateScore is the UCCI score of mate on the board: mate in n plies is ±(MateScore - n).
const MateScore = protocol.MateScore

// SearchInfo is what the engine said of its search so far: the last info line with a depth,
// for the position it searched.
type SearchInfo struct {
	Pos     string   // the position line searched (as sent to the engine)
	Hint    bool     // the search is for a hint, not the engine's own move
	Depth   int      // plies
	MultiPV int      // the line's rank in a multipv search (0 when the engine did not say)
	Score   int      // centipawns (Xiangqi) or centi-discs (Reversi) for the side to move
	Mate    int      // moves to mate: > 0 the side to move mates, < 0 it is mated; 0 for none
	Exact   bool     // (Reversi) the score is the endgame's exact disc difference
	Nodes   uint64   // searched so far
	NPS     uint64   // nodes a second
	PV      []string // the principal variation, coordinate moves
}

// parseInfo reads an info line of either dialect ("score 8", "score cp 8", "score mate -2",
// UCCI's mate as ±(10000 - plies)); it reports false for an info line without a depth (info
// string …) or a malformed one.
func parseInfo(fields []string) (t SearchInfo, ok bool) {
	if len(fields) < 3 || fields[0] != "info" {
		return t, false
	}
	num := func(i int) (int, bool) {
		if i >= len(fields) {
			return 0, false
		}
		n, err := strconv.Atoi(fields[i])
		return n, err == nil
	}
	hasDepth := false
	for i := 1; i < len(fields); i++ {
		switch fields[i] {
		case "depth":
			if t.Depth, ok = num(i + 1); !ok {
				return t, false
			}
			hasDepth = true
			i++
		case "score":
			switch {
			case i+2 < len(fields) && fields[i+1] == "cp":
				if t.Score, ok = num(i + 2); !ok {
					return t, false
				}
				i += 2
			case i+2 < len(fields) && fields[i+1] == "mate":
				if t.Mate, ok = num(i + 2); !ok {
					return t, false
				}
				i += 2
			default:
				s, ok := num(i + 1)
				if !ok {
					return t, false
				}
				if m, mate := protocol.MateMoves(s); mate {
					t.Mate = m
				} else {
					t.Score = s
				}
				i++
			}
		case "multipv":
			if t.MultiPV, ok = num(i + 1); !ok {
				return t, false
			}
			i++
		case "nodes", "nps":
			n, err := strconv.ParseUint(fieldAt(fields, i+1), 10, 64)
			if err != nil {
				return t, false
			}
			if fields[i] == "nodes" {
				t.Nodes = n
			} else {
				t.NPS = n
			}
			i++
		case "pv":
			t.PV = append([]string(nil), fields[i+1:]...)
			i = len(fields)
		}
	}
	return t, hasDepth
}

func fieldAt(fields []string, i int) string {
	if i < len(fields) {
		return fields[i]
	}
	return ""
}

// ScoreText writes a score for people: "+0.35" (pawns or discs), "mate in 3" style left to
// the caller through Mate; "0.00" for an even score.
func (t SearchInfo) ScoreText() string {
	s := t.Score
	sign := "+"
	if s < 0 {
		sign, s = "-", -s
	}
	if s == 0 {
		sign = ""
	}
	frac := strconv.Itoa(s % 100)
	if len(frac) < 2 {
		frac = "0" + frac
	}
	return sign + strconv.Itoa(s/100) + "." + frac
}

// ScoreAttr is the score as the page's data-score writes it: centipawns or centi-discs, or
// "mate N" (negative when the side is mated).
func (t SearchInfo) ScoreAttr() string {
	if t.Mate != 0 {
		return "mate " + strconv.Itoa(t.Mate)
	}
	return strconv.Itoa(t.Score)
}

// Flip returns t from the other side's view.
func (t SearchInfo) Flip() SearchInfo {
	t.Score, t.Mate = -t.Score, -t.Mate
	return t
}

// keepMoveInfo keeps a multipv line under its first move.
func (e *Client) keepMoveInfo(t SearchInfo) {
	if len(t.PV) == 0 {
		return
	}
	if e.moveInfo == nil {
		e.moveInfo = map[string]SearchInfo{}
	}
	e.moveInfo[t.PV[0]] = t
}

// MoveInfo returns, for the last search when it scored every move (multipv), the last line
// for each first move (nil otherwise).
func (e *Client) MoveInfo() map[string]SearchInfo { return e.moveInfo }

// PVLine is the PV as one attribute value ("h2e2 h9g7").
func (t SearchInfo) PVLine() string { return strings.Join(t.PV, " ") }
