package ui

import (
	"sort"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// VariationAction is the action a variation's move posts when clicked; its value is a
// VariationMove.
const VariationAction = "qipan/variation"

// VariationMove names a move of a variation: the ply where the variation leaves the game's
// line, the variation's index (play.Annotated.Branches) and the move's (0 for the first).
type VariationMove struct{ Ply, Branch, Move int }

// Variations shows the record's other lines at the position on the board, each in brackets
// with its move numbers and symbols; a click on a move enters that line there. When the
// move shown is in a variation, Make main line and Delete line act on it. The slot is always
// there (empty when there is nothing to show): go-app matches the panel's children by
// position.
type Variations struct {
	app.Compo
	Ply        int                 // the position shown
	Branches   map[int]play.Branch // from play.Annotated.Branches
	Editable   bool                // the move shown is in a variation
	BlackFirst bool                // the game started with Black to move
	Lang       i18n.Lang
}

func (v *Variations) Render() app.UI {
	el := app.Div().Class("variations")
	if len(v.Branches) == 0 && !v.Editable {
		return el
	}
	l := v.Lang
	keys := make([]int, 0, len(v.Branches))
	for k := range v.Branches {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	var body []app.UI
	if len(keys) > 0 {
		body = append(body, app.Span().Class("variations-label").Text(l.T(i18n.Variations)))
	}
	for _, k := range keys {
		b := v.Branches[k]
		parts := []app.UI{app.Text("(")}
		if b.Comment != "" {
			parts = append(parts, app.Span().Class("variation-comment").Text(b.Comment+" "))
		}
		for j, text := range b.Moves {
			ply := v.Ply + j + 1 // the ply this move would be
			if j > 0 {
				parts = append(parts, app.Text(" "))
			}
			parts = append(parts, app.Span().Class("variation-move").Attr("role", "button").TabIndex(0).
				Attr("data-branch", k).Attr("data-branch-move", j).Title(l.T(i18n.EnterVariation)).
				Text(moveNumber(ply, j == 0, v.BlackFirst)+text))
		}
		parts = append(parts, app.Text(")"))
		body = append(body, app.P().Class("variation").Attr("data-variation", k).Body(parts...))
	}
	if v.Editable {
		body = append(body, app.Div().Class("controls two").Body(
			controlButton("promote-variation", l.T(i18n.PromoteVariation), l.T(i18n.PromoteVariationTitle), true),
			controlButton("delete-variation", l.T(i18n.DeleteVariation), l.T(i18n.DeleteVariationTitle), true),
		))
	}
	return el.Attr("data-variations", len(keys)).OnClick(v.onClick).OnKeyDown(v.onKey).Body(body...)
}

// moveNumber is the number written before the move at ply: "3. " before a first side's
// move, "3… " before the other side's when it opens the line.
func moveNumber(ply int, first, blackFirst bool) string {
	if blackFirst {
		ply++
	}
	n := strconv.Itoa((ply + 1) / 2)
	switch {
	case ply%2 == 1:
		return n + ". "
	case first:
		return n + "… "
	}
	return ""
}

func (v *Variations) onClick(ctx app.Context, e app.Event) { v.enter(ctx, e) }

// onKey enters the focused move on Enter or Space, as a button does.
func (v *Variations) onKey(ctx app.Context, e app.Event) {
	if k := e.Get("key").String(); (k == "Enter" || k == " ") && v.enter(ctx, e) {
		e.PreventDefault()
	}
}

// enter posts the move the event is on, if it is on one.
func (v *Variations) enter(ctx app.Context, e app.Event) bool {
	el := e.Get("target").Call("closest", "[data-branch]")
	if !el.Truthy() {
		return false
	}
	k, err1 := strconv.Atoi(el.Call("getAttribute", "data-branch").String())
	j, err2 := strconv.Atoi(el.Call("getAttribute", "data-branch-move").String())
	if err1 != nil || err2 != nil {
		return false
	}
	ctx.NewActionWithValue(VariationAction, VariationMove{Ply: v.Ply, Branch: k, Move: j})
	return true
}

// variationsOf is the Variations of b's shown position (m is its record tree).
func variationsOf(b *play.Table, m play.Annotated, n play.Notation, l i18n.Lang) *Variations {
	ply := b.ShownPly()
	return &Variations{Ply: ply, Branches: m.Branches(ply, n), Editable: m.InVariation(ply),
		BlackFirst: b.SecondFirst(), Lang: l}
}

// variationAction makes the line of the move b shows the main line (m is its record tree), or
// deletes it.
func variationAction(b *play.Table, m play.Annotated, action string) bool {
	if action == "promote-variation" {
		return m.PromoteVariation(b.ShownPly())
	}
	return b.DeleteVariation(b.ShownPly())
}

// variations is the record's other lines at the position shown (an empty slot in Reversi).
func (p *Page) variations() app.UI {
	m, ok := p.table().Annotated()
	if !ok {
		return &Variations{Lang: p.lang}
	}
	return variationsOf(p.table(), m, p.notation(), p.lang)
}
