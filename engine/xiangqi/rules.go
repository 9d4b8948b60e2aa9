package xiangqi

import (
	"fmt"
)

// Game-end rules beyond mate and stalemate, applied by Game.Result:
//   - MoveLimit: 60 moves (120 plies) without a capture is a draw.
//   - Repetition: the same position (same side to move) a third time since the last capture
//     is a draw, unless one side alone checked (PerpetualCheck) or, nobody checking
//     throughout, one side alone chased one piece (PerpetualChase) with every move of the
//     stretch since the first occurrence: that side loses. The rules in full are in the
//     package doc; the judging is in repetition.go.
//   - InsufficientMaterial: neither side has a piece that can cross the river (chariot,
//     horse, cannon or soldier) is a draw.
//
// The Status values are declared in movegen.go.

// MoveLimitPlies is the number of plies without capture that ends the game in a draw.
const MoveLimitPlies = 120

// Result is how a game stands: Ongoing, or ended by Status with a winner or a draw.
type Result struct {
	Status Status
	Draw   bool
	Winner Color // meaningful when Over() and !Draw
	Loser  Color // the side that was mated, stalemated or played the forbidden repetition
	// Chased is the piece a lost perpetual chase threatened (NoPiece otherwise), and
	// Unprotected says it was chased for want of a true protector (not only for its worth).
	Chased      Piece
	Unprotected bool
}

// Over reports whether the game has ended.
func (r Result) Over() bool { return r.Status != Ongoing }

// String is the PGN-style score: "1-0" (Red won), "0-1", "1/2-1/2" or "*".
func (r Result) String() string {
	switch {
	case !r.Over():
		return "*"
	case r.Draw:
		return "1/2-1/2"
	case r.Winner == Red:
		return "1-0"
	}
	return "0-1"
}

// Reason is a sentence the UI can show, e.g. "Red wins: Black is checkmated".
func (r Result) Reason() string {
	w, l := title(r.Winner), title(r.Loser)
	switch r.Status {
	case Ongoing:
		return "Game in progress"
	case Checkmate:
		return fmt.Sprintf("%s wins: %s is checkmated", w, l)
	case Stalemate:
		return fmt.Sprintf("%s wins: %s has no legal move", w, l)
	case MoveLimit:
		return "Draw: 60 moves without a capture"
	case Repetition:
		return "Draw: the same position three times"
	case PerpetualCheck:
		if r.Draw {
			return "Draw: both sides check perpetually"
		}
		return fmt.Sprintf("%s wins: %s checks perpetually", w, l)
	case PerpetualChase:
		if r.Draw {
			return "Draw: both sides chase perpetually"
		}
		if r.Chased == NoPiece {
			return fmt.Sprintf("%s wins: %s chases perpetually", w, l)
		}
		what := r.Chased.Kind().String()
		if r.Unprotected {
			what = "unprotected " + what
		}
		return fmt.Sprintf("%s wins: %s chased the %s perpetually", w, l, what)
	case InsufficientMaterial:
		return "Draw: neither side can cross the river"
	}
	return r.Status.String()
}

func title(c Color) string {
	if c == Red {
		return "Red"
	}
	return "Black"
}

func decisive(s Status, loser Color) Result {
	return Result{Status: s, Winner: loser.Other(), Loser: loser}
}

// CanCross reports whether color c has a piece that can cross the river.
func (p *Position) CanCross(c Color) bool {
	for _, k := range []Kind{Chariot, Horse, Cannon, Soldier} {
		if p.count[MakePiece(c, k)] > 0 {
			return true
		}
	}
	return false
}

// Result applies every game-end rule to the current position and the moves that led to it.
func (g *Game) Result() Result {
	p := &g.cur
	switch p.Status() {
	case Checkmate:
		return decisive(Checkmate, p.turn)
	case Stalemate:
		return decisive(Stalemate, p.turn)
	}
	if !p.CanCross(Red) && !p.CanCross(Black) {
		return Result{Status: InsufficientMaterial, Draw: true}
	}
	if r, ok := g.repetition(); ok {
		return r
	}
	if p.halfmove >= MoveLimitPlies {
		return Result{Status: MoveLimit, Draw: true}
	}
	return Result{}
}

// Status is Result().Status: Ongoing, Checkmate, Stalemate or one of the rules above.
func (g *Game) Status() Status { return g.Result().Status }

// Repetitions counts how many times the current position has occurred since the last
// capture, the current one included.
func (g *Game) Repetitions() int {
	n, _ := g.repeats()
	return n
}

// repeats returns the occurrences of the current key since the last capture and the ply of
// the earliest one.
func (g *Game) repeats() (n, first int) {
	lo := max(0, g.ply-g.cur.halfmove)
	key := g.keys[g.ply]
	first = g.ply
	for i := g.ply; i >= lo; i -= 2 {
		if g.keys[i] == key {
			n++
			first = i
		}
	}
	return n, first
}

// repetition judges a threefold repetition over the stretch since its first occurrence.
func (g *Game) repetition() (Result, bool) {
	n, first := g.repeats()
	if n < 3 {
		return Result{}, false
	}
	ps := make([]Position, 0, g.ply-first+1)
	ps = append(ps, *g.PositionAt(first))
	for _, m := range g.moves[first:g.ply] {
		p := ps[len(ps)-1]
		p.Make(m)
		ps = append(ps, p)
	}
	return ruling(ps, g.moves[first:g.ply]), true
}
