package play

import "qipan/engine/xiangqi"

// Refusal names why the board refused what a person tried, as the page's data-refusal
// writes it (docs/contracts.md); "" is no refusal.
type Refusal string

const (
	RefusedCheck     Refusal = "check"      // the general would be in check
	RefusedFacing    Refusal = "facing"     // the generals would face each other
	RefusedTurn      Refusal = "turn"       // it is the computer's turn
	RefusedPieceMove Refusal = "piece-move" // the piece does not move there
	RefusedNoFlip    Refusal = "no-flip"    // (Reversi) the square flips nothing
)

// refusalOf turns the rules' reason into the board's.
func refusalOf(r xiangqi.Verdict) Refusal {
	switch r {
	case xiangqi.LeavesCheck:
		return RefusedCheck
	case xiangqi.FacingGenerals:
		return RefusedFacing
	case xiangqi.Allowed, xiangqi.NotYourPiece:
		return ""
	}
	return RefusedPieceMove
}
