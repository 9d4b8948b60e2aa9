package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// InstallButton offers to install the app when the browser offers installation (go-app keeps
// the browser's prompt for it: ctx.IsAppInstallable, ShowAppInstallPrompt), and is hidden
// otherwise. Safari has no prompt: there the button says how to add the app by hand.
type InstallButton struct {
	app.Compo
	installable bool
	howTo       string
}

func newInstallButton() *InstallButton { return &InstallButton{} }

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
			Title("Install qipan as an app: it opens in its own window and works offline").Text("Install").
			OnClick(b.onClick),
		app.If(b.howTo != "", func() app.UI { return app.P().Class("install-how").Text(b.howTo) }),
	)
}

func (b *InstallButton) onClick(ctx app.Context, e app.Event) {
	if appleBrowser() {
		b.howTo = "In Safari: Share, then Add to Home Screen (or File, Add to Dock)."
		return
	}
	ctx.ShowAppInstallPrompt()
}
