package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"sync"
	"time"

	"qipan/engine/match/player"
	"qipan/engine/xiangqi"
)

// label asks a UCI engine (Fairy-Stockfish by default) to search each position of a gen file
// to a fixed depth, and writes "FEN;result;cp" (cp from Red's view) for the positions whose
// best move is quiet and whose score is not a mate: a teacher's scores are far less noisy
// than the results of the games the positions came from.
func label(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("label", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "", "positions (gen's FEN;result lines)")
	out := fs.String("out", "", "output file (appended)")
	engine := fs.String("engine", "node ../shared/oracles/fsuci.js", "UCI engine command (Fairy-Stockfish's ranks 1..10)")
	depth := fs.Int("depth", 7, "search depth per position")
	jobs := fs.Int("jobs", 2, "engines run at once")
	every := fs.Int("every", 1, "label every Nth position only")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	lines, err := readFile(*in)
	if err != nil {
		fmt.Fprintln(stderr, "qipan-tune:", err)
		return 1
	}
	if *out == "" {
		fmt.Fprintln(stderr, "qipan-tune: label needs -out") // appendTo would write to stdout
		return 1
	}
	w, closeOut, err := appendTo(*out, nil)
	if err != nil {
		fmt.Fprintln(stderr, "qipan-tune:", err)
		return 1
	}
	defer closeOut()

	cfg, err := fairyConfig(*engine, "teacher")
	if err != nil {
		fmt.Fprintln(stderr, "qipan-tune: -engine:", err)
		return 1
	}
	work := make(chan line)
	var mu sync.Mutex
	var wg sync.WaitGroup
	var done, kept, failed int
	for j := 0; j < *jobs; j++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := player.Start(cfg, time.Minute)
			if err != nil {
				fmt.Fprintln(stderr, "qipan-tune:", err)
				for range work {
				}
				return
			}
			defer p.Close()
			for l := range work {
				text, ok, err := labelOne(p, l, *depth)
				mu.Lock()
				done++
				switch {
				case err != nil:
					failed++
					fmt.Fprintf(stderr, "qipan-tune: %s: %v\n", l.pos.FEN(), err)
				case ok:
					kept++
					fmt.Fprintln(w, text)
				}
				if done%1000 == 0 {
					w.Flush()
					fmt.Fprintf(stderr, "%d labelled, %d kept\n", done, kept)
				}
				mu.Unlock()
				if !p.Alive() {
					return
				}
			}
		}()
	}
	for i, l := range lines {
		if i%*every == 0 {
			work <- l
		}
	}
	close(work)
	wg.Wait()
	fmt.Fprintf(stderr, "%d labelled, %d kept, %d failed\n", done, kept, failed)
	if failed > done/10 {
		return 1
	}
	return 0
}

// fairyConfig is the player configuration of Fairy-Stockfish playing xiangqi, run by the
// command line engine.
func fairyConfig(engine, name string) (player.Config, error) {
	cmd, err := player.SplitCommand(engine)
	if err != nil {
		return player.Config{}, err
	}
	return player.FairyXiangqi(player.Config{Name: name, Command: cmd}), nil
}

// labelOne returns the output line for l, and whether the position is kept.
func labelOne(p *player.Player, l line, depth int) (string, bool, error) {
	fen := l.pos.FEN()
	r, err := p.Go(fen, nil, player.Limits{Depth: depth}, time.Minute)
	if err != nil {
		return "", false, err
	}
	cp, mate, ok := player.ParseScore(r.Score)
	if !ok && r.Score != "" {
		return "", false, fmt.Errorf("score %q", r.Score)
	}
	if r.Move == "" || !ok || mate {
		return "", false, nil // no move or no score, or a mate: not a positional judgement
	}
	m, err := xiangqi.ParseMove(r.Move)
	if err != nil {
		return "", false, err
	}
	if l.pos.At(m.To()) != xiangqi.NoPiece || math.Abs(float64(cp)) > 1500 {
		return "", false, nil // the position is not quiet, or decided
	}
	if l.pos.Turn() == xiangqi.Black {
		cp = -cp
	}
	return fmt.Sprintf("%s;%g;%d", fen, l.result, cp), true, nil
}
