package play

import "qipan/app/engineclient"

// Learn from your mistakes: each of the person's mistakes and blunders the report found
// becomes an exercise, the position before it with "find a better move". The person's answer
// counts if it is the engine's better move, or if the defence's search, after it, scores the
// position within an inaccuracy of what the better move kept (judge). The exercises are
// puzzles (puzzle.go) with the goal GoalBetter: opened, retried, shown and kept the same way,
// so the game they come from is kept to be brought back, as it is for a puzzle.

// PuzzleGoal is what a puzzle asks: a forced mate (the classical 残局), or a better move.
type PuzzleGoal string

const (
	GoalMate   PuzzleGoal = ""
	GoalBetter PuzzleGoal = "better"
	GoalBest   PuzzleGoal = "best" // a Reversi collection's: the best move, by exact scores
)

// LearnSource is the Source of the exercises (PuzzleID: "learn <ply>" with the FEN's game).
const LearnSource = "learn"

// Mistakes are the exercises of the person's mistakes and blunders in the report (both sides'
// with two players), in the order played; none before the report is done. A game whose puzzles
// start from a position (Xiangqi's FEN, Reversi's board text) has them.
func (t *Table) Mistakes(n Notation) []Puzzle {
	if _, ok := t.rules.(positioner); !ok || t.ReportState() != "done" {
		return nil
	}
	rep := t.Report()
	texts := t.MoveTexts(n)
	var out []Puzzle
	for _, mr := range rep.Moves {
		if mr.Judgement != Mistake && mr.Judgement != Blunder || len(mr.Best) == 0 {
			continue
		}
		if t.mode == VsComputer && mr.Mover != t.human {
			continue
		}
		out = append(out, Puzzle{
			Variant: t.Variant(), FEN: t.positionAt(mr.Ply - 1), Source: LearnSource, Number: mr.Ply,
			Title: texts[mr.Ply-1], Goal: GoalBetter, Score: mr.Before, Best: mr.Best[0], Played: t.moveAt(mr.Ply - 1),
		})
	}
	return out
}

// positionAt is the position after ply moves as the game writes it (Xiangqi's FEN, Reversi's
// board text), the view left as it was.
func (t *Table) positionAt(ply int) string {
	v := t.rules.viewed()
	t.rules.setView(ply)
	s := t.positionText()
	t.rules.setView(v)
	return s
}

// judgeBetter is the verdict on an exercise's answer: the better move itself, or a move after
// which the defence's search (info, for the position searched) finds the person no worse off
// than an inaccuracy below the better move's score.
func (t *Table) judgeBetter(pz *puzzleRun, searched engineclient.Search, info engineclient.SearchInfo) {
	if t.moveAt(0) == pz.p.Best {
		pz.state = PuzzleSolved
		return
	}
	if info.Pos != searched.Pos || info.Depth == 0 {
		pz.state, pz.miss = PuzzleFailed, MissWorse
		return
	}
	after := -info.Score // the defence's score, for the person
	switch {
	case info.Mate < 0:
		after = EvalMate
	case info.Mate > 0:
		after = -EvalMate
	}
	if _, j := judge(t.Variant(), pz.p.Score, after); j == Fine {
		pz.state = PuzzleSolved
	} else {
		pz.state, pz.miss = PuzzleFailed, MissWorse
	}
}
