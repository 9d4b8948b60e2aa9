package play

import "qipan/app/i18n"

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
	ActReport      Action = "report"       // the game report (report.go): judge every move
	// analysis's lines added to the record as variations (games with a record tree)
	ActAddEngineLines Action = "add-engine-lines"
	// Browsing the record (the embed's buttons; the keys ← → Home End: KeyAction).
	ActFirst Action = "first"
	ActPrev  Action = "prev"
	ActNext  Action = "next"
	ActLast  Action = "last"
	// A puzzle's (puzzle.go): a hint, the solution played out, the puzzle again.
	ActPuzzleHint     Action = "puzzle-hint"
	ActPuzzleSolution Action = "puzzle-solution"
	ActPuzzleRetry    Action = "puzzle-retry"
)

// browsing reports whether a only changes the position shown (the game is not changed).
func browsing(a Action) bool { return a == ActFirst || a == ActPrev || a == ActNext || a == ActLast }

// KeyAction is the action of a key that browses the record, by its DOM name ("ArrowLeft"), as
// every front end names it to the session (Session.Key).
func KeyAction(key string) (Action, bool) {
	switch key {
	case "ArrowLeft":
		return ActPrev, true
	case "ArrowRight":
		return ActNext, true
	case "Home":
		return ActFirst, true
	case "End":
		return ActLast, true
	}
	return "", false
}

// SideActions are the actions that make the person play each side of the game at t against
// the computer (side 0 first): Xiangqi's red and black, Reversi's black and white.
func (t *Table) SideActions() [2]Action {
	b := SideButtons(t.Variant())
	return [2]Action{b[0].Action, b[1].Action}
}

// SideButton is one of the buttons that say who plays: the person one side against the
// computer (Side 0 or 1), or two people (Side -1). Label and Title are its words.
type SideButton struct {
	Action       Action
	Side         int
	Label, Title i18n.Key
}

// SideButtons are the who-plays buttons of a game of variant, as every front end shows them:
// the first side, the second, two players.
func SideButtons(variant string) [3]SideButton {
	if variant == VariantXiangqi {
		return [3]SideButton{{ActPlayRed, 0, i18n.YouRed, i18n.YouRedTitle}, {ActPlayBlack, 1, i18n.YouBlack, i18n.YouBlackTitle},
			{ActPlayTwo, -1, i18n.TwoPlayers, i18n.TwoPlayersTitle}}
	}
	return [3]SideButton{{ActPlayBlack, 0, i18n.YouBlack, i18n.YouBlackReversiTitle}, {ActPlayWhite, 1, i18n.YouWhite, i18n.YouWhiteTitle},
		{ActPlayTwo, -1, i18n.TwoPlayers, i18n.TwoPlayersTitleReversi}}
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
	case ActFirst:
		return t.Review(0), nil
	case ActPrev:
		return t.Step(-1), nil
	case ActNext:
		return t.Step(1), nil
	case ActLast:
		return t.Review(t.Len()), nil
	case ActPlayTwo:
		t.SetTwoPlayer()
	case ActAnalysis:
		t.SetAnalysis(!t.Analysis())
	case ActAnalyseGame:
		t.SetGraphing(!t.Graphing())
		t.reporting = t.reporting && t.Graphing() // stopping the analysis stops the report
	case ActReport:
		return t.StartReport(), nil
	case ActAddEngineLines:
		return t.AddEngineLines(), nil
	case ActPuzzleHint:
		return t.PuzzleHint(), nil
	case ActPuzzleSolution:
		return t.ShowSolution(), nil
	case ActPuzzleRetry:
		return t.RetryPuzzle(), nil
	default:
		return false, nil
	}
	return true, nil
}
