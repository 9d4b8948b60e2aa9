// Package match plays engines against each other: each opening twice with colours swapped,
// games adjudicated with engine/xiangqi's rules, results counted as games and as pairs, and
// an optional SPRT that stops the match once a bound is crossed.
//
// Adjudication, in this order after every move (and before the first engine move):
//   - engine/xiangqi's Game.Result: checkmate and stalemate lose; insufficient material,
//     threefold repetition and 60 moves (120 plies) without capture draw, except that a side
//     that checked (or chased) throughout the repetition loses;
//   - Rules.MaxPlies (default 300) plies in all, the opening included: draw;
//   - Rules.Resign, off unless set (cutechess-cli's -resign movecount=N score=S
//     twosided=true): a win for the side whose engine reported a score ≥ S on each of its
//     last N moves while the other engine reported ≤ -S on each of its last N, each from its
//     own side and in its own units ("mate" scores beyond any S with their sign). A move
//     without a score, or with one within ±S, restarts that engine's count.
//
// An engine loses the game when it plays an illegal or unreadable move, has no move in a
// position that has legal moves, exits, or does not answer within Limits.MoveTime plus
// Config.Timeout (it is then killed). A dead engine is restarted for the next game.
//
// With a game clock (Config.Clock, e.g. 60+0 or 180+2) each side starts with Base; a move
// costs the wall time from writing go to reading bestmove (player.Reply.Took), after which
// Inc is added. An engine whose clock reaches 0 before its bestmove arrives loses on time
// (whatever the move), and one silent for its time left plus Config.Timeout is killed and
// loses on time too. The PGN then has a TimeControl tag ("60+0", seconds), each engine move
// the clock after it as a comment "[%clk 0:00:55]" (tenths below 10 s, the increment added),
// and a time loss the tag Termination "time forfeit". Report counts time losses and the
// least time left at a bestmove per engine (before the increment: the margin).
//
// Files: match.go (configuration, scheduling, results), game.go (one game).
package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"

	"qipan/engine/match/openings"
	"qipan/engine/match/player"
	"qipan/engine/match/stats"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/record"
)

// Rules beyond engine/xiangqi's.
type Rules struct {
	MaxPlies int // draw after this many plies in all (0 = 300)
	Resign   Resign
}

// Resign adjudicates a game won once both engines agree on it: for Moves consecutive moves of
// each, the winner's engine scored at least Score and the loser's at most -Score (see the
// package doc). Moves 0 = off.
type Resign struct {
	Moves, Score int
}

// Config of a match. Engines[0] is the engine whose results are reported ("A").
type Config struct {
	Engines      [2]player.Config
	Openings     []openings.Opening
	Games        int // games in all, rounded up to pairs; 0 = two per opening
	Skip         int // the schedule's first Skip games (rounded down to pairs) are not played: resumes a stopped run with the same numbering
	Limits       player.Limits
	Clock        TimeControl   // a game clock; zero: none (Limits alone)
	Timeout      time.Duration // beyond Limits.MoveTime (or the time left) before an engine counts as hung (0 = 5s)
	StartTimeout time.Duration // for starting an engine and new-game syncs (0 = 60s)
	Concurrency  int           // games at once (0 = 1); each game slot runs its own two engines
	Rules        Rules
	SPRT         *stats.SPRT // nil: play all games
	Prior        Tally       // a stopped run's finished games (see Skip), counted with this run's
	PGN          io.Writer   // nil: no PGN (ICCS moves, written by engine/xiangqi/record)

	Event, Site string
	Date        time.Time
	Progress    func(Report) // after every finished game
	Log         func(string) // engine trouble: illegal moves, crashes, timeouts, restarts
}

// TimeControl is a game clock: Base for the game, Inc added after each move.
type TimeControl struct {
	Base, Inc time.Duration
}

// On reports whether there is a clock.
func (tc TimeControl) On() bool { return tc.Base > 0 }

// String is the PGN TimeControl tag's form: seconds "60+0", "180+2", "0.5+0.1".
func (tc TimeControl) String() string {
	sec := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }
	return sec(tc.Base) + "+" + sec(tc.Inc)
}

// Game is a finished game.
type Game struct {
	Number  int // 1-based, in schedule order
	Pair    int // 0-based; the two games of a pair share an opening
	Opening openings.Opening
	AIsRed  bool
	Red     string
	Black   string
	Record  record.Game // tags Event Site Date Round Red Black Opening PlyCount; the reason as end comment
	Outcome Outcome
	// With a clock (Config.Clock):
	Clocks   []time.Duration  // after each engine move (the increment added), in order from the first after the opening
	TimeLoss bool             // the loser lost on time
	MinLeft  [2]time.Duration // Red's and Black's least time left at a bestmove, before the increment (≤ 0: the flag fell)
	Timed    [2]int           // Red's and Black's moves on the clock (the one that flagged included)
}

// engine is 0 for engine A, 1 for B: the engine that played colour c.
func (g *Game) engine(c xiangqi.Color) int {
	if (c == xiangqi.Red) == g.AIsRed {
		return 0
	}
	return 1
}

// Outcome of a game.
type Outcome struct {
	Result string // "1-0" (Red won), "0-1", "1/2-1/2"
	Reason string // how it ended, for the PGN comment
}

// halfPointsA is engine A's score in half points (0, 1, 2).
func (g *Game) halfPointsA() int { return halfPoints(g.Outcome.Result, g.AIsRed) }

// halfPoints is engine A's score in half points (0, 1, 2) in a game with this PGN result,
// A having played Red when aIsRed; 0 for a result that is not a finished game's.
func halfPoints(result string, aIsRed bool) int {
	switch result {
	case "1/2-1/2":
		return 1
	case "1-0":
		if aIsRed {
			return 2
		}
	case "0-1":
		if !aIsRed {
			return 2
		}
	}
	return 0
}

// Tally is engine A's results: each game, and each pair of games on one opening.
type Tally struct {
	Games stats.Trinomial
	Pairs stats.Pentanomial
}

// TallyOf counts engine a's results in a stopped run's games (read back from its PGN) that are
// numbered up to upTo, so a run resumed with Skip upTo reports the whole run. A pair counts
// when both its games are there.
func TallyOf(games []*record.Game, a string, upTo int) (Tally, error) {
	var t Tally
	half := map[int][]int{} // pair → A's half points in its games
	seen := map[int]bool{}
	for _, g := range games {
		n, err := strconv.Atoi(g.Tag("Round"))
		if err != nil || n < 1 {
			return t, fmt.Errorf("game with Round %q: want a game number", g.Tag("Round"))
		}
		if n > upTo {
			continue
		}
		if seen[n] {
			return t, fmt.Errorf("game %d twice", n)
		}
		seen[n] = true
		red, black := g.Tag("Red"), g.Tag("Black")
		if red != a && black != a {
			return t, fmt.Errorf("game %d: %s vs %s, without %s", n, red, black, a)
		}
		if g.Result != record.RedWins && g.Result != record.BlackWins && g.Result != record.Draw {
			continue // unfinished
		}
		h := halfPoints(string(g.Result), red == a)
		t.Games.Add(h)
		half[(n-1)/2] = append(half[(n-1)/2], h)
	}
	for _, hs := range half {
		if len(hs) == 2 {
			t.Pairs.Add(hs[0] + hs[1])
		}
	}
	return t, nil
}

// Report is the state of the match after a game (Last) or at the end (Last == nil).
type Report struct {
	Last    *Game
	Done    int             // games finished in this run
	Total   int             // games scheduled in this run
	Games   stats.Trinomial // engine A's results, Config.Prior's included
	Pairs   stats.Pentanomial
	LLR     float64       // pentanomial GSPRT over Pairs, when Config.SPRT is set
	Verdict stats.Verdict // Continue unless the SPRT stopped the match
	Names   [2]string
	// With a clock, per engine (A, B), in this run's games:
	TimeLosses [2]int
	MinLeft    [2]time.Duration // the least time left at a bestmove (valid when Timed > 0)
	Timed      [2]int           // moves on the clock
}

// addClock counts g's time loss and margins.
func (r *Report) addClock(g *Game) {
	if g.TimeLoss {
		loser := xiangqi.Red
		if g.Outcome.Result == "1-0" {
			loser = xiangqi.Black
		}
		r.TimeLosses[g.engine(loser)]++
	}
	for _, c := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
		if g.Timed[c] == 0 {
			continue
		}
		e := g.engine(c)
		if r.Timed[e] == 0 || g.MinLeft[c] < r.MinLeft[e] {
			r.MinLeft[e] = g.MinLeft[c]
		}
		r.Timed[e] += g.Timed[c]
	}
}

// Run plays the match. It returns an error only if it could not start (bad configuration,
// an engine that does not start); engine failures during games count as losses. Cancelling
// ctx abandons the games in progress and returns what was finished.
func Run(ctx context.Context, cfg Config) (Report, error) {
	cfg = withDefaults(cfg)
	if len(cfg.Openings) == 0 {
		return Report{}, errors.New("match: no openings")
	}
	for _, o := range cfg.Openings {
		if _, err := o.Game(); err != nil {
			return Report{}, fmt.Errorf("match: %v", err)
		}
	}
	if cfg.Limits == (player.Limits{}) && !cfg.Clock.On() {
		return Report{}, errors.New("match: no limit per move (movetime, depth or nodes) and no clock")
	}
	if cfg.Clock.On() && cfg.Limits.MoveTime > 0 || cfg.Clock.Base < 0 || cfg.Clock.Inc < 0 || cfg.Clock.Inc > 0 && !cfg.Clock.On() {
		return Report{}, fmt.Errorf("match: clock %v with movetime %v: want a positive base, an increment ≥ 0, and no movetime", cfg.Clock, cfg.Limits.MoveTime)
	}
	if r := cfg.Rules.Resign; r.Moves < 0 || r.Moves > 0 && r.Score <= 0 {
		return Report{}, fmt.Errorf("match: resign after %d moves beyond ±%d: want moves ≥ 0 and a score > 0", r.Moves, r.Score)
	}
	if cfg.SPRT != nil {
		if err := cfg.SPRT.Validate(); err != nil {
			return Report{}, err
		}
	}
	rep := Report{Total: max(0, cfg.Games-cfg.Skip), Names: [2]string{cfg.Engines[0].Name, cfg.Engines[1].Name},
		Games: cfg.Prior.Games, Pairs: cfg.Prior.Pairs}
	if cfg.SPRT != nil && rep.Pairs.Pairs() > 0 {
		rep.LLR = cfg.SPRT.LLRPentanomial(rep.Pairs)
	}

	// Start every slot's engines first, so that a bad command fails the run at once.
	slots := make([]*slot, cfg.Concurrency)
	for i := range slots {
		s, err := newSlot(cfg)
		if err != nil {
			for _, t := range slots[:i] {
				t.close()
			}
			return rep, err
		}
		slots[i] = s
	}

	jobs := make(chan int)
	results := make(chan *Game)
	stop := make(chan struct{})
	go func() {
		defer close(jobs)
		for i := cfg.Skip; i < cfg.Games; i++ {
			select {
			case jobs <- i:
			case <-stop:
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for _, s := range slots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer s.close()
			for i := range jobs {
				g, ok := s.play(ctx, cfg, i)
				if !ok {
					return // cancelled
				}
				results <- g
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	pending := map[int]int{} // pair → half points of its first finished game
	stopped := false
	for g := range results {
		rep.Done++
		rep.Last = g
		rep.Games.Add(g.halfPointsA())
		rep.addClock(g)
		if first, ok := pending[g.Pair]; ok {
			delete(pending, g.Pair)
			rep.Pairs.Add(first + g.halfPointsA())
			if cfg.SPRT != nil {
				rep.LLR = cfg.SPRT.LLRPentanomial(rep.Pairs)
				if v := cfg.SPRT.Judge(rep.LLR); v != stats.Continue && !stopped {
					rep.Verdict = v
					stopped = true
					close(stop)
				}
			}
		} else {
			pending[g.Pair] = g.halfPointsA()
		}
		if cfg.PGN != nil {
			if err := record.WritePGN(cfg.PGN, &g.Record, record.PGNOptions{Style: record.ICCS}); err != nil && cfg.Log != nil {
				cfg.Log("writing PGN: " + err.Error())
			}
		}
		if cfg.Progress != nil {
			cfg.Progress(rep)
		}
	}
	rep.Last = nil
	return rep, nil
}

func withDefaults(cfg Config) Config {
	if cfg.Games <= 0 {
		cfg.Games = 2 * len(cfg.Openings)
	}
	cfg.Games += cfg.Games % 2
	cfg.Skip = max(0, cfg.Skip-cfg.Skip%2)
	if cfg.Timeout <= 0 {
		cfg.Timeout = 5 * time.Second
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 60 * time.Second
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 1
	}
	if cfg.Rules.MaxPlies <= 0 {
		cfg.Rules.MaxPlies = 300
	}
	if cfg.Event == "" {
		cfg.Event = "qipan-match"
	}
	if cfg.Site == "" {
		cfg.Site = "?"
	}
	if cfg.Date.IsZero() {
		cfg.Date = time.Now()
	}
	if cfg.Log == nil {
		cfg.Log = func(string) {}
	}
	return cfg
}

// slot is one game at a time with its own pair of engine processes.
type slot struct {
	cfg     [2]player.Config
	players [2]*player.Player // nil or dead: restart before the next game
}

func newSlot(cfg Config) (*slot, error) {
	s := &slot{cfg: cfg.Engines}
	for i := range s.players {
		p, err := player.Start(cfg.Engines[i], cfg.StartTimeout)
		if err != nil {
			s.close()
			return nil, err
		}
		s.players[i] = p
	}
	return s, nil
}

// ready makes engine i alive and in a new game, restarting it if needed.
func (s *slot) ready(cfg Config, i int) error {
	if p := s.players[i]; p != nil && p.Alive() {
		if err := p.NewGame(cfg.StartTimeout); err == nil {
			return nil
		}
		cfg.Log(fmt.Sprintf("%s: no readyok for a new game; restarting it", p.Name()))
		p.Kill()
	}
	if s.players[i] != nil {
		cfg.Log(fmt.Sprintf("%s: restarting", s.cfg[i].Name))
	}
	p, err := player.Start(s.cfg[i], cfg.StartTimeout)
	if err != nil {
		s.players[i] = nil
		return err
	}
	s.players[i] = p
	return p.NewGame(cfg.StartTimeout)
}

func (s *slot) close() {
	for _, p := range s.players {
		if p != nil {
			p.Close()
		}
	}
}

func (s *slot) play(ctx context.Context, cfg Config, i int) (*Game, bool) {
	pair := i / 2
	g := &Game{Number: i + 1, Pair: pair, Opening: cfg.Openings[pair%len(cfg.Openings)], AIsRed: i%2 == 0}
	red, black := 0, 1
	if !g.AIsRed {
		red, black = 1, 0
	}
	g.Red, g.Black = cfg.Engines[red].Name, cfg.Engines[black].Name
	var failed [2]error
	for e := range s.players {
		if err := s.ready(cfg, e); err != nil {
			failed[e] = err
			cfg.Log(fmt.Sprintf("game %d: %s failed to start: %v", g.Number, cfg.Engines[e].Name, err))
		}
	}
	var moves []string
	switch {
	case failed[red] != nil && failed[black] != nil:
		g.Outcome = Outcome{"1/2-1/2", "both engines failed to start"}
	case failed[red] != nil:
		g.Outcome = Outcome{"0-1", fmt.Sprintf("Red (%s) failed to start", g.Red)}
	case failed[black] != nil:
		g.Outcome = Outcome{"1-0", fmt.Sprintf("Black (%s) failed to start", g.Black)}
	default:
		var ok bool
		moves, ok = playGame(ctx, cfg, g, [2]*player.Player{s.players[red], s.players[black]})
		if !ok {
			return nil, false
		}
	}
	g.Record = gameRecord(cfg, g, moves)
	return g, true
}

func gameRecord(cfg Config, g *Game, moves []string) record.Game {
	rec := record.Game{
		Tags: []record.Tag{
			{Name: "Event", Value: cfg.Event},
			{Name: "Site", Value: cfg.Site},
			{Name: "Date", Value: cfg.Date.Format("2006.01.02")},
			{Name: "Round", Value: strconv.Itoa(g.Number)},
			{Name: "Red", Value: g.Red},
			{Name: "Black", Value: g.Black},
			{Name: "Opening", Value: g.Opening.Name},
			{Name: "PlyCount", Value: strconv.Itoa(len(moves))},
		},
		Result: record.Result(g.Outcome.Result),
	}
	if cfg.Clock.On() {
		rec.Tags = append(rec.Tags, record.Tag{Name: "TimeControl", Value: cfg.Clock.String()})
	}
	if g.TimeLoss {
		rec.Tags = append(rec.Tags, record.Tag{Name: "Termination", Value: "time forfeit"})
	}
	start, err := xiangqi.ParseFEN(g.Opening.StartFEN())
	if err != nil { // cannot happen: Run checked the openings
		cfg.Log(fmt.Sprintf("game %d: recording the start: %v", g.Number, err))
		return rec
	}
	rec.Start = start
	for _, s := range moves {
		m, err := xiangqi.ParseMove(s)
		if err != nil { // cannot happen: every move was played on a Game
			cfg.Log(fmt.Sprintf("game %d: recording %q: %v", g.Number, s, err))
			break
		}
		rec.Moves = append(rec.Moves, record.Move{Move: m})
	}
	if first := len(rec.Moves) - len(g.Clocks); first >= 0 {
		for i, c := range g.Clocks {
			rec.Moves[first+i].Comment = "[%clk " + FormatClock(c) + "]"
		}
	}
	end := g.Outcome.Reason
	if n := len(rec.Moves); n > 0 && rec.Moves[n-1].Comment != "" {
		end = rec.Moves[n-1].Comment + " " + end
	}
	rec.SetEndComment(end)
	return rec
}

// FormatClock writes a clock's time as PGN's %clk does, H:MM:SS, with tenths below 10 s
// (rounded down: never more time than there was); 0:00:00.0 for none left.
func FormatClock(d time.Duration) string {
	d = max(0, d)
	h, m, s := d/time.Hour, d%time.Hour/time.Minute, d%time.Minute/time.Second
	out := fmt.Sprintf("%d:%02d:%02d", h, m, s)
	if d < 10*time.Second {
		out += fmt.Sprintf(".%d", d%time.Second/(100*time.Millisecond))
	}
	return out
}
