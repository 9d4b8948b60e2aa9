package play

import (
	"strings"
	"testing"

	"qipan/app/engineclient"
	"qipan/app/i18n"
)

// scored plays moves and gives each position the score (side to move's view) and line given.
func scored(t *testing.T, moves []string, scores []int, pvs map[int][]string) xq {
	t.Helper()
	m := newXQ()
	m.SetTwoPlayer()
	play(t, m, moves...)
	for ply, s := range scores {
		m.noteEval(xiangqiJob(engineclient.Search{Pos: "x"}, m.game.PositionAt(ply)), engineclient.SearchInfo{Depth: 8, Score: s, PV: pvs[ply]})
	}
	return m
}

func TestReportMarksABlunder(t *testing.T) {
	moves := []string{"h2e2", "h9g7", "b0c2", "b9c7"}
	m := scored(t, moves, []int{20, -25, 20, 480, -470}, map[int][]string{2: {"h0g2", "i9h9"}, 3: {"b9c7"}})
	rep := m.Report()
	if !rep.Complete || len(rep.Moves) != 4 {
		t.Fatalf("report: complete %v, %d moves", rep.Complete, len(rep.Moves))
	}
	got := rep.Judgements(4)
	want := []Judgement{Fine, Fine, Blunder, Fine}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("move %d (%s): %s, want %s", i+1, moves[i], got[i], want[i])
		}
	}
	if rep.Counts[0] != [3]int{0, 0, 1} || rep.Counts[1] != [3]int{} {
		t.Errorf("counts %v", rep.Counts)
	}
	if rep.Accuracy[0] >= rep.Accuracy[1] || rep.Accuracy[1] < 95 {
		t.Errorf("accuracy Red %.1f, Black %.1f", rep.Accuracy[0], rep.Accuracy[1])
	}
	mr := rep.Moves[rep.ByPly[3]]
	if len(mr.Best) == 0 || mr.Best[0] != "h0g2" || rep.Moves[rep.ByPly[4]].Best != nil {
		t.Errorf("better lines: move 3 %v, move 4 %v", mr.Best, rep.Moves[rep.ByPly[4]].Best)
	}
	if c := m.ReportComment(i18n.Simplified, mr, Chinese); c != "败着 (+0.2 → −4.8)。马二进三 更好" {
		t.Errorf("the comment in Chinese: %q", c)
	}
	if !m.WriteReport(i18n.English, ICCS) {
		t.Fatal("the report changed nothing")
	}
	if m.WriteReport(i18n.English, ICCS) {
		t.Error("writing the report twice changed the record again")
	}
	if m.Len() != 4 || m.Ply() != 4 {
		t.Errorf("the report moved the game: %d of %d", m.Ply(), m.Len())
	}
	pgn, err := m.Xiangqi.PGN(m.Seats(), ICCS)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"B0-C2??", "{[%eval -4.80] Blunder (+0.2 → −4.8). H0-G2 was best.}", "(2. H0-G2 I9-H9)", "{[%eval 0.20]}"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("the PGN lacks %q:\n%s", want, pgn)
		}
	}
	// Imported back (or reloaded), the record's scores judge it again.
	back := newXQ()
	if _, _, err := back.Import(pgn); err != nil {
		t.Fatal(err)
	}
	if back.ReportState() != "done" || back.Report().Judgements(4)[2] != Blunder {
		t.Errorf("imported back: state %q, judgements %v", back.ReportState(), back.Report().Judgements(4))
	}
	if v := back.View(ViewOptions{}); strings.Contains(v.Comment, "%eval") {
		t.Errorf("the comment shown carries the command: %q", v.Comment)
	}
	r, err := RestoreTable(m.Save())
	if err != nil || r.ReportState() != "done" || r.Report().Counts[0] != [3]int{0, 0, 1} {
		t.Errorf("reloaded: %v, state %q, counts %v", err, r.ReportState(), r.Report().Counts)
	}
}

// The thresholds' edges, in win chance (Xiangqi) and discs (Reversi).
func TestJudgeThresholds(t *testing.T) {
	for _, c := range []struct {
		variant       string
		before, after int
		want          Judgement
	}{
		{VariantXiangqi, 0, 0, Fine},
		{VariantXiangqi, 0, -58, Fine},       // W −0.098
		{VariantXiangqi, 0, -60, Inaccuracy}, // W −0.102
		{VariantXiangqi, 0, -120, Mistake},   // W −0.203
		{VariantXiangqi, 0, -185, Blunder},   // W −0.30
		{VariantXiangqi, 900, 700, Fine},     // a won game stays won
		{VariantXiangqi, 0, -EvalMate, Blunder},
		{VariantReversi, 200, -100, Fine},       // 3 discs
		{VariantReversi, 200, -200, Inaccuracy}, // 4 discs
		{VariantReversi, 400, -400, Mistake},
		{VariantReversi, 800, -800, Blunder},
	} {
		if _, got := judge(c.variant, c.before, c.after); got != c.want {
			t.Errorf("%s %d → %d: %s, want %s", c.variant, c.before, c.after, got, c.want)
		}
	}
	// A game of best moves: no marks, full accuracy.
	m := scored(t, []string{"h2e2", "h9g7"}, []int{20, -20, 20}, nil)
	rep := m.Report()
	if rep.Counts != [2][3]int{} || rep.Accuracy[0] < 99 || rep.Accuracy[1] < 99 {
		t.Errorf("best moves: counts %v accuracy %v", rep.Counts, rep.Accuracy)
	}
	// Unscored positions: not judged, not complete.
	m = scored(t, []string{"h2e2", "h9g7"}, []int{20}, nil)
	if rep := m.Report(); rep.Complete || len(rep.Moves) != 0 {
		t.Errorf("unscored: %+v", rep)
	}
}

// A program that searches the positions itself: Unscored lists them, SetScore fills them in,
// and the report is the same as from the engine's answers.
func TestReportFromOwnSearches(t *testing.T) {
	m := newXQ()
	m.SetTwoPlayer()
	play(t, m, "h2e2", "h9g7", "b0c2", "b9c7")
	plies := m.Unscored()
	if len(plies) != 5 {
		t.Fatalf("unscored %v, want the 5 positions", plies)
	}
	scores := []int{20, -25, 20, 480, -470}
	for _, p := range plies {
		if !m.SetScore(p, engineclient.SearchInfo{Depth: 8, Score: scores[p], PV: []string{"h0g2"}}) {
			t.Fatalf("SetScore(%d)", p)
		}
	}
	if left := m.Unscored(); len(left) != 0 {
		t.Errorf("still unscored: %v", left)
	}
	if rep := m.Report(); !rep.Complete || rep.Judgements(4)[2] != Blunder {
		t.Errorf("report %+v", rep.Judgements(4))
	}
	if !strings.HasPrefix(m.PositionLine(1), "position fen ") || !strings.HasSuffix(m.PositionLine(1), "moves h2e2") {
		t.Errorf("position line %q", m.PositionLine(1))
	}
}

// A reload keeps the scores found (the graph) and resumes a report under way.
func TestReportResumesAfterReload(t *testing.T) {
	m := scored(t, []string{"h2e2", "h9g7", "b0c2", "b9c7"}, []int{20, -25, 20}, nil)
	m.StartReport()
	r, err := RestoreTable(m.Save())
	if err != nil {
		t.Fatal(err)
	}
	if r.ReportState() != "running" || !r.Graphing() {
		t.Errorf("after a reload: report %q, graphing %v", r.ReportState(), r.Graphing())
	}
	pts := r.Evals()
	if !pts[0].Known || pts[0].Score != 20 || !pts[1].Known || pts[1].Score != 25 || pts[3].Known {
		t.Errorf("the scores after a reload: %+v", pts)
	}
	if got := r.Unscored(); len(got) != 2 || got[0] != 3 {
		t.Errorf("still to search after a reload: %v", got)
	}
	// The lines are kept with the scores: the report's better moves, the exercises'.
	w := scored(t, []string{"h2e2", "h9g7", "b0c2", "b9c7"}, []int{20, -25, 20, 480, -470}, map[int][]string{2: {"h0g2", "i9h9"}})
	w.StartReport()
	w.TakeReport()
	w.WriteReport(i18n.English, ICCS)
	back, err := RestoreTable(w.Save())
	if err != nil {
		t.Fatal(err)
	}
	if ex := back.Mistakes(ICCS); len(ex) != 1 || ex[0].Best != "h0g2" {
		t.Errorf("the exercises after a reload: %+v", ex)
	}
}

// The mating move is judged though the positions before it are not all scored yet (the
// finished position is the rules'), and Unscored leaves it out.
func TestReportMateAndPass(t *testing.T) {
	m := newXQ()
	if _, _, err := m.Import("[FEN \"3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n\n1. a8a9 *"); err != nil {
		t.Fatal(err)
	}
	if got := m.Unscored(); len(got) != 1 || got[0] != 0 {
		t.Errorf("unscored %v, want only the start (the mate is the rules')", got)
	}
	m.SetScore(0, engineclient.SearchInfo{Depth: 5, Mate: 1})
	if rep := m.Report(); !rep.Complete || rep.Judgements(1)[0] != Fine {
		t.Errorf("the mating move: %+v", rep)
	}
}

// Reversi is judged by discs lost; its list marks come from the report (its records hold no
// symbols).
// reversiScored is a two-player Reversi game of f5 d6 c3 whose positions are scored: Black's
// c3 gives away 12 discs.
func reversiScored(t *testing.T) *Table {
	t.Helper()
	r := NewTable(VariantReversi)
	r.SetTwoPlayer()
	for _, sq := range []string{"f5", "d6", "c3"} {
		n, _ := r.ParseSquare(sq)
		if !r.Click(n) {
			t.Fatalf("%s refused", sq)
		}
	}
	// Scores for the side to move, centi-discs.
	for ply, s := range []int{0, 0, 0, 1200} {
		if !r.SetScore(ply, engineclient.SearchInfo{Depth: 10, Score: s, PV: []string{"f4"}}) {
			t.Fatalf("SetScore(%d)", ply)
		}
	}
	return r
}

func TestReportReversi(t *testing.T) {
	r := reversiScored(t)
	r.StartReport()
	if !r.TakeReport() {
		t.Fatal("the report is not due")
	}
	if j := r.Report().Judgements(3); j[0] != Fine || j[1] != Fine || j[2] != Mistake {
		t.Errorf("judgements %v", j)
	}
	if texts := r.MarkedMoveTexts(ICCS); len(texts) != 3 || !strings.HasSuffix(texts[2], "?") || strings.HasSuffix(texts[2], "??") {
		t.Errorf("the list's texts %q", texts)
	}
	if r.WriteReport(i18n.English, ICCS) {
		t.Error("Reversi's record took a report it cannot hold")
	}
}

// Reversi's report goes out in GGF as its moves' evaluations and comes back with an import:
// the same judgements, the report counted as written; a transcript carries none.
func TestReportReversiThroughGGF(t *testing.T) {
	r := reversiScored(t)
	r.StartReport()
	r.TakeReport()
	ex, ok := FindExport(r, "ggf")
	if !ok {
		t.Fatal("no GGF export")
	}
	text, err := ex.Write(ICCS)
	if err != nil {
		t.Fatal(err)
	}
	// c3 (Black's) leaves White +12: Black's eval of it is −12.
	if !strings.Contains(text, "B[F5/0.00]") || !strings.Contains(text, "B[C3/-12.00]") {
		t.Errorf("the GGF's evals: %s", text)
	}
	back := NewTable(VariantReversi)
	if _, _, err := back.Import(text); err != nil {
		t.Fatal(err)
	}
	if back.ReportState() != "done" {
		t.Errorf("imported back: report %q", back.ReportState())
	}
	if j := back.Report().Judgements(3); j[2] != Mistake {
		t.Errorf("imported back: judgements %v", j)
	}
	// Imported from GGS with evals of its own, and a transcript with none.
	ggs := "(;GM[Othello]PC[GGS/os]PB[a]PW[b]RE[?]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5/+1.50/2.3]W[d6//0.1]B[c3/-0.50];)"
	g := NewTable(VariantReversi)
	if _, _, err := g.Import(ggs); err != nil {
		t.Fatal(err)
	}
	pts := g.Evals()
	if !pts[1].Known || pts[1].Score != 150 || pts[2].Known || !pts[3].Known || pts[3].Score != -50 {
		t.Errorf("GGS's evals as scores: %+v", pts)
	}
	if _, _, err := g.Import("f5d6c3"); err != nil {
		t.Fatal(err)
	}
	if g.ReportState() != "" || g.Evals()[1].Known {
		t.Errorf("a transcript after the GGF: report %q, scores %+v", g.ReportState(), g.Evals())
	}
}
