package play

import (
	"math"
	"strconv"
	"strings"

	"qipan/engine/reversi"
	"qipan/engine/reversi/ggf"
)

// A GGF move may carry an evaluation ("B[c3/+2.50/1.01]": coordinate/eval/time), as GGS and
// Edax write it: the mover's view of the position after the move, in discs. They are the
// report's scores in a Reversi record: an export writes the graph's scores there, an import
// reads them back (ReadRecordEvals), so a report survives a round trip through GGF, as
// Xiangqi's does through PGN's [%eval].

// importGGF reads the first game of a GGF text (engine/reversi/ggf checks every move), and the
// evaluations of its moves as scores of its positions: ply → centi-discs from the first side's
// (Black's) view. A note with no number is left out.
func importGGF(text string) (*reversi.Game, map[int]int, error) {
	gg, err := ggf.Parse(text)
	if err != nil {
		return nil, nil, err
	}
	start := gg.Start
	g := reversi.NewGame(&start)
	for _, m := range gg.Moves {
		if err := g.Play(m); err != nil {
			return nil, nil, err
		}
	}
	scores := map[int]int{}
	for i, note := range gg.Notes {
		eval, _, _ := strings.Cut(note, "/")
		v, err := strconv.ParseFloat(strings.TrimSpace(eval), 64)
		if err != nil || i >= g.Len() {
			continue
		}
		s := int(math.Round(v * 100))
		if g.PositionAt(i).Turn == reversi.White {
			s = -s
		}
		scores[i+1] = s
	}
	return g, scores, nil
}

// GGF writes the game played so far (not the redo tail) as GGF.
func (r *Reversi) GGF() string { return r.ggf(nil) }

// ggf writes the game played so far as GGF, each move with the score of the position after
// it where points (the graph's, first side's view) know one, as the mover's eval in discs.
func (r *Reversi) ggf(points []EvalPoint) string {
	moves := r.game.Moves()[:r.game.Ply()]
	gg := ggf.Game{Start: *r.game.Start(), Moves: moves}
	gg.SetTag("PC", "qipan")
	for i := range moves {
		if i+1 >= len(points) || !points[i+1].Known {
			continue
		}
		s := points[i+1].Score
		if r.game.PositionAt(i).Turn == reversi.White {
			s = -s
		}
		if gg.Notes == nil {
			gg.Notes = map[int]string{}
		}
		gg.Notes[i] = strconv.FormatFloat(float64(s)/100, 'f', 2, 64)
		if s > 0 {
			gg.Notes[i] = "+" + gg.Notes[i]
		}
	}
	return gg.String()
}
