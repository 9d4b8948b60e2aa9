package main

import (
	"strings"
	"testing"

	"qipan/engine/match/openings"
)

func TestRunWritesDistinctLegalOpenings(t *testing.T) {
	var a, b strings.Builder
	for _, w := range []*strings.Builder{&a, &b} {
		if err := run([]string{"-n", "6", "-plies", "3", "-seed", "7"}, w); err != nil {
			t.Fatal(err)
		}
	}
	if a.String() != b.String() {
		t.Fatal("the same seed wrote different openings")
	}
	ops, err := openings.Parse(strings.NewReader(a.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 6 {
		t.Fatalf("%d openings, want 6", len(ops))
	}
	seen := map[uint64]bool{}
	for _, o := range ops {
		g, err := o.Game()
		if err != nil {
			t.Fatal(err)
		}
		k := g.Position().Key()
		if seen[k] {
			t.Errorf("opening %q repeats a position", o.Moves)
		}
		seen[k] = true
	}
}
