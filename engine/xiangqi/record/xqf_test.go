package record

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math/rand"
	"os"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
)

// writeXQF writes g as an XQF file of the given version, as the format's notes at the top
// of xqf.go describe it (encrypted from version 11 on, with fixed keys). Tests only: qipan
// reads XQF but does not write it.
func writeXQF(t testing.TB, g *Game, version byte) []byte {
	h := make([]byte, xqfHeaderSize)
	h[0], h[1], h[2] = 'X', 'Q', version
	if version > 10 {
		copy(h[3:], []byte{0xA5})
		copy(h[8:], []byte{0x11, 0x22, 0x33, 0x44, 0x5A, 0x6B, 0x7C, 0x8D})
	}
	x := &xqfReader{data: h, version: int(version)}
	x.keys()
	// The pieces, each in the first free slot of its kind.
	var xy [32]byte
	for i := range xy {
		xy[i] = 0xFF
	}
	start := g.start()
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		pc := start.At(s)
		if pc == xiangqi.NoPiece {
			continue
		}
		placed := false
		for i := 0; i < 16 && !placed; i++ {
			slot := int(pc.Color())*16 + i
			if slotKinds[i] == pc.Kind() && xy[slot] == 0xFF {
				xy[slot] = byte(s.File()*10 + s.Rank())
				placed = true
			}
		}
		if !placed {
			t.Fatalf("no slot for %c", pc.FEN())
		}
	}
	for i := 0; i < 32; i++ {
		if version >= 12 {
			h[16+i] = xy[(x.keyXY+1+i)%32] + byte(x.keyXY)
		} else {
			h[16+i] = xy[i] + byte(x.keyXY)
		}
	}
	if start.Turn() == xiangqi.Black {
		h[0x32] = 1
	}
	h[0x33] = map[Result]byte{RedWins: 1, BlackWins: 2, Draw: 3}[g.Result]
	for name, at := range map[string]int{"Title": 0x50, "Event": 0xD0, "Red": 0x130, "Black": 0x140} {
		v := g.Tag(name)
		h[at] = byte(len(v))
		copy(h[at+1:], v)
	}
	out := h
	emit := func(m xiangqi.Move, comment string, child, sibling bool) {
		var tag byte
		switch {
		case version <= 10:
			if child {
				tag |= 0xF0
			}
			if sibling {
				tag |= 0x0F
			}
		default:
			if child {
				tag |= 0x80
			}
			if sibling {
				tag |= 0x40
			}
			if comment != "" {
				tag |= 0x20
			}
		}
		f, to := m.From(), m.To()
		rec := []byte{byte(f.File()*10+f.Rank()) + 24 + byte(x.keyXYf), byte(to.File()*10+to.Rank()) + 32 + byte(x.keyXYt), tag, 0}
		if version <= 10 || comment != "" {
			rec = binary.LittleEndian.AppendUint32(rec, uint32(len(comment)+x.keyRMK))
			rec = append(rec, comment...)
		}
		out = append(out, rec...)
	}
	var line func(ms []Move)
	line = func(ms []Move) {
		if len(ms) == 0 {
			return
		}
		m := &ms[0]
		emit(m.Move, m.Comment, len(ms) > 1, len(m.Variations) > 0)
		line(ms[1:])
		for k, v := range m.Variations {
			emit(v.Moves[0].Move, v.Moves[0].Comment, len(v.Moves) > 1, k+1 < len(m.Variations))
			line(v.Moves[1:])
		}
	}
	emit(xiangqi.NewMove(0, 0), g.Comment, len(g.Moves) > 0, false)
	line(g.Moves)
	if version > 10 {
		for i := xqfHeaderSize; i < len(out); i++ {
			out[i] += x.stream[i%32]
		}
	}
	return out
}

// stripForXQF drops what XQF cannot hold: a variation's own comment and the NAGs.
func stripForXQF(ms []Move) []Move {
	out := make([]Move, len(ms))
	for i, m := range ms {
		out[i] = Move{Move: m.Move, Comment: m.Comment}
		for _, v := range m.Variations {
			out[i].Variations = append(out[i].Variations, Variation{Moves: stripForXQF(v.Moves)})
		}
	}
	return out
}

// xqfSample is the example file of the XQF 1.0 notes (XQF.TXT, XQStudio 1.0): 柳大华 vs
// 吕钦, 1997, eight moves each, strings in GBK.
func xqfSample() []byte {
	h := make([]byte, xqfHeaderSize)
	put := func(at int, s string) {
		b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
		if err != nil {
			panic(err)
		}
		copy(h[at:], b)
	}
	put(0, "58 51 0A")
	put(0x10, "50 46 3C 32 28 1E 14 0A 00 48 0C 53 3F 2B 17 03 09 13 1D 27 31 3B 45 4F 59 11 4D 06 1A 2E 42 56")
	put(0x33, "02")
	put(0x50, "10 CF C9 C8 CB D6 B8 C2 B7 B6 D4 C6 F0 C2 ED BE D6")
	put(0xD0, "16 22 D6 D0 C1 A2 B1 AD 22 CF F3 C6 E5 B5 E7 CA D3 BF EC C6 E5 C8 FC")
	put(0x110, "0E 31 39 39 37 C4 EA 31 31 D4 C2 31 36 C8 D5")
	put(0x120, "04 B1 B1 BE A9")
	put(0x130, "06 C1 F8 B4 F3 BB AA")
	put(0x140, "06 C2 C0 20 20 C7 D5")
	put(0x1D0, "06 C1 F5 B5 EE D6 D0")
	put(0x1E0, "06 B9 FD BA D3 CF F3")
	moves := "18 20 F0 FF 2F 38 F0 00 67 63 F0 00 57 60 F0 00 29 3B F0 00 2C 4A F0 00 2B 27 F0 00 22 36 F0 00 " +
		"21 33 F0 00 18 2A F0 00 2B 2F F0 00 24 22 F0 00 27 6B F0 00 60 6D F0 00 33 6D F0 00 5E 5E F0 00 71 6F 00 00"
	b, _ := hex.DecodeString(strings.ReplaceAll(moves, " ", ""))
	for i := 0; i < len(b); i += 4 {
		h = append(h, b[i:i+4]...)
		h = append(h, 0, 0, 0, 0) // no comment
	}
	return h
}

func TestParseXQFSample(t *testing.T) {
	data := xqfSample()
	if len(data) != 1160 {
		t.Fatalf("sample is %d bytes, the notes say 1160", len(data))
	}
	// A two-character GBK table is enough to see the strings go through the decoder.
	gbk := map[string]string{"B1B1": "北", "BEA9": "京"}
	decode := func(b []byte) string {
		var sb strings.Builder
		for i := 0; i+1 < len(b); i += 2 {
			k := strings.ToUpper(hex.EncodeToString(b[i : i+2]))
			if c, ok := gbk[k]; ok {
				sb.WriteString(c)
			} else {
				sb.WriteString("?")
			}
		}
		return sb.String()
	}
	g, warns, err := ParseXQF(data, decode)
	if err != nil || len(warns) != 0 {
		t.Fatalf("%v %v", err, warns)
	}
	if g.Tag("Site") != "北京" || g.Result != BlackWins || g.Start.FEN() != xiangqi.StartFEN {
		t.Errorf("site %q result %s start %s", g.Tag("Site"), g.Result, g.Start.FEN())
	}
	want := "c3c4 h9g7 g3g4 b7c7 c0e2 b9a7 b0c2 a9b9 a0b0 b9b5 b2a2 b5h5 h2h7 c7h7 h0g2 i9h9"
	if got := treeString("", g.Moves); got != want {
		t.Errorf("moves\n%s\nwant\n%s", got, want)
	}
}

// TestParseXQFVersions writes annotated trees in the plain and the encrypted versions and
// reads them back.
func TestParseXQFVersions(t *testing.T) {
	games, _, err := ParsePGN(annotatedPGN)
	if err != nil {
		t.Fatal(err)
	}
	annotated := games[0]
	end, _ := xiangqi.ParseFEN("3k5/9/9/9/9/9/R8/9/9/5K3 b - - 0 1")
	endgame := &Game{Start: end, Moves: []Move{{Move: mustMove("d9d8"), Comment: "走", Variations: []Variation{{Moves: []Move{{Move: mustMove("d9e9")}}}}}}, Result: Draw}
	for _, version := range []byte{10, 11, 12, 16, 18} {
		for _, g := range []*Game{annotated, endgame, NewGame()} {
			data := writeXQF(t, g, version)
			back, warns, err := ParseXQF(data, nil)
			if err != nil || len(warns) != 0 {
				t.Fatalf("version %d: %v %v", version, err, warns)
			}
			if d := diffMoves(stripForXQF(g.Moves), back.Moves, false, ""); d != "" {
				t.Errorf("version %d: %s", version, d)
			}
			if back.Comment != g.Comment || back.Result != g.Result || back.Start.FEN() != g.start().FEN() || back.Tag("Red") != g.Tag("Red") {
				t.Errorf("version %d: comment %q result %s start %s red %q", version, back.Comment, back.Result, back.Start.FEN(), back.Tag("Red"))
			}
		}
	}
}

func mustMove(s string) xiangqi.Move {
	m, err := xiangqi.ParseMove(s)
	if err != nil {
		panic(err)
	}
	return m
}

// TestParseXQFBroken: every truncation and many corruptions of a file give an *XQFError
// with an offset inside the file, never a panic.
func TestParseXQFBroken(t *testing.T) {
	games, _, _ := ParsePGN(annotatedPGN)
	data := writeXQF(t, games[0], 18)
	for n := 0; n < len(data); n++ {
		_, _, err := ParseXQF(data[:n], nil)
		var e *XQFError
		if !errors.As(err, &e) || e.Offset < 0 || e.Offset > n || e.Msg == "" {
			t.Fatalf("%d bytes: %v", n, err)
		}
	}
	rng := rand.New(rand.NewSource(4))
	for i := 0; i < 2000; i++ {
		bad := append([]byte(nil), data...)
		for k := 0; k < 1+rng.Intn(4); k++ {
			bad[2+rng.Intn(len(bad)-2)] = byte(rng.Intn(256))
		}
		g, _, err := ParseXQF(bad, nil)
		var e *XQFError
		if err != nil && (!errors.As(err, &e) || e.Offset < 0 || e.Offset > len(bad)) {
			t.Fatalf("corruption %d: %v", i, err)
		}
		if err == nil && g.Start == nil {
			t.Fatalf("corruption %d: no start", i)
		}
	}
	for _, tc := range []struct {
		data []byte
		off  int
		msg  string
	}{
		{[]byte("PK\x03\x04"), 0, "not an XQF file"},
		{[]byte("XQ\x0a\x00"), 4, "header ends early"},
		{append(xqfSample()[:1024], 0x18, 0x20, 0xF0, 0xFF, 0, 0, 0, 0, 0xFF, 0x38, 0, 0, 0, 0, 0, 0), 1032, "want X*10+Y below 90"},
		{append(xqfSample()[:1024], 0x18, 0x20, 0xF0, 0xFF, 0, 0, 0, 0, 0x2F, 0x39, 0, 0, 0, 0, 0, 0), 1032, "not legal"},
		{append(xqfSample()[:1024], 0x18, 0x20, 0x00, 0xFF, 9, 0, 0, 0, 'a'), 1028, "comment length 9"},
	} {
		_, _, err := ParseXQF(tc.data, nil)
		var e *XQFError
		if !errors.As(err, &e) || e.Offset != tc.off || !strings.Contains(e.Msg, tc.msg) {
			t.Errorf("%x…: %v, want offset %d and %q", tc.data[:4], err, tc.off, tc.msg)
		}
	}
}

// FuzzParseXQF: never panics; errors are *XQFError with an offset in the file; a game read
// writes to PGN and reads back the same.
func FuzzParseXQF(f *testing.F) {
	f.Add(xqfSample())
	games, _, _ := ParsePGN(annotatedPGN)
	f.Add(writeXQF(f, games[0], 18))
	f.Add(writeXQF(f, games[0], 10))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, _, err := ParseXQF(data, nil)
		if err != nil {
			var e *XQFError
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(data) {
				t.Fatalf("error %v", err)
			}
			return
		}
		checkRoundTrip(t, "xqf", "PGN", g, func(g *Game) (string, error) { return FormatPGN(g, PGNOptions{}) }, ParsePGN)
	})
}

// TestXQFFiles: the files in testdata/xqf (used by the app's tests too) are what the
// sample and writeXQF make; QIPAN_WRITE_XQF=1 writes them again.
func TestXQFFiles(t *testing.T) {
	games, _, _ := ParsePGN(annotatedPGN)
	files := map[string][]byte{
		"testdata/xqf/spec-sample.xqf":   xqfSample(),
		"testdata/xqf/annotated-v18.xqf": writeXQF(t, games[0], 18),
	}
	for name, want := range files {
		if os.Getenv("QIPAN_WRITE_XQF") != "" {
			if err := os.WriteFile(name, want, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, err := os.ReadFile(name)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: %v, or not what the test makes (QIPAN_WRITE_XQF=1 writes it)", name, err)
		}
	}
}
