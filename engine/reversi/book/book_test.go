package book

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"strings"
	"testing"

	"qipan/engine/reversi"
)

// slowSquare is symmetry s of square (row, col), written out: transpose, rows, columns.
func slowSquare(s, sq int) int {
	r, c := sq/8, sq%8
	if s&4 != 0 {
		r, c = c, r
	}
	if s&2 != 0 {
		r = 7 - r
	}
	if s&1 != 0 {
		c = 7 - c
	}
	return r*8 + c
}

func TestTransform(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for s := range symmetries {
		for range 200 {
			b := rng.Uint64()
			var want uint64
			for sq := range 64 {
				if b&(1<<sq) != 0 {
					want |= 1 << slowSquare(s, sq)
				}
			}
			if got := transform(s, b); got != want {
				t.Fatalf("transform(%d, %016x) = %016x, want %016x", s, b, got, want)
			}
		}
	}
}

// randomPosition plays n random moves from the start.
func randomPosition(rng *rand.Rand, n int) reversi.Position {
	p := reversi.Start()
	for range n {
		if p.Status() == reversi.Over {
			break
		}
		l := p.LegalMoves()
		p.Make(l[rng.IntN(len(l))])
	}
	return p
}

func TestCanonical(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		p := randomPosition(rng, rng.IntN(30))
		cp, co, s := Canonical(p.P, p.O)
		if transform(s, p.P) != cp || transform(s, p.O) != co {
			t.Fatalf("%v: symmetry %d does not give the canonical position", p, s)
		}
		for u := range symmetries {
			if k := Key(transform(u, p.P), transform(u, p.O)); k != Key(p.P, p.O) {
				t.Fatalf("%v: symmetry %d changes the key", p, u)
			}
		}
	}
	s := reversi.Start()
	f5 := s
	f5.Make(reversi.MoveAt(reversi.SquareOf(5, 4)))
	for _, m := range []string{"d3", "c4", "e6"} {
		q := s
		mv, _ := reversi.ParseMove(m)
		q.Make(mv)
		if Key(q.P, q.O) != Key(f5.P, f5.O) {
			t.Errorf("%s and f5 have different keys", m)
		}
	}
}

// testBook is a book of two positions that no symmetry but the identity leaves unchanged, so
// that their moves may differ in value (after f5 d6 c3, and two moves more), as the builder
// stores them.
func testBook(t testing.TB) ([]byte, []reversi.Position, [][]Move) {
	t.Helper()
	var pos []reversi.Position
	var moves [][]Move
	var recs []Record
	p := reversi.Start()
	for _, line := range []string{"f5 d6 c3", "d3 c4"} {
		for _, m := range strings.Fields(line) {
			mv, _ := reversi.ParseMove(m)
			p.Make(mv)
		}
		for s := 1; s < symmetries; s++ {
			if transform(s, p.P) == p.P && transform(s, p.O) == p.O {
				t.Fatalf("%v: symmetric", p)
			}
		}
		var ms []Move
		for i, l := range p.LegalMoves() {
			ms = append(ms, Move{Move: l, Value: 3 - 2*i, Score: 2 - i})
		}
		pos, moves = append(pos, p), append(moves, ms)
		cp, co, s := Canonical(p.P, p.O)
		cms := make([]Move, len(ms))
		for i, m := range ms {
			cms[i] = m
			cms[i].Move = reversi.Move(symSquare[s][m.Move])
		}
		recs = append(recs, Record{Key: hash(cp, co), Moves: cms})
	}
	var buf bytes.Buffer
	if err := Write(&buf, Header{Depth: 16, Window: 4, Plies: 20}, recs); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), pos, moves
}

func TestLookup(t *testing.T) {
	data, pos, moves := testBook(t)
	b, err := Read(data)
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != 2 || b.Depth != 16 || b.Window != 4 || b.Plies != 20 {
		t.Fatalf("read %d positions, header %+v", b.Len(), b.Header)
	}
	for i, p := range pos {
		for s := range symmetries {
			q := reversi.Position{P: transform(s, p.P), O: transform(s, p.O), Turn: p.Turn}
			e, ok := b.Lookup(&q)
			if !ok || e.N != len(moves[i]) {
				t.Fatalf("position %d, symmetry %d: found %v with %d moves", i, s, ok, e.N)
			}
			for j, m := range moves[i] {
				want := Move{Move: reversi.Move(symSquare[s][m.Move]), Value: m.Value, Score: m.Score}
				if e.Moves[j] != want {
					t.Errorf("position %d, symmetry %d, move %d: %+v, want %+v", i, s, j, e.Moves[j], want)
				}
			}
		}
	}
	q := pos[1]
	q.Make(q.LegalMoves()[0])
	if _, ok := b.Lookup(&q); ok {
		t.Errorf("a position not in the book found")
	}
	if n := testing.AllocsPerRun(100, func() { b.Lookup(&pos[1]) }); n != 0 {
		t.Errorf("Lookup allocates %v times", n)
	}
	var none *Book
	if _, ok := none.Lookup(&pos[0]); ok {
		t.Errorf("a nil book found a position")
	}
}

// reseal recomputes a file's checksum after an edit.
func reseal(d []byte) []byte {
	d = bytes.Clone(d)
	binary.LittleEndian.PutUint32(d[len(d)-4:], crc32.ChecksumIEEE(d[:len(d)-4]))
	return d
}

func TestReadRejects(t *testing.T) {
	good, _, _ := testBook(t)
	edit := func(f func(d []byte) []byte) []byte { return f(bytes.Clone(good)) }
	firstMove := headerSize + 9 // the first position's first move
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "too short"},
		{"magic", edit(func(d []byte) []byte { d[0] = 'X'; return reseal(d) }), "bad magic"},
		{"version", edit(func(d []byte) []byte { d[4] = 2; return reseal(d) }), "version 2, want 1"},
		{"damaged", edit(func(d []byte) []byte { d[firstMove+1] ^= 1; return d }), "checksum"},
		{"truncated", reseal(good[:len(good)-10]), "truncated"},
		{"count", edit(func(d []byte) []byte { d[8] = 3; return reseal(d) }), "truncated"},
		{"huge count", edit(func(d []byte) []byte { d[11] = 0xff; return reseal(d) }), "cannot fit"},
		{"extra", reseal(append(bytes.Clone(good[:len(good)-4]), 0, 0, 0, 0, 0)), "after the last"},
		{"square", edit(func(d []byte) []byte { d[firstMove] = 64; return reseal(d) }), "square 64"},
		{"value", edit(func(d []byte) []byte { d[firstMove+1] = 100; return reseal(d) }), "value 100"},
		{"order", edit(func(d []byte) []byte { d[firstMove+1] = 0xc0; return reseal(d) }), "out of order"},
		{"no moves", edit(func(d []byte) []byte { d[headerSize+8] = 0; return reseal(d) }), "0 moves"},
		{"keys", edit(func(d []byte) []byte {
			n := int(d[headerSize+8])
			copy(d[headerSize+9+3*n:], d[headerSize:headerSize+8]) // the second key = the first
			return reseal(d)
		}), "keys out of order"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(tt.data)
			if err == nil || !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Read: %v, want an ErrFormat saying %q", err, tt.want)
			}
		})
	}
}

func TestWriteRejects(t *testing.T) {
	for _, tt := range []struct {
		name string
		recs []Record
	}{
		{"same key", []Record{{Key: 1, Moves: []Move{{Move: 1}}}, {Key: 1, Moves: []Move{{Move: 2}}}}},
		{"no moves", []Record{{Key: 1}}},
		{"pass", []Record{{Key: 1, Moves: []Move{{Move: reversi.Pass}}}}},
	} {
		if err := Write(&bytes.Buffer{}, Header{}, tt.recs); err == nil {
			t.Errorf("%s: written", tt.name)
		}
	}
}

func TestPick(t *testing.T) {
	p := reversi.Start()
	e := Entry{N: 4}
	for i, v := range []int{5, 4, 2, -3} {
		e.Moves[i] = Move{Move: p.LegalMoves()[i], Value: v}
	}
	counts := map[reversi.Move]int{}
	for seed := range uint64(400) {
		m := e.Pick(&p, 3, seed)
		if m != e.Pick(&p, 3, seed) {
			t.Fatalf("seed %d: two picks differ", seed)
		}
		counts[m]++
	}
	if counts[e.Moves[3].Move] != 0 || counts[e.Moves[0].Move] <= counts[e.Moves[1].Move] ||
		counts[e.Moves[1].Move] <= counts[e.Moves[2].Move] || counts[e.Moves[2].Move] == 0 {
		t.Errorf("picks within 3 discs of 5, 4, 2, -3: %v", counts)
	}
	if m := e.Pick(&p, 0, 7); m != e.Moves[0].Move {
		t.Errorf("within 0: %v", m)
	}
}

func TestDefault(t *testing.T) {
	b, err := Default()
	if err != nil {
		t.Fatalf("the shipped book: %v", err)
	}
	if b.Len() == 0 {
		t.Skip("the shipped book is empty")
	}
	p := reversi.Start()
	e, ok := b.Lookup(&p)
	if !ok || e.N != 4 {
		t.Fatalf("the start: found %v, %d moves", ok, e.N)
	}
	for _, m := range e.Moves[:e.N] {
		if m.Value != e.Moves[0].Value {
			t.Errorf("the start's moves differ in value: %+v", e.Moves[:e.N])
		}
	}
}

func FuzzRead(f *testing.F) {
	good, _, _ := testBook(f)
	f.Add(good)
	f.Add(shipped)
	f.Add(good[:20])
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Read(data)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := Write(&buf, b.Header, b.Records()); err != nil {
			t.Fatalf("a book read cannot be written: %v", err)
		}
		if !bytes.Equal(buf.Bytes(), data) {
			t.Fatalf("written again, the book differs")
		}
		rng := rand.New(rand.NewPCG(uint64(len(data)), 1))
		for range 10 {
			p := randomPosition(rng, rng.IntN(10))
			b.Lookup(&p)
		}
	})
}
