package site

import (
	"net/http"
	"strings"
)

// FileServer serves a static build from dir under base, the way a static host would: base
// without its trailing slash redirects to base, anything outside base is not found.
func FileServer(dir string, base Base) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if base.prefix != "" && r.URL.Path == base.prefix {
			http.Redirect(w, r, base.Path(), http.StatusMovedPermanently)
			return
		}
		rest, ok := strings.CutPrefix(r.URL.Path, base.prefix)
		if !ok || !strings.HasPrefix(rest, "/") {
			http.NotFound(w, r)
			return
		}
		if strings.HasSuffix(rest, ".webmanifest") {
			w.Header().Set("Content-Type", "application/manifest+json")
		}
		// Revalidate every time: offline play is the service worker's job, not the HTTP cache's.
		w.Header().Set("Cache-Control", "no-cache")
		r2 := *r
		u := *r.URL
		u.Path = rest
		r2.URL = &u
		files.ServeHTTP(w, &r2)
	})
}
