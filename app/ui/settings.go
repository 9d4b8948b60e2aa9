package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
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
	Variant  string // the game: its sides, and Xiangqi's notation and coordinates
	Mode     play.Mode
	Human    int // the person's side against the computer (0 moves first)
	Settings play.Settings
	IOOpen   bool
	Lang     i18n.Lang
	Theme    string // the look shown (play.PageThemes)
	Clock    string // the time control chosen for the games to come ("" for none)
}

func newSettings() *SettingsPanel { return &SettingsPanel{} }

// With sets what the panel shows.
func (s *SettingsPanel) With(variant string, mode play.Mode, human int, st play.Settings, ioOpen bool) *SettingsPanel {
	s.Variant, s.Mode, s.Human, s.Settings, s.IOOpen = variant, mode, human, st, ioOpen
	return s
}

// Look sets the theme the selector shows.
func (s *SettingsPanel) Look(theme string) *SettingsPanel {
	s.Theme = theme
	return s
}

// Timed sets the time control the clock's selector shows.
func (s *SettingsPanel) Timed(tc string) *SettingsPanel {
	s.Clock = tc
	return s
}

// In sets the language of the panel's words.
func (s *SettingsPanel) In(l i18n.Lang) *SettingsPanel {
	s.Lang = l
	return s
}

func (s *SettingsPanel) Render() app.UI {
	l := s.Lang
	var sides []app.UI
	for _, b := range play.SideButtons(s.Variant) {
		on := s.Mode == play.TwoPlayer
		if b.Side >= 0 {
			on = s.Mode == play.VsComputer && s.Human == b.Side
		}
		sides = append(sides, sideButton(string(b.Action), l.T(b.Label), l.T(b.Title), on))
	}
	whoPlays := app.Div().Class("segmented").Attr("role", "group").Attr("aria-label", l.T(i18n.WhoPlays)).Body(sides...)
	if s.Variant == play.VariantReversi {
		return app.Div().Class("settings").Body(
			whoPlays,
			app.Div().Class("selects").Body(levelSelector(l, s.Settings.Level), clockSelect(l, s.Clock), reportSelect(l, s.Settings.Report), langSelect(l), themeSelect(l, s.Theme)),
			soundAndIO(l, s.Settings, s.IOOpen, i18n.ImportExportTitleReversi),
		)
	}
	var notations []app.UI
	for _, n := range play.Notations {
		notations = append(notations, option(string(n.N), n.Label, n.N == s.Settings.Notation))
	}
	coords := []app.UI{
		option(play.CoordsChinese, "九…一", s.Settings.Coords != play.CoordsICCS),
		option(play.CoordsICCS, "a–i 0–9", s.Settings.Coords == play.CoordsICCS),
	}
	return app.Div().Class("settings").Body(
		whoPlays,
		app.Div().Class("selects").Body(
			levelSelector(l, s.Settings.Level),
			clockSelect(l, s.Clock),
			reportSelect(l, s.Settings.Report),
			selector("notation", l.T(i18n.NotationTitle), notations),
			selector("coords", l.T(i18n.CoordsTitle), coords),
			langSelect(l),
			themeSelect(l, s.Theme),
		),
		soundAndIO(l, s.Settings, s.IOOpen, i18n.ImportExportTitle),
	)
}

// sideButton is one choice of who plays whom, pressed when it is the current one.
func sideButton(action, label, title string, on bool) app.UI {
	return controlButton(action, label, title, true).Class("seg").Attr("aria-pressed", strconv.FormatBool(on))
}

// levelSelector is the computer's level selector, in language l.
func levelSelector(l i18n.Lang, level int) app.UI {
	var levels []app.UI
	for n := play.MinLevel; n <= play.MaxLevel; n++ {
		levels = append(levels, option(itoa(n), l.T(i18n.Level, n), n == level))
	}
	return selector("level", l.T(i18n.LevelTitle), levels)
}

// langSelect is the language selector; each language is named in itself.
func langSelect(l i18n.Lang) app.UI {
	var langs []app.UI
	for _, x := range i18n.Langs {
		langs = append(langs, option(string(x), x.Name(), x == l))
	}
	return selector("lang", l.T(i18n.LanguageTitle), langs)
}

// themeSelect is the selector of the looks.
func themeSelect(l i18n.Lang, theme string) app.UI {
	names := map[string]i18n.Key{play.ThemeWood: i18n.ThemeWood, play.ThemePlain: i18n.ThemePlain, play.ThemeContrast: i18n.ThemeContrast}
	var opts []app.UI
	for _, t := range play.PageThemes {
		opts = append(opts, option(t, l.T(names[t]), t == theme))
	}
	return selector("theme", l.T(i18n.ThemeTitle), opts)
}

// soundAndIO are the switches of the sound, the engine's line and the import/export box
// (ioTitle says what the box takes), and the button that opens the position editor.
func soundAndIO(l i18n.Lang, st play.Settings, ioOpen bool, ioTitle i18n.Key) app.UI {
	sound := l.T(i18n.SoundOn)
	if st.Muted {
		sound = l.T(i18n.SoundOff)
	}
	// One row of four: a row more would take the move list's room at 1366×650.
	return app.Div().Class("controls").Body(
		controlButton("sound", sound, l.T(i18n.SoundTitle), true).Attr("aria-pressed", strconv.FormatBool(!st.Muted)),
		controlButton("engine-panel", l.T(i18n.EngineToggle), l.T(i18n.EngineToggleTitle), true).Attr("aria-pressed", strconv.FormatBool(!st.HideEngine)),
		controlButton("io", l.T(i18n.ImportExport), l.T(ioTitle), true).Attr("aria-pressed", strconv.FormatBool(ioOpen)),
		controlButton("edit", l.T(i18n.EditPosition), l.T(i18n.EditPositionTitle), true), // editor.go
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
// reportSelect chooses how long the game report searches each position: quick or thorough.
func reportSelect(l i18n.Lang, chosen string) app.UI {
	return selector("report-depth", l.T(i18n.ReportDepthTitle), []app.UI{
		option(play.ReportQuick, l.T(i18n.ReportQuick), chosen != play.ReportThorough),
		option(play.ReportThorough, l.T(i18n.ReportThorough), chosen == play.ReportThorough),
	})
}

func selector(name, label string, options []app.UI) app.UI {
	return namedSelector(name, name, label, options)
}

// namedSelector is a selector whose data-action differs from the setting it changes.
func namedSelector(action, name, label string, options []app.UI) app.UI {
	return app.Select().Class("select").Attr("data-action", action).Title(label).Aria("label", label).
		OnChange(func(ctx app.Context, e app.Event) {
			ctx.NewActionWithValue(SettingAction, Setting{Name: name, Value: ctx.JSSrc().Get("value").String()})
		}).Body(options...)
}
