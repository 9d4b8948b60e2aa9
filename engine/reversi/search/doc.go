// Package search is Reversi's search (the Searcher, as engine/xiangqi/search's is xiangqi's): a
// midgame search, an exact endgame solver, playing levels and hints, for positions of package
// reversi. engine/protocol/rvengine adapts it to the protocol.
//
// Scores are for the side to move, in centi-discs (100 = one disc). A Midgame score is an
// evaluation; an Exact score is the final disc difference times 100, with the empty squares
// given to the winner; a WLD score is +100 (win), 0 (draw) or -100 (loss).
//
// API (what a protocol adapter needs):
//
//	e := search.New() // or NewSized(mb): the midgame and endgame tables within mb megabytes
//	err := e.SetPosition(boardText, []string{"f5", "d6", "pass"}) // "" = the initial position
//	res := e.Search(ctx, search.Limits{Level: 7, Time: 2 * time.Second, Yield: f}, progress)
//	hints := e.Hints(ctx, search.Limits{Level: 5}, nil) // every legal move scored
//
// Search stops at ctx's cancellation, the time or node limit, and returns the best move found.
// Limits.Yield is called every ~1000 nodes (in wasm: yield to the JS event loop). No printing.
//
// Features and files:
//   - search.go: Searcher, levels 1–10, iterative deepening PVS (NegaScout) with a transposition
//     table, move ordering (hash move, opponent mobility, corners, shallow evaluation), the
//     automatic switch to a WLD or exact solve near the end, weak levels' randomness, hints
//   - eval.go: the hand evaluation (mobility, potential mobility, corners, X/C squares, stable
//     edges, parity), weights by game phase; PatternEval (Limits.Eval, the default from level
//     patternFrom) adds to it pattern.Midgame, a pattern evaluation for every stage fitted to
//     what the hand evaluation misses (cmd/reversi-train games, fit -stages)
//   - probcut.go: Multi-ProbCut (Limits.ProbCut, with PatternEval only; the protocol adapter,
//     engine/protocol/rvengine, turns it on by default), from measured statistics of shallow
//     against deep scores
//   - solve.go: exact/WLD endgame solver: null-window search with a table, fastest-first
//     ordering and, from 14 empties, a small search on the pattern evaluation (package
//     pattern, weights fitted by cmd/reversi-train), enhanced transposition cutoff, stability
//     cutoff, parity ordering near the end
//   - shallow.go: the last four empties unrolled
//   - tt.go: transposition tables
package search
