package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// ControlAction is the action the buttons post; its value is the button's data-action.
const ControlAction = "qipan/control"

// Controls is the row of buttons: new game, undo, redo, flip.
type Controls struct {
	app.Compo
	CanUndo, CanRedo bool
}

func newControls() *Controls { return &Controls{} }

// Enable sets which of undo and redo can be used.
func (c *Controls) Enable(undo, redo bool) *Controls {
	c.CanUndo, c.CanRedo = undo, redo
	return c
}

func (c *Controls) Render() app.UI {
	button := func(action, label, title string, enabled bool) app.UI {
		return app.Button().
			Class("control").
			Attr("data-action", action).
			Title(title).
			Disabled(!enabled).
			Text(label).
			OnClick(c.onClick)
	}
	return app.Div().Class("controls").Body(
		button("new", "New", "New game", true),
		button("undo", "Undo", "Take back the last full move", c.CanUndo),
		button("redo", "Redo", "Replay the move taken back", c.CanRedo),
		button("flip", "Flip", "Turn the board round", true),
	)
}

func (c *Controls) onClick(ctx app.Context, e app.Event) {
	action := e.Get("currentTarget").Call("getAttribute", "data-action").String()
	ctx.NewActionWithValue(ControlAction, action)
}
