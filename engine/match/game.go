package match

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"qipan/engine/match/player"
	"qipan/engine/xiangqi"
)

// playGame plays g from its opening with engines[0] as Red and engines[1] as Black. It sets
// g.Outcome and returns every move (the opening's included) in UCCI coordinates; false if
// ctx was cancelled before the game ended.
func playGame(ctx context.Context, cfg Config, g *Game, engines [2]*player.Player) ([]string, bool) {
	game, err := g.Opening.Game() // checked by Run
	if err != nil {
		g.Outcome = Outcome{"1/2-1/2", "bad opening: " + err.Error()}
		return nil, true
	}
	fen := g.Opening.StartFEN()
	moves := append([]string(nil), g.Opening.Moves...)
	names := [2]string{g.Red, g.Black}
	timeout := cfg.Limits.MoveTime + cfg.Timeout
	tc := cfg.Clock
	clock := [2]time.Duration{tc.Base, tc.Base} // Red's, Black's
	var streaks resignStreaks
	for {
		if out, over := adjudicate(game, cfg.Rules); over {
			g.Outcome = out
			return moves, true
		}
		if out, over := streaks.adjudicate(cfg.Rules.Resign); over {
			g.Outcome = out
			return moves, true
		}
		if ctx.Err() != nil {
			return nil, false
		}
		side := game.Position().Turn()
		who := fmt.Sprintf("%s (%s)", title(side), names[side])
		lose := func(format string, args ...any) ([]string, bool) {
			reason := who + " " + fmt.Sprintf(format, args...)
			g.Outcome = Outcome{loss(side), reason}
			cfg.Log(fmt.Sprintf("game %d, ply %d: %s", g.Number, len(moves)+1, reason))
			return moves, true
		}
		p := engines[side]
		lim := cfg.Limits
		if tc.On() {
			lim.Clock = player.Clock{On: true, RedToMove: side == xiangqi.Red,
				Red: clock[xiangqi.Red], Black: clock[xiangqi.Black], RedInc: tc.Inc, BlackInc: tc.Inc}
			timeout = clock[side] + cfg.Timeout
		}
		r, err := p.Go(fen, moves, lim, timeout)
		if tc.On() && (err == nil || errors.Is(err, player.ErrTimeout)) {
			had, took := clock[side], r.Took
			if err != nil {
				took = timeout
			}
			left, flagged := charge(&clock, side, took, tc.Inc)
			if g.Timed[side] == 0 || left < g.MinLeft[side] {
				g.MinLeft[side] = left
			}
			g.Timed[side]++
			if flagged {
				g.TimeLoss = true
				if err != nil {
					return lose("lost on time: no bestmove within %v (%v left, plus %v); killed", timeout, had, cfg.Timeout)
				}
				return lose("lost on time: bestmove after %v with %v left", took.Round(time.Millisecond), had.Round(time.Millisecond))
			}
		}
		switch {
		case errors.Is(err, player.ErrTimeout):
			return lose("did not answer within %v; killed", timeout)
		case errors.Is(err, player.ErrExited):
			return lose("exited%s", stderrNote(p))
		case err != nil:
			return lose("sent an unreadable move (%q): %v", r.Line, err)
		case r.Move == "":
			return lose("had no move (%q) in a position with legal moves", r.Line)
		}
		if err := game.PlayString(r.Move); err != nil {
			return lose("played an illegal move %s (%q)", r.Move, r.Line)
		}
		moves = append(moves, r.Move)
		if tc.On() {
			g.Clocks = append(g.Clocks, clock[side])
		}
		streaks.add(cfg.Rules.Resign, side, r.Score)
	}
}

// charge takes a move's time off side's clock (TimeControl.Charge with increment inc).
func charge(clock *[2]time.Duration, side xiangqi.Color, took, inc time.Duration) (left time.Duration, flagged bool) {
	return TimeControl{Inc: inc}.Charge(&clock[side], took)
}

func stderrNote(p *player.Player) string {
	s := strings.TrimSpace(p.Stderr())
	if s == "" {
		return ""
	}
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return "; its last words: " + s
}

// adjudicate applies engine/xiangqi's game-end rules and the ply limit.
func adjudicate(g *xiangqi.Game, rules Rules) (Outcome, bool) {
	if r := g.Result(); r.Over() {
		return Outcome{r.String(), r.Reason()}, true
	}
	if g.Ply() >= rules.MaxPlies {
		return Outcome{"1/2-1/2", fmt.Sprintf("Draw: %d plies played (the match's move limit)", rules.MaxPlies)}, true
	}
	return Outcome{}, false
}

// resignStreaks are, per side, +k after its engine's last k moves all scored at least
// Resign.Score, -k after k moves all scored at most -Resign.Score, else 0.
type resignStreaks [2]int

// add counts a move of side's engine with its reported score.
func (s *resignStreaks) add(r Resign, side xiangqi.Color, score string) {
	v, _, ok := player.ParseScore(score)
	n := &s[side]
	switch {
	case ok && v >= r.Score:
		*n = max(*n, 0) + 1
	case ok && v <= -r.Score:
		*n = min(*n, 0) - 1
	default: // no score, or one within ±Score
		*n = 0
	}
}

// adjudicate applies the Resign rule: both engines agree on the winner for Moves moves each.
func (s *resignStreaks) adjudicate(r Resign) (Outcome, bool) {
	if r.Moves <= 0 {
		return Outcome{}, false
	}
	for _, w := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
		if s[w] >= r.Moves && s[w.Other()] <= -r.Moves {
			return Outcome{loss(w.Other()), fmt.Sprintf("%s wins by adjudication: both engines' scores beyond ±%d for %d moves",
				title(w), r.Score, r.Moves)}, true
		}
	}
	return Outcome{}, false
}

func loss(c xiangqi.Color) string {
	if c == xiangqi.Red {
		return "0-1"
	}
	return "1-0"
}

func title(c xiangqi.Color) string {
	if c == xiangqi.Red {
		return "Red"
	}
	return "Black"
}
