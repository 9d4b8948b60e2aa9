// Command reversi-bench solves the FFO endgame positions #40–#49 exactly and prints, for each,
// the best move, the score, the time, the nodes and the speed; it fails (exit 1) on a wrong
// answer; totals for #40–#44 and #45–#49 apart (the usual sets), then together. It also runs
// under node as WebAssembly:
//
//	go run ./cmd/reversi-bench
//	PATH=$(go env GOROOT)/lib/wasm:$PATH GOOS=js GOARCH=wasm go run ./cmd/reversi-bench
//
// Flags: -only 40-44,47 picks positions; -wld solves win/loss/draw only (the fail-soft result read
// as win/draw/loss, the move checked by solving the position after it); -hash MB sizes the table
// as the engine's solver table within a Hash of MB (default search.DefaultHashMB), -tt bits
// sets it directly (2^(bits+1) entries of 32 bytes);
// -levels times one move per level instead; -perft N counts perft N from the start, per move.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"time"

	"context"

	"qipan/engine/reversi"
	"qipan/engine/reversi/search"
)

// ffo lists FFO #40–#49 (fforum-40-59 as distributed with Edax): board, best moves, score.
var ffo = []struct {
	n     int
	board string
	best  string
	score int
}{
	{40, "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X", "a2", 38},
	{41, "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X", "h4", 0},
	{42, "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X", "g2", 6},
	{43, "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O", "g3 c7", -12},
	{44, "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O", "d2 b8", -14},
	{45, "---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X", "b2", 6},
	{46, "---XXX----OOOX----OOOXX--OOOOXXX--OOOOXX--OXOXXX--XXOO---XXXX-O- X", "b3", -8},
	{47, "-OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX-- O", "g2", 4},
	{48, "-----X--X-XXX---XXXXOO--XOXOOXX-XOOXXX--XOOXX-----OOOX---XXXXXX- O", "f6", 28},
	{49, "--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O--- X", "e1", 16},
}

func main() {
	only := flag.String("only", "", "comma-separated FFO numbers or ranges, 40-44,47 (default all)")
	wld := flag.Bool("wld", false, "solve win/loss/draw only")
	hash := flag.Int("hash", search.DefaultHashMB, "size the table as the engine's solver table within this Hash (MB)")
	ttBits := flag.Uint("tt", 0, "table size: 2^(tt+1) entries of 32 bytes (0: from -hash)")
	levels := flag.Bool("levels", false, "time a move at each level from fixed midgame positions instead")
	perft := flag.Int("perft", 0, "count perft to this depth from the initial position instead, per move")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile to this file (read it with go tool pprof -top)")
	flag.Parse()
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		defer pprof.StopCPUProfile()
	}
	if *levels {
		benchLevels()
		return
	}
	if *perft > 0 {
		start := time.Now()
		moves, counts := reversi.PerftDivide(reversi.NewPosition(), *perft)
		var total uint64
		for i, m := range moves {
			fmt.Printf("%v %d\n", m, counts[i])
			total += counts[i]
		}
		el := time.Since(start)
		fmt.Printf("perft %d: %d leaves in %.2fs (%.1f M/s)\n", *perft, total, el.Seconds(), float64(total)/el.Seconds()/1e6)
		return
	}
	pick := map[int]bool{}
	for _, f := range strings.Split(*only, ",") {
		lo, hi, _ := strings.Cut(strings.TrimSpace(f), "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			continue
		}
		b := a
		if hi != "" {
			if b, err = strconv.Atoi(hi); err != nil {
				continue
			}
		}
		for n := a; n <= b; n++ {
			pick[n] = true
		}
	}
	if *ttBits == 0 {
		*ttBits = search.TableBits(*hash)
	}
	fmt.Printf("FFO endgames, %s/%s, %s, table %d MB\n", runtime.GOOS, runtime.GOARCH, runtime.Version(), 1<<(*ttBits+6)>>20)
	s := search.NewSolver(*ttBits) // cleared for each position: one table, as in the engine
	var total, setTime time.Duration
	var nodes, setNodes uint64
	bad, inSet, first := 0, 0, 0
	subtotal := func() {
		if inSet > 0 {
			fmt.Printf("#%d-%d    %8.2fs %12d nodes\n", first, first+4, setTime.Seconds(), setNodes)
		}
		setTime, setNodes, inSet = 0, 0, 0
	}
	for _, c := range ffo {
		if c.n%5 == 0 {
			subtotal()
			first = c.n
		}
		if len(pick) > 0 && !pick[c.n] {
			continue
		}
		p, err := reversi.ParseBoard(c.board)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		s.Clear()
		s.Nodes = 0
		alpha, beta := -64, 64
		if *wld {
			alpha, beta = -1, 1
		}
		start := time.Now()
		v, m := s.Solve(p, alpha, beta, nil)
		el := time.Since(start)
		total += el
		nodes += s.Nodes
		moveWLD := func(m reversi.Move) int {
			// the move's own win/loss/draw value, by a separate solve of the position after it
			q := *p
			if !q.IsLegal(m) {
				return -2
			}
			q.Make(m)
			w, _ := search.NewSolver(*ttBits).Solve(&q, -1, 1, nil)
			return -wldOf(w)
		}
		mark := "ok"
		if !judge(c.score, c.best, v, m, *wld, moveWLD) {
			mark = fmt.Sprintf("WRONG (want %s %+d)", c.best, c.score)
			if *wld {
				mark = fmt.Sprintf("WRONG (want %+d: a win +1, draw 0, loss -1)", wldOf(c.score))
			}
			bad++
		}
		if *wld {
			v = wldOf(v)
		}
		fmt.Printf("#%d %2d empties  %-4s %+3d  %8.2fs %12d nodes %7.2f Mn/s  %s\n", c.n, p.Empties(), m, v,
			el.Seconds(), s.Nodes, float64(s.Nodes)/el.Seconds()/1e6, mark)
		setTime += el
		setNodes += s.Nodes
		inSet++
	}
	subtotal()
	fmt.Printf("total %8.2fs %12d nodes %7.2f Mn/s\n", total.Seconds(), nodes, float64(nodes)/total.Seconds()/1e6)
	if bad > 0 {
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

// wldOf reads a score as win (+1), draw (0) or loss (-1). A solve with the window (-1, 1) is
// fail-soft: it may return any v >= 1 for a win (a lower bound) or v <= -1 for a loss.
func wldOf(v int) int { return min(max(v, -1), 1) }

// judge reports whether a solve's answer (score v, move m) is right for a position whose exact
// score is score and whose best moves are listed in best. Exact: v == score and m listed.
// WLD: v read by wldOf matches the score's, and m reaches it (moveWLD gives m's own value:
// any winning move is right, not only the listed best).
func judge(score int, best string, v int, m reversi.Move, wld bool, moveWLD func(reversi.Move) int) bool {
	if !wld {
		return v == score && slices.Contains(strings.Fields(best), m.String())
	}
	want := wldOf(score)
	return wldOf(v) == want && moveWLD(m) == want
}

// midgamePositions plays level 3 against itself (fixed seed) and keeps the positions after
// 12, 24 and 36 moves.
func midgamePositions() []reversi.Position {
	e := search.New()
	p := reversi.Start()
	var out []reversi.Position
	for ply := 1; ply <= 36; ply++ {
		e.SetBoard(p)
		r := e.Search(context.Background(), search.Limits{Level: 3, Seed: int64(ply)}, nil)
		p.Make(r.Move)
		if ply%12 == 0 {
			out = append(out, p)
		}
	}
	return out
}

func benchLevels() {
	fmt.Printf("one move per level from 3 midgame positions, %s/%s\n", runtime.GOOS, runtime.GOARCH)
	positions := midgamePositions()
	for lv := 1; lv <= 10; lv++ {
		var total time.Duration
		var nodes uint64
		var moves []string
		for _, p := range positions {
			e := search.New()
			e.SetBoard(p)
			t0 := time.Now()
			r := e.Search(context.Background(), search.Limits{Level: lv, Seed: 1, ProbCut: true}, nil) // ProbCut on, as in the engine
			total += time.Since(t0)
			nodes += r.Nodes
			moves = append(moves, fmt.Sprintf("%v(%+.2f d%d)", r.Move, float64(r.Score)/100, r.Depth))
		}
		fmt.Printf("level %2d  %7.2fs %11d nodes  %s\n", lv, total.Seconds(), nodes, strings.Join(moves, " "))
	}
}
