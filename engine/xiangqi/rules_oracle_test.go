package xiangqi

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// ruleCases are positions built to test each game-end rule: our Game.Result after the
// moves, and what the oracle (Fairy-Stockfish's rules through ffish 0.7.10, asked "state")
// says. Where the two rule sets differ, oracle holds the oracle's answer and why says why
// (see the package doc); TestOracleRules asserts it, so a change on either side shows.
var ruleCases = []struct {
	rule   string
	name   string
	fen    string
	moves  string // played from fen; a repeated cycle is written out in full
	status Status
	score  string // ours: "1-0", "0-1", "1/2-1/2", "*"
	oracle string // the oracle's result
	why    string // why the oracle's result differs from ours ("" = it agrees)
}{
	{rule: "checkmate", name: "red mates with two chariots",
		fen: "3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1", moves: "b7b9",
		status: Checkmate, score: "1-0", oracle: "1-0"},
	{rule: "checkmate", name: "black mates with two chariots",
		fen: "4k4/9/9/9/9/9/9/1r7/r8/3K5 b - - 0 1", moves: "b2b0",
		status: Checkmate, score: "0-1", oracle: "0-1"},

	{rule: "stalemate", name: "red has no move and loses",
		fen:    "3k5/9/9/9/9/9/9/9/3r1r3/4K4 w - - 0 1",
		status: Stalemate, score: "0-1", oracle: "0-1"},
	{rule: "stalemate", name: "black's move leaves red without a move",
		fen: "3k5/9/9/9/5r3/9/9/9/3r5/4K4 b - - 0 1", moves: "f5f1",
		status: Stalemate, score: "0-1", oracle: "0-1"},

	{rule: "threefold repetition", name: "horses out and back twice: draw",
		fen: StartFEN, moves: "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9",
		status: Repetition, score: "1/2-1/2", oracle: "1/2-1/2"},
	{rule: "threefold repetition", name: "a second occurrence is not yet a draw",
		fen: StartFEN, moves: "h0g2 h9g7 g2h0 g7h9",
		status: Ongoing, score: "*", oracle: "*"},

	{rule: "perpetual check", name: "red checks every move and loses",
		fen: "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1", moves: "a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9",
		status: PerpetualCheck, score: "0-1", oracle: "0-1"},
	{rule: "perpetual check", name: "black checks every move and loses",
		fen: "3k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1", moves: "a1a0 e0e1 a0a1 e1e0 a1a0 e0e1 a0a1 e1e0",
		status: PerpetualCheck, score: "1-0", oracle: "1-0"},

	{rule: "perpetual chase", name: "red chases an unprotected horse and loses",
		fen: "4k4/9/n8/9/9/9/1R7/9/9/3K5 w - - 0 1", moves: "b3a3 a7b9 a3b3 b9a7 b3a3 a7b9 a3b3 b9a7",
		status: PerpetualChase, score: "0-1", oracle: "0-1"},
	{rule: "perpetual chase", name: "attacking a protected horse is no chase",
		fen: "r3k4/9/n8/9/9/9/1R7/9/9/3K5 w - - 0 1", moves: "b3a3 a7b9 a3b3 b9a7 b3a3 a7b9 a3b3 b9a7",
		status: Repetition, score: "1/2-1/2", oracle: "1/2-1/2"},
	{rule: "perpetual chase", name: "red's chariot attacks one cannon, then the other",
		fen: "9/4k4/9/6c1R/9/4c4/9/9/9/4K4 w - - 0 1", moves: "i6i4 g6b6 i4i6 b6g6 i6i4 g6b6 i4i6 b6g6",
		status: Repetition, score: "1/2-1/2", oracle: "1/2-1/2"}, // a chase must threaten one piece throughout
	{rule: "perpetual chase", name: "red's chariot steps back along the file of the horse it attacks",
		fen: "5k3/9/9/9/9/4n4/4R4/9/9/3K5 w - - 0 1", moves: "e3e2 e4g3 e2e3 g3e4 e3e2 e4g3 e2e3 g3e4",
		status: PerpetualChase, score: "0-1", oracle: "0-1"}, // stepping back along the line still threatens the horse

	{rule: "mutual perpetual", name: "both sides check every move: draw",
		fen: "4kr3/9/5c3/9/5N3/9/9/4C4/5K3/9 w - - 0 1", moves: "f5e3 f7e7 e3f5 e7f7 f5e3 f7e7 e3f5 e7f7",
		status: PerpetualCheck, score: "1/2-1/2", oracle: "1/2-1/2"},
	// Neither side chases: red's horse threatens the cannon, then the chariot, and black's
	// chariot first attacks the other chariot (attacks between pieces of one kind do not count).
	{rule: "mutual perpetual", name: "both sides attack something every move: draw",
		fen: "9/8R/5k3/9/9/7r1/9/5c1N1/9/3K5 w - - 0 1", moves: "h2g0 h4i4 g0h2 i4h4 h2g0 h4i4 g0h2 i4h4",
		status: Repetition, score: "1/2-1/2", oracle: "1/2-1/2"},
	{rule: "mutual perpetual", name: "both chase, but red threatens the horse, then the soldier",
		fen: "9/9/3k5/1n7/9/2R6/9/4K4/9/2p6 w - - 0 1", moves: "c4b4 b6d5 b4c4 d5b6 c4b4 b6d5 b4c4 d5b6",
		status: PerpetualChase, score: "1-0", oracle: "1-0"}, // black's horse always threatens the chariot; red alternates targets

	// Two loops from the random-loop differential where the rules and the oracle differ.
	{rule: "perpetual chase", name: "an elephant does not threaten across the river",
		fen:    "3k1ab2/4a1c2/8n/2p1r1p1p/p4Pb2/P5B2/2P3P1P/c3B2NC/R3NC3/3AKA2R w - - 0 38",
		moves:  "f5e5 e6f6 e5f5 f6e6 f5e5 e6f6 e5f5 f6e6",
		status: Repetition, score: "1/2-1/2", oracle: "0-1",
		why: "Fairy-Stockfish counts f5e5, which frees the eye of the elephant on g4, as a threat of that elephant on the chariot on e6 across the river, so red chases the chariot throughout"},
	{rule: "perpetual chase", name: "an advisor protects nothing outside the palace",
		fen:    "2ba1a1nr/3k2C2/8b/n1p3p2/p3p3p/2P3P1P/P3P4/2rAK1N2/2N2cR2/1RB3B2 w - - 0 32",
		moves:  "g2f4 c2c3 f4g2 c3c2 g2f4 c2c3 f4g2 c3c2",
		status: Repetition, score: "1/2-1/2", oracle: "1-0",
		why: "Fairy-Stockfish takes the advisor on d2 for the horse's protector on c1, lost when c3c2 pins the advisor, so black chases the horse with both moves; here c2c3 chases the horse and c3c2 the advisor, two pieces"},

	{rule: "60-move rule", name: "the 120th ply without a capture: draw",
		fen: "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 119 80", moves: "a0a1",
		status: MoveLimit, score: "1/2-1/2", oracle: "1/2-1/2"},
	{rule: "60-move rule", name: "a capture on the 120th ply resets the count",
		fen: "3k1c3/9/9/9/9/9/9/9/r8/R3K4 w - - 119 80", moves: "a0a1",
		status: Ongoing, score: "*", oracle: "*"},
	{rule: "60-move rule", name: "100 plies without a capture",
		fen: "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 99 80", moves: "a0a1",
		status: Ongoing, score: "*", oracle: "1/2-1/2",
		why: "Fairy-Stockfish's xiangqi draws after 50 moves (100 plies; 60 only under its UCCI protocol, later after many checks)"},

	{rule: "insufficient material", name: "general and advisors against a bare general",
		fen:    "3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1",
		status: InsufficientMaterial, score: "1/2-1/2", oracle: "1/2-1/2"},
	{rule: "insufficient material", name: "advisors and elephants on both sides",
		fen:    "2ba1ab2/4k4/9/9/9/9/9/9/4A4/2B1KAB2 w - - 0 1",
		status: InsufficientMaterial, score: "1/2-1/2", oracle: "1/2-1/2"},
	{rule: "insufficient material", name: "the last chariot is captured",
		fen: "3k5/9/9/9/9/9/9/9/4r4/3AK4 w - - 0 1", moves: "d0e1",
		status: InsufficientMaterial, score: "1/2-1/2", oracle: "1/2-1/2"},
	{rule: "insufficient material", name: "one soldier can still cross",
		fen:    "3k5/9/9/9/9/9/4P4/9/4A4/3AK4 w - - 0 1",
		status: Ongoing, score: "*", oracle: "*"},
}

// TestRuleCases checks our side of ruleCases (no oracle needed): the result after the
// moves, and that the game was not over one ply earlier.
func TestRuleCases(t *testing.T) {
	for _, tc := range ruleCases {
		where := tc.rule + ": " + tc.name
		if (tc.why == "") != (tc.oracle == tc.score) {
			t.Errorf("%s: table row: why must be given exactly when the oracle's %s differs from our %s", where, tc.oracle, tc.score)
		}
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		g := NewGame(p)
		for _, s := range strings.Fields(tc.moves) {
			if r := g.Result(); r.Over() {
				t.Fatalf("%s: game over (%s) before %s", where, r.Reason(), s)
			}
			if err := g.PlayString(s); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
		}
		if r := g.Result(); r.Status != tc.status || r.String() != tc.score {
			t.Errorf("%s: Result %v %s (%s), want %v %s", where, r.Status, r, r.Reason(), tc.status, tc.score)
		}
	}
}

// TestOracleRules asks the oracle for the result of every ruleCases row.
func TestOracleRules(t *testing.T) {
	t.Parallel()
	o := startOracle(t)
	for _, tc := range ruleCases {
		where := tc.rule + ": " + tc.name
		a, err := o.ask(oracleReq{Game: "xiangqi", FEN: tc.fen, Moves: tc.moves, Ask: "state"})
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		if a.Result != tc.oracle || a.Over != (tc.oracle != "*") {
			t.Errorf("%s: oracle says %s (over %v), the table %s; ours is %s", where, a.Result, a.Over, tc.oracle, tc.score)
			if tc.why != "" {
				t.Logf("%s: the table's known difference was: %s", where, tc.why)
			}
		}
	}
}

// randomLoop builds a repetition loop from p: each side moves k different pieces without
// capturing (k = 1 or 2; half the time the move is one that checks, attacks an enemy piece or
// moves an attacked piece away, so checks and chases are common), then each moves them back
// in the same order. It
// returns the 4k plies, or nil when a move back is not legal.
func randomLoop(rng *rand.Rand, p Position) []Move {
	k := 1 + rng.IntN(2)
	q := p
	var out []Move
	var moved [2]set
	var ml MoveList
	for i := 0; i < 2*k; i++ {
		q.GenerateLegal(&ml)
		var quiet, sharp []Move
		occ := q.occupied()
		var threatened set // our pieces the other side attacks: moving them away invites a chase
		for x := set(q.occ[q.turn^1]); !x.empty(); {
			s := x.pop()
			threatened = threatened.or(attacksFrom(q.board[s], s, occ))
		}
		for _, m := range ml.Slice() {
			if q.board[m.To()] != NoPiece || moved[q.turn].has(m.From()) {
				continue
			}
			quiet = append(quiet, m)
			if threatened.has(m.From()) {
				sharp = append(sharp, m)
				continue
			}
			r := q
			r.Make(m)
			hits := attacksFrom(r.board[m.To()], m.To(), r.occupied()).and(set(r.occ[r.turn]))
			if r.check || !hits.empty() {
				sharp = append(sharp, m)
			}
		}
		pick := quiet
		if len(sharp) > 0 && rng.IntN(2) == 0 {
			pick = sharp
		}
		if len(pick) == 0 {
			return nil
		}
		m := pick[rng.IntN(len(pick))]
		moved[q.turn].add(m.To())
		q.Make(m)
		out = append(out, m)
	}
	for i := 0; i < 2*k; i++ {
		back := NewMove(out[i].To(), out[i].From())
		if !q.IsLegal(back) {
			return nil
		}
		q.Make(back)
		out = append(out, back)
	}
	if q.Key() != p.Key() {
		return nil
	}
	return out
}

// twoMoveLoop returns a random loop a, b, a back, b back from p (no captures, every move
// legal) for which keepA accepts the position after a and keep the one after a back, or nil.
func twoMoveLoop(rng *rand.Rand, p Position, keepA func(q *Position, a Move) bool, keep func(q, r *Position, a, b Move) bool) []Move {
	var loops [][]Move
	var ml, replies MoveList
	p.GenerateLegal(&ml)
	for _, a := range ml.Slice() {
		if p.board[a.To()] != NoPiece {
			continue
		}
		q := p
		q.Make(a)
		if !keepA(&q, a) {
			continue
		}
		q.GenerateLegal(&replies)
		for _, b := range replies.Slice() {
			if q.board[b.To()] != NoPiece {
				continue
			}
			r := q
			r.Make(b)
			back := NewMove(a.To(), a.From())
			if !r.IsLegal(back) {
				continue
			}
			r.Make(back)
			if rb := NewMove(b.To(), b.From()); keep(&q, &r, a, b) && r.IsLegal(rb) {
				loops = append(loops, []Move{a, b, back, rb})
			}
		}
	}
	if len(loops) == 0 {
		return nil
	}
	return loops[rng.IntN(len(loops))]
}

// chaseLoop builds a loop in which the side to move in p attacks one enemy piece with every
// move: a piece steps from s1 to s2 and attacks V, V steps away to a square the piece attacks
// from s1, and both step back. Whether that is a chase (protection, pins, kinds…) is left to
// chance. nil when p has no such pair of moves.
func chaseLoop(rng *rand.Rand, p Position) []Move {
	hits := func(q *Position, a Move) set {
		return attacksFrom(q.board[a.To()], a.To(), q.occupied()).and(set(q.occ[q.turn]))
	}
	return twoMoveLoop(rng, p,
		func(q *Position, a Move) bool { return !hits(q, a).empty() },
		func(q, r *Position, a, b Move) bool {
			return hits(q, a).has(b.From()) && q.board[b.From()].Kind() != General &&
				attacksFrom(r.board[a.From()], a.From(), r.occupied()).has(b.To())
		})
}

// checkLoop builds a loop in which the side to move in p checks with a move, the other side
// answers, and both step back, the step back checking too: a perpetual check, met by a
// reply that may itself check or chase. nil when p has none.
func checkLoop(rng *rand.Rand, p Position) []Move {
	return twoMoveLoop(rng, p,
		func(q *Position, a Move) bool { return q.check },
		func(q, r *Position, a, b Move) bool { return r.check })
}

// sharpLoop reports whether one side, with every move of the loop from p, gives check or
// newly attacks an enemy piece other than the general (a test independent of the chase rules,
// to pick loops worth asking about).
func sharpLoop(p Position, loop []Move) bool {
	sharp := [2]bool{true, true}
	attacks := func(q *Position, c Color) set {
		var b set
		occ := q.occupied()
		for x := set(q.occ[c]); !x.empty(); {
			s := x.pop()
			b = b.or(attacksFrom(q.board[s], s, occ))
		}
		return b.and(set(q.occ[c^1])).minus(single(q.general[c^1]))
	}
	for _, m := range loop {
		c := p.turn
		before := attacks(&p, c)
		p.Make(m)
		if !p.check && attacks(&p, c).minus(before).empty() {
			sharp[c] = false
		}
	}
	return sharp[Red] || sharp[Black]
}

// loopKind sorts a judged loop for the report: "check" when a side checked with every move,
// "chase" when either rule set gives a decisive result without that, else "idle".
func loopKind(g *Game, ours, theirs string) string {
	checks := [2]bool{true, true}
	p := g.Start()
	for _, m := range g.Moves() {
		c := p.turn
		p.Make(m)
		checks[c] = checks[c] && p.check
	}
	switch {
	case checks[Red] || checks[Black]:
		return "check"
	case ours != "1/2-1/2" || theirs != "1/2-1/2":
		return "chase"
	}
	return "idle"
}

// outsideReach names, for the known differences, where Fairy-Stockfish's chase test lets an
// elephant or advisor reach beyond its ground in some position of g: an elephant on the
// river's edge with a free eye toward an enemy piece across the river (a threat there), or an
// advisor on the palace's edge diagonally next to a piece of its side outside the palace (a
// protection there, lost when the advisor is pinned). Neither piece can go there, so by the
// rules (and ours) it neither threatens nor protects anything there. "" if none.
func outsideReach(g *Game) string {
	for ply := 0; ply <= g.Ply(); ply++ {
		p := g.PositionAt(ply)
		for s := Square(0); s < NumSquares; s++ {
			pc := p.board[s]
			for _, df := range []int{-1, 1} {
				for _, dr := range []int{-1, 1} {
					f, r := s.File()+df, s.Rank()+dr
					switch pc.Kind() {
					case Elephant:
						if eye, t := SquareOf(f, r), SquareOf(f+df, r+dr); onBoard(f+df, r+dr) && !sameHalf(s.Rank(), r+dr) &&
							p.board[eye] == NoPiece && p.board[t] != NoPiece && p.board[t].Color() != pc.Color() {
							return "an elephant over the river"
						}
					case Advisor:
						if t := SquareOf(f, r); onBoard(f, r) && !inPalace(f, r) && p.board[t] != NoPiece && p.board[t].Color() == pc.Color() {
							return "an advisor outside the palace"
						}
					}
				}
			}
		}
	}
	return ""
}

// TestOracleRepetitionLoops: random repetition loops (randomLoop, chaseLoop and checkLoop,
// played until the position occurs a third time) ruled by Game.Result and by the oracle.
// QIPAN_REPETITION_LOOPS sets how many (200 by default, a few seconds; 5,000+ for the long
// run the package doc gives); the agreement on loops with a perpetual check, on the others
// that either side rules a chase, and on idle ones is logged. A difference fails the test
// unless it is a known one (the package doc explains each).
func TestOracleRepetitionLoops(t *testing.T) {
	t.Parallel()
	n := envInt(t, "QIPAN_REPETITION_LOOPS", 200)
	o := startOracle(t)
	seed := testSeed(t)
	rng := rand.New(rand.NewPCG(seed, 3))
	type loop struct {
		fen   string
		moves []Move
		where string
	}
	agree := map[string]int{}
	total := map[string]int{}
	known := map[string]int{}
	shown := 0
	for done := 0; done < n; {
		var batch []loop
		var reqs []oracleReq
		for len(batch) < oracleBatch && done+len(batch) < n {
			start := oracleStarts[rng.IntN(len(oracleStarts))]
			p, _ := ParseFEN(start)
			q := *p
			randomLine(rng, &q, 80)
			if q.Status() != Ongoing {
				continue
			}
			var cycle []Move
			switch rng.IntN(5) {
			case 0, 1:
				cycle = chaseLoop(rng, q)
			case 2:
				cycle = checkLoop(rng, q)
			default:
				cycle = randomLoop(rng, q)
			}
			if cycle == nil || (!sharpLoop(q, cycle) && rng.IntN(10) != 0) {
				continue // most loops where nobody threatens anything throughout are left out
			}
			f := strings.Fields(q.FEN())
			f[4] = "0" // keep the move-limit rules out of it
			fen := strings.Join(f, " ")
			moves := append(append([]Move(nil), cycle...), cycle...)
			batch = append(batch, loop{fen, moves, fmt.Sprintf("%s moves %s", fen, joinMoves(moves))})
			reqs = append(reqs, oracleReq{Game: "xiangqi", FEN: fen, Moves: joinMoves(moves), Ask: "state"})
		}
		answers, errs := o.askAll(reqs)
		for i, l := range batch {
			if errs[i] != nil {
				t.Fatalf("%s: %v", l.where, errs[i])
			}
			p, err := ParseFEN(l.fen)
			if err != nil {
				t.Fatal(err)
			}
			g := NewGame(p)
			for _, m := range l.moves {
				if err := g.Play(m); err != nil {
					t.Fatalf("%s: %v", l.where, err)
				}
			}
			r := g.Result()
			kind := loopKind(g, r.String(), answers[i].Result)
			total[kind]++
			switch {
			case r.String() == answers[i].Result:
				agree[kind]++
			case outsideReach(g) != "":
				known[kind]++
				t.Logf("known difference (%s): %s loop %s: ours %s, the oracle %s", outsideReach(g), kind, l.where, r, answers[i].Result)
			case shown < 20:
				shown++
				t.Errorf("%s loop %s: ours %s (%s), the oracle %s", kind, l.where, r, r.Reason(), answers[i].Result)
			}
		}
		done += len(batch)
	}
	for _, k := range []string{"check", "chase", "idle"} {
		t.Logf("%s loops: %d of %d agree with the oracle, %d known differences", k, agree[k], total[k], known[k])
	}
}
