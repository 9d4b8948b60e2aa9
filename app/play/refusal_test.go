package play

import (
	"testing"

	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
)

func TestXiangqiRefusals(t *testing.T) {
	tests := []struct {
		name, fen string
		clicks    []string
		want      Refusal
	}{
		{"piece rule", xiangqi.StartFEN, []string{"b0", "d1"}, RefusedPieceMove},
		{"pinned cannon", "3k5/9/9/9/4r4/9/9/4C4/9/4K4 w - - 0 1", []string{"e2", "d2"}, RefusedCheck},
		{"generals face", "4k4/9/9/9/9/9/9/4N4/9/4K4 w - - 0 1", []string{"e2", "f4"}, RefusedFacing},
		{"legal move", xiangqi.StartFEN, []string{"h2", "e2"}, ""},
		{"select, then another own piece", xiangqi.StartFEN, []string{"h2", "b2"}, ""},
		{"empty point, nothing selected", xiangqi.StartFEN, []string{"e4"}, ""},
		{"opponent's piece, nothing selected", xiangqi.StartFEN, []string{"h7"}, ""},
		{"computer's turn", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", []string{"h7"}, RefusedTurn},
	}
	for _, tt := range tests {
		pos, err := xiangqi.ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		m := newXQ()
		m.Load(xiangqi.NewGame(pos))
		for _, c := range tt.clicks {
			sq, err := xiangqi.ParseSquare(c)
			if err != nil {
				t.Fatal(err)
			}
			m.Click(sq)
		}
		if got := m.Refusal(); got != tt.want {
			t.Errorf("%s: clicks %v: refusal %q, want %q", tt.name, tt.clicks, got, tt.want)
		}
	}
	// The next click clears it.
	m := newXQ()
	m.Click(mustSquare(t, "b0"))
	m.Click(mustSquare(t, "d1"))
	m.Click(mustSquare(t, "h2"))
	if m.Refusal() != "" {
		t.Errorf("refusal %q after a plain selection", m.Refusal())
	}
}

func mustSquare(t *testing.T, s string) xiangqi.Square {
	t.Helper()
	sq, err := xiangqi.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

func TestReversiRefusals(t *testing.T) {
	click := func(r rv, s string) {
		mv, err := reversi.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		r.Click(mv.Square())
	}
	r := newRV()
	click(r, "a1")
	if r.Refusal() != RefusedNoFlip {
		t.Errorf("a1 at the start: refusal %q, want no-flip", r.Refusal())
	}
	click(r, "d4") // occupied: nothing said
	if r.Refusal() != "" {
		t.Errorf("an occupied square: refusal %q", r.Refusal())
	}
	click(r, "f5") // legal; now the computer is to move
	if r.Refusal() != "" {
		t.Errorf("a legal move: refusal %q", r.Refusal())
	}
	click(r, "c3")
	if r.Refusal() != RefusedTurn {
		t.Errorf("the computer's turn: refusal %q, want turn", r.Refusal())
	}
}
