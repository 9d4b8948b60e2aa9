// Package record reads and writes xiangqi game records: PGN (as xqbase and most Chinese
// programs write it), DhtmlXQ (the board Chinese blogs embed) and, read only, XQF (the
// binary files of 象棋演播室 XQStudio). A Game holds tags, the start position, the result
// and a tree of moves: Game.Moves is the main line (what a record without variations
// holds); each Move carries the comment after it, its NAGs (PGN's $n; 1-6 are the symbols
// ! ? !! ?? !? ?!) and its Variations, the lines played instead of it from the position
// before it, each with a comment before its first move. Variations nest at most MaxDepth
// deep. Every reader replays every line with engine/xiangqi, so a record that reads is
// legal; bad input is an *Error naming the line and column (in characters), or for XQF an
// *XQFError naming the byte offset, never a panic. A variation holding a move that cannot
// be read is skipped and reported, with its place, among the Warnings (with what else a
// reader skips: stray comments, unknown Format, …); nothing else of the game is lost.
//
// PGN read: tags [Name "Value"] (\" and \\ escapes); FEN and Format (ICCS, WXF, Chinese:
// each move is read in that notation, falling back with a warning to any notation; without
// Format each move is read in whichever notation it is); move numbers (1. 1... 1.H2-E2);
// moves in ICCS (H2-E2, h2e2), WXF (C2.5, C2=5), Chinese (炮二平五, 炮８平５, 砲二平五) or
// Fairy-Stockfish's SAN with ranks 1-10, as pychess.org exports (Che3, Hg8, Cxe7+);
// full-width forms (Ｃ２＝５, １．) and moves glued together (Ｃ２＝５Ｈ８＋７) as some
// databases write them; {…} and ; comments, attached to the move before them, or to the
// game or variation before its first move; ( … ) variations, nested; $n and the glyphs
// ! ? !! ?? !? ?! (after a move or on their own) as NAGs; the result token (1-0 0-1
// 1/2-1/2 *; it wins over a different Result tag, with a warning). Several games per file.
//
// PGN write: tags in their order (Result among the roster tags), FEN (when not the initial
// position), Format; moves in ICCS (default), WXF or Chinese (simplified or traditional),
// a symbol as a glyph after its move and other NAGs as $n; the main line's comments on
// lines of their own, variations in brackets after their move. Writing what was read and
// reading it again gives the same Game.
//
// Files: record.go (Game, Tag, Move, Variation, Result, MoveStyle, Error, Warning),
// pgn_read.go, pgn_write.go, san.go (reading Fairy-Stockfish SAN), dhtmlxq.go and xqf.go
// (format notes at their tops). Tests: pgn_test.go, dhtmlxq_test.go, tree_test.go
// (annotated records, bad input, random trees through every format, BenchmarkParseTree),
// xqf_test.go (files written from the format's notes, every version, truncations),
// roundtrip_test.go (random legal games through every writer and back), fuzz_test.go and
// FuzzParseXQF (go test -fuzz FuzzParsePGN / FuzzParseDhtmlXQ / FuzzParseXQF; seeds in
// testdata/fuzz).
package record
