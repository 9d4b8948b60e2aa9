package protocol

import (
	"context"
	"errors"
	"testing"
)

// tables is a searcher for TestSettings: its size and whether it was cleared.
type tables struct {
	mb      int
	cleared bool
}

func TestSettings(t *testing.T) {
	made := 0
	s := NewSettings(32, 8, func(mb int) *tables { made++; return &tables{mb: mb} },
		func(x *tables) int { return x.mb << 20 }, func(x *tables) { x.cleared = true })
	if s.HashMB() != 32 || s.Level() != MaxLevel || s.MultiPV() != 1 || s.Peek() != nil || s.TableBytes() != 0 {
		t.Fatalf("defaults: hash %d, level %d, multipv %d, searcher %v, %d bytes", s.HashMB(), s.Level(),
			s.MultiPV(), s.Peek(), s.TableBytes())
	}
	s.NewGame() // no searcher: nothing to clear
	if x := s.Searcher(); x.mb != 32 || s.Searcher() != x || made != 1 || s.TableBytes() != 32<<20 {
		t.Fatalf("Searcher made %d searchers, of %d MB (%d bytes)", made, x.mb, s.TableBytes())
	}
	s.NewGame()
	if !s.Peek().cleared {
		t.Error("NewGame did not clear the searcher")
	}
	for _, tt := range []struct {
		name, value string
		ok          bool
	}{
		{"hashsize", "32", true}, {"level", "3", true}, {"multipv", "8", true},
		{"hashsize", "-1", false}, {"hashsize", "2000", false}, {"level", "0", false}, {"level", "11", false},
		{"multipv", "9", false}, {"multipv", "x", false},
	} {
		if err := s.SetOption(tt.name, tt.value); (err == nil) != tt.ok {
			t.Errorf("SetOption(%s, %q) = %v, want ok %v", tt.name, tt.value, err, tt.ok)
		}
	}
	if s.Level() != 3 || s.MultiPV() != 8 || s.Peek() == nil {
		t.Errorf("after the options: level %d, multipv %d, searcher kept %v; want 3, 8, true (the same size)",
			s.Level(), s.MultiPV(), s.Peek() != nil)
	}
	if err := s.SetOption("hashsize", "4"); err != nil || s.Peek() != nil || s.HashMB() != 4 {
		t.Errorf("hashsize 4: %v, searcher kept %v, %d MB; want it released", err, s.Peek() != nil, s.HashMB())
	}
	if s.Searcher().mb != 4 {
		t.Errorf("the next searcher has %d MB, want 4", s.Peek().mb)
	}
	if err := s.SetOption("hashsize", "0"); err != nil || s.HashMB() != 32 {
		t.Errorf("hashsize 0: %v, %d MB; want the default 32", err, s.HashMB())
	}
	if err := s.SetOption("usebook", "true"); !errors.Is(err, ErrUnknownOption) {
		t.Errorf("usebook: %v, want ErrUnknownOption", err)
	}
	if o := s.MultiPVOption(); o.Max != 8 || o.Name != "multipv" {
		t.Errorf("MultiPVOption = %+v", o)
	}
}

func TestSetBool(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  bool
		err   bool
	}{{"true", true, false}, {"On", true, false}, {"false", false, false}, {"OFF", false, false},
		{"maybe", true, true}, {"", true, true}} {
		b := true
		if err := SetBool(&b, tt.value); (err != nil) != tt.err || b != tt.want {
			t.Errorf("SetBool(%q) = %v, %v; want %v, error %v", tt.value, b, err, tt.want, tt.err)
		}
	}
	if o := CheckOption("probcut", "ProbCut", true); o.Type != "check" || o.Default != "true" {
		t.Errorf("CheckOption = %+v", o)
	}
}

func TestConfig(t *testing.T) {
	if c := NewConfig(); c.Yield != nil || c.Seeded || c.Poll(context.Background()) != nil {
		t.Errorf("NewConfig() = %+v, want no yield, no seed", c)
	}
	var got context.Context
	ctx := context.WithValue(context.Background(), tables{}, 1)
	c := NewConfig(WithSeed(0), WithYield(func(ctx context.Context) { got = ctx }))
	if !c.Seeded || c.Seed != 0 {
		t.Errorf("WithSeed(0): %+v, want seeded with 0", c)
	}
	c.Poll(ctx)()
	if got != ctx {
		t.Error("Poll did not call Yield with its context")
	}
}

// TestPerftRun: the depth's range, the stop check every n calls (yielding first), and no root
// count once stopped.
func TestPerftRun(t *testing.T) {
	root := func(string, uint64) {}
	for _, d := range []int{0, 9} {
		if _, err := StartPerft(context.Background(), d, 8, 4, nil, root); err == nil {
			t.Errorf("depth %d of 1..8 accepted", d)
		}
	}
	var roots []string
	r, err := StartPerft(context.Background(), 3, 8, 4, nil, func(m string, n uint64) { roots = append(roots, m) })
	if err != nil {
		t.Fatal(err)
	}
	for range 100 {
		if r.Stopped() {
			t.Fatal("stopped without a cancel")
		}
	}
	r.Root("a", 2)
	r.Root("b", 3)
	if n, err := r.Result(); n != 5 || err != nil || len(roots) != 2 {
		t.Errorf("Result = %d, %v after roots %q; want 5", n, err, roots)
	}

	ctx, cancel := context.WithCancelCause(context.Background())
	yields := 0
	r, _ = StartPerft(ctx, 3, 8, 4, func(context.Context) { yields++ }, root)
	cancel(errors.New("halt"))
	for i := 1; i <= 3; i++ {
		if r.Stopped() {
			t.Fatalf("stopped at call %d, before the check every 4 calls", i)
		}
	}
	if !r.Stopped() || !r.Stopped() || yields != 1 {
		t.Errorf("after the 4th call: stopped %v, yields %d; want stopped, 1", r.Stopped(), yields)
	}
	if r.Root("a", 1) {
		t.Error("Root took a count after the stop")
	}
	if _, err := r.Result(); err == nil || err.Error() != "halt" {
		t.Errorf("Result after the stop: %v, want the cause", err)
	}
}
