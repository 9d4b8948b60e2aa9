// Package xiangqi implements the rules of Xiangqi (Chinese chess): board, FEN, legal move
// generation, make/unmake, check, mate and stalemate, and a game record.
//
// Conventions: squares 0..89 = rank*9 + file; file 0 is 'a' (Red's left), rank 0 is Red's
// back rank, so UCCI coordinates run a0..i9. Red moves first; FEN side w (also r) = Red,
// b = Black. Stalemate (no legal move) loses in xiangqi, like checkmate.
//
// Files:
//   - types.go: Color, Square, Kind, Piece, Move (UCCI/ICCS), MoveList.
//   - tables.go: per-square move and attack tables, Zobrist keys (fixed seed).
//   - position.go: Position (a copyable value), Make/Unmake, null move.
//   - fen.go: ParseFEN (with the validity checks it makes) and FEN.
//   - movegen.go: attack test, legal and capture generation, IsLegal, InCheck, Status, Perft.
//   - game.go: Game, a record with undo/redo.
package xiangqi
