package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// queryParam returns the value of name in the page's URL query ("" without one).
func queryParam(name string) string {
	u := app.Window().URL()
	if u == nil {
		return ""
	}
	return u.Query().Get(name)
}
