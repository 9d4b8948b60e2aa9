package main

// The -mates mode, the mate horizon: see the package comment.

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"qipan/engine/match/openings"
	"qipan/engine/match/player"
	"qipan/engine/protocol"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/record"
)

// parseMates reads -mates: the numbers of moves before the mate, as "3,5,7".
func parseMates(s string) ([]int, error) {
	var js []int
	for _, f := range strings.Split(s, ",") {
		j, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || j < 1 || slices.Contains(js, j) {
			return nil, fmt.Errorf("-mates %q: want distinct numbers of moves before the mate, as 3,5,7", s)
		}
		js = append(js, j)
	}
	return js, nil
}

// lostGame is a game the player lost by mate on the board, replayed.
type lostGame struct {
	n    int // 1 = the first game read, as the other mode numbers them
	rec  *record.Game
	play *xiangqi.Game
}

// mateLosses are the games in which side (as -as allows) was mated or left without a legal
// move in the final position: lost on the board, not by adjudication or a rule.
func mateLosses(games []*record.Game, side, as string) ([]lostGame, error) {
	var out []lostGame
	for i, g := range games {
		col, ok := sideOf(g, side)
		if !ok || (as != "" && as != col.String()) {
			continue
		}
		play, err := g.Game()
		if err != nil {
			return nil, fmt.Errorf("game %d: %v", i+1, err)
		}
		if end := play.Position(); end.Turn() == col && end.Status() != xiangqi.Ongoing {
			out = append(out, lostGame{n: i + 1, rec: g, play: play})
		}
	}
	return out, nil
}

// horizonPly is the ply (0 = the start) of the position j of the loser's moves before the
// end of a game of plies plies that the loser lost on the board, and whether it is taken:
// positions in the game's opening (the first skip plies) are not the engine's own play.
func horizonPly(plies, skip, j int) (int, bool) {
	k := plies - 2*j
	return k, k >= 0 && k >= skip
}

// mated says whether an engine's score (a Reply.Score) is a mate against the side to move;
// a mate for it does not count as seeing its own loss.
func mated(score string) bool {
	n, ok := mateIn(score)
	return ok && n <= 0
}

// mateIn reads a score as moves to mate, if it is one: UCI's "mate -3", or a bare UCCI score
// beyond ±protocol.MateBound ("cp" is always centipawns). n <= 0: the side to move is mated (0:
// already), n > 0: it mates.
func mateIn(score string) (n int, ok bool) {
	if _, err := fmt.Sscanf(score, "mate %d", &n); err == nil {
		return n, true
	}
	v, err := strconv.Atoi(score)
	if err != nil {
		return 0, false
	}
	return protocol.MateMoves(v)
}

// showScore writes a score as centipawns, or as M and the moves to mate ("M-3": mated in 3).
func showScore(score string) string {
	if n, ok := mateIn(score); ok {
		return fmt.Sprintf("M%d", n)
	}
	if v, _, ok := player.ParseScore(score); ok {
		return strconv.Itoa(v)
	}
	return "?"
}

// iccs writes a UCCI-coordinate move in ICCS, "-" for none.
func iccs(m string) string {
	if mv, err := xiangqi.ParseMove(m); err == nil {
		return mv.ICCS()
	}
	return "-"
}

// horizonEngine is one column of the table: an engine and its limit per position.
type horizonEngine struct {
	label string
	*player.Player
	lim player.Limits
}

// engineLabel names an engine by its program's file name, numbered when two share one.
func engineLabel(cmd []string, i int, taken map[string]bool) string {
	l := filepath.Base(cmd[0])
	if taken[l] {
		l = fmt.Sprintf("%s#%d", l, i+1)
	}
	taken[l] = true
	return l
}

// startHorizon starts the -engine programs (UCCI, book off: a book move comes without a
// score) and then the judge.
func startHorizon(o *options, judge player.Config) ([]horizonEngine, error) {
	var out []horizonEngine
	closeAll := func() { closeEngines(out) }
	taken := map[string]bool{"judge": true}
	for i, s := range o.engines {
		cmd, err := player.SplitCommand(s)
		if err != nil || len(cmd) == 0 {
			closeAll()
			return nil, fmt.Errorf("-engine %q: want a command line (%v)", s, err)
		}
		cfg := player.Config{Name: engineLabel(cmd, i, taken), Protocol: player.UCCI, Command: cmd,
			Options: []player.Option{{Name: "usebook", Value: "false"}}}
		p, err := player.Start(cfg, time.Minute)
		if err != nil {
			closeAll()
			return nil, fmt.Errorf("-engine %q: %v", s, err)
		}
		out = append(out, horizonEngine{cfg.Name, p, player.Limits{Nodes: o.nodes}})
	}
	p, err := player.Start(judge, time.Minute)
	if err != nil {
		closeAll()
		return nil, fmt.Errorf("judge: %v", err)
	}
	return append(out, horizonEngine{judge.Name, p, player.Limits{MoveTime: o.judgeTime}}), nil
}

// closeEngines stops the engines started.
func closeEngines(engines []horizonEngine) {
	for _, e := range engines {
		e.Close()
	}
}

// searchPosition has each engine search the position after g's first ply plies, each from
// an empty hash so that the order of the positions does not matter.
func searchPosition(engines []horizonEngine, g *record.Game, ply int, timeout time.Duration) ([]player.Reply, error) {
	moves := make([]string, ply)
	for i, m := range g.Moves[:ply] {
		moves[i] = m.Move.String()
	}
	var out []player.Reply
	for _, e := range engines {
		if err := e.NewGame(time.Minute); err != nil {
			return nil, fmt.Errorf("%s: %v", e.label, err)
		}
		r, err := e.Go(g.Start.FEN(), moves, e.lim, timeout)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", e.label, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// tally counts, per j, the positions searched and those each engine saw as lost by mate.
type tally struct {
	js        []int
	labels    []string
	positions map[int]int
	seen      map[int][]int // per j, per engine
}

func newTally(js []int, engines []horizonEngine) *tally {
	t := &tally{js: js, positions: make(map[int]int), seen: make(map[int][]int)}
	for _, e := range engines {
		t.labels = append(t.labels, e.label)
	}
	for _, j := range js {
		t.seen[j] = make([]int, len(engines))
	}
	return t
}

func (t *tally) add(j int, replies []player.Reply) {
	t.positions[j]++
	for e, r := range replies {
		if mated(r.Score) {
			t.seen[j][e]++
		}
	}
}

// print writes the counts as a table: a row per j, a column per engine.
func (t *tally) print(w io.Writer) {
	fmt.Fprintln(w, strings.Join(append([]string{"j", "positions"}, t.labels...), "\t"))
	for _, j := range t.js {
		row := []string{strconv.Itoa(j), strconv.Itoa(t.positions[j])}
		for _, n := range t.seen[j] {
			row = append(row, strconv.Itoa(n))
		}
		fmt.Fprintln(w, strings.Join(row, "\t"))
	}
}

// positionRow is a position's line: where it is, each engine's score and best move, the move
// played there and its FEN.
func positionRow(lg lostGame, j, ply int, replies []player.Reply) string {
	row := []string{strconv.Itoa(lg.n), lg.rec.Tag("Round"), strconv.Itoa(j), strconv.Itoa(ply + 1)}
	for _, r := range replies {
		row = append(row, showScore(r.Score), iccs(r.Move))
	}
	row = append(row, lg.rec.Moves[ply].Move.ICCS(), lg.play.PositionAt(ply).FEN())
	return strings.Join(row, "\t")
}

// runMates prints a line per position and then, per j, how many positions each engine saw as
// lost by mate.
func runMates(w io.Writer, o *options, games []*record.Game, book []openings.Opening, judge player.Config) error {
	lost, err := mateLosses(games, o.side, o.as)
	if err != nil {
		return err
	}
	engines, err := startHorizon(o, judge)
	if err != nil {
		return err
	}
	defer closeEngines(engines)
	head := []string{"game", "round", "j", "ply"}
	for _, e := range engines {
		head = append(head, e.label, e.label+" best")
	}
	fmt.Fprintln(w, strings.Join(append(head, "played", "fen"), "\t"))
	t := newTally(o.mates, engines)
	for _, lg := range lost {
		skip := bookPlies(lg.rec, book)
		for _, j := range o.mates {
			ply, ok := horizonPly(len(lg.rec.Moves), skip, j)
			if !ok {
				continue
			}
			replies, err := searchPosition(engines, lg.rec, ply, o.timeout)
			if err != nil {
				return fmt.Errorf("game %d, ply %d: %v", lg.n, ply+1, err)
			}
			t.add(j, replies)
			fmt.Fprintln(w, positionRow(lg, j, ply, replies))
		}
	}
	fmt.Fprintf(w, "\nseen as mate (a mate score against the side to move), of %d games lost by mate:\n", len(lost))
	t.print(w)
	return nil
}
