package play

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"qipan/engine/xiangqi"
)

// Import reads pasted text as a game: a FEN (optionally followed by "moves" and coordinate
// moves, as in a protocol position line), or a list of moves from the start position in any
// notation ParseAnyMove reads (move numbers like "1." and results like "1-0" are skipped, so a
// list copied with MovesText reads back). It returns the game and what the text was ("FEN"
// or "moves"). A bad FEN is ParseFEN's error; a bad move names its number and text.
func Import(text string) (*xiangqi.Game, string, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, "", errors.New("nothing to import: paste a FEN or a list of moves")
	}
	kind, start, moves := "moves", xiangqi.NewPosition(), text
	if strings.Contains(text, "/") {
		kind = "FEN"
		fen := text
		moves = ""
		if i := strings.Index(text, " moves"); i >= 0 {
			fen, moves = text[:i], text[i+len(" moves"):]
		}
		fen = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(fen, "position "), "fen "))
		pos, err := xiangqi.ParseFEN(fen)
		if err != nil {
			return nil, "", err
		}
		start = pos
	}
	g := xiangqi.NewGame(start)
	n := 0
	for _, tok := range strings.Fields(moves) {
		if skipToken.MatchString(tok) {
			continue
		}
		n++
		mv, err := g.Position().ParseAnyMove(tok)
		if err == nil {
			err = g.Play(mv)
		}
		if err != nil {
			return nil, "", fmt.Errorf("move %d %q: %w", n, tok, err)
		}
	}
	if kind == "moves" && n == 0 {
		return nil, "", errors.New("no moves and no FEN found in the text")
	}
	return g, kind, nil
}

// skipToken matches what a move list holds besides moves: move numbers, "...", results.
var skipToken = regexp.MustCompile(`^(\d+\.+|\.\.\.|…|1-0|0-1|1/2-1/2|\*)$`)
