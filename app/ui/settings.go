package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/play"
	"qipan/engine/xiangqi"
)

// SettingAction is the action the selectors post; its value is a Setting.
const SettingAction = "qipan/setting"

// Setting is a selector's change: its data-action ("level", "notation", "coords") and the
// value chosen.
type Setting struct{ Name, Value string }

// SettingsPanel holds who plays whom, the level, the notation, the coordinates, the sound
// switch and the import/export switch.
type SettingsPanel struct {
	app.Compo
	Mode     play.Mode
	Human    xiangqi.Color
	Settings play.Settings
	IOOpen   bool
}

func newSettings() *SettingsPanel { return &SettingsPanel{} }

// With sets what the panel shows.
func (s *SettingsPanel) With(mode play.Mode, human xiangqi.Color, st play.Settings, ioOpen bool) *SettingsPanel {
	s.Mode, s.Human, s.Settings, s.IOOpen = mode, human, st, ioOpen
	return s
}

func (s *SettingsPanel) Render() app.UI {
	side := func(action, label, title string, on bool) app.UI {
		return controlButton(action, label, title, true).Class("seg").Attr("aria-pressed", strconv.FormatBool(on))
	}
	var levels []app.UI
	for l := play.MinLevel; l <= play.MaxLevel; l++ {
		levels = append(levels, option(itoa(l), "Level "+itoa(l), l == s.Settings.Level))
	}
	var notations []app.UI
	for _, n := range play.Notations {
		notations = append(notations, option(string(n.N), n.Label, n.N == s.Settings.Notation))
	}
	coords := []app.UI{
		option(play.CoordsChinese, "九…一", s.Settings.Coords != play.CoordsICCS),
		option(play.CoordsICCS, "a–i 0–9", s.Settings.Coords == play.CoordsICCS),
	}
	sound := "Sound on"
	if s.Settings.Muted {
		sound = "Sound off"
	}
	return app.Div().Class("settings").Body(
		app.Div().Class("segmented").Attr("role", "group").Attr("aria-label", "Who plays").Body(
			side("play-red", "You: Red", "You play Red, the computer Black", s.Mode == play.VsComputer && s.Human == xiangqi.Red),
			side("play-black", "You: Black", "You play Black, the computer Red (it moves first)", s.Mode == play.VsComputer && s.Human == xiangqi.Black),
			side("play-two", "2 players", "Two people at one board; the computer moves only when asked", s.Mode == play.TwoPlayer),
		),
		app.Div().Class("selects").Body(
			selector("level", "Computer level (1 weakest, 10 strongest)", levels),
			selector("notation", "Move notation", notations),
			selector("coords", "Board coordinates", coords),
		),
		app.Div().Class("controls two").Body(
			controlButton("sound", sound, "Move sounds on or off", true).Attr("aria-pressed", strconv.FormatBool(!s.Settings.Muted)),
			controlButton("io", "Import / Export", "Paste or copy a FEN or the moves", true).Attr("aria-pressed", strconv.FormatBool(s.IOOpen)),
		),
	)
}

// option is one choice of a selector; only the chosen one carries selected (a prerendered
// selected="false" would select it).
func option(value, label string, chosen bool) app.UI {
	o := app.Option().Value(value).Text(label)
	if chosen {
		o = o.Selected(true)
	}
	return o
}

// selector is a select posting SettingAction when changed.
func selector(name, label string, options []app.UI) app.UI {
	return app.Select().Class("select").Attr("data-action", name).Title(label).Aria("label", label).
		OnChange(func(ctx app.Context, e app.Event) {
			ctx.NewActionWithValue(SettingAction, Setting{Name: name, Value: ctx.JSSrc().Get("value").String()})
		}).Body(options...)
}
