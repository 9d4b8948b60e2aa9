package xiangqi

import "testing"

func TestWhyIllegal(t *testing.T) {
	tests := []struct {
		name, fen, move string
		want            Verdict
	}{
		{"legal", StartFEN, "h2e2", Allowed},
		{"empty start", StartFEN, "e4e5", NotYourPiece},
		{"opponent's piece", StartFEN, "h7e7", NotYourPiece},
		{"horse leg blocked", StartFEN, "b0d1", PieceRule},
		{"cannon past a piece without capturing", StartFEN, "h2h8", PieceRule},
		{"chariot through a piece", StartFEN, "a0a4", PieceRule},
		{"elephant across the river", "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c4e6", PieceRule},
		// The red cannon on e2 stands between the general and the black chariot on e5.
		{"pinned piece", "3k5/9/9/9/4r4/9/9/4C4/9/4K4 w - - 0 1", "e2d2", LeavesCheck},
		{"general into a chariot's file", "3k5/9/9/9/9/9/9/9/5r3/4K4 w - - 0 1", "e0e1", LeavesCheck},
		{"general steps beside the other", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0d0", FacingGenerals},
		{"blocker steps away", "4k4/9/9/9/9/9/9/4N4/9/4K4 w - - 0 1", "e2f4", FacingGenerals},
		{"in check, a move that ignores it", "4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1", "d0d1", LeavesCheck},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		m, err := ParseMove(tt.move)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := p.WhyIllegal(m); got != tt.want {
			t.Errorf("%s: WhyIllegal(%s) in %s = %v, want %v", tt.name, tt.move, tt.fen, got, tt.want)
		}
		if (tt.want == Allowed) != p.IsLegal(m) {
			t.Errorf("%s: IsLegal(%s) = %v", tt.name, tt.move, p.IsLegal(m))
		}
	}
}

// TestWhyIllegalAgreesWithLegal checks, over every move of every piece in positions along
// random games, that WhyIllegal allows exactly the legal moves.
func TestWhyIllegalAgreesWithLegal(t *testing.T) {
	p := NewPosition()
	seed := uint64(7)
	for ply := 0; ply < 120; ply++ {
		legal := map[Move]bool{}
		for _, m := range p.LegalMoves() {
			legal[m] = true
		}
		if len(legal) == 0 {
			break
		}
		for from := Square(0); from < 90; from++ {
			if pc := p.At(from); pc == NoPiece || pc.Color() != p.Turn() {
				continue
			}
			for to := Square(0); to < 90; to++ {
				m := NewMove(from, to)
				if got := p.WhyIllegal(m); (got == Allowed) != legal[m] {
					t.Fatalf("%s: WhyIllegal(%s) = %v, legal %v", p.FEN(), m, got, legal[m])
				}
			}
		}
		seed = seed*6364136223846793005 + 1442695040888963407
		moves := p.LegalMoves()
		p.Make(moves[int(seed>>33)%len(moves)])
	}
}
