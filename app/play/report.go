package play

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"qipan/app/engineclient"
	"qipan/app/i18n"
)

// The game report: every move of the record judged by the engine's scores of the positions
// before and after it (the evaluation graph's, evals.go), as lichess judges chess moves.
//
// Xiangqi: a score becomes a win chance W = 2/(1+e^(−k·cp))−1 (−1 lost … 1 won) with k fitted to
// the engine's own self-play results (qipan-tune calibrate; docs/strength-log.md has the fit and
// its table): k = 0.0034, a little below lichess's 0.00368 for chess. A move that gives away
// 0.1 of W is an inaccuracy (?!), 0.2 a mistake (?), 0.3 a blunder (??), lichess's thresholds.
//
// Reversi: by discs lost against the engine's best move (its scores are disc differences,
// exact in the endgame): 4 discs an inaccuracy, 8 a mistake, 16 a blunder. Two discs is within
// what a short search's score wobbles by in the midgame; 16 discs is a lost corner region, a
// game-deciding error between club players.
//
// A Xiangqi move is the only good move (!) when it is the engine's best and the best other move
// would have been a mistake at least (0.2 of W): the graph's searches give two lines for it.
// A forced move (one legal move) gives no second line and no mark.
//
// Accuracy is lichess's: per move 103.1668·e^(−0.04354·Δ)−3.1669 on the drop Δ of the mover's
// win percentage (50·(W+1); Reversi's W from its disc score with the same curve scaled to discs),
// clamped to 0..100, averaged over the side's judged moves.

// xiangqiK is the win-chance curve's constant for centipawns.
const xiangqiK = 0.0034

// reversiK is the curve's constant for centi-discs: 10 discs ahead is a win chance of 0.76
// (an expectation of 88%), as the engine's self-play games bear out in the midgame.
const reversiK = 0.002

// Judgement is what a move was, by what it gave away.
type Judgement string

const (
	Unjudged   Judgement = ""
	Fine       Judgement = "fine" // judged, nothing lost worth a mark
	Inaccuracy Judgement = "inaccuracy"
	Mistake    Judgement = "mistake"
	Blunder    Judgement = "blunder"
	Good       Judgement = "good" // the only good move, found (!)
)

// Symbol is the judgement's mark in a record: "?!", "?", "??" ("" for none).
func (j Judgement) Symbol() string {
	return map[Judgement]string{Inaccuracy: "?!", Mistake: "?", Blunder: "??", Good: "!"}[j]
}

// MoveReport is one judged move.
type MoveReport struct {
	Ply           int // the move's ply (1 for the first)
	Mover         int
	Before, After int // the scores before and after the move, from the mover's view
	Lost          float64
	Judgement     Judgement
	Accuracy      float64
	Best          []string // the engine's line from the position before, when it is another move
	// Second is the best other move's score from the mover's view, for a move judged Good.
	Second int
}

// Report is the judged moves of a record and each side's accuracy and marks.
type Report struct {
	Moves    []MoveReport // the moves both of whose positions are scored, in order
	Accuracy [2]float64   // each side's, over its judged moves (0 when none)
	Counts   [2][3]int    // each side's inaccuracies, mistakes and blunders
	Good     [2]int       // each side's only good moves found
	Judged   [2]int       // each side's judged moves
	ByPly    map[int]int  // a judged move's index in Moves, by ply
	Complete bool         // every move of the record is judged
	variant  string
}

// winChance is a score's win chance for its side, −1..1.
func winChance(variant string, score int) float64 {
	k := xiangqiK
	if variant == VariantReversi {
		k = reversiK
	}
	if score >= EvalMate {
		return 1
	}
	if score <= -EvalMate {
		return -1
	}
	return 2/(1+math.Exp(-k*float64(score))) - 1
}

// judge marks a move by what it lost: win chance (Xiangqi), or centi-discs (Reversi).
func judge(variant string, before, after int) (lost float64, j Judgement) {
	limits := [3]float64{0.1, 0.2, 0.3}
	if variant == VariantReversi {
		lost, limits = float64(before-after), [3]float64{400, 800, 1600}
	} else {
		lost = winChance(variant, before) - winChance(variant, after)
	}
	switch {
	case lost >= limits[2]:
		return lost, Blunder
	case lost >= limits[1]:
		return lost, Mistake
	case lost >= limits[0]:
		return lost, Inaccuracy
	}
	return lost, Fine
}

// moveAccuracy is lichess's accuracy of a move that took the mover's win percentage from
// before to after.
func moveAccuracy(variant string, before, after int) float64 {
	drop := 50 * (winChance(variant, before) - winChance(variant, after))
	a := 103.1668*math.Exp(-0.04354*max(drop, 0)) - 3.1669
	return min(max(a, 0), 100)
}

// Report judges the record's moves by the scores the engine has found so far (Analyse game,
// or ActReport, fills them in).
func (t *Table) Report() Report {
	rep := Report{ByPly: map[int]int{}, variant: t.Variant()}
	e, ok := t.rules.(enginePlayer)
	if !ok {
		return rep
	}
	points := e.evals(&t.evalBook)
	record, annotated := t.Annotated()
	rep.Complete = len(points) > 1
	var sum [2]float64
	for ply := 1; ply < len(points); ply++ {
		b, a := points[ply-1], points[ply]
		if t.passes(ply - 1) { // a forced pass is no one's choice
			continue
		}
		if t.passes(ply) && ply+1 < len(points) {
			a = points[ply+1] // the position the pass leads to: the same discs, scored
		}
		if !b.Known || !a.Known {
			rep.Complete = false
			continue
		}
		mover := t.Mover(ply)
		sign := 1
		if mover == 1 {
			sign = -1
		}
		mr := MoveReport{Ply: ply, Mover: mover, Before: sign * b.Score, After: sign * a.Score}
		mr.Lost, mr.Judgement = judge(t.Variant(), mr.Before, mr.After)
		mr.Accuracy = moveAccuracy(t.Variant(), mr.Before, mr.After)
		if len(b.PV) > 0 && b.PV[0] != t.moveAt(ply-1) {
			mr.Best = b.PV
		} else if len(b.PV) > 0 && b.HasSecond && mr.Judgement == Fine && t.Variant() == VariantXiangqi {
			second := sign * b.Second
			if _, j := judge(t.Variant(), mr.Before, second); j == Mistake || j == Blunder {
				mr.Judgement, mr.Second = Good, second
			}
		}
		if mr.Judgement == Fine && annotated && record.Symbol(ply) == "!" {
			mr.Judgement = Good // a record read back keeps its report's "!" (its scores have no second line)
		}
		if mr.Judgement == Good {
			rep.Good[mover]++
		}
		if mr.Judgement != Fine && mr.Judgement != Good {
			rep.Counts[mover][map[Judgement]int{Inaccuracy: 0, Mistake: 1, Blunder: 2}[mr.Judgement]]++
		}
		rep.ByPly[ply] = len(rep.Moves)
		rep.Moves = append(rep.Moves, mr)
		sum[mover] += mr.Accuracy
		rep.Judged[mover]++
	}
	for s := range 2 {
		if rep.Judged[s] > 0 {
			rep.Accuracy[s] = sum[s] / float64(rep.Judged[s])
		}
	}
	return rep
}

// Judgements are each recorded move's judgement (index ply−1), Unjudged where there is none.
func (r Report) Judgements(n int) []Judgement {
	out := make([]Judgement, n)
	for _, m := range r.Moves {
		if m.Ply-1 < n {
			out[m.Ply-1] = m.Judgement
		}
	}
	return out
}

// judgementKeys name the marks in the reader's language.
var judgementKeys = map[Judgement]i18n.Key{Inaccuracy: i18n.JudgeInaccuracy, Mistake: i18n.JudgeMistake, Blunder: i18n.JudgeBlunder, Good: i18n.JudgeGood}

// scoreText writes a score for a comment: pawns with a sign in Xiangqi ("+0.3", "−2.1"), discs
// in Reversi ("+4", "−6"), "#" for a mate.
func scoreText(variant string, s int) string {
	switch {
	case s >= EvalMate:
		return "+#"
	case s <= -EvalMate:
		return "−#"
	}
	v := fmt.Sprintf("%+.1f", float64(s)/100)
	if variant == VariantReversi {
		v = fmt.Sprintf("%+d", int(math.Round(float64(s)/100)))
	}
	return strings.Replace(v, "-", "−", 1)
}

// ReportComment is a judged move's comment in l: "失误 (+0.3 → −2.1)。炮八平五 更好", "Mistake
// (+0.3 → −2.1). C8.5 was best.", with best written in notation n.
func (t *Table) ReportComment(l i18n.Lang, mr MoveReport, n Notation) string {
	k, ok := judgementKeys[mr.Judgement]
	if !ok {
		return ""
	}
	if mr.Judgement == Good {
		return l.T(k, scoreText(t.Variant(), mr.Before), scoreText(t.Variant(), mr.Second))
	}
	s := l.T(k) + " (" + scoreText(t.Variant(), mr.Before) + " → " + scoreText(t.Variant(), mr.After) + ")"
	if e, ok := t.rules.(enginePlayer); ok && len(mr.Best) > 0 {
		if best := e.pvTexts(mr.Ply-1, mr.Best[:1], n); len(best) == 1 {
			s += l.T(i18n.JudgeBetter, best[0])
		}
	}
	return s
}

// WriteReport writes the report into the record: each marked move gets its symbol and a
// comment in l (a comment already there is kept after it), and the engine's better line as a
// variation. It reports whether the record changed. A move marked before keeps its own symbol.
func (t *Table) WriteReport(l i18n.Lang, n Notation) bool {
	a, ok := t.Annotated()
	b, isBrancher := t.rules.(brancher)
	if !ok || !isBrancher {
		return false
	}
	rep := t.Report()
	changed := false
	for _, mr := range rep.Moves {
		if mr.Judgement == Fine {
			continue
		}
		c := t.ReportComment(l, mr, n)
		old := a.Comment(mr.Ply)
		if strings.Contains(old, c) {
			continue // written already
		}
		if old != "" {
			c += " " + old
		}
		sym := a.Symbol(mr.Ply)
		if sym == "" {
			sym = mr.Judgement.Symbol()
		}
		if len(mr.Best) > 0 {
			changed = b.addLines(mr.Ply-1, []engineclient.SearchInfo{{PV: mr.Best}}) || changed
		}
		changed = a.SetNote(mr.Ply, c, sym) || changed
	}
	// Every scored position's score, as PGN writers keep it: [%eval 0.25] (the first side's
	// view, in pawns; Reversi's in discs) at the head of the comment of the move that led to it
	// (the record's opening comment for the start), so that a reload, an import and the embed
	// judge the record again from it (ReadRecordEvals).
	e := t.rules.(enginePlayer)
	for _, pt := range e.evals(&t.evalBook) {
		if !pt.Known || pt.Score >= EvalMate || pt.Score <= -EvalMate {
			continue // a mate's distance is not kept: its [%eval #N] cannot be written
		}
		old := a.Comment(pt.Ply)
		if strings.Contains(old, "[%eval") {
			continue
		}
		c := "[%eval " + strconv.FormatFloat(float64(pt.Score)/100, 'f', 2, 64) + "]"
		if old != "" {
			c += " " + old
		}
		changed = a.SetNote(pt.Ply, c, a.Symbol(pt.Ply)) || changed
	}
	return changed
}

// evalCommand reads a comment's [%eval 0.25] (pawns, the first side's view; [%eval #3] a mate).
var evalCommand = regexp.MustCompile(`\[%eval\s+(#)?([-+]?\d+(?:\.\d+)?)\]`)

// ReadRecordEvals takes the scores a record's comments carry ([%eval …], as WriteReport and
// lichess write them; a Reversi GGF's move evaluations) as the engine's, at a depth any search of the engine's replaces: an
// imported or reloaded report is judged again from them. It reports whether the record
// carried any; the report then counts as written.
func (t *Table) ReadRecordEvals() bool {
	if r, ok := t.rules.(*Reversi); ok {
		return t.readScores(r.scores)
	}
	a, ok := t.Annotated()
	if !ok {
		return false
	}
	scores := map[int]int{}
	for ply := 0; ply <= t.Len(); ply++ {
		m := evalCommand.FindStringSubmatch(a.Comment(ply))
		if m == nil {
			continue
		}
		v, err := strconv.ParseFloat(m[2], 64)
		if err != nil {
			continue
		}
		scores[ply] = int(math.Round(v * 100))
		if m[1] == "#" {
			scores[ply] = EvalMate
			if v < 0 {
				scores[ply] = -EvalMate
			}
		}
	}
	return t.readScores(scores)
}

// readScores takes a record's scores (ply → first side's view) as the engine's, as
// ReadRecordEvals does.
func (t *Table) readScores(scores map[int]int) bool {
	n := 0
	for ply, s := range scores {
		info := engineclient.SearchInfo{Depth: 1, Score: s}
		if t.rules.turnAt(ply) == 1 {
			info.Score = -s // the side to move's view
		}
		if t.SetScore(ply, info) {
			n++
		}
	}
	if n > 1 {
		t.reported = true
	}
	return n > 0
}

// StartReport asks for the report: every position still unscored is searched (as Analyse game
// does); once all are, TakeReport says it is time to write it into the record.
func (t *Table) StartReport() bool {
	if _, ok := t.rules.(enginePlayer); !ok || t.Len() == 0 {
		return false
	}
	t.reporting, t.reported = true, false
	t.SetGraphing(true)
	return true
}

// ReportState is "running" while the report's searches go on, "done" once it is written, ""
// before (data-report).
func (t *Table) ReportState() string {
	switch {
	case t.reporting:
		return "running"
	case t.reported:
		return "done"
	}
	return ""
}

// TakeReport reports, once, that the report asked for has every score it needs: the caller
// writes it (WriteReport, in the reader's language) and keeps the game.
func (t *Table) TakeReport() bool {
	if !t.reporting {
		return false
	}
	t.wanted() // the graph's next search, if any, ends Graphing when every position is scored
	if t.Graphing() {
		return false
	}
	t.reporting, t.reported = false, true
	return true
}

// Unscored are the plies of the record whose positions the report still needs a search of
// (finished positions are scored by the rules, forced passes need none): what a program that
// searches them itself (qipan-annotate, one search per core) fills in with SetScore.
func (t *Table) Unscored() []int {
	e, ok := t.rules.(enginePlayer)
	if !ok {
		return nil
	}
	graphing := t.graphing
	e.graphJob(&t.evalBook) // scores the finished positions
	t.graphing = graphing
	var out []int
	for _, p := range e.evals(&t.evalBook) {
		if !p.Known && !t.passes(p.Ply) && e.jobAt(p.Ply, engineclient.Graph, MaxLevel).Pos != "" {
			out = append(out, p.Ply)
		}
	}
	return out
}

// SetScore records a search of the position after ply moves (info: its score for the side to
// move there, its depth and line), as the engine's answers to the graph's searches are; the
// search's second line, where it gave one (multipv 2), lets the report find the only good move.
func (t *Table) SetScore(ply int, info engineclient.SearchInfo, second ...engineclient.SearchInfo) bool {
	return t.setScore(ply, info, second, 0)
}

// setScore is SetScore, the search's length in ms kept too (a saved graph search's, for a
// thorough report: noteGraphed).
func (t *Table) setScore(ply int, info engineclient.SearchInfo, second []engineclient.SearchInfo, ms int) bool {
	e, ok := t.rules.(enginePlayer)
	if !ok || ply < 0 || ply > t.Len() {
		return false
	}
	j := e.jobAt(ply, engineclient.Graph, MaxLevel)
	if j.Pos == "" {
		return false
	}
	t.noteEval(j, info)
	t.noteGraphed(j, ms, append([]engineclient.SearchInfo{info}, second...))
	return true
}

// PositionLine is the protocol's position line after ply moves of the record (what to search
// for SetScore), "" for a game the engine does not play.
func (t *Table) PositionLine(ply int) string {
	if e, ok := t.rules.(enginePlayer); ok {
		return e.lineAt(ply)
	}
	return ""
}

// MarkedMoveTexts are the move list's texts: each recorded move in notation n with the
// record's symbol after it ("炮五进四??"), and, for a game whose record holds no symbols
// (Reversi), the report's mark where it judged one.
func (t *Table) MarkedMoveTexts(n Notation) []string {
	texts := t.MoveTexts(n)
	var symbols []string
	if a, ok := t.Annotated(); ok {
		symbols = a.Symbols()
	} else if t.ReportState() != "" {
		for _, j := range t.Report().Judgements(len(texts)) {
			symbols = append(symbols, j.Symbol())
		}
	}
	if symbols == nil {
		return texts
	}
	out := make([]string, len(texts))
	for i, s := range texts {
		out[i] = s
		if i < len(symbols) {
			out[i] += symbols[i]
		}
	}
	return out
}

// saveEvals is the scores of the record's positions as Saved keeps them: "ply:score:depth", the
// search's line (":h0g2,i9h9", the report's better moves), the second line's score and the
// graph search's milliseconds (":-120:1000"; each empty when unknown), the scores from the
// first side's view, space-separated. A reload keeps the graph and the report, and a report
// under way resumes, quick or thorough.
func (t *Table) saveEvals() string {
	e, ok := t.rules.(enginePlayer)
	if !ok || len(t.evals) == 0 {
		return ""
	}
	var b strings.Builder
	for _, p := range e.evals(&t.evalBook) {
		if p.Known {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%d:%d:%d", p.Ply, p.Score, p.Depth)
			second := ""
			if p.HasSecond {
				second = strconv.Itoa(p.Second)
			}
			switch {
			case p.Ms > 0:
				fmt.Fprintf(&b, ":%s:%s:%d", strings.Join(p.PV, ","), second, p.Ms)
			case p.HasSecond:
				fmt.Fprintf(&b, ":%s:%s", strings.Join(p.PV, ","), second)
			case len(p.PV) > 0:
				b.WriteString(":" + strings.Join(p.PV, ","))
			}
		}
	}
	return b.String()
}

// restoreEvals gives the record's positions their kept scores; what cannot be read, or a ply
// past the record, is left out.
func (t *Table) restoreEvals(text string) {
	for _, f := range strings.Fields(text) {
		parts := strings.Split(f, ":")
		if len(parts) < 3 {
			continue
		}
		ply, err1 := strconv.Atoi(parts[0])
		score, err2 := strconv.Atoi(parts[1])
		depth, err3 := strconv.Atoi(parts[2])
		if err1 != nil || err2 != nil || err3 != nil || ply < 0 || ply > t.Len() {
			continue
		}
		info := engineclient.SearchInfo{Depth: max(depth, 1), Score: score}
		if len(parts) > 3 && parts[3] != "" {
			info.PV = strings.Split(parts[3], ",")
		}
		switch {
		case score >= EvalMate:
			info.Score, info.Mate = 0, 1
		case score <= -EvalMate:
			info.Score, info.Mate = 0, -1
		}
		var second []engineclient.SearchInfo
		if s, err := strconv.Atoi(field(parts, 4)); err == nil {
			second = append(second, engineclient.SearchInfo{Depth: info.Depth, Score: s})
		}
		if t.rules.turnAt(ply) == 1 { // the side to move's view
			info.Score, info.Mate = -info.Score, -info.Mate
			for i := range second {
				second[i].Score = -second[i].Score
			}
		}
		ms, _ := strconv.Atoi(field(parts, 5))
		t.setScore(ply, info, second, max(ms, 0))
	}
}

// field is parts[i], "" past its end.
func field(parts []string, i int) string {
	if i < len(parts) {
		return parts[i]
	}
	return ""
}

// AccuracyText is one side's line of the report in l: "Red 87% accurate · ?! 1 ? 0 ?? 1"; its
// accuracy, rounded, is acc.
func (r Report) AccuracyText(l i18n.Lang, side int) (text, acc string) {
	c := r.Counts[side&1]
	acc = strconv.FormatFloat(r.Accuracy[side&1], 'f', 0, 64)
	return l.T(i18n.ReportSide, SideLabel(l, r.variant, side), acc, c[0], c[1], c[2]), acc
}
