// Package fake is a scripted xiangqi engine for the match tests: it speaks UCCI or UCI,
// plays the first legal move with the scores it is given, and can be told to misbehave
// (hang, crash, play illegal or unreadable moves) after a number of moves. Tests run it by re-executing their own binary
// (see Main).
package fake

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"qipan/engine/match/player"
	"qipan/engine/xiangqi"
)

// Env is the environment variable that turns a test binary into the fake engine; its value
// is the behaviour, e.g. "proto=uci base=1 hang=3 scores=7,-1200,mate-3,none" (see Behaviour).
const Env = "QIPAN_FAKE_ENGINE"

// Behaviour of the fake engine.
type Behaviour struct {
	Proto string // "ucci" (default) or "uci"
	Base  int    // first rank number on the wire (0 or 1)
	// After this many go commands of a game answered normally (0 = never), the next one
	// misbehaves (the count restarts at ucinewgame or setoption newgame):
	Hang, Crash, Illegal, Garbage, NoMove int
	Delay                                 time.Duration // before every bestmove ("delay=MS"): an engine too slow for a clock
	NoMillis                              bool          // UCCI: do not announce usemillisec ("nomillis=1"): times in seconds
	// Scores for a game's moves in turn, the last repeated (default "7"): a number (centipawns,
	// "cp N" in UCI), "mateN" (mate in N, "mate-N" mated) or "none" (an info line without one).
	Scores []string
}

// Parse reads "key=value" words.
func Parse(s string) (Behaviour, error) {
	b := Behaviour{Proto: "ucci"}
	for _, w := range strings.Fields(s) {
		k, v, _ := strings.Cut(w, "=")
		switch k {
		case "proto":
			b.Proto = v
			continue
		case "scores":
			b.Scores = strings.Split(v, ",")
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return b, fmt.Errorf("fake engine: %q: %v", w, err)
		}
		switch k {
		case "base":
			b.Base = n
		case "hang":
			b.Hang = n
		case "crash":
			b.Crash = n
		case "illegal":
			b.Illegal = n
		case "garbage":
			b.Garbage = n
		case "nomove":
			b.NoMove = n
		case "delay":
			b.Delay = time.Duration(n) * time.Millisecond
		case "nomillis":
			b.NoMillis = n != 0
		default:
			return b, fmt.Errorf("fake engine: unknown key %q", k)
		}
	}
	return b, nil
}

// Main runs the fake engine and exits if the environment asks for it; call it first in
// TestMain.
func Main() {
	spec, ok := os.LookupEnv(Env)
	if !ok {
		return
	}
	b, err := Parse(spec)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(Run(b, os.Stdin, os.Stdout))
}

// Run plays until quit or the end of input and returns the exit code.
func Run(b Behaviour, in io.Reader, out io.Writer) int {
	w := bufio.NewWriter(out)
	say := func(format string, args ...any) {
		fmt.Fprintf(w, format+"\n", args...)
		w.Flush()
	}
	var pos *xiangqi.Position
	played := 0
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "ucci":
			if b.NoMillis {
				say("id name fake\nucciok")
			} else {
				say("id name fake\noption usemillisec type check default false\nucciok")
			}
		case "uci":
			say("id name fake\noption name Hash type spin default 1 min 1 max 8\nuciok")
		case "ucinewgame":
			played = 0
		case "setoption":
			if len(f) == 2 && f[1] == "newgame" {
				played = 0
			}
		case "isready":
			say("readyok")
		case "quit":
			return 0
		case "position":
			p, err := position(f[1:], b.Base)
			if err != nil {
				say("info string error: %v", err)
				continue
			}
			pos = p
		case "go":
			played++
			switch {
			case played == b.Hang+1 && b.Hang > 0:
				time.Sleep(time.Hour)
			case played == b.Crash+1 && b.Crash > 0:
				fmt.Fprintln(os.Stderr, "fake engine: crashing as asked")
				return 3
			case played == b.Garbage+1 && b.Garbage > 0:
				say("bestmove zz99")
				continue
			case played == b.NoMove+1 && b.NoMove > 0:
				say("nobestmove")
				continue
			}
			if pos == nil {
				pos = xiangqi.NewPosition()
			}
			time.Sleep(b.Delay)
			moves := pos.LegalMoves()
			if len(moves) == 0 {
				say("nobestmove")
				continue
			}
			m := moves[0].String()
			if played == b.Illegal+1 && b.Illegal > 0 {
				m = "a0a9" // a chariot through its own soldier
			}
			say("info depth 1 %s pv %s", b.score(played), player.ToEngine(m, b.Base))
			say("bestmove %s", player.ToEngine(m, b.Base))
		}
	}
	return 0
}

// score is the info line's score words for the n-th move of a game (1-based).
func (b Behaviour) score(n int) string {
	s := "7"
	if len(b.Scores) > 0 {
		s = b.Scores[min(n, len(b.Scores))-1]
	}
	switch {
	case s == "none":
		return ""
	case strings.HasPrefix(s, "mate"):
		return "score mate " + s[len("mate"):]
	case b.Proto == "uci":
		return "score cp " + s
	}
	return "score " + s
}

func position(args []string, base int) (*xiangqi.Position, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("position: nothing")
	}
	fen := xiangqi.StartFEN
	rest := args[1:]
	if args[0] == "fen" {
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		fen, rest = strings.Join(args[1:i], " "), args[i:]
	}
	p, err := xiangqi.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	g := xiangqi.NewGame(p)
	if len(rest) > 0 && rest[0] == "moves" {
		for _, s := range rest[1:] {
			m, err := player.FromEngine(s, base)
			if err != nil {
				return nil, err
			}
			if err := g.PlayString(m); err != nil {
				return nil, err
			}
		}
	}
	return g.Position(), nil
}
