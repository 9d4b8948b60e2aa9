package reversi

import (
	"strings"
	"testing"
)

func TestParseBoard(t *testing.T) {
	start := Start()
	tests := []struct {
		in      string
		want    string // board text as String writes it; "" = error expected
		errPart string
	}{
		{"---------------------------OX------XO--------------------------- X", start.String(), ""},
		{"...........................WB......BW........................... b", start.String(), ""},
		{"-------- -------- -------- ---OX--- ---XO--- -------- -------- -------- black", start.String(), ""},
		{"---------------------------ox------xo--------------------------- x", start.String(), ""},
		{"---------------------------O*------*O--------------------------- *", start.String(), ""},
		{"---------------------------OX------XO--------------------------- O",
			"---------------------------OX------XO--------------------------- O", ""},
		{"---------------------------OX------XO---------------------------", "", "side to move missing"},
		{"---------------------------OX------XO--------------------------- Q", "", "side to move"},
		{"---------------------------OX------XO------ X", "", "cells"},
		{"---------------------------OZ------XO--------------------------- X", "", "cell 29 (e4)"},
		{"", "", "0 cells"},
	}
	for _, tc := range tests {
		p, err := ParseBoard(tc.in)
		if tc.want == "" {
			if err == nil || !strings.Contains(err.Error(), tc.errPart) {
				t.Errorf("ParseBoard(%q) error %v, want one containing %q", tc.in, err, tc.errPart)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseBoard(%q): %v", tc.in, err)
			continue
		}
		if got := p.String(); got != tc.want {
			t.Errorf("ParseBoard(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParseMove(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Move
	}{{"f5", 37}, {"F5", 37}, {"a1", 0}, {"h8", 63}, {"PA", Pass}, {"ps", Pass}, {"pass", Pass}} {
		if m, err := ParseMove(tc.in); err != nil || m != tc.want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", tc.in, m, err, tc.want)
		}
	}
	for _, in := range []string{"", "i1", "a9", "a0", "f", "f55", "xx"} {
		if _, err := ParseMove(in); err == nil {
			t.Errorf("ParseMove(%q) accepted", in)
		}
	}
}

// A complete game with a forced pass: white passes before black's move 59 (from Edax's
// examples, checked by replaying it here and against the oracle).
func TestParseTranscript(t *testing.T) {
	tests := []struct {
		in      string
		want    string // Transcript of the moves; "" = error
		n       int    // moves including passes
		errPart string
	}{
		{"f5d6c3d3c4", "f5d6c3d3c4", 5, ""},
		{"F5 D6, C3 d3 C4", "f5d6c3d3c4", 5, ""},
		{"1. f5 d6 2. c3 d3", "f5d6c3d3", 4, ""},
		{"", "", 0, ""},
		{"f5f5", "", 0, "move 2 f5 is illegal"},
		{"f5z9", "", 0, "bad move"},
		{"f5pa", "", 0, "move 2 pass is illegal"},
	}
	for _, tc := range tests {
		moves, err := ParseTranscript(NewPosition(), tc.in)
		if tc.errPart != "" {
			if err == nil || !strings.Contains(err.Error(), tc.errPart) {
				t.Errorf("ParseTranscript(%q) error %v, want one containing %q", tc.in, err, tc.errPart)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseTranscript(%q): %v", tc.in, err)
			continue
		}
		if got := Transcript(moves); got != tc.want || len(moves) != tc.n {
			t.Errorf("ParseTranscript(%q) = %q (%d moves), want %q (%d)", tc.in, got, len(moves), tc.want, tc.n)
		}
	}
}

// Passes may be written or left out: both read to the same moves, passes included.
func TestTranscriptPasses(t *testing.T) {
	// White has no move after f5 f6 e6 f4 e3 ... find one by playing a game to its first pass.
	p := Start()
	var moves []Move
	var ml MoveList
	seed := uint64(1)
	sawPass := false
	for games := 0; games < 200 && !sawPass; games++ {
		p, moves = Start(), nil
		for p.Status() != Over {
			p.GenerateLegal(&ml)
			seed = seed*6364136223846793005 + 1442695040888963407
			m := ml.Moves[int(seed>>33)%ml.N]
			sawPass = sawPass || m == Pass
			p.Make(m)
			moves = append(moves, m)
		}
	}
	if !sawPass {
		t.Fatal("no game with a pass found")
	}
	var withPasses strings.Builder
	for _, m := range moves {
		if m == Pass {
			withPasses.WriteString("PA")
		} else {
			withPasses.WriteString(m.String())
		}
	}
	for _, in := range []string{Transcript(moves), withPasses.String()} {
		got, err := ParseTranscript(NewPosition(), in)
		if err != nil {
			t.Fatalf("ParseTranscript(%q): %v", in, err)
		}
		if len(got) != len(moves) {
			t.Fatalf("ParseTranscript(%q): %d moves, want %d", in, len(got), len(moves))
		}
		for i := range got {
			if got[i] != moves[i] {
				t.Fatalf("ParseTranscript(%q): move %d = %v, want %v", in, i+1, got[i], moves[i])
			}
		}
	}
}

func FuzzParseBoard(f *testing.F) {
	f.Add("---------------------------OX------XO--------------------------- X")
	f.Add("--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O")
	f.Add("x")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseBoard(s)
		if err != nil {
			return
		}
		q, err := ParseBoard(p.String())
		if err != nil || *q != *p {
			t.Fatalf("%q: written as %q, read back %v, %v", s, p.String(), q, err)
		}
	})
}

func FuzzParseTranscript(f *testing.F) {
	f.Add("f5d6c3d3c4")
	f.Add("F5 d6,C3 pa")
	f.Add("1. f5 d6")
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ParseTranscript(NewPosition(), s)
		if err != nil {
			return
		}
		again, err := ParseTranscript(NewPosition(), Transcript(moves))
		if err != nil || len(again) != len(moves) {
			t.Fatalf("%q: rewritten %q reads back as %v, %v", s, Transcript(moves), again, err)
		}
		for i := range moves {
			if again[i] != moves[i] {
				t.Fatalf("%q: move %d changed on rewrite", s, i+1)
			}
		}
	})
}
