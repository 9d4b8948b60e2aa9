package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// ControlAction is the action the buttons post; its value is the button's data-action.
const ControlAction = "qipan/control"

// Controls is the game's buttons: new game, undo, redo, flip; hint and move now; and while
// reviewing, continue from here and back to the game.
type Controls struct {
	app.Compo
	CanUndo, CanRedo, CanHint, CanMoveNow bool
	Reviewing                             bool
}

func newControls() *Controls { return &Controls{} }

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

// Review says whether the board shows an earlier position of the record.
func (c *Controls) Review(v bool) *Controls {
	c.Reviewing = v
	return c
}

func (c *Controls) Render() app.UI {
	return app.Div().Class("controls-wrap").Body(
		app.Div().Class("controls").Body(
			controlButton("new", "New", "New game", true),
			controlButton("undo", "Undo", "Take back the last full move", c.CanUndo),
			controlButton("redo", "Redo", "Replay the move taken back", c.CanRedo),
			controlButton("flip", "Flip", "Turn the board round", true),
		),
		app.Div().Class("controls two").Body(
			controlButton("hint", "Hint", "Show the engine's best move for you", c.CanHint),
			controlButton("move-now", "Move now", "The computer moves now (for the side to move)", c.CanMoveNow),
		),
		app.If(c.Reviewing, func() app.UI {
			return app.Div().Class("controls two review").Body(
				controlButton("continue", "Continue from here", "Play on from the position shown", true),
				controlButton("live", "Back to game", "Show the game's current position (End)", true),
			)
		}),
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
