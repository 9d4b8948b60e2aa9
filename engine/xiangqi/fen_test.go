package xiangqi

import (
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	fens := []string{
		StartFEN,
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
		"4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 12 40",
		"3k5/9/9/9/9/9/9/3n5/9/4K4 w - - 0 1",
		"2bak4/9/4c4/9/9/9/9/4C4/4R4/4K4 b - - 0 1",
	}
	for _, tc := range perftCases {
		fens = append(fens, tc.fen)
	}
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", fen, err)
			continue
		}
		if got := p.FEN(); got != fen {
			t.Errorf("ParseFEN(%q).FEN() = %q", fen, got)
		}
		if p.Key() != p.computeKey() {
			t.Errorf("%s: key mismatch", fen)
		}
		var board [NumSquares]Piece
		for s := Square(0); s < NumSquares; s++ {
			board[s] = p.At(s)
		}
		if got, want := BoardFEN(&board), strings.Fields(fen)[0]; got != want {
			t.Errorf("BoardFEN of %s's pieces = %q, want %q", fen, got, want)
		}
	}
}

// Accepted variants and what they read as.
func TestFENLenient(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1", StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - -", StartFEN},
		{"  rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR   w - - 0 1 ", StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0", StartFEN},
		{"4k4/9/9/9/9/9/9/9/9/3K5 b", "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1"},
		{"4k4/9/9/9/9/9/9/9/9/3K5 w - - 7", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 7 1"},
		{"4k4/9/9/9/9/9/9/9/9/3K14 w", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"}, // split digits
	} {
		p, err := ParseFEN(tc.in)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", tc.in, err)
			continue
		}
		if got := p.FEN(); got != tc.want {
			t.Errorf("ParseFEN(%q).FEN() = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestFENErrors(t *testing.T) {
	for _, tc := range []struct{ fen, err string }{
		{"", "empty"},
		{"   ", "empty"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w - - 0 1", "9 ranks, want 10"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/9/RNBAKABNR w - - 0 1", "11 ranks, want 10"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 x", "7 fields"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C4C1/9/RNBAKABNR w - - 0 1", `rank 2 ("1C4C1") has 8 files, want 9`},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C2/9/RNBAKABNR w - - 0 1", `rank 2 ("1C5C2") has 10 files`},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1", "rank 0 (\"RNBAKABNRR\"): more than 9 files"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w - - 0 1", `rank 0 ("RNBAKABNX"): unknown piece 'X'`},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN0 w - - 0 1", `unknown piece '0'`},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN帅 w - - 0 1", "unexpected byte"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1", "no red general (K)"},
		{"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "no black general (k)"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w - - 0 1", "more than one red general"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR/ w - - 0 1", "11 ranks"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1", `side to move "x"`},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR W - - 0 1", `side to move "W"`},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQkq - 0 1", `field 3 is "KQkq"`},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - e3 0 1", `field 4 is "e3"`},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - -1 1", `halfmove clock "-1"`},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1", `halfmove clock "x"`},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 one", `move number "one"`},
		// pieces on points they can never reach
		{"3k5/9/9/9/9/9/9/9/9/2K6 w", "red general (K) on c0: a general must stay in its palace"},
		{"3k5/9/9/9/9/9/3K5/9/9/9 w", "red general (K) on d3"},
		{"9/3k5/9/9/9/9/9/9/9/4K4 w", ""}, // d8 is in Black's palace
		{"9/9/9/3k5/9/9/9/9/9/4K4 w", "black general (k) on d6"},
		{"3k5/9/9/9/9/9/9/9/9/4KA3 w", ""},
		{"3k5/9/9/9/9/9/9/9/4A4/3AK4 w", ""},
		{"3k5/9/9/9/9/9/9/9/9/3AKA2A w", "red advisor (A) on i0: an advisor can only stand on the 5 diagonal points"},
		{"3k5/9/9/9/9/9/9/9/3A5/4K4 w", "red advisor (A) on d1"},
		{"3k5/9/9/9/9/9/9/9/9/4KB3 w", "red elephant (B) on f0: an elephant can only stand on its 7 points"},
		{"3k5/9/9/9/9/2B6/9/9/9/4K4 w", ""}, // c4 is an elephant point
		{"3k5/9/9/9/2B6/9/9/9/9/4K4 w", "red elephant (B) on c5: an elephant"},
		{"3k5/9/9/9/9/9/9/9/P8/4K4 w", "red soldier (P) on a1: a soldier can never be behind"},
		{"3k5/9/9/9/9/9/1P7/9/9/4K4 w", "red soldier (P) on b3"},
		{"3k5/9/9/1p7/9/9/9/9/9/4K4 w", "black soldier (p) on b6"},
		{"3k4p/9/9/9/9/9/9/9/9/4K4 w", "black soldier (p) on i9"},
		// too many of a kind
		{"3k5/9/9/9/9/9/9/9/9/RRR1K4 w", "more than 2 red chariots (R)"},
		{"3k5/9/9/9/PPPPP4/P8/9/9/9/4K4 w", "more than 5 red soldiers (P)"},
		{"3kccc2/9/9/9/9/9/9/9/9/4K4 w", "more than 2 black cannons (c)"},
		// the side that just moved may not be in check
		{"4k4/9/9/9/9/9/9/9/9/4K4 w", "generals face each other on file e"},
		{"4k4/9/9/9/9/9/9/9/9/4K4 b", "generals face each other on file e"},
		{"3k5/9/9/9/9/9/9/3n5/9/4K4 b", "red is in check but it is black's move"},
		{"3k5/3R5/9/9/9/9/9/9/9/4K4 w", "black is in check but it is red's move"},
	} {
		_, err := ParseFEN(tc.fen)
		switch {
		case tc.err == "":
			if err != nil {
				t.Errorf("ParseFEN(%q): unexpected error %v", tc.fen, err)
			}
		case err == nil:
			t.Errorf("ParseFEN(%q) accepted, want error containing %q", tc.fen, tc.err)
		case !strings.Contains(err.Error(), tc.err):
			t.Errorf("ParseFEN(%q) error = %q, want it to contain %q", tc.fen, err, tc.err)
		}
	}
}
