package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"sync"
	"time"

	"qipan/engine/match/player"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/search"
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
	engine := fs.String("engine", "node ../shared/oracles/fsuci.js", "UCI engine command (Fairy-Stockfish's ranks 1..10), or self: qipan's own search, in process")
	depth := fs.Int("depth", 7, "search depth per position")
	nodes := fs.Uint64("nodes", 0, "nodes per position instead of a depth")
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

	// Each position is searched to -depth, or for -nodes when given, by either teacher.
	lim := player.Limits{Nodes: *nodes}
	if *nodes == 0 {
		lim.Depth = *depth
	}
	var teacher func() (labeller, error)
	if *engine == "self" {
		teacher = func() (labeller, error) {
			return selfTeacher{search.New(16), search.Limits{Depth: lim.Depth, Nodes: lim.Nodes}}, nil
		}
	} else {
		cfg, err := fairyConfig(*engine, "teacher")
		if err != nil {
			fmt.Fprintln(stderr, "qipan-tune: -engine:", err)
			return 1
		}
		teacher = func() (labeller, error) {
			p, err := player.Start(cfg, time.Minute)
			return uciTeacher{p, lim}, err
		}
	}
	work := make(chan line)
	var mu sync.Mutex
	var wg sync.WaitGroup
	var done, kept, failed int
	for j := 0; j < *jobs; j++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := teacher()
			if err != nil {
				fmt.Fprintln(stderr, "qipan-tune:", err)
				for range work {
				}
				return
			}
			defer p.Close()
			for l := range work {
				text, ok, err := p.label(l)
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

// labeller searches positions for label: one engine, used by one goroutine.
type labeller interface {
	label(l line) (text string, kept bool, err error)
	Alive() bool
	Close()
}

// selfTeacher is qipan's own search, in process (no pipe, no protocol): the evaluation
// distilled from the engine's deeper searches.
type selfTeacher struct {
	s   *search.Searcher
	lim search.Limits
}

func (t selfTeacher) Alive() bool { return true }
func (t selfTeacher) Close()      {}

func (t selfTeacher) label(l line) (string, bool, error) {
	r := t.s.Search(context.Background(), l.pos, nil, t.lim, nil)
	if r.Best == xiangqi.NoMove {
		return "", false, nil
	}
	return keep(l, r.Best, r.Score)
}

// uciTeacher is a UCI engine searching each position to a depth or for a number of nodes.
type uciTeacher struct {
	p   *player.Player
	lim player.Limits
}

func (t uciTeacher) Alive() bool { return t.p.Alive() }
func (t uciTeacher) Close()      { t.p.Close() }

// label returns the output line for l, and whether the position is kept.
func (t uciTeacher) label(l line) (string, bool, error) {
	r, err := t.p.Go(l.pos.FEN(), nil, t.lim, time.Minute)
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
	return keep(l, m, cp)
}

// keep returns l's output line with the teacher's score cp (side to move's view) and best
// move m, and whether it is kept: not when m captures or the score is decided (or a mate).
func keep(l line, m xiangqi.Move, cp int) (string, bool, error) {
	if l.pos.At(m.To()) != xiangqi.NoPiece || math.Abs(float64(cp)) > 1500 {
		return "", false, nil // the position is not quiet, or decided
	}
	if l.pos.Turn() == xiangqi.Black {
		cp = -cp
	}
	return fmt.Sprintf("%s;%g;%d", l.pos.FEN(), l.result, cp), true, nil
}
