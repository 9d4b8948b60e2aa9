package play

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"qipan/app/engineclient"
	"qipan/app/i18n"
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
// there is none to show. Scores are from the viewer's side: the side at the bottom of a board
// that turns to the person's side (Xiangqi), else the person's side against the computer, the
// first side otherwise. The head (depth, speed) is the search's; the lines are best first.
func (t *Table) EngineView(n Notation) (EngineView, bool) {
	e, ok := t.rules.(enginePlayer)
	info := t.Client.Info()
	if !ok || info.Pos == "" || info.Depth == 0 {
		return EngineView{}, false
	}
	ply := -1
	for _, p := range t.viewPlies() {
		if p >= 0 && e.lineAt(p) == info.Pos {
			ply = p
			break
		}
	}
	if ply < 0 {
		return EngineView{}, false
	}
	viewer := 0
	if _, turns := t.rules.(sider); turns && t.flipped {
		viewer = 1
	} else if !turns && t.mode == VsComputer && !t.analysis {
		viewer = t.human
	}
	view := func(s engineclient.SearchInfo) EngineView {
		if t.rules.turnAt(ply) != viewer {
			s = s.Flip()
		}
		return EngineView{Info: s, PV: e.pvTexts(ply, s.PV, n)}
	}
	lines := bestFirst(info, t.Client.Ranked())
	v := view(lines[0])
	v.Info.Depth, v.Info.NPS = info.Depth, info.NPS
	for _, s := range lines[1:] {
		v.More = append(v.More, view(s))
	}
	return v, true
}

func (m *Xiangqi) pvTexts(ply int, pv []string, n Notation) []string {
	p := *m.game.PositionAt(ply)
	var out []string
	for _, s := range pv {
		mv, err := xiangqi.ParseMove(s)
		if err != nil || !p.IsLegal(mv) {
			break
		}
		out = append(out, MoveText(&p, mv, n))
		p.Make(mv)
	}
	return out
}

func (r *Reversi) pvTexts(_ int, pv []string, _ Notation) []string { return pv }

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
	ply, info := t.rules.gamePly(), t.Client.Info()
	if !ok || t.Reviewing() || ply == 0 || t.Client.Thinking() || info.Pos == "" || info.Depth != 0 || info.Hint || info.Pos != e.lineAt(ply-1) {
		return ""
	}
	return t.rules.MoveTexts(n)[ply-1]
}

// HintScores returns the score the hint search gave each legal move of the current position
// (for the person, who is to move), by square, or nil when there is no such search: a
// Reversi hint scores every move (reversiLines).
func (t *Table) HintScores() map[int]int {
	line := t.line()
	var out map[int]int
	for mv, info := range t.Client.MoveInfo() {
		if info.Pos != line || !info.Hint {
			continue
		}
		sq, ok := t.rules.parseSquare(mv)
		if !ok {
			continue
		}
		if out == nil {
			out = map[int]int{}
		}
		out[sq] = info.Score
	}
	return out
}

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
