//go:build !wasm

package main

import (
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"

	"qipan/app/site"
)

func cli() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "generate":
		err = generate(os.Args[2:])
	case "serve":
		err = serve(os.Args[2:])
	case "compress":
		err = compress(os.Args[2:])
	case "goapp":
		err = goapp(os.Args[2:])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "qipan-site:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: qipan-site generate [-out static] [-base /] [-version v]\n       qipan-site compress [-dir static]\n       qipan-site goapp -src DIR -out DIR\n       qipan-site serve [-dir static] [-addr localhost:8080] [-base /]")
	os.Exit(2)
}

// goapp writes the copy of go-app the app's wasm is built against (site.BrowserGoApp).
func goapp(args []string) error {
	fl := flag.NewFlagSet("goapp", flag.ExitOnError)
	src := fl.String("src", "", "go-app's module folder (go list -m -f '{{.Dir}}' github.com/maxence-charriere/go-app/v10)")
	out := fl.String("out", "", "the folder to write the copy to")
	fl.Parse(args)
	if *src == "" || *out == "" {
		return errors.New("goapp: -src and -out are needed")
	}
	return site.BrowserGoApp(*src, *out)
}

// generate writes index.html, app.js, app-worker.js, the manifest and go-app's files around
// the already built out/web (app.wasm, the engine, icons, styles).
func generate(args []string) error {
	fl := flag.NewFlagSet("generate", flag.ExitOnError)
	out := fl.String("out", "static", "the site folder; its web/ must hold app.wasm already")
	baseFlag := fl.String("base", "/", "the path the site is served under, e.g. /qipan/")
	version := fl.String("version", "dev", "the version (git hash); a hash of web/ is appended")
	siteURL := fl.String("site-url", "", "the address the site is served at (https://example.org/qipan/, its path the base's), for link previews' og:url and og:image; none: they are left out")
	fl.Parse(args)
	base, err := site.ParseBase(*baseFlag)
	if err != nil {
		return err
	}
	var host string
	if *siteURL != "" {
		if host, err = site.ParseSiteURL(*siteURL, base); err != nil {
			return err
		}
	}
	webDir := filepath.Join(*out, "web")
	wasm, err := os.Stat(filepath.Join(webDir, "app.wasm"))
	if err != nil {
		return fmt.Errorf("build web/app.wasm first: %w", err)
	}
	engine, err := engineFiles(*out)
	if err != nil {
		return err
	}
	sum, err := hashDir(webDir)
	if err != nil {
		return err
	}
	h, err := site.Generate(*out, site.Config{
		Base:     base,
		Version:  *version + "-" + sum,
		WasmSize: wasm.Size(),
		Engine:   engine,
		Host:     host,
	})
	if err != nil {
		return err
	}
	fmt.Printf("generated %s for %s (version %s, engine %v)\n", *out, base.Path(), h.Version, engine)
	return nil
}

// compress writes the brotli and gzip twins of the site's files (site.Precompress).
func compress(args []string) error {
	fl := flag.NewFlagSet("compress", flag.ExitOnError)
	dir := fl.String("dir", "static", "the site folder")
	fl.Parse(args)
	return site.Precompress(*dir)
}

// engineFiles reports whether the engine Worker is in the build: both of its files or neither.
func engineFiles(out string) (bool, error) {
	_, errJS := os.Stat(filepath.Join(out, site.EngineWorkerJS))
	_, errWasm := os.Stat(filepath.Join(out, site.EngineWasm))
	switch {
	case errJS == nil && errWasm == nil:
		return true, nil
	case errJS != nil && errWasm != nil:
		return false, nil
	}
	return false, errors.New("the build has only one of web/engine-worker.js and web/engine.wasm")
}

// hashDir returns a short hash of every file under dir, so each build has its own version.
func hashDir(dir string) (string, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		return "", err
	}
	sort.Strings(paths)
	h := sha256.New()
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return "", err
		}
		io.WriteString(h, filepath.ToSlash(p)+"\x00")
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil))[:8], nil
}

func serve(args []string) error {
	fl := flag.NewFlagSet("serve", flag.ExitOnError)
	dir := fl.String("dir", "static", "the site folder")
	addr := fl.String("addr", "localhost:8080", "the address to listen on")
	baseFlag := fl.String("base", "/", "the path the site is served under, e.g. /qipan/")
	fl.Parse(args)
	base, err := site.ParseBase(*baseFlag)
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(*dir, "index.html")); err != nil {
		return fmt.Errorf("no site in %s (run ./build.sh static): %w", *dir, err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Printf("qipan: serving %s at http://%s%s (Ctrl-C stops)\n", *dir, ln.Addr(), base.Path())
	return http.Serve(ln, site.FileServer(*dir, base))
}
