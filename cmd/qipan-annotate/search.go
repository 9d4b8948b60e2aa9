package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"qipan/app/engineclient"
	"qipan/app/play"
	"qipan/engine/protocol"
	"qipan/engine/protocol/rvengine"
	"qipan/engine/protocol/xqengine"
)

// result is one position's search: the ply of the record it follows, and what the search's
// last info line said.
type result struct {
	ply    int
	info   engineclient.SearchInfo
	second []engineclient.SearchInfo // the second line, of the same depth, when there is one
	err    error
}

// job is a position to search: the ply and its protocol position line.
type job struct {
	ply  int
	line string
}

// newEngine returns a native engine of variant set as the board's graph searches set theirs:
// full strength, one line (Xiangqi: two, the second for the only good move), and (Xiangqi) no
// opening book, which answers without a score.
func newEngine(variant string) (protocol.Engine, error) {
	if variant == play.VariantReversi {
		e := rvengine.New()
		return e, e.SetOption("multipv", "1")
	}
	e := xqengine.New()
	if err := e.SetOption("usebook", "false"); err != nil {
		return nil, err
	}
	return e, e.SetOption("multipv", "2")
}

// search searches the positions after plies of t's record, jobs at a time, each worker with
// its own engine, and hands each result to take on the calling goroutine (Table.SetScore is
// not safe for concurrent use). It stops at the first error or when ctx is done.
func search(parent context.Context, t *play.Table, plies []int, lim protocol.Limits, jobs int, take func(result)) error {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	todo := make(chan job, len(plies))
	for _, ply := range plies {
		todo <- job{ply, t.PositionLine(ply)}
	}
	close(todo)
	results := make(chan result)
	var wg sync.WaitGroup
	for range min(jobs, len(plies)) {
		wg.Go(func() {
			eng, err := newEngine(t.Variant())
			for j := range todo {
				r := result{ply: j.ply, err: err}
				if err == nil {
					r.info, r.second, r.err = searchOne(ctx, eng, j.line, lim)
				}
				select {
				case results <- r:
				case <-ctx.Done():
					return
				}
				if r.err != nil {
					return
				}
			}
		})
	}
	go func() { wg.Wait(); close(results) }()
	var first error
	for r := range results {
		switch {
		case first != nil:
		case r.err != nil:
			first = fmt.Errorf("ply %d: %w", r.ply, r.err)
			cancel()
		default:
			take(r)
		}
	}
	if parent.Err() != nil {
		return errors.New("interrupted: nothing written")
	}
	return first
}

// searchOne sets eng to the position line (as the protocol's position command does) and
// searches it within lim, returning the last info line's score, depth and line, and the second
// line of that depth when the engine gave one.
func searchOne(ctx context.Context, eng protocol.Engine, line string, lim protocol.Limits) (engineclient.SearchInfo, []engineclient.SearchInfo, error) {
	fen, moves, err := parsePosition(line)
	if err != nil {
		return engineclient.SearchInfo{}, nil, err
	}
	if err := eng.SetPosition(fen, moves); err != nil {
		return engineclient.SearchInfo{}, nil, fmt.Errorf("%s: %w", line, err)
	}
	if lim.MoveTime == 0 {
		eng.NewGame() // a search by depth or nodes from an empty table: the same whichever worker
	}
	var last, second protocol.Info
	eng.Search(ctx, lim, func(i protocol.Info) {
		switch {
		case i.Depth > 0 && i.MultiPV <= 1:
			last = i
		case i.Depth > 0 && i.MultiPV == 2:
			second = i
		}
	})
	if ctx.Err() != nil {
		return engineclient.SearchInfo{}, nil, ctx.Err()
	}
	if second.Depth == 0 || second.Depth < last.Depth-1 { // a stopped iteration's first line may come without its second
		return searchInfo(line, last), nil, nil
	}
	return searchInfo(line, last), []engineclient.SearchInfo{searchInfo(line, second)}, nil
}

// searchInfo is an info line as the engine client reads it (the side to move's view; a mate
// as ±(MateScore − plies) with its moves).
func searchInfo(line string, i protocol.Info) engineclient.SearchInfo {
	out := engineclient.SearchInfo{Pos: line, Depth: i.Depth, Score: i.Score, Nodes: i.Nodes, PV: i.PV, Exact: i.Note == "exact"}
	switch p := i.MatePlies; {
	case p > 0:
		out.Score, out.Mate = protocol.MateScore-p, (p+1)/2
	case p < 0:
		out.Score, out.Mate = -protocol.MateScore-p, (p-1)/2
	}
	return out
}

// parsePosition reads a protocol position line ("position {fen <FEN> | startpos} [moves …]"),
// as the protocol's position command does.
func parsePosition(line string) (fen string, moves []string, err error) {
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "position" {
		return "", nil, fmt.Errorf("not a position line: %q", line)
	}
	rest := f[2:]
	switch f[1] {
	case "startpos":
		fen = protocol.StartFEN
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		fen, rest = strings.Join(rest[:i], " "), rest[i:]
	default:
		return "", nil, fmt.Errorf("not a position line: %q", line)
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return "", nil, fmt.Errorf("not a position line: %q", line)
		}
		moves = rest[1:]
	}
	return fen, moves, nil
}
