package search

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"qipan/engine/xiangqi"
)

func mustFEN(t testing.TB, fen string) *xiangqi.Position {
	t.Helper()
	p, err := xiangqi.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func mustMove(t testing.TB, s string) xiangqi.Move {
	t.Helper()
	m, err := xiangqi.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// lost reports whether the side to move has no legal move (checkmate or stalemate: both lose).
func lost(p *xiangqi.Position) bool { return p.Status() != xiangqi.Ongoing }

// mateIn1 returns the moves that leave the opponent without a legal move.
func mateIn1(p *xiangqi.Position) []xiangqi.Move {
	var out []xiangqi.Move
	for _, m := range p.LegalMoves() {
		u := p.Make(m)
		if lost(p) {
			out = append(out, m)
		}
		p.Unmake(m, u)
	}
	return out
}

// forcesMateIn1 reports whether after m every reply allows a mate in 1.
func forcesMateIn1(p *xiangqi.Position, m xiangqi.Move) bool {
	u := p.Make(m)
	defer p.Unmake(m, u)
	if lost(p) {
		return true
	}
	for _, r := range p.LegalMoves() {
		ur := p.Make(r)
		ok := len(mateIn1(p)) > 0
		p.Unmake(r, ur)
		if !ok {
			return false
		}
	}
	return true
}

func search(t testing.TB, p *xiangqi.Position, lim Limits) Result {
	t.Helper()
	before := p.FEN()
	res := New(4).Search(context.Background(), p, nil, lim, nil)
	if p.FEN() != before {
		t.Fatalf("Search changed its position: %s, was %s", p.FEN(), before)
	}
	return res
}

func TestMateInOne(t *testing.T) {
	const fen1 = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1"
	for _, fen := range []string{fen1, flip(fen1)} { // and turned around: Black to mate
		p := mustFEN(t, fen)
		if len(mateIn1(p)) == 0 {
			t.Fatalf("%s: the test position has no mate in 1", fen)
		}
		res := search(t, p, Limits{Depth: 4})
		u := p.Make(res.Best)
		if !lost(p) {
			t.Errorf("%s: played %s, not a mate (score %d)", fen, res.Best, res.Score)
		}
		p.Unmake(res.Best, u)
		if res.Score != Mate-1 {
			t.Errorf("%s: score %d, want %d (mate in 1 ply)", fen, res.Score, Mate-1)
		}
	}
}

func TestMateInTwo(t *testing.T) {
	const fen2 = "4k4/9/R8/9/9/9/9/9/9/1R1K5 w - - 0 1"
	for _, fen := range []string{fen2, flip(fen2)} {
		p := mustFEN(t, fen)
		if len(mateIn1(p)) != 0 {
			t.Fatalf("%s: the test position has a mate in 1", fen)
		}
		res := search(t, p, Limits{Depth: 6})
		if !forcesMateIn1(p, res.Best) {
			t.Errorf("%s: played %s, which does not force mate next move", fen, res.Best)
		}
		if res.Score != Mate-3 {
			t.Errorf("%s: score %d, want %d (mate in 3 plies)", fen, res.Score, Mate-3)
		}
	}
}

func TestWinsMaterial(t *testing.T) {
	tests := []struct {
		name, fen, want string
	}{
		{"horse takes a hanging chariot", "4k4/9/9/2r6/9/1N7/9/9/9/3K5 w - - 0 1", "b4c6"},
		{"chariot takes a chariot", "3k5/9/9/9/4r4/9/4R4/9/9/5K3 w - - 0 1", "e3e5"},
		{"cannon takes a chariot over a screen", "3k5/9/9/9/9/9/2r1p1C2/9/9/5K3 w - - 0 1", "g3c3"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		if res := search(t, p, Limits{Depth: 5}); res.Best.String() != tt.want {
			t.Errorf("%s: played %s (score %d), want %s", tt.name, res.Best, res.Score, tt.want)
		}
	}
}

// attacked reports whether the opponent (to move in p) can capture on s.
func attacked(p *xiangqi.Position, s xiangqi.Square) bool {
	var ml xiangqi.MoveList
	p.GenerateCaptures(&ml)
	for _, m := range ml.Moves[:ml.N] {
		if m.To() == s {
			return true
		}
	}
	return false
}

func TestDoesNotHangPieces(t *testing.T) {
	t.Run("bait: a pawn defended by a horse", func(t *testing.T) {
		p := mustFEN(t, "5k3/3n5/9/4p4/9/9/9/4R4/9/3K5 w - - 0 1")
		if res := search(t, p, Limits{Depth: 6}); res.Best.String() == "e2e6" {
			t.Errorf("took the defended pawn with the chariot (score %d)", res.Score)
		}
	})
	t.Run("chariot attacked by a defended soldier", func(t *testing.T) {
		p := mustFEN(t, "4rk3/9/9/9/9/9/3Rp4/9/9/3K5 w - - 0 1")
		res := search(t, p, Limits{Depth: 6})
		u := p.Make(res.Best)
		defer p.Unmake(res.Best, u)
		if to := res.Best.To(); p.At(to).Kind() != xiangqi.Chariot || attacked(p, to) {
			t.Errorf("played %s, leaving the chariot to be taken (score %d)", res.Best, res.Score)
		}
	})
	t.Run("opening: nothing left to take after 4 plies", func(t *testing.T) {
		p := xiangqi.NewPosition()
		res := search(t, p, Limits{Depth: 5})
		if res.Score < -100 || res.Score > 100 {
			t.Errorf("start position scored %d after %s, want a level score", res.Score, res.Best)
		}
	})
}

// randomPositions plays random games from the start and returns positions along them.
func randomPositions(n int, seed uint64) []*xiangqi.Position {
	r := rand.New(rand.NewPCG(seed, 1))
	var out []*xiangqi.Position
	for len(out) < n {
		p := xiangqi.NewPosition()
		plies := r.IntN(120)
		for i := 0; i < plies; i++ {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			p.Make(ms[r.IntN(len(ms))])
		}
		cp := *p
		out = append(out, &cp)
	}
	return out
}

func TestRandomPositionsWithinNodes(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 30
	}
	s := New(2)
	const limit = 3000
	noMoves := 0
	for _, p := range randomPositions(n, 7) {
		res := s.Search(context.Background(), p, nil, Limits{Nodes: limit}, nil)
		legal := p.LegalMoves()
		if len(legal) == 0 {
			noMoves++
			if res.Best != xiangqi.NoMove {
				t.Errorf("%s: no legal move, but the search returned %s", p.FEN(), res.Best)
			}
			continue
		}
		if !p.IsLegal(res.Best) {
			t.Errorf("%s: returned illegal move %s", p.FEN(), res.Best)
		}
		if res.Nodes > limit {
			t.Errorf("%s: searched %d nodes, limit %d", p.FEN(), res.Nodes, limit)
		}
	}
	t.Logf("%d positions, %d without a legal move", n, noMoves)
}

func TestNoLegalMove(t *testing.T) {
	// Red is mated: the general on e0 is checked by two chariots.
	p := mustFEN(t, "3k5/9/9/9/9/9/9/9/r8/1r2K4 w - - 0 1")
	if !lost(p) {
		t.Fatal("test position is not lost")
	}
	if res := search(t, p, Limits{Depth: 3}); res.Best != xiangqi.NoMove {
		t.Errorf("mated side returned %s", res.Best)
	}
	// All moves banned.
	p = mustFEN(t, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1")
	if res := search(t, p, Limits{Depth: 3, Ban: p.LegalMoves()}); res.Best != xiangqi.NoMove {
		t.Errorf("every move banned, returned %s", res.Best)
	}
}

func TestBanMoves(t *testing.T) {
	p := mustFEN(t, "4k4/9/9/2r6/9/1N7/9/9/9/3K5 w - - 0 1")
	ban := []xiangqi.Move{mustMove(t, "b4c6")}
	res := search(t, p, Limits{Depth: 3, Ban: ban})
	if res.Best == ban[0] || !p.IsLegal(res.Best) {
		t.Errorf("played %s with it banned", res.Best)
	}
}

func TestStopsWhenCancelled(t *testing.T) {
	p := xiangqi.NewPosition()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := New(1).Search(ctx, p, nil, Limits{}, nil)
	if !p.IsLegal(res.Best) {
		t.Fatalf("cancelled at once: returned %s, want a legal move", res.Best)
	}
	if res.Nodes > pollEvery {
		t.Errorf("cancelled at once: searched %d nodes", res.Nodes)
	}

	// Cancelled from the Poll hook on its third call: the search ends within the next poll.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	polls := 0
	res = New(1).Search(ctx, p, nil, Limits{Poll: func() {
		if polls++; polls == 3 {
			cancel()
		}
	}}, nil)
	if polls != 3 || res.Nodes > 3*pollEvery+1 || !p.IsLegal(res.Best) {
		t.Errorf("cancelled by Poll: %d polls, %d nodes, move %s", polls, res.Nodes, res.Best)
	}
}

func TestProgress(t *testing.T) {
	p := xiangqi.NewPosition()
	var infos []Info
	res := New(1).Search(context.Background(), p, nil, Limits{Depth: 4}, func(i Info) { infos = append(infos, i) })
	if len(infos) != 4 {
		t.Fatalf("%d progress reports for depth 4, want 4", len(infos))
	}
	last := infos[3]
	if last.Depth != 4 || len(last.PV) == 0 || last.PV[0] != res.Best || last.Nodes == 0 || last.Nodes > res.Nodes {
		t.Errorf("last report %+v does not match result %+v", last, res)
	}
	q := *p
	for _, m := range last.PV {
		if !q.IsLegal(m) {
			t.Fatalf("PV %v: %s is illegal", last.PV, m)
		}
		q.Make(m)
	}
}

// line plays moves from p and returns the positions before the last one as history, and the
// last position.
func line(t *testing.T, p *xiangqi.Position, moves string) ([]Past, *xiangqi.Position) {
	t.Helper()
	var hist []Past
	q := *p
	for _, mv := range strings.Fields(moves) {
		m := mustMove(t, mv)
		if !q.IsLegal(m) {
			t.Fatalf("%s: %s is illegal", q.FEN(), mv)
		}
		hist = append(hist, Past{q.Key(), q.InCheck()})
		q.Make(m)
	}
	return hist, &q
}

func TestRepetition(t *testing.T) {
	tests := []struct {
		name, fen, moves string
		want             []int // repetition score after each move, or 1 = no repetition
	}{
		{"horses out and back", xiangqi.StartFEN, "h0g2 h9g7 g2h0 g7h9", []int{1, 1, 1, 0}},
		// Red's chariot checks from a9 and a8 in turn; Black's general steps e9-f9 and back.
		{"Red checks perpetually", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9",
			[]int{1, 1, 1, 1, Perpetual, -Perpetual, Perpetual, -Perpetual}},
		// Red's chariot attacks Black's unprotected horse with every move: Red chases.
		{"Red chases perpetually", "4k4/9/n8/9/9/9/1R7/9/9/3K5 w - - 0 1", "b3a3 a7b9 a3b3 b9a7 b3a3 a7b9",
			[]int{1, 1, 1, -Perpetual, Perpetual, -Perpetual}},
		// The same with the horse protected by a chariot: no chase, a draw.
		{"attacking a protected horse", "r3k4/9/n8/9/9/9/1R7/9/9/3K5 w - - 0 1", "b3a3 a7b9 a3b3 b9a7 b3a3 a7b9",
			[]int{1, 1, 1, 0, 0, 0}},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		s := New(1)
		s.pos, s.keys, s.checks, s.floor = *p, []uint64{p.Key()}, []bool{p.InCheck()}, 0
		s.mat = material(&s.pos)
		for i, mv := range strings.Fields(tt.moves) {
			s.makeMove(mustMove(t, mv))
			score, ok := s.repetition()
			if want := tt.want[i]; ok != (want != 1) || ok && score != want {
				t.Errorf("%s: after %d moves: repetition = %d, %v; want %d", tt.name, i+1, score, ok, want)
			}
		}
	}

	// A game that shuffles back and forth: the position after the history repeats an earlier
	// one, so Red, far ahead, must not walk into a repetition the search can see.
	p := mustFEN(t, "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1")
	hist, q := line(t, p, "a1a2 e9f9 a2a1 f9e9")
	res := New(1).Search(context.Background(), q, hist, Limits{Depth: 3}, nil)
	q.Make(res.Best)
	if q.Key() == hist[1].Key {
		t.Errorf("played %s, repeating an earlier position while winning", res.Best)
	}
}

// TestPerpetualAvoided: a side that has checked (or chased one unprotected piece) with every
// move of a cycle, and would repeat the position by doing it once more, plays on: repeating
// loses by the rules, while a draw would suit Red, behind in both: a horse down, then a
// chariot against a horse and two chariots (the engine before the chase rules played b3a3).
func TestPerpetualAvoided(t *testing.T) {
	for _, tc := range []struct{ name, fen, moves, repeat string }{
		{"check", "4k4/9/2n6/9/9/9/9/8r/9/R2K5 w - - 0 1", "a0a9 e9e8 a9a8 e8e9", "a8a9"},
		{"chase", "4k2rr/9/n8/9/9/9/1R7/9/9/3K5 w - - 0 1", "b3a3 a7b9 a3b3 b9a7", "b3a3"},
	} {
		hist, q := line(t, mustFEN(t, tc.fen), tc.moves)
		repeat := mustMove(t, tc.repeat)
		res := New(1).Search(context.Background(), q, hist, Limits{Depth: 4}, nil)
		if res.Best == repeat || res.Score <= -Perpetual {
			t.Errorf("%s: played %s (score %d); %s repeats a perpetual %s", tc.name, res.Best, res.Score, repeat, tc.name)
		}
		// Without the history the same move is just a move.
		if res := New(1).Search(context.Background(), q, nil, Limits{Depth: 1}, nil); res.Score <= -Perpetual {
			t.Errorf("%s without history: score %d", tc.name, res.Score)
		}
	}
	// Black, chased perpetually, to move after the chasing move: repeating wins by the rules.
	hist, q := line(t, mustFEN(t, "4k4/9/n8/9/9/9/1R7/9/9/3K5 w - - 0 1"), "b3a3 a7b9 a3b3 b9a7 b3a3")
	if res := New(1).Search(context.Background(), q, hist, Limits{Depth: 4}, nil); res.Score < Perpetual-MaxPly {
		t.Errorf("Black, chased perpetually, scores %d (best %s); want a win by the rules", res.Score, res.Best)
	}
}

func TestIncrementalEval(t *testing.T) {
	s := New(1)
	for _, p := range randomPositions(20, 3) {
		s.pos = *p
		s.mat = material(&s.pos)
		s.board.load(&s.pos)
		var ml xiangqi.MoveList
		s.pos.GenerateLegal(&ml)
		for _, m := range ml.Moves[:ml.N] {
			before := s.mat
			u := s.makeMove(m)
			if got, want := s.mat, material(&s.pos); got != want {
				t.Fatalf("%s after %s: incremental %v, from scratch %v", p.FEN(), m, got, want)
			}
			if s.eval() != Evaluate(&s.pos) {
				t.Fatalf("%s after %s: eval %d, Evaluate %d", p.FEN(), m, s.eval(), Evaluate(&s.pos))
			}
			s.unmakeMove(m, u)
			if s.mat != before {
				t.Fatalf("%s: %s unmade: %v, was %v", p.FEN(), m, s.mat, before)
			}
		}
	}
}

// TestIncrementalEvalAlongGames plays real games (searched moves from several openings) and
// checks at every ply that the incrementally kept evaluation equals Evaluate from scratch,
// and that unmaking the whole game restores the start's sums.
func TestIncrementalEvalAlongGames(t *testing.T) {
	openings := []string{"h2e2 h9g7 h0g2 i9h9", "c3c4 g6g5 b0c2", "g0e2 h7d7 h0g2", "h2e2 h7e7 h0g2 h9g7"}
	player := New(2)
	for _, op := range openings {
		s := New(1)
		p := xiangqi.NewPosition()
		s.pos, s.keys, s.checks = *p, []uint64{p.Key()}, []bool{false}
		s.mat = material(&s.pos)
		s.board.load(&s.pos)
		s.skey, s.fkey = corrKeys(&s.board)
		start, startBoard := s.mat, s.board
		var moves []xiangqi.Move
		var undos []xiangqi.Undo
		for ply := 0; ply < 120; ply++ {
			var m xiangqi.Move
			if f := strings.Fields(op); ply < len(f) {
				m = mustMove(t, f[ply])
			} else {
				q := s.pos
				m = player.Search(context.Background(), &q, nil, Limits{Depth: 2}, nil).Best
				if m == xiangqi.NoMove {
					break
				}
			}
			undos = append(undos, s.makeMove(m))
			moves = append(moves, m)
			if got, want := s.mat, material(&s.pos); got != want {
				t.Fatalf("%s, ply %d (%s): incremental %v, from scratch %v", op, ply+1, s.pos.FEN(), got, want)
			}
			var fresh board
			if fresh.load(&s.pos); s.board != fresh {
				t.Fatalf("%s, ply %d (%s): the board copy differs from the position", op, ply+1, s.pos.FEN())
			}
			if got, want := s.eval(), Evaluate(&s.pos); got != want {
				t.Fatalf("%s, ply %d (%s): eval %d, Evaluate %d", op, ply+1, s.pos.FEN(), got, want)
			}
			if skey, fkey := corrKeys(&s.board); s.skey != skey || s.fkey != fkey {
				t.Fatalf("%s, ply %d (%s): the correction keys differ from those counted from scratch", op, ply+1, s.pos.FEN())
			}
		}
		for i := len(moves) - 1; i >= 0; i-- {
			s.unmakeMove(moves[i], undos[i])
		}
		if skey, fkey := corrKeys(&startBoard); s.mat != start || s.board != startBoard || s.pos.Key() != p.Key() || s.skey != skey || s.fkey != fkey {
			t.Errorf("%s: unmaking the game left %v, want %v", op, s.mat, start)
		}
	}
}

// flip turns a FEN around: Red's pieces become Black's, mirrored through the centre.
func flip(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	for i, r := range ranks {
		b := []byte(r)
		for l, h := 0, len(b)-1; l < h; l, h = l+1, h-1 {
			b[l], b[h] = b[h], b[l]
		}
		for k, c := range b {
			switch {
			case c >= 'a' && c <= 'z':
				b[k] = c - 'a' + 'A'
			case c >= 'A' && c <= 'Z':
				b[k] = c - 'A' + 'a'
			}
		}
		ranks[i] = string(b)
	}
	side := "b"
	if f[1] == "b" {
		side = "w"
	}
	return strings.Join(ranks, "/") + " " + side + " - - 0 1"
}

func TestEvalSymmetric(t *testing.T) {
	for _, p := range randomPositions(50, 11) {
		q := mustFEN(t, flip(p.FEN()))
		if a, b := Evaluate(p), Evaluate(q); a != b {
			t.Errorf("%s: %d, turned around %s: %d", p.FEN(), a, q.FEN(), b)
		}
	}
	if e := Evaluate(xiangqi.NewPosition()); e != tempo {
		t.Errorf("start position evaluates to %d, want the tempo bonus %d", e, tempo)
	}
}

func TestNoAllocs(t *testing.T) {
	s := New(1)
	p := xiangqi.NewPosition()
	ctx := context.Background()
	s.Search(ctx, p, nil, Limits{Depth: 4}, nil)
	if n := testing.AllocsPerRun(3, func() { s.Search(ctx, p, nil, Limits{Depth: 4}, nil) }); n != 0 {
		t.Errorf("Search allocates %v times per run", n)
	}
}

// TestNoAllocsRepetition: judging the repetitions a search meets (here perpetual chases
// through the game's history) allocates nothing either.
func TestNoAllocsRepetition(t *testing.T) {
	p := mustFEN(t, "4k4/9/n8/9/9/9/1R7/9/9/3K5 w - - 0 1")
	hist, q := line(t, p, "b3a3 a7b9 a3b3 b9a7")
	s := New(1)
	ctx := context.Background()
	s.Search(ctx, q, hist, Limits{Depth: 5}, nil)
	if n := testing.AllocsPerRun(3, func() { s.Search(ctx, q, hist, Limits{Depth: 5}, nil) }); n != 0 {
		t.Errorf("Search allocates %v times per run", n)
	}
}

func BenchmarkSearchStart(b *testing.B) {
	p := xiangqi.NewPosition()
	s := New(16)
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		s.Clear()
		nodes += s.Search(context.Background(), p, nil, Limits{Depth: 7}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

func TestSEE(t *testing.T) {
	tests := []struct {
		name, fen, move string
		want            int
	}{
		{"chariot takes a soldier defended by a horse", "5k3/3n5/9/4p4/9/9/9/4R4/9/3K5 w - - 0 1", "e2e6", 60 - 600},
		{"horse takes an undefended chariot", "4k4/9/9/2r6/9/1N7/9/9/9/3K5 w - - 0 1", "b4c6", 600},
		{"chariot takes a chariot defended by a chariot", "3k5/4r4/9/9/4r4/9/4R4/9/9/5K3 w - - 0 1", "e3e5", 0},
		{"cannon takes a chariot defended by a horse", "3k5/9/9/9/1n7/9/2r1p1C2/9/9/5K3 w - - 0 1", "g3c3", 600 - 285},
		{"recapture through a cannon screen", "3k5/9/9/9/9/9/2r1p1C2/9/9/2C2K3 w - - 0 1", "g3c3", 600},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		m := mustMove(t, tt.move)
		if !p.IsLegal(m) || p.At(m.To()) == xiangqi.NoPiece {
			t.Fatalf("%s: %s is not a legal capture", tt.name, tt.move)
		}
		if got := see(p, m); got != tt.want {
			t.Errorf("%s: see(%s) = %d, want %d", tt.name, tt.move, got, tt.want)
		}
	}
}

func TestMultiPV(t *testing.T) {
	p := xiangqi.NewPosition()
	var infos []Info
	res := New(4).Search(context.Background(), p, nil, Limits{Depth: 4, MultiPV: 3}, func(i Info) { infos = append(infos, i) })
	if len(res.Lines) != 3 || res.Lines[0].Move != res.Best || res.Lines[0].Score != res.Score {
		t.Fatalf("lines %v, best %s score %d", res.Lines, res.Best, res.Score)
	}
	seen := map[xiangqi.Move]bool{}
	for _, l := range res.Lines {
		if !p.IsLegal(l.Move) || seen[l.Move] {
			t.Errorf("lines %v: %s illegal or repeated", res.Lines, l.Move)
		}
		seen[l.Move] = true
	}
	if len(infos) != 12 {
		t.Fatalf("%d reports for depth 4 × 3 lines, want 12", len(infos))
	}
	for i, inf := range infos {
		if inf.MultiPV != i%3+1 || inf.Depth != i/3+1 || len(inf.PV) == 0 {
			t.Errorf("report %d: multipv %d depth %d pv %v", i, inf.MultiPV, inf.Depth, inf.PV)
		}
	}
	// More lines than moves: as many lines as moves.
	q := mustFEN(t, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1")
	if res := New(1).Search(context.Background(), q, nil, Limits{Depth: 2, MultiPV: 8}, nil); len(res.Lines) != len(q.LegalMoves()) {
		t.Errorf("%d lines, want one per legal move (%d)", len(res.Lines), len(q.LegalMoves()))
	}
}

// BenchmarkBench runs the bench positions (the `bench` command) to depth 7.
func BenchmarkBench(b *testing.B) {
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		nodes += Bench(context.Background(), 7, nil, nil)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// TestStatsAddUp checks the tree counters against each other on a real search.
func TestStatsAddUp(t *testing.T) {
	p, err := xiangqi.ParseFEN(BenchFENs[3])
	if err != nil {
		t.Fatal(err)
	}
	s := New(4)
	r := s.Search(context.Background(), p, nil, Limits{Depth: 7}, nil)
	st := s.Stats()
	switch {
	case st.Nodes != r.Nodes:
		t.Errorf("Stats.Nodes %d, Result.Nodes %d", st.Nodes, r.Nodes)
	case st.QNodes == 0 || st.QNodes >= st.Nodes:
		t.Errorf("quiescence nodes %d of %d", st.QNodes, st.Nodes)
	case st.NullTries == 0 || st.NullCuts > st.NullTries:
		t.Errorf("null move: %d cuts of %d tries", st.NullCuts, st.NullTries)
	case st.LMRTries == 0 || st.LMRResearch > st.LMRTries:
		t.Errorf("LMR: %d re-searches of %d", st.LMRResearch, st.LMRTries)
	case st.CutNodes == 0 || st.FirstCuts > st.CutNodes:
		t.Errorf("cuts: %d first of %d", st.FirstCuts, st.CutNodes)
	}
}

func TestIterationBudget(t *testing.T) {
	const soft, hard = time.Second, 3 * time.Second
	for _, c := range []struct {
		stable, drop int
		want         time.Duration
	}{
		{0, 0, 900 * time.Millisecond},   // the best move just changed: 1.5 × 0.6 s
		{1, 0, 780 * time.Millisecond},   //
		{5, 0, 300 * time.Millisecond},   // long settled: half of 0.6 s
		{9, 0, 300 * time.Millisecond},   // no lower
		{5, 100, 600 * time.Millisecond}, // settled but the score fell a lot
		{0, 400, 1200 * time.Millisecond},
	} {
		if got := iterationBudget(soft, hard, c.stable, c.drop); got != c.want {
			t.Errorf("iterationBudget(stable %d, drop %d) = %v, want %v", c.stable, c.drop, got, c.want)
		}
	}
	if got := iterationBudget(soft, 1200*time.Millisecond, 0, 400); got != 720*time.Millisecond {
		t.Errorf("capped by the hard limit: got %v, want 720ms", got)
	}
}
