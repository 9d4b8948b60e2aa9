package player_test

import (
	"errors"
	"math"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"qipan/engine/match/internal/fake"
	"qipan/engine/match/player"
	"qipan/engine/xiangqi"
)

func TestMain(m *testing.M) {
	fake.Main()
	os.Exit(m.Run())
}

func TestRankTranslation(t *testing.T) {
	tests := []struct {
		ucci, base1 string
	}{
		{"h2e2", "h3e3"},
		{"h9g7", "h10g8"},
		{"a9a8", "a10a9"},
		{"a0a9", "a1a10"},
		{"i0i1", "i1i2"},
		{"e8e9", "e9e10"},
	}
	for _, tt := range tests {
		if got := player.ToEngine(tt.ucci, 1); got != tt.base1 {
			t.Errorf("ToEngine(%q, 1) = %q, want %q", tt.ucci, got, tt.base1)
		}
		if got, err := player.FromEngine(tt.base1, 1); err != nil || got != tt.ucci {
			t.Errorf("FromEngine(%q, 1) = %q, %v; want %q", tt.base1, got, err, tt.ucci)
		}
		if got := player.ToEngine(tt.ucci, 0); got != tt.ucci {
			t.Errorf("ToEngine(%q, 0) = %q", tt.ucci, got)
		}
		if got, err := player.FromEngine(tt.ucci, 0); err != nil || got != tt.ucci {
			t.Errorf("FromEngine(%q, 0) = %q, %v", tt.ucci, got, err)
		}
	}
	// Every move of a real position survives the round trip.
	for _, m := range xiangqi.NewPosition().LegalMoves() {
		if got, err := player.FromEngine(player.ToEngine(m.String(), 1), 1); err != nil || got != m.String() {
			t.Errorf("round trip of %v: %q, %v", m, got, err)
		}
	}
	for _, bad := range []struct {
		s    string
		base int
	}{{"h0e3", 1}, {"h11e3", 1}, {"j3e3", 1}, {"h3e3x", 1}, {"h3", 1}, {"", 1}, {"h10e2", 0}, {"h03e3", 1}, {"H3E3", 1}} {
		if got, err := player.FromEngine(bad.s, bad.base); err == nil {
			t.Errorf("FromEngine(%q, %d) = %q, want an error", bad.s, bad.base, got)
		}
	}
}

// fakeConfig runs this test binary as the fake engine with behaviour spec.
func fakeConfig(t *testing.T, spec string, proto player.Protocol, base int, sent *[]string) player.Config {
	t.Helper()
	t.Setenv(fake.Env, spec)
	var mu sync.Mutex
	return player.Config{
		Name: "fake", Command: []string{os.Args[0], "-test.run=^$"}, Protocol: proto, RankBase: base,
		Options: []player.Option{{Name: "Hash", Value: "4"}, {Name: "Clear Hash"}},
		Trace: func(_, dir, line string) {
			if dir == ">" && sent != nil {
				mu.Lock()
				*sent = append(*sent, line)
				mu.Unlock()
			}
		},
	}
}

func TestConversation(t *testing.T) {
	tests := []struct {
		name   string
		spec   string
		proto  player.Protocol
		base   int
		lim    player.Limits
		nodes  uint64 // the engine's own node limit
		wantGo string
		wantOp []string
	}{
		{"ucci millis", "proto=ucci", player.UCCI, 0, player.Limits{MoveTime: 300 * time.Millisecond}, 0,
			"go time 300 movestogo 1", []string{"setoption usemillisec true", "setoption Hash 4", "setoption Clear Hash"}},
		{"ucci depth", "proto=ucci", player.UCCI, 0, player.Limits{Depth: 3, Nodes: 1000}, 0,
			"go depth 3 nodes 1000", nil},
		{"own node limit", "proto=ucci", player.UCCI, 0, player.Limits{Nodes: 1000}, 2500,
			"go nodes 2500", nil},
		// h2e2 h9g7: Red to move. Red has 59.5 s and 2 s a move, Black 61.25 s and 1.5 s.
		{"ucci clock millis", "proto=ucci", player.UCCI, 0, player.Limits{Clock: testClock(true)}, 0,
			"go time 59500 increment 2000 opptime 61250 oppincrement 1500", nil},
		{"ucci clock black to move", "proto=ucci", player.UCCI, 0, player.Limits{Clock: testClock(false)}, 0,
			"go time 61250 increment 1500 opptime 59500 oppincrement 2000", nil},
		{"ucci clock seconds", "proto=ucci nomillis=1", player.UCCI, 0, player.Limits{Clock: testClock(true)}, 0,
			"go time 59 increment 2 opptime 61 oppincrement 1", nil},
		{"ucci clock seconds, under one left", "proto=ucci nomillis=1", player.UCCI, 0,
			player.Limits{Clock: player.Clock{On: true, RedToMove: true, Red: 400 * time.Millisecond, Black: 3 * time.Second, BlackInc: 500 * time.Millisecond}}, 0,
			"go time 1 increment 0 opptime 3 oppincrement 0", nil},
		{"uci clock", "proto=uci", player.UCI, 0, player.Limits{Clock: testClock(true), Depth: 9}, 0,
			"go wtime 59500 btime 61250 winc 2000 binc 1500 depth 9", nil},
		{"uci clock black to move", "proto=uci", player.UCI, 0, player.Limits{Clock: testClock(false)}, 0,
			"go wtime 59500 btime 61250 winc 2000 binc 1500", nil},
		{"uci ranks 1..10", "proto=uci base=1", player.UCI, 1, player.Limits{MoveTime: 50 * time.Millisecond, Depth: 2}, 0,
			"go movetime 50 depth 2", []string{"setoption name Hash value 4", "setoption name Clear Hash"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var sent []string
			cfg := fakeConfig(t, tt.spec, tt.proto, tt.base, &sent)
			cfg.Nodes = tt.nodes
			p, err := player.Start(cfg, 10*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			if err := p.NewGame(5 * time.Second); err != nil {
				t.Fatal(err)
			}
			r, err := p.Go(xiangqi.StartFEN, []string{"h2e2", "h9g7"}, tt.lim, 5*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			// The fake plays the first legal move of the position it was given; if the
			// ranks were mistranslated it would have failed to follow the moves.
			g := xiangqi.NewGame(nil)
			g.PlayString("h2e2")
			g.PlayString("h9g7")
			if want := g.Position().LegalMoves()[0].String(); r.Move != want {
				t.Errorf("move %q, want %q (reply %+v)", r.Move, want, r)
			}
			wantScore := "7" // UCCI's bare number; UCI says "cp 7"
			if tt.proto == player.UCI {
				wantScore = "cp 7"
			}
			if r.Depth != 1 || r.Score != wantScore {
				t.Errorf("info depth %d score %q, want 1 and %q", r.Depth, r.Score, wantScore)
			}
			all := strings.Join(sent, "\n")
			if !strings.Contains(all, "\n"+tt.wantGo+"\n") && !strings.HasSuffix(all, "\n"+tt.wantGo) {
				t.Errorf("sent:\n%s\nwant the line %q", all, tt.wantGo)
			}
			wantPos := "position fen " + xiangqi.StartFEN + " moves " + player.ToEngine("h2e2", tt.base) + " " + player.ToEngine("h9g7", tt.base)
			if !strings.Contains(all, wantPos) {
				t.Errorf("sent:\n%s\nwant %q", all, wantPos)
			}
			for _, o := range tt.wantOp {
				if !strings.Contains(all, "\n"+o+"\n") {
					t.Errorf("sent:\n%s\nwant the option line %q", all, o)
				}
			}
		})
	}
}

// testClock has Red at 59.5 s + 2 s, Black at 61.25 s + 1.5 s.
func testClock(redToMove bool) player.Clock {
	return player.Clock{On: true, RedToMove: redToMove, Red: 59500 * time.Millisecond, Black: 61250 * time.Millisecond,
		RedInc: 2 * time.Second, BlackInc: 1500 * time.Millisecond}
}

func TestMisbehaviour(t *testing.T) {
	tests := []struct {
		spec    string
		wantErr error // nil: a reply
		check   func(player.Reply, error) bool
		alive   bool
	}{
		{"hang=1", player.ErrTimeout, nil, false},
		{"crash=1", player.ErrExited, nil, false},
		{"garbage=1", nil, func(r player.Reply, err error) bool { return err != nil && r.Line == "bestmove zz99" }, true},
		{"nomove=1", nil, func(r player.Reply, err error) bool { return err == nil && r.Move == "" }, true},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			p, err := player.Start(fakeConfig(t, tt.spec, player.UCCI, 0, nil), 10*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			lim := player.Limits{Depth: 1}
			if _, err := p.Go(xiangqi.StartFEN, nil, lim, 5*time.Second); err != nil {
				t.Fatalf("first move: %v", err)
			}
			start := time.Now()
			r, err := p.Go(xiangqi.StartFEN, []string{"h2e2"}, lim, 300*time.Millisecond)
			if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Errorf("error %v, want %v", err, tt.wantErr)
			}
			if tt.check != nil && !tt.check(r, err) {
				t.Errorf("reply %+v, error %v", r, err)
			}
			if p.Alive() != tt.alive {
				t.Errorf("Alive() = %v, want %v", p.Alive(), tt.alive)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("took %v: a hung engine must be killed promptly", d)
			}
			if tt.spec == "crash=1" && !strings.Contains(p.Stderr(), "crashing as asked") {
				t.Errorf("stderr %q, want the fake's last words", p.Stderr())
			}
		})
	}
}

func TestStartErrors(t *testing.T) {
	tests := []struct {
		cfg  player.Config
		want string
	}{
		{player.Config{Name: "x", Protocol: player.UCI}, "no command"},
		{player.Config{Name: "x", Command: []string{"/nonexistent/engine"}, Protocol: player.UCI}, "nonexistent"},
		{player.Config{Name: "x", Command: []string{"true"}, Protocol: "xboard"}, "protocol"},
		{player.Config{Name: "x", Command: []string{"true"}, Protocol: player.UCI}, "exited"},
	}
	for _, tt := range tests {
		_, err := player.Start(tt.cfg, 5*time.Second)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Start(%+v) error %v, want one containing %q", tt.cfg, err, tt.want)
		}
	}
	if _, err := player.ParseProtocol("cecp"); err == nil {
		t.Error("ParseProtocol(cecp): no error")
	}
}

func TestParseScore(t *testing.T) {
	tests := []struct {
		in       string
		want     int
		mate, ok bool
	}{
		{"31", 31, false, true}, {"-5", -5, false, true}, {"cp 31", 31, false, true}, {"cp -1200", -1200, false, true},
		{"mate 3", math.MaxInt, true, true}, {"mate -3", math.MinInt, true, true}, {"mate 0", math.MinInt, true, true},
		{"", 0, false, false}, {"cp", 0, false, false}, {"cp x", 0, false, false}, {"mate", 0, false, false},
		{"lowerbound", 0, false, false},
		{"9997", math.MaxInt, true, true}, {"-9998", math.MinInt, true, true}, {"-10000", math.MinInt, true, true},
		{"9000", 9000, false, true}, {"cp 9997", 9997, false, true},
	}
	for _, tt := range tests {
		if v, mate, ok := player.ParseScore(tt.in); v != tt.want || mate != tt.mate || ok != tt.ok {
			t.Errorf("ParseScore(%q) = %d, %v, %v; want %d, %v, %v", tt.in, v, mate, ok, tt.want, tt.mate, tt.ok)
		}
	}
}

// TestFairyXiangqi: the preset speaks UCI with ranks from 1 and puts the variant and the
// thread count before the caller's own options.
func TestFairyXiangqi(t *testing.T) {
	c := player.FairyXiangqi(player.Config{Name: "fs", Protocol: player.UCCI, Options: []player.Option{{Name: "Hash", Value: "64"}}})
	want := []player.Option{{Name: "UCI_Variant", Value: "xiangqi"}, {Name: "Threads", Value: "1"}, {Name: "Hash", Value: "64"}}
	if c.Name != "fs" || c.Protocol != player.UCI || c.RankBase != 1 || !reflect.DeepEqual(c.Options, want) {
		t.Errorf("FairyXiangqi: %+v", c)
	}
}

// Ask returns the engine's lines up to the one asked for: here isready's readyok.
func TestAsk(t *testing.T) {
	p, err := player.Start(fakeConfig(t, "proto=uci", player.UCI, 0, nil), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	out, err := p.Ask([]string{"isready"}, func(l string) bool { return l == "readyok" }, 5*time.Second)
	if err != nil || len(out) == 0 || out[len(out)-1] != "readyok" {
		t.Fatalf("Ask: %q, %v", out, err)
	}
	if _, err := p.Ask([]string{"isready"}, func(string) bool { return false }, 200*time.Millisecond); err == nil {
		t.Error("Ask waited for a line that never came and reported no error")
	}
}

// mirror is a Notation for TestNotation: the engine's files run i..a.
type mirror struct{}

func (mirror) ToEngine(m string) string { return mirrorFiles(m) }

func (mirror) FromEngine(w string) (string, error) { return mirrorFiles(w), nil }

func mirrorFiles(m string) string {
	b := []byte(m)
	for _, i := range []int{0, 2} {
		if i < len(b) && b[i] >= 'a' && b[i] <= 'i' {
			b[i] = 'a' + 'i' - b[i]
		}
	}
	return string(b)
}

// TestNotation: a Config.Notation translates the moves both ways, and "startpos" is sent as
// such.
func TestNotation(t *testing.T) {
	var sent []string
	cfg := fakeConfig(t, "proto=uci", player.UCI, 0, &sent)
	cfg.Notation = mirror{}
	p, err := player.Start(cfg, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	r, err := p.Go("startpos", []string{"b2e2"}, player.Limits{Depth: 1}, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	g := xiangqi.NewGame(nil)
	g.PlayString("h2e2")
	if want := mirrorFiles(g.Position().LegalMoves()[0].String()); r.Move != want {
		t.Errorf("move %q, want %q (reply %+v)", r.Move, want, r)
	}
	if !slices.Contains(sent, "position startpos moves h2e2") {
		t.Errorf("sent %q, want position startpos moves h2e2", sent)
	}
	for _, w := range []string{"(none)", "none", "0000"} {
		if m, err := player.Ranks(1).FromEngine(w); m != "" || err != nil {
			t.Errorf("Ranks(1).FromEngine(%q) = %q, %v; want no move", w, m, err)
		}
	}
	if m, err := player.Ranks(1).FromEngine("h3e3"); m != "h2e2" || err != nil || player.Ranks(1).ToEngine("h2e2") != "h3e3" {
		t.Errorf("Ranks(1).FromEngine(h3e3) = %q, %v", m, err)
	}
}

// TestTook: Reply.Took is the time from go to bestmove, what a clock charges.
func TestTook(t *testing.T) {
	for _, delay := range []time.Duration{0, 150 * time.Millisecond} {
		p, err := player.Start(fakeConfig(t, "delay="+strconv.Itoa(int(delay.Milliseconds())), player.UCCI, 0, nil), 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		r, err := p.Go(xiangqi.StartFEN, nil, player.Limits{Depth: 1}, 5*time.Second)
		p.Close()
		if err != nil {
			t.Fatal(err)
		}
		if r.Took < delay || r.Took > delay+time.Second {
			t.Errorf("delay %v: Took %v", delay, r.Took)
		}
	}
}
