package ui

import (
	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
)

// turn is what the status line says while a game goes on, the same for both games.
type turn struct {
	mounted, reviewing, personToMove, twoPlayer bool
	shown, length, ply                          int // the ply shown, the moves recorded, the game's ply
	engine                                      *play.Engine
	side                                        string // the side to move, in the page's language
	youClass                                    string // the class of the person's turn ("red", "disc-black")
}

// status returns the text and class of the status line for t.
func (t turn) status(l i18n.Lang) (text, class string) {
	switch {
	case !t.mounted:
		return l.T(i18n.Loading), "status"
	case t.reviewing:
		return l.T(i18n.Reviewing, t.shown, t.length, t.ply), "status review"
	case t.engine.Hinting():
		return l.T(i18n.LookingForHint), "status thinking"
	case t.personToMove && t.twoPlayer:
		return l.T(i18n.SideToMove, t.side), "status you " + t.youClass
	case t.personToMove:
		return l.T(i18n.YourMove, t.side), "status you " + t.youClass
	case t.engine.Failed() != "":
		return l.T(i18n.EngineUnavailable), "status"
	case !t.engine.Ready():
		return l.T(i18n.StartingEngine), "status thinking"
	}
	return l.T(i18n.ComputerThinking), "status thinking"
}

// refusalKeys are the texts of the board's refusals.
var refusalKeys = map[play.Refusal]i18n.Key{
	play.RefusedCheck: i18n.RefusedCheck, play.RefusedFacing: i18n.RefusedFacing, play.RefusedTurn: i18n.RefusedTurn,
	play.RefusedPieceMove: i18n.RefusedPieceMove, play.RefusedNoFlip: i18n.RefusedNoFlip,
}

// refusalText says in l why an attempt was refused ("" for none).
func refusalText(l i18n.Lang, r play.Refusal) string {
	if k, ok := refusalKeys[r]; ok {
		return l.T(k)
	}
	return ""
}

// sideName is a Xiangqi side in l.
func sideName(l i18n.Lang, c xiangqi.Color) string {
	if c == xiangqi.Red {
		return l.T(i18n.Red)
	}
	return l.T(i18n.Black)
}

// kindNames are the keys of the Xiangqi kinds' names, indexed by xiangqi.Kind.
var kindNames = [xiangqi.NumKinds]i18n.Key{
	xiangqi.General: i18n.General, xiangqi.Advisor: i18n.Advisor, xiangqi.Elephant: i18n.Elephant,
	xiangqi.Horse: i18n.Horse, xiangqi.Chariot: i18n.Chariot, xiangqi.Cannon: i18n.Cannon, xiangqi.Soldier: i18n.Soldier,
}

// kindName is a Xiangqi kind's name in l.
func kindName(l i18n.Lang, k xiangqi.Kind) string {
	if k == xiangqi.NoKind || k >= xiangqi.NumKinds {
		return k.String()
	}
	return l.T(kindNames[k])
}

// discName is a Reversi side in l.
func discName(l i18n.Lang, c reversi.Color) string {
	if c == reversi.Black {
		return l.T(i18n.DiscBlack)
	}
	return l.T(i18n.DiscWhite)
}

// resultText is the sentence saying how a Xiangqi game ended, in l. In English it is the
// rules' own sentence (xiangqi.Result.Reason), which the board's data-result also carries.
func resultText(l i18n.Lang, r xiangqi.Result) string {
	if l == i18n.English || !r.Over() {
		return r.Reason()
	}
	w, lo := sideName(l, r.Winner), sideName(l, r.Loser)
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
		what := kindName(l, r.Chased.Kind())
		if r.Unprotected {
			what = l.T(i18n.UnprotectedPiece, what)
		}
		return l.T(i18n.WinPerpetualChasePiece, w, lo, what)
	case xiangqi.InsufficientMaterial:
		return l.T(i18n.DrawNoAttackers)
	}
	return r.Reason()
}

// reversiResultText is the end of a Reversi game with the discs, in l ("黑棋胜 40–24").
func reversiResultText(l i18n.Lang, r *play.Reversi) string {
	res := r.Result()
	if l == i18n.English || res == "" {
		return res
	}
	p := r.Game().Position()
	b, w := reversi.Count(p.Black()), reversi.Count(p.White())
	score := itoa(b) + "–" + itoa(w)
	switch p.Outcome() {
	case reversi.BlackWins:
		return l.T(i18n.ReversiWins, discName(l, reversi.Black), score)
	case reversi.WhiteWins:
		return l.T(i18n.ReversiWins, discName(l, reversi.White), score)
	}
	return l.T(i18n.ReversiDraw, score)
}

// whatText names what was imported or exported (play's kinds: "FEN", "PGN", "moves (ICCS)",
// "transcript", "board", …) in l; format names stay as they are.
func whatText(l i18n.Lang, what string) string {
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

// discScore writes centi-discs as discs with a sign and one decimal: "+4.0", "-0.2", "0.0".
func discScore(centi int) string {
	neg := centi < 0
	if neg {
		centi = -centi
	}
	tenths := (centi + 5) / 10
	text := itoa(tenths/10) + "." + itoa(tenths%10)
	switch {
	case tenths == 0:
		return text
	case neg:
		return "-" + text
	}
	return "+" + text
}
