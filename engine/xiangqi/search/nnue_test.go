package search

import (
	"context"
	"testing"

	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/nnue"
)

// TestSearchWithNet searches with a network: a legal move comes back, the path's sums are
// unwound, and the score at the root is the network's; with the network taken away the hand
// evaluation is back.
func TestSearchWithNet(t *testing.T) {
	s := New(4)
	net := nnue.Random(16, 8, 3)
	s.SetNet(net)
	pos := xiangqi.NewPosition()
	res := s.Search(context.Background(), pos, nil, Limits{Depth: 4}, nil)
	if !pos.IsLegal(res.Best) {
		t.Fatalf("best move %v is not legal", res.Best)
	}
	if s.top != 0 {
		t.Fatalf("the accumulator stack ends at %d, want 0", s.top)
	}
	var acc nnue.Accumulator
	net.Refresh(&acc, pos)
	if got, want := s.eval(), net.Evaluate(&acc, pos.Turn()); got != want {
		t.Errorf("root eval %d, the network says %d", got, want)
	}
	s.SetNet(nil)
	s.Search(context.Background(), pos, nil, Limits{Depth: 1}, nil)
	if got, want := s.eval(), Evaluate(pos); got != want {
		t.Errorf("without the network: eval %d, hand evaluation %d", got, want)
	}
}
