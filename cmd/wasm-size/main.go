// Command wasm-size tells what makes a Go WebAssembly binary big: the code bytes of each
// package's functions (from the binary's name section, so build without -ldflags=-s), and
// the data and other sections.
//
//	GOOS=js GOARCH=wasm go build -trimpath -o /tmp/app.wasm ./cmd/qipan-site
//	go run ./cmd/wasm-size [-n 30] /tmp/app.wasm
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
)

func main() {
	n := flag.Int("n", 30, "how many packages to list")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasm-size [-n 30] file.wasm")
		os.Exit(2)
	}
	data, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasm-size:", err)
		os.Exit(1)
	}
	m, err := parse(data)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasm-size:", err)
		os.Exit(1)
	}
	byPkg := map[string]int{}
	named := 0
	for i, size := range m.bodies {
		name, ok := m.names[m.imports+i]
		if ok {
			named++
		}
		byPkg[pkgOf(name)] += size
	}
	if named == 0 {
		fmt.Fprintln(os.Stderr, "wasm-size: no function names (built with -ldflags=-s?)")
	}
	fmt.Printf("%-12s %10s\n", "section", "bytes")
	for _, s := range m.sections {
		fmt.Printf("%-12s %10d\n", s.name, s.size)
	}
	fmt.Printf("%-12s %10d\n\n", "total", len(data))
	pkgs := make([]string, 0, len(byPkg))
	for p := range byPkg {
		pkgs = append(pkgs, p)
	}
	sort.Slice(pkgs, func(a, b int) bool { return byPkg[pkgs[a]] > byPkg[pkgs[b]] })
	fmt.Printf("%-60s %10s\n", "package (code)", "bytes")
	for i, p := range pkgs {
		if i == *n {
			break
		}
		fmt.Printf("%-60s %10d\n", p, byPkg[p])
	}
}

// pkgOf returns the package of a symbol as the Go wasm linker names it: the path's slashes
// and dashes become underscores ("github.com_maxence_charriere_go_app_v10_pkg_app.F",
// "net_http.__Client_.Do"), so the package ends at the first dot that is not a domain's
// ("github.com_").
func pkgOf(sym string) string {
	if sym == "" {
		return "(unnamed)"
	}
	from := 0
	for {
		dot := strings.Index(sym[from:], ".")
		if dot < 0 {
			return sym
		}
		dot += from
		rest := sym[dot+1:]
		under := strings.Index(rest, "_")
		if under > 0 && under <= 4 && !strings.ContainsAny(rest[:under], ".()*[]") {
			from = dot + 1 + under // "com_", "org_", "in_": part of a module path
			continue
		}
		return sym[:dot]
	}
}

type section struct {
	name string
	size int
}

type module struct {
	sections []section
	imports  int            // imported functions come first in the function index space
	bodies   []int          // code size of each defined function
	names    map[int]string // function index → name
}

var sectionNames = []string{"custom", "type", "import", "function", "table", "memory", "global",
	"export", "start", "element", "code", "data", "datacount"}

func parse(b []byte) (*module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, fmt.Errorf("not a WebAssembly binary")
	}
	m := &module{names: map[int]string{}}
	r := reader{b: b, i: 8}
	for r.i < len(b) {
		id := r.byte()
		size := int(r.uleb())
		end := r.i + size
		if r.err != nil || end > len(b) {
			return nil, fmt.Errorf("bad section at byte %d", r.i)
		}
		name := "unknown"
		if int(id) < len(sectionNames) {
			name = sectionNames[id]
		}
		body := reader{b: b[:end], i: r.i}
		switch id {
		case 0:
			cname := body.str()
			name = "custom:" + cname
			if cname == "name" {
				readNames(&body, m.names)
			}
		case 2:
			for k := body.uleb(); k > 0 && body.err == nil; k-- {
				body.str()
				body.str()
				switch kind := body.byte(); kind {
				case 0:
					m.imports++
					body.uleb()
				case 1:
					body.byte()
					limits(&body)
				case 2:
					limits(&body)
				case 3:
					body.byte()
					body.byte()
				}
			}
		case 10:
			for k := body.uleb(); k > 0 && body.err == nil; k-- {
				s := int(body.uleb())
				m.bodies = append(m.bodies, s)
				body.i += s
			}
		}
		if body.err != nil {
			return nil, fmt.Errorf("section %s: %v", name, body.err)
		}
		m.sections = append(m.sections, section{name, size})
		r.i = end
	}
	return m, nil
}

func limits(r *reader) {
	if r.byte()&1 != 0 {
		r.uleb()
	}
	r.uleb()
}

// readNames reads the function names subsection (id 1) of a name section.
func readNames(r *reader, names map[int]string) {
	for r.i < len(r.b) && r.err == nil {
		id := r.byte()
		size := int(r.uleb())
		end := r.i + size
		if id == 1 {
			for k := r.uleb(); k > 0 && r.err == nil; k-- {
				idx := int(r.uleb())
				names[idx] = r.str()
			}
		}
		r.i = end
	}
}

type reader struct {
	b   []byte
	i   int
	err error
}

func (r *reader) byte() byte {
	if r.i >= len(r.b) {
		r.err = fmt.Errorf("unexpected end at byte %d", r.i)
		return 0
	}
	c := r.b[r.i]
	r.i++
	return c
}

func (r *reader) uleb() uint64 {
	var v uint64
	for shift := 0; shift < 64; shift += 7 {
		c := r.byte()
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 || r.err != nil {
			return v
		}
	}
	r.err = fmt.Errorf("bad number at byte %d", r.i)
	return v
}

func (r *reader) str() string {
	n := int(r.uleb())
	if r.err != nil || r.i+n > len(r.b) {
		r.err = fmt.Errorf("bad string at byte %d", r.i)
		return ""
	}
	s := string(r.b[r.i : r.i+n])
	r.i += n
	return s
}
