package site

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The copy of go-app for the browser: the real module's files take every edit and keep no
// net/http import; a go-app whose files changed is refused with what is missing.
func TestBrowserGoApp(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/maxence-charriere/go-app/v10").Output()
	if err != nil {
		t.Skipf("go list cannot find go-app: %v", err)
	}
	dst := t.TempDir()
	if err := BrowserGoApp(strings.TrimSpace(string(out)), dst); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dst, "pkg/app/http.go")); err == nil {
		t.Error("http.go copied")
	}
	for _, f := range []string{"go.mod", "LICENSE", "pkg/app/resource.go", "pkg/app/app.go", "pkg/errors/errors.go"} {
		if _, err := os.Stat(filepath.Join(dst, f)); err != nil {
			t.Errorf("%s not copied: %v", f, err)
		}
	}
	tests, _ := filepath.Glob(filepath.Join(dst, "pkg/app/*_test.go"))
	if len(tests) > 0 {
		t.Errorf("tests copied: %v", tests)
	}

	broken := map[string]string{"pkg/app/http.go": "package app", "pkg/app/resource.go": "package app\n", "pkg/app/wasm.go": "h *Handler,"}
	if err := browserEdits(broken); err == nil || !strings.Contains(err.Error(), "go-app changed") {
		t.Errorf("a changed resource.go: %v, want go-app changed", err)
	}
	if err := browserEdits(map[string]string{}); err == nil || !strings.Contains(err.Error(), "http.go") {
		t.Errorf("no http.go: %v", err)
	}
}
