package nnue_test

import (
	"testing"

	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/search"
)

// The hand evaluation's cost on the positions of BenchmarkUpdateEvaluate (outside package nnue:
// the search imports it).

// BenchmarkHandEvaluate is today's evaluation of the same positions (after each move).
func BenchmarkHandEvaluate(b *testing.B) {
	pos, _ := xiangqi.ParseFEN("r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 w - - 0 1")
	moves := pos.LegalMoves()
	sum := 0
	for i := range b.N {
		m := moves[i%len(moves)]
		u := pos.Make(m)
		sum += search.Evaluate(pos)
		pos.Unmake(m, u)
	}
	_ = sum
}

// BenchmarkMakeUnmake is the move's own cost inside BenchmarkHandEvaluate, to subtract.
func BenchmarkMakeUnmake(b *testing.B) {
	pos, _ := xiangqi.ParseFEN("r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 w - - 0 1")
	moves := pos.LegalMoves()
	for i := range b.N {
		m := moves[i%len(moves)]
		u := pos.Make(m)
		pos.Unmake(m, u)
	}
}
