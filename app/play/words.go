package play

import (
	"strconv"
	"strings"

	"qipan/app/i18n"
	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
)

// The game's words in a language: sides, pieces, results, the status line. Every front end
// (the web page, the embed, the desktop board) writes them through these, with app/i18n's
// catalogues.

// SideText is a Xiangqi side in l ("Red", "红方").
func SideText(l i18n.Lang, c xiangqi.Color) string {
	if c == xiangqi.Red {
		return l.T(i18n.Red)
	}
	return l.T(i18n.Black)
}

// DiscText is a Reversi side in l ("Black", "黑棋").
func DiscText(l i18n.Lang, c reversi.Color) string {
	if c == reversi.Black {
		return l.T(i18n.DiscBlack)
	}
	return l.T(i18n.DiscWhite)
}

// SideLabel names side (0 moves first) of a game of variant in l.
func SideLabel(l i18n.Lang, variant string, side int) string {
	if variant == VariantReversi {
		return DiscText(l, reversi.Color(side&1))
	}
	return SideText(l, xiangqi.Color(side&1))
}

// kindKeys are the keys of the Xiangqi kinds' names, indexed by xiangqi.Kind.
var kindKeys = [xiangqi.NumKinds]i18n.Key{
	xiangqi.General: i18n.General, xiangqi.Advisor: i18n.Advisor, xiangqi.Elephant: i18n.Elephant,
	xiangqi.Horse: i18n.Horse, xiangqi.Chariot: i18n.Chariot, xiangqi.Cannon: i18n.Cannon, xiangqi.Soldier: i18n.Soldier,
}

// KindText is a Xiangqi kind's name in l.
func KindText(l i18n.Lang, k xiangqi.Kind) string {
	if k == xiangqi.NoKind || k >= xiangqi.NumKinds {
		return k.String()
	}
	return l.T(kindKeys[k])
}

// sideKindKeys name the kinds whose Chinese name differs by side (红帅 黑将, 红兵 黑卒): the key
// for the side other than kindKeys'.
var sideKindKeys = map[xiangqi.Kind]struct {
	side xiangqi.Color
	key  i18n.Key
}{
	xiangqi.General:  {xiangqi.Red, i18n.RedGeneral},
	xiangqi.Advisor:  {xiangqi.Red, i18n.RedAdvisor},
	xiangqi.Elephant: {xiangqi.Red, i18n.RedElephant},
	xiangqi.Soldier:  {xiangqi.Black, i18n.BlackSoldier},
}

// PieceName is the name of a side's piece of kind k in l, as players call it: 帅 and 将, 仕
// and 士, 相 and 象, 兵 and 卒.
func PieceName(l i18n.Lang, c xiangqi.Color, k xiangqi.Kind) string {
	if s, ok := sideKindKeys[k]; ok && s.side == c {
		return l.T(s.key)
	}
	return KindText(l, k)
}

// ResultText is the sentence saying how a Xiangqi game ended, in l. In English it is the
// rules' own sentence (xiangqi.Result.Reason), which the web board's data-result also carries.
func ResultText(l i18n.Lang, r xiangqi.Result) string {
	if l == i18n.English || !r.Over() {
		return r.Reason()
	}
	w, lo := SideText(l, r.Winner), SideText(l, r.Loser)
	switch r.Status {
	case xiangqi.Checkmate:
		return l.T(i18n.WinCheckmate, w, lo)
	case xiangqi.Stalemate:
		return l.T(i18n.WinStalemate, w, lo)
	case xiangqi.MoveLimit:
		return l.T(i18n.DrawMoveLimit)
	case xiangqi.Repetition:
		return l.T(i18n.DrawRepetition)
	case xiangqi.PerpetualCheck:
		if r.Draw {
			return l.T(i18n.DrawPerpetualCheck)
		}
		return l.T(i18n.WinPerpetualCheck, w, lo)
	case xiangqi.PerpetualChase:
		if r.Draw {
			return l.T(i18n.DrawPerpetualChase)
		}
		if r.Chased == xiangqi.NoPiece {
			return l.T(i18n.WinPerpetualChase, w, lo)
		}
		what := PieceName(l, r.Chased.Color(), r.Chased.Kind())
		if r.Unprotected {
			what = l.T(i18n.UnprotectedPiece, what)
		}
		return l.T(i18n.WinPerpetualChasePiece, w, lo, what)
	case xiangqi.InsufficientMaterial:
		return l.T(i18n.DrawNoAttackers)
	}
	return r.Reason()
}

// ReversiResultText is the end of a Reversi game with the discs, in l ("Black wins 40–24",
// "黑棋胜 40–24"), or "" while it goes on.
func ReversiResultText(l i18n.Lang, r *Reversi) string {
	if !r.Over() {
		return ""
	}
	p := r.Game().Position()
	score := strconv.Itoa(reversi.Count(p.Black())) + "–" + strconv.Itoa(reversi.Count(p.White()))
	switch p.Outcome() {
	case reversi.BlackWins:
		return l.T(i18n.ReversiWins, DiscText(l, reversi.Black), score)
	case reversi.WhiteWins:
		return l.T(i18n.ReversiWins, DiscText(l, reversi.White), score)
	}
	return l.T(i18n.ReversiDraw, score)
}

// WhatText names what was imported or exported (the kinds Import returns and the Exports'
// names: "FEN", "PGN", "moves (ICCS)", "transcript", "board", …) in l; format names stay as
// they are.
func WhatText(l i18n.Lang, what string) string {
	switch what {
	case "transcript":
		return l.T(i18n.WhatTranscript)
	case "board", "board text":
		return l.T(i18n.WhatBoardText)
	case "moves":
		return l.T(i18n.WhatMoves)
	case "moves (ICCS)":
		return l.T(i18n.WhatMoves) + " (ICCS)"
	case "moves (中文)":
		return l.T(i18n.WhatMoves) + " (中文)"
	}
	return what
}

// TableResult is how b's game ended, in l ("" while it goes on).
func TableResult(l i18n.Lang, b *Table) string {
	if side := b.Flagged(); side >= 0 && b.rules.Result() == "" {
		return FlagText(l, b.Variant(), side)
	}
	if m, ok := b.Xiangqi(); ok {
		if r := m.Game().Result(); r.Over() {
			return ResultText(l, r)
		}
		return ""
	}
	if r, ok := b.Reversi(); ok {
		return ReversiResultText(l, r)
	}
	return b.Result()
}

// TableNote is b's note on the shown position in l: in Reversi the pass that led to it, if
// any, and the disc count; "" for none.
func TableNote(l i18n.Lang, b *Table) string {
	r, ok := b.Reversi()
	if !ok {
		return ""
	}
	black, white := r.Counts()
	count := l.T(i18n.DiscCount, black, white)
	if r.LastMove() == reversi.Pass {
		return l.T(i18n.ReversiPass, DiscText(l, r.Shown().Turn.Other())) + " · " + count
	}
	return count
}

// StatusText is the line a board shows under its title, in l: the result, the review, whose
// turn it is and check, or what the engine does.
func StatusText(l i18n.Lang, b *Table) string {
	if s := PuzzleText(l, b); s != "" && !b.Reviewing() {
		return s
	}
	if !b.Reviewing() {
		if r := TableResult(l, b); r != "" {
			return r
		}
	}
	e := b.Client
	var s string
	switch {
	case b.Reviewing():
		return ReviewText(l, b) // the start is the start, not "move 0"
	case e.Hinting():
		s = l.T(i18n.LookingForHint)
	case b.Analysis():
		s = l.T(i18n.AnalysisStatus, SideLabel(l, b.Variant(), b.Turn()))
	case b.Held() && b.Mode() == VsComputer && b.Turn() != b.Human():
		s = l.T(i18n.HeldStatus, SideLabel(l, b.Variant(), b.Turn()))
	case b.PersonToMove() && b.Mode() == TwoPlayer:
		s = l.T(i18n.SideToMove, SideLabel(l, b.Variant(), b.Turn()))
	case b.PersonToMove():
		s = l.T(i18n.YourMove, SideLabel(l, b.Variant(), b.Turn()))
	case e.Failed() != "":
		s = l.T(i18n.EngineUnavailable)
	case !e.Ready():
		s = l.T(i18n.StartingEngine)
	default:
		s = l.T(i18n.ComputerThinking)
	}
	if !b.Reviewing() && b.Check() >= 0 {
		s += " · " + l.T(i18n.Check)
	}
	return s
}

// ReviewText is the status line while b is reviewed, in l, counting as the move list numbers
// its rows (full moves, not plies): the move shown and who played it, and where the game is.
func ReviewText(l i18n.Lang, b *Table) string {
	at := 0
	if b.Ply() > 0 {
		at = MoveNumber(b.Ply(), b.SecondFirst())
	}
	shown := b.ShownPly()
	if shown == 0 {
		return l.T(i18n.ReviewingStart, at)
	}
	return l.T(i18n.ReviewingMove, MoveNumber(shown, b.SecondFirst()), SideLabel(l, b.Variant(), b.Mover(shown)), at)
}

// refusalKeys are the texts of the boards' refusals.
var refusalKeys = map[Refusal]i18n.Key{
	RefusedCheck: i18n.RefusedCheck, RefusedFacing: i18n.RefusedFacing, RefusedTurn: i18n.RefusedTurn,
	RefusedPieceMove: i18n.RefusedPieceMove, RefusedNoFlip: i18n.RefusedNoFlip,
}

// RefusalText says in l why an attempt was refused ("" for none).
func RefusalText(l i18n.Lang, r Refusal) string {
	if k, ok := refusalKeys[r]; ok {
		return l.T(k)
	}
	return ""
}

// PuzzleText is the status line of a puzzle on b in l ("" for a game): the goal (红先胜, Red to
// move and win) and the mate's length while it is solved; solved; or why it failed.
func PuzzleText(l i18n.Lang, b *Table) string {
	p, state, miss, ok := b.Puzzle()
	if !ok {
		return ""
	}
	solver := b.rules.turnAt(0)
	defender := SideLabel(l, b.Variant(), solver^1)
	switch p.Goal {
	case GoalBetter:
		if p.Source == LearnSource || state == PuzzleFailed {
			return learnText(l, b, p, state, miss)
		} // a collection's gain (the mined one's) asks to win, as a mate does, and is solved as one
	case GoalBest:
		return bestText(l, b, p, state, miss)
	}
	switch {
	case state == PuzzleSolved:
		return l.T(i18n.PuzzleSolved)
	case miss == MissShown:
		return l.T(i18n.PuzzleShown)
	case miss == MissMates:
		return l.T(i18n.PuzzleMatesFirst, defender)
	case miss == MissEscapes:
		return l.T(i18n.PuzzleEscapes, defender)
	}
	side := SideLabel(l, b.Variant(), solver)
	if l != i18n.English && b.Variant() == VariantXiangqi {
		side = l.T(map[int]i18n.Key{0: i18n.RedWord, 1: i18n.BlackWord}[solver&1]) // 红先胜, as the manuals write it
	}
	s := l.T(i18n.PuzzleGoal, side)
	if p.Mate > 0 {
		s += " · " + l.T(i18n.PuzzleMateIn, p.Mate)
	}
	if b.Client.Thinking() {
		s += " · " + l.T(i18n.ComputerThinking)
	}
	return s
}

// PuzzleName names p in l as its collection does ("适情雅趣 第12局 二鬼拍门"; a puzzle without
// a title by its themes: "对局精选 第3局 马后炮").
func PuzzleName(l i18n.Lang, p Puzzle) string {
	if p.Source == LearnSource { // an exercise of the report's: the move it betters
		return l.T(i18n.LearnName, (p.Number+1)/2, p.Title)
	}
	if p.Source == ReversiSource {
		return l.T(i18n.ReversiPuzzleNumber, p.Number, p.Empties)
	}
	title := p.Title
	if title == "" { // a mined puzzle: its themes
		title = PuzzleThemesText(l, p)
	}
	return strings.TrimSpace(l.T(i18n.PuzzleNumber, PuzzleSourceName(l, p.Source), p.Number, title))
}

// learnText is an exercise's status line (learn.go): the move to better, then the verdict.
func learnText(l i18n.Lang, b *Table, p Puzzle, state PuzzleState, miss PuzzleMiss) string {
	switch {
	case state == PuzzleSolved:
		return l.T(i18n.LearnSolved)
	case miss == MissShown || miss == MissWorse:
		best := p.Best
		if e, ok := b.rules.(enginePlayer); ok {
			if t := e.pvTexts(0, []string{p.Best}, DefaultNotation(l)); len(t) == 1 {
				best = t[0]
			}
		}
		return l.T(i18n.LearnWorse, best)
	}
	s := l.T(i18n.LearnGoal, p.Title)
	if b.Client.Thinking() {
		s += " · " + l.T(i18n.ComputerThinking)
	}
	return s
}
