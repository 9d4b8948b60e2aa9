package ui

import (
	"testing"
)

func TestDiscScore(t *testing.T) {
	for centi, want := range map[int]string{400: "+4.0", -200: "-2.0", 0: "0.0", -24: "-0.2", 149: "+1.5", 3: "0.0", -1250: "-12.5"} {
		if got := discScore(centi); got != want {
			t.Errorf("discScore(%d) = %q, want %q", centi, got, want)
		}
	}
}
