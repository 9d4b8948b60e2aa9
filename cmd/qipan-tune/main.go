// Command qipan-tune fits the evaluation's weights to game results, Texel-style.
//
//	qipan-tune gen -games 400 -nodes 5000 -out data.txt   # self-play, one "FEN;result" a line
//	qipan-tune fit -in data.txt                            # prints the fitted weights as Go
//
// gen plays the engine against itself from book openings (random by weight) with a few
// noisy moves after them, at a fixed node budget, and writes the quiet positions of every
// game (side to move not in check, the move played not a capture) with the game's result
// for Red (1, 0.5, 0). fit minimises the mean squared error between the result and
// sigmoid(K·eval/400), where eval = the material and piece-square score + Σ w_i·feature_i
// (search.Features) + Σ v_k·(Red's minus Black's count of kind k); K is fitted first with the
// current weights, then the feature weights w and the piece-value corrections v by gradient
// descent on the linear model.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"qipan/engine/protocol"
	"qipan/engine/protocol/xqengine"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/search"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: qipan-tune gen|fit [flags]")
		return 2
	}
	switch args[0] {
	case "gen":
		fs := flag.NewFlagSet("gen", flag.ContinueOnError)
		fs.SetOutput(stderr)
		games := fs.Int("games", 100, "games to play")
		nodes := fs.Uint64("nodes", 5000, "nodes per move")
		out := fs.String("out", "", "output file (appended; default stdout)")
		seed := fs.Uint64("seed", 1, "random seed")
		if err := fs.Parse(args[1:]); err != nil {
			return 2
		}
		w := stdout
		if *out != "" {
			f, err := os.OpenFile(*out, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
			if err != nil {
				fmt.Fprintln(stderr, "qipan-tune:", err)
				return 1
			}
			defer f.Close()
			w = f
		}
		bw := bufio.NewWriter(w)
		defer bw.Flush()
		for g := 0; g < *games; g++ {
			n, res := playGame(*seed+uint64(g), *nodes, bw)
			fmt.Fprintf(stderr, "game %d: %s, %d positions\n", g+1, res, n)
			bw.Flush()
		}
		return 0
	case "fit":
		fs := flag.NewFlagSet("fit", flag.ContinueOnError)
		fs.SetOutput(stderr)
		in := fs.String("in", "", "data file from gen")
		iters := fs.Int("iters", 2000, "gradient steps")
		values := fs.Bool("values", false, "also fit piece value corrections")
		l2 := fs.Float64("l2", 1e-6, "pull toward the current weights: λ·Σ(w-w0)² added to the error")
		if err := fs.Parse(args[1:]); err != nil {
			return 2
		}
		f, err := os.Open(*in)
		if err != nil {
			fmt.Fprintln(stderr, "qipan-tune:", err)
			return 1
		}
		defer f.Close()
		data, err := readData(f)
		if err != nil {
			fmt.Fprintln(stderr, "qipan-tune:", err)
			return 1
		}
		fit(data, fitOptions{iters: *iters, values: *values, l2: *l2}, stdout)
		return 0
	}
	fmt.Fprintf(stderr, "qipan-tune: unknown command %q (want gen or fit)\n", args[0])
	return 2
}

// playGame plays one self-play game and writes its quiet positions with the result.
func playGame(seed, nodes uint64, w io.Writer) (int, string) {
	eng := [2]*xqengine.Engine{xqengine.New(xqengine.WithSeed(seed)), xqengine.New(xqengine.WithSeed(seed + 1<<32))}
	game := xiangqi.NewGame(xiangqi.NewPosition())
	var moves []string
	var quiet []string
	const maxPlies = 300
	noisy := 6 // moves after leaving the book played with a little noise, for variety
	for ply := 0; ply < maxPlies && !game.Result().Over(); ply++ {
		e := eng[ply%2]
		if err := e.SetPosition(xiangqi.StartFEN, moves); err != nil {
			panic(err)
		}
		lv := "10"
		if noisy > 0 {
			lv = "8"
		}
		e.SetOption("level", lv)
		res := e.Search(context.Background(), protocol.Limits{Nodes: nodes}, nil)
		m, err := xiangqi.ParseMove(res.Best)
		if err != nil {
			panic(fmt.Sprintf("ply %d: bestmove %q", ply, res.Best))
		}
		p := game.Position()
		if ply >= 16 && !p.InCheck() && p.At(m.To()) == xiangqi.NoPiece {
			quiet = append(quiet, p.FEN())
		}
		if ply >= 10 && noisy > 0 {
			noisy--
		}
		if err := game.Play(m); err != nil {
			panic(err)
		}
		moves = append(moves, res.Best)
	}
	r := game.Result()
	result := "0.5"
	switch {
	case !r.Over() || r.Draw:
	case r.Winner == xiangqi.Red:
		result = "1"
	default:
		result = "0"
	}
	for _, fen := range quiet {
		fmt.Fprintf(w, "%s;%s\n", fen, result)
	}
	return len(quiet), r.String() + " " + r.Reason()
}

// sample is one position: its fixed score (material and piece squares, Red's view), its
// features (search.Features, then piece count differences) and the result for Red.
type sample struct {
	base   float64
	f      [nParams]float64
	result float64
}

const nParams = search.NumFeatures + xiangqi.NumKinds

func readData(r io.Reader) ([]sample, error) {
	var out []sample
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		fen, res, ok := strings.Cut(sc.Text(), ";")
		if !ok {
			return nil, fmt.Errorf("line %d: want FEN;result", n)
		}
		p, err := xiangqi.ParseFEN(fen)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		y, err := strconv.ParseFloat(res, 64)
		if err != nil || y < 0 || y > 1 {
			return nil, fmt.Errorf("line %d: bad result %q", n, res)
		}
		s := sample{result: y}
		ev := search.Evaluate(p) // side to move's view, with the current weights
		if p.Turn() == xiangqi.Black {
			ev = -ev
		}
		feat := search.Features(p)
		cur := 0.0
		for i, x := range feat {
			s.f[i] = float64(x)
			cur += float64(x) * float64(search.Weights[i])
		}
		for k := xiangqi.Advisor; k <= xiangqi.Soldier; k++ {
			s.f[search.NumFeatures+int(k)] = float64(p.Count(xiangqi.MakePiece(xiangqi.Red, k)) - p.Count(xiangqi.MakePiece(xiangqi.Black, k)))
		}
		// The tempo term is Red's bonus when Red moves: keep it in the fixed part.
		s.base = float64(ev) - cur
		out = append(out, s)
	}
	return out, sc.Err()
}

func sigmoid(k, x float64) float64 { return 1 / (1 + math.Pow(10, -k*x/400)) }

func mse(data []sample, w []float64, k float64) float64 {
	e := 0.0
	for i := range data {
		d := &data[i]
		x := d.base
		for j, f := range d.f {
			x += w[j] * f
		}
		r := d.result - sigmoid(k, x)
		e += r * r
	}
	return e / float64(len(data))
}

// fitOptions: gradient steps, whether piece values are fitted too, and the L2 pull toward the
// starting weights (self-play positions of one game are alike, so the data is smaller than
// its line count suggests).
type fitOptions struct {
	iters  int
	values bool
	l2     float64
}

func fit(data []sample, o fitOptions, out io.Writer) {
	iters := o.iters
	w := make([]float64, nParams)
	for i := 0; i < search.NumFeatures; i++ {
		w[i] = float64(search.Weights[i])
	}
	w0 := slices.Clone(w)
	// K: a coarse then fine scan with the current weights.
	bestK, bestE := 1.0, math.Inf(1)
	for k := 0.1; k <= 3; k += 0.05 {
		if e := mse(data, w, k); e < bestE {
			bestK, bestE = k, e
		}
	}
	fmt.Fprintf(out, "// %d positions; K = %.2f; error with the current weights %.6f\n", len(data), bestK, bestE)
	// Adam on the linear model.
	m, v := make([]float64, nParams), make([]float64, nParams)
	const lr, b1, b2 = 0.5, 0.9, 0.999
	grad := make([]float64, nParams)
	ln10 := math.Ln10
	for it := 1; it <= iters; it++ {
		clear(grad)
		for i := range data {
			d := &data[i]
			x := d.base
			for j, f := range d.f {
				x += w[j] * f
			}
			s := sigmoid(bestK, x)
			g := -2 * (d.result - s) * s * (1 - s) * bestK * ln10 / 400
			for j, f := range d.f {
				if f != 0 {
					grad[j] += g * f
				}
			}
		}
		for j := range w {
			if j >= search.NumFeatures && (!o.values || j == search.NumFeatures+int(xiangqi.General) || j == search.NumFeatures) {
				continue // piece values unless asked; no general count, no NoKind
			}
			g := grad[j]/float64(len(data)) + 2*o.l2*(w[j]-w0[j])
			m[j] = b1*m[j] + (1-b1)*g
			v[j] = b2*v[j] + (1-b2)*g*g
			mh, vh := m[j]/(1-math.Pow(b1, float64(it))), v[j]/(1-math.Pow(b2, float64(it)))
			w[j] -= lr * mh / (math.Sqrt(vh) + 1e-9)
		}
	}
	fmt.Fprintf(out, "// error after %d steps %.6f\n", iters, mse(data, w, bestK))
	fmt.Fprintln(out, "var Weights = [NumFeatures]int32{")
	for i := 0; i < search.NumFeatures; i++ {
		fmt.Fprintf(out, "\tF%s: %d,\n", search.FeatureNames[i], int(math.Round(w[i])))
	}
	fmt.Fprintln(out, "}")
	fmt.Fprintln(out, "// piece value corrections (add to value[kind]):")
	for k := xiangqi.Advisor; k <= xiangqi.Soldier; k++ {
		fmt.Fprintf(out, "//   %v: %+d\n", k, int(math.Round(w[search.NumFeatures+int(k)])))
	}
}
