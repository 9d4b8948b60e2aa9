package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"qipan/engine/reversi"
	"qipan/engine/reversi/book"
	"qipan/engine/reversi/search"
)

// newBuilder returns a builder of shallow searches: depth 2, so a test costs little.
func newBuilder(t *testing.T, path string) *builder {
	t.Helper()
	b := &builder{cfg: config{depth: 2, plies: 6, window: 3, seed: 5, plyCost: 0.5}, s: search.NewSized(1)}
	if err := b.load(path); err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBuildResume: a build cut and resumed writes the same book as one run through, and the
// book is a tree from the start within the plies, every move's value negamax through it.
func TestBuildResume(t *testing.T) {
	dir := t.TempDir()
	whole, cut := filepath.Join(dir, "whole.bin"), filepath.Join(dir, "cut.bin")
	ctx := context.Background()
	if n, err := newBuilder(t, whole).build(ctx, whole, 30, nil); err != nil || n != 30 {
		t.Fatalf("build: %d positions, %v", n, err)
	}
	for _, max := range []int{1, 12, 30} {
		if _, err := newBuilder(t, cut).build(ctx, cut, max, nil); err != nil {
			t.Fatal(err)
		}
	}
	a, _ := os.ReadFile(whole)
	c, _ := os.ReadFile(cut)
	if !bytes.Equal(a, c) {
		t.Fatalf("the book built in three runs differs from the one built in one")
	}
	bk, err := book.Read(a)
	if err != nil {
		t.Fatal(err)
	}
	if bk.Len() != 30 || bk.Depth != 2 || bk.Plies != 6 || bk.Window != 3 {
		t.Fatalf("%d positions, header %+v", bk.Len(), bk.Header)
	}
	// Walk the book from the start: every position found is within the plies, and its moves'
	// values are the negated best of the position each leads to, when that one is in the book.
	seen := map[uint64]bool{}
	var walk func(p reversi.Position, ply int)
	walk = func(p reversi.Position, ply int) {
		k := book.Key(p.P, p.O)
		e, ok := bk.Lookup(&p)
		if !ok || seen[k] {
			return
		}
		seen[k] = true
		if ply > 6 {
			t.Errorf("%v: in the book at ply %d", p, ply)
		}
		if e.N != len(p.LegalMoves()) {
			t.Errorf("%v: %d moves of %d", p, e.N, len(p.LegalMoves()))
		}
		for _, m := range e.Moves[:e.N] {
			q := p
			q.Make(m.Move)
			if r, ok := bk.Lookup(&q); ok && m.Value != -r.Best().Value {
				t.Errorf("%v: %v's value %d, the reply's best %d", p, m.Move, m.Value, r.Best().Value)
			}
			walk(q, ply+1)
		}
	}
	walk(reversi.Start(), 0)
	if len(seen) != bk.Len() {
		t.Errorf("%d positions reached from the start, %d in the book", len(seen), bk.Len())
	}
	// Another depth is refused rather than mixed in.
	b := &builder{cfg: config{depth: 4}}
	if err := b.load(whole); err == nil {
		t.Errorf("a book of depth 2 continued at depth 4")
	}
}

// TestBuildStopped: a search stopped by the context adds nothing, and the book stays valid.
func TestBuildStopped(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.bin")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if n, err := newBuilder(t, path).build(ctx, path, 0, nil); err != nil || n != 0 {
		t.Fatalf("a stopped build added %d positions, %v", n, err)
	}
	if err := os.WriteFile(path, []byte("QRVB damaged"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := (&builder{cfg: config{depth: 2}}).load(path); err == nil {
		t.Errorf("a damaged book was read")
	}
}

func TestStats(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.bin")
	if _, err := newBuilder(t, path).build(context.Background(), path, 8, nil); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := printStats(&out, path); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"8 positions; searches of depth 2 (3 at odd plies)", "positions by ply: 0:1 1:1 ", "main line ("} {
		if !bytes.Contains(out.Bytes(), []byte(want)) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
}
