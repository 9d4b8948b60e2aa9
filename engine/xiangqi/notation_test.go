package xiangqi

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// notationCase is one move in every notation. cn is as notation.md writes it (ASCII digits
// for Black); cnFull is our default output (full-width digits for Black); trad is traditional.
type notationCase struct {
	iccs, cn, cnFull, trad, wxf string
}

// The worked cases of /work/shared/reference/notation.md, plus the WXF forms the brief names.
var notationTables = []struct {
	name  string
	fen   string
	moves []notationCase
	seq   bool // the moves are played one after another (else each from the FEN)
}{
	{"opening", StartFEN, []notationCase{
		{"H2-E2", "炮二平五", "炮二平五", "炮二平五", "C2.5"},
		{"H7-E7", "炮8平5", "炮８平５", "砲8平5", "C8.5"},
		{"E2-E6", "炮五进四", "炮五进四", "炮五進四", "C5+4"},
		{"D9-E8", "士4进5", "士４进５", "士4進5", "A4+5"},
		{"H0-G2", "马二进三", "马二进三", "馬二進三", "H2+3"},
		{"H9-G7", "马8进7", "马８进７", "馬8進7", "H8+7"},
		{"B2-E2", "炮八平五", "炮八平五", "炮八平五", "C8.5"},
		{"B9-C7", "马2进3", "马２进３", "馬2進3", "H2+3"},
		{"E6-E4", "前炮退二", "前炮退二", "前炮退二", "C+-2"},
		{"I9-H9", "车9平8", "车９平８", "車9平8", "R9.8"},
	}, true},
	{"two files with two soldiers each", "4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w - - 0 1", []notationCase{
		{"F8-E8", "一兵平五", "一兵平五", "一兵平五", "Pa.5"},
		{"F6-E6", "二兵平五", "二兵平五", "二兵平五", "Pb.5"},
		{"E7-E8", "兵五进一", "兵五进一", "兵五進一", "P5+1"},
		{"D8-E8", "三兵平五", "三兵平五", "三兵平五", "Pc.5"},
		{"D6-E6", "四兵平五", "四兵平五", "四兵平五", "Pd.5"},
	}, false},
	{"two cannons on one file", "3k5/9/9/9/9/4C4/9/9/4C4/5K3 w - - 0 1", []notationCase{
		{"E4-H4", "前炮平二", "前炮平二", "前炮平二", "C+.2"},
		{"E1-H1", "后炮平二", "后炮平二", "後炮平二", "C-.2"},
		{"E4-E8", "前炮进四", "前炮进四", "前炮進四", "C++4"},
		{"E1-E3", "后炮进二", "后炮进二", "後炮進二", "C-+2"},
	}, false},
	{"black chariots on one file", "3k5/9/9/9/4r4/9/9/4r4/9/5K3 b - - 0 1", []notationCase{
		{"E2-D2", "前车平4", "前车平４", "前車平4", "R+.4"},
		{"E5-E3", "后车进2", "后车进２", "後車進2", "R-+2"},
		{"E5-E7", "后车退2", "后车退２", "後車退2", "R--2"},
	}, false},
	{"three soldiers on one file", "4k4/9/3P5/3P5/3P5/9/9/9/9/3K5 w - - 0 1", []notationCase{
		{"D7-E7", "前兵平五", "前兵平五", "前兵平五", "P+.5"},
		{"D6-E6", "中兵平五", "中兵平五", "中兵平五", "P6.5"},
		{"D5-E5", "后兵平五", "后兵平五", "後兵平五", "P-.5"},
		{"D7-D8", "前兵进一", "前兵进一", "前兵進一", "P++1"},
	}, false},
	{"black soldiers on two files", "4k4/9/9/9/9/1p1p5/1p1p5/9/9/3K5 b - - 0 1", []notationCase{
		{"B3-C3", "一卒平3", "一卒平３", "一卒平3", "Pa.3"},
		{"B4-A4", "二卒平1", "二卒平１", "二卒平1", "Pb.1"},
		{"D3-E3", "三卒平5", "三卒平５", "三卒平5", "Pc.5"},
		{"D4-E4", "四卒平5", "四卒平５", "四卒平5", "Pd.5"},
		{"D3-D2", "三卒进1", "三卒进１", "三卒進1", "Pc+1"},
	}, false},
	{"advisors and elephants on one file use the file", "3k5/9/9/9/9/2B6/9/3A5/9/2BAK4 w - - 0 1", []notationCase{
		{"C0-E2", "相七进五", "相七进五", "相七進五", "E7+5"},
		{"C4-E2", "相七退五", "相七退五", "相七退五", "E7-5"},
		{"D0-E1", "仕六进五", "仕六进五", "仕六進五", "A6+5"},
		{"D2-E1", "仕六退五", "仕六退五", "仕六退五", "A6-5"},
		{"E0-E1", "帅五进一", "帅五进一", "帥五進一", "K5+1"},
	}, false},
}

func TestNotationTables(t *testing.T) {
	for _, tb := range notationTables {
		p, err := ParseFEN(tb.fen)
		if err != nil {
			t.Fatalf("%s: %v", tb.name, err)
		}
		start := *p
		for _, tc := range tb.moves {
			if !tb.seq {
				*p = start
			}
			m, err := ParseMove(tc.iccs)
			if err != nil || !p.IsLegal(m) {
				t.Fatalf("%s: %s is not legal in %s (%v)", tb.name, tc.iccs, p.FEN(), err)
			}
			check := func(what, got, want string) {
				t.Helper()
				if got != want {
					t.Errorf("%s %s: %s = %q, want %q", tb.name, tc.iccs, what, got, want)
				}
			}
			check("WXF", p.WXF(m), tc.wxf)
			check("Chinese", p.Chinese(m), tc.cnFull)
			check("Chinese ASCII digits", p.ChineseWith(m, ChineseOptions{ASCIIDigits: true}), tc.cn)
			check("Chinese traditional", p.ChineseWith(m, ChineseOptions{Traditional: true, ASCIIDigits: true}), tc.trad)
			inputs := []string{tc.wxf, strings.ReplaceAll(tc.wxf, ".", "="), tc.cn, tc.cnFull, tc.trad, " " + tc.cn + " ", tc.iccs}
			for _, in := range inputs {
				got, err := p.ParseAnyMove(in)
				if err != nil || got != m {
					t.Errorf("%s: ParseAnyMove(%q) = %v, %v; want %s", tb.name, in, got, err, tc.iccs)
				}
			}
			if got, err := p.ParseWXF(tc.wxf); err != nil || got != m {
				t.Errorf("%s: ParseWXF(%q) = %v, %v", tb.name, tc.wxf, got, err)
			}
			if got, err := p.ParseChinese(tc.cn); err != nil || got != m {
				t.Errorf("%s: ParseChinese(%q) = %v, %v", tb.name, tc.cn, got, err)
			}
			p.Make(m)
		}
	}
}

// Lenient Chinese input: other characters, numbers and orders that mean the same move.
func TestParseChineseVariants(t *testing.T) {
	p := NewPosition()
	for _, tc := range []struct{ in, want string }{
		{"炮2平5", "h2e2"},
		{"炮２平５", "h2e2"},
		{"砲二平五", "h2e2"},
		{"包二平五", "h2e2"},
		{"傌二進三", "h0g2"},
		{"俥一进一", "i0i1"},
		{"兵七進一", "c3c4"},
		{"卒七进一", "c3c4"}, // either side's character
		{"仕四进五", "f0e1"},
		{"士四进五", "f0e1"},
		{"象三进五", "g0e2"},
		{"將五进一", "e0e1"},
	} {
		m, err := p.ParseChinese(tc.in)
		if err != nil || m.String() != tc.want {
			t.Errorf("ParseChinese(%q) = %v, %v; want %s", tc.in, m, err, tc.want)
		}
	}
	q, _ := ParseFEN("3k5/9/9/9/9/4C4/9/9/4C4/5K3 w")
	for _, tc := range []struct{ in, want string }{
		{"炮前平二", "e4h4"}, {"炮後平二", "e1h1"}, {"後炮平二", "e1h1"},
	} {
		m, err := q.ParseChinese(tc.in)
		if err != nil || m.String() != tc.want {
			t.Errorf("ParseChinese(%q) = %v, %v; want %s", tc.in, m, err, tc.want)
		}
	}
}

func TestNotationErrors(t *testing.T) {
	start := NewPosition()
	rooks, _ := ParseFEN("3k5/9/9/9/8R/9/9/9/9/4K3R w")
	for _, tc := range []struct {
		p    *Position
		in   string
		wxf  bool
		want string
	}{
		{start, "C2.0", true, `'0' is not a digit 1-9`},
		{start, "X2.5", true, `piece 'X' is not one of`},
		{start, "C2*5", true, `direction '*'`},
		{start, "C0.5", true, `'0' is not a file 1-9`},
		{start, "C2.", true, "want 4 characters"},
		{start, "C2.55", true, "want 4 characters"},
		{start, "C3.5", true, "no legal red move fits it"},
		{start, "P+.5", true, "no legal red move fits it"},
		{rooks, "R1+1", true, "ambiguous: I0-I1, I5-I6"},
		{start, "炮二平", false, "want 4 characters"},
		{start, "炮二平五六", false, "want 4 characters"},
		{start, "炮二走五", false, `character 3 '走' is not 进, 退 or 平`},
		{start, "炮十平五", false, `character 2 '十' is not a file number`},
		{start, "炮二平零", false, `character 4 '零' is not a number 1-9`},
		{start, "王二平五", false, `character 1 '王' is not a piece`},
		{start, "六兵平五", false, `character 1 '六' is not 前/中/后 or an ordinal`},
		{start, "炮三平五", false, "no legal red move fits it"},
		{start, "炮二进九", false, "no legal red move fits it"},
		{rooks, "车一进一", false, "ambiguous: I0-I1, I5-I6"},
		{start, "\xff\xfe炮二", false, "not valid UTF-8"},
	} {
		var err error
		if tc.wxf {
			_, err = tc.p.ParseWXF(tc.in)
		} else {
			_, err = tc.p.ParseChinese(tc.in)
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("parse %q: error %v, want it to contain %q", tc.in, err, tc.want)
		}
	}
	for _, in := range []string{"", "hello world", "h2e3", "zz"} {
		if _, err := start.ParseAnyMove(in); err == nil {
			t.Errorf("ParseAnyMove(%q) accepted", in)
		}
	}
	if start.WXF(NewMove(SquareOf(7, 2), SquareOf(7, 8))) != "" || start.Chinese(NoMove) != "" {
		t.Error("an illegal move should write as the empty string")
	}
}

// Every legal move of many random positions writes in each notation and reads back.
func TestNotationRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	starts := append([]string{}, oracleStarts...)
	starts = append(starts, "4k4/9/3P5/3P5/3P5/9/9/9/9/3K5 w", "4k4/9/9/9/9/1p1p5/1p1p5/9/9/3K5 b",
		"3k5/9/2PPP4/2P1P4/9/9/9/9/9/5K3 w", "5k3/9/9/9/9/3p5/3p5/3p5/3p5/4K4 b")
	opts := []ChineseOptions{{}, {Traditional: true}, {ASCIIDigits: true}, {Traditional: true, ASCIIDigits: true}}
	n := 0
	for i := 0; i < 300; i++ {
		p, err := ParseFEN(starts[i%len(starts)])
		if err != nil {
			t.Fatal(err)
		}
		randomLine(rng, p, 60)
		for _, m := range p.LegalMoves() {
			n++
			w := p.WXF(m)
			if got, err := p.ParseWXF(w); err != nil || got != m {
				t.Fatalf("%s: %s writes as %q, reads back as %v, %v", p.FEN(), m, w, got, err)
			}
			for _, o := range opts {
				c := p.ChineseWith(m, o)
				if got, err := p.ParseChinese(c); err != nil || got != m {
					t.Fatalf("%s: %s writes as %q, reads back as %v, %v", p.FEN(), m, c, got, err)
				}
			}
		}
	}
	if n < 1000 {
		t.Errorf("only %d moves checked", n)
	}
}
