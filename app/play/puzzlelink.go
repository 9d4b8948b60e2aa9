package play

import (
	"fmt"
	"strconv"
	"strings"

	"qipan/app/i18n"
	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
)

// A puzzle from a link (the app's ?puzzle=1&fen=…, the embed's puzzle=1, a blog's
// <pre class="qipan" data-puzzle>): Xiangqi's position is judged by the defence's search, so
// the FEN alone is the puzzle. A Reversi puzzle asks for the best move, judged by every legal
// move's exact score: the link carries them (scores=, written as a collection's moves column,
// "d3:6,c4:-4"; ShareQuery writes them), or the position is one of the shipped collection's
// (FindPosition), whose scores are its own. A position the link gives no scores for and the
// collection does not hold cannot be judged (PuzzleUnknown): qipan does not solve a position
// of up to 24 empties in the page.

// PuzzleLinkReason names why a link's position cannot be a Reversi puzzle.
type PuzzleLinkReason string

const (
	PuzzleBadBoard  PuzzleLinkReason = "board"   // the board cannot be played (Edit: why)
	PuzzleNoMove    PuzzleLinkReason = "no-move" // the side to move must pass (Side)
	PuzzleBadScores PuzzleLinkReason = "scores"  // the link's scores do not fit the position (Detail)
	PuzzleUnknown   PuzzleLinkReason = "unknown" // no scores, and not a position of the collection
)

// PuzzleLinkError is LinkPuzzle's error (and the caller's PuzzleUnknown): Text says it in the
// reader's language.
type PuzzleLinkError struct {
	Reason PuzzleLinkReason
	Side   int         // PuzzleNoMove: the side to move (0 Black, 1 White)
	Edit   EditProblem // PuzzleBadBoard: the board's problem
	Detail string      // PuzzleBadScores: what does not fit (English)
}

func (e *PuzzleLinkError) Error() string {
	switch e.Reason {
	case PuzzleBadBoard:
		return e.Edit.Detail
	case PuzzleNoMove:
		return "the side to move has no move there"
	case PuzzleBadScores:
		return "the scores do not fit the position: " + e.Detail
	}
	return "the position is not one of the collection's and the link gives no scores"
}

// Text says in l why the link's position cannot be a puzzle.
func (e *PuzzleLinkError) Text(l i18n.Lang) string {
	switch e.Reason {
	case PuzzleBadBoard:
		return e.Edit.Text(l, VariantReversi)
	case PuzzleNoMove:
		return l.T(i18n.ReversiPuzzleNoMove, SideLabel(l, VariantReversi, e.Side))
	case PuzzleBadScores:
		return l.T(i18n.ReversiPuzzleBadScores, e.Detail)
	}
	return l.T(i18n.ReversiPuzzleUnknown)
}

// LinkPuzzle is the puzzle a link names: variant's position fen and, for Reversi, the scores
// of its moves ("" for none: Scored is then false, and the caller looks the position up in
// the collection, FindPosition). A Reversi position that cannot be a puzzle is a
// *PuzzleLinkError; a Xiangqi one is StartPuzzle's to refuse.
func LinkPuzzle(variant, fen, scores string) (Puzzle, error) {
	fen = strings.TrimSpace(fen)
	p := Puzzle{Variant: variant, FEN: fen}
	if variant != VariantReversi {
		return p, nil
	}
	if pr := CheckReversi(fen); pr.Reason != "" {
		return p, &PuzzleLinkError{Reason: PuzzleBadBoard, Edit: pr}
	}
	pos, _ := reversi.ParseBoard(fen)
	if pos.Status() == reversi.MustPass {
		return p, &PuzzleLinkError{Reason: PuzzleNoMove, Side: int(pos.Turn)}
	}
	p.FEN = pos.String()
	if strings.TrimSpace(scores) == "" {
		p.Empties = pos.Empties()
		return p, nil
	}
	ms, err := ParseScores(scores)
	if err == nil {
		p.Scores = ms
		err = reversiPuzzle(&p, false)
	}
	if err != nil {
		return Puzzle{Variant: variant, FEN: p.FEN}, &PuzzleLinkError{Reason: PuzzleBadScores, Detail: err.Error()}
	}
	p.Source = "" // a link's own: no collection's number
	return p, nil
}

// LinkVariant is the game of a puzzle link's position: the link's game= (othello is Reversi),
// else Reversi for a Reversi board that is no Xiangqi FEN, else Xiangqi.
func LinkVariant(game, fen string) string {
	switch strings.ToLower(strings.TrimSpace(game)) {
	case VariantReversi, "othello":
		return VariantReversi
	case VariantXiangqi:
		return VariantXiangqi
	}
	if _, err := reversi.ParseBoard(fen); err == nil {
		if _, err := xiangqi.ParseFEN(fen); err != nil {
			return VariantReversi
		}
	}
	return VariantXiangqi
}

// Scored reports whether p carries the scores that judge it (a Reversi puzzle's), or needs none
// (Xiangqi's).
func (p Puzzle) Scored() bool { return p.Variant != VariantReversi || len(p.Scores) > 0 }

// ParseScores reads the scores of a link or a collection's moves column: moves and their
// scores, "d3:+6 c4:-4" or "d3:6,c4:-4". A query's '+' arrives as a space ("d3: 6"), so space
// around a ':' is left out. Hand-written, not a regexp: the collection's 500 lines are read at
// every start.
func ParseScores(s string) ([]MoveScore, error) {
	var out []MoveScore
	for f := range strings.FieldsFuncSeq(joinScores(s), func(r rune) bool { return r == ',' || r == ' ' || r == ';' || r == '\t' }) {
		ms, err := parseScore(f)
		if err != nil {
			return nil, err
		}
		out = append(out, ms)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no move scored")
	}
	return out, nil
}

// joinScores leaves out the space around each ':' of s, joining a score to its move.
func joinScores(s string) string {
	for _, gap := range []string{" :", ": "} {
		for strings.Contains(s, gap) {
			s = strings.ReplaceAll(s, gap, ":")
		}
	}
	return s
}

// parseScore reads one move's score: "d3:6", "d3:+6", "pass:0"; the move in either case.
func parseScore(f string) (MoveScore, error) {
	mv, v, ok := strings.Cut(f, ":")
	mv = strings.ToLower(mv)
	square := len(mv) == 2 && mv[0] >= 'a' && mv[0] <= 'h' && mv[1] >= '1' && mv[1] <= '8'
	if !ok || !square && mv != "pass" || v == "" {
		return MoveScore{}, fmt.Errorf("move score %q, want a move, ':' and its score (d3:6)", clipText(f, 20))
	}
	d, err := strconv.Atoi(v)
	if err != nil || d < -64 || d > 64 {
		return MoveScore{}, fmt.Errorf("move score %q: a score is -64 to 64 discs", clipText(f, 20))
	}
	return MoveScore{mv, d}, nil
}

// ScoresText writes p's scores for a link: "d3:6,c4:-4" (a query keeps ':' and ',' as they
// are, and no '+', which it would read as a space).
func ScoresText(p Puzzle) string {
	parts := make([]string, len(p.Scores))
	for i, m := range p.Scores {
		parts[i] = m.Move + ":" + strconv.Itoa(m.Discs)
	}
	return strings.Join(parts, ",")
}

// FindPosition is the index in list of the puzzle of variant's position fen (compared as the
// rules write it: a Reversi board's case and spacing, a FEN's move counters do not matter), -1
// when none.
func FindPosition(list []Puzzle, variant, fen string) int {
	key := positionKey(variant, fen)
	if key == "" {
		return -1
	}
	for i, p := range list {
		if p.Variant == variant && positionKey(variant, p.FEN) == key {
			return i
		}
	}
	return -1
}

// positionKey is fen as the rules write it, "" when it cannot be read.
func positionKey(variant, fen string) string {
	if variant == VariantReversi {
		pos, err := reversi.ParseBoard(fen)
		if err != nil {
			return ""
		}
		return pos.String()
	}
	pos, err := xiangqi.ParseFEN(fen)
	if err != nil {
		return ""
	}
	f := strings.Fields(pos.FEN())
	return strings.Join(f[:min(2, len(f))], " ")
}

// clipText shortens s to n characters for a message.
func clipText(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
