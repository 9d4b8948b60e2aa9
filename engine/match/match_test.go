package match

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"qipan/engine/match/internal/fake"
	"qipan/engine/match/openings"
	"qipan/engine/match/player"
	"qipan/engine/match/stats"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/record"
)

func TestMain(m *testing.M) {
	fake.Main()
	os.Exit(m.Run())
}

func TestAdjudicate(t *testing.T) {
	tests := []struct {
		name, fen, moves string
		maxPlies         int
		want             string // result; "" = not over
		reason           string
	}{
		{"start", "", "", 300, "", ""},
		{"checkmate", "R3k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1", "", 300, "1-0", "checkmated"},
		{"stalemate", "3k5/4R4/9/9/9/9/9/9/9/4K4 b - - 0 1", "", 300, "1-0", "no legal move"},
		{"repetition", "", "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9", 300, "1/2-1/2", "three times"},
		{"two repetitions only", "", "h0g2 h9g7 g2h0 g7h9", 300, "", ""},
		{"perpetual check", "4k3r/9/9/9/9/9/9/9/R8/3K5 w - - 0 1",
			"a1a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9", 300, "0-1", "checks perpetually"},
		{"move limit", "", "h0g2 h9g7 g2h0 g7h9", 4, "1/2-1/2", "4 plies"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := xiangqi.NewPosition()
			if tt.fen != "" {
				var err error
				if start, err = xiangqi.ParseFEN(tt.fen); err != nil {
					t.Fatal(err)
				}
			}
			g := xiangqi.NewGame(start)
			for _, m := range strings.Fields(tt.moves) {
				if out, over := adjudicate(g, Rules{MaxPlies: tt.maxPlies}); over {
					t.Fatalf("over before %s: %+v", m, out)
				}
				if err := g.PlayString(m); err != nil {
					t.Fatal(err)
				}
			}
			out, over := adjudicate(g, Rules{MaxPlies: tt.maxPlies})
			if over != (tt.want != "") || out.Result != tt.want || !strings.Contains(out.Reason, tt.reason) {
				t.Errorf("adjudicate = %+v, %v; want %q with a reason containing %q", out, over, tt.want, tt.reason)
			}
		})
	}
}

// fakeEngine is the test binary as the fake engine with behaviour spec.
func fakeEngine(t *testing.T, name, spec string) player.Config {
	return player.Config{Name: name, Protocol: player.UCCI,
		Command: []string{"env", fake.Env + "=" + spec, os.Args[0], "-test.run=^$"}}
}

type logs struct {
	mu    sync.Mutex
	lines []string
}

func (l *logs) add(s string) { l.mu.Lock(); l.lines = append(l.lines, s); l.mu.Unlock() }
func (l *logs) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

func TestRun(t *testing.T) {
	ops := openings.Builtin()[:3]
	tests := []struct {
		name        string
		a, b        string // fake behaviours
		games, conc int
		sprt        *stats.SPRT
		want        stats.Trinomial // from A's side; Wins < 0: don't check
		wantLog     string
		wantReason  string
	}{
		{"self-play", "", "", 4, 2, nil, stats.Trinomial{Wins: -1}, "", ""},
		{"B crashes", "", "crash=3", 4, 1, nil, stats.Trinomial{Wins: 4}, "restarting", "exited; its last words: fake engine: crashing as asked"},
		{"B hangs", "", "hang=2", 2, 2, nil, stats.Trinomial{Wins: 2}, "did not answer", "did not answer within"},
		{"B illegal", "", "illegal=1", 2, 1, nil, stats.Trinomial{Wins: 2}, "illegal move a0a9", "illegal move a0a9"},
		{"B unreadable", "", "garbage=1", 2, 1, nil, stats.Trinomial{Wins: 2}, "unreadable", "unreadable"},
		{"A has no move", "nomove=1", "", 2, 1, nil, stats.Trinomial{Losses: 2}, "had no move", "had no move"},
		{"SPRT stops", "", "garbage=1", 40, 2, &stats.SPRT{Elo0: 0, Elo1: 400, Alpha: 0.2, Beta: 0.2},
			stats.Trinomial{Wins: -1}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			var log logs
			var progress []Report
			cfg := Config{
				Engines:  [2]player.Config{fakeEngine(t, "A", tt.a), fakeEngine(t, "B", tt.b)},
				Openings: ops, Games: tt.games, Concurrency: tt.conc,
				Limits:  player.Limits{Depth: 1},
				Timeout: 300 * time.Millisecond, Rules: Rules{MaxPlies: 40}, SPRT: tt.sprt,
				PGN: &buf, Log: log.add, Date: time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC),
				Progress: func(r Report) { progress = append(progress, r) },
			}
			rep, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if tt.sprt != nil {
				if rep.Verdict != stats.AcceptH1 || rep.Done >= tt.games {
					t.Errorf("SPRT: verdict %v after %d of %d games (LLR %.2f), want H1 early", rep.Verdict, rep.Done, tt.games, rep.LLR)
				}
			} else if rep.Done != tt.games {
				t.Errorf("%d games done, want %d", rep.Done, tt.games)
			}
			if rep.Games.Games() != rep.Done || len(progress) != rep.Done {
				t.Errorf("counted %+v and %d progress reports for %d games", rep.Games, len(progress), rep.Done)
			}
			if rep.Pairs.Pairs() != rep.Done/2 && tt.sprt == nil {
				t.Errorf("pairs %v, want %d", rep.Pairs, rep.Done/2)
			}
			if tt.want.Wins >= 0 && rep.Games != tt.want {
				t.Errorf("results %+v, want %+v\nlog:\n%s", rep.Games, tt.want, log.String())
			}
			if !strings.Contains(log.String(), tt.wantLog) {
				t.Errorf("log:\n%s\nwant %q", log.String(), tt.wantLog)
			}
			games, warns, err := record.ParsePGN(buf.String())
			if err != nil || len(warns) != 0 {
				t.Fatalf("PGN does not read back cleanly: %v %v\n%s", err, warns, buf.String())
			}
			if len(games) != rep.Done {
				t.Fatalf("%d PGN games, want %d", len(games), rep.Done)
			}
			if n := strings.Count(buf.String(), "[Format \"ICCS\"]\n"); n != len(games) {
				t.Errorf("%d games with [Format \"ICCS\"], want %d", n, len(games))
			}
			for _, g := range games {
				checkRecord(t, g, ops)
				if !strings.Contains(g.EndComment(), tt.wantReason) {
					t.Errorf("game %s comment %q, want %q", g.Tag("Round"), g.EndComment(), tt.wantReason)
				}
			}
		})
	}
}

// checkRecord checks a PGN game from Run: tags, the opening at its start, and a result
// that agrees with the rules when the game ended on the board.
func checkRecord(t *testing.T, g *record.Game, ops []openings.Opening) {
	t.Helper()
	for _, tag := range []string{"Event", "Site", "Date", "Round", "Red", "Black"} {
		if g.Tag(tag) == "" {
			t.Errorf("game %s: no %s tag", g.Tag("Round"), tag)
		}
	}
	if g.Result == "" || g.Result == record.Unknown || g.Tag("Date") != "2026.11.22" {
		t.Errorf("game %s: Result %q Date %q", g.Tag("Round"), g.Result, g.Tag("Date"))
	}
	var op *openings.Opening
	for i := range ops {
		if ops[i].Name == g.Tag("Opening") {
			op = &ops[i]
		}
	}
	if op == nil {
		t.Fatalf("game %s: unknown opening %q", g.Tag("Round"), g.Tag("Opening"))
	}
	if g.Start.FEN() != op.StartFEN() {
		t.Errorf("game %s starts from %s, want its opening's %s", g.Tag("Round"), g.Start.FEN(), op.StartFEN())
	}
	for i, m := range op.Moves {
		if i >= len(g.Moves) || g.Moves[i].String() != m {
			t.Fatalf("game %s does not start with its opening %v: %v", g.Tag("Round"), op.Moves, g.Moves)
		}
	}
	if n := strconv.Itoa(len(g.Moves)); g.Tag("PlyCount") != n {
		t.Errorf("game %s: PlyCount %q, want %s", g.Tag("Round"), g.Tag("PlyCount"), n)
	}
	rec, err := g.Game()
	if err != nil {
		t.Fatal(err)
	}
	if r := rec.Result(); r.Over() && r.String() != string(g.Result) {
		t.Errorf("game %s: Result %s but the rules say %s (%s)", g.Tag("Round"), g.Result, r, r.Reason())
	}
}

// A resumed run (Skip) plays the rest of the schedule under the numbers and openings the
// whole run gives those games, so its games pair with a full run's.
func TestRunSkip(t *testing.T) {
	ops := openings.Builtin()[:3]
	for _, tt := range []struct{ skip, want int }{{0, 6}, {2, 4}, {3, 4}, {6, 0}} {
		var buf bytes.Buffer
		cfg := Config{
			Engines:  [2]player.Config{fakeEngine(t, "A", ""), fakeEngine(t, "B", "")},
			Openings: ops, Games: 6, Skip: tt.skip, Limits: player.Limits{Depth: 1},
			Timeout: 300 * time.Millisecond, Rules: Rules{MaxPlies: 20}, PGN: &buf,
		}
		rep, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Done != tt.want || rep.Total != tt.want {
			t.Errorf("skip %d: %d of %d games done, want %d", tt.skip, rep.Done, rep.Total, tt.want)
		}
		games, _, err := record.ParsePGN(buf.String())
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range games {
			n, _ := strconv.Atoi(g.Tag("Round"))
			if n <= 6-tt.want || n > 6 {
				t.Errorf("skip %d: played game %d", tt.skip, n)
			}
			if op := ops[(n-1)/2]; g.Tag("Opening") != op.Name {
				t.Errorf("skip %d: game %d opening %q, want %q", tt.skip, n, g.Tag("Opening"), op.Name)
			}
		}
	}
}

func TestRunErrors(t *testing.T) {
	good := fakeEngine(t, "A", "")
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"no openings", Config{Engines: [2]player.Config{good, good}, Limits: player.Limits{Depth: 1}}, "no openings"},
		{"no limits", Config{Engines: [2]player.Config{good, good}, Openings: openings.Builtin()}, "no limit"},
		{"bad opening", Config{Engines: [2]player.Config{good, good}, Openings: []openings.Opening{{Name: "x", Moves: []string{"e0e2"}}},
			Limits: player.Limits{Depth: 1}}, "opening \"x\""},
		{"bad engine", Config{Engines: [2]player.Config{good, {Name: "nope", Protocol: player.UCI, Command: []string{"/nonexistent"}}},
			Openings: openings.Builtin(), Limits: player.Limits{Depth: 1}}, "nope"},
		{"bad sprt", Config{Engines: [2]player.Config{good, good}, Openings: openings.Builtin(), Limits: player.Limits{Depth: 1},
			SPRT: &stats.SPRT{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05}}, "elo0"},
		{"resign without a score", Config{Engines: [2]player.Config{good, good}, Openings: openings.Builtin(), Limits: player.Limits{Depth: 1},
			Rules: Rules{Resign: Resign{Moves: 3}}}, "resign after 3 moves"},
	}
	for _, tt := range tests {
		_, err := Run(context.Background(), tt.cfg)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

func TestResignStreaks(t *testing.T) {
	on := Resign{Moves: 2, Score: 1000}
	tests := []struct {
		name   string
		rule   Resign
		scores string // "|"-separated, Red's move first, then alternating
		at     int    // 0-based move after which it is adjudicated; -1 = never
		result string
	}{
		{"red wins after 2 agreeing moves each", on, "1000|-1000|cp 1200|cp -1000", 3, "1-0"},
		{"black wins, black's streak completing it", on, "-1000|1000|-1000|1200", 3, "0-1"},
		{"black wins, red's streak completing it", on, "-1|1000|-1000|1000|-1000", 4, "0-1"},
		{"only the winner agrees", on, "1200|-200|1200|-200|1200|-200|1200", -1, ""},
		{"only the loser agrees", on, "200|-1200|200|-1200|200|-1200", -1, ""},
		{"both claim to win", on, "1200|1200|1200|1200|1200", -1, ""},
		{"a move without a score restarts the count", on, "1200|-1200||-1200|1200|-1200|1200", 6, "1-0"},
		{"a score within ±S restarts the count", on, "1200|-1200|999|-1200|1200|-1200|1200", 6, "1-0"},
		{"an unreadable score restarts the count", on, "1200|-1200|cp x|-1200|1200|-1200|1200", 6, "1-0"},
		{"the loser's change of mind restarts its count", on, "1200|-1200|1200|-999|1200|-1200|1200|-1200", 7, "1-0"},
		{"mate scores count", on, "mate 5|mate -4|mate 3|mate -2", 3, "1-0"},
		{"mate scores beat any S", Resign{Moves: 1, Score: math.MaxInt}, "mate -1|mate 9", 1, "0-1"},
		{"off (the default)", Resign{}, "1200|-1200|1200|-1200|1200|-1200", -1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s resignStreaks
			got := -1
			var out Outcome
			for i, sc := range strings.Split(tt.scores, "|") {
				s.add(tt.rule, xiangqi.Color(i%2), sc)
				if o, over := s.adjudicate(tt.rule); over {
					got, out = i, o
					break
				}
			}
			if got != tt.at || out.Result != tt.result {
				t.Fatalf("adjudicated after move %d as %+v; want after %d as %q", got, out, tt.at, tt.result)
			}
			if got >= 0 && !strings.Contains(out.Reason, fmt.Sprintf("by adjudication: both engines' scores beyond ±%d for %d moves", tt.rule.Score, tt.rule.Moves)) {
				t.Errorf("reason %q", out.Reason)
			}
		})
	}
}

// TestRunResign plays the fake engines with scripted scores: A's win is adjudicated after
// the expected number of plies past the opening (A red, A black), and only when asked.
func TestRunResign(t *testing.T) {
	op := openings.Builtin()[:1]
	on := Resign{Moves: 3, Score: 1000}
	tests := []struct {
		name                 string
		a, b                 string // fake behaviours
		rule                 Resign
		pliesRed, pliesBlack int // past the opening, when A is Red / Black; 0 = not adjudicated
	}{
		{"adjudicated", "scores=1200", "scores=-1200", on, 6, 6},
		{"uci mates", "proto=uci scores=mate5", "proto=uci scores=mate-4", on, 6, 6},
		{"A's score-less move restarts its count", "scores=1200,1200,none,1200", "scores=-1200", on, 11, 12},
		{"A's score within ±S restarts its count", "scores=1200,1200,999,1200", "scores=-1200", on, 11, 12},
		{"only A agrees", "scores=1200", "scores=7", on, 0, 0},
		{"off by default", "scores=1200", "scores=-1200", Resign{}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			engines := [2]player.Config{fakeEngine(t, "A", tt.a), fakeEngine(t, "B", tt.b)}
			for i := range engines {
				if strings.Contains(engines[i].Command[1], "proto=uci") {
					engines[i].Protocol = player.UCI
				}
			}
			var buf bytes.Buffer
			var log logs
			rep, err := Run(context.Background(), Config{
				Engines: engines, Openings: op, Games: 2, Limits: player.Limits{Depth: 1},
				Rules: Rules{MaxPlies: 40, Resign: tt.rule}, PGN: &buf, Log: log.add,
			})
			if err != nil {
				t.Fatal(err)
			}
			games, warns, err := record.ParsePGN(buf.String())
			if err != nil || len(warns) != 0 || len(games) != 2 {
				t.Fatalf("PGN: %d games, %v %v\n%s", len(games), err, warns, buf.String())
			}
			adjudicated := 0
			for _, g := range games {
				aRed := g.Tag("Red") == "A"
				want := tt.pliesRed
				if !aRed {
					want = tt.pliesBlack
				}
				got := len(g.Moves) - len(op[0].Moves)
				isAdj := strings.Contains(g.EndComment(), "wins by adjudication: both engines' scores beyond ±1000 for 3 moves")
				if isAdj {
					adjudicated++
					if winner := map[bool]record.Result{true: "1-0", false: "0-1"}[aRed]; g.Result != winner {
						t.Errorf("game %s: %s, want A (%s) to win", g.Tag("Round"), g.Result, winner)
					}
				}
				if want > 0 && (!isAdj || got != want) || want == 0 && isAdj {
					t.Errorf("game %s (A red: %v): ended after %d plies past the opening with %q; want adjudication after %d (0: none)\nlog:\n%s",
						g.Tag("Round"), aRed, got, g.EndComment(), want, log.String())
				}
			}
			if tt.pliesRed > 0 && (adjudicated != 2 || rep.Games.Wins != 2) {
				t.Errorf("%d adjudicated, results %+v; want 2 wins for A", adjudicated, rep.Games)
			}
		})
	}
}

// TallyOf counts a stopped run's games up to the resume point from engine A's side, pairs
// only when complete.
func TestTallyOf(t *testing.T) {
	pgn := func(round int, red, black, result string) string {
		return fmt.Sprintf("[Round \"%d\"]\n[Red \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n\n%s\n\n", round, red, black, result, result)
	}
	run := pgn(1, "A", "B", "1-0") + pgn(2, "B", "A", "1-0") + // win, loss: pair 1
		pgn(3, "A", "B", "1/2-1/2") + pgn(4, "B", "A", "0-1") + // draw, win: pair 3
		pgn(5, "A", "B", "0-1") + // loss, its pair unfinished
		pgn(7, "B", "A", "0-1") // beyond the resume point
	games, _, err := record.ParsePGN(run)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		upTo  int
		games stats.Trinomial
		pairs stats.Pentanomial
	}{
		{0, stats.Trinomial{}, stats.Pentanomial{}},
		{2, stats.Trinomial{Wins: 1, Losses: 1}, stats.Pentanomial{0, 0, 1, 0, 0}},
		{6, stats.Trinomial{Wins: 2, Draws: 1, Losses: 2}, stats.Pentanomial{0, 0, 1, 1, 0}},
	} {
		got, err := TallyOf(games, "A", tt.upTo)
		if err != nil {
			t.Fatal(err)
		}
		if got.Games != tt.games || got.Pairs != tt.pairs {
			t.Errorf("up to %d: %+v %v, want %+v %v", tt.upTo, got.Games, got.Pairs, tt.games, tt.pairs)
		}
	}
	if _, err := TallyOf(games, "C", 6); err == nil || !strings.Contains(err.Error(), "without C") {
		t.Errorf("games without the engine: error %v, want one naming it", err)
	}
	if _, err := TallyOf(append(games, games[2]), "A", 6); err == nil || !strings.Contains(err.Error(), "game 3 twice") {
		t.Errorf("a game twice: error %v, want one naming it", err)
	}
}

// TestClock plays games on a clock: an engine too slow for it loses on time (the PGN says so
// with Termination, TimeControl and %clk comments), one that keeps to it never does, and a
// silent one is killed and loses on time as well.
func TestClock(t *testing.T) {
	ops := openings.Builtin()[:1]
	tests := []struct {
		name       string
		a, b       string
		tc         TimeControl
		want       stats.Trinomial
		timeLosses [2]int
		reason     string
	}{
		// B needs 150 ms a move with 400 ms and no increment: its third move flags.
		{"B too slow", "", "delay=150", TimeControl{Base: 400 * time.Millisecond}, stats.Trinomial{Wins: 2}, [2]int{0, 2}, "lost on time: bestmove after"},
		// The increment pays for it: 150 ms a move, 200 ms back each move, 300 ms to start.
		{"increment saves B", "", "delay=150", TimeControl{Base: 300 * time.Millisecond, Inc: 200 * time.Millisecond},
			stats.Trinomial{Draws: 2}, [2]int{}, "plies played"},
		{"both fast", "", "", TimeControl{Base: 2 * time.Second}, stats.Trinomial{Draws: 2}, [2]int{}, "plies played"},
		{"A hangs", "hang=2", "", TimeControl{Base: time.Second, Inc: 100 * time.Millisecond}, stats.Trinomial{Losses: 2}, [2]int{2, 0}, "lost on time: no bestmove within"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			var log logs
			cfg := Config{
				Engines:  [2]player.Config{fakeEngine(t, "A", tt.a), fakeEngine(t, "B", tt.b)},
				Openings: ops, Games: 2, Clock: tt.tc,
				Timeout: 300 * time.Millisecond, Rules: Rules{MaxPlies: 16},
				PGN: &buf, Log: log.add, Date: time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC),
			}
			rep, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Games != tt.want || rep.TimeLosses != tt.timeLosses {
				t.Errorf("results %+v, time losses %v; want %+v, %v\nlog:\n%s\n%s", rep.Games, rep.TimeLosses, tt.want, tt.timeLosses, log.String(), buf.String())
			}
			if rep.Timed[0] == 0 || rep.Timed[1] == 0 {
				t.Errorf("moves on the clock %v, want some for each", rep.Timed)
			}
			if lost := tt.timeLosses[1] > 0; lost != (rep.MinLeft[1] <= 0) || rep.MinLeft[0] <= 0 && tt.timeLosses[0] == 0 {
				t.Errorf("least time left %v with time losses %v", rep.MinLeft, tt.timeLosses)
			}
			games, warns, err := record.ParsePGN(buf.String())
			if err != nil || len(warns) != 0 || len(games) != 2 {
				t.Fatalf("PGN: %d games, %v %v\n%s", len(games), err, warns, buf.String())
			}
			for _, g := range games {
				checkRecord(t, g, ops)
				if g.Tag("TimeControl") != tt.tc.String() {
					t.Errorf("TimeControl %q, want %q", g.Tag("TimeControl"), tt.tc.String())
				}
				forfeit := tt.timeLosses != [2]int{}
				if (g.Tag("Termination") == "time forfeit") != forfeit {
					t.Errorf("Termination %q, time losses %v", g.Tag("Termination"), tt.timeLosses)
				}
				if !strings.Contains(g.EndComment(), tt.reason) {
					t.Errorf("end comment %q, want %q", g.EndComment(), tt.reason)
				}
				// Every engine move (after the opening) has its clock.
				for i := len(ops[0].Moves); i < len(g.Moves); i++ {
					if !strings.HasPrefix(g.Moves[i].Comment, "[%clk 0:00:0") {
						t.Errorf("move %d: comment %q, want a %%clk under 10 s", i+1, g.Moves[i].Comment)
					}
				}
			}
		})
	}
}

func TestTimeControlAndClockFormat(t *testing.T) {
	for _, tt := range []struct {
		tc   TimeControl
		want string
	}{
		{TimeControl{Base: time.Minute}, "60+0"},
		{TimeControl{Base: 3 * time.Minute, Inc: 2 * time.Second}, "180+2"},
		{TimeControl{Base: 500 * time.Millisecond, Inc: 100 * time.Millisecond}, "0.5+0.1"},
	} {
		if got := tt.tc.String(); got != tt.want {
			t.Errorf("%v: %q, want %q", tt.tc, got, tt.want)
		}
	}
	for _, tt := range []struct {
		d    time.Duration
		want string
	}{
		{55*time.Second + 900*time.Millisecond, "0:00:55"},
		{3*time.Minute + 2*time.Second, "0:03:02"},
		{time.Hour + 61*time.Second, "1:01:01"},
		{9*time.Second + 990*time.Millisecond, "0:00:09.9"},
		{40 * time.Millisecond, "0:00:00.0"},
		{-time.Second, "0:00:00.0"},
	} {
		if got := FormatClock(tt.d); got != tt.want {
			t.Errorf("FormatClock(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestCharge(t *testing.T) {
	const ms = time.Millisecond
	tests := []struct {
		name      string
		clock     [2]time.Duration
		side      xiangqi.Color
		took, inc time.Duration
		wantLeft  time.Duration
		wantFlag  bool
		wantAfter [2]time.Duration
	}{
		{"red, no increment", [2]time.Duration{60000 * ms, 60000 * ms}, xiangqi.Red, 1500 * ms, 0, 58500 * ms, false, [2]time.Duration{58500 * ms, 60000 * ms}},
		{"black, increment added after", [2]time.Duration{180000 * ms, 180000 * ms}, xiangqi.Black, 5000 * ms, 2000 * ms, 175000 * ms, false, [2]time.Duration{180000 * ms, 177000 * ms}},
		{"increment outgrows the base", [2]time.Duration{1000 * ms, 1000 * ms}, xiangqi.Red, 100 * ms, 2000 * ms, 900 * ms, false, [2]time.Duration{2900 * ms, 1000 * ms}},
		{"one ms to spare", [2]time.Duration{300 * ms, 300 * ms}, xiangqi.Black, 299 * ms, 0, 1 * ms, false, [2]time.Duration{300 * ms, 1 * ms}},
		{"exactly used up: flagged", [2]time.Duration{300 * ms, 300 * ms}, xiangqi.Black, 300 * ms, 2000 * ms, 0, true, [2]time.Duration{300 * ms, 0}},
		{"over: flagged, no increment", [2]time.Duration{300 * ms, 300 * ms}, xiangqi.Red, 450 * ms, 2000 * ms, -150 * ms, true, [2]time.Duration{-150 * ms, 300 * ms}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.clock
			left, flag := charge(&c, tt.side, tt.took, tt.inc)
			if left != tt.wantLeft || flag != tt.wantFlag || c != tt.wantAfter {
				t.Errorf("charge = %v, %v, clock %v; want %v, %v, %v", left, flag, c, tt.wantLeft, tt.wantFlag, tt.wantAfter)
			}
		})
	}
}
