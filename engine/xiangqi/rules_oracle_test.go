package xiangqi

import (
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
