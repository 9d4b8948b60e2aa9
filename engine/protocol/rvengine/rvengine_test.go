package rvengine_test

import (
	"context"
	"fmt"
	"math/rand"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"weak"

	"qipan/engine/protocol"
	"qipan/engine/protocol/protocoltest"
	"qipan/engine/protocol/rvengine"
	"qipan/engine/reversi"
	"qipan/engine/reversi/book"
	"qipan/engine/reversi/search"
)

// script runs lines through a protocol connection to a fresh adapter (seeded) and returns the
// output, waiting for searches to finish.
func script(lines ...string) []string {
	return protocoltest.Run(rvengine.New(protocol.WithSeed(7)), lines...)
}

func bestmove(t *testing.T, out []string) string {
	t.Helper()
	for _, l := range out {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "bestmove" {
			return f[1]
		}
		if l == "nobestmove" {
			return "nobestmove"
		}
	}
	t.Fatalf("no bestmove in %q", out)
	return ""
}

func errors(out []string) []string {
	var e []string
	for _, l := range out {
		if strings.HasPrefix(l, "info string error: ") {
			e = append(e, l)
		}
	}
	return e
}

// Boards used below (a1..h8, side to move).
const (
	// After f5 d6 c3 d3 c4 f4 c5 b3 c2 (a common opening).
	midgame = "startpos moves f5 d6 c3 d3 c4 f4 c5 b3 c2"
	// White (O) must pass; Black then fills h8 and wins 45-19 (from a random game).
	mustPass = "XXXXXXXXXXXOOOXXXXXXXXOXXXOXXOOXXXXXXXOXXXOXOXXXXOXXXOOXOOOOOOO- O"
	// Full of black but one square: over.
	over = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX- O"
	// FFO #40: Black a2 wins by 38.
	ffo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"
)

func TestSetPosition(t *testing.T) {
	start := reversi.Start()
	afterF5 := start
	afterF5.Make(reversi.MoveAt(reversi.SquareOf(5, 4)))
	pass, _ := reversi.ParseBoard(mustPass)
	passed := *pass
	passed.Make(reversi.Pass)
	tests := []struct {
		name, fen string
		moves     []string
		want      reversi.Position // when no error
		err       string           // part of the error
	}{
		{"startpos word", "startpos", nil, start, ""},
		{"empty", "", nil, start, ""},
		{"protocol startpos", protocol.StartFEN, nil, start, ""},
		{"moves", "", []string{"f5"}, afterF5, ""},
		{"upper case move", "", []string{"F5"}, afterF5, ""},
		{"board text", mustPass, nil, *pass, ""},
		{"forced pass", mustPass, []string{"pass"}, passed, ""},
		{"bad board", "XXO X", nil, reversi.Position{}, "reversi board"},
		{"xiangqi move", "", []string{"h2e2"}, reversi.Position{}, "moves[1]"},
		{"illegal move", "", []string{"f5", "a1"}, reversi.Position{}, "moves[2]"},
		{"pass not forced", "", []string{"pass"}, reversi.Position{}, "moves[1]"},
	}
	for _, tt := range tests {
		e := rvengine.New()
		e.SetPosition("", []string{"d3"}) // a position that an error must leave alone
		before := e.Position()
		err := e.SetPosition(tt.fen, tt.moves)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.err == "" && e.Position() != tt.want:
			t.Errorf("%s: position %v, want %v", tt.name, e.Position(), tt.want)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.err)
		case tt.err != "" && e.Position() != before:
			t.Errorf("%s: the position changed on error", tt.name)
		}
	}
}

func TestFirstToMove(t *testing.T) {
	for _, tt := range []struct {
		fen   string
		moves []string
		want  bool
	}{
		{"startpos", nil, true},
		{"startpos", []string{"f5"}, false},
		{mustPass, nil, false},
		{mustPass, []string{"pass"}, true},
	} {
		e := rvengine.New()
		if err := e.SetPosition(tt.fen, tt.moves); err != nil {
			t.Fatal(err)
		}
		if got := e.FirstToMove(); got != tt.want {
			t.Errorf("%s %v: FirstToMove %v, want %v", tt.fen, tt.moves, got, tt.want)
		}
	}
}

var infoLine = regexp.MustCompile(`^info depth \d+( multipv \d+)? score cp -?\d+ nodes \d+ time \d+( nps \d+)? pv [a-h][1-8]( ([a-h][1-8]|pass))*$`)

// TestGo checks bestmove and the info lines for each kind of limit and position.
func TestGo(t *testing.T) {
	legalAfter := func(pos string) []string {
		e := rvengine.New()
		f := strings.Fields(pos)
		var err error
		if f[0] == "startpos" {
			err = e.SetPosition("", f[min(2, len(f)):])
		} else {
			err = e.SetPosition(pos, nil)
		}
		if err != nil {
			t.Fatal(err)
		}
		p := e.Position()
		var out []string
		for _, m := range p.LegalMoves() {
			out = append(out, m.String())
		}
		return out
	}
	tests := []struct {
		name  string
		lines []string
		want  []string // allowed bestmoves ("legal" expands to the legal moves of pos)
		pos   string
		infos bool // info lines expected
	}{
		{"depth", []string{"uci", "position startpos", "go depth 3"}, nil, "startpos", true},
		{"nodes", []string{"uci", "position " + midgame, "go nodes 2000"}, nil, midgame, true},
		{"movetime", []string{"uci", "position " + midgame, "go movetime 50"}, nil, midgame, true},
		{"clock", []string{"uci", "position " + midgame, "go wtime 1000 btime 1000 winc 10 binc 10"}, nil, midgame, true},
		{"level 1", []string{"uci", "setoption name Skill Level value 1", "position " + midgame, "go depth 5"}, nil, midgame, true},
		{"level 5", []string{"setoption level 5", "position " + midgame, "go"}, nil, midgame, true},
		{"forced pass", []string{"uci", "position fen " + mustPass, "go depth 3"}, []string{"pass"}, "", false},
		{"over UCI", []string{"uci", "position fen " + over, "go depth 3"}, []string{"(none)"}, "", false},
		{"over UCCI", []string{"ucci", "position fen " + over, "go depth 3"}, []string{"nobestmove"}, "", false},
	}
	for _, tt := range tests {
		out := script(tt.lines...)
		if e := errors(out); len(e) > 0 {
			t.Errorf("%s: errors %q", tt.name, e)
		}
		want := tt.want
		if want == nil {
			want = legalAfter(tt.pos)
		}
		if got := bestmove(t, out); !slices.Contains(want, got) {
			t.Errorf("%s: bestmove %s, want one of %q (output %q)", tt.name, got, want, out)
		}
		n := 0
		for _, l := range out {
			if strings.HasPrefix(l, "info depth") {
				n++
				if strings.Contains(strings.Join(tt.lines, " "), "uci") && !strings.Contains(strings.Join(tt.lines, " "), "ucci") && !infoLine.MatchString(l) {
					t.Errorf("%s: info line %q is not of the documented form", tt.name, l)
				}
			}
		}
		if tt.infos != (n > 0) {
			t.Errorf("%s: %d info lines (want some: %v): %q", tt.name, n, tt.infos, out)
		}
	}
}

// TestGoInfiniteStop: an infinite search runs until stop, then answers a legal move.
func TestGoInfiniteStop(t *testing.T) {
	s := protocoltest.NewRecorder(rvengine.New())
	s.Handle("position " + midgame)
	s.Handle("go infinite")
	time.Sleep(50 * time.Millisecond)
	s.Handle("stop")
	if !slices.ContainsFunc(s.Lines(), func(l string) bool { return strings.HasPrefix(l, "bestmove ") }) {
		t.Fatalf("no bestmove after stop: %q", s.Lines())
	}
}

// randomEndgame plays random moves from the start until n squares are empty.
func randomEndgame(seed int64, n int) (string, []string) {
	r := rand.New(rand.NewSource(seed))
	for {
		p := reversi.Start()
		var moves []string
		for p.Empties() > n && p.Status() != reversi.Over {
			l := p.LegalMoves()
			m := l[r.Intn(len(l))]
			p.Make(m)
			moves = append(moves, m.String())
		}
		if p.Status() == reversi.Ongoing {
			return p.String(), moves
		}
	}
}

// TestExact: go depth ≥ empties solves exactly; the score is 100 × the solver's disc count,
// marked by "info string exact" on the next line.
func TestExact(t *testing.T) {
	type tc struct {
		board string
		want  int    // discs
		best  string // "" = any move reaching want
	}
	tests := []tc{{ffo40, 38, "a2"}}
	if testing.Short() {
		tests = nil
	}
	for seed := int64(1); seed <= 4; seed++ {
		b, _ := randomEndgame(seed, 12)
		p, _ := reversi.ParseBoard(b)
		v, _ := search.NewSolver(16).Solve(p, -64, 64, nil)
		tests = append(tests, tc{board: b, want: v})
	}
	for _, tt := range tests {
		out := script("uci", "position fen "+tt.board, "go depth 60")
		i := slices.IndexFunc(out, func(l string) bool { return strings.HasPrefix(l, "info depth") })
		if i < 0 || i+1 >= len(out) || out[i+1] != "info string exact" {
			t.Errorf("%s: no info line followed by \"info string exact\": %q", tt.board, out)
			continue
		}
		if !strings.Contains(out[i], fmt.Sprintf(" score cp %d ", 100*tt.want)) {
			t.Errorf("%s: %q, want score cp %d", tt.board, out[i], 100*tt.want)
		}
		best := bestmove(t, out)
		if tt.best != "" && best != tt.best {
			t.Errorf("%s: bestmove %s, want %s", tt.board, best, tt.best)
		}
		// the move must reach the score
		p, _ := reversi.ParseBoard(tt.board)
		m, err := reversi.ParseMove(best)
		if err != nil || p.Play(m) != nil {
			t.Fatalf("%s: bestmove %s is not legal", tt.board, best)
		}
		if v, _ := search.NewSolver(16).Solve(p, -64, 64, nil); -v != tt.want {
			t.Errorf("%s: bestmove %s reaches %d, not %d", tt.board, best, -v, tt.want)
		}
	}
}

// TestLevelSearchMarksSolves: at full strength, the level's own search solves near the end
// and marks it too (win/loss/draw or exact).
func TestLevelSearchMarksSolves(t *testing.T) {
	b, _ := randomEndgame(9, 14)
	out := script("uci", "position fen "+b, "go movetime 5000")
	if !slices.ContainsFunc(out, func(l string) bool { return l == "info string exact" || l == "info string wld" }) {
		t.Errorf("no marked solve in %q", out)
	}
}

func TestMultiPV(t *testing.T) {
	e := rvengine.New()
	if err := e.SetPosition("", strings.Fields(midgame)[2:]); err != nil {
		t.Fatal(err)
	}
	p := e.Position()
	nLegal := len(p.LegalMoves())
	endB, _ := randomEndgame(3, 10)
	ep, _ := reversi.ParseBoard(endB)
	for _, tt := range []struct {
		name, pos, multipv string
		lines              int
		exact              bool
	}{
		{"three", "position " + midgame, "3", 3, false},
		{"all", "position " + midgame, "64", nLegal, false},
		{"endgame all exact", "position fen " + endB, "64", len(ep.LegalMoves()), true},
	} {
		out := script("uci", "setoption name MultiPV value "+tt.multipv, tt.pos, "go depth 4")
		// the final block: the last line of each multipv rank
		last := map[int]string{}
		for _, l := range out {
			f := strings.Fields(l)
			if i := slices.Index(f, "multipv"); i >= 0 {
				k, _ := strconv.Atoi(f[i+1])
				last[k] = l
			}
		}
		if len(last) != tt.lines {
			t.Errorf("%s: %d multipv ranks, want %d: %q", tt.name, len(last), tt.lines, out)
			continue
		}
		prev, moves := 1<<30, map[string]bool{}
		for k := 1; k <= tt.lines; k++ {
			f := strings.Fields(last[k])
			score, _ := strconv.Atoi(f[slices.Index(f, "cp")+1])
			if score > prev {
				t.Errorf("%s: multipv %d scores %d above rank %d's %d", tt.name, k, score, k-1, prev)
			}
			prev = score
			moves[f[slices.Index(f, "pv")+1]] = true
		}
		if len(moves) != tt.lines {
			t.Errorf("%s: the lines do not score %d different moves: %v", tt.name, tt.lines, last)
		}
		if exact := slices.Contains(out, "info string exact"); exact != tt.exact {
			t.Errorf("%s: marked exact %v, want %v", tt.name, exact, tt.exact)
		}
		if f := strings.Fields(last[1]); bestmove(t, out) != f[slices.Index(f, "pv")+1] {
			t.Errorf("%s: bestmove is not multipv 1's move: %q", tt.name, out)
		}
	}
}

func TestPerft(t *testing.T) {
	pass, _ := reversi.ParseBoard(mustPass)
	start := reversi.Start()
	for _, tt := range []struct {
		pos   string
		p     reversi.Position
		depth int
	}{
		{"position startpos", start, 1},
		{"position startpos", start, 5},
		{"position fen " + mustPass, *pass, 1},
		{"position fen " + mustPass, *pass, 3},
	} {
		out := script(tt.pos, fmt.Sprintf("go perft %d", tt.depth))
		moves, counts := reversi.PerftDivide(&tt.p, tt.depth)
		var want []string
		for i, m := range moves {
			want = append(want, fmt.Sprintf("%v: %d", m, counts[i]))
		}
		want = append(want, fmt.Sprintf("Nodes searched: %d", reversi.Perft(&tt.p, tt.depth)))
		if !slices.Equal(out, want) {
			t.Errorf("%s perft %d: %q, want %q", tt.pos, tt.depth, out, want)
		}
	}
	protocoltest.PerftStops(t, rvengine.New(), 20)
}

func TestBadLines(t *testing.T) {
	for _, tt := range []struct {
		line, err string
	}{
		{"position fen XXO X", "position: reversi board"},
		{"position startpos moves f5 f5", "position: moves[2]"},
		{"position startpos moves h2e2", "position: moves[1]"},
		{"setoption name Skill Level value 0", "bad level"},
		{"setoption level 11", "bad level"},
		{"setoption name MultiPV value 65", "bad count"},
		{"setoption multipv x", "bad count"},
		{"setoption name Evaluation value neural", "want level, hand or pattern"},
		{"setoption name ProbCut value maybe", "want true or false"},
	} {
		out := script("position startpos moves f5", tt.line, "go perft 1")
		if e := errors(out); len(e) != 1 || !strings.Contains(e[0], tt.err) {
			t.Errorf("%q: errors %q, want one containing %q", tt.line, e, tt.err)
		}
		// nothing changed: still the position after f5 (3 replies)
		if !slices.Contains(out, "Nodes searched: 3") {
			t.Errorf("%q: the position changed: %q", tt.line, out)
		}
	}
}

func TestBench(t *testing.T) {
	var sigs []string
	for range 2 {
		out := script("setoption level 1", "bench 4")
		i := slices.IndexFunc(out, func(l string) bool { return strings.HasPrefix(l, "Nodes searched: ") })
		if i != len(rvengine.BenchBoards) {
			t.Fatalf("bench 4: %q, want a line per board then the nodes", out)
		}
		sigs = append(sigs, out[i])
	}
	if sigs[0] != sigs[1] || sigs[0] == "Nodes searched: 0" {
		t.Errorf("bench signatures %q differ or are empty", sigs)
	}
}

// TestOptions: the options listed are the ones that set.
func TestOptions(t *testing.T) {
	out := script("uci")
	for _, want := range []string{
		"option name Skill Level type spin min 1 max 10 default 10",
		"option name MultiPV type spin min 1 max 64 default 1",
		"option name Evaluation type combo default level var level var hand var pattern",
		"option name ProbCut type check default true",
	} {
		if !slices.Contains(out, want) {
			t.Errorf("uci: no %q in %q", want, out)
		}
	}
}

func TestSolveLevel(t *testing.T) {
	ms := time.Millisecond
	for _, tt := range []struct {
		t    time.Duration
		want int
	}{{ms, 6}, {99 * ms, 6}, {100 * ms, 8}, {399 * ms, 8}, {400 * ms, 9}, {1499 * ms, 9}, {1500 * ms, 10}, {time.Minute, 10}} {
		if got := rvengine.SolveLevel(tt.t); got != tt.want {
			t.Errorf("solveLevel(%v) = %d, want %d", tt.t, got, tt.want)
		}
	}
}

// TestHashSize: hashsize sizes the midgame and endgame tables together (0 = the default);
// they are made at the first search and gone after Release, for the GC too. An exact solve
// works in the smallest tables, and bench's signature does not depend on the size.
func TestHashSize(t *testing.T) {
	const mb = 1 << 20
	// FFO #40 after four moves: 16 empties, solved in a blink but with the table at work
	p, err := reversi.ParseBoard("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")
	if err != nil {
		t.Fatal(err)
	}
	for range 4 {
		p.Make(p.LegalMoves()[0])
	}
	q := *p
	want, _ := search.NewSolver(16).Solve(&q, -64, 64, nil)
	var sig uint64
	for _, tt := range []struct {
		value string
		want  int
	}{{"", search.DefaultHashMB * mb}, {"0", search.DefaultHashMB * mb}, {"1", 1 * mb}, {"3", 2 * mb}, {"64", 64 * mb}} {
		e := rvengine.New()
		if tt.value != "" {
			if err := e.SetOption("hashsize", tt.value); err != nil {
				t.Fatal(err)
			}
		}
		if n := e.TableBytes(); n != 0 {
			t.Errorf("hashsize %q: %d bytes before the first search, want 0", tt.value, n)
		}
		if err := e.SetPosition(p.String(), nil); err != nil {
			t.Fatal(err)
		}
		var last protocol.Info
		r := e.Search(context.Background(), protocol.Limits{Depth: 60}, func(i protocol.Info) { last = i })
		if r.Best == "" || last.Score != want*100 || last.Note != "exact" {
			t.Errorf("hashsize %q: %v solved as %s %+d (%s), want %+d exact", tt.value, p, r.Best, last.Score, last.Note, want*100)
		}
		if n := e.TableBytes(); n != tt.want {
			t.Errorf("hashsize %q: tables of %d bytes, want %d", tt.value, n, tt.want)
		}
		n, err := e.Bench(context.Background(), 4, func(string) {})
		if err != nil || sig != 0 && n != sig {
			t.Errorf("hashsize %q: bench 4 = %d, %v; with the default size %d", tt.value, n, err, sig)
		}
		sig = n
		if e.Searcher() == nil {
			e.Search(context.Background(), protocol.Limits{Depth: 2}, nil)
		}
		gone := weak.Make(e.Searcher())
		e.Release()
		if n := e.TableBytes(); n != 0 || gone.Value() != nil {
			t.Errorf("hashsize %q: after Release %d bytes, searcher collected: %v", tt.value, n, gone.Value() == nil)
		}
	}
	if err := rvengine.New().SetOption("hashsize", "2000"); err == nil || !strings.Contains(err.Error(), "0..1024") {
		t.Errorf("hashsize 2000: error %v, want one naming 0..1024", err)
	}
}

// TestMultiPVLines: the final multipv block reports each line's whole PV (legal from the
// position, first move the line's own), all of the last depth the search finished; line 1 is
// that depth's best line as the search reported it while deepening. Before, the block gave
// each line its first move alone, so the page's analysis showed one move a line. Node and
// depth limits, so that the search is the same at every run.
func TestMultiPVLines(t *testing.T) {
	endB, _ := randomEndgame(3, 10)
	mid := strings.Fields(midgame)[2:]
	for _, tt := range []struct {
		name   string
		fen    string // "" for the initial position
		moves  []string
		lim    protocol.Limits
		lines  int
		minLen int  // the shortest PV wanted for every line
		exact  bool // an endgame solve: no depths before the block, which is marked exact
	}{
		{"start depth 6", "", nil, protocol.Limits{Depth: 6}, 3, 6, false},
		{"midgame depth 8", "", mid, protocol.Limits{Depth: 8}, 3, 8, false},
		{"midgame cut by nodes", "", mid, protocol.Limits{Nodes: 40000}, 4, 2, false},
		{"endgame exact", endB, nil, protocol.Limits{Depth: 4}, 3, 2, true},
	} {
		e := rvengine.New(protocol.WithSeed(7))
		if err := e.SetOption("multipv", strconv.Itoa(tt.lines)); err != nil {
			t.Fatal(err)
		}
		if err := e.SetPosition(tt.fen, tt.moves); err != nil {
			t.Fatal(err)
		}
		var infos []protocol.Info
		res := e.Search(context.Background(), tt.lim, func(i protocol.Info) { infos = append(infos, i) })
		if len(infos) < tt.lines {
			t.Fatalf("%s: %d info lines, want at least %d: %+v", tt.name, len(infos), tt.lines, infos)
		}
		final, deepening := infos[len(infos)-tt.lines:], infos[:len(infos)-tt.lines]
		p0 := e.Position()
		depth, note := p0.Empties(), "exact"
		if !tt.exact {
			if len(deepening) == 0 {
				t.Fatalf("%s: no line while deepening: %+v", tt.name, infos)
			}
			last := deepening[len(deepening)-1]
			if tt.lim.Nodes > 0 && final[0].Nodes <= last.Nodes {
				t.Errorf("%s: the search was not cut after depth %d (%d nodes then, %d in all)", tt.name, last.Depth, last.Nodes, final[0].Nodes)
			}
			if f := final[0]; f.Score != last.Score || !slices.Equal(f.PV, last.PV) {
				t.Errorf("%s: line 1 score %d pv %q, want the last depth's line: score %d pv %q", tt.name, f.Score, f.PV, last.Score, last.PV)
			}
			depth, note = last.Depth, ""
		}
		if res.Best != final[0].PV[0] {
			t.Errorf("%s: bestmove %s, line 1 starts %s", tt.name, res.Best, final[0].PV[0])
		}
		firsts := map[string]bool{}
		for k, f := range final {
			if f.MultiPV != k+1 || f.Depth != depth || f.Note != note {
				t.Errorf("%s: line %d is multipv %d depth %d note %q, want multipv %d depth %d note %q", tt.name, k+1, f.MultiPV, f.Depth, f.Note, k+1, depth, note)
			}
			if len(f.PV) < tt.minLen {
				t.Errorf("%s: line %d pv %q, want at least %d moves", tt.name, k+1, f.PV, tt.minLen)
			}
			if len(f.PV) > 0 {
				firsts[f.PV[0]] = true
			}
			p := e.Position()
			for i, s := range f.PV {
				m, err := reversi.ParseMove(s)
				if err == nil {
					err = p.Play(m)
				}
				if err != nil {
					t.Errorf("%s: line %d pv %q: move %d: %v", tt.name, k+1, f.PV, i+1, err)
					break
				}
			}
		}
		if len(firsts) != tt.lines {
			t.Errorf("%s: the lines do not start with %d different moves: %+v", tt.name, tt.lines, final)
		}
	}
}

// TestBook: with the shipped book, a position in it is answered from the book (an info line of
// the book's depth and value, then `info string book`) at every level, the best move from
// bookBestFrom, a choice among the moves within a few discs below it that depends on the seed
// only; OwnBook false, go depth, an infinite search and MultiPV above 1 search instead.
func TestBook(t *testing.T) {
	bk, err := book.Default()
	if err != nil {
		t.Fatal(err)
	}
	start := reversi.Start()
	e, ok := bk.Lookup(&start)
	if !ok {
		t.Skip("the shipped book is empty")
	}
	isBook := func(out []string) bool { return slices.Contains(out, "info string book") }
	out := script("uci", "position startpos", "go movetime 5000")
	if !isBook(out) || bestmove(t, out) != e.Best().Move.String() {
		t.Errorf("level 10: %q, want the book's %v", out, e.Best().Move)
	}
	for _, l := range out {
		if strings.HasPrefix(l, "info depth") && !infoLine.MatchString(l) {
			t.Errorf("book info line %q is not of the documented form", l)
		}
	}
	for _, lines := range [][]string{
		{"uci", "setoption name OwnBook value false", "position startpos", "go nodes 1000"},
		{"uci", "position startpos", "go depth 2"},
		{"uci", "setoption name MultiPV value 2", "position startpos", "go nodes 1000"},
	} {
		if out := script(lines...); isBook(out) {
			t.Errorf("%q: answered from the book: %q", lines, out)
		}
	}
	s := protocoltest.NewRecorder(rvengine.New())
	s.Handle("position startpos")
	s.Handle("go infinite")
	time.Sleep(20 * time.Millisecond)
	s.Handle("stop")
	if isBook(s.Lines()) {
		t.Errorf("go infinite answered from the book")
	}
	// The weak levels: the same seed plays the same moves; over seeds, the moves stay within
	// the variety window of the book's best.
	line := func(seed uint64) string {
		a := rvengine.New(protocol.WithSeed(seed))
		if err := a.SetOption("level", "3"); err != nil {
			t.Fatal(err)
		}
		var moves []string
		for range 6 {
			if err := a.SetPosition("startpos", moves); err != nil {
				t.Fatal(err)
			}
			p := a.Position()
			en, ok := bk.Lookup(&p)
			if !ok {
				break
			}
			r := a.Search(context.Background(), protocol.Limits{Nodes: 1000}, nil)
			i := slices.IndexFunc(en.Moves[:en.N], func(m book.Move) bool { return m.Move.String() == r.Best })
			if i < 0 || en.Best().Value-en.Moves[i].Value > min(rvengine.BookVariety, bk.Window) {
				t.Fatalf("seed %d after %q: %s, not within the window of %+v", seed, moves, r.Best, en.Moves[:en.N])
			}
			moves = append(moves, r.Best)
		}
		return strings.Join(moves, " ")
	}
	lines := map[string]bool{}
	for seed := range uint64(8) {
		l := line(seed)
		if l != line(seed) {
			t.Errorf("seed %d: two lines", seed)
		}
		lines[l] = true
	}
	t.Logf("%d lines from 8 seeds", len(lines))
}
