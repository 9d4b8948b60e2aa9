package pattern

import (
	"fmt"
	"math"
	"strings"
)

// Sample is a position (P to move) and its score in discs for P.
type Sample struct {
	P, O  uint64
	Score int
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

// Fit fits one stage of weights to the samples by least squares with an L2 penalty (Adam,
// full batch) and returns them with a report of the fit's error.
func Fit(samples []Sample, epochs int, l2 float64) (*Weights, string) {
	pm, np := params()
	type row struct {
		idx      [nInst]int32
		mob, pot float64
		y        float64
	}
	rows := make([]row, len(samples))
	var raw [nInst]int32
	for i, s := range samples {
		indices(s.P, s.O, &raw)
		for j, x := range raw {
			rows[i].idx[j] = pm[x]
		}
		mob, pot := scalars(s.P, s.O)
		rows[i].mob, rows[i].pot, rows[i].y = float64(mob), float64(pot), float64(s.Score)
	}
	// parameters: np pattern weights, then mob, pot, bias (all in discs)
	n := np + 3
	w := make([]float64, n)
	g := make([]float64, n)
	m1 := make([]float64, n)
	m2 := make([]float64, n)
	const lr, b1, b2, eps = 0.05, 0.9, 0.999, 1e-8
	var report strings.Builder
	hold := len(rows) / 10 // the last tenth is held out to watch over-fitting
	train := rows[:len(rows)-hold]
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
			g[j] += 2 * l2 * w[j]
		}
		c1, c2 := 1-math.Pow(b1, float64(ep)), 1-math.Pow(b2, float64(ep))
		for j := range w {
			m1[j] = b1*m1[j] + (1-b1)*g[j]
			m2[j] = b2*m2[j] + (1-b2)*g[j]*g[j]
			w[j] -= lr * (m1[j] / c1) / (math.Sqrt(m2[j]/c2) + eps)
		}
		if ep%50 == 0 || ep == epochs {
			fmt.Fprintf(&report, "epoch %d: rms error %.2f discs (train), %.2f (held out)\n", ep,
				math.Sqrt(mse(train)), math.Sqrt(mse(rows[len(rows)-hold:])))
		}
	}
	cd := func(x float64) int16 { return int16(max(min(math.Round(x*100), 32767), -32767)) }
	st := stage{mob: cd(w[np]), pot: cd(w[np+1]), bias: cd(w[np+2])}
	for x := range st.raw {
		st.raw[x] = cd(w[pm[x]])
	}
	return &Weights{stages: []stage{st}}, report.String()
}
