package site

import (
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
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
		if ct, ok := contentTypes[path.Ext(rest)]; ok {
			w.Header().Set("Content-Type", ct)
		}
		// Revalidate every time: offline play is the service worker's job, not the HTTP cache's.
		w.Header().Set("Cache-Control", "no-cache")
		// A page of the app ("/embed") is written as embed.html, which static hosts serve
		// for the path without its extension.
		if path.Ext(rest) == "" && !strings.HasSuffix(rest, "/") {
			if st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(path.Clean(rest))+".html")); err == nil && !st.IsDir() {
				rest += ".html"
			}
		}
		if servePrecompressed(w, r, dir, rest) {
			return
		}
		r2 := *r
		u := *r.URL
		u.Path = rest
		r2.URL = &u
		files.ServeHTTP(w, &r2)
	})
}

// contentTypes are the types of the site's files that Go's mime table may not know.
var contentTypes = map[string]string{
	".webmanifest": "application/manifest+json",
	".tsv":         "text/tab-separated-values; charset=utf-8", // the puzzle collections
}

// servePrecompressed serves the brotli or gzip twin of the file at name (Precompress) when
// the browser accepts that encoding and the twin exists, as a static host with precompressed
// files does; it reports whether it did.
func servePrecompressed(w http.ResponseWriter, r *http.Request, dir, name string) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	if strings.HasSuffix(name, "/") {
		name += "index.html"
	}
	name = path.Clean(name)
	accept := r.Header.Get("Accept-Encoding")
	for _, e := range Encodings {
		if !acceptsEncoding(accept, e.Name) {
			continue
		}
		f, err := os.Open(filepath.Join(dir, filepath.FromSlash(name)+e.Ext))
		if err != nil {
			continue
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil || st.IsDir() {
			return false
		}
		h := w.Header()
		if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
			h.Set("Content-Type", ct)
		}
		if ct, ok := contentTypes[path.Ext(name)]; ok {
			h.Set("Content-Type", ct)
		}
		h.Set("Content-Encoding", e.Name)
		h.Add("Vary", "Accept-Encoding")
		http.ServeContent(w, r, name, st.ModTime(), f)
		return true
	}
	w.Header().Add("Vary", "Accept-Encoding")
	return false
}

// acceptsEncoding reports whether an Accept-Encoding header allows enc (q=0 refuses it).
func acceptsEncoding(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(name) != enc {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
