package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"qipan/engine/xiangqi/search"
)

func TestGenWritesLabelledPositions(t *testing.T) {
	var buf bytes.Buffer
	n, res := playGame(3, 300, &buf)
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if n == 0 || len(lines) != n {
		t.Fatalf("game (%s): %d positions, %d lines", res, n, len(lines))
	}
	data, err := readData(strings.NewReader(buf.String()))
	if err != nil || len(data) != n {
		t.Fatalf("readData: %d samples, %v", len(data), err)
	}
}

func TestReadDataErrors(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"no separator", "line 1: want FEN;result"},
		{"4k4/9 w;1", "line 1: "},
		{"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1;2", `line 1: bad result "2"`},
	} {
		if _, err := readData(strings.NewReader(tt.in)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("readData(%q): %v, want %q", tt.in, err, tt.want)
		}
	}
}

// TestFitFollowsTheData: results that follow one feature's sign raise its weight.
func TestFitFollowsTheData(t *testing.T) {
	var data []sample
	for i := 0; i < 400; i++ {
		s := sample{result: 0}
		x := float64(i%2*2 - 1)
		s.f[search.FHorseMob] = x
		if x > 0 {
			s.result = 1
		}
		s.base = -x * float64(search.Weights[search.FHorseMob]) // the current weight's part is not in base
		data = append(data, s)
	}
	var out bytes.Buffer
	fit(data, fitOptions{iters: 300}, &out)
	if !strings.Contains(out.String(), "FHorseMob: ") {
		t.Fatalf("no HorseMob weight in\n%s", out.String())
	}
	var w int
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "FHorseMob:") {
			if _, err := fmtSscanf(l, &w); err != nil {
				t.Fatal(err)
			}
		}
	}
	if w <= int(search.Weights[search.FHorseMob])+50 {
		t.Errorf("HorseMob fitted to %d, want well above %d:\n%s", w, search.Weights[search.FHorseMob], out.String())
	}
}

func fmtSscanf(line string, w *int) (int, error) {
	return fmt.Sscanf(strings.TrimSpace(line), "FHorseMob: %d,", w)
}
