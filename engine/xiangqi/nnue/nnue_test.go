package nnue

import (
	"encoding/binary"
	"hash/crc32"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
)

func randomNet(h, l2 int, seed uint64) *Net { return Random(h, l2, seed) }

// TestIncrementalEqualsRefresh plays random games and checks, after every move, that the
// updated sums and score equal those computed from scratch.
func TestIncrementalEqualsRefresh(t *testing.T) {
	n := randomNet(32, 8, 1)
	r := rand.New(rand.NewPCG(3, 4))
	for game := range 20 {
		p := xiangqi.NewPosition()
		var acc Accumulator
		n.Refresh(&acc, p)
		for ply := range 200 {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			m := moves[r.IntN(len(moves))]
			n.Update(&acc, p, m)
			p.Make(m)
			var fresh Accumulator
			n.Refresh(&fresh, p)
			if acc != fresh {
				t.Fatalf("game %d ply %d (%s after %s): incremental sums differ from a refresh", game, ply, p.FEN(), m)
			}
			if a, b := n.Evaluate(&acc, p.Turn()), n.Evaluate(&fresh, p.Turn()); a != b {
				t.Fatalf("game %d ply %d: score %d, from scratch %d", game, ply, a, b)
			}
		}
	}
}

// mirror turns a FEN round: ranks in reverse order, colours swapped, the other side to move.
func mirror(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	board := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		case r >= 'A' && r <= 'Z':
			return r - 'A' + 'a'
		}
		return r
	}, strings.Join(ranks, "/"))
	turn := "w"
	if f[1] == "w" {
		turn = "b"
	}
	return board + " " + turn + " - - 0 1"
}

// TestColourSymmetry: the network sees the position from the side to move, so a position and
// its mirror image (colours swapped, board turned) score the same.
func TestColourSymmetry(t *testing.T) {
	n := randomNet(16, 4, 2)
	for _, fen := range []string{
		xiangqi.StartFEN,
		"2bakab2/9/2n1c1n2/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R b - - 0 1",
		"3k5/4a4/9/9/2b6/9/9/9/4A4/2R1K4 w - - 0 1",
	} {
		a, err := xiangqi.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		b, err := xiangqi.ParseFEN(mirror(fen))
		if err != nil {
			t.Fatalf("mirror of %s: %v", fen, err)
		}
		var x, y Accumulator
		n.Refresh(&x, a)
		n.Refresh(&y, b)
		if sa, sb := n.Evaluate(&x, a.Turn()), n.Evaluate(&y, b.Turn()); sa != sb {
			t.Errorf("%s scores %d, its mirror %d", fen, sa, sb)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	n := randomNet(24, 8, 5)
	b, err := n.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	m, err := Load(b)
	if err != nil {
		t.Fatal(err)
	}
	p := xiangqi.NewPosition()
	var x, y Accumulator
	n.Refresh(&x, p)
	m.Refresh(&y, p)
	if n.Evaluate(&x, xiangqi.Red) != m.Evaluate(&y, xiangqi.Red) || m.B3 != n.B3 || m.OutShift != n.OutShift {
		t.Fatal("the loaded network differs from the one written")
	}
}

// TestLoadRejects: every wrong file is refused with a reason, never loaded.
func TestLoadRejects(t *testing.T) {
	good, err := randomNet(8, 4, 9).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	resum := func(b []byte) []byte { // a valid checksum over a changed body
		return binary.LittleEndian.AppendUint32(b[:len(b)-4:len(b)-4], crc32.ChecksumIEEE(b[:len(b)-4]))
	}
	edit := func(f func(b []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	for _, tc := range []struct {
		name string
		file []byte
		want string
	}{
		{"empty", nil, "too short"},
		{"not ours", edit(func(b []byte) []byte { b[0] = 'X'; return b }), "no QPNN mark"},
		{"other version", edit(func(b []byte) []byte { b[4] = 9; return resum(b) }), "format version 9"},
		{"unknown mode", edit(func(b []byte) []byte { b[20] = 7; return resum(b) }), "mode 7"},
		{"a flipped bit", edit(func(b []byte) []byte { b[len(b)/2] ^= 4; return b }), "checksum"},
		{"cut short", edit(func(b []byte) []byte { return resum(b[:len(b)-10]) }), "takes"},
		{"hidden width 0", edit(func(b []byte) []byte { b[8] = 0; return resum(b) }), "out of range"},
		{"second layer too wide", edit(func(b []byte) []byte { b[12] = 200; return resum(b) }), "out of range"},
	} {
		_, err := Load(tc.file)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}

func TestUpdateAllocatesNothing(t *testing.T) {
	n := randomNet(32, 8, 1)
	p := xiangqi.NewPosition()
	var acc Accumulator
	n.Refresh(&acc, p)
	m := xiangqi.NewMove(xiangqi.SquareOf(7, 2), xiangqi.SquareOf(4, 2))
	if a := testing.AllocsPerRun(100, func() {
		child := acc
		n.Update(&child, p, m)
		_ = n.Evaluate(&child, xiangqi.Black)
	}); a != 0 {
		t.Errorf("%v allocations per update and evaluation", a)
	}
}

// BenchmarkUpdateEvaluate is the network's cost per node (one move's update and a score) by
// width, to compare with BenchmarkHandEvaluate in one run, natively and in wasm:
//
//	go test -bench . -run XXX ./engine/xiangqi/nnue/
//	GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -bench . -run XXX ./engine/xiangqi/nnue/
func BenchmarkUpdateEvaluate(b *testing.B) {
	pos, _ := xiangqi.ParseFEN("r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 w - - 0 1")
	moves := pos.LegalMoves()
	for _, h := range []int{8, 16, 32, 64} {
		n := randomNet(h, 16, 1)
		var acc Accumulator
		n.Refresh(&acc, pos)
		b.Run("H="+strconv.Itoa(h), func(b *testing.B) {
			sum := 0
			for i := range b.N {
				child := acc
				n.Update(&child, pos, moves[i%len(moves)])
				sum += n.Evaluate(&child, xiangqi.Black)
			}
			_ = sum
		})
	}
}

func TestDefaultLoads(t *testing.T) {
	n, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	var acc Accumulator
	p := xiangqi.NewPosition()
	n.Refresh(&acc, p)
	// The start position is balanced: the side to move is not judged far ahead or behind.
	if s := n.Evaluate(&acc, xiangqi.Red); s < -150 || s > 150 {
		t.Errorf("the start scores %d for Red", s)
	}
}
