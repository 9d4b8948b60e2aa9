package play

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"qipan/app/i18n"
)

// reportEngine answers the report's searches as an engine would: each position (by its number
// of moves) gets its line 1 (score, side to move's view, and first move) and, where second has
// one, a line 2 of that score. It returns the searches it was sent, in order, as "ply go…".
func reportEngine(t *testing.T, m xq, scores []int, best []string, second map[int]int, limit int) []string {
	t.Helper()
	var gos []string
	lines := m.EngineLines()
	for range limit {
		var pos, goLine string
		for _, l := range lines {
			switch {
			case strings.HasPrefix(l, "position "):
				pos = l
			case strings.HasPrefix(l, "go "):
				goLine = l
			}
		}
		if goLine == "" {
			return gos
		}
		ply := 0
		if _, moves, ok := strings.Cut(pos, " moves "); ok {
			ply = len(strings.Fields(moves))
		}
		gos = append(gos, fmt.Sprint(ply, " ", goLine))
		m.EngineSaid(fmt.Sprintf("info depth 8 multipv 1 score %d pv %s", scores[ply], best[ply]))
		if s, ok := second[ply]; ok {
			m.EngineSaid(fmt.Sprintf("info depth 8 multipv 2 score %d pv a0a1", s))
		}
		lines, _, _ = m.EngineSaid("bestmove " + best[ply])
	}
	t.Fatalf("the report still searches after %d searches", limit)
	return nil
}

// The only good move found is marked "!" with its comment; a best move whose alternatives
// lose little is not, nor a move other than the best.
func TestReportOnlyGoodMove(t *testing.T) {
	moves := []string{"h2e2", "h9g7", "b0c2", "b9c7"}
	m := newXQ()
	m.SetTwoPlayer()
	play(t, m, moves...)
	m.StartReport()
	// Before b0c2 (3rd move) the next best loses 1.7 pawns: a mistake's drop. Before h2e2 the
	// next best loses 0.3: nothing. Before h9g7 the line's first move is another one.
	scores := []int{20, -25, 20, -20, 20}
	best := []string{"h2e2", "b9c7", "b0c2", "b9c7", "h0g2"}
	gos := reportEngine(t, m, scores, best, map[int]int{0: -10, 1: -300, 2: -150, 3: -40, 4: 0}, 20)
	if len(gos) != 5 || gos[0] != "0 "+GraphGo {
		t.Errorf("the quick report's searches: %q", gos)
	}
	if !m.TakeReport() {
		t.Fatal("the report is not done")
	}
	rep := m.Report()
	want := []Judgement{Fine, Fine, Good, Fine}
	for i, j := range rep.Judgements(4) {
		if j != want[i] {
			t.Errorf("move %d (%s): %q, want %q", i+1, moves[i], j, want[i])
		}
	}
	if rep.Good != [2]int{1, 0} || rep.Counts[0] != [3]int{} {
		t.Errorf("only good moves %v, counts %v", rep.Good, rep.Counts)
	}
	mr := rep.Moves[rep.ByPly[3]]
	if c := m.ReportComment(i18n.Simplified, mr, Chinese); c != "唯一好棋（+0.2；次佳 −1.5）" {
		t.Errorf("the comment in Chinese: %q", c)
	}
	if !m.WriteReport(i18n.English, ICCS) {
		t.Fatal("the report changed nothing")
	}
	pgn, err := m.Xiangqi.PGN(m.Seats(), ICCS)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(pgn, "B0-C2!") || strings.Contains(pgn, "B0-C2!!") || !strings.Contains(pgn, "Only good move (+0.2; the next best −1.5)") {
		t.Errorf("the PGN lacks the only good move:\n%s", pgn)
	}
	if got := m.MarkedMoveTexts(ICCS); got[2] != "B0-C2!" || got[0] != "H2-E2" {
		t.Errorf("the move list: %q", got)
	}
	// A reload keeps the second lines, so the report judges the same.
	r, err := RestoreTable(m.Save())
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Report(); got.Good != [2]int{1, 0} {
		t.Errorf("after a reload: only good moves %v", got.Good)
	}
	// Reversi's report gives none (its thresholds are discs; the "!" is Xiangqi's).
	if (Report{}).Good != [2]int{} {
		t.Error("an empty report has marks")
	}
}

// A thorough report searches each position for ThoroughGo, the positions a quick one searched
// again, and a reload halfway resumes it without searching the thorough ones twice.
func TestThoroughReport(t *testing.T) {
	moves := []string{"h2e2", "h9g7", "b0c2", "b9c7"}
	m := newXQ()
	m.SetTwoPlayer()
	play(t, m, moves...)
	scores := []int{20, -25, 20, -20, 20}
	best := []string{"h2e2", "b9c7", "b0c2", "b9c7", "h0g2"}
	m.StartReport()
	if gos := reportEngine(t, m, scores, best, nil, 20); len(gos) != 5 {
		t.Fatalf("the quick report: %q", gos)
	}
	m.TakeReport()
	m.SetThorough(true)
	m.StartReport()
	// Two thorough searches, then a reload.
	lines := m.EngineLines()
	for range 2 {
		var goLine string
		for _, l := range lines {
			if strings.HasPrefix(l, "go ") {
				goLine = l
			}
		}
		if goLine != ThoroughGo {
			t.Fatalf("a thorough report's search: %q", goLine)
		}
		m.EngineSaid("info depth 10 multipv 1 score 21 pv h2e2")
		lines, _, _ = m.EngineSaid("bestmove h2e2")
	}
	r, err := RestoreTable(m.Save())
	if err != nil {
		t.Fatal(err)
	}
	r.SetThorough(true)
	back := xq{r, nil}
	gos := reportEngine(t, back, scores, best, nil, 20)
	if want := []string{"2 " + ThoroughGo, "3 " + ThoroughGo, "4 " + ThoroughGo}; !slices.Equal(gos, want) {
		t.Errorf("after a reload, the thorough searches %q, want the 3 left: %q", gos, want)
	}
	if !r.TakeReport() || r.ReportState() != "done" {
		t.Errorf("the thorough report after a reload: %q", r.ReportState())
	}
	// New keeps the choice for the next game's report.
	r.New()
	if !r.Thorough() {
		t.Error("New forgot the thorough setting")
	}
}

// An exported report read back keeps its "!": the record's symbol, as its scores carry no
// second line.
func TestOnlyGoodMoveReadBack(t *testing.T) {
	m := newXQ()
	m.SetTwoPlayer()
	play(t, m, "h2e2", "h9g7", "b0c2", "b9c7")
	m.StartReport()
	reportEngine(t, m, []int{20, -25, 20, -20, 20}, []string{"h2e2", "b9c7", "b0c2", "b9c7", "h0g2"}, map[int]int{2: -150}, 20)
	m.TakeReport()
	m.WriteReport(i18n.Simplified, Chinese)
	pgn, err := m.Xiangqi.PGN(m.Seats(), ICCS)
	if err != nil {
		t.Fatal(err)
	}
	back := newXQ()
	if _, _, err := back.Import(pgn); err != nil {
		t.Fatal(err)
	}
	if got := back.Report(); got.Judgements(4)[2] != Good || got.Good != [2]int{1, 0} {
		t.Errorf("read back: %v, only good moves %v", got.Judgements(4), got.Good)
	}
	if got := back.MarkedMoveTexts(Chinese)[2]; got != "马八进七!" {
		t.Errorf("read back, the move list shows %q", got)
	}
}
