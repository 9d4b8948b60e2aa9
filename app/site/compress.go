package site

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
)

// Encodings are the precompressed twins a build holds beside a file (app.wasm.br,
// app.wasm.gz), best first: what FileServer serves to a browser that accepts them, and what a
// static host configured for precompressed files (nginx gzip_static, brotli_static) serves.
var Encodings = []struct{ Name, Ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// compressible are the kinds of files worth compressing; images are compressed already.
var compressible = map[string]bool{
	".wasm": true, ".js": true, ".css": true, ".html": true, ".webmanifest": true, ".svg": true, ".json": true,
	".tsv": true, // the puzzle collections (web/puzzles/)
}

// minCompress is the size below which compression saves less than a round trip's worth.
const minCompress = 1024

// Precompress writes the brotli and gzip twins of every compressible file under dir (and
// removes stale ones), so a host serves each file in a few bytes' fraction of its size.
func Precompress(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		for _, e := range Encodings {
			if strings.HasSuffix(p, e.Ext) {
				return nil // a twin: written with its file
			}
		}
		if !compressible[filepath.Ext(p)] {
			return nil
		}
		if fresh(p) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if len(data) < minCompress {
			for _, e := range Encodings {
				os.Remove(p + e.Ext)
			}
			return nil
		}
		br, gz, err := compress(data)
		if err != nil {
			return fmt.Errorf("compressing %s: %w", p, err)
		}
		if err := os.WriteFile(p+".br", br, 0o644); err != nil {
			return err
		}
		return os.WriteFile(p+".gz", gz, 0o644)
	})
}

// fresh reports whether the twins of the file at p exist and are no older than it (a copy of
// a compressed build, made keeping the times, needs no second compression).
func fresh(p string) bool {
	st, err := os.Stat(p)
	if err != nil {
		return false
	}
	for _, e := range Encodings {
		tw, err := os.Stat(p + e.Ext)
		if err != nil || tw.ModTime().Before(st.ModTime()) {
			return false
		}
	}
	return true
}

// compress returns data with brotli at quality 10 (11 takes minutes on app.wasm for 1 % more)
// and with gzip at its best level. The two run side by side: brotli takes most of the time.
func compress(data []byte) (br, gz []byte, err error) {
	var b bytes.Buffer
	brDone := make(chan error, 1)
	go func() {
		bw := brotli.NewWriterLevel(&b, 10)
		_, err := bw.Write(data)
		if cerr := bw.Close(); err == nil {
			err = cerr
		}
		brDone <- err
	}()
	var g bytes.Buffer
	gw, _ := gzip.NewWriterLevel(&g, gzip.BestCompression) // a valid level: no error
	_, err = gw.Write(data)
	if cerr := gw.Close(); err == nil {
		err = cerr
	}
	if brErr := <-brDone; err == nil {
		err = brErr
	}
	if err != nil {
		return nil, nil, err
	}
	return b.Bytes(), g.Bytes(), nil
}
