package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// TestDrag moves pieces by dragging them with the mouse and with a finger: a legal drop
// plays, an illegal one puts the piece back and says why.
func TestDrag(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/?lang=en")
	action(t, ctx, "play-two") // no engine: each drag is the next move

	mouseDrag(t, ctx, "h2", "e2")
	waitFor(t, ctx, 5*time.Second, "the dragged move", `document.querySelector("[data-ply='1']")?.textContent === "H2-E2"`)

	// An illegal drop: the horse back where it was, the reason said.
	before := eval[string](t, ctx, `document.getElementById("board").dataset.fen`)
	mouseDrag(t, ctx, "h9", "h6")
	refusalIs(t, ctx, "piece-move", "That piece cannot move there.")
	if fen := eval[string](t, ctx, `document.getElementById("board").dataset.fen`); fen != before {
		t.Errorf("an illegal drop changed the board to %s", fen)
	}
	if tr := eval[string](t, ctx, `document.querySelector('[data-piece][data-square="h9"]').style.translate`); tr != "" {
		t.Errorf("the horse was left displaced (%q)", tr)
	}

	// A finger.
	if _, err := chromedp.Call(ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 1}); err != nil {
		t.Fatal(err)
	}
	touchDrag(t, ctx, "h9", "g7")
	waitFor(t, ctx, 5*time.Second, "the move dragged by touch", `document.querySelector("[data-ply='2']")?.textContent === "H9-G7"`)
	screenshot(t, ctx, "drag-01")
}

// centre returns the middle of board point sq in CSS pixels (of the board shown: the game's
// or the position editor's).
func centre(t *testing.T, ctx context.Context, sq string) (x, y float64) {
	t.Helper()
	r := eval[[]float64](t, ctx, fmt.Sprintf(`(() => { const r = document.querySelector('.pt[data-square="%s"]').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`, sq))
	return r[0], r[1]
}

func mouseDrag(t *testing.T, ctx context.Context, from, to string) {
	t.Helper()
	x0, y0 := centre(t, ctx, from)
	x1, y1 := centre(t, ctx, to)
	run(t, ctx, 5*time.Second, "press", chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x0, y0, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	for i := 1; i <= 6; i++ {
		f := float64(i) / 6
		run(t, ctx, 5*time.Second, "move", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, chromedp.ButtonLeft))
	}
	run(t, ctx, 5*time.Second, "release", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1)))
}

func touchDrag(t *testing.T, ctx context.Context, from, to string) {
	t.Helper()
	x0, y0 := centre(t, ctx, from)
	x1, y1 := centre(t, ctx, to)
	touch := func(typ input.DispatchTouchEventType, pts ...*input.TouchPoint) {
		if pts == nil {
			pts = []*input.TouchPoint{}
		}
		if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts}); err != nil {
			t.Fatalf("touch %s: %v", typ, err)
		}
	}
	touch(input.DispatchTouchEventTypeTouchStart, &input.TouchPoint{X: x0, Y: y0})
	for i := 1; i <= 6; i++ {
		f := float64(i) / 6
		touch(input.DispatchTouchEventTypeTouchMove, &input.TouchPoint{X: x0 + (x1-x0)*f, Y: y0 + (y1-y0)*f})
	}
	touch(input.DispatchTouchEventTypeTouchEnd)
}
