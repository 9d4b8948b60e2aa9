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
// 60 moves (120 plies) without a capture draw, a threefold repetition draws unless one side
// checked (then it loses) or chased (then it loses) with every move of the repeated stretch
// (both: draw), and a draw when neither side has a piece that can cross the river.
// rules_oracle_test.go compares these with Fairy-Stockfish (ffish 0.7.10) on positions built
// for each rule. They agree on mate, stalemate, repetition, perpetual check, insufficient
// material and the simple chases, and differ here:
//   - Move limit: Fairy-Stockfish's xiangqi draws after 50 moves (100 plies), 60 only under
//     its UCCI protocol or after many checks; ours after 60 (120 plies).
//   - Chase target: Fairy-Stockfish's chase (AXF rules) must threaten one piece throughout the
//     repetition, followed as it moves; ours counts any new threat, so a piece threatening a
//     different piece each move loses here and draws there.
//   - New attack: Fairy-Stockfish takes a chariot or cannon that steps back along the line of a
//     piece it already attacks for a new attack; ours does not, so such a follow-up can lose
//     there and draw here.
//   - From its source (not in the table): Fairy-Stockfish also counts discovered threats,
//     threats made by pinning a defender, and an elephant's or advisor's threat on a bigger
//     piece, and ignores attacks between two pieces of one kind; ours counts only new threats
//     of the moved piece (see Position.chases).
//
// Speed: Position is a plain value (no pointers), copied freely. Moves are generated from
// per-square tables; a move is tested for leaving the general attacked only when its from
// or to square lies on the general's file or rank or next to it diagonally (or when in
// check), since no other move can open a line, a cannon screen or a horse leg toward it.
// GenerateLegal, GenerateCaptures, Make, Unmake, InCheck, IsLegal and Perft allocate nothing.
//
// Files:
//   - types.go: Color, Square, Kind, Piece, Move (UCCI h2e2 / ICCS H2-E2, ParseMove), MoveList.
//   - tables.go: per-square move and attack tables, Zobrist keys (fixed seed, so keys are the
//     same native and in wasm), which points each piece may stand on.
//   - position.go: Position, Make/Unmake, MakeNull/UnmakeNull.
//   - fen.go: ParseFEN (its doc lists what it checks) and FEN.
//   - movegen.go: attack test, legal and capture generation, IsLegal, InCheck, Status, Perft.
//   - game.go: Game, a record with undo/redo and PositionAt.
//   - rules.go: Game.Result: 60-move rule, repetition, perpetual check and chase,
//     insufficient material, with a reason to show.
//   - notation.go: Chinese (炮二平五) and WXF (C2.5) notation, write and parse; ParseAnyMove.
//
// Tests: perft_test.go (the reference counts to depth 5, 4 under GOOS=js and 3 under -short;
// QIPAN_SLOW=1 adds depth 6; BenchmarkPerft6 checks depth 6 too), oracle_test.go
// (differential test against Fairy-Stockfish through /work/shared/oracles: legal moves,
// check, board, mate results and WXF; QIPAN_ORACLE_N random positions and random games,
// 10,000 each, ~2 min; QIPAN_SEED),
// rules_oracle_test.go (each game-end rule against the oracle's result), fuzz_test.go
// (go test -fuzz FuzzParseFEN / FuzzParseMove), bench_test.go (perft nodes/s).
package xiangqi
