package play

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"qipan/app/i18n"
	"qipan/engine/reversi"
)

// A collection of puzzles ships as a TSV file (web/puzzles/, made by cmd/qipan-puzzles and
// cmd/reversi-puzzles): lines starting with '#' are comments, the first other line names the
// columns, each line after it is a puzzle. ParsePuzzles reads the columns it knows by name, in
// any order. A line's goal is mate (the default) or better: the move Best (else the first
// of First) with its Score, judged as the report's exercises are (the mined collection's
// decisive gains); its themes (PuzzleThemes) and rating are read as given. A Reversi
// collection's lines give the best move, its exact score and every legal move's
// ("d3:+6 c4:-4"), and the empties: its puzzles ask for the best move (GoalBest), and
// belong to ReversiSource unless a column names their collection.

// puzzleColumns are the names a collection's header may give each field.
var puzzleColumns = map[string]string{
	"fen": "fen", "position": "fen",
	"manual": "source", "source": "source", "collection": "source",
	"number": "number", "no": "number",
	"title": "title",
	"mate":  "mate", "mate_moves": "mate", "mate_in": "mate",
	"first": "first", "first_move": "first", "move": "first",
	"second": "second", "second_move": "second", "cook": "second",
	"best": "best", "score": "score", "moves": "scores", "scores": "scores", "empties": "empties",
	"goal": "goal", "theme": "themes", "themes": "themes", "rating": "rating",
}

// noScore marks a line without a score while it is read.
const noScore = math.MinInt

// ReversiSource is the Source of the Reversi collection's puzzles (web/puzzles/reversi.tsv).
const ReversiSource = "reversi"

// MinedSource is the Source of the puzzles mined from qipan's games
// (web/puzzles/xiangqi-mined.tsv, cmd/qipan-puzzles mine).
const MinedSource = "mined"

// PuzzleLineError is ParsePuzzles' error: the line of the collection it could not read, and
// why (PuzzlesErrorText says it in the reader's language).
type PuzzleLineError struct {
	Line int
	Why  string
}

func (e *PuzzleLineError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Why) }

// ParsePuzzles reads a collection of variant's puzzles. A line it cannot read is an error
// naming the line; a collection with no fen column is one too.
func ParsePuzzles(variant, text string) ([]Puzzle, error) {
	var cols []string
	var out []Puzzle
	for n, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if cols == nil {
			for _, f := range fields {
				cols = append(cols, puzzleColumns[strings.ToLower(strings.TrimSpace(f))])
			}
			if !slices.Contains(cols, "fen") {
				return nil, &PuzzleLineError{n + 1, "the header names no fen column"}
			}
			continue
		}
		p := Puzzle{Variant: variant, Score: noScore}
		for i, f := range fields {
			if i >= len(cols) {
				break
			}
			f = strings.TrimSpace(f)
			switch cols[i] {
			case "fen":
				p.FEN = f
			case "source":
				p.Source = f
			case "title":
				p.Title = f
			case "goal":
				switch PuzzleGoal(f) {
				case GoalMate, "mate":
					p.Goal = GoalMate
				case GoalBetter:
					p.Goal = GoalBetter
				default:
					return nil, &PuzzleLineError{n + 1, fmt.Sprintf("goal %q, want mate or better", f)}
				}
			case "themes":
				p.Themes = strings.FieldsFunc(f, func(r rune) bool { return r == ',' || r == ' ' })
			case "number", "mate", "empties", "score", "rating":
				if f == "" {
					continue
				}
				v, err := strconv.Atoi(f)
				if err != nil || v < 0 && cols[i] != "score" {
					return nil, &PuzzleLineError{n + 1, fmt.Sprintf("%s %q is not a number", cols[i], f)}
				}
				switch cols[i] {
				case "number":
					p.Number = v
				case "mate":
					p.Mate = v
				case "empties":
					p.Empties = v
				case "rating":
					p.Rating = v
				default:
					p.Score = v
				}
			case "best":
				p.Best = f
			case "scores":
				for ms := range strings.FieldsSeq(f) {
					m, err := parseScore(ms)
					if err != nil {
						return nil, &PuzzleLineError{n + 1, err.Error()}
					}
					p.Scores = append(p.Scores, m)
				}
			case "first", "second":
				for _, mv := range strings.FieldsFunc(f, func(r rune) bool { return r == ',' || r == ' ' }) {
					p.First = append(p.First, mv)
				}
			}
		}
		if p.FEN == "" {
			return nil, &PuzzleLineError{n + 1, "no position"}
		}
		scored := p.Score != noScore
		if !scored {
			p.Score = 0
		}
		if p.Goal == GoalBetter {
			if p.Best == "" && len(p.First) > 0 {
				p.Best = p.First[0]
			}
			if p.Best == "" || !scored {
				return nil, &PuzzleLineError{n + 1, "a better move's puzzle wants its move and score"}
			}
		}
		if variant == VariantReversi {
			if err := reversiPuzzle(&p, scored); err != nil {
				return nil, &PuzzleLineError{n + 1, err.Error()}
			}
		}
		out = append(out, p)
	}
	return out, nil
}

// reversiPuzzle checks a Reversi collection's line: a position to play, its legal moves each
// scored once, the best move one of the best scored, at its score. It makes it a GoalBest
// puzzle of ReversiSource (unless its collection is named) with its empties.
func reversiPuzzle(p *Puzzle, scored bool) error {
	pos, err := reversi.ParseBoard(p.FEN)
	if err != nil {
		return err
	}
	if pos.Status() != reversi.Ongoing {
		return errors.New("the side to move has no move there")
	}
	if p.Source == "" {
		p.Source = ReversiSource
	}
	p.Empties = pos.Empties()
	if len(p.Scores) == 0 {
		return nil // a position without its scores: no puzzle of the collection's kind
	}
	legal := pos.LegalMoves()
	if len(p.Scores) != len(legal) {
		return fmt.Errorf("%d moves scored, the position has %d", len(p.Scores), len(legal))
	}
	top := p.Scores[0].Discs
	for i, ms := range p.Scores {
		mv, err := reversi.ParseMove(ms.Move)
		if err != nil || !pos.IsLegal(mv) || slices.ContainsFunc(p.Scores[:i], func(o MoveScore) bool { return o.Move == ms.Move }) {
			return fmt.Errorf("move %s is not a legal move scored once", ms.Move)
		}
		top = max(top, ms.Discs)
	}
	if p.Best == "" {
		p.Best = p.Scores[0].Move
	}
	if !scored {
		p.Score = top
	}
	if v, ok := p.ScoreOf(p.Best); !ok || v != top || p.Score != top {
		return fmt.Errorf("best move %s %+d is not the best scored (%+d)", p.Best, p.Score, top)
	}
	p.Goal = GoalBest
	return nil
}

// PuzzlesErrorText says in l why a collection could not be read (ParsePuzzles' error, or the
// fetch's): English as it is; other languages name the line, the reader's words after it.
func PuzzlesErrorText(l i18n.Lang, err error) string {
	var le *PuzzleLineError
	if l == i18n.English || !errors.As(err, &le) {
		return err.Error()
	}
	return l.T(i18n.PuzzlesBadLine, le.Line) + " (" + le.Why + ")"
}

// PuzzleThemes are the themes a collection's theme column may name (Puzzle.Themes), each
// with its words; the miner of MinedSource's collection tells them by rule.
var PuzzleThemes = map[string]i18n.Key{
	"mahoupao":     i18n.ThemeMaHouPao,
	"chongpao":     i18n.ThemeChongPao,
	"mengong":      i18n.ThemeMenGong,
	"wocaoma":      i18n.ThemeWoCaoMa,
	"shuangchecuo": i18n.ThemeShuangCheCuo,
	"tiemenshuan":  i18n.ThemeTieMenShuan,
	"bailianjiang": i18n.ThemeBaiLianJiang,
	"wins-chariot": i18n.ThemeWinsChariot,
}

// PuzzleThemesText says p's themes in l's words, separated by " · "; a theme it does not
// know is left out.
func PuzzleThemesText(l i18n.Lang, p Puzzle) string {
	var out []string
	for _, t := range p.Themes {
		if k, ok := PuzzleThemes[t]; ok {
			out = append(out, l.T(k))
		}
	}
	return strings.Join(out, " · ")
}
