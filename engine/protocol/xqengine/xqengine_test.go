package xqengine

import (
	"context"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"weak"

	"qipan/engine/protocol"
	"qipan/engine/protocol/protocoltest"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/book"
	"qipan/engine/xiangqi/search"
)

func TestSetPosition(t *testing.T) {
	const fen = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1"
	tests := []struct {
		name    string
		fen     string
		moves   []string
		wantFEN string // "" = an error, the position stays fen
		wantErr string
	}{
		{"start", xiangqi.StartFEN, nil, xiangqi.StartFEN, ""},
		{"moves", xiangqi.StartFEN, []string{"h2e2", "H7-E7"}, "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2", ""},
		{"bad FEN", "rnbakabnr/9 w", nil, "", "bad FEN"},
		{"bad move", xiangqi.StartFEN, []string{"h2e2", "zz"}, "", `moves[2]: move "zz"`},
		{"illegal move", xiangqi.StartFEN, []string{"h2e2", "h2e2"}, "", "moves[2]: h2e2 is illegal"},
	}
	for _, tt := range tests {
		e := New()
		if err := e.SetPosition(fen, nil); err != nil {
			t.Fatal(err)
		}
		err := e.SetPosition(tt.fen, tt.moves)
		got := e.Position().FEN()
		if tt.wantFEN == "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || got != fen {
				t.Errorf("%s: err %v, position %s; want an error with %q and %s unchanged", tt.name, err, got, tt.wantErr, fen)
			}
			continue
		}
		if err != nil || got != tt.wantFEN {
			t.Errorf("%s: err %v, position %s; want %s", tt.name, err, got, tt.wantFEN)
		}
	}
}

func TestPerft(t *testing.T) {
	e := New()
	for depth, want := range []uint64{1: 44, 2: 1920, 3: 79666} {
		if depth == 0 {
			continue
		}
		sum, roots := uint64(0), 0
		got, err := e.Perft(context.Background(), depth, func(m string, n uint64) { sum += n; roots++ })
		if err != nil || got != want || sum != want || roots != 44 {
			t.Errorf("perft %d = %d (roots sum %d over %d moves), err %v; want %d over 44", depth, got, sum, roots, err, want)
		}
	}
	protocoltest.PerftStops(t, e, 6)
}

func TestOptions(t *testing.T) {
	e := New()
	for _, v := range []string{"1", "0", "64"} {
		if err := e.SetOption("hashsize", v); err != nil {
			t.Errorf("hashsize %s: %v", v, err)
		}
	}
	for _, v := range []string{"-1", "2000", "big", ""} {
		if err := e.SetOption("hashsize", v); err == nil {
			t.Errorf("hashsize %q accepted", v)
		}
	}
	for _, tt := range []struct{ name, value string }{{"usebook", "maybe"}, {"level", "0"}, {"level", "11"},
		{"level", "x"}, {"multipv", "0"}, {"multipv", "9"}} {
		if err := e.SetOption(tt.name, tt.value); err == nil {
			t.Errorf("%s %q accepted", tt.name, tt.value)
		}
	}
	for _, tt := range []struct{ name, value string }{{"usebook", "false"}, {"usebook", "true"}, {"level", "1"},
		{"level", "10"}, {"multipv", "1"}, {"multipv", "8"}} {
		if err := e.SetOption(tt.name, tt.value); err != nil {
			t.Errorf("%s %q: %v", tt.name, tt.value, err)
		}
	}
	if err := e.SetOption("style", "risky"); err != protocol.ErrUnknownOption {
		t.Errorf("unknown option: %v, want ErrUnknownOption", err)
	}
}

// newConn opens a protocol connection to a new adapter made with opts.
func newConn(opts ...protocol.ConfigOption) *protocoltest.Recorder {
	return protocoltest.NewRecorder(New(opts...))
}

func TestConnPlays(t *testing.T) {
	s := newConn()
	s.Handle("ucci")
	s.WaitFor(t, "ucciok")
	s.Handle("position startpos moves h2e2 h9g7")
	s.Handle("go depth 4")
	best := strings.Fields(s.WaitFor(t, "bestmove"))[1]
	p, _ := xiangqi.ParseFEN(xiangqi.StartFEN)
	for _, m := range []string{"h2e2", "h9g7"} {
		mv, _ := xiangqi.ParseMove(m)
		p.Make(mv)
	}
	if m, err := xiangqi.ParseMove(best); err != nil || !p.IsLegal(m) {
		t.Errorf("bestmove %s is not legal in %s", best, p.FEN())
	}
	s.Handle("position startpos")
	s.Handle("go perft 3")
	if got := s.WaitFor(t, "Nodes searched"); got != "Nodes searched: 79666" {
		t.Errorf("perft 3: %q", got)
	}
	// Mated: no move.
	s.Handle("position fen 3k5/9/9/9/9/9/9/9/r8/1r2K4 w - - 0 1")
	s.Handle("go depth 3")
	s.WaitFor(t, "nobestmove")
}

func TestYieldCalledAndStops(t *testing.T) {
	calls := 0
	stop := make(chan struct{})
	var once sync.Once
	s := newConn(protocol.WithYield(func(ctx context.Context) {
		runtime.Gosched() // a yield lets others run; js/wasm has no preemption without it
		calls++
		if calls == 5 {
			once.Do(func() { close(stop) })
		}
	}))
	s.Handle("go infinite")
	<-stop
	s.Handle("stop")
	s.WaitFor(t, "bestmove")
	if calls < 5 {
		t.Errorf("yield called %d times", calls)
	}
}

// TestBench: the bench is repeatable whatever the hash option and the searches before it,
// reports every position, and stops on a cancelled context.
func TestBench(t *testing.T) {
	e := New()
	var lines []string
	first, err := e.Bench(context.Background(), 3, func(l string) { lines = append(lines, l) })
	if err != nil || first == 0 {
		t.Fatalf("bench 3 = %d, %v", first, err)
	}
	if len(lines) != len(search.BenchFENs) || !strings.HasPrefix(lines[0], "info string bench 1/") {
		t.Errorf("bench lines %q, want one per position", lines)
	}
	if err := e.SetOption("hashsize", "1"); err != nil {
		t.Fatal(err)
	}
	e.Search(context.Background(), protocol.Limits{Depth: 5}, nil)
	if again, err := e.Bench(context.Background(), 3, func(string) {}); again != first || err != nil {
		t.Errorf("second bench 3 = %d, %v; first was %d", again, err, first)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Bench(ctx, 3, func(string) {}); err == nil {
		t.Error("bench with a cancelled context returned no error")
	}
}

// TestBook: in the book the engine answers with a book move at once (no search lines);
// with usebook false, or out of the book, it searches.
func TestBook(t *testing.T) {
	s := newConn(protocol.WithSeed(1))
	start := book.Default().Moves(xiangqi.NewPosition())
	for i := 0; i < 5; i++ {
		s.Handle("position startpos")
		s.Handle("go depth 6")
		best := strings.Fields(s.WaitFor(t, "bestmove"))[1]
		if !slices.ContainsFunc(start, func(e book.Entry) bool { return e.Move.String() == best }) {
			t.Errorf("bestmove %s at the start is not a book move (%v)", best, start)
		}
	}
	for _, l := range s.Lines() {
		if strings.HasPrefix(l, "info depth") {
			t.Errorf("a book move printed search lines: %q", l)
		}
	}
	s.Handle("setoption usebook false")
	s.Handle("go depth 2")
	s.WaitFor(t, "info depth 2")
	s.WaitFor(t, "bestmove")
	s.Handle("setoption usebook true")
	s.Handle("banmoves " + func() string {
		var all []string
		for _, e := range start {
			all = append(all, e.Move.String())
		}
		return strings.Join(all, " ")
	}())
	s.Handle("go depth 2")
	s.WaitFor(t, "info depth 2") // every book move banned: it searches
	best := strings.Fields(s.WaitFor(t, "bestmove"))[1]
	if slices.ContainsFunc(start, func(e book.Entry) bool { return e.Move.String() == best }) {
		t.Errorf("played the banned book move %s", best)
	}
}

func TestMultiPVAndProbe(t *testing.T) {
	s := newConn()
	s.Handle("uci")
	s.Handle("setoption name OwnBook value false")
	s.Handle("setoption name MultiPV value 3")
	s.Handle("position startpos moves h2e2")
	s.Handle("go depth 3")
	s.WaitFor(t, "bestmove")
	var got []string
	for _, l := range s.Lines() {
		if strings.HasPrefix(l, "info depth 3 ") {
			got = append(got, strings.Fields(l)[4])
		}
	}
	if !slices.Equal(got, []string{"1", "2", "3"}) {
		t.Errorf("depth 3 lines have multipv %q, want 1 2 3", got)
	}
	s.Handle("probe startpos moves h2e2")
	if l := s.WaitFor(t, "pophash"); !strings.HasPrefix(l, "pophash bestmove ") || !strings.Contains(l, "depth 3") {
		t.Errorf("probe after a depth-3 search: %q", l)
	}
	s.Handle("setoption name Clear Hash")
	s.Handle("probe startpos moves h2e2")
	if l := s.WaitFor(t, "pophash"); l != "pophash" {
		t.Errorf("probe after clearing the hash: %q", l)
	}
}

// TestLevels: every level plays legal moves, and level 1 loses a short match to level 10
// (depth-capped here to stay fast).
func TestLevels(t *testing.T) {
	for lv := 1; lv <= MaxLevel; lv++ {
		e := New(protocol.WithSeed(uint64(lv)))
		e.SetOption("level", strconv.Itoa(lv))
		e.SetOption("usebook", "false")
		e.SetPosition(xiangqi.StartFEN, []string{"h2e2", "h9g7"})
		res := e.Search(context.Background(), protocol.Limits{Depth: 3}, nil)
		m, err := xiangqi.ParseMove(res.Best)
		if p := e.Position(); err != nil || !p.IsLegal(m) {
			t.Errorf("level %d: bestmove %q is not legal", lv, res.Best)
		}
	}
	score := 0.0 // level 10's
	const games = 4
	for g := 0; g < games; g++ {
		weak, strong := New(protocol.WithSeed(uint64(g))), New(protocol.WithSeed(uint64(g+100)))
		weak.SetOption("level", "1")
		players := [2]*Adapter{strong, weak} // strong is Red in even games
		if g%2 == 1 {
			players = [2]*Adapter{weak, strong}
		}
		game := xiangqi.NewGame(xiangqi.NewPosition())
		var moves []string
		for ply := 0; ply < 200 && !game.Result().Over(); ply++ {
			e := players[ply%2]
			e.SetPosition(xiangqi.StartFEN, moves)
			res := e.Search(context.Background(), protocol.Limits{Depth: 3}, nil)
			if err := game.PlayString(res.Best); err != nil {
				t.Fatalf("game %d ply %d: %v", g, ply, err)
			}
			moves = append(moves, res.Best)
		}
		r := game.Result()
		switch {
		case !r.Over() || r.Draw:
			score += 0.5
		case (r.Winner == xiangqi.Red) == (g%2 == 0):
			score++
		}
	}
	if score < 3.5 {
		t.Errorf("level 10 (depth 3) scored %.1f of %d against level 1, want at least 3.5", score, games)
	}
}

// TestHashSize: hashsize sizes the table (a power of two MB, at most the value; 0 = the
// default), which is made at the first search and gone after Release, for the GC too.
func TestHashSize(t *testing.T) {
	const mb = 1 << 20
	for _, tt := range []struct {
		value string
		want  int
	}{{"", DefaultHashMB * mb}, {"0", DefaultHashMB * mb}, {"1", 1 * mb}, {"3", 2 * mb}, {"20", 16 * mb}, {"32", 32 * mb}} {
		e := New()
		e.SetOption("usebook", "false")
		if tt.value != "" {
			if err := e.SetOption("hashsize", tt.value); err != nil {
				t.Fatal(err)
			}
		}
		if n := e.TableBytes(); n != 0 {
			t.Errorf("hashsize %q: %d bytes before the first search, want 0", tt.value, n)
		}
		if r := e.Search(context.Background(), protocol.Limits{Depth: 3}, nil); r.Best == "" {
			t.Errorf("hashsize %q: no move", tt.value)
		}
		if n := e.TableBytes(); n != tt.want {
			t.Errorf("hashsize %q: table of %d bytes, want %d", tt.value, n, tt.want)
		}
		gone := weak.Make(e.Peek())
		e.Release()
		if n := e.TableBytes(); n != 0 || gone.Value() != nil {
			t.Errorf("hashsize %q: after Release %d bytes, searcher collected: %v", tt.value, n, gone.Value() == nil)
		}
	}
}
