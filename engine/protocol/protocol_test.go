package protocol

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeEngine is a test double: FENs need 10 ranks, the move "a0a9" is illegal, the best move is
// the first of candidates not banned, and each depth of search reports one Info. It has no
// locks, so the race detector checks that the protocol never calls it concurrently.
type fakeEngine struct {
	fen      string
	moves    []string
	newGames int
	hash     int
	level    int
	lastLim  Limits
	searches int
	gate     chan struct{} // if set, Search waits for it before returning
}

var candidates = []string{"h2e2", "b0c2", "c3c4"}

func (e *fakeEngine) NewGame() { e.newGames++ }

func (e *fakeEngine) SetPosition(fen string, moves []string) error {
	if n := strings.Count(strings.Fields(fen)[0], "/") + 1; n != 10 {
		return fmt.Errorf("bad FEN %q: %d ranks, want 10", fen, n)
	}
	for _, m := range moves {
		if m == "a0a9" {
			return fmt.Errorf("illegal move %s", m)
		}
	}
	e.fen, e.moves = fen, slices.Clone(moves)
	return nil
}

func (e *fakeEngine) Search(ctx context.Context, lim Limits, progress func(Info)) Result {
	e.lastLim, e.searches = lim, e.searches+1
	best := ""
	for _, c := range candidates {
		if !slices.Contains(lim.Ban, c) {
			best = c
			break
		}
	}
	if best == "" {
		return Result{}
	}
	for d := 1; ; d++ {
		progress(Info{Depth: d, Score: 10 * d, Nodes: uint64(100 * d), PV: []string{best, "h7e7"}})
		if lim.Depth > 0 && d >= lim.Depth || lim.Nodes > 0 && uint64(100*d) >= lim.Nodes {
			break
		}
		if !lim.Infinite && lim.Depth == 0 && lim.Nodes == 0 {
			break // clock limits: one iteration is enough here
		}
		select {
		case <-ctx.Done():
		case <-time.After(time.Millisecond):
			continue
		}
		break
	}
	if e.gate != nil {
		<-e.gate
	}
	return Result{Best: best, Ponder: "h7e7"}
}

func (e *fakeEngine) Perft(ctx context.Context, depth int, root func(string, uint64)) (uint64, error) {
	if depth >= 100 {
		<-ctx.Done()
		return 0, ctx.Err()
	}
	total := uint64(0)
	for _, m := range candidates[:2] {
		root(m, uint64(10*depth))
		total += uint64(10 * depth)
	}
	return total, nil
}

func (e *fakeEngine) Bench(ctx context.Context, depth int, progress func(string)) (uint64, error) {
	if depth == 0 {
		depth = 3
	}
	progress("info string bench 1/1")
	return uint64(1000 * depth), nil
}

// Probe knows the start position only.
func (e *fakeEngine) Probe(fen string, moves []string) (HashEntry, error) {
	if err := (&fakeEngine{}).SetPosition(fen, moves); err != nil {
		return HashEntry{}, err
	}
	if fen == StartFEN && len(moves) == 0 {
		return HashEntry{Best: "h2e2", Score: 12, Depth: 5, Lower: true, Upper: true}, nil
	}
	return HashEntry{}, nil
}

func (e *fakeEngine) Options() []Option {
	return []Option{{Name: "hashsize", Type: "spin", Min: 1, Max: 1024, Default: "16"},
		{Name: "level", UCIName: "Skill Level", Type: "spin", Min: 1, Max: 10, Default: "10"}}
}

func (e *fakeEngine) SetOption(name, value string) error {
	if name == "level" {
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > 10 {
			return fmt.Errorf("bad level %q (want 1..10)", value)
		}
		e.level = n
		return nil
	}
	if name != "hashsize" {
		return ErrUnknownOption
	}
	n, err := strconv.Atoi(value)
	if err != nil || n < 1 || n > 1024 {
		return fmt.Errorf("bad size %q (want 1..1024 MB)", value)
	}
	e.hash = n
	return nil
}

// recorder collects output lines and lets a test wait for one.
type recorder struct {
	mu    sync.Mutex
	lines []string
	ch    chan string
}

func newRecorder() *recorder { return &recorder{ch: make(chan string, 10000)} }

func (r *recorder) out(line string) {
	r.mu.Lock()
	r.lines = append(r.lines, line)
	r.mu.Unlock()
	r.ch <- line
}

func (r *recorder) all() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.lines)
}

// waitFor waits until a line starting with prefix is written.
func (r *recorder) waitFor(t *testing.T, prefix string) {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case l := <-r.ch:
			if strings.HasPrefix(l, prefix) {
				return
			}
		case <-timeout:
			t.Fatalf("no line starting with %q; got %q", prefix, r.all())
		}
	}
}

func newConn() (*Conn, *fakeEngine, *recorder) {
	e, r := &fakeEngine{}, newRecorder()
	return New(e, r.out), e, r
}

const testFEN = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"

func info(d int, best string) string {
	return fmt.Sprintf("info depth %d score %d nodes %d time 0 pv %s h7e7", d, 10*d, 100*d, best)
}

func TestCommands(t *testing.T) {
	errLine := func(s string) string { return "info string error: " + s }
	tests := []struct {
		name  string
		setup []string // lines before, whose output is ignored
		in    string
		want  []string // the output of in; a search's output up to its bestmove
		check func(t *testing.T, e *fakeEngine)
	}{
		{name: "ucci", in: "ucci", want: []string{"id name qipan", "id author the qipan authors",
			"option usemillisec type check default false", "option batch type check default false",
			"option newgame type button", "option hashsize type spin min 1 max 1024 default 16",
			"option level type spin min 1 max 10 default 10", "ucciok"}},
		{name: "uci", in: "uci", want: []string{"id name qipan", "id author the qipan authors",
			"option name hashsize type spin min 1 max 1024 default 16",
			"option name Skill Level type spin min 1 max 10 default 10", "uciok"}},
		{name: "ucci with args", in: "ucci now", want: []string{errLine(`ucci takes no arguments, got "now"`)}},
		{name: "isready", in: "isready", want: []string{"readyok"}},
		{name: "isready with args", in: "isready x", want: []string{errLine(`isready takes no arguments, got "x"`)}},
		{name: "blank line", in: "   ", want: nil},
		{name: "unknown command", in: "frobnicate 3", want: []string{errLine(`unknown command "frobnicate"`)}},
		{name: "probe", in: "probe startpos", want: []string{"pophash bestmove h2e2 lowerbound 12 depth 5 upperbound 12 depth 5"}},
		{name: "probe unknown", in: "probe startpos moves h2e2", want: []string{"pophash"}},
		{name: "probe bad", in: "probe fen 4k4/9 w", want: []string{errLine(`probe: bad FEN "4k4/9 w": 2 ranks, want 10`)}},
		{name: "probe missing", in: "probe", want: []string{errLine(`probe: missing "fen" or "startpos"`)}},
		{name: "stop while idle", in: "stop", want: []string{"nobestmove"}},
		{name: "ponderhit while idle", in: "ponderhit", want: []string{errLine("ponderhit while not pondering")}},

		{name: "position startpos", in: "position startpos", check: wantPos(StartFEN)},
		{name: "position startpos moves", in: "position startpos moves h2e2 h7e7", check: wantPos(StartFEN, "h2e2", "h7e7")},
		{name: "position fen moves", in: "position fen " + testFEN + " moves e0e1", check: wantPos(testFEN, "e0e1")},
		{name: "position fen, board only", in: "position fen 4k4/9/9/9/9/9/9/9/9/4K4", check: wantPos("4k4/9/9/9/9/9/9/9/9/4K4")},
		{name: "position empty moves", in: "position startpos moves", check: wantPos(StartFEN)},
		{name: "position missing", setup: []string{"position fen " + testFEN}, in: "position",
			want: []string{errLine(`position: missing "fen" or "startpos"`)}, check: wantPos(testFEN)},
		{name: "position fen missing", setup: []string{"position fen " + testFEN}, in: "position fen moves h2e2",
			want: []string{errLine("position fen: missing FEN")}, check: wantPos(testFEN)},
		{name: "position bad word", in: "position middle", want: []string{errLine(`position: want "fen" or "startpos", got "middle"`)}},
		{name: "position bad FEN", setup: []string{"position fen " + testFEN}, in: "position fen 4k4/9 w",
			want: []string{errLine(`position: bad FEN "4k4/9 w": 2 ranks, want 10`)}, check: wantPos(testFEN)},
		{name: "position illegal move", setup: []string{"position fen " + testFEN}, in: "position startpos moves h2e2 a0a9",
			want: []string{errLine("position: illegal move a0a9")}, check: wantPos(testFEN)},
		{name: "position moves without keyword", in: "position startpos h2e2",
			want: []string{errLine(`position: want "moves" after the position, got "h2e2"`)}},

		{name: "setoption usemillisec", in: "setoption usemillisec true"},
		{name: "setoption usemillisec bad", in: "setoption usemillisec maybe",
			want: []string{errLine(`setoption usemillisec: bad value "maybe" (want true or false)`)}},
		{name: "setoption batch missing value", in: "setoption batch",
			want: []string{errLine("setoption batch: missing value (true or false)")}},
		{name: "setoption hashsize", in: "setoption hashsize 64", check: func(t *testing.T, e *fakeEngine) { wantInt(t, "hash", e.hash, 64) }},
		{name: "setoption hashsize bad", setup: []string{"setoption hashsize 8"}, in: "setoption hashsize lots",
			want:  []string{errLine(`setoption hashsize: bad size "lots" (want 1..1024 MB)`)},
			check: func(t *testing.T, e *fakeEngine) { wantInt(t, "hash", e.hash, 8) }},
		{name: "setoption UCI Hash", in: "setoption name Hash value 32", check: func(t *testing.T, e *fakeEngine) { wantInt(t, "hash", e.hash, 32) }},
		{name: "setoption level", in: "setoption level 4", check: func(t *testing.T, e *fakeEngine) { wantInt(t, "level", e.level, 4) }},
		{name: "setoption UCI Skill Level", setup: []string{"uci"}, in: "setoption name Skill Level value 3",
			check: func(t *testing.T, e *fakeEngine) { wantInt(t, "level", e.level, 3) }},
		{name: "setoption UCI Skill Level bad", in: "setoption name skill level value 11",
			want: []string{errLine(`setoption level: bad level "11" (want 1..10)`)}},
		{name: "setoption UCI no name", in: "setoption name value 3", want: []string{errLine(`setoption: missing option name after "name"`)}},
		{name: "setoption unknown", in: "setoption knowledge large"},
		{name: "setoption missing", in: "setoption", want: []string{errLine("setoption: missing option name")}},
		{name: "setoption newgame", in: "setoption newgame", check: func(t *testing.T, e *fakeEngine) { wantInt(t, "newGames", e.newGames, 1) }},
		{name: "ucinewgame", in: "ucinewgame", check: func(t *testing.T, e *fakeEngine) { wantInt(t, "newGames", e.newGames, 1) }},

		{name: "go depth", in: "go depth 2", want: []string{info(1, "h2e2"), info(2, "h2e2"), "bestmove h2e2 ponder h7e7"}},
		{name: "go depth uci", setup: []string{"uci"}, in: "go depth 1",
			want: []string{"info depth 1 score cp 10 nodes 100 time 0 pv h2e2 h7e7", "bestmove h2e2 ponder h7e7"}},
		{name: "go nodes", in: "go nodes 250", want: []string{info(1, "h2e2"), info(2, "h2e2"), info(3, "h2e2"), "bestmove h2e2 ponder h7e7"}},
		{name: "go draw depth", in: "go draw depth 1", want: []string{info(1, "h2e2"), "bestmove h2e2 ponder h7e7"}},
		{name: "go depth 0", in: "go depth 0", want: []string{"nobestmove"}},
		{name: "go depth bad", in: "go depth x", want: []string{errLine(`go depth: bad number "x" (want a whole number ≥ 0)`)}},
		{name: "go depth negative", in: "go depth -1", want: []string{errLine(`go depth: bad number "-1" (want a whole number ≥ 0)`)}},
		{name: "go depth missing", in: "go depth", want: []string{errLine("go depth: missing value")}},
		{name: "go nodes 0", in: "go nodes 0", want: []string{errLine(`go nodes: bad number "0" (want a positive whole number)`)}},
		{name: "go unknown word", in: "go fast", want: []string{errLine(`go: unknown word "fast"`)}},
		{name: "go mate", in: "go mate 3", want: []string{info(1, "h2e2"), "bestmove h2e2 ponder h7e7"},
			check: wantLim(Limits{Mate: 3})}, // answered at once, not held as an infinite search's
		{name: "go mate movetime", in: "go mate 5 movetime 200", want: []string{info(1, "h2e2"), "bestmove h2e2 ponder h7e7"},
			check: wantLim(Limits{Mate: 5, MoveTime: 200 * time.Millisecond})},
		{name: "go mate 0", in: "go mate 0", want: []string{errLine(`go mate: bad number "0" (want a positive whole number)`)}},
		{name: "go mate missing", in: "go mate", want: []string{errLine("go mate: missing value")}},
		{name: "go time bad", in: "go time -3", want: []string{errLine(`go time: bad time "-3"`)}},
		{name: "go movetime bad", in: "go movetime NaN", want: []string{errLine(`go movetime: bad time "NaN"`)}},
		{name: "go time seconds", in: "go time 5 increment 1.5 movestogo 20 opptime 7 oppincrement 2",
			want:  []string{info(1, "h2e2"), "bestmove h2e2 ponder h7e7"},
			check: wantLim(Limits{Time: 5 * time.Second, Inc: 1500 * time.Millisecond, MovesToGo: 20, OppTime: 7 * time.Second, OppInc: 2 * time.Second})},
		{name: "go time millis", setup: []string{"setoption usemillisec true"}, in: "go time 5000 increment 100",
			want:  []string{info(1, "h2e2"), "bestmove h2e2 ponder h7e7"},
			check: wantLim(Limits{Time: 5 * time.Second, Inc: 100 * time.Millisecond})},
		{name: "go wtime red", in: "go wtime 1000 btime 2000 winc 10 binc 20",
			want:  []string{info(1, "h2e2"), "bestmove h2e2 ponder h7e7"},
			check: wantLim(Limits{Time: time.Second, Inc: 10 * time.Millisecond, OppTime: 2 * time.Second, OppInc: 20 * time.Millisecond})},
		{name: "go wtime black", setup: []string{"position startpos moves h2e2"}, in: "go wtime 1000 btime 2000 winc 10 binc 20",
			want:  []string{info(1, "h2e2"), "bestmove h2e2 ponder h7e7"},
			check: wantLim(Limits{Time: 2 * time.Second, Inc: 20 * time.Millisecond, OppTime: time.Second, OppInc: 10 * time.Millisecond})},
		{name: "go wtime black fen", setup: []string{"position fen " + strings.Replace(testFEN, " w ", " b ", 1)}, in: "go wtime 1000 btime 2000",
			want:  []string{info(1, "h2e2"), "bestmove h2e2 ponder h7e7"},
			check: wantLim(Limits{Time: 2 * time.Second, OppTime: time.Second})},
		{name: "go movetime", in: "go movetime 250", want: []string{info(1, "h2e2"), "bestmove h2e2 ponder h7e7"},
			check: wantLim(Limits{MoveTime: 250 * time.Millisecond})},

		{name: "banmoves", setup: []string{"banmoves h2e2 H0-G2"}, in: "go depth 1",
			want: []string{info(1, "b0c2"), "bestmove b0c2 ponder h7e7"}, check: wantLim(Limits{Depth: 1, Ban: []string{"h2e2", "h0g2"}})},
		{name: "banmoves all", setup: []string{"banmoves h2e2 b0c2 c3c4"}, in: "go depth 1", want: []string{"nobestmove"}},
		{name: "banmoves all uci", setup: []string{"uci", "banmoves h2e2 b0c2 c3c4"}, in: "go depth 1", want: []string{"bestmove (none)"}},
		{name: "banmoves cleared by position", setup: []string{"banmoves h2e2", "position startpos"}, in: "go depth 1",
			want: []string{info(1, "h2e2"), "bestmove h2e2 ponder h7e7"}},
		{name: "banmoves bad", setup: []string{"banmoves b0c2"}, in: "banmoves h2e2 z9",
			want: []string{errLine(`banmoves: bad move "z9" (want UCCI coordinates like h2e2)`)}},
		{name: "banmoves bad keeps old", setup: []string{"banmoves h2e2", "banmoves j2e2"}, in: "go depth 1",
			want: []string{info(1, "b0c2"), "bestmove b0c2 ponder h7e7"}},

		{name: "go perft", in: "go perft 2", want: []string{"h2e2: 20", "b0c2: 20", "Nodes searched: 40"}},
		{name: "go perft 0", in: "go perft 0", want: []string{errLine(`go perft: bad number "0" (want a positive whole number)`)}},
		{name: "bench 0", in: "bench 0", want: []string{errLine(`bench: bad depth "0" (want 1..64)`)}},
		{name: "bench word", in: "bench deep", want: []string{errLine(`bench: bad depth "deep" (want 1..64)`)}},
		{name: "bench two args", in: "bench 3 4", want: []string{errLine(`bench: want at most one argument (the depth), got "3 4"`)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, e, r := newConn()
			for _, l := range tt.setup {
				s.Handle(l)
			}
			waitIdle(t, s)
			before := len(r.all())
			s.Handle(tt.in)
			waitIdle(t, s)
			got := r.all()[before:]
			if !slices.Equal(got, tt.want) {
				t.Errorf("Handle(%q) wrote\n%q\nwant\n%q", tt.in, got, tt.want)
			}
			if tt.check != nil {
				tt.check(t, e)
			}
		})
	}
}

func wantPos(fen string, moves ...string) func(*testing.T, *fakeEngine) {
	return func(t *testing.T, e *fakeEngine) {
		t.Helper()
		if e.fen != fen || !slices.Equal(e.moves, moves) {
			t.Errorf("engine position %q moves %q, want %q moves %q", e.fen, e.moves, fen, moves)
		}
	}
}

func wantLim(want Limits) func(*testing.T, *fakeEngine) {
	return func(t *testing.T, e *fakeEngine) {
		t.Helper()
		got := e.lastLim
		if got.Ban == nil {
			got.Ban = []string{}
		}
		if want.Ban == nil {
			want.Ban = []string{}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("search limits %+v, want %+v", got, want)
		}
	}
}

func wantInt(t *testing.T, name string, got, want int) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %d, want %d", name, got, want)
	}
}

// waitIdle waits until the connection has finished its job (the tests' searches are short).
func waitIdle(t *testing.T, s *Conn) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.mu.Lock()
		thinking := s.thinking
		s.mu.Unlock()
		if !thinking {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("connection still thinking after 10 s")
		}
		time.Sleep(time.Millisecond)
	}
}

func count(lines []string, prefix string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

func TestStopWhileThinking(t *testing.T) {
	s, _, r := newConn()
	s.Handle("go infinite")
	r.waitFor(t, "info depth 3")
	s.Handle("isready")
	s.Handle("go depth 1")
	s.Handle("position startpos")
	s.Handle("stop") // returns once bestmove is written
	got := r.all()
	if count(got, "bestmove") != 1 || !strings.HasPrefix(got[len(got)-1], "bestmove h2e2") {
		t.Fatalf("after stop: %q, want it to end with the only bestmove", got)
	}
	for _, want := range []string{"readyok", "info string error: go is not allowed while thinking (send stop first)",
		"info string error: position is not allowed while thinking (send stop first)"} {
		if !slices.Contains(got, want) {
			t.Errorf("output %q lacks %q", got, want)
		}
	}
	s.Handle("stop")
	if got := r.all(); got[len(got)-1] != "nobestmove" {
		t.Errorf("second stop: last line %q, want nobestmove", got[len(got)-1])
	}
}

func TestInfiniteHoldsBestmoveUntilStop(t *testing.T) {
	s, _, r := newConn()
	s.Handle("go infinite depth 2") // the search ends at depth 2; bestmove waits for stop
	r.waitFor(t, "info depth 2")
	time.Sleep(20 * time.Millisecond)
	if n := count(r.all(), "bestmove"); n != 0 {
		t.Fatalf("bestmove before stop: %q", r.all())
	}
	s.Handle("stop")
	if n := count(r.all(), "bestmove"); n != 1 {
		t.Fatalf("%d bestmoves after stop, want 1", n)
	}
}

func TestPonder(t *testing.T) {
	t.Run("depth, held until ponderhit", func(t *testing.T) {
		s, _, r := newConn()
		s.Handle("go ponder depth 2")
		r.waitFor(t, "info depth 2")
		time.Sleep(20 * time.Millisecond)
		if count(r.all(), "bestmove") != 0 {
			t.Fatalf("bestmove while pondering: %q", r.all())
		}
		s.Handle("ponderhit")
		r.waitFor(t, "bestmove h2e2")
	})
	t.Run("movetime starts at ponderhit", func(t *testing.T) {
		s, e, r := newConn()
		s.Handle("go ponder movetime 30")
		r.waitFor(t, "info depth 5")
		if !e.lastLim.Infinite || count(r.all(), "bestmove") != 0 {
			t.Fatalf("pondering on a clock: limits %+v, output %q; want an infinite search, no bestmove", e.lastLim, r.all())
		}
		s.Handle("ponderhit")
		r.waitFor(t, "bestmove h2e2")
		waitIdle(t, s)
	})
	t.Run("stop while pondering", func(t *testing.T) {
		s, _, r := newConn()
		s.Handle("go ponder time 100")
		r.waitFor(t, "info depth 1")
		s.Handle("stop")
		if got := r.all(); !strings.HasPrefix(got[len(got)-1], "bestmove") {
			t.Fatalf("stop while pondering: %q, want a bestmove", got)
		}
	})
}

func TestQuit(t *testing.T) {
	t.Run("idle", func(t *testing.T) {
		s, _, r := newConn()
		s.Handle("quit")
		<-s.Done()
		s.Handle("isready")
		if got := r.all(); !slices.Equal(got, []string{"bye"}) {
			t.Errorf("quit: %q, want bye and nothing after", got)
		}
	})
	t.Run("while thinking", func(t *testing.T) {
		s, _, r := newConn()
		s.Handle("go infinite")
		r.waitFor(t, "info depth 1")
		s.Handle("quit")
		select {
		case <-s.Done():
		default:
			t.Fatal("Done not closed after quit")
		}
		got := r.all()
		if len(got) < 2 || !strings.HasPrefix(got[len(got)-2], "bestmove") || got[len(got)-1] != "bye" {
			t.Errorf("quit while thinking: %q, want bestmove then bye", got)
		}
	})
}

func TestPerftStop(t *testing.T) {
	s, _, r := newConn()
	s.Handle("go perft 100")
	s.Handle("stop")
	if got := r.all(); !slices.Equal(got, []string{"info string perft stopped"}) {
		t.Errorf("stop during perft: %q", got)
	}
}

func TestBatchQueuesWhileThinking(t *testing.T) {
	s, e, r := newConn()
	s.Handle("setoption batch true")
	e.gate = make(chan struct{})
	s.Handle("go depth 1")
	r.waitFor(t, "info depth 1")
	for _, l := range []string{"isready", "banmoves h2e2", "go depth 1", "stop", "position startpos", "go depth 1", "quit"} {
		s.Handle(l)
	}
	if got := r.all(); len(got) != 1 {
		t.Fatalf("batch mode answered while thinking: %q", got)
	}
	close(e.gate)
	<-s.Done()
	want := []string{info(1, "h2e2"), "bestmove h2e2 ponder h7e7", "readyok",
		info(1, "b0c2"), "bestmove b0c2 ponder h7e7", "nobestmove",
		info(1, "h2e2"), "bestmove h2e2 ponder h7e7", "bye"}
	if got := r.all(); !slices.Equal(got, want) {
		t.Errorf("batch output\n%q\nwant\n%q", got, want)
	}
}

func TestFormatInfo(t *testing.T) {
	tests := []struct {
		d    dialect
		inf  Info
		want string
	}{
		{dialectUCCI, Info{Depth: 3, Score: -12, Nodes: 2000, Time: 2 * time.Second, PV: []string{"h2e2"}},
			"info depth 3 score -12 nodes 2000 time 2000 nps 1000 pv h2e2"},
		{dialectUCCI, Info{Depth: 3, MatePlies: 3}, "info depth 3 score 9997 nodes 0 time 0"},
		{dialectUCCI, Info{Depth: 3, MatePlies: -2}, "info depth 3 score -9998 nodes 0 time 0"},
		{dialectUCI, Info{Depth: 3, SelDepth: 7, MatePlies: 3}, "info depth 3 seldepth 7 score mate 2 nodes 0 time 0"},
		{dialectUCI, Info{Depth: 3, MatePlies: 1}, "info depth 3 score mate 1 nodes 0 time 0"},
		{dialectUCI, Info{Depth: 3, MatePlies: -2}, "info depth 3 score mate -1 nodes 0 time 0"},
		{dialectUCI, Info{Depth: 3, MatePlies: -4}, "info depth 3 score mate -2 nodes 0 time 0"},
		{dialectUCI, Info{Depth: 1, Score: 5}, "info depth 1 score cp 5 nodes 0 time 0"},
		{dialectUCI, Info{Depth: 2, MultiPV: 3, Score: 5}, "info depth 2 multipv 3 score cp 5 nodes 0 time 0"},
		{dialectUCCI, Info{Depth: 2, MultiPV: 1, Score: 5}, "info depth 2 multipv 1 score 5 nodes 0 time 0"},
	}
	for _, tt := range tests {
		if got := formatInfo(tt.d, tt.inf); got != tt.want {
			t.Errorf("formatInfo(%d, %+v) = %q, want %q", tt.d, tt.inf, got, tt.want)
		}
	}
}

func TestBudget(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		lim        Limits
		soft, hard time.Duration
	}{
		{Limits{}, 0, 0},
		{Limits{Depth: 5}, 0, 0},
		{Limits{MoveTime: 500 * ms}, 500 * ms, 500 * ms},
		// Sudden death holds 30 × 30 ms back: 3900 ms leaves 3000 ms to plan with.
		{Limits{Time: 3900 * ms}, 100 * ms, 300 * ms},
		{Limits{Time: 3900 * ms, Inc: 1000 * ms}, 850 * ms, 1500 * ms},
		{Limits{Time: 1030 * ms, MovesToGo: 1}, 1000 * ms, 1000 * ms},
		{Limits{Time: 1060 * ms, MovesToGo: 2}, 500 * ms, 500 * ms},
		{Limits{Time: 60 * time.Second}, 1970 * ms, 5910 * ms},
		// Within the reserve the engine answers at once, increment or not.
		{Limits{Time: 900 * ms}, ms / 30, ms / 30 * 3},
		{Limits{Time: 500 * ms, Inc: 2000 * ms}, ms / 2, ms / 2},
		{Limits{Time: 10 * ms}, ms / 30, ms / 30 * 3},
	}
	for _, tt := range tests {
		soft, hard := tt.lim.Budget()
		if soft != tt.soft || hard != tt.hard {
			t.Errorf("%+v.Budget() = %v, %v; want %v, %v", tt.lim, soft, hard, tt.soft, tt.hard)
		}
		if soft > hard {
			t.Errorf("%+v: soft %v > hard %v", tt.lim, soft, hard)
		}
	}
}

// TestShare: Share holds back an overhead for each move still to play and cuts the rest into
// shares (Budget is Share(mtg, mtg)); both are taken between 1 and 30.
func TestShare(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		lim           Limits
		moves, shares int
		soft, hard    time.Duration
	}{
		{Limits{}, 10, 10, 0, 0},
		{Limits{MoveTime: 500 * ms}, 10, 3, 500 * ms, 500 * ms},
		// 15 moves hold back 450 ms: 10,450 ms leaves 10 s, cut into 20 or into 4.
		{Limits{Time: 10450 * ms}, 15, 20, 500 * ms, 1500 * ms},
		{Limits{Time: 10450 * ms}, 15, 4, 2500 * ms, 5000 * ms},
		{Limits{Time: 10450 * ms, Inc: 1000 * ms}, 15, 20, 1250 * ms, 3750 * ms},
		// One share: the whole rest may go.
		{Limits{Time: 10450 * ms}, 15, 1, 10000 * ms, 10000 * ms},
		// Out of range: as 30 moves and 30 shares, as 1 and 1.
		{Limits{Time: 3900 * ms}, 40, 99, 100 * ms, 300 * ms},
		{Limits{Time: 1030 * ms}, 0, -1, 1000 * ms, 1000 * ms},
	}
	for _, tt := range tests {
		soft, hard := tt.lim.Share(tt.moves, tt.shares)
		if soft != tt.soft || hard != tt.hard {
			t.Errorf("%+v.Share(%d, %d) = %v, %v; want %v, %v", tt.lim, tt.moves, tt.shares, soft, hard, tt.soft, tt.hard)
		}
	}
	for _, mtg := range []int{0, 1, 2, 7, 30} {
		lim := Limits{Time: 7 * time.Second, Inc: 300 * ms, MovesToGo: mtg}
		n := mtg
		if n == 0 {
			n = MaxMovesToGo
		}
		s1, h1 := lim.Budget()
		if s2, h2 := lim.Share(n, n); s1 != s2 || h1 != h2 {
			t.Errorf("movestogo %d: Budget %v, %v; Share(%d, %d) %v, %v", mtg, s1, h1, n, n, s2, h2)
		}
	}
}

// TestBudgetKeepsReserve plays out clocks with Budget: every move costs its soft budget plus a
// latency (the pipe or the Worker), and at the move with the least time left a stall of 300 ms
// comes on top of the hard budget. Sudden death at 1+0 for 200 moves a side (400 plies, past
// the matches' 300), and 3+2 and 10+0 likewise: the clock must never reach 0.
func TestBudgetKeepsReserve(t *testing.T) {
	const ms = time.Millisecond
	tests := []struct {
		base, inc, latency time.Duration
	}{
		{60 * time.Second, 0, 3 * ms},
		{60 * time.Second, 0, 1 * ms},
		{180 * time.Second, 2 * time.Second, 3 * ms},
		{10 * time.Second, 0, 2 * ms},
	}
	for _, tt := range tests {
		clock, least := tt.base, tt.base
		for move := 0; move < 200; move++ {
			soft, _ := Limits{Time: clock, Inc: tt.inc}.Budget()
			clock -= soft + tt.latency
			if clock <= 0 {
				t.Fatalf("%v+%v, latency %v: flagged at move %d", tt.base, tt.inc, tt.latency, move+1)
			}
			least = min(least, clock)
			clock += tt.inc
		}
		// The stall at the worst moment: the least clock seen, the full hard budget and 300 ms.
		_, hard := Limits{Time: least, Inc: tt.inc}.Budget()
		if rest := least - hard - tt.latency - 300*ms; rest <= 0 {
			t.Errorf("%v+%v, latency %v: %v left at worst, hard %v: a 300 ms stall flags", tt.base, tt.inc, tt.latency, least, hard)
		}
	}
}

func TestFinish(t *testing.T) {
	tests := []struct {
		name string
		in   []string
		want []string
	}{
		{"idle", []string{"isready"}, []string{"readyok"}},
		{"search ends by itself", []string{"go depth 2"}, []string{info(1, "h2e2"), info(2, "h2e2"), "bestmove h2e2 ponder h7e7"}},
		{"batch queue", []string{"setoption batch true", "go depth 1", "banmoves h2e2", "go depth 1"},
			[]string{info(1, "h2e2"), "bestmove h2e2 ponder h7e7", info(1, "b0c2"), "bestmove b0c2 ponder h7e7"}},
	}
	for _, tt := range tests {
		s, _, r := newConn()
		for _, l := range tt.in {
			s.Handle(l)
		}
		s.Finish()
		if got := r.all(); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
	s, _, r := newConn()
	s.Handle("go infinite")
	s.Finish()
	if got := r.all(); count(got, "bestmove") != 1 {
		t.Errorf("infinite: %q, want a bestmove", got)
	}
}

func TestBench(t *testing.T) {
	for _, tt := range []struct{ in, nodes string }{{"bench", "Nodes searched: 3000"}, {"bench 5", "Nodes searched: 5000"}} {
		s, _, r := newConn()
		s.Handle(tt.in)
		waitIdle(t, s)
		got := r.all()
		if len(got) != 3 || got[0] != "info string bench 1/1" || got[1] != tt.nodes ||
			!strings.HasPrefix(got[2], "info string bench time ") || !strings.Contains(got[2], " nps ") {
			t.Errorf("%s wrote %q, want the engine's line, %q and the speed", tt.in, got, tt.nodes)
		}
	}
}

// TestMateMoves: a UCCI mate score read back as moves, the inverse of formatInfo's UCCI mate
// and equal to its UCI "mate n" for the same plies.
func TestMateMoves(t *testing.T) {
	tests := []struct {
		score, moves int
		ok           bool
	}{
		{9999, 1, true},   // mate in 1 ply
		{9997, 2, true},   // 3 plies
		{-9998, -1, true}, // mated in 2 plies
		{-9996, -2, true},
		{-10000, 0, true}, // mated on the board
		{9001, 500, true},
		{9000, 0, false}, // the bound itself is a score
		{-9000, 0, false},
		{35, 0, false},
		{0, 0, false},
	}
	for _, tt := range tests {
		if m, ok := MateMoves(tt.score); m != tt.moves || ok != tt.ok {
			t.Errorf("MateMoves(%d) = %d, %v, want %d, %v", tt.score, m, ok, tt.moves, tt.ok)
		}
	}
	for plies := -9; plies <= 9; plies++ {
		if plies == 0 {
			continue
		}
		uci := formatInfo(dialectUCI, Info{MatePlies: plies})
		ucci := formatInfo(dialectUCCI, Info{MatePlies: plies})
		var score int
		fmt.Sscanf(ucci[strings.Index(ucci, "score ")+6:], "%d", &score)
		m, _ := MateMoves(score)
		if want := fmt.Sprintf("score mate %d ", m); !strings.Contains(uci, want) {
			t.Errorf("plies %d: UCCI %q reads as %d moves, UCI wrote %q", plies, ucci, m, uci)
		}
	}
}
