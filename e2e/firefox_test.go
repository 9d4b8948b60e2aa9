package e2e

import (
	"context"
	"testing"
	"time"

	"qipan/e2e/internal/bidi"
)

// TestFirefox runs the checks of acrossEngines in Firefox (firefox-esr, or QIPAN_FIREFOX),
// headless, driven over WebDriver BiDi, on a fresh profile whose reader asks for Simplified
// Chinese.
func TestFirefox(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	inFirefox(t, func(b *tab) {
		acrossEngines(t, b, dir)
		t.Run("BareFrames", func(t *testing.T) { bareFramesIn(&tab{t: t, r: b.r, engine: b.engine}, dir) })
	})
}

// inFirefox starts Firefox as TestFirefox describes and runs run in its tab, then closes it.
func inFirefox(t *testing.T, run func(*tab)) {
	bin := browserPath(t, "QIPAN_FIREFOX", "firefox-esr", "firefox")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	ff, err := bidi.Launch(ctx, bidi.Options{
		Binary: bin, Profile: t.TempDir(), Width: 1280, Height: 900,
		Prefs: map[string]any{"intl.accept_languages": "zh-CN, zh"},
	})
	if err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	defer ff.Close()
	t.Logf("Firefox %s", ff.Version)
	run(&tab{t: t, r: ff, engine: "firefox"})
}
