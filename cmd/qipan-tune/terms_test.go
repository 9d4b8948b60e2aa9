package main

import (
	"bytes"
	"strings"
	"testing"
)

// fsEval is Fairy-Stockfish's answer to "eval" in a xiangqi position (abridged).
const fsEval = `info string classical evaluation enabled

 Contributing terms for the classical eval:
+------------+-------------+-------------+-------------+
|    Term    |    White    |    Black    |    Total    |
|            |   MG    EG  |   MG    EG  |   MG    EG  |
+------------+-------------+-------------+-------------+
|   Material |  ----  ---- |  ----  ---- | -5.56 -2.70 |
|   Mobility | -0.12 -0.16 |  0.19  0.72 | -0.31 -0.88 |
|King safety | -3.02 -2.85 | -0.53 -1.20 | -2.49 -1.64 |
|    Threats |  0.30  0.25 |  0.43  0.27 | -0.13 -0.02 |
+------------+-------------+-------------+-------------+
|      Total |  ----  ---- |  ----  ---- | -8.30 -3.14 |
+------------+-------------+-------------+-------------+

Classical evaluation   -3.92 (white side)
Final evaluation       -3.80 (white side)`

func TestParseEvalTerms(t *testing.T) {
	got, err := parseEvalTerms(strings.Split(fsEval, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := evalTerms{"Material": -556, "Mobility": -31, "King safety": -249, "Threats": -13, "Total": -830, "total": -392}
	for k, v := range want {
		if d := got[k] - v; d > 1e-9 || d < -1e-9 {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("terms %v, want %v", got, want)
	}
	if _, err := parseEvalTerms([]string{"Final evaluation none (in check)"}); err == nil {
		t.Error("an answer without the classical evaluation was taken")
	}
}

// A term qipan's evaluation lacks correlates negatively with what is left; one it has does not.
func TestPrintTermsNamesTheMissingTerm(t *testing.T) {
	var samples []termSample
	for i := 0; i < 200; i++ {
		material := float64(i%17*40 - 320)
		king := float64(i%7*30 - 90)
		mob := float64(i%5*10 - 20)
		samples = append(samples, termSample{
			own:   material + mob, // no king safety
			terms: evalTerms{"Material": material, "King safety": king, "Mobility": mob, "total": material + king + mob},
		})
	}
	var out bytes.Buffer
	printTerms(&out, samples)
	row := func(name string) string {
		for _, l := range strings.Split(out.String(), "\n") {
			if strings.HasPrefix(l, "| "+name+" |") {
				return l
			}
		}
		return ""
	}
	if !strings.Contains(row("King safety"), "| -0.9") {
		t.Errorf("king safety's row: %q, want a correlation below -0.9\n%s", row("King safety"), out.String())
	}
	if r := row("Mobility"); strings.Contains(r, "| -0.9") {
		t.Errorf("mobility's row: %q", r)
	}
}
