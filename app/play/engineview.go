package play

import (
	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
)

// EngineView is the engine's last search as the board shows it: the score from the viewer's
// side and the line in the notation chosen.
type EngineView struct {
	Info SearchInfo // Score and Mate from the viewer's side
	PV   []string   // Info.PV written in the notation (as far as its moves are legal)
}

// EngineView returns the engine's last search for the game's current position, or the one
// before it (the search whose move was just played); false when there is none to show. The
// viewer is the side at the bottom of the board.
func (m *Match) EngineView(n Notation) (EngineView, bool) {
	info := m.Engine.Info()
	if info.Pos == "" || info.Depth == 0 {
		return EngineView{}, false
	}
	var pos *xiangqi.Position
	for _, ply := range []int{m.game.Ply(), m.game.Ply() - 1} {
		if ply >= 0 && PositionLine(m.game.Start().FEN(), m.game.Moves()[:ply]) == info.Pos {
			pos = m.game.PositionAt(ply)
			break
		}
	}
	if pos == nil {
		return EngineView{}, false
	}
	viewer := xiangqi.Red
	if m.flipped {
		viewer = xiangqi.Black
	}
	if pos.Turn() != viewer {
		info = info.Flip()
	}
	v := EngineView{Info: info}
	for _, s := range info.PV {
		mv, err := xiangqi.ParseMove(s)
		if err != nil || !pos.IsLegal(mv) {
			break
		}
		v.PV = append(v.PV, MoveText(pos, mv, n))
		pos.Make(mv)
	}
	return v, true
}

// EngineView returns the engine's last search for the game's current position or the one
// before it, the score from the person's side (Black's with two players).
func (r *Reversi) EngineView() (EngineView, bool) {
	info := r.Engine.Info()
	if info.Pos == "" || info.Depth == 0 {
		return EngineView{}, false
	}
	var pos *reversi.Position
	for _, ply := range []int{r.game.Ply(), r.game.Ply() - 1} {
		if ply >= 0 && r.lineAt(ply) == info.Pos {
			pos = r.game.PositionAt(ply)
			break
		}
	}
	if pos == nil {
		return EngineView{}, false
	}
	viewer := r.human
	if r.mode == TwoPlayer {
		viewer = reversi.Black
	}
	if pos.Turn != viewer {
		info = info.Flip()
	}
	return EngineView{Info: info, PV: info.PV}, true
}

// HintScores returns the score the hint search gave each legal move of the current position
// (centi-discs for the person, who is to move), or nil when there is no such search: a hint
// scores every move (reversiLines).
func (r *Reversi) HintScores() map[reversi.Square]int {
	line := r.line()
	var out map[reversi.Square]int
	for mv, info := range r.Engine.MoveInfo() {
		if info.Pos != line || !info.Hint {
			continue
		}
		m, err := reversi.ParseMove(mv)
		if err != nil || m.Square() == reversi.NoSquare {
			continue
		}
		if out == nil {
			out = map[reversi.Square]int{}
		}
		out[m.Square()] = info.Score
	}
	return out
}
