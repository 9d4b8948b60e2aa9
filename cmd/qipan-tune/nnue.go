package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"

	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/nnue"
	"qipan/engine/xiangqi/search"
)

// trainNNUE fits a network (engine/xiangqi/nnue) to labelled positions ("FEN;result;cp" from
// label) and writes it in the network file format:
//
//	qipan-tune nnue -in labelled.txt -hidden 16 -l2 16 -epochs 30 -out xiangqi.nnue
//
// The target of a position, from the side to move, is a blend of the teacher's score (as a
// winning chance, sigmoid(cp/400·K)) and the game's result; the loss is the squared error of
// the network's winning chance. The float network mirrors the integer one's arithmetic (the
// activations clipped to 0..1 stand for 0..QA), and is quantized at the end; the held-out
// error is reported for both.
func trainNNUE(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("nnue", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "", "labelled positions (FEN;result;cp)")
	out := fs.String("out", "", "network file to write")
	hidden := fs.Int("hidden", 16, "accumulator width per side")
	l2 := fs.Int("l2", 16, "second layer width")
	epochs := fs.Int("epochs", 30, "passes over the data")
	rate := fs.Float64("rate", 0.01, "learning rate")
	lambda := fs.Float64("lambda", 0.7, "weight of the teacher's score in the target (the rest: the result)")
	holdout := fs.Int("holdout", 10, "every Nth position is kept out and only measured")
	seed := fs.Uint64("seed", 1, "random seed of the initial weights and the order")
	residual := fs.Bool("residual", false, "learn what the hand evaluation misses (the network's score is added to it)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || *hidden < 1 || *hidden > nnue.MaxHidden || *l2 < 1 || *l2 > nnue.MaxL2 {
		fmt.Fprintln(stderr, "qipan-tune nnue: -out is needed; widths within 1..", nnue.MaxHidden, "and 1..", nnue.MaxL2)
		return 2
	}
	lines, err := readFile(*in)
	if err != nil {
		fmt.Fprintln(stderr, "qipan-tune:", err)
		return 1
	}
	var train, test []netSample
	for i, l := range lines {
		if !l.hasCP {
			continue
		}
		s := newNetSample(l, *lambda)
		if *holdout > 0 && i%*holdout == 0 {
			test = append(test, s)
		} else {
			train = append(train, s)
		}
	}
	if len(train) == 0 {
		fmt.Fprintln(stderr, "qipan-tune nnue: no labelled positions (FEN;result;cp) in", *in)
		return 1
	}
	r := rand.New(rand.NewPCG(*seed, 11))
	n := newFloatNet(*hidden, *l2, r)
	n.residual = *residual
	fmt.Fprintf(stdout, "// %d positions, %d held out; hidden %d, l2 %d; the hand evaluation's error held out %.6f\n",
		len(train), len(test), *hidden, *l2, handLoss(test))
	for e := range *epochs {
		r.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		for _, s := range train {
			n.step(s, *rate)
		}
		if e%5 == 4 || e == *epochs-1 {
			fmt.Fprintf(stdout, "// epoch %d: error fitted %.6f, held out %.6f\n", e+1, n.loss(train), n.loss(test))
		}
	}
	q := n.quantize()
	fmt.Fprintf(stdout, "// quantized: error held out %.6f\n", quantLoss(q, test))
	b, err := q.Marshal()
	if err == nil {
		err = os.WriteFile(*out, b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(stderr, "qipan-tune:", err)
		return 1
	}
	fmt.Fprintf(stdout, "// wrote %s, %d bytes\n", *out, len(b))
	return 0
}

// netK turns centipawns into a winning chance: sigmoid(cp·netK/400).
const netK = 1.0

func chance(cp float64) float64 { return 1 / (1 + math.Pow(10, -cp*netK/400)) }

// netSample is a position's active features for each side's view, the side to move, and the
// target winning chance of the side to move.
type netSample struct {
	pos    *xiangqi.Position
	feats  [2][]int32 // by xiangqi.Color
	stm    xiangqi.Color
	target float64
	hand   float64 // the hand evaluation, side to move's view
}

func newNetSample(l line, lambda float64) netSample {
	s := netSample{pos: l.pos, stm: l.pos.Turn(), hand: float64(search.Evaluate(l.pos))}
	for sq := xiangqi.Square(0); sq < xiangqi.NumSquares; sq++ {
		if pc := l.pos.At(sq); pc != xiangqi.NoPiece {
			for c := xiangqi.Red; c <= xiangqi.Black; c++ {
				s.feats[c] = append(s.feats[c], int32(nnue.Feature(c, pc, sq)))
			}
		}
	}
	cp, result := l.cp, l.result // Red's view
	if s.stm == xiangqi.Black {
		cp, result = -cp, 1-result
	}
	s.target = lambda*chance(cp) + (1-lambda)*result
	return s
}

// The float network's scales, matching the integer one: an activation of 1.0 is QA; the second
// layer's int8 weight is 64·w (so |w| < 2); the output is 100·(W3·h + B3) centipawns with
// int8 weights 50.4·w (|w| < 2.5).
const (
	w2Scale  = 64.0
	w3Scale  = 64 * 100 / 127.0
	outShift = 6
)

type floatNet struct {
	h, l2          int
	residual       bool        // the score is the hand evaluation's plus the network's
	w1             [][]float64 // feature → h
	b1             []float64
	w2             [][]float64 // 2h inputs → l2
	b2, w3         []float64
	b3             float64
	acc            [2][]float64
	x, z2, h2, dh2 []float64
	dx             []float64
}

func newFloatNet(h, l2 int, r *rand.Rand) *floatNet {
	n := &floatNet{h: h, l2: l2, b1: make([]float64, h), b2: make([]float64, l2), w3: make([]float64, l2)}
	n.w1 = make([][]float64, nnue.Features)
	for i := range n.w1 {
		n.w1[i] = make([]float64, h)
		for j := range n.w1[i] {
			n.w1[i][j] = (r.Float64() - 0.5) * 0.1
		}
	}
	for j := range n.b1 {
		n.b1[j] = 0.3
	}
	n.w2 = make([][]float64, 2*h)
	for i := range n.w2 {
		n.w2[i] = make([]float64, l2)
		for j := range n.w2[i] {
			n.w2[i][j] = (r.Float64() - 0.5) * 2 / math.Sqrt(float64(2*h))
		}
	}
	for j := range n.w3 {
		n.w3[j] = (r.Float64() - 0.5) * 0.5
	}
	n.acc = [2][]float64{make([]float64, h), make([]float64, h)}
	n.x, n.dx = make([]float64, 2*h), make([]float64, 2*h)
	n.z2, n.h2, n.dh2 = make([]float64, l2), make([]float64, l2), make([]float64, l2)
	return n
}

func clip01(v float64) float64 { return math.Max(0, math.Min(1, v)) }

// forward returns the network's score in centipawns for the side to move of s, keeping the
// activations for step.
func (n *floatNet) forward(s netSample) float64 {
	for half, c := range [2]xiangqi.Color{s.stm, s.stm ^ 1} {
		acc := n.acc[half]
		copy(acc, n.b1)
		for _, f := range s.feats[c] {
			for j, w := range n.w1[f] {
				acc[j] += w
			}
		}
		for j, v := range acc {
			n.x[half*n.h+j] = clip01(v)
		}
	}
	out := n.b3
	for k := range n.l2 {
		z := n.b2[k]
		for i, xi := range n.x {
			z += n.w2[i][k] * xi
		}
		n.z2[k], n.h2[k] = z, clip01(z)
		out += n.w3[k] * n.h2[k]
	}
	if n.residual {
		return 100*out + s.hand
	}
	return 100 * out
}

// step is one gradient step on s.
func (n *floatNet) step(s netSample, rate float64) {
	cp := n.forward(s)
	p := chance(cp)
	// d loss / d out: 2(p−t)·p(1−p)·ln10·K/400·100
	g := 2 * (p - s.target) * p * (1 - p) * math.Ln10 * netK / 4
	for k := range n.l2 {
		n.dh2[k] = 0
		if n.z2[k] > 0 && n.z2[k] < 1 {
			n.dh2[k] = g * n.w3[k]
		}
		n.w3[k] = math.Max(-2.5, math.Min(2.5, n.w3[k]-rate*g*n.h2[k]))
	}
	n.b3 -= rate * g
	for i := range n.dx {
		d := 0.0
		for k, dk := range n.dh2 {
			d += dk * n.w2[i][k]
		}
		n.dx[i] = d
		for k, dk := range n.dh2 {
			n.w2[i][k] = math.Max(-1.98, math.Min(1.98, n.w2[i][k]-rate*dk*n.x[i]))
		}
	}
	for k, dk := range n.dh2 {
		n.b2[k] -= rate * dk
	}
	for half, c := range [2]xiangqi.Color{s.stm, s.stm ^ 1} {
		for j, v := range n.acc[half] {
			if v <= 0 || v >= 1 {
				continue
			}
			d := n.dx[half*n.h+j]
			n.b1[j] -= rate * d / 2
			for _, f := range s.feats[c] {
				n.w1[f][j] -= rate * d
			}
		}
	}
}

func (n *floatNet) loss(data []netSample) float64 {
	if len(data) == 0 {
		return 0
	}
	sum := 0.0
	for _, s := range data {
		d := chance(n.forward(s)) - s.target
		sum += d * d
	}
	return sum / float64(len(data))
}

// quantize writes n as the integer network.
func (n *floatNet) quantize() *nnue.Net {
	q := &nnue.Net{Hidden: n.h, L2: n.l2, OutShift: outShift, Residual: n.residual,
		W1: make([]int16, nnue.Features*n.h), B1: make([]int16, n.h),
		W2: make([]int8, 2*n.h*n.l2), B2: make([]int32, n.l2), W3: make([]int8, n.l2)}
	round := func(v float64, lim float64) float64 { return math.Max(-lim, math.Min(lim, math.Round(v))) }
	for f, row := range n.w1 {
		for j, w := range row {
			q.W1[f*n.h+j] = int16(round(w*nnue.QA, 32767))
		}
	}
	for j, b := range n.b1 {
		q.B1[j] = int16(round(b*nnue.QA, 32767))
	}
	for i, row := range n.w2 {
		for k, w := range row {
			q.W2[i*n.l2+k] = int8(round(w*w2Scale, 127))
		}
	}
	for k := range n.l2 {
		q.B2[k] = int32(round(n.b2[k]*nnue.QA*w2Scale, 1<<30))
		q.W3[k] = int8(round(n.w3[k]*w3Scale, 127))
	}
	q.B3 = int32(round(n.b3*100*(1<<outShift), 1<<30))
	return q
}

// handLoss is the hand evaluation's error on data, the network's to beat.
func handLoss(data []netSample) float64 {
	if len(data) == 0 {
		return 0
	}
	sum := 0.0
	for _, s := range data {
		d := chance(float64(search.Evaluate(s.pos))) - s.target
		sum += d * d
	}
	return sum / float64(len(data))
}

// quantLoss is the integer network's error on data.
func quantLoss(q *nnue.Net, data []netSample) float64 {
	if len(data) == 0 {
		return 0
	}
	sum := 0.0
	var acc nnue.Accumulator
	for _, s := range data {
		q.Refresh(&acc, s.pos)
		cp := float64(q.Evaluate(&acc, s.stm))
		if q.Residual {
			cp += s.hand
		}
		d := chance(cp) - s.target
		sum += d * d
	}
	return sum / float64(len(data))
}
