package main

import (
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	var out strings.Builder
	fen := "r1bakabr1/9/2n3n2/p1p1p3p/2c6/9/PR2P3P/2N1C1N1B/9/R1BAKA3 b - - 3 11"
	if err := run([]string{"-fen", fen, "-depth", "6", "-from", "3"}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"position 1: " + fen, "quiescence", "null move", "EBF (geometric mean, depths 4-6)", "median ms to depth: 3:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestRunRefuses(t *testing.T) {
	for _, args := range [][]string{
		{"-depth", "4", "-from", "6"},
		{"-fen", "not a fen", "-depth", "4", "-from", "3"},
	} {
		if err := run(args, &strings.Builder{}); err == nil {
			t.Errorf("run(%q): no error", args)
		}
	}
}
