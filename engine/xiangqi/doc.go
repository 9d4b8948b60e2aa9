// Package xiangqi implements the rules of Xiangqi (Chinese chess): board, FEN, legal move
// generation, make/unmake, check, mate and stalemate, a game record with the game-end rules,
// and the move notations (coordinates, WXF, Chinese).
//
// Conventions: squares 0..89 = rank*9 + file; file 0 is 'a' (Red's left), rank 0 is Red's
// back rank, so UCCI coordinates run a0..i9. Red moves first; FEN side w (also r) = Red,
// b = Black. Kind runs 1..7 (General..Soldier, 0 = NoKind); Piece = Kind | Color<<3.
// A side with no legal move loses, whether in check (checkmate) or not (stalemate).
// Perft counts leaves of the legal tree, bulk-counted at the last ply.
//
// Rules: besides mate and stalemate, Game.Result applies the game-end rules of rules.go:
// 60 moves (120 plies) without a capture draw, a draw when neither side has a piece that can
// cross the river, and the repetition rules below.
//
// Repetition (the Asian/WXF rules as the WXF rules manual's worked examples apply them; all
// 101 examples of ../shared/reference/repetition-wxf.tsv are ruled as the manual rules them,
// TestRepetitionCases). When a position occurs the third time since the last capture, the
// stretch since its first occurrence is judged move by move:
//
//   - Perpetual check: a side that gave check with every one of its moves in the stretch
//     loses. Check is judged first: a side that checks throughout loses even if the other
//     side chases throughout ("the checking side must change").
//
//   - Perpetual chase: a side that chased one and the same enemy piece with every one of its
//     moves loses. The piece is followed as it moves, and it may be chased by different
//     pieces in turn. A move chases a piece when, after it, a piece of the mover newly
//     attacks it and could win it: directly (the moved piece), or by discovery (a cannon's
//     screen moved in or out, a chariot's line or a horse's leg or an elephant's eye
//     cleared). "Could win it" means the piece has no true protector, or it is worth more
//     than its attacker: a chariot attacked by a horse or cannon, a chariot, horse or cannon
//     attacked by an advisor or elephant, whether protected or not.
//
//   - False protection: a protector that is pinned to its general (moving it would expose the
//     general, including to the facing general) protects nothing, and a general whose
//     recapture would face the enemy general is no protector; a move that newly pins the only
//     protector of a piece that an unpinned enemy piece attacks chases that piece, and a move
//     that prepares a discovered check chases what the discovering piece attacks unless the
//     general can take it back safely.
//
//   - Not a chase: attacks by the general and by soldiers; attacks on the general and on
//     soldiers that have not crossed the river; attacks on a truly protected piece (except a
//     chariot attacked by a horse or cannon, as above); "offers" where the attacked piece is
//     of the attacker's kind and attacks it back (a chariot facing a chariot, a cannon facing a
//     cannon, a horse a horse that can take it back); a piece that stays on its line only
//     keeps an old attack (a chariot or cannon sliding along the line of a piece it already
//     attacks makes no new attack, unless stepping back clears its own line to it).
//
//   - Alternating chases: chasing one piece, then another (two pieces of one side, or one piece
//     and then a soldier) is no perpetual chase: the same piece must be chased by every move
//     (the manual's diagram 80: two chariots each chasing a cannon in turn draw).
//
//   - One check and one chase: a side that alternates checks with chases has not checked
//     throughout, and is punished for the chase only if every one of its moves, the checks
//     included, chases the same piece (a checking move that also attacks it). Counting every
//     check as a chase instead gets four of the manual's examples wrong (e.g. example 52:
//     Black's check-and-attack does not offset Red's perpetual chase; Red loses).
//
//   - Both sides offending the same rule (both check, or neither checks and both chase): draw.
//
//   - Idle repetition (nobody checks or chases throughout): draw.
//
//     So the side that must change is the one that alone checks, or (when nobody checks
//     throughout) the one that alone chases; otherwise neither must, and the repetition draws.
//     The search (package search) scores a repetition it meets by the same rules.
//
// rules_oracle_test.go compares these with Fairy-Stockfish (ffish 0.7.10, whose chase test
// this rule set follows) on positions built for each rule and on random repetition loops
// (TestOracleRepetitionLoops; `QIPAN_SEED=1 QIPAN_REPETITION_LOOPS=20000 go test -count=1
// -run TestOracleRepetitionLoops -v ./engine/xiangqi/`, ~3 min: of 20,000 loops, perpetual
// check 3,133 of 3,133 agree, chase 4,571 of 4,572, idle 12,295 of 12,295). They differ here
// (each difference met is a row of ruleCases with its reason):
//   - Elephant over the river: Fairy-Stockfish's chase test lets an elephant on the river's
//     edge threaten a piece across the river when its eye is free; an elephant cannot cross
//     the river, so by the rules it threatens nothing there (a soldier stepping off the eye
//     of such an elephant "chases" a chariot there).
//   - Advisor outside the palace: likewise Fairy-Stockfish takes an advisor on the palace's
//     edge for the protector of a piece diagonally next to it outside the palace, and so a
//     move that pins that advisor for a chase of the piece (the one chase loop of the 20,000
//     that differs); an advisor cannot leave the palace, so it never protected the piece.
//   - Move limit: Fairy-Stockfish's xiangqi draws after 50 moves (100 plies), 60 only under
//     its UCCI protocol or after many checks; ours after 60 (120 plies).
//   - The stretch (read from its source, not met in the tests, which start each loop from its
//     FEN): Fairy-Stockfish also counts, for the side that moved last, the move that first
//     reached the repeated position (even when it is no part of the cycle); we judge the moves
//     of the stretch only, so a cycle entered by a different move is ruled the same as any
//     other turn of it.
//
// Speed: Position is a plain value (no pointers), copied freely. Moves are generated from
// per-square tables; a move is tested for leaving the general attacked only when its from
// or to square lies on the general's file or rank or next to it diagonally (or when in
// check), since no other move can open a line, a cannon screen or a horse leg toward it.
// GenerateLegal, GenerateCaptures, Make, Unmake, InCheck, IsLegal and Perft allocate nothing,
// nor does Cycle.Judge (the search's repetition ruling, run only where a position recurs).
//
// Files:
//   - types.go: Color, Square, Kind, Piece, Move (UCCI h2e2 / ICCS H2-E2, ParseMove), MoveList.
//   - tables.go: per-square move and attack tables, Zobrist keys (fixed seed, so keys are the
//     same native and in wasm), which points each piece may stand on.
//   - position.go: Position, Make/Unmake, MakeNull/UnmakeNull.
//   - fen.go: ParseFEN (its doc lists what it checks) and FEN.
//   - movegen.go: attack test, legal and capture generation, IsLegal, InCheck, Status, Perft.
//   - game.go: Game, a record with undo/redo and PositionAt.
//   - rules.go: Game.Result: 60-move rule, repetition, insufficient material, with a reason
//     to show (naming the chased piece of a perpetual chase).
//   - repetition.go: the repetition rulings: what a move chases, the ruling of a repeated
//     stretch, and Cycle, which rebuilds a stretch from its keys for the search.
//   - notation.go: Chinese (炮二平五) and WXF (C2.5) notation, write and parse; ParseAnyMove.
//
// Tests: perft_test.go (the reference counts to depth 5, 4 under GOOS=js and 3 under -short;
// QIPAN_SLOW=1 adds depth 6; BenchmarkPerft6 checks depth 6 too), oracle_test.go
// (differential test against Fairy-Stockfish through /work/shared/oracles: legal moves,
// check, board, mate results and WXF; QIPAN_ORACLE_N random positions and random games,
// 10,000 each, ~2 min; QIPAN_SEED),
// rules_oracle_test.go (each game-end rule against the oracle's result; random repetition
// loops, QIPAN_REPETITION_LOOPS, 200 by default), repetition_test.go (the WXF manual's
// examples, plus the case files in $QIPAN_REPETITION_CASES, colon-separated), fuzz_test.go
// (go test -fuzz FuzzParseFEN / FuzzParseMove), bench_test.go (perft nodes/s).
package xiangqi
