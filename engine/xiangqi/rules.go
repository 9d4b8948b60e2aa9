package xiangqi

import (
	"fmt"
	"math/bits"
)

// Game-end rules beyond mate and stalemate, applied by Game.Result:
//   - MoveLimit: 60 moves (120 plies) without a capture is a draw.
//   - Repetition: the same position (same side to move) a third time since the last capture
//     is a draw, unless one side caused it with forbidden play:
//   - PerpetualCheck: a side whose every move in the repeated stretch gave check loses (both
//     checking every move: draw);
//   - PerpetualChase: a side whose every move in the stretch newly attacked an enemy piece it
//     could win (unprotected, or a chariot attacked by a horse or cannon) loses (both: draw).
//     Chases by the general and by soldiers, and threats to soldiers that have not crossed
//     the river, do not count. This is a simplification of the Asian rules' chase, which
//     also asks that the same piece be chased throughout.
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
		return fmt.Sprintf("%s wins: %s chases perpetually", w, l)
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
	// every[c]: every move c made in the stretch was a check (resp. a chase).
	checks := [2]bool{true, true}
	chases := [2]bool{true, true}
	p := g.PositionAt(first)
	for i := first; i < g.ply; i++ {
		m := g.moves[i]
		c := p.turn
		if chases[c] {
			chases[c] = p.chases(m)
		}
		p.Make(m)
		if checks[c] && !p.InCheck() {
			checks[c] = false
		}
	}
	switch {
	case checks[Red] && checks[Black]:
		return Result{Status: PerpetualCheck, Draw: true}, true
	case checks[Red]:
		return decisive(PerpetualCheck, Red), true
	case checks[Black]:
		return decisive(PerpetualCheck, Black), true
	case chases[Red] && chases[Black]:
		return Result{Status: PerpetualChase, Draw: true}, true
	case chases[Red]:
		return decisive(PerpetualChase, Red), true
	case chases[Black]:
		return decisive(PerpetualChase, Black), true
	}
	return Result{Status: Repetition, Draw: true}, true
}

// chases reports whether legal move m makes a new threat: afterwards the moved piece (not a
// general or soldier) can capture an enemy piece it could not capture before, and that
// capture would win material (the target is unprotected, or is a chariot attacked by a horse
// or cannon). Soldiers that have not crossed the river and the general are not chased.
func (p *Position) chases(m Move) bool {
	from, to := m.From(), m.To()
	pc := p.board[from]
	if k := pc.Kind(); k == General || k == Soldier {
		return false
	}
	before := p.targets(from)
	q := *p
	q.Make(m)
	q.turn = pc.Color() // look at the mover's captures from its new square
	q.check = q.computeCheck()
	after := q.targets(to)
	for w := 0; w < 2; w++ {
		for b := after[w] &^ before[w]; b != 0; b &= b - 1 {
			t := Square(w<<6 + bits.TrailingZeros64(b))
			victim := q.board[t]
			switch victim.Kind() {
			case General:
				continue
			case Soldier:
				if crossed := (victim.Color() == Red) == (t.Rank() >= 5); !crossed {
					continue
				}
			}
			if victim.Kind() == Chariot && (pc.Kind() == Horse || pc.Kind() == Cannon) {
				return true
			}
			if !q.protected(to, t) {
				return true
			}
		}
	}
	return false
}

// targets is the set of squares the piece on s can capture on legally (side to move = its owner).
func (p *Position) targets(s Square) [2]uint64 {
	var ml MoveList
	p.generate(&ml, squareSet(s), true)
	var out [2]uint64
	for _, m := range ml.Slice() {
		t := m.To()
		out[t>>6] |= 1 << (uint(t) & 63)
	}
	return out
}

// protected reports whether, after the piece on from takes on t, the victim's side can
// legally recapture on t. The mover is p.turn.
func (p *Position) protected(from, t Square) bool {
	q := *p
	q.Make(NewMove(from, t))
	var ml MoveList
	q.GenerateCaptures(&ml)
	for _, m := range ml.Slice() {
		if m.To() == t {
			return true
		}
	}
	return false
}
