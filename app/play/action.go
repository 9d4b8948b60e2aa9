package play

// Action is a control of the game at a table, named by the data-action word the page's
// button carries (docs/contracts.md); the desktop's buttons carry the same words.
type Action string

const (
	ActNew         Action = "new"
	ActUndo        Action = "undo"
	ActRedo        Action = "redo"
	ActFlip        Action = "flip"
	ActHint        Action = "hint"
	ActMoveNow     Action = "move-now"
	ActContinue    Action = "continue" // Continue from here (the position reviewed)
	ActLive        Action = "live"     // Back to game
	ActReviewStart Action = "review-start"
	ActPlayTwo     Action = "play-two"
	ActPlayRed     Action = "play-red" // Xiangqi's sides; Reversi's are black and white
	ActPlayBlack   Action = "play-black"
	ActPlayWhite   Action = "play-white"
	ActAnalysis    Action = "analysis"     // analysis on or off
	ActAnalyseGame Action = "analyse-game" // the evaluation graph of every position, or stop
)

// SideActions are the actions that make the person play each side of the game at t against
// the computer (side 0 first): Xiangqi's red and black, Reversi's black and white.
func (t *Table) SideActions() [2]Action {
	if t.Variant() == VariantXiangqi {
		return [2]Action{ActPlayRed, ActPlayBlack}
	}
	return [2]Action{ActPlayBlack, ActPlayWhite}
}

// Do carries out action a on the game: it reports whether the game (or what is shown of it)
// changed, and then the caller keeps the game and sends EngineLines; send are lines to send
// the engine first (Move now's stop). An action that does nothing now (Undo at the start, a
// hint on the computer's turn) reports false; so does one that is not the Table's.
func (t *Table) Do(a Action) (changed bool, send []string) {
	for side, sa := range t.SideActions() {
		if a == sa {
			t.SetHuman(side)
			return true, nil
		}
	}
	switch a {
	case ActNew:
		t.New()
	case ActUndo:
		return t.Undo(), nil
	case ActRedo:
		return t.Redo(), nil
	case ActFlip:
		t.Flip()
	case ActHint:
		return t.RequestHint(), nil
	case ActMoveNow:
		return true, t.MoveNow()
	case ActContinue:
		return t.ContinueHere(), nil
	case ActLive:
		t.BackToGame()
	case ActReviewStart:
		t.Review(0)
	case ActPlayTwo:
		t.SetTwoPlayer()
	case ActAnalysis:
		t.SetAnalysis(!t.Analysis())
	case ActAnalyseGame:
		t.SetGraphing(!t.Graphing())
	default:
		return false, nil
	}
	return true, nil
}
