package mate

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
)

func mustFEN(t testing.TB, fen string) *xiangqi.Position {
	t.Helper()
	p, err := xiangqi.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// checkLine replays a proof's PV: legal moves ending with the defender without a legal move,
// the attacker's at most n of them (attacker first when it is to move at the root; the
// defender's replies in the PV are the longest the table knows, so the line may be shorter).
func checkLine(t *testing.T, pos *xiangqi.Position, r Result, attackerFirst bool) {
	t.Helper()
	p := *pos
	most, parity := 2*r.Moves-1, 1
	if !attackerFirst {
		most, parity = most+1, 0
	}
	if len(r.PV) > most || len(r.PV)%2 != parity {
		t.Errorf("PV %v: %d moves, want at most %d for mate in %d", r.PV, len(r.PV), most, r.Moves)
	}
	for i, m := range r.PV {
		if !p.IsLegal(m) {
			t.Fatalf("PV %v: move %d (%v) is illegal", r.PV, i+1, m)
		}
		p.Make(m)
	}
	var ml xiangqi.MoveList
	p.GenerateLegal(&ml)
	if ml.N != 0 {
		t.Errorf("PV %v does not end in mate", r.PV)
	}
}

// The known answers: a mate in 1 built by hand (the chariot takes the d-file, the facing
// generals close the e-file), the shortest mates of the classical manuals (index of
// cmd/qipan-puzzles, confirmed there by the engine's search and a proof on the board).
var known = []struct {
	name  string
	fen   string
	moves int
	first []string // the moves that mate in that many
}{
	{"chariot", "3k5/9/9/9/9/9/9/9/6R2/4K4 w - - 0 1", 1, []string{"g1d1"}},
	{"梦入神机 42", "5kc1c/1C2P4/b4N3/4P4/9/9/9/9/4p3r/2RK5 w - - 0 1", 2, []string{"c0c9", "e8e9"}},
	{"适情雅趣 13", "4k4/3P2P2/b2N2R2/7r1/2b6/9/9/3n5/4p3r/2R2K3 w - - 0 1", 3, []string{"g7e7"}},
	{"梦入神机 1", "1RN1k4/3P3rC/6n2/9/9/9/9/4p4/3p5/c1rAK4 w - - 0 1", 3, []string{"d8e8"}},
	{"适情雅趣 66", "1rbak3r/1N1Ra4/cR2b1N2/9/9/9/9/9/5p3/4K4 w - - 0 1", 3, []string{"d8d9"}},
	{"Black to move", "4k4/6r2/9/9/9/9/9/9/9/3K5 b - - 0 1", 1, []string{"g8d8"}},
}

func TestSolveKnown(t *testing.T) {
	s := New(4)
	for _, c := range known {
		t.Run(c.name, func(t *testing.T) {
			pos := mustFEN(t, c.fen)
			r := s.Solve(context.Background(), pos, nil, Limits{Nodes: 1_000_000})
			if r.Status != Proven || r.Moves != c.moves {
				t.Fatalf("%v in %d, want proven in %d", r.Status, r.Moves, c.moves)
			}
			ok := false
			for _, f := range c.first {
				ok = ok || r.Best.String() == f
			}
			if !ok {
				t.Errorf("first move %v, want one of %v", r.Best, c.first)
			}
			checkLine(t, pos, r, true)

			// The defender's view after the first move: mated in one move fewer, at best.
			after := *pos
			after.Make(r.Best)
			d := s.Defend(context.Background(), &after, nil, Limits{Nodes: 1_000_000})
			if d.Status != Proven || d.Moves != c.moves-1 {
				t.Fatalf("Defend after %v: %v in %d, want proven in %d", r.Best, d.Status, d.Moves, c.moves-1)
			}
			if c.moves > 1 {
				checkLine(t, &after, d, false)
			}
		})
	}
}

// TestDefendLongest: Defend's reply is the one whose shortest mate is longest, checked reply
// by reply with Solve; and a defender with a way out is not proven mated.
func TestDefendLongest(t *testing.T) {
	s := New(4)
	for _, c := range known {
		if c.moves < 3 {
			continue
		}
		pos := mustFEN(t, c.fen)
		first, _ := xiangqi.ParseMove(c.first[0])
		pos.Make(first)
		d := s.Defend(context.Background(), pos, nil, Limits{Nodes: 1_000_000})
		if d.Status != Proven {
			t.Fatalf("%s: %v", c.name, d.Status)
		}
		longest := 0
		for _, m := range pos.LegalMoves() {
			q := *pos
			q.Make(m)
			r := New(4).Solve(context.Background(), &q, nil, Limits{Nodes: 1_000_000})
			if r.Status != Proven {
				t.Fatalf("%s: after %v no mate: %v", c.name, m, r.Status)
			}
			if m == d.Best && r.Moves != d.Moves {
				t.Errorf("%s: Defend's %v is mated in %d, Defend says %d", c.name, m, r.Moves, d.Moves)
			}
			longest = max(longest, r.Moves)
		}
		if longest != d.Moves {
			t.Errorf("%s: the longest defence is mated in %d, Defend says %d", c.name, longest, d.Moves)
		}
	}
	// Black to move with a chariot of its own, not mated by checks.
	pos := mustFEN(t, "4k4/9/9/9/r8/9/9/9/6R2/3K5 b - - 0 1")
	if d := s.Defend(context.Background(), pos, nil, Limits{Nodes: 100_000}); d.Status == Proven {
		t.Errorf("bare king to move against a chariot: %v in %d", d.Status, d.Moves)
	}
}

// TestNoMate: positions without a mate by checks are not proven; one whose checks run out
// is disproven.
func TestNoMate(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		want      Status
	}{
		{"start", xiangqi.StartFEN, Disproven},                                                // no check at all
		{"适情雅趣 20", "2bak2r1/4aP2R/2R1b4/6p1p/1Np6/P1C6/8P/9/3pr4/5K2c w - - 0 1", Disproven}, // checks, none mating
		{"chariot alone", "3k5/9/9/9/9/9/9/9/9/2R2K3 w - - 0 1", Unknown},                     // the chariot's checks only go round
	} {
		pos := mustFEN(t, c.fen)
		r := New(4).Solve(context.Background(), pos, nil, Limits{Nodes: 200_000})
		if r.Status != c.want {
			t.Errorf("%s: %v (mate in %d, %v), want %v", c.name, r.Status, r.Moves, r.PV, c.want)
		}
	}
}

// TestRepetition: a mate whose line passes a position of the game's history, the attacker
// checking throughout (a perpetual check by WXF's rules, xiangqi.Cycle's ruling), is no
// mate; nor is one the 60-move rule cuts short.
func TestRepetition(t *testing.T) {
	const fen = "4k4/3P2P2/b2N2R2/7r1/2b6/9/9/3n5/4p3r/2R2K3 w - - 10 1" // 适情雅趣 13, mate in 3 by g7e7
	pos := mustFEN(t, fen)
	s := New(4)
	r := s.Solve(context.Background(), pos, nil, Limits{})
	if r.Status != Proven || r.Moves != 3 {
		t.Fatalf("%v in %d", r.Status, r.Moves)
	}
	// The game stood at the position after the mate's first move four plies before the root
	// (with a quiet move in between): the attacker checking, the line would repeat it.
	again := *pos
	again.Make(r.Best)
	history := []uint64{1, again.Key(), 2, 3}
	r2 := s.Solve(context.Background(), pos, history, Limits{})
	if r2.Status == Proven && r2.Best == r.Best {
		t.Errorf("with the repetition: %v in %d by %v, the repeating line", r2.Status, r2.Moves, r2.PV)
	}
	// Two plies further back it is no repetition (the other side to move).
	if r3 := s.Solve(context.Background(), pos, []uint64{again.Key(), 1, 2, 3}, Limits{}); r3.Status != Proven || r3.Best != r.Best {
		t.Errorf("history with the position an odd number of plies back: %v by %v", r3.Status, r3.Best)
	}
	// Outside the 60-move window (a capture since), the same history does not count.
	pos0 := mustFEN(t, strings.Replace(fen, " 10 1", " 0 1", 1))
	if r4 := s.Solve(context.Background(), pos0, history, Limits{}); r4.Status != Proven || r4.Best != r.Best {
		t.Errorf("history before a capture: %v by %v", r4.Status, r4.Best)
	}
	// The mate in 1 after 120 plies without a capture comes too late: the game is drawn.
	for _, c := range []struct {
		clock string
		want  Status
	}{{"119", Proven}, {"120", Unknown}} {
		late := mustFEN(t, "3k5/9/9/9/9/9/9/9/6R2/4K4 w - - "+c.clock+" 1")
		if r := s.Solve(context.Background(), late, nil, Limits{}); r.Status != c.want {
			t.Errorf("mate in 1 at %s plies without a capture: %v, want %v", c.clock, r.Status, c.want)
		}
	}
}

// TestLimits: the node limit and a cancelled context stop a solve with Unknown.
func TestLimits(t *testing.T) {
	pos := mustFEN(t, "3ak4/3RaR3/4b3N/6N2/2b6/9/3pP4/B3C1n1B/2rp2r2/4K4 w - - 0 1") // 适情雅趣 21
	s := New(4)
	r := s.Solve(context.Background(), pos, nil, Limits{Nodes: 5000, Quiet: 1})
	if r.Status != Unknown || r.Nodes > 5000 {
		t.Errorf("node limit 5000: %v after %d nodes", r.Status, r.Nodes)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r := s.Solve(ctx, pos, nil, Limits{Quiet: 1}); r.Status != Unknown || r.Nodes > pollEvery {
		t.Errorf("cancelled: %v after %d nodes", r.Status, r.Nodes)
	}
}

// TestBan: a banned first move is not played; the other mate is found.
func TestBan(t *testing.T) {
	pos := mustFEN(t, "5kc1c/1C2P4/b4N3/4P4/9/9/9/9/4p3r/2RK5 w - - 0 1") // 梦入神机 42: c0c9 or e8e9
	s := New(4)
	r := s.Solve(context.Background(), pos, nil, Limits{})
	if r.Status != Proven {
		t.Fatal(r.Status)
	}
	r2 := s.Solve(context.Background(), pos, nil, Limits{Ban: []xiangqi.Move{r.Best}})
	if r2.Status != Proven || r2.Best == r.Best {
		t.Errorf("with %v banned: %v by %v", r.Best, r2.Status, r2.Best)
	}
}

// TestNoAllocPerNode: a solve of thousands of nodes allocates only its PV, by checks and with
// the proof-number search (a mate by zugzwang, one without a mate).
func TestNoAllocPerNode(t *testing.T) {
	for _, c := range []struct {
		fen   string
		quiet int
	}{
		{"2baka3/3P3N1/bN7/7nc/9/4C1P2/P5n1P/B3R3B/4Apr2/2RAK3c w - - 0 1", 0}, // 适情雅趣 1
		{"4k4/4a4/9/4P4/9/9/9/9/4A4/4K4 w - - 0 1", 1},                         // 适情雅趣 465
		{"3k5/9/9/9/9/9/9/9/9/2R2K3 w - - 0 1", 1},                             // the chariot alone
		{"3k5/9/9/9/9/9/9/9/9/4KA3 w - - 0 1", 1},                              // no mate
	} {
		pos := mustFEN(t, c.fen)
		s := New(4)
		var nodes uint64
		allocs := testing.AllocsPerRun(1, func() {
			s.Clear()
			r := s.Solve(context.Background(), pos, nil, Limits{Quiet: c.quiet, PN: c.quiet > 0, Nodes: 20_000})
			nodes = r.Nodes
		})
		if nodes < 1000 && c.quiet == 0 || allocs > 1 {
			t.Errorf("%s: %v allocations for %d nodes", c.fen, allocs, nodes)
		}
	}
}

// indexMate is a verified position of cmd/qipan-puzzles's index.
type indexMate struct {
	name, fen string
	mate      int
	first     []string
}

func readIndex(t *testing.T) []indexMate {
	data, err := os.ReadFile("../../../web/puzzles/xiangqi-classical.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var out []indexMate
	header := true
	for _, l := range strings.Split(string(data), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if header {
			header = false
			continue
		}
		f := strings.Split(l, "\t")
		n, err := strconv.Atoi(f[4])
		if len(f) != 7 || err != nil {
			t.Fatalf("index line %q", l)
		}
		im := indexMate{name: f[1] + " " + f[2], fen: f[0], mate: n, first: []string{f[5]}}
		if f[6] != "" {
			im.first = append(im.first, f[6])
		}
		out = append(out, im)
	}
	return out
}

// TestIndex: the mates of the verified index (found by the main search and proven on the
// board by cmd/qipan-puzzles) are proven, each line checked on the board. A mate shorter
// than the index's: Defend proves its first move mated in at most one move fewer. A mate
// longer than the index's is the proof-number search's, not shortened to the index's within
// the limit: at most indexLonger of them. At most indexUnproven stay unproven.
func TestIndex(t *testing.T) {
	if testing.Short() {
		t.Skip("the index's 300-odd positions")
	}
	const indexUnproven, indexLonger = 20, 12
	list := readIndex(t)
	if len(list) < 300 {
		t.Fatalf("%d positions in the index", len(list))
	}
	s := New(16)
	shorter, longer, unproven := 0, 0, 0
	for _, im := range list {
		pos := mustFEN(t, im.fen)
		r := s.Solve(context.Background(), pos, nil, Limits{Quiet: 1, PN: true, Nodes: 60_000})
		if r.Status != Proven {
			unproven++
			t.Logf("%s: mate in %d (%v): %v after %d nodes", im.name, im.mate, im.first, r.Status, r.Nodes)
			continue
		}
		checkLine(t, pos, r, true)
		if r.Moves > im.mate {
			longer++
			t.Logf("%s: mate in %d by %v, the index's in %d", im.name, r.Moves, r.Best, im.mate)
		}
		if r.Moves < im.mate {
			shorter++
			after := *pos
			after.Make(r.Best)
			d := New(4).Defend(context.Background(), &after, nil, Limits{Quiet: 1, PN: true, Nodes: 4_000_000})
			// Defend may find a shorter one: it allows a quiet move in each reply's mate of up to
			// quietReach moves, Solve in the whole mate's.
			if d.Status != Proven || d.Moves > r.Moves-1 {
				t.Errorf("%s: after %v, Defend %v in %d, want mated in at most %d", im.name, r.Best, d.Status, d.Moves, r.Moves-1)
			}
		}
	}
	if unproven > indexUnproven || longer > indexLonger {
		t.Errorf("%d of %d unproven, want at most %d; %d longer than the index's, want at most %d",
			unproven, len(list), indexUnproven, longer, indexLonger)
	}
	t.Logf("%d positions, %d unproven, %d mates shorter than the index's, %d longer", len(list), unproven, shorter, longer)
}
