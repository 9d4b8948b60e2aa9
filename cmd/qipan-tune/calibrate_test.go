package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fitK finds the k the results were drawn with: each score's expected result, exactly.
func TestFitK(t *testing.T) {
	for _, k := range []float64{0.002, 0.0035, 0.01} {
		var cps, res []float64
		for cp := -1000.0; cp <= 1000; cp += 10 {
			cps, res = append(cps, cp), append(res, expected(k, cp))
		}
		if got := fitK(cps, res); math.Abs(got-k) > 1e-5 {
			t.Errorf("k %v: fitted %v", k, got)
		}
	}
}

func TestCalibrateCommand(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.txt")
	os.WriteFile(data, []byte("9/9/9/9/9/9/9/9/9/4K4 w - - 0 1;1;300\n9/9/9/9/9/9/9/9/9/4K4 w - - 0 1;0;-300\nno score;0.5\n"), 0o644)
	var out, errb bytes.Buffer
	if code := calibrate([]string{"-in", data}, &out, &errb); code != 0 || !strings.Contains(out.String(), "positions 2") {
		t.Errorf("code %d, out %q, err %q", code, out.String(), errb.String())
	}
	os.WriteFile(data, []byte("fen;x;12\n"), 0o644)
	out.Reset()
	errb.Reset()
	if code := calibrate([]string{"-in", data}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "line 1") {
		t.Errorf("a bad line: code %d, err %q", code, errb.String())
	}
}
