// Package docs holds the tests that keep the documentation true: docs/layout.md names every
// directory of Go files, and the Markdown files' relative links lead somewhere.
package docs

import (
	"bufio"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// root is the repository's top, seen from docs/ (go test runs in the package's directory).
const root = ".."

// skipped reports whether the walk leaves out the directory rel (slash-separated, from root):
// what the go tool ignores (hidden or _ names, testdata), npm's packages, and the build
// outputs at the top that git ignores.
func skipped(rel, name string) bool {
	if rel == "." {
		return false
	}
	if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
		return true
	}
	switch name {
	case "testdata", "node_modules":
		return true
	}
	switch rel {
	case "static", "bin", "tmp":
		return true
	}
	return false
}

// goDirs returns the directories under root holding .go files (tests alone count too).
func goDirs(t *testing.T) map[string]bool {
	t.Helper()
	dirs := map[string]bool{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if skipped(rel, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && strings.HasSuffix(d.Name(), ".go") {
			dirs[path.Dir(rel)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

var backquoted = regexp.MustCompile("^`([^`]+)`$")

// layoutRows returns the paths in the first column of the table under "## Go packages" in
// docs/layout.md, with the line each is on.
func layoutRows(t *testing.T) map[string]int {
	t.Helper()
	f, err := os.Open("layout.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[string]int{}
	in := false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "## ") {
			in = line == "## Go packages"
			continue
		}
		if !in || !strings.HasPrefix(line, "|") {
			continue
		}
		cell := strings.TrimSpace(strings.SplitN(line[1:], "|", 2)[0])
		m := backquoted.FindStringSubmatch(cell)
		if m == nil {
			continue // the header and the separator
		}
		p := strings.TrimSuffix(m[1], "/")
		if first, ok := rows[p]; ok {
			t.Errorf("docs/layout.md:%d: %s is named twice (first on line %d)", n, p, first)
		}
		rows[p] = n
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatal(`docs/layout.md: no table of packages under "## Go packages"`)
	}
	return rows
}

// TestLayoutNamesEveryPackage keeps docs/layout.md's table to the directories of Go files
// there are: each one named, none that is gone.
func TestLayoutNamesEveryPackage(t *testing.T) {
	dirs := goDirs(t)
	rows := layoutRows(t)
	var missing []string
	for d := range dirs {
		if _, ok := rows[d]; !ok {
			missing = append(missing, d)
		}
	}
	sort.Strings(missing)
	for _, d := range missing {
		t.Errorf("docs/layout.md: the Go package directory %s is missing from the table (add a row: | `%s` | its one job |)", d, d)
	}
	for p, n := range rows {
		if !dirs[p] {
			t.Errorf("docs/layout.md:%d: the table names %s, which is not a directory of Go files (remove or rename its row)", n, p)
		}
	}
}

var (
	fence     = regexp.MustCompile("^\\s*(```|~~~)")
	codeSpan  = regexp.MustCompile("`+[^`]*`+")
	inline    = regexp.MustCompile(`\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	reference = regexp.MustCompile(`^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)`)
	heading   = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*\s*$`)
	scheme    = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// markdownFiles are the files whose links are checked, relative to root.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md", "CONTRIBUTING.md"}
	docs, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		files = append(files, "docs/"+d)
	}
	return files
}

// link is a relative link found in a Markdown file.
type link struct {
	line   int
	target string
}

// scan returns a Markdown file's relative links (outside code) and its headings' anchors.
func scan(text string) (links []link, anchors map[string]bool) {
	anchors = map[string]bool{}
	seen := map[string]int{}
	inCode := false
	for i, line := range strings.Split(text, "\n") {
		if fence.MatchString(line) {
			inCode = !inCode
			continue
		}
		if inCode {
			continue
		}
		if m := heading.FindStringSubmatch(line); m != nil {
			a := slug(m[1])
			if k := seen[a]; k > 0 {
				anchors[a+"-"+strconv.Itoa(k)] = true
			} else {
				anchors[a] = true
			}
			seen[a]++
		}
		plain := codeSpan.ReplaceAllString(line, "")
		var targets []string
		for _, m := range inline.FindAllStringSubmatch(plain, -1) {
			targets = append(targets, m[1])
		}
		if m := reference.FindStringSubmatch(plain); m != nil {
			targets = append(targets, m[1])
		}
		for _, tg := range targets {
			if scheme.MatchString(tg) || strings.HasPrefix(tg, "//") {
				continue // an address elsewhere
			}
			links = append(links, link{i + 1, tg})
		}
	}
	return links, anchors
}

// slug is GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
func slug(h string) string {
	h = codeSpan.ReplaceAllStringFunc(h, func(s string) string { return strings.Trim(s, "`") })
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.Mn, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestMarkdownLinks checks that every relative link of README.md, CONTRIBUTING.md and
// docs/*.md leads to a file of the repository, and a #fragment into a Markdown file to one
// of its headings.
func TestMarkdownLinks(t *testing.T) {
	anchorsOf := map[string]map[string]bool{}
	read := func(file string) (string, bool) {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
		return string(b), err == nil
	}
	for _, file := range markdownFiles(t) {
		text, ok := read(file)
		if !ok {
			t.Errorf("%s is missing", file)
			continue
		}
		links, anchors := scan(text)
		anchorsOf[file] = anchors
		for _, l := range links {
			target, frag, _ := strings.Cut(l.target, "#")
			dest := file
			if target != "" {
				dest = path.Clean(path.Join(path.Dir(file), target))
				if dest == ".." || strings.HasPrefix(dest, "../") {
					t.Errorf("%s:%d: the link %s leaves the repository", file, l.line, l.target)
					continue
				}
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(dest))); err != nil {
					t.Errorf("%s:%d: the link %s leads to %s, which does not exist", file, l.line, l.target, dest)
					continue
				}
			}
			if frag == "" || !strings.HasSuffix(dest, ".md") {
				continue
			}
			a, ok := anchorsOf[dest]
			if !ok {
				destText, _ := read(dest)
				_, a = scan(destText)
				anchorsOf[dest] = a
			}
			if !a[frag] {
				t.Errorf("%s:%d: the link %s names no heading of %s", file, l.line, l.target, dest)
			}
		}
	}
}
