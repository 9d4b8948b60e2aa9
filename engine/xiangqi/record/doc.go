// Package record reads and writes xiangqi game records: PGN (as xqbase and most Chinese
// programs write it) and DhtmlXQ (the board Chinese blogs embed). A Game holds tags, the
// start position, moves each with the comment after it, a game comment and the result.
// Every reader replays the moves with engine/xiangqi, so a record that reads is a legal
// game; bad input is an *Error naming the line and column (in characters), never a panic.
// What a reader skips (variations, stray comments, unknown Format) comes back as Warnings.
//
// PGN read: tags [Name "Value"] (\" and \\ escapes); FEN and Format (ICCS, WXF, Chinese:
// each move is read in that notation, falling back with a warning to any notation; without
// Format each move is read in whichever notation it is); move numbers (1. 1... 1.H2-E2);
// moves in ICCS (H2-E2, h2e2), WXF (C2.5, C2=5), Chinese (炮二平五, 炮８平５, 砲二平五) or
// Fairy-Stockfish's SAN with ranks 1-10, as pychess.org exports (Che3, Hg8, Cxe7+);
// full-width forms (Ｃ２＝５, １．) and moves glued together (Ｃ２＝５Ｈ８＋７) as some
// databases write them; {…} and ; comments, attached to the move before them, or to the
// game before the first move; ( … ) variations skipped with a warning; $n, ! and ? dropped;
// the result token (1-0 0-1 1/2-1/2 *; it wins over a different Result tag, with a warning).
// Several games per file.
//
// PGN write: tags in their order (Result among the roster tags), FEN (when not the initial
// position), Format;
// moves in ICCS (default), WXF or Chinese (simplified or traditional); comments on lines of
// their own. Writing what was read and reading it again gives the same Game.
//
// Files: record.go (Game, Tag, Move, Result, Notation, Error, Warning), pgn_read.go,
// pgn_write.go, san.go (reading Fairy-Stockfish SAN), dhtmlxq.go (format notes at its top). Tests: pgn_test.go,
// dhtmlxq_test.go, roundtrip_test.go (random legal games through every writer and back),
// fuzz_test.go (go test -fuzz FuzzParsePGN / FuzzParseDhtmlXQ; seeds in testdata/fuzz).
package record
