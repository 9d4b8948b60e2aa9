package xiangqi

import "testing"

// FuzzParseFEN: never panics; whatever parses writes a FEN that parses to the same position,
// with a consistent key, and its moves can be generated and played.
func FuzzParseFEN(f *testing.F) {
	for _, tc := range perftCases {
		f.Add(tc.fen)
	}
	f.Add("4k4/9/9/9/9/9/9/9/9/3K5 b")
	f.Add("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("ParseFEN(%q) ok, but its FEN %q fails: %v", fen, out, err)
		}
		if *q != *p || q.FEN() != out {
			t.Fatalf("FEN round trip of %q: %q then %q", fen, out, q.FEN())
		}
		if p.Key() != p.computeKey() {
			t.Fatal("key")
		}
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Slice() {
			before := *p
			u := p.Make(m)
			p.Unmake(m, u)
			if *p != before {
				t.Fatalf("%s: make/unmake %v", fen, m)
			}
		}
		p.Status()
	})
}

// FuzzParseMove: never panics; whatever parses writes back in both forms and reads the same.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"h2e2", "H2-E2", "h2-e2", "a0i9", "i9a0", "e0e0", "j1a1", "h2+e2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			return
		}
		for _, w := range []string{m.String(), m.ICCS()} {
			if m2, err := ParseMove(w); err != nil || m2 != m {
				t.Fatalf("ParseMove(%q) = %v; %q reads back as %v, %v", s, m, w, m2, err)
			}
		}
		NewPosition().IsLegal(m)
	})
}
