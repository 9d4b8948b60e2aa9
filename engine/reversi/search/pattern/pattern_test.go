package pattern

import (
	"bytes"
	"io"
	"math/bits"
	"math/rand"
	"strings"
	"testing"

	"qipan/engine/reversi"
)

// slow references: square by square
func mirrorHSlow(b uint64) uint64 {
	var out uint64
	for s := 0; s < 64; s++ {
		if b&(1<<uint(s)) != 0 {
			out |= 1 << uint(s&^7|(7-s&7))
		}
	}
	return out
}

func transposeSlow(b uint64) uint64 {
	var out uint64
	for s := 0; s < 64; s++ {
		if b&(1<<uint(s)) != 0 {
			out |= 1 << uint((s&7)*8+s>>3)
		}
	}
	return out
}

func gatherDiagSlow(b uint64, k int) uint64 {
	var out uint64
	i := 0
	for c := 0; c < 8; c++ {
		if r := c + k; r >= 0 && r < 8 {
			if b&(1<<uint(r*8+c)) != 0 {
				out |= 1 << uint(i)
			}
			i++
		}
	}
	return out
}

func TestBitTricks(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 1000; i++ {
		b := r.Uint64() & r.Uint64()
		if got, want := mirrorH(b), mirrorHSlow(b); got != want {
			t.Fatalf("mirrorH(%016x) = %016x, want %016x", b, got, want)
		}
		if got, want := transpose(b), transposeSlow(b); got != want {
			t.Fatalf("transpose(%016x) = %016x, want %016x", b, got, want)
		}
		for k := -7; k <= 7; k++ {
			if got, want := gatherDiag(b, k), gatherDiagSlow(b, k); got != want {
				t.Fatalf("gatherDiag(%016x, %d) = %b, want %b", b, k, got, want)
			}
		}
	}
}

// randomWeights gives each fitted parameter a random value, so that the tables keep the ties
// that make the evaluation symmetric.
func randomWeights(r *rand.Rand, stages int) *Weights {
	pm, np := params()
	w := &Weights{stages: make([]stage, stages)}
	for s := range w.stages {
		v := make([]int16, np)
		for i := range v {
			v[i] = int16(r.Intn(2001) - 1000)
		}
		st := &w.stages[s]
		for x := range st.raw {
			st.raw[x] = v[pm[x]]
		}
		st.mob, st.pot, st.bias = int16(r.Intn(200)), int16(r.Intn(200)-100), int16(r.Intn(200)-100)
	}
	return w
}

func randomPosition(r *rand.Rand) reversi.Position {
	p := reversi.Start()
	n := 4 + r.Intn(56)
	var ml reversi.MoveList
	for p.Empties() > n && p.Status() != reversi.Over {
		p.GenerateLegal(&ml)
		p.Make(ml.Moves[r.Intn(ml.N)])
	}
	return p
}

// The evaluation must not depend on how the board is turned or mirrored.
func TestEvalSymmetric(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for _, w := range []*Weights{randomWeights(r, 3), Default, Midgame} {
		for i := 0; i < 500; i++ {
			p := randomPosition(r)
			v := w.Eval(p.P, p.O)
			P, O := p.P, p.O
			for k := 0; k < 8; k++ {
				if k == 4 {
					P, O = transpose(P), transpose(O)
				}
				P, O = bits.ReverseBytes64(P), bits.ReverseBytes64(O)
				if k%2 == 1 {
					P, O = mirrorH(P), mirrorH(O)
				}
				if got := w.Eval(P, O); got != v {
					t.Fatalf("%v: %d, symmetric board (%d) %d", p, v, k, got)
				}
			}
		}
	}
}

func TestLoad(t *testing.T) {
	w := randomWeights(rand.New(rand.NewSource(3)), 2)
	good := w.Marshal()
	back, err := Load(good)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(back.Marshal(), good) {
		t.Fatal("Marshal(Load(b)) != b")
	}
	flip := func(i int) []byte { b := bytes.Clone(good); b[i] ^= 1; return b }
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a weights file"},
		{"other file", []byte("PK\x03\x04 a zip, not weights"), "not a weights file"},
		{"version", flip(4), "version"},
		{"stage count", flip(6), "bytes, want"},
		{"truncated", good[:len(good)-10], "bytes, want"},
		{"a weight changed", flip(1000), "corrupt"},
		{"checksum changed", flip(len(good) - 1), "corrupt"},
	} {
		if _, err := Load(c.data); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Load error %v, want one saying %q", c.name, err, c.want)
		}
	}
	if _, err := Load(embedded); err != nil {
		t.Fatalf("embedded weights: %v", err)
	}
	if w, err := Load(embeddedMidgame); err != nil || w.Stages() < 10 {
		t.Fatalf("embedded midgame weights: %v, want at least 10 stages", err)
	}
}

// StageRange must cover 0..60 empties once, in order, as Eval picks the stages.
func TestStageRange(t *testing.T) {
	for _, n := range []int{1, 2, 7, 15, 61} {
		next := 0
		for s := 0; s < n; s++ {
			lo, hi := StageRange(s, n)
			if lo != next || hi < lo {
				t.Fatalf("%d stages: stage %d is %d-%d, want it to start at %d", n, s, lo, hi, next)
			}
			next = hi + 1
		}
		if next != 61 {
			t.Fatalf("%d stages end at %d empties, want 60", n, next-1)
		}
	}
}

func TestEvalNoAllocs(t *testing.T) {
	p := randomPosition(rand.New(rand.NewSource(4)))
	if a := testing.AllocsPerRun(100, func() { Default.Eval(p.P, p.O) }); a != 0 {
		t.Fatalf("Eval allocates %v times", a)
	}
}

// Fit must learn a score that its features express exactly: a weight on one corner square.
func TestFitLearns(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	var samples []Sample
	for i := 0; i < 3000; i++ {
		p := randomPosition(r)
		score := 0
		if p.P&1 != 0 {
			score = 10
		} else if p.O&1 != 0 {
			score = -10
		}
		samples = append(samples, Sample{P: p.P, O: p.O, Score: score})
	}
	w, report := Fit(samples, 200, 1e-6)
	var e float64
	for _, s := range samples {
		d := float64(w.Eval(s.P, s.O))/100 - float64(s.Score)
		e += d * d
	}
	if rms := e / float64(len(samples)); rms > 4 {
		t.Fatalf("mean squared error %.2f discs² after fitting; report:\n%s", rms, report)
	}
}

// FitStages must give each stage its own weights, on top of the samples' Base: a corner worth
// 10 discs with more than 30 empties and -10 with fewer is learned by each stage.
func TestFitStagesLearns(t *testing.T) {
	r := rand.New(rand.NewSource(8))
	var samples []Sample
	score := func(p reversi.Position) int {
		s := 0
		if p.P&1 != 0 {
			s = 10
		} else if p.O&1 != 0 {
			s = -10
		}
		if p.Empties() <= 30 {
			s = -s
		}
		return s
	}
	for i := 0; i < 4000; i++ {
		p := randomPosition(r)
		// a base of half the score: the weights learn the other half
		samples = append(samples, Sample{P: p.P, O: p.O, Score: score(p), Base: float64(score(p)) / 2})
	}
	w := FitStages(samples, 4, 0, 200, 1e-6, false, io.Discard, nil)
	if w.Stages() != 4 {
		t.Fatalf("%d stages, want 4", w.Stages())
	}
	var e float64
	for _, s := range samples {
		d := s.Base + float64(w.Eval(s.P, s.O))/100 - float64(s.Score)
		e += d * d
	}
	if mse := e / float64(len(samples)); mse > 4 {
		t.Fatalf("mean squared error %.2f discs² after fitting", mse)
	}
}

// With prior, a stage starts from the stage fitted before it and is pulled towards it: a stage
// without samples keeps the later stage's weights (without prior it stays at zero), and one
// with samples still learns from them.
func TestFitStagesPrior(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	var late, early []Sample
	for len(late) < 2000 || len(early) < 500 {
		p := randomPosition(r)
		s := 0
		if p.P&1 != 0 {
			s = 10
		} else if p.O&1 != 0 {
			s = -10
		}
		switch e := p.Empties(); {
		case e <= 20 && len(late) < 2000:
			late = append(late, Sample{P: p.P, O: p.O, Score: s})
		case e > 40 && len(early) < 500:
			early = append(early, Sample{P: p.P, O: p.O, Score: s + 5})
		}
	}
	// 3 stages: 0-20, 21-40, 41-60 empties; the middle one has no samples
	for _, prior := range []bool{false, true} {
		w := FitStages(append(late, early...), 3, 0, 200, 1e-3, prior, io.Discard, nil)
		same := w.stages[1] == w.stages[0]
		if prior != same {
			t.Errorf("prior %v: the stage without samples equals the stage before it: %v", prior, same)
		}
		if !prior && w.stages[1] != (stage{}) {
			t.Errorf("without prior, the stage without samples is not zero")
		}
		var e float64
		for _, s := range early {
			d := float64(w.Eval(s.P, s.O))/100 - float64(s.Score)
			e += d * d
		}
		if mse := e / float64(len(early)); mse > 4 {
			t.Errorf("prior %v: mean squared error %.2f discs² on the last stage's samples", prior, mse)
		}
	}
}

func BenchmarkEval(b *testing.B) {
	p, _ := reversi.ParseBoard("--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Default.Eval(p.P, p.O)
	}
}
