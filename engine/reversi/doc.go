// Package reversi implements the rules of Reversi (Othello) on 64-bit bitboards.
//
// Conventions:
//   - Squares 0..63 = row*8 + column, a1 (0) top-left, h1 (7), a8 (56) bottom-right row, as in
//     Othello transcripts ("f5" = column f, row 5 from the top). Bit i of a bitboard is square i.
//   - Black (X) moves first. A Position stores the discs side-relatively, as Edax does:
//     P = the side to move, O = the opponent, plus Turn for the colour of P.
//   - A side with no legal move must pass; Pass is then its only legal move. The game is over
//     when neither side can move.
//   - Final score (Score, FinalScore): disc difference with the empty squares given to the winner
//     (the tournament convention; also Edax's). A draw leaves empties to nobody.
//   - Perft counts a forced pass as a move and a finished game as a leaf at any remaining depth
//     (the common convention; Fairy-Stockfish's own perft counts a finished game as no leaf).
//
// Files:
//   - bitboard.go: legal-move generation (parallel-prefix shifts), flips (bit-scan along rays)
//   - position.go: Position, Make/Unmake, status, result
//   - perft.go: perft
//   - game.go: game record with undo/redo
//   - text.go: board text and transcript notation, parse and write
//   - stability.go: discs that can never be flipped (used by the endgame solver)
package reversi
