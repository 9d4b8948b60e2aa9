package xiangqi

import (
	"slices"
	"strings"
	"testing"
)

// movesFrom lists the legal moves from sq ("" = all) as sorted UCCI strings.
func movesFrom(p *Position, from string) string {
	var out []string
	for _, m := range p.LegalMoves() {
		if from == "" || m.From().String() == from {
			out = append(out, m.String())
		}
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

func TestMoveRules(t *testing.T) {
	for _, tc := range []struct {
		name, fen, from, want string
	}{
		{"horse leg blocked by own elephant", StartFEN, "b0", "b0a2 b0c2"},
		{"cannon slides and captures over one screen", StartFEN, "b2", "b2a2 b2b1 b2b3 b2b4 b2b5 b2b6 b2b9 b2c2 b2d2 b2e2 b2f2 b2g2"},
		{"chariot", StartFEN, "a0", "a0a1 a0a2"},
		{"soldier before the river: forward only", StartFEN, "e3", "e3e4"},
		{"elephant eye blocked", "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w", "c0", "c0a2"},
		{"elephant may not cross the river", "3k5/9/9/9/9/2B6/9/9/9/4K4 w", "c4", "c4a2 c4e2"},
		{"advisor stays on the palace diagonals", "3k5/9/9/9/9/9/9/9/4A4/4K4 w", "e1", "e1d0 e1d2 e1f0 e1f2"},
		{"general stays in the palace", "5k3/9/9/9/9/9/9/9/9/3K5 w", "d0", "d0d1 d0e0"},
		{"flying general: may not face the other general", "3k5/9/9/9/9/9/9/9/9/4K4 w", "e0", "e0e1 e0f0"},
		{"soldier across the river: forward and sideways", "4P4/3k5/9/9/4P4/9/9/9/9/5K3 w", "e5", "e5d5 e5e6 e5f5"},
		{"soldier on the last rank: sideways only", "4P4/3k5/9/9/4P4/9/9/9/9/5K3 w", "e9", "e9d9 e9f9"},
		{"black soldier across the river", "3k5/9/9/9/9/4p4/9/9/9/5K3 b", "e4", "e4d4 e4e3 e4f4"},
		{"horse pinned by the flying-general rule", "4k4/9/9/9/4N4/9/9/9/9/4K4 w", "e5", ""},
		{"horse check: general escapes", "3k5/9/9/9/9/9/9/3n5/9/4K4 w", "", "e0d0 e0e1 e0f0"},
		{"cannon check: moving the screen away is legal", "4k4/9/9/9/9/9/9/4c4/4A4/4K4 w", "", "e0d0 e0f0 e1d0 e1d2 e1f0 e1f2"},
		{"chariot check: capture with the advisor (the general would face the other) or step aside", "4k4/9/9/9/9/9/9/9/4r4/3AK4 w", "", "d0e1 e0f0"},
		{"soldier check: capture it (e0 faces the other general)", "4k4/9/9/9/9/9/9/9/3p5/3K5 w", "", "d0d1"},
		{"discovered cannon check forbids moving the blocker", "4k4/4c4/9/9/4R4/9/9/9/4A4/3AK4 w", "e1", ""},
		{"stalemated general", "3k5/9/9/9/9/9/9/9/3r1r3/4K4 w", "", ""},
	} {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := movesFrom(p, tc.from); got != tc.want {
			t.Errorf("%s (%s, from %q):\n got  %s\n want %s", tc.name, tc.fen, tc.from, got, tc.want)
		}
		// IsLegal agrees with the generator, for the listed moves and every other pair.
		legal := map[Move]bool{}
		for _, m := range p.LegalMoves() {
			legal[m] = true
		}
		for a := Square(0); a < NumSquares; a++ {
			for b := Square(0); b < NumSquares; b++ {
				if m := NewMove(a, b); p.IsLegal(m) != legal[m] {
					t.Errorf("%s: IsLegal(%v) = %v, generator says %v", tc.name, m, !legal[m], legal[m])
				}
			}
		}
	}
	p := NewPosition()
	for _, m := range []Move{NoMove, 0xffff, Move(127 | 127<<7)} {
		if p.IsLegal(m) {
			t.Errorf("IsLegal(%#x) = true", uint16(m))
		}
	}
}

func TestStatus(t *testing.T) {
	for _, tc := range []struct {
		fen     string
		want    Status
		winner  Color
		inCheck bool
	}{
		{StartFEN, Ongoing, Red, false},
		{"4k4/4P4/4R4/9/9/9/9/9/9/3K5 b", Ongoing, Red, true}, // the general takes e8
		{"3k5/3R5/3R5/9/9/9/9/9/9/4K4 b", Checkmate, Red, true},
		{"3k5/9/9/9/9/9/9/9/3r1r3/4K4 w", Stalemate, Black, false},
	} {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Status(); got != tc.want {
			t.Errorf("%s: Status = %v, want %v", tc.fen, got, tc.want)
		}
		if p.InCheck() != tc.inCheck {
			t.Errorf("%s: InCheck = %v, want %v", tc.fen, p.InCheck(), tc.inCheck)
		}
		w, over := p.Winner()
		if over != (tc.want != Ongoing) || (over && w != tc.winner) {
			t.Errorf("%s: Winner = %v, %v; want %v, %v", tc.fen, w, over, tc.winner, tc.want != Ongoing)
		}
	}
}

// Captures are exactly the legal moves that land on an enemy piece.
func TestGenerateCaptures(t *testing.T) {
	for _, fen := range perftFENs() {
		p, _ := ParseFEN(fen)
		var all, caps MoveList
		p.GenerateLegal(&all)
		p.GenerateCaptures(&caps)
		var want []Move
		for _, m := range all.Slice() {
			if p.At(m.To()) != NoPiece {
				want = append(want, m)
			}
		}
		got := append([]Move(nil), caps.Slice()...)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: captures %v, want %v", fen, got, want)
		}
	}
}

func perftFENs() []string {
	var out []string
	for _, tc := range perftCases {
		out = append(out, tc.fen)
	}
	return out
}

// Make/Unmake restore everything, and the incremental key equals the key from scratch.
func TestMakeUnmake(t *testing.T) {
	for _, fen := range perftFENs() {
		p, _ := ParseFEN(fen)
		var walk func(d int)
		walk = func(d int) {
			if d == 0 {
				return
			}
			before := *p
			for _, m := range p.LegalMoves() {
				u := p.Make(m)
				if p.Key() != p.computeKey() {
					t.Fatalf("%s after %v: incremental key differs from scratch", before.FEN(), m)
				}
				if p.Turn() == before.Turn() {
					t.Fatalf("turn did not change")
				}
				walk(d - 1)
				p.Unmake(m, u)
				if *p != before {
					t.Fatalf("%s: Unmake(%v) did not restore the position: %s", before.FEN(), m, p.FEN())
				}
			}
			u := p.MakeNull()
			if p.Key() != p.computeKey() || p.Turn() == before.Turn() {
				t.Fatalf("MakeNull key/turn")
			}
			p.UnmakeNull(u)
			if *p != before {
				t.Fatalf("UnmakeNull did not restore")
			}
		}
		walk(2)
	}
}

func TestNoAllocs(t *testing.T) {
	p, _ := ParseFEN(perftCases[6].fen)
	var ml MoveList
	for name, fn := range map[string]func(){
		"GenerateLegal":    func() { p.GenerateLegal(&ml) },
		"GenerateCaptures": func() { p.GenerateCaptures(&ml) },
		"Make/Unmake": func() {
			p.GenerateLegal(&ml)
			for _, m := range ml.Slice() {
				u := p.Make(m)
				p.Unmake(m, u)
			}
		},
		"Perft":    func() { Perft(p, 2) },
		"InCheck":  func() { p.InCheck() },
		"IsLegal":  func() { p.IsLegal(ml.Moves[0]) },
		"Status":   func() { p.Status() },
		"MakeNull": func() { p.UnmakeNull(p.MakeNull()) },
	} {
		if n := testing.AllocsPerRun(20, fn); n != 0 {
			t.Errorf("%s allocates %.1f times per run", name, n)
		}
	}
}

func TestPositionCopy(t *testing.T) {
	p := NewPosition()
	q := *p
	m, _ := ParseMove("h2e2")
	p.Make(m)
	if q.FEN() != StartFEN || q.At(SquareOf(7, 2)) != MakePiece(Red, Cannon) {
		t.Error("copy shares state with the original")
	}
}
