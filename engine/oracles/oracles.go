// Package oracles finds and installs, for tests, the independent oracles that live beside the
// repository in ../shared/oracles (Fairy-Stockfish's rules through ffish, and Fairy-Stockfish
// itself as a UCI engine). CI checks the repository out beside shared/, so a missing oracle
// fails a test under CI=true and only skips it elsewhere.
package oracles

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Setup returns the oracles' folder (oracle.js, fsuci.js) and the environment entry
// ("QIPAN_ORACLES=…") that points them at the packages setup.sh installed. It needs node and
// runs setup.sh, which is idempotent.
func Setup(t testing.TB) (dir, env string) {
	t.Helper()
	missing := func(format string, args ...any) {
		t.Helper()
		msg := fmt.Sprintf(format, args...)
		if os.Getenv("CI") == "true" {
			t.Fatalf("oracle unavailable (required under CI=true): %s", msg)
		}
		t.Skipf("oracle unavailable: %s", msg)
	}
	root, err := RepoRoot()
	if err != nil {
		missing("%v", err)
	}
	dir = filepath.Join(root, "..", "shared", "oracles")
	if _, err := os.Stat(filepath.Join(dir, "setup.sh")); err != nil {
		missing("%v", err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		missing("node not found: %v", err)
	}
	setup := exec.Command("bash", filepath.Join(dir, "setup.sh"))
	setup.Stderr = os.Stderr
	out, err := setup.Output()
	if err != nil {
		missing("%s: %v", setup, err)
	}
	return dir, "QIPAN_ORACLES=" + strings.TrimSpace(string(out))
}

// RepoRoot is the nearest folder above the working directory (a test's package folder) that
// holds go.mod: ../shared is beside it.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above %s", dir)
		}
		dir = parent
	}
}
