package search

import (
	"context"
	"math/bits"
	"math/rand"
	"runtime"
	"slices"
	"testing"
	"time"

	"qipan/engine/reversi"
	"qipan/engine/reversi/search/pattern"
)

// negamax is the plain minimax reference for the solver.
func negamax(P, O uint64) int {
	moves := reversi.Moves(P, O)
	if moves == 0 {
		if reversi.Moves(O, P) == 0 {
			return reversi.FinalScore(P, O)
		}
		return -negamax(O, P)
	}
	best := -solveInf
	for ; moves != 0; moves &= moves - 1 {
		sq := reversi.Square(bits.TrailingZeros64(moves))
		f := reversi.Flips(P, O, sq)
		if v := -negamax(O^f, P|f|sq.Bit()); v > best {
			best = v
		}
	}
	return best
}

// randomEndgame plays a random game until n empties remain.
func randomEndgame(r *rand.Rand, n int) reversi.Position {
	for {
		p := reversi.Start()
		var ml reversi.MoveList
		for p.Empties() > n && p.Status() != reversi.Over {
			p.GenerateLegal(&ml)
			p.Make(ml.Moves[r.Intn(ml.N)])
		}
		if p.Empties() == n {
			return p
		}
	}
}

func TestSolverEqualsNegamax(t *testing.T) {
	seed := time.Now().UnixNano()
	r := rand.New(rand.NewSource(seed))
	s := NewSolver(12)
	for i := 0; i < 300; i++ {
		p := randomEndgame(r, 1+r.Intn(9))
		want := negamax(p.P, p.O)
		got, m := s.Solve(&p, -64, 64, nil)
		if got != want {
			t.Fatalf("seed %d: %v: solve %d, negamax %d", seed, p, got, want)
		}
		if p.Status() != reversi.Over {
			q := p
			if err := q.Play(m); err != nil {
				t.Fatalf("seed %d: %v: best move %v: %v", seed, p, m, err)
			}
			if v := -negamax(q.P, q.O); v != want {
				t.Fatalf("seed %d: %v: best move %v scores %d, not %d", seed, p, m, v, want)
			}
		}
		if w, _ := s.Solve(&p, -1, 1, nil); sign(w) != sign(want) {
			t.Fatalf("seed %d: %v: wld %d, exact %d", seed, p, w, want)
		}
		if i%50 == 0 {
			s.Clear()
		}
	}
}

// With more empties than negamax can afford, the solved score must equal the best of the
// solved children (the table and the cutoffs at work on both sides).
func TestSolverConsistent(t *testing.T) {
	seed := time.Now().UnixNano()
	r := rand.New(rand.NewSource(seed))
	for i := 0; i < 4; i++ {
		p := randomEndgame(r, 14)
		s := NewSolver(16)
		v, _ := s.Solve(&p, -64, 64, nil)
		best := -solveInf
		for _, m := range p.LegalMoves() {
			q := p
			q.Make(m)
			w, _ := NewSolver(16).Solve(&q, -64, 64, nil)
			best = max(best, -w)
		}
		if v != best {
			t.Fatalf("seed %d: %v: solve %d, best child %d", seed, p, v, best)
		}
	}
}

func TestNoAllocs(t *testing.T) {
	p, _ := reversi.ParseBoard("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")
	e := New()
	e.begin(context.Background(), Limits{})
	s := NewSolver(10)
	a := testing.AllocsPerRun(3, func() {
		e.alphaBeta(p.P, p.O, 4, -scoreInf, scoreInf)
		s.nws(p.P, p.O, p.Moves(), 30, p.Empties()) // quick: a stability/table-bound cut is likely
		Evaluate(p.P, p.O)
	})
	if a != 0 {
		t.Fatalf("search allocates %v times", a)
	}
}

// Evaluate must not depend on how the board is turned or mirrored.
func TestEvaluateSymmetric(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for i := 0; i < 2000; i++ {
		p := randomEndgame(r, 4+r.Intn(56))
		v := Evaluate(p.P, p.O)
		P, O := p.P, p.O
		for k := 0; k < 8; k++ {
			if k == 4 {
				P, O = flipDiag(P), flipDiag(O)
			}
			P, O = bits.ReverseBytes64(P), bits.ReverseBytes64(O) // mirror rows
			if k%2 == 1 {
				P, O = mirrorCols(P), mirrorCols(O)
			}
			if w := Evaluate(P, O); w != v {
				t.Fatalf("%v: %d, symmetric board %d", p, v, w)
			}
		}
	}
}

func mirrorCols(b uint64) uint64 {
	var out uint64
	for s := 0; s < 64; s++ {
		if b&(1<<uint(s)) != 0 {
			out |= 1 << uint(s&^7|(7-s&7))
		}
	}
	return out
}

func flipDiag(b uint64) uint64 {
	var out uint64
	for s := 0; s < 64; s++ {
		if b&(1<<uint(s)) != 0 {
			out |= 1 << uint((s&7)*8+s>>3)
		}
	}
	return out
}

func TestSearchLegalAndProgress(t *testing.T) {
	e := New()
	if err := e.SetPosition("", []string{"f5", "d6", "c3"}); err != nil {
		t.Fatal(err)
	}
	yields, infos := 0, 0
	res := e.Search(context.Background(), Limits{Level: 6, Yield: func() { yields++ }},
		func(Info) { infos++ })
	pos := e.Position()
	if !pos.IsLegal(res.Move) || infos != 6 || res.Depth != 6 || len(res.PV) == 0 || res.PV[0] != res.Move {
		t.Fatalf("move %v legal=%v, %d infos, depth %d, pv %v", res.Move, pos.IsLegal(res.Move), infos, res.Depth, res.PV)
	}
	if yields == 0 || res.Nodes < 1000 {
		t.Fatalf("%d yields for %d nodes", yields, res.Nodes)
	}
}

func TestSearchCancel(t *testing.T) {
	e := New()
	ctx, cancel := context.WithCancel(context.Background())
	start := time.Now()
	time.AfterFunc(50*time.Millisecond, cancel)
	// Yield lets the timer's goroutine run where there is one thread (js/wasm).
	res := e.Search(ctx, Limits{Depth: 40, Yield: runtime.Gosched}, nil)
	p := e.Position()
	if time.Since(start) > 2*time.Second || !p.IsLegal(res.Move) {
		t.Fatalf("cancel took %v, move %v", time.Since(start), res.Move)
	}
}

func TestSearchEndgameExact(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	e := New()
	for i := 0; i < 8; i++ {
		p := randomEndgame(r, 10)
		if p.Status() != reversi.Ongoing {
			continue
		}
		e.SetBoard(p)
		res := e.Search(context.Background(), Limits{Level: 10}, nil)
		want := negamax(p.P, p.O)
		if res.Kind != Exact || res.Score != want*discUnit {
			t.Fatalf("%v: %v %d, want exact %d", p, res.Kind, res.Score, want*discUnit)
		}
		hints := e.Hints(context.Background(), Limits{Level: 10}, nil)
		if len(hints) != len(p.LegalMoves()) || hints[0].Score != want*discUnit {
			t.Fatalf("%v: hints %v, want best %d", p, hints, want*discUnit)
		}
	}
}

func TestSetPositionErrors(t *testing.T) {
	e := New()
	for _, tc := range []struct {
		board string
		moves []string
	}{
		{"xyz", nil},
		{"", []string{"f5", "f5"}},
		{"", []string{"k9"}},
	} {
		if err := e.SetPosition(tc.board, tc.moves); err == nil {
			t.Errorf("SetPosition(%q, %v) accepted", tc.board, tc.moves)
		}
	}
	// a forced pass may be left out
	if err := e.SetPosition("OX-------------------------------------------------------------- X", []string{"c1"}); err != nil {
		t.Fatal(err)
	}
}

// Every level plays legal moves through a whole game against level 10 at low depth
// (with a node budget per move, to keep the test short).
func TestLevelsPlayGames(t *testing.T) {
	for lv := 1; lv <= 10; lv++ {
		e := New()
		p := reversi.Start()
		for p.Status() != reversi.Over {
			e.SetBoard(p)
			l := Limits{Level: lv, Seed: int64(lv), Nodes: 20000}
			if p.Turn == reversi.White {
				l = Limits{Level: 10, Depth: 2, Nodes: 20000}
			}
			res := e.Search(context.Background(), l, nil)
			if err := p.Play(res.Move); err != nil {
				t.Fatalf("level %d: %v in %v", lv, err, p)
			}
		}
	}
}

// EvaluateWith: a finished game's exact score, else the hand evaluation plus the pattern's
// correction, within the scores of finished games.
func TestEvaluateWith(t *testing.T) {
	full, _ := reversi.ParseBoard("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOO O")
	wiped, _ := reversi.ParseBoard("XXXX------------------------------------------------------------ O")
	for _, c := range []struct {
		p    *reversi.Position
		want int
	}{{full, -1600}, {wiped, -6400}} {
		if got := EvaluateWith(pattern.Midgame, c.p.P, c.p.O); got != c.want {
			t.Errorf("%v: %d, want %d", c.p, got, c.want)
		}
	}
	r := rand.New(rand.NewSource(10))
	for i := 0; i < 200; i++ {
		p := randomEndgame(r, 8+r.Intn(50))
		if p.Status() == reversi.Over {
			continue
		}
		want := max(min(Evaluate(p.P, p.O)+pattern.Midgame.Eval(p.P, p.O), winBase-1), -winBase+1)
		if got := EvaluateWith(pattern.Midgame, p.P, p.O); got != want {
			t.Fatalf("%v: %d, want %d", p, got, want)
		}
	}
}

// Limits.Eval chooses the evaluation: a depth-1 search scores each move by it (negated for
// the side that moved); by default the pattern one, the hand one at the noisy levels.
func TestEvalChoice(t *testing.T) {
	pat := func(P, O uint64) int { return EvaluateWith(pattern.Midgame, P, O) }
	def := Evaluate // level 10's
	if patternFrom <= 10 {
		def = pat
	}
	r := rand.New(rand.NewSource(9))
	for i := 0; i < 20; i++ {
		p := randomEndgame(r, 30+i)
		if p.Status() != reversi.Ongoing {
			continue
		}
		for _, c := range []struct {
			lim  Limits
			eval func(P, O uint64) int
		}{
			{Limits{Depth: 1, Eval: HandEval}, Evaluate},
			{Limits{Depth: 1, Eval: PatternEval}, pat},
			{Limits{Depth: 1}, def},
			{Limits{Depth: 1, Level: 3, Seed: 1}, Evaluate},
			{Limits{Depth: 1, Level: 3, Seed: 1, Eval: PatternEval}, pat},
		} {
			want := -scoreInf
			for _, m := range p.LegalMoves() {
				q := p
				q.Make(m)
				want = max(want, -c.eval(q.P, q.O))
			}
			e := New()
			e.SetBoard(p)
			res := e.Search(context.Background(), c.lim, nil)
			if c.lim.Level == 3 { // noisy: the score of the move played, at most the best
				q := p
				q.Make(res.Move)
				want = -c.eval(q.P, q.O)
			}
			if res.Score != want {
				t.Fatalf("%v %+v: score %d, want %d", p, c.lim, res.Score, want)
			}
		}
	}
}

// Multi-ProbCut: without statistics it changes nothing; with them, a depth-8 search visits
// fewer nodes; with the hand evaluation (whose errors its statistics do not measure) it is
// off.
func TestProbCut(t *testing.T) {
	moves := []string{"f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7", "d7", "c6"}
	searchWith := func(ev Evaluation, probCut bool) Result {
		e := New()
		if err := e.SetPosition("", moves); err != nil {
			t.Fatal(err)
		}
		return e.Search(context.Background(), Limits{Depth: 8, Eval: ev, ProbCut: probCut}, nil)
	}
	search := func(probCut bool) Result { return searchWith(PatternEval, probCut) }
	if hand, handPC := searchWith(HandEval, false), searchWith(HandEval, true); hand.Nodes != handPC.Nodes {
		t.Errorf("hand evaluation: %d nodes with ProbCut, %d without", handPC.Nodes, hand.Nodes)
	}
	off := search(false)
	saved := probCutStats
	probCutStats = [len(probCutStats)][len(probCutStats[0])]struct{ mean, sd int16 }{}
	zero := search(true)
	probCutStats = saved
	if zero.Nodes != off.Nodes || zero.Score != off.Score || zero.Move != off.Move {
		t.Fatalf("ProbCut without statistics: %v %d, %d nodes; without ProbCut %v %d, %d nodes",
			zero.Move, zero.Score, zero.Nodes, off.Move, off.Score, off.Nodes)
	}
	if on := search(true); on.Nodes >= off.Nodes {
		t.Fatalf("ProbCut: %d nodes, without %d", on.Nodes, off.Nodes)
	}
}

// TestCutIterationKeepsBetterMove: an iteration cut by the limits after the move it searched
// second beat the first in full plays that move, not the last iteration's choice.
func TestCutIterationKeepsBetterMove(t *testing.T) {
	const depth = 6
	setup := func(lim Limits) *Searcher {
		e := New()
		if err := e.SetPosition("", []string{"f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"}); err != nil {
			t.Fatal(err)
		}
		e.begin(context.Background(), lim)
		return e
	}
	e := setup(Limits{})
	rm := rootMoves(e.pos)
	if !e.searchRoot(rm, depth, false) || len(rm) < 4 || rm[0].score == rm[len(rm)-1].score {
		t.Fatalf("the full iteration: %d moves, scores %v", len(rm), rm)
	}
	// The worst move first, as if the last iteration had chosen it, then the best.
	order := append([]rootMove{rm[len(rm)-1], rm[0]}, rm[1:len(rm)-1]...)
	e = setup(Limits{})
	if !e.searchRoot(slices.Clone(order[:2]), depth, false) {
		t.Fatal("two moves not searched")
	}
	two := e.nodes
	e = setup(Limits{Nodes: two + 1})
	cut := slices.Clone(order)
	if e.searchRoot(cut, depth, false) {
		t.Fatalf("the iteration was not cut (%d nodes for two moves)", two)
	}
	if cut[0].move != rm[0].move || cut[1].move != order[0].move {
		t.Errorf("after the cut: %v first, %v second; want %v, then %v", cut[0].move, cut[1].move, rm[0].move, order[0].move)
	}
}

func TestIterationBudget(t *testing.T) {
	for _, c := range []struct {
		clock  bool
		stable int
		want   time.Duration
	}{
		{false, 0, 500 * time.Millisecond}, {false, 5, 500 * time.Millisecond},
		{true, 0, 600 * time.Millisecond}, {true, 1, 500 * time.Millisecond},
		{true, 3, 300 * time.Millisecond}, {true, 9, 300 * time.Millisecond},
	} {
		if got := iterationBudget(Limits{Time: time.Second, Clock: c.clock}, c.stable); got != c.want {
			t.Errorf("clock %v, stable %d: %v, want %v", c.clock, c.stable, got, c.want)
		}
	}
}
