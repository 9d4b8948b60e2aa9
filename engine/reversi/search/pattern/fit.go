package pattern

import (
	"fmt"
	"io"
	"math"
	"math/bits"
	"strings"
)

// Sample is a position (P to move) and its score in discs for P. Base, if not zero, is a
// value the weights are fitted on top of (discs): they learn Score − Base.
type Sample struct {
	P, O  uint64
	Score int
	Base  float64
}

// reverseDigits reverses the first n base-3 digits of x.
func reverseDigits(x, n int) int {
	r := 0
	for i := 0; i < n; i++ {
		r = r*3 + x%3
		x /= 3
	}
	return r
}

// transposeCorner swaps the digits of a 3×3 block (digit c+3r) across its diagonal.
func transposeCorner(x int) int {
	var d [9]int
	for i := 0; i < 9; i++ {
		d[i] = x % 3
		x /= 3
	}
	r, w := 0, 1
	for i := 0; i < 9; i++ {
		r += d[i%3*3+i/3] * w
		w *= 3
	}
	return r
}

// params maps each flat table index to a fitted parameter, one for each configuration and
// its mirror image; it returns the map and the number of parameters.
func params() ([]int32, int) {
	m := make([]int32, rawSize)
	n := 0
	assign := func(off, size int, mirror func(int) int) {
		for x := 0; x < size; x++ {
			if y := mirror(x); y < x {
				m[off+x] = m[off+y]
			} else {
				m[off+x] = int32(n)
				n++
			}
		}
	}
	for c := 0; c < nLine; c++ {
		assign(lineOff[c], p8, func(x int) int { return reverseDigits(x, 8) })
	}
	for a := 0; a < nDiag; a++ {
		l := 8 - a
		size := int(math.Pow(3, float64(l)))
		assign(diagOff[a], size, func(x int) int { return reverseDigits(x, l) })
	}
	assign(cornerOff, p9, transposeCorner)
	return m, n
}

// row is a sample in the form the fit reads: its parameters, scalars and score.
type row struct {
	idx      [nInst]int32
	mob, pot float64
	y        float64
	empties  int
}

func makeRows(samples []Sample, pm []int32) []row {
	rows := make([]row, len(samples))
	var raw [nInst]int32
	for i, s := range samples {
		indices(s.P, s.O, &raw)
		for j, x := range raw {
			rows[i].idx[j] = pm[x]
		}
		mob, pot := scalars(s.P, s.O)
		rows[i].mob, rows[i].pot, rows[i].y = float64(mob), float64(pot), float64(s.Score)-s.Base
		rows[i].empties = 64 - bits.OnesCount64(s.P|s.O)
	}
	return rows
}

// Fit fits one stage of weights to the samples by least squares with an L2 penalty (Adam,
// full batch) and returns them with a report of the fit's error on the samples and on the
// last tenth of them, held out.
func Fit(samples []Sample, epochs int, l2 float64) (*Weights, string) {
	pm, np := params()
	rows := makeRows(samples, pm)
	hold := len(rows) / 10
	var report strings.Builder
	st := fitStage(rows[:len(rows)-hold], rows[len(rows)-hold:], pm, np, epochs, l2, nil, &report)
	return &Weights{stages: []stage{st}}, report.String()
}

// StageRange returns the empties [lo, hi] that stage s of n reads (Eval's stageOf).
func StageRange(s, n int) (lo, hi int) {
	lo, hi = -1, -1
	for e := 0; e <= 60; e++ {
		if e*n/61 == s {
			if lo < 0 {
				lo = e
			}
			hi = e
		}
	}
	return lo, hi
}

// Relabel gives new scores in discs (not less Base) to the samples of a stage about to be fitted, from the
// weights fitted so far: w's stages below the one being fitted are fitted, and that one is a
// copy of the stage below it (bootstrapping stage by stage from the end, as Logistello and Edax
// did: a search whose leaves fall in the stages already fitted).
type Relabel func(w *Weights, samples []Sample) []float64

// FitStages fits n stages, from the end of the game back, each to the samples whose empties
// are within its range widened by spread on both sides (neighbouring stages share data: fewer
// samples per weight, smoother weights from stage to stage), and writes each stage's error to
// report. relabel, if not nil, gives the samples of each stage but the first their scores.
// With prior, each stage but the first starts from the weights of the stage fitted before it
// (the next one towards the end) and its L2 penalty pulls towards them instead of towards 0:
// where a stage's data is thin it keeps what the later stages, with their exact labels,
// learned.
func FitStages(samples []Sample, n, spread, epochs int, l2 float64, prior bool, report io.Writer, relabel Relabel) *Weights {
	pm, np := params()
	rows := makeRows(samples, pm)
	w := &Weights{stages: make([]stage, n)}
	for s := 0; s < n; s++ {
		lo, hi := StageRange(s, n)
		var sel []row
		var selSamples []Sample
		for i, r := range rows {
			if r.empties >= lo-spread && r.empties <= hi+spread {
				sel = append(sel, r)
				selSamples = append(selSamples, samples[i])
			}
		}
		fmt.Fprintf(report, "stage %d (%d-%d empties): %d samples\n", s, lo, hi, len(sel))
		if relabel != nil && s > 0 {
			w.stages[s] = w.stages[s-1]
			for i, y := range relabel(w, selSamples) {
				sel[i].y = y - selSamples[i].Base
			}
		}
		var w0 []float64
		if prior && s > 0 {
			w0 = stageParams(&w.stages[s-1], pm, np)
		}
		w.stages[s] = fitStage(sel, nil, pm, np, epochs, l2, w0, report)
	}
	return w
}

// stageParams returns st's weights as fitted parameters (discs): np pattern weights, then
// mob, pot, bias.
func stageParams(st *stage, pm []int32, np int) []float64 {
	w := make([]float64, np+3)
	for x, j := range pm {
		w[j] = float64(st.raw[x]) / 100
	}
	w[np], w[np+1], w[np+2] = float64(st.mob)/100, float64(st.pot)/100, float64(st.bias)/100
	return w
}

// fitStage fits one stage's weights to train, reporting the error on train and hold. w0, if
// not nil, is where the fit starts and what its L2 penalty pulls the pattern weights towards.
func fitStage(train, hold []row, pm []int32, np, epochs int, l2 float64, w0 []float64, report io.Writer) stage {
	// parameters: np pattern weights, then mob, pot, bias (all in discs)
	n := np + 3
	w := make([]float64, n)
	if w0 != nil {
		copy(w, w0)
	} else {
		w0 = make([]float64, n)
	}
	g := make([]float64, n)
	m1 := make([]float64, n)
	m2 := make([]float64, n)
	const lr, b1, b2, eps = 0.05, 0.9, 0.999, 1e-8
	mse := func(rs []row) float64 {
		var e float64
		for i := range rs {
			r := &rs[i]
			p := w[np]*r.mob + w[np+1]*r.pot + w[np+2]
			for _, j := range r.idx {
				p += w[j]
			}
			e += (p - r.y) * (p - r.y)
		}
		return e / float64(max(len(rs), 1))
	}
	for ep := 1; ep <= epochs; ep++ {
		clear(g)
		for i := range train {
			r := &train[i]
			p := w[np]*r.mob + w[np+1]*r.pot + w[np+2]
			for _, j := range r.idx {
				p += w[j]
			}
			d := 2 * (p - r.y) / float64(len(train))
			for _, j := range r.idx {
				g[j] += d
			}
			g[np] += d * r.mob
			g[np+1] += d * r.pot
			g[np+2] += d
		}
		for j := 0; j < np; j++ {
			g[j] += 2 * l2 * (w[j] - w0[j])
		}
		c1, c2 := 1-math.Pow(b1, float64(ep)), 1-math.Pow(b2, float64(ep))
		for j := range w {
			m1[j] = b1*m1[j] + (1-b1)*g[j]
			m2[j] = b2*m2[j] + (1-b2)*g[j]*g[j]
			w[j] -= lr * (m1[j] / c1) / (math.Sqrt(m2[j]/c2) + eps)
		}
		if ep%100 == 0 || ep == epochs {
			fmt.Fprintf(report, "epoch %d: rms error %.2f discs (train)", ep, math.Sqrt(mse(train)))
			if len(hold) > 0 {
				fmt.Fprintf(report, ", %.2f (held out)", math.Sqrt(mse(hold)))
			}
			fmt.Fprintln(report)
		}
	}
	cd := func(x float64) int16 { return int16(max(min(math.Round(x*100), 32767), -32767)) }
	st := stage{mob: cd(w[np]), pot: cd(w[np+1]), bias: cd(w[np+2])}
	for x := range st.raw {
		st.raw[x] = cd(w[pm[x]])
	}
	return st
}
