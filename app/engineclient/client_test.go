package engineclient

import (
	"slices"
	"strconv"
	"testing"
)

// TestRankedLines: analysis's lines as the engine reports them, each when it finishes: while
// an iteration runs, its finished lines come first and the last iteration's fill the rest,
// so no line goes missing when a deeper one starts with the move an older one started with.
func TestRankedLines(t *testing.T) {
	tests := []struct {
		name string
		said []string
		want []string // each line's depth and first move
	}{
		{"one iteration", []string{
			"info depth 8 multipv 1 score 30 pv h2e2 h9g7",
			"info depth 8 multipv 2 score 20 pv b0c2 b9c7",
			"info depth 8 multipv 3 score 10 pv c0e2 h9g7",
		}, []string{"8 h2e2", "8 b0c2", "8 c0e2"}},
		{"the next iteration's first line, the old third's move", []string{
			"info depth 8 multipv 1 score 30 pv h2e2 h9g7",
			"info depth 8 multipv 2 score 20 pv b0c2 b9c7",
			"info depth 8 multipv 3 score 10 pv c0e2 h9g7",
			"info depth 9 multipv 1 score 25 pv c0e2 h9g7 h0g2",
		}, []string{"9 c0e2", "8 h2e2", "8 b0c2"}},
		{"the next iteration's first two lines", []string{
			"info depth 8 multipv 1 score 30 pv h2e2 h9g7",
			"info depth 8 multipv 2 score 20 pv b0c2 b9c7",
			"info depth 8 multipv 3 score 10 pv c0e2 h9g7",
			"info depth 9 multipv 1 score 25 pv c0e2 h9g7 h0g2",
			"info depth 9 multipv 2 score 22 pv g3g4 h9g7 h0g2",
		}, []string{"9 c0e2", "9 g3g4", "8 h2e2"}},
		{"a search of one line", []string{
			"info depth 8 score 30 pv h2e2 h9g7",
			"info depth 9 score 25 pv b0c2 h9g7",
		}, []string{"9 b0c2"}},
		{"the first iteration, half done", []string{
			"info depth 1 multipv 1 score 30 pv h2e2",
		}, []string{"1 h2e2"}},
		{"the next iteration done", []string{
			"info depth 8 multipv 1 score 30 pv h2e2 h9g7",
			"info depth 8 multipv 2 score 20 pv b0c2 b9c7",
			"info depth 8 multipv 3 score 10 pv c0e2 h9g7",
			"info depth 9 multipv 1 score 25 pv c0e2 h9g7 h0g2",
			"info depth 9 multipv 2 score 24 pv h2e2 h9g7 h0g2",
			"info depth 9 multipv 3 score 15 pv b0c2 b9c7 h0g2",
		}, []string{"9 c0e2", "9 h2e2", "9 b0c2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := New("xiangqi")
			e.Said("info string ready")
			e.Sync(Search{Pos: "position startpos", Kind: Analysis, Go: "go infinite"})
			for _, l := range tt.said {
				e.Said(l)
			}
			var got []string
			for _, r := range e.Ranked() {
				got = append(got, strconv.Itoa(r.Depth)+" "+r.PV[0])
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Ranked: %q, want %q", got, tt.want)
			}
		})
	}
}
