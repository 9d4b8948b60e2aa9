package e2e

import (
	"context"
	"encoding/json"
	"testing"

	"qipan/app/play"
)

// keptProgress is the puzzles' progress the page keeps in localStorage, read as the page
// reads it.
func keptProgress(t *testing.T, ctx context.Context) play.PuzzleProgress {
	t.Helper()
	var pp play.PuzzleProgress
	if s := eval[string](t, ctx, `localStorage.getItem("qipan.puzzles") || "{}"`); json.Unmarshal([]byte(s), &pp) != nil {
		t.Fatalf("the kept progress cannot be read: %s", s)
	}
	return pp
}
