//go:build !wasm

package main

import (
	"slices"
	"testing"

	"qipan/engine/protocol/variants"
)

// reversiScript switches the worker's engine to Reversi and runs deterministic commands: a
// search, hints, an exact solve, perft and bench (level 10 has no randomness).
const reversiScript = `setoption batch true
setoption name UCI_Variant value reversi
position startpos moves f5 d6 c3 d3 c4
go depth 6
setoption name MultiPV value 3
go depth 4
setoption name MultiPV value 1
position fen OOOOOOOXXOOOOOOXXXXOOOOXXXOXOOOXXXXOXOOXXXXXOO--XXXXO-----XOO--- X
go depth 60
position fen XXXXXXXXXXXOOOXXXXXXXXOXXXOXXOOXXXXXXXOXXXOXOXXXXOXXXOOXOOOOOOO- O
go depth 3
go perft 5
bench 4
setoption name UCI_Variant value xiangqi
position startpos
go perft 2
`

// TestWasmReversiMatchesNative: the worker's wasm under node prints what the native engine
// prints for a Reversi script (times aside).
func TestWasmReversiMatchesNative(t *testing.T) {
	want := wasmMatchesNative(t, reversiScript, variants.New())
	for _, w := range []string{"info string exact", "bestmove pass", "pass: 1", "Nodes searched: 1920"} {
		if !slices.Contains(want, w) {
			t.Errorf("native output has no %q: %q", w, want)
		}
	}
}
