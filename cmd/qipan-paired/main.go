// Command qipan-paired compares two versions of the engine by the games each played against
// the same opponent: game k of every qipan-match run with the same openings, games and
// limits is the same opening with the same colours, so a candidate's game k is set beside the
// baseline's game k (the mean over the baseline's runs, when several played it). The
// difference of the paired results has a much smaller error than the difference of two
// unpaired scores, and no baseline run is needed for each candidate. With fixed nodes and a
// deterministic opponent the games are replayed exactly until the versions' moves differ.
//
//	qipan-paired candidate.pgn [candidate2.pgn …] -- baseline.pgn [baseline2.pgn …]
//
// The files are qipan-match -pgnout files; the game number is the Round tag. The opponent is
// the player in every game (or -opponent NAME); the other side is the engine compared.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"

	"qipan/engine/xiangqi/record"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "qipan-paired:", err)
		os.Exit(2)
	}
}

// game is one finished game from the compared engine's side.
type game struct {
	round int
	red   bool    // the engine played Red
	score float64 // 1, ½ or 0 for the engine
}

func run(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("qipan-paired", flag.ContinueOnError)
	opponent := fs.String("opponent", "", "the opponent's name in the PGN (default: the player of every game)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rest := fs.Args()
	sep := slices.Index(rest, "--")
	if sep < 1 || sep == len(rest)-1 {
		return errors.New("usage: qipan-paired [-opponent NAME] CANDIDATE.pgn … -- BASELINE.pgn …")
	}
	cands, err := readAll(rest[:sep])
	if err != nil {
		return err
	}
	bases, err := readAll(rest[sep+1:])
	if err != nil {
		return err
	}
	all := append(slices.Concat(cands...), slices.Concat(bases...)...)
	if *opponent == "" {
		if *opponent, err = commonPlayer(all); err != nil {
			return err
		}
	}
	var cand [][]game
	for i, f := range cands {
		gs, err := fromSide(f, *opponent)
		if err != nil {
			return fmt.Errorf("%s: %v", rest[i], err)
		}
		cand = append(cand, gs)
	}
	base := map[int][]float64{} // round → the baseline runs' scores
	for i, f := range bases {
		gs, err := fromSide(f, *opponent)
		if err != nil {
			return fmt.Errorf("%s: %v", rest[sep+1+i], err)
		}
		for _, g := range gs {
			base[g.round] = append(base[g.round], g.score)
		}
	}
	for i, gs := range cand {
		fmt.Fprintln(w, rest[i]+": "+compare(gs, base).String())
	}
	if len(cand) > 1 {
		fmt.Fprintln(w, "the candidate files pooled: "+compare(slices.Concat(cand...), base).String())
	}
	return nil
}

// readAll reads each file's games.
func readAll(paths []string) ([][]*record.Game, error) {
	var out [][]*record.Game
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		gs, _, err := record.ReadPGN(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p, err)
		}
		out = append(out, gs)
	}
	return out, nil
}

// commonPlayer is the name that plays in every game.
func commonPlayer(gs []*record.Game) (string, error) {
	if len(gs) == 0 {
		return "", errors.New("no games read")
	}
	for _, name := range []string{gs[0].Tag("Red"), gs[0].Tag("Black")} {
		every := true
		for _, g := range gs {
			if g.Tag("Red") != name && g.Tag("Black") != name {
				every = false
				break
			}
		}
		if every {
			return name, nil
		}
	}
	return "", errors.New("no player is in every game: name the opponent with -opponent")
}

// fromSide turns finished games against opponent into the other side's results.
func fromSide(gs []*record.Game, opponent string) ([]game, error) {
	if len(gs) == 0 {
		return nil, errors.New("no games")
	}
	var out []game
	for _, g := range gs {
		red, black := g.Tag("Red"), g.Tag("Black")
		if red != opponent && black != opponent {
			return nil, fmt.Errorf("round %s: %s vs %s, without %s", g.Tag("Round"), red, black, opponent)
		}
		round, err := strconv.Atoi(g.Tag("Round"))
		if err != nil {
			return nil, fmt.Errorf("round %q: want a game number", g.Tag("Round"))
		}
		var s float64
		switch g.Result {
		case record.RedWins:
			s = 1
		case record.Draw:
			s = 0.5
		case record.BlackWins:
		default:
			continue // unfinished
		}
		engineRed := black == opponent
		if !engineRed {
			s = 1 - s
		}
		out = append(out, game{round: round, red: engineRed, score: s})
	}
	return out, nil
}

// tally sums a candidate's and the baseline's scores over paired games.
type tally struct {
	n          int
	cand, base float64
}

func (t *tally) add(cand, base float64) { t.n, t.cand, t.base = t.n+1, t.cand+cand, t.base+base }

// means are the two mean scores (0 without games).
func (t tally) means() (cand, base float64) {
	if t.n == 0 {
		return 0, 0
	}
	return t.cand / float64(t.n), t.base / float64(t.n)
}

// comparison is a candidate's games against the baseline's on the same rounds.
type comparison struct {
	all, red, black tally
	se              float64 // standard error of the mean paired difference
}

func compare(gs []game, base map[int][]float64) comparison {
	var c comparison
	var d []float64
	for _, g := range gs {
		bs := base[g.round]
		if len(bs) == 0 {
			continue
		}
		b := 0.0
		for _, x := range bs {
			b += x
		}
		b /= float64(len(bs))
		c.all.add(g.score, b)
		if g.red {
			c.red.add(g.score, b)
		} else {
			c.black.add(g.score, b)
		}
		d = append(d, g.score-b)
	}
	if n := len(d); n > 1 {
		cand, base := c.all.means()
		diff, v := cand-base, 0.0
		for _, x := range d {
			v += (x - diff) * (x - diff)
		}
		c.se = math.Sqrt(v / float64(n-1) / float64(n))
	}
	return c
}

func (c comparison) String() string {
	if c.all.n == 0 {
		return "no game that the baseline played too"
	}
	cand, base := c.all.means()
	candRed, baseRed := c.red.means()
	candBlack, baseBlack := c.black.means()
	return fmt.Sprintf("%d paired games: %.1f %% against the baseline's %.1f %% (as Red %.1f/%.1f, as Black %.1f/%.1f); difference %+.1f ± %.1f points (one standard error)",
		c.all.n, 100*cand, 100*base, 100*candRed, 100*baseRed, 100*candBlack, 100*baseBlack, 100*(cand-base), 100*c.se)
}
