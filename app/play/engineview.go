package play

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"qipan/app/engineclient"
	"qipan/app/i18n"
	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
)

// EngineView is the engine's last search as the board shows it: the score from the viewer's
// side and the line in the notation chosen; More are the next best lines while analysing.
type EngineView struct {
	Info engineclient.SearchInfo // Score and Mate from the viewer's side
	PV   []string                // Info.PV written in the notation (as far as its moves are legal)
	More []EngineView            // the second and third best lines (analysis), best first
}

// EngineView returns the engine's last search for the position shown (analysis), the game's
// current position, or the one before it (the search whose move was just played); false when
// there is none to show. The viewer is the side at the bottom of the board.
func (m *Match) EngineView(n Notation) (EngineView, bool) {
	info := m.Engine.Info()
	if info.Pos == "" || info.Depth == 0 {
		return EngineView{}, false
	}
	var pos *xiangqi.Position
	for _, ply := range m.viewPlies() {
		if ply >= 0 && m.lineAt(ply) == info.Pos {
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
	view := func(t engineclient.SearchInfo) EngineView {
		if pos.Turn() != viewer {
			t = t.Flip()
		}
		v, p := EngineView{Info: t}, *pos
		for _, s := range t.PV {
			mv, err := xiangqi.ParseMove(s)
			if err != nil || !p.IsLegal(mv) {
				break
			}
			v.PV = append(v.PV, MoveText(&p, mv, n))
			p.Make(mv)
		}
		return v
	}
	lines := bestFirst(info, m.Engine.Ranked())
	v := view(lines[0])
	for _, t := range lines[1:] {
		v.More = append(v.More, view(t))
	}
	return v, true
}

// EngineView returns the engine's last search for the position shown (analysis), the game's
// current position or the one before it, the score from the person's side (Black's with two
// players).
func (r *Reversi) EngineView(Notation) (EngineView, bool) {
	info := r.Engine.Info()
	if info.Pos == "" || info.Depth == 0 {
		return EngineView{}, false
	}
	var pos *reversi.Position
	for _, ply := range r.viewPlies() {
		if ply >= 0 && r.lineAt(ply) == info.Pos {
			pos = r.game.PositionAt(ply)
			break
		}
	}
	if pos == nil {
		return EngineView{}, false
	}
	viewer := reversi.Color(r.human)
	if r.mode == TwoPlayer || r.analysis {
		viewer = reversi.Black
	}
	view := func(t engineclient.SearchInfo) EngineView {
		if pos.Turn != viewer {
			t = t.Flip()
		}
		return EngineView{Info: t, PV: t.PV}
	}
	lines := bestFirst(info, r.Engine.Ranked())
	v := view(lines[0])
	for _, t := range lines[1:] {
		v.More = append(v.More, view(t))
	}
	return v, true
}

// viewPlies are the plies whose search the panel may show: the position on the board, and
// in the game (not while reviewing: the panel speaks of the board) the one before it, whose
// search's move was just played.
func (t *Table) viewPlies() []int {
	if t.Reviewing() {
		return []int{t.ShownPly()}
	}
	return []int{t.rules.gamePly(), t.rules.gamePly() - 1}
}

// bestFirst are the search's lines best first for the side to move: info alone, or the
// ranked lines of a multi-line search sorted by score (the ranks of an iteration still
// running are the last one's, of another depth, so the engine's ranks alone may disagree
// with the scores shown).
func bestFirst(info engineclient.SearchInfo, ranked []engineclient.SearchInfo) []engineclient.SearchInfo {
	if len(ranked) < 2 {
		return []engineclient.SearchInfo{info}
	}
	out := slices.Clone(ranked)
	slices.SortStableFunc(out, func(a, b engineclient.SearchInfo) int { return cmp.Compare(scoreKey(b), scoreKey(a)) })
	return out
}

// scoreKey orders scores for the side to move: a mate found first, the shorter the better;
// being mated last, the later the better.
func scoreKey(t engineclient.SearchInfo) int {
	switch {
	case t.Mate > 0:
		return 1<<30 - t.Mate
	case t.Mate < 0:
		return -1<<30 - t.Mate
	}
	return t.Score
}

// BookMove is the engine's last move, in notation n, when it came from its opening book (its
// search answered at once, with no line); "" otherwise. The panel says so in place of a line.
func (t *Table) BookMove(n Notation) string {
	e, ok := t.rules.(enginePlayer)
	ply, info := t.rules.gamePly(), t.Engine.Info()
	if !ok || t.Reviewing() || ply == 0 || t.Engine.Thinking() || info.Pos == "" || info.Depth != 0 || info.Hint || info.Pos != e.lineAt(ply-1) {
		return ""
	}
	return t.rules.MoveTexts(n)[ply-1]
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

// SetAnalysis turns analysis on or off: while on, the engine searches the position shown
// (the game's, or the one reviewed) for its best lines, and plays no move; the person moves
// both sides.
func (m *Match) SetAnalysis(on bool) {
	m.analysis = on
	m.hintAsk = ""
}

// Analysis reports whether analysis is on.
func (m *Match) Analysis() bool { return m.analysis }

// SetAnalysis is Match.SetAnalysis for Reversi.
func (r *Reversi) SetAnalysis(on bool) {
	r.analysis = on
	r.hintAsk = ""
}

// Analysis reports whether analysis is on.
func (r *Reversi) Analysis() bool { return r.analysis }

// EngineText is the engine's line as a board's panel writes it, in l: depth, score (from the
// viewer's side; mate in N, exact), speed, and the line in the notation of v.
func EngineText(l i18n.Lang, v EngineView) string {
	info := v.Info
	s := l.T(i18n.EngineDepth, info.Depth) + " · " + ScoreWords(l, info)
	if info.NPS > 0 {
		s += " · " + l.T(i18n.EngineSpeed, CountText(info.NPS))
	}
	if len(v.PV) > 0 {
		s += " · " + strings.Join(v.PV, " ")
	}
	return s
}

// ScoreWords writes a line's score for people: pawns or discs, mate in N, exact.
func ScoreWords(l i18n.Lang, info engineclient.SearchInfo) string {
	score := info.ScoreText()
	switch {
	case info.Mate > 0:
		score = l.T(i18n.EngineMateIn, info.Mate)
	case info.Mate < 0:
		score = l.T(i18n.EngineMatedIn, -info.Mate)
	case info.Exact:
		score += " " + l.T(i18n.EngineExact)
	}
	return score
}

// CountText writes a large number short: 950, 378k, 1.5M.
func CountText(n uint64) string {
	switch {
	case n >= 10_000_000:
		return strconv.FormatUint(n/1_000_000, 10) + "M"
	case n >= 1_000_000:
		return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + "M"
	case n >= 10_000:
		return strconv.FormatUint(n/1000, 10) + "k"
	}
	return strconv.FormatUint(n, 10)
}
