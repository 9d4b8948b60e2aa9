package variants_test

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"qipan/engine/protocol"
	"qipan/engine/protocol/protocoltest"
	"qipan/engine/protocol/variants"
)

func TestParseVariant(t *testing.T) {
	for _, tt := range []struct{ in, want, err string }{
		{"xiangqi", variants.Xiangqi, ""},
		{"Xiangqi", variants.Xiangqi, ""},
		{"reversi", variants.Reversi, ""},
		{"othello", variants.Reversi, ""},
		{"FLIPELLO", variants.Reversi, ""},
		{"chess", "", `unknown variant "chess"`},
		{"", "", "missing value"},
	} {
		got, err := variants.ParseVariant(tt.in)
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParseVariant(%q) = %q, %v; want %q, error containing %q", tt.in, got, err, tt.want, tt.err)
		}
	}
}

// TestSwitch: each way of naming the option switches the game; positions are per game.
func TestSwitch(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  []string // lines that must be in the output, in this order
		errs  int
	}{
		{"xiangqi by default", []string{"position startpos", "go perft 1"}, []string{"Nodes searched: 44"}, 0},
		{"UCI", []string{"setoption name UCI_Variant value reversi", "position startpos", "go perft 1"},
			[]string{"Nodes searched: 4"}, 0},
		{"UCCI", []string{"setoption variant reversi", "position startpos", "go perft 2"},
			[]string{"Nodes searched: 12"}, 0},
		{"alias othello", []string{"setoption variant othello", "go perft 1"}, []string{"Nodes searched: 4"}, 0},
		{"alias flipello", []string{"setoption name UCI_Variant value flipello", "go perft 1"}, []string{"Nodes searched: 4"}, 0},
		{"bad variant changes nothing", []string{"setoption name UCI_Variant value chess", "go perft 1"},
			[]string{"info string error: setoption variant: unknown variant \"chess\" (want xiangqi or reversi)", "Nodes searched: 44"}, 1},
		{"positions are per game", []string{
			"position startpos moves h2e2", // xiangqi: Black to move after a central cannon
			"setoption variant reversi",
			"position startpos moves f5", // reversi: 3 replies
			"go perft 1",
			"setoption variant xiangqi",
			"go perft 1",
			"setoption variant reversi",
			"go perft 1",
		}, []string{"Nodes searched: 3", "Nodes searched: 45", "Nodes searched: 3"}, 0}, // 45: Black's replies to h2e2
		{"reversi move refused in xiangqi", []string{"position startpos moves f5", "go perft 1"},
			[]string{"Nodes searched: 44"}, 1},
		{"xiangqi move refused in reversi", []string{"setoption variant reversi", "position startpos moves h2e2", "go perft 1"},
			[]string{"Nodes searched: 4"}, 1},
		{"probe is xiangqi's", []string{"setoption variant reversi", "probe startpos"},
			[]string{"info string error: probe: not supported in reversi"}, 1},
		{"back to xiangqi searches xiangqi", []string{"setoption variant reversi", "go depth 2", "setoption variant xiangqi",
			"setoption usebook false", "position startpos", "go depth 2"}, nil, 0},
	}
	for _, tt := range tests {
		out := protocoltest.Run(variants.New(protocol.WithSeed(1)), tt.lines...)
		i := 0
		for _, l := range out {
			if i < len(tt.want) && l == tt.want[i] {
				i++
			}
		}
		if i < len(tt.want) {
			t.Errorf("%s: no %q (in order) in %q", tt.name, tt.want[i], out)
		}
		n := 0
		for _, l := range out {
			if strings.HasPrefix(l, "info string error") {
				n++
			}
		}
		if n != tt.errs {
			t.Errorf("%s: %d errors, want %d: %q", tt.name, n, tt.errs, out)
		}
	}
}

// TestSearchPerGame: bestmove is in the current game's notation.
func TestSearchPerGame(t *testing.T) {
	out := protocoltest.Run(variants.New(protocol.WithSeed(1)), "uci", "setoption name UCI_Variant value reversi", "position startpos",
		"go depth 3", "setoption name UCI_Variant value xiangqi", "setoption name OwnBook value false", "position startpos", "go depth 3")
	var best []string
	for _, l := range out {
		if strings.HasPrefix(l, "bestmove ") {
			best = append(best, strings.Fields(l)[1])
		}
	}
	if len(best) != 2 || !slices.Contains([]string{"d3", "c4", "f5", "e6"}, best[0]) || len(best[1]) != 4 {
		t.Errorf("bestmoves %q, want a reversi opening move then a xiangqi move (%q)", best, out)
	}
}

func TestOptions(t *testing.T) {
	out := protocoltest.Run(variants.New(), "uci")
	for _, want := range []string{
		"option name UCI_Variant type combo default xiangqi var xiangqi var reversi",
		"option name Hash type spin min 0 max 1024 default 32",
		"option name Skill Level type spin min 1 max 10 default 10",
	} {
		if !slices.Contains(out, want) {
			t.Errorf("uci: no %q in %q", want, out)
		}
	}
	out = protocoltest.Run(variants.New(), "ucci")
	if !slices.Contains(out, "option variant type combo default xiangqi var xiangqi var reversi") {
		t.Errorf("ucci: no variant option in %q", out)
	}
	// An option goes to the current game, which judges it, and to the other if it takes it.
	for _, tt := range []struct {
		lines []string
		errs  int
	}{
		{[]string{"setoption multipv 20"}, 1},                              // xiangqi allows 1..8
		{[]string{"setoption variant reversi", "setoption multipv 20"}, 0}, // reversi 1..64
		{[]string{"setoption variant reversi", "setoption hashsize 32"}, 0},
		{[]string{"setoption variant reversi", "setoption level 0"}, 1},
		{[]string{"setoption nosuchoption 3"}, 0}, // unknown options are fine (UCCI)
	} {
		out := protocoltest.Run(variants.New(), tt.lines...)
		if n := len(slices.DeleteFunc(out, func(l string) bool { return !strings.HasPrefix(l, "info string error") })); n != tt.errs {
			t.Errorf("%q: %d errors, want %d", tt.lines, n, tt.errs)
		}
	}
}

// TestLevelForBoth: a level set while playing xiangqi also holds for reversi (level 1's noise
// makes its choice vary with the seed; level 10 always answers the same).
func TestLevelForBoth(t *testing.T) {
	choices := map[string]bool{}
	for seed := uint64(1); seed <= 12; seed++ {
		out := protocoltest.Run(variants.New(protocol.WithSeed(seed)), "setoption level 1", "setoption variant reversi",
			"position startpos moves f5 d6 c3 d3 c4", "go depth 3")
		for _, l := range out {
			if strings.HasPrefix(l, "bestmove ") {
				choices[strings.Fields(l)[1]] = true
			}
		}
	}
	if len(choices) < 2 {
		t.Errorf("level 1 picked %v over 12 seeds: the level did not reach the reversi engine", choices)
	}
}

// TestSider: UCI wtime/btime follow the game's side to move (Reversi's Black moves first).
func TestSider(t *testing.T) {
	e := variants.New()
	for _, tt := range []struct {
		lines []string
		want  bool
	}{
		{[]string{"position startpos"}, true},
		{[]string{"position startpos moves h2e2"}, false},
		{[]string{"setoption variant reversi", "position startpos moves f5"}, false},
		{[]string{"setoption variant reversi", "position fen XXXXXXXXXXXOOOXXXXXXXXOXXXOXXOOXXXXXXXOXXXOXOXXXXOXXXOOXOOOOOOO- O moves pass"}, true},
	} {
		protocoltest.Run(e, tt.lines...)
		if got := e.FirstToMove(); got != tt.want {
			t.Errorf("%q: FirstToMove %v, want %v", tt.lines, got, tt.want)
		}
		protocoltest.Run(e, "setoption variant xiangqi")
	}
}

// TestOneBudget: hashsize sizes whichever game is played, and switching releases the tables of
// the game left, so that its memory goes back to the heap (Go's wasm memory never shrinks:
// the next tables must fit in the freed pages).
func TestOneBudget(t *testing.T) {
	const mb = 1 << 20
	e := variants.New()
	s := protocol.New(e, func(string) {})
	s.Handle("setoption batch true")
	s.Handle("setoption usebook false")
	heap := func() int {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return int(m.HeapInuse)
	}
	steps := []struct {
		lines  []string
		xq, rv int // each game's table bytes after the lines
	}{
		{nil, 0, 0}, // nothing before the first search
		{[]string{"position startpos", "go depth 4"}, 32 * mb, 0}, // the default, both games'
		{[]string{"setoption name UCI_Variant value reversi", "position startpos", "go depth 4"}, 0, 32 * mb},
		{[]string{"setoption name Hash value 1", "go depth 4"}, 0, 1 * mb},
		{[]string{"setoption name Hash value 8", "setoption variant xiangqi", "go depth 4"}, 8 * mb, 0},
		{[]string{"setoption variant reversi", "go depth 4"}, 0, 8 * mb},
		{[]string{"setoption hashsize 0", "setoption variant xiangqi"}, 0, 0},
	}
	for _, st := range steps {
		before := heap()
		for _, l := range st.lines {
			s.Handle(l)
		}
		s.Finish() // waits for the search
		xq, rv := e.Xiangqi().TableBytes(), e.Reversi().TableBytes()
		if xq != st.xq || rv != st.rv || e.TableBytes() != xq+rv {
			t.Errorf("after %q: xiangqi %d, reversi %d bytes (total %d); want %d, %d", st.lines, xq, rv, e.TableBytes(), st.xq, st.rv)
		}
		t.Logf("after %q: heap in use %.1f MB (was %.1f)", st.lines, float64(heap())/mb, float64(before)/mb)
	}
	if h := heap(); h > 8*mb {
		t.Errorf("no tables held, yet %.1f MB of heap in use: the released tables were not collected", float64(h)/mb)
	}
}

// TestOneDefault: both games offer the same Hash default, so a GUI that sends the options it
// was shown sets one budget for both.
func TestOneDefault(t *testing.T) {
	def := func(opts []protocol.Option) string {
		for _, o := range opts {
			if o.Name == "hashsize" {
				return o.Default
			}
		}
		return "none"
	}
	e := variants.New()
	if x, r := def(e.Xiangqi().Options()), def(e.Reversi().Options()); x != r || x == "none" {
		t.Errorf("Hash defaults: xiangqi %s, reversi %s; want one value", x, r)
	}
}
