package ui

import (
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// The clocks of a timed game (play/timed.go): both sides' times above the move list, the top
// board side's first; the choice of time control among the settings; the page's ticking,
// which lets the session see the time (a flag fall, a warning) and redraws the times.

// clockNames are the sides' names in data-clock, by variant: index 0 moves first.
var clockNames = map[string][2]string{play.VariantXiangqi: {"red", "black"}, play.VariantReversi: {"black", "white"}}

// clocks is the clocks' row: empty without a clock (the slot stays, go-app matches children by
// position). say is the last warning, spoken by screen readers.
func clocks(b *play.Table, l i18n.Lang, say string) app.UI {
	row := app.Div().Class("clocks")
	c, ok := b.Clocks()
	if !ok {
		return row
	}
	order := [2]int{1, 0} // the top of the board first
	if b.Flipped() {
		order = [2]int{0, 1}
	}
	names := clockNames[b.Variant()]
	var out []app.UI
	for _, side := range order {
		v := c[side]
		el := app.Div().Class("clock").Attr("data-clock", names[side]).Attr("data-ms", strconv.FormatInt(v.Left.Milliseconds(), 10)).
			Aria("label", play.SideLabel(l, b.Variant(), side)+" "+play.ClockText(v.Left))
		if v.Running {
			el = el.Class("running").Attr("data-clock-running", "true")
		}
		if v.Left < 10*time.Second {
			el = el.Class("low")
		}
		if v.Flagged {
			el = el.Class("flagged")
		}
		if v.Byo {
			el = el.Class("byo")
		}
		out = append(out, el.Body(
			app.Span().Class("clock-side").Text(play.SideLabel(l, b.Variant(), side)),
			app.Span().Class("clock-time").Text(play.ClockText(v.Left)),
		))
	}
	note := b.TimeControl().String()
	if b.Mode() == play.VsComputer {
		note += " · " + l.T(i18n.ClockPauses)
	}
	out = append(out, app.P().Class("clock-note").Text(note),
		app.Span().Class("sr-only").Attr("aria-live", "assertive").Text(say))
	return row.Attr("data-clocks", b.TimeControl().String()).Body(out...)
}

// clockSelect chooses the time control of the games to come (a game not yet begun takes it at
// once).
func clockSelect(l i18n.Lang, chosen string) app.UI {
	return selector("clock", l.T(i18n.ClockTitle), clockOptions(l, chosen))
}

// newClockSelect is the same choice in New's question, for the game New begins.
func newClockSelect(l i18n.Lang, chosen string) app.UI {
	return namedSelector("new-clock", "clock", l.T(i18n.ClockTitle), clockOptions(l, chosen))
}

// clockOptions are "no clock", the presets and a link's own time control, chosen selected.
func clockOptions(l i18n.Lang, chosen string) []app.UI {
	names := []i18n.Key{i18n.ClockRapid, i18n.ClockSlow, i18n.ClockBlitz, i18n.ClockByoYomi}
	opts := []app.UI{option("", l.T(i18n.ClockNone), chosen == "")}
	found := chosen == ""
	for i, tc := range play.Presets {
		opts = append(opts, option(tc.String(), l.T(names[i])+" "+tc.String(), tc.String() == chosen))
		found = found || tc.String() == chosen
	}
	if !found { // a link's own
		opts = append(opts, option(chosen, chosen, true))
	}
	return opts
}

// runClock keeps the clock ticking while one runs: the next tick comes as the shown time
// changes (each second, each tenth under ten seconds).
func (p *Page) runClock(ctx app.Context) {
	if p.clockDue {
		return
	}
	c, ok := p.table().Clocks()
	if !ok || (c[0].Running == c[1].Running) {
		return
	}
	left := c[0].Left
	if c[1].Running {
		left = c[1].Left
	}
	wait := left % time.Second
	if left < 10*time.Second {
		wait = left % (100 * time.Millisecond)
	}
	p.clockDue = true
	ctx.After(wait+5*time.Millisecond, func(ctx app.Context) {
		p.clockDue = false
		e := p.s.ClockTick()
		if e.LowTime != nil {
			p.clockSay = play.LowTimeText(p.lang, p.table().Variant(), *e.LowTime)
		}
		p.apply(ctx, e)
	})
}
