package site

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

func TestPrecompress(t *testing.T) {
	dir := t.TempDir()
	big := strings.Repeat("qipan 棋盘 ", 400)
	files := map[string]string{
		"web/app.wasm":  big,
		"index.html":    big,
		"embed.html":    big,
		"web/icon.png":  big, // images are compressed already
		"web/small.css": "a{}",
	}
	for name, body := range files {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755)
		os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644)
	}
	os.WriteFile(filepath.Join(dir, "web/small.css.gz"), []byte("stale"), 0o644)
	if err := Precompress(dir); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{"web/app.wasm": true, "index.html": true, "embed.html": true, "web/icon.png": false, "web/small.css": false} {
		for _, e := range Encodings {
			data, err := os.ReadFile(filepath.Join(dir, name+e.Ext))
			if !want {
				if err == nil {
					t.Errorf("%s%s written", name, e.Ext)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s%s: %v", name, e.Ext, err)
			}
			if got := decode(t, e.Name, data); got != files[name] {
				t.Errorf("%s%s decodes to %d bytes, want the file's %d", name, e.Ext, len(got), len(files[name]))
			}
			if len(data) >= len(files[name])/4 {
				t.Errorf("%s%s is %d bytes for %d", name, e.Ext, len(data), len(files[name]))
			}
		}
	}
	// Running it again over the twins writes no twins of twins.
	if err := Precompress(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "index.html.gz.br")); err == nil {
		t.Error("a twin was compressed again")
	}
}

func decode(t *testing.T, enc string, data []byte) string {
	t.Helper()
	var r io.Reader
	switch enc {
	case "br":
		r = brotli.NewReader(bytes.NewReader(data))
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	default:
		r = bytes.NewReader(data)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decoding %s: %v", enc, err)
	}
	return string(b)
}

func TestFileServerPrecompressed(t *testing.T) {
	dir := t.TempDir()
	body := strings.Repeat("<p>board</p>", 200)
	os.MkdirAll(filepath.Join(dir, "web"), 0o755)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte(body), 0o644)
	os.WriteFile(filepath.Join(dir, "embed.html"), []byte(body), 0o644)
	os.WriteFile(filepath.Join(dir, "web", "app.wasm"), []byte(body), 0o644)
	os.WriteFile(filepath.Join(dir, "manifest.webmanifest"), []byte(body), 0o644)
	os.MkdirAll(filepath.Join(dir, "web", "puzzles"), 0o755)
	os.WriteFile(filepath.Join(dir, "web", "puzzles", "x.tsv"), []byte(body), 0o644)
	if err := Precompress(dir); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		base, path, accept string
		enc, ct            string
	}{
		{"/", "/web/app.wasm", "gzip, deflate, br, zstd", "br", "application/wasm"},
		{"/", "/web/app.wasm", "gzip, deflate", "gzip", "application/wasm"},
		{"/", "/web/app.wasm", "br;q=0, gzip", "gzip", "application/wasm"},
		{"/", "/web/app.wasm", "", "", "application/wasm"},
		{"/", "/", "br", "br", "text/html"},
		{"/", "/embed", "br", "br", "text/html"},
		{"/", "/embed", "", "", "text/html"},
		{"/", "/manifest.webmanifest", "gzip", "gzip", "application/manifest+json"},
		{"/qipan/", "/qipan/", "gzip", "gzip", "text/html"},
		{"/qipan/", "/qipan/embed", "br", "br", "text/html"},
		{"/qipan/", "/qipan/web/app.wasm", "br", "br", "application/wasm"},
		{"/", "/web/puzzles/x.tsv", "br", "br", "text/tab-separated-values; charset=utf-8"},
		{"/", "/web/puzzles/x.tsv", "", "", "text/tab-separated-values; charset=utf-8"},
	}
	for _, tt := range tests {
		b, _ := ParseBase(tt.base)
		req := httptest.NewRequest(http.MethodGet, tt.path, nil)
		if tt.accept != "" {
			req.Header.Set("Accept-Encoding", tt.accept)
		}
		rec := httptest.NewRecorder()
		FileServer(dir, b).ServeHTTP(rec, req)
		got := rec.Header().Get("Content-Encoding")
		if rec.Code != 200 || got != tt.enc || !strings.HasPrefix(rec.Header().Get("Content-Type"), tt.ct) {
			t.Errorf("%s GET %s (Accept-Encoding %q): %d, encoding %q, type %q; want 200 %q %q",
				tt.base, tt.path, tt.accept, rec.Code, got, rec.Header().Get("Content-Type"), tt.enc, tt.ct)
			continue
		}
		if s := decode(t, got, rec.Body.Bytes()); s != body {
			t.Errorf("%s GET %s (%q): body decodes to %d bytes, want %d", tt.base, tt.path, tt.accept, len(s), len(body))
		}
		if !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
			t.Errorf("%s GET %s: no Vary: Accept-Encoding", tt.base, tt.path)
		}
	}
}
