package protocol

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"
)

// siderEngine is a fakeEngine whose FEN's last field says who moves ("first" or "second"),
// flipped by every move, the way a Reversi position would be read; its searches report a Note.
type siderEngine struct {
	fakeEngine
	first bool
}

func (e *siderEngine) SetPosition(fen string, moves []string) error {
	if err := e.fakeEngine.SetPosition(fen, moves); err != nil {
		return err
	}
	f := strings.Fields(fen)
	e.first = f[len(f)-1] != "second"
	if len(moves)%2 == 1 {
		e.first = !e.first
	}
	return nil
}

func (e *siderEngine) FirstToMove() bool { return e.first }

func (e *siderEngine) Search(ctx context.Context, lim Limits, progress func(Info)) Result {
	e.lastLim = lim
	progress(Info{Depth: 20, Score: 600, PV: []string{"h2e2"}, Note: "exact"})
	return Result{Best: "h2e2"}
}

func TestSider(t *testing.T) {
	const fen = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1 second" // "w", but the engine says second
	tests := []struct {
		pos       string
		own, opp  time.Duration
		wantFirst bool
	}{
		{"position fen " + fen, 2 * time.Second, time.Second, false},
		{"position fen " + fen + " moves h2e2", time.Second, 2 * time.Second, true},
		{"position startpos", time.Second, 2 * time.Second, true},
		{"position startpos moves h2e2", 2 * time.Second, time.Second, false},
	}
	for _, tt := range tests {
		e, r := &siderEngine{}, newRecorder()
		s := New(e, r.out)
		s.Handle(tt.pos)
		s.Handle("go wtime 1000 btime 2000")
		waitIdle(t, s)
		if e.lastLim.Time != tt.own || e.lastLim.OppTime != tt.opp {
			t.Errorf("%s: own time %v, opponent's %v; want %v, %v", tt.pos, e.lastLim.Time, e.lastLim.OppTime, tt.own, tt.opp)
		}
		want := []string{"info depth 20 score 600 nodes 0 time 0 pv h2e2", "info string exact", "bestmove h2e2"}
		if got := r.all(); !slices.Equal(got, want) {
			t.Errorf("%s: wrote %q, want %q (the note on its own line after the info line)", tt.pos, got, want)
		}
	}
}

func TestComboOption(t *testing.T) {
	o := Option{Name: "variant", UCIName: "UCI_Variant", Type: "combo", Default: "xiangqi", Vars: []string{"xiangqi", "reversi"}}
	for _, tt := range []struct {
		d    dialect
		want string
	}{
		{dialectUCI, "UCI_Variant type combo default xiangqi var xiangqi var reversi"},
		{dialectUCCI, "variant type combo default xiangqi var xiangqi var reversi"},
	} {
		if got := o.format(tt.d); got != tt.want {
			t.Errorf("format(%d) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestSpinValue(t *testing.T) {
	for _, c := range []struct {
		value   string
		want    int
		wantErr string
	}{
		{"1", 1, ""},
		{"10", 10, ""},
		{"0", 0, `bad level "0" (want 1..10)`},
		{"11", 0, `bad level "11" (want 1..10)`},
		{"x", 0, `bad level "x" (want 1..10)`},
		{"", 0, `bad level "" (want 1..10)`},
	} {
		n, err := SpinValue("level", c.value, 1, 10)
		if c.wantErr != "" {
			if err == nil || err.Error() != c.wantErr {
				t.Errorf("SpinValue(%q) error %v, want %q", c.value, err, c.wantErr)
			}
			continue
		}
		if err != nil || n != c.want {
			t.Errorf("SpinValue(%q) = %d, %v; want %d", c.value, n, err, c.want)
		}
	}
}
