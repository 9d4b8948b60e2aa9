package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/search"
)

func TestGenWritesLabelledPositions(t *testing.T) {
	var buf bytes.Buffer
	n, res := playGame(3, 300, &buf)
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if n == 0 || len(lines) != n {
		t.Fatalf("game (%s): %d positions, %d lines", res, n, len(lines))
	}
	data, err := readLines(strings.NewReader(buf.String()))
	if err != nil || len(data) != n {
		t.Fatalf("readLines: %d lines, %v", len(data), err)
	}
	// The search's score goes with each position (mates and unsearched moves aside).
	scored := 0
	for _, l := range data {
		if l.hasCP {
			scored++
		}
	}
	if scored < n/2 {
		t.Errorf("%d of %d positions carry the search's score", scored, n)
	}
}

func TestReadLinesErrors(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"no separator", "line 1: want FEN;result"},
		{"4k4/9 w;1", "line 1: "},
		{"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1;2", `line 1: bad result "2"`},
	} {
		if _, err := readLines(strings.NewReader(tt.in)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("readLines(%q): %v, want %q", tt.in, err, tt.want)
		}
	}
}

// TestFitFollowsTheData: results that follow one feature's sign raise its weight.
// horseMobData is 400 samples where more horse mobility always wins: a fit raises HorseMob.
func horseMobData(w0 []float64) []sample {
	var data []sample
	for i := 0; i < 400; i++ {
		x := float64(i%2*2 - 1)
		s := sample{idx: []int32{search.FHorseMob}, val: []float64{x}}
		if x > 0 {
			s.target = 1
		}
		s.base = -x * w0[search.FHorseMob] // the current weight's part is not in base
		data = append(data, s)
	}
	return data
}

func TestFitFollowsTheData(t *testing.T) {
	w0 := initialWeights()
	data := horseMobData(w0)
	w, _, before, after := fit(data, fitOptions{iters: 300})
	if w[search.FHorseMob] <= w0[search.FHorseMob]+50 || after >= before {
		t.Errorf("HorseMob fitted to %.1f (error %.4f -> %.4f), want well above %.1f", w[search.FHorseMob], before, after, w0[search.FHorseMob])
	}
}

// TestFitKeepsFrozenFeatures: -without holds a feature at its weight however the data pulls,
// and names an unknown feature.
func TestFitKeepsFrozenFeatures(t *testing.T) {
	frozen, err := featureSet("HorseMob, ChariotBlocked")
	if err != nil || !frozen[search.FHorseMob] || !frozen[search.FChariotBlocked] || frozen[search.FChariotMob] {
		t.Fatalf("featureSet: %v, %v", frozen, err)
	}
	if _, err := featureSet("HorseMobility"); err == nil || !strings.Contains(err.Error(), "HorseMobility") {
		t.Errorf("an unknown feature: error %v", err)
	}
	w0 := initialWeights()
	if w, _, _, _ := fit(horseMobData(w0), fitOptions{iters: 300, frozen: frozen}); w[search.FHorseMob] != w0[search.FHorseMob] {
		t.Errorf("a frozen HorseMob moved from %.1f to %.1f", w0[search.FHorseMob], w[search.FHorseMob])
	}
}

// TestModelExplainsEvaluate: with the current weights the model's parameters make up the
// search's whole evaluation but the tempo bonus (so the square mirroring and the features
// are mapped right, and the tables are left-right symmetric).
func TestModelExplainsEvaluate(t *testing.T) {
	start, _ := xiangqi.ParseFEN(xiangqi.StartFEN)
	tempo := float64(search.Evaluate(start)) // the start is symmetric: only the tempo is left
	for _, fen := range []string{
		xiangqi.StartFEN,
		"1rbaka1r1/9/c1R1b1n2/p3p1p1p/2p6/9/P1P1P1P1P/2N1C1C2/3R5/2BAKABc1 b - - 4 9",
		"3k5/4P4/9/9/9/2C6/9/4B4/4A4/3AK4 w - - 0 1",
		"2bakab2/9/9/p3p1p1p/9/9/P3P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
	} {
		p, err := xiangqi.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		want := tempo
		if p.Turn() == xiangqi.Black {
			want = -tempo
		}
		if s := newSample(p, 0, initialWeights()); s.base != want {
			t.Errorf("%s: the model leaves %v unexplained, want the tempo %v", fen, s.base, want)
		}
	}
}

// TestPrintWeightsRoundTrip: the printed tables are the current ones when nothing is fitted.
func TestPrintWeightsRoundTrip(t *testing.T) {
	var out bytes.Buffer
	printWeights(&out, initialWeights(), true)
	want := fmt.Sprintf("FHorseMob: %d,", search.Weights[search.FHorseMob])
	if !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "xiangqi.Soldier: {") {
		t.Fatalf("printed tables lack %q or the soldier table:\n%s", want, out.String())
	}
}
