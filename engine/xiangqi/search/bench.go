package search

import (
	"context"

	"qipan/engine/xiangqi"
)

// BenchFENs are the positions of the bench signature: the start, openings, middlegames and
// endings (taken from self-play after well-known openings). Changing them changes the
// signature.
var BenchFENs = []string{
	xiangqi.StartFEN,
	"r1bakabr1/9/2n3n2/p1p1p3p/2c6/9/PR2P3P/2N1C1N1B/9/R1BAKA3 b - - 3 11",
	"rn1akab2/2c6/4b1n2/pc2p4/2p3p2/8R/P1P1P1P1P/1CN1C1N2/4A2r1/R1B1KAB2 b - - 10 10",
	"r2akabr1/9/2n1b1n2/p3p1N1p/2p6/2P3P2/P3c3P/2C1C4/4A4/R1BAK1B1R b - - 5 10",
	"r2akab1r/3n5/4b1n2/p1p1pN2p/6p2/2c6/P3P1PcP/4C2C1/9/1RBAKABNR b - - 3 9",
	"1rbakabnr/9/4c4/p3n3p/2p1N4/6P2/P1c1P3P/1CN1C4/4A4/1RB1KAB1R b - - 4 9",
	"3akab2/1R7/1Rn1N4/p3p3p/2c6/9/P3P1n1P/B2C2N2/3rA1r2/3AK1B2 b - - 0 24",
	"4kab2/4a4/1r2b1n2/p3p3p/5r3/PCP2n3/1R3R2P/4C4/4A4/2BAK1B2 b - - 7 23",
	"2ba1ab2/2N2k3/r1n6/p1R1p3p/c8/9/P3P3r/4C3B/9/1RBAKA3 b - - 7 23",
	"2b1k1b2/1C2a4/2n6/p6np/2p1N4/1R2c4/P1c5P/2N1C4/4A4/2B1KABr1 b - - 3 22",
	"1C1a1N3/9/1R1c1k3/p8/2C1P1b2/9/P2r5/4B4/9/2B1K4 b - - 2 43",
	"4kab2/4a4/9/p1P3C2/8p/2Cr5/P3p4/2R6/4A4/2B1KAB2 b - - 13 42",
	"R5b2/4ak3/4b4/1r6p/p8/9/P7P/B3CnN2/5K3/5A3 b - - 3 42",
	"9/1N2ak3/4b1n2/R7p/4N4/9/4c2r1/4B4/4A4/4KAB2 b - - 1 42",
}

// BenchHashMB is the table size of a bench run, fixed so the signature does not depend on
// the engine's hash option.
const BenchHashMB = 16

// Bench searches each of BenchFENs to depth with a fresh searcher state (same table size
// everywhere, so native and wasm count the same nodes) and calls each with the position's
// index and result. It returns the total nodes; a cancelled ctx stops it early.
func Bench(ctx context.Context, depth int, poll func(), each func(i int, r Result)) uint64 {
	s := New(BenchHashMB)
	var total uint64
	for i, fen := range BenchFENs {
		if ctx.Err() != nil {
			break
		}
		p, err := xiangqi.ParseFEN(fen)
		if err != nil {
			panic("search: bad bench FEN " + fen + ": " + err.Error())
		}
		s.Clear()
		r := s.Search(ctx, p, nil, Limits{Depth: depth, Poll: poll}, nil)
		total += r.Nodes
		if each != nil {
			each(i, r)
		}
	}
	return total
}
