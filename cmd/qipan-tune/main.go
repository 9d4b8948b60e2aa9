// Command qipan-tune fits the evaluation's weights to game results, Texel-style.
//
//	qipan-tune gen -games 400 -nodes 5000 -out data.txt   # self-play, one "FEN;result" a line
//	qipan-tune pgn -out data.txt games.pgn               # the quiet positions of match games
//	qipan-tune label -in data.txt -out lab.txt [-engine self -nodes 10000]  # a teacher's scores
//	qipan-tune fit -in data.txt                            # prints the fitted weights as Go
//	qipan-tune calibrate -in data.txt                      # the score → expected result curve (calibrate.go)
//	qipan-tune terms -in data.txt                          # the evaluation beside Fairy-Stockfish's terms
//	qipan-tune nnue -in labelled.txt -out xiangqi.nnue     # trains a network (nnue.go)
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
		fmt.Fprintln(stderr, "usage: qipan-tune gen|pgn|label|fit|calibrate|terms|nnue [flags]")
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
		bw, closeOut, err := appendTo(*out, stdout)
		if err != nil {
			fmt.Fprintln(stderr, "qipan-tune:", err)
			return 1
		}
		defer closeOut()
		for g := 0; g < *games; g++ {
			n, res := playGame(*seed+uint64(g), *nodes, bw)
			fmt.Fprintf(stderr, "game %d: %s, %d positions\n", g+1, res, n)
			bw.Flush()
		}
		return 0
	case "label":
		return label(args[1:], stderr)
	case "calibrate":
		return calibrate(args[1:], stdout, stderr)
	case "pgn":
		return fromPGN(args[1:], stdout, stderr)
	case "terms":
		return terms(args[1:], stdout, stderr)
	case "nnue":
		return trainNNUE(args[1:], stdout, stderr)
	case "fit":
		fs := flag.NewFlagSet("fit", flag.ContinueOnError)
		fs.SetOutput(stderr)
		in := fs.String("in", "", "data file from gen or label")
		iters := fs.Int("iters", 2000, "gradient steps")
		values := fs.Bool("values", false, "also fit the material and square values")
		l2 := fs.Float64("l2", 1e-6, "pull toward the current weights: λ·Σ(w-w0)² added to the error")
		target := fs.String("target", "result", "what to fit: result (game results) or cp (the labelling engine's scores)")
		holdout := fs.Int("holdout", 10, "every Nth position is kept out of the fit and only measured (0 = none)")
		without := fs.String("without", "", "features (comma-separated names) kept at their current weight: what the others gain alone")
		if err := fs.Parse(args[1:]); err != nil {
			return 2
		}
		lines, err := readFile(*in)
		if err != nil {
			fmt.Fprintln(stderr, "qipan-tune:", err)
			return 1
		}
		train, test, k, scale, err := samples(lines, *target, *holdout)
		if err != nil {
			fmt.Fprintln(stderr, "qipan-tune:", err)
			return 1
		}
		frozen, err := featureSet(*without)
		if err != nil {
			fmt.Fprintln(stderr, "qipan-tune:", err)
			return 2
		}
		w, k, before, after := fit(train, fitOptions{iters: *iters, values: *values, l2: *l2, k: k, frozen: frozen})
		fmt.Fprintf(stdout, "// %d positions fitted, %d held out; target %s; K = %.2f\n", len(train), len(test), *target, k)
		if scale != 0 {
			fmt.Fprintf(stdout, "// teacher's cp × %.2f = our scale\n", scale)
		}
		fmt.Fprintf(stdout, "// error fitted: %.6f -> %.6f\n", before, after)
		if len(test) > 0 {
			fmt.Fprintf(stdout, "// error held out: %.6f -> %.6f\n", mse(test, initialWeights(), k), mse(test, w, k))
		}
		printWeights(stdout, w, *values)
		return 0
	}
	fmt.Fprintf(stderr, "qipan-tune: unknown command %q (want gen, pgn, label, fit, terms or nnue)\n", args[0])
	return 2
}

// playGame plays one self-play game and writes its quiet positions with the result.
func playGame(seed, nodes uint64, w io.Writer) (int, string) {
	eng := [2]*xqengine.Adapter{xqengine.New(protocol.WithSeed(seed)), xqengine.New(protocol.WithSeed(seed + 1<<32))}
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
		var last protocol.Info
		res := e.Search(context.Background(), protocol.Limits{Nodes: nodes}, func(i protocol.Info) {
			if i.MultiPV <= 1 {
				last = i
			}
		})
		m, err := xiangqi.ParseMove(res.Best)
		if err != nil {
			panic(fmt.Sprintf("ply %d: bestmove %q", ply, res.Best))
		}
		p := game.Position()
		if ply >= 16 && !p.InCheck() && p.At(m.To()) == xiangqi.NoPiece {
			// The search's score from Red's view, for a fit to scores (NNUE data), unless it
			// saw a mate or was cut before its first iteration.
			q := p.FEN()
			if last.Depth > 0 && last.MatePlies == 0 {
				cp := last.Score
				if p.Turn() == xiangqi.Black {
					cp = -cp
				}
				q += ";" + strconv.Itoa(cp)
			}
			quiet = append(quiet, q)
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
	for _, q := range quiet {
		fen, cp, scored := strings.Cut(q, ";")
		if scored {
			fmt.Fprintf(w, "%s;%s;%s\n", fen, result, cp)
		} else {
			fmt.Fprintf(w, "%s;%s\n", fen, result)
		}
	}
	return len(quiet), r.String() + " " + r.Reason()
}

// The model is linear: eval (Red's view) = base + Σ w[i]·f[i] over the parameters below, where
// base is what the search's evaluation has that is not fitted (tempo). The parameters are the
// feature weights (search.Weights) and one material+square value per kind and square, the two
// halves of the board mirrored (file f and 8-f share a value), from the piece's own side.
const (
	pstParams = xiangqi.NumKinds * 10 * 5
	nParams   = search.NumFeatures + pstParams
)

// pstParam is the parameter index of kind k on the point (file, rank) seen from its own side.
func pstParam(k xiangqi.Kind, file, rank int) int {
	return search.NumFeatures + (int(k)*10+rank)*5 + min(file, 8-file)
}

// sample is one position: the fixed part of its score, its non-zero parameter counts (Red's
// minus Black's) and its target for Red (a game result or an engine's score as a probability).
type sample struct {
	base   float64
	idx    []int32
	val    []float64
	target float64
}

func (s *sample) eval(w []float64) float64 {
	x := s.base
	for j, i := range s.idx {
		x += w[i] * s.val[j]
	}
	return x
}

// initialWeights are the search's current parameters in the model's layout.
func initialWeights() []float64 {
	w := make([]float64, nParams)
	for i := 0; i < search.NumFeatures; i++ {
		w[i] = float64(search.Weights[i])
	}
	for k := xiangqi.General; k <= xiangqi.Soldier; k++ {
		for r := 0; r < 10; r++ {
			for f := 0; f < 5; f++ {
				w[pstParam(k, f, r)] = float64(search.PieceSquare(xiangqi.MakePiece(xiangqi.Red, k), xiangqi.SquareOf(f, r)))
			}
		}
	}
	return w
}

// line is one data line: "FEN;result" (self-play, from gen) or "FEN;result;cp" (labelled by
// an engine, cp from Red's view).
type line struct {
	pos    *xiangqi.Position
	result float64
	cp     float64
	hasCP  bool
}

// appendTo opens the output file path for appending (stdout when path is ""), buffered; close
// flushes and closes it.
func appendTo(path string, stdout io.Writer) (w *bufio.Writer, close func(), err error) {
	if path == "" {
		w = bufio.NewWriter(stdout)
		return w, func() { w.Flush() }, nil
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, err
	}
	w = bufio.NewWriter(f)
	return w, func() { w.Flush(); f.Close() }, nil
}

// readFile reads the data lines of the file at path.
func readFile(path string) ([]line, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLines(f)
}

func readLines(r io.Reader) ([]line, error) {
	var out []line
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		parts := strings.Split(sc.Text(), ";")
		if len(parts) < 2 || len(parts) > 3 {
			return nil, fmt.Errorf("line %d: want FEN;result or FEN;result;cp", n)
		}
		p, err := xiangqi.ParseFEN(parts[0])
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		l := line{pos: p}
		if l.result, err = strconv.ParseFloat(parts[1], 64); err != nil || l.result < 0 || l.result > 1 {
			return nil, fmt.Errorf("line %d: bad result %q", n, parts[1])
		}
		if len(parts) == 3 {
			if l.cp, err = strconv.ParseFloat(parts[2], 64); err != nil {
				return nil, fmt.Errorf("line %d: bad score %q", n, parts[2])
			}
			l.hasCP = true
		}
		out = append(out, l)
	}
	return out, sc.Err()
}

// newSample is p in the model's layout; w0 are the current parameters (initialWeights), whose
// part of the evaluation is left out of base.
func newSample(p *xiangqi.Position, target float64, w0 []float64) sample {
	s := sample{target: target}
	var dense [nParams]float64
	for i, x := range search.Features(p) {
		dense[i] = float64(x)
	}
	for sq := xiangqi.Square(0); sq < xiangqi.NumSquares; sq++ {
		pc := p.At(sq)
		if pc == xiangqi.NoPiece {
			continue
		}
		f, r, sign := sq.File(), sq.Rank(), 1.0
		if pc.Color() == xiangqi.Black {
			f, r, sign = 8-f, 9-r, -1
		}
		dense[pstParam(pc.Kind(), f, r)] += sign
	}
	ev := float64(search.Evaluate(p)) // side to move's view
	if p.Turn() == xiangqi.Black {
		ev = -ev
	}
	cur := 0.0
	for i, x := range dense {
		if x != 0 {
			s.idx = append(s.idx, int32(i))
			s.val = append(s.val, x)
			cur += x * w0[i]
		}
	}
	s.base = ev - cur
	return s
}

func sigmoid(k, x float64) float64 { return 1 / (1 + math.Pow(10, -k*x/400)) }

func mse(data []sample, w []float64, k float64) float64 {
	e := 0.0
	for i := range data {
		r := data[i].target - sigmoid(k, data[i].eval(w))
		e += r * r
	}
	return e / float64(len(data))
}

// fitOptions: gradient steps, whether the material and square values are fitted too, the L2
// pull toward the starting weights (positions of one game are alike, so the data is smaller
// than its line count suggests), and a fixed K (0 = fit K to the data first).
type fitOptions struct {
	iters  int
	values bool
	l2     float64
	k      float64
	frozen [search.NumFeatures]bool // features not fitted
}

// featureSet reads a comma-separated list of feature names.
func featureSet(list string) (set [search.NumFeatures]bool, err error) {
	if list == "" {
		return set, nil
	}
	for _, name := range strings.Split(list, ",") {
		i := slices.Index(search.FeatureNames[:], strings.TrimSpace(name))
		if i < 0 {
			return set, fmt.Errorf("no feature %q (features: %s)", name, strings.Join(search.FeatureNames[:], ", "))
		}
		set[i] = true
	}
	return set, nil
}

// fit fits the parameters by Adam on the squared error of the predicted probability, and
// returns them with K and the errors before and after.
func fit(data []sample, o fitOptions) (w []float64, k, before, after float64) {
	w = initialWeights()
	w0 := slices.Clone(w)
	k = o.k
	if k == 0 {
		bestE := math.Inf(1)
		for kk := 0.1; kk <= 3; kk += 0.05 {
			if e := mse(data, w, kk); e < bestE {
				k, bestE = kk, e
			}
		}
	}
	before = mse(data, w, k)
	m, v := make([]float64, nParams), make([]float64, nParams)
	const lr, b1, b2 = 0.5, 0.9, 0.999
	grad := make([]float64, nParams)
	seen := make([]bool, nParams)
	for i := range data {
		for _, j := range data[i].idx {
			seen[j] = true
		}
	}
	for it := 1; it <= o.iters; it++ {
		clear(grad)
		for i := range data {
			d := &data[i]
			s := sigmoid(k, d.eval(w))
			g := -2 * (d.target - s) * s * (1 - s) * k * math.Ln10 / 400
			for j, p := range d.idx {
				grad[p] += g * d.val[j]
			}
		}
		for j := range w {
			if !seen[j] || (j >= search.NumFeatures && !o.values) || (j < search.NumFeatures && o.frozen[j]) {
				continue
			}
			g := grad[j]/float64(len(data)) + 2*o.l2*(w[j]-w0[j])
			m[j] = b1*m[j] + (1-b1)*g
			v[j] = b2*v[j] + (1-b2)*g*g
			mh, vh := m[j]/(1-math.Pow(b1, float64(it))), v[j]/(1-math.Pow(b2, float64(it)))
			w[j] -= lr * mh / (math.Sqrt(vh) + 1e-9)
		}
	}
	return w, k, before, mse(data, w, k)
}

// printWeights writes the fitted parameters as the Go tables of engine/xiangqi/search.
func printWeights(out io.Writer, w []float64, values bool) {
	fmt.Fprintln(out, "var Weights = [NumFeatures]int32{")
	for i := 0; i < search.NumFeatures; i++ {
		fmt.Fprintf(out, "\tF%s: %d,\n", search.FeatureNames[i], int(math.Round(w[i])))
	}
	fmt.Fprintln(out, "}")
	if !values {
		return
	}
	fmt.Fprintln(out, "var bonus = [xiangqi.NumKinds][10][9]int32{")
	for k := xiangqi.General; k <= xiangqi.Soldier; k++ {
		name := k.String()
		fmt.Fprintf(out, "\txiangqi.%s%s: {\n", strings.ToUpper(name[:1]), name[1:])
		for r := 0; r < 10; r++ {
			fmt.Fprint(out, "\t\t{")
			for f := 0; f < 9; f++ {
				if f > 0 {
					fmt.Fprint(out, ", ")
				}
				fmt.Fprint(out, int(math.Round(w[pstParam(k, f, r)]))-int(search.PieceValue(k)))
			}
			fmt.Fprintln(out, "},")
		}
		fmt.Fprintln(out, "\t},")
	}
	fmt.Fprintln(out, "}")
}

// samples splits lines into fitted and held-out samples with the chosen target, and returns
// the K to fit with (0 = fit K). Target "cp" maps the teacher's score through sigmoid(1,
// scale·cp), scale chosen so that the current evaluation's error is least (and returned; 0
// for target "result"): the fit then keeps our material scale and learns the teacher's
// judgement of everything else.
func samples(lines []line, target string, holdout int) (train, test []sample, k, scale float64, err error) {
	all := make([]sample, len(lines))
	w0 := initialWeights()
	switch target {
	case "result":
		for i, l := range lines {
			all[i] = newSample(l.pos, l.result, w0)
		}
	case "cp":
		for i, l := range lines {
			if !l.hasCP {
				return nil, nil, 0, 0, fmt.Errorf("position %d has no score: label the data first", i+1)
			}
			all[i] = newSample(l.pos, 0, w0)
		}
		bestE := math.Inf(1)
		for s := 0.2; s <= 2.0; s += 0.02 {
			for i, l := range lines {
				all[i].target = sigmoid(1, s*l.cp)
			}
			if e := mse(all, w0, 1); e < bestE {
				scale, bestE = s, e
			}
		}
		for i, l := range lines {
			all[i].target = sigmoid(1, scale*l.cp)
		}
		k = 1
	default:
		return nil, nil, 0, 0, fmt.Errorf("target %q: want result or cp", target)
	}
	for i := range all {
		if holdout > 0 && i%holdout == holdout-1 {
			test = append(test, all[i])
		} else {
			train = append(train, all[i])
		}
	}
	return train, test, k, scale, nil
}
