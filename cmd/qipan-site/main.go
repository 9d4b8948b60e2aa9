// Command qipan-site is the qipan web app. Built for js/wasm it is the app itself
// (static/web/app.wasm); built natively it generates the static site around it and serves it:
//
//	qipan-site generate [-out static] [-base /] [-version v]
//	qipan-site serve [-dir static] [-addr localhost:8080] [-base /]
package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/ui"
)

func main() {
	app.Route("/", func() app.Composer { return ui.NewPage() })
	app.Route("/embed", func() app.Composer { return ui.NewEmbed() })
	app.RunWhenOnBrowser() // in a browser this runs the app and never returns
	cli()
}
