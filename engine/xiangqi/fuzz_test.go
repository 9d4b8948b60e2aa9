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

// FuzzParseAnyMove: coordinate, WXF and Chinese input never panics, and whatever parses is a
// legal move that writes back to itself.
func FuzzParseAnyMove(f *testing.F) {
	for _, s := range []string{"h2e2", "C2.5", "C2=5", "炮二平五", "炮8平5", "前炮退二", "一兵平五", "Pa.5", "P+.5", "中兵平五", "俥一進一"} {
		f.Add(s)
	}
	positions := []string{StartFEN, "4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w", "4k4/9/3P5/3P5/3P5/9/9/9/9/3K5 w", "3k5/9/9/9/9/4C4/9/9/4C4/5K3 w"}
	f.Fuzz(func(t *testing.T, s string) {
		for _, fen := range positions {
			p, _ := ParseFEN(fen)
			m, err := p.ParseAnyMove(s)
			if err != nil {
				continue
			}
			if !p.IsLegal(m) {
				t.Fatalf("%s: %q parsed as illegal %v", fen, s, m)
			}
			if got, err := p.ParseWXF(p.WXF(m)); err != nil || got != m {
				t.Fatalf("%s: %v round trip through WXF %q: %v %v", fen, m, p.WXF(m), got, err)
			}
		}
	})
}
