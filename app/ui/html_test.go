package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// appHTML renders a component as go-app prerenders it.
func appHTML(c app.UI) string { return app.HTMLString(c) }

// countAttr counts the elements carrying attribute name (go-app writes a "true" value as a bare
// attribute, so the value is not matched).
func countAttr(html, name string) int {
	n := 0
	for i := 0; ; {
		j := strings.Index(html[i:], " "+name)
		if j < 0 {
			return n
		}
		i += j + 1 + len(name)
		if i < len(html) && strings.ContainsRune("= >", rune(html[i])) {
			n++
		}
	}
}
