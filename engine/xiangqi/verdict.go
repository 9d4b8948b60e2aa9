package xiangqi

// Verdict says why a move is not legal, in the terms a player is told.
type Verdict uint8

const (
	Allowed        Verdict = iota // the move is legal
	NotYourPiece                  // no piece of the side to move stands on the move's start
	PieceRule                     // the piece does not move that way, or its way is blocked
	LeavesCheck                   // the mover's general would be (or stay) attacked
	FacingGenerals                // the two generals would face each other on an open file
)

var refusalNames = [...]string{"allowed", "not your piece", "piece rule", "leaves check", "facing generals"}

func (r Verdict) String() string {
	if int(r) < len(refusalNames) {
		return refusalNames[r]
	}
	return "Verdict(?)"
}

// WhyIllegal says why m is not legal here (Allowed if it is). A move the piece may make but
// that leaves its general attacked is LeavesCheck, or FacingGenerals when what attacks it is
// the other general along an open file.
func (p *Position) WhyIllegal(m Move) Verdict {
	from, to := m.From(), m.To()
	if !from.Valid() || !to.Valid() {
		return PieceRule
	}
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != p.turn {
		return NotYourPiece
	}
	if p.IsLegal(m) {
		return Allowed
	}
	// The piece's own moves, before the test of the general's safety.
	var ml MoveList
	g := genCtx{p: p, ml: &ml, us: p.turn, pseudo: true}
	p.genPieces(&g, squareSet(from))
	if !ml.Contains(m) {
		return PieceRule
	}
	q := *p
	q.board[to], q.board[from] = pc, NoPiece
	ours, theirs := q.general[p.turn], q.general[p.turn^1]
	if pc.Kind() == General {
		ours = to
	}
	if q.openFile(ours, theirs) {
		return FacingGenerals
	}
	return LeavesCheck
}

// openFile reports whether a and b stand on one file with nothing between them.
func (p *Position) openFile(a, b Square) bool {
	if a.File() != b.File() {
		return false
	}
	lo, hi := a, b
	if lo > hi {
		lo, hi = hi, lo
	}
	for s := lo + 9; s < hi; s += 9 {
		if p.board[s] != NoPiece {
			return false
		}
	}
	return true
}
