package glyph

import "testing"

// Every character's path reads as segments, starting with a move and closed, each point
// inside its box (or nearly: some strokes overshoot it by a few units).
func TestOutlines(t *testing.T) {
	for r := range paths {
		segs, ok := Outline(r)
		if !ok || len(segs) < 4 || segs[0].Op != MoveTo || segs[len(segs)-1].Op != Close {
			t.Errorf("Outline(%q): %d segments, %v", r, len(segs), ok)
			continue
		}
		for _, s := range segs {
			for _, v := range s.P {
				if v < -0.6*Size || v > 0.6*Size {
					t.Errorf("Outline(%q): a point at %v, outside the box", r, v)
				}
			}
		}
	}
	if _, ok := Outline('王'); ok {
		t.Error("Outline('王') found an outline it should not have")
	}
	if _, err := parseOutline("M1 2X"); err == nil {
		t.Error("parseOutline read an unknown command")
	}
	if _, err := parseOutline("M1"); err == nil {
		t.Error("parseOutline read a move with one number")
	}
}
