package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// ControlAction is the action the buttons post; its value is the button's data-action.
const ControlAction = "qipan/control"

// Controls is the game's buttons: new game, undo, redo, flip (Xiangqi); hint and move now;
// and continue from here and back to the game, always in place (enabled while reviewing, or
// while the computer waits to play on), so that starting a review moves nothing.
type Controls struct {
	app.Compo
	CanUndo, CanRedo, CanHint, CanMoveNow bool
	Reviewing, CanContinue                bool
	Analysing                             bool // analysis is on (the button shows it pressed)
	Reversi                               bool // the Reversi board: no flip, its own titles
	// A puzzle is on the board: its row (hint, solution, retry, next) takes the place of the
	// engine's (hint, move now, analysis), so that nothing moves when a puzzle comes or goes.
	Puzzle                           bool
	CanPuzzleHint, CanRetry, CanNext bool
	Lang                             i18n.Lang
}

func newControls() *Controls { return &Controls{} }

// For sets the game the buttons act on (play.VariantXiangqi or play.VariantReversi).
func (c *Controls) For(variant string) *Controls {
	c.Reversi = variant == play.VariantReversi
	return c
}

// Enable sets which of undo and redo can be used.
func (c *Controls) Enable(undo, redo bool) *Controls {
	c.CanUndo, c.CanRedo = undo, redo
	return c
}

// EnableEngine sets whether a hint can be asked for and the computer asked to move now.
func (c *Controls) EnableEngine(hint, moveNow bool) *Controls {
	c.CanHint, c.CanMoveNow = hint, moveNow
	return c
}

// Analyse sets whether analysis is on.
func (c *Controls) Analyse(on bool) *Controls {
	c.Analysing = on
	return c
}

// Puzzling says whether a puzzle is on the board, and which of its buttons can be used.
func (c *Controls) Puzzling(on, hint, retry, next bool) *Controls {
	c.Puzzle, c.CanPuzzleHint, c.CanRetry, c.CanNext = on, hint, retry, next
	return c
}

// In sets the language of the labels.
func (c *Controls) In(l i18n.Lang) *Controls {
	c.Lang = l
	return c
}

// Review says whether the board shows an earlier position of the record, and whether
// Continue from here would do anything (play.Table.CanContinue).
func (c *Controls) Review(reviewing, canContinue bool) *Controls {
	c.Reviewing, c.CanContinue = reviewing, canContinue
	return c
}

func (c *Controls) Render() app.UI {
	l := c.Lang
	undo, redo, hint := i18n.UndoTitle, i18n.RedoTitle, i18n.HintTitle
	if c.Reversi {
		undo, redo, hint = i18n.UndoTitleReversi, i18n.RedoTitleReversi, i18n.HintTitleReversi
	}
	first := []app.UI{
		controlButton("new", l.T(i18n.New), l.T(i18n.NewTitle), true),
		controlButton("undo", l.T(i18n.Undo), l.T(undo), c.CanUndo),
		controlButton("redo", l.T(i18n.Redo), l.T(redo), c.CanRedo),
	}
	row := app.Div().Class("controls three")
	if !c.Reversi {
		first = append(first, controlButton("flip", l.T(i18n.Flip), l.T(i18n.FlipTitle), true))
		row = app.Div().Class("controls")
	}
	engine := app.Div().Class("controls three").Body(
		controlButton("hint", l.T(i18n.Hint), l.T(hint), c.CanHint && !c.Analysing),
		controlButton("move-now", l.T(i18n.MoveNow), l.T(i18n.MoveNowTitle), c.CanMoveNow && !c.Analysing),
		controlButton("analysis", l.T(i18n.Analysis), l.T(i18n.AnalysisTitle), true).
			Attr("aria-pressed", boolText(c.Analysing)),
	)
	if c.Puzzle {
		engine = puzzleControls(l, c.CanPuzzleHint, c.CanRetry, c.CanNext)
	}
	return app.Div().Class("controls-wrap").Body(
		row.Body(first...),
		engine,
		reviewControls(l, c.Reviewing, c.CanContinue),
	)
}

// puzzleControls are a puzzle's buttons: a winning move shown, the solution played out, the
// puzzle again, the next one not solved.
func puzzleControls(l i18n.Lang, hint, retry, next bool) app.HTMLDiv {
	return app.Div().Class("controls puzzle-row").Body(
		controlButton(string(play.ActPuzzleHint), l.T(i18n.PuzzleHintLabel), l.T(i18n.PuzzleHintTitle), hint),
		controlButton(string(play.ActPuzzleSolution), l.T(i18n.PuzzleSolution), l.T(i18n.PuzzleSolutionTitle), true),
		controlButton(string(play.ActPuzzleRetry), l.T(i18n.PuzzleRetry), l.T(i18n.PuzzleRetryTitle), retry),
		controlButton("puzzle-next", l.T(i18n.PuzzleNext), l.T(i18n.PuzzleNextTitle), next),
	)
}

// reviewControls are the review's buttons: continue from here, back to the game.
func reviewControls(l i18n.Lang, reviewing, canContinue bool) app.UI {
	return app.Div().Class("controls two review").Body(
		controlButton("continue", l.T(i18n.ContinueHere), l.T(i18n.ContinueHereTitle), canContinue),
		controlButton("live", l.T(i18n.BackToGame), l.T(i18n.BackToGameTitle), reviewing),
	)
}

// controlButton is a button posting ControlAction with its data-action.
func controlButton(action, label, title string, enabled bool) app.HTMLButton {
	return app.Button().
		Class("control").
		Attr("data-action", action).
		Title(title).
		Disabled(!enabled).
		Text(label).
		OnClick(onControlClick)
}

func onControlClick(ctx app.Context, e app.Event) {
	action := e.Get("currentTarget").Call("getAttribute", "data-action").String()
	ctx.NewActionWithValue(ControlAction, action)
}
