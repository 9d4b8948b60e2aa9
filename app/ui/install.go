package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
)

// InstallButton offers to install the app when the browser offers installation (go-app keeps
// the browser's prompt for it: ctx.IsAppInstallable, ShowAppInstallPrompt), and is hidden
// otherwise. Safari has no prompt: there the button says how to add the app by hand.
type InstallButton struct {
	app.Compo
	installable bool
	howTo       string
	Lang        i18n.Lang
}

func newInstallButton() *InstallButton { return &InstallButton{} }

// In sets the language of the button's words.
func (b *InstallButton) In(l i18n.Lang) *InstallButton {
	b.Lang = l
	return b
}

func (b *InstallButton) OnMount(ctx app.Context) { b.installable = ctx.IsAppInstallable() }

// OnAppInstallChange is called by go-app when the browser offers installation, or the app
// has been installed.
func (b *InstallButton) OnAppInstallChange(ctx app.Context) {
	b.installable = ctx.IsAppInstallable()
	if !b.installable {
		b.howTo = ""
	}
}

func (b *InstallButton) Render() app.UI {
	if !b.installable {
		return app.Span().Class("install")
	}
	return app.Span().Class("install").Body(
		app.Button().Class("control").Attr("data-action", "install").
			Title(b.Lang.T(i18n.InstallTitle)).Text(b.Lang.T(i18n.Install)).
			OnClick(b.onClick),
		app.If(b.howTo != "", func() app.UI { return app.P().Class("install-how").Text(b.howTo) }),
	)
}

func (b *InstallButton) onClick(ctx app.Context, e app.Event) {
	if appleBrowser() {
		b.howTo = b.Lang.T(i18n.InstallSafari)
		return
	}
	ctx.ShowAppInstallPrompt()
}
