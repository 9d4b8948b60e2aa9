package site

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The app's wasm is built against a copy of go-app without its server side (BrowserGoApp):
// go-app's Handler (http.go) and LocalDir (resource.go) import net/http, which brings
// crypto/tls and with it ~0.8 MB of package init code (FIPS self-tests) that the browser never
// runs. Without them app.wasm was 7.6 MB raw and 1.99 MB gzip, against 9.2 MB and 2.44 MB
// (go-app v10.1.11, Go 1.26). The generator and the tests use go-app as it is.

// goAppDirs are the module's folders the app's wasm compiles.
var goAppDirs = []string{"pkg/app", "pkg/errors", "pkg/logs"}

// goAppEdits are the changes to go-app's files for the browser: each must apply exactly once,
// so that a go-app whose files changed stops the build rather than building something else.
var goAppEdits = []struct{ file, old, new string }{
	{"pkg/app/resource.go", "\t\"net/http\"\n", ""},
	{"pkg/app/resource.go", "\t\tHandler:   http.FileServer(http.Dir(directory)),\n", ""},
	{"pkg/app/resource.go", "\thttp.Handler\n", ""},
	{"pkg/app/wasm.go", "h *Handler,", "h any,"}, // the stub GenerateStaticWebsite: no Handler in the browser
}

// goAppDropped are the files left out: the server side.
var goAppDropped = map[string]bool{"pkg/app/http.go": true}

// BrowserGoApp writes into dst the copy of go-app (the module's folder src) that the app's
// js/wasm build uses in its place (build.sh): go.mod, LICENSE and the Go files of goAppDirs
// but the tests, without the server side.
func BrowserGoApp(src, dst string) error {
	files := map[string]string{}
	for _, name := range []string{"go.mod", "LICENSE"} {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			return fmt.Errorf("go-app: %w", err)
		}
		files[name] = string(b)
	}
	for _, dir := range goAppDirs {
		names, err := filepath.Glob(filepath.Join(src, filepath.FromSlash(dir), "*.go"))
		if err != nil {
			return err
		}
		if len(names) == 0 {
			return fmt.Errorf("go-app: no Go files in %s", filepath.Join(src, dir))
		}
		for _, n := range names {
			if strings.HasSuffix(n, "_test.go") {
				continue
			}
			b, err := os.ReadFile(n)
			if err != nil {
				return err
			}
			files[dir+"/"+filepath.Base(n)] = string(b)
		}
	}
	if err := browserEdits(files); err != nil {
		return err
	}
	for name, text := range files {
		p := filepath.Join(dst, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// browserEdits applies goAppEdits and goAppDropped to go-app's files (path: text), and checks
// that no file left that a js/wasm build compiles imports net/http.
func browserEdits(files map[string]string) error {
	for name := range goAppDropped {
		if _, ok := files[name]; !ok {
			return fmt.Errorf("go-app changed: %s, to leave out, is not there", name)
		}
		delete(files, name)
	}
	for _, e := range goAppEdits {
		text, ok := files[e.file]
		if !ok {
			return fmt.Errorf("go-app changed: %s is not there", e.file)
		}
		if n := strings.Count(text, e.old); n != 1 {
			return fmt.Errorf("go-app changed: %q found %d times in %s, want once", e.old, n, e.file)
		}
		files[e.file] = strings.Replace(text, e.old, e.new, 1)
	}
	for name, text := range files {
		if strings.HasSuffix(name, ".go") && !strings.HasPrefix(text, "//go:build !wasm") && strings.Contains(text, "\"net/http\"") {
			return fmt.Errorf("go-app's %s still imports net/http", name)
		}
	}
	return nil
}
