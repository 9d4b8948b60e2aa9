package main

import (
	"strings"
	"testing"
)

func TestParseSample(t *testing.T) {
	const board = "--OOOO--O-OOOO---OXOXO-XXXOOOOXOXXOOOXOOXXOOXXOO--XXXX---XXXXXX- O"
	for _, c := range []struct {
		line    string
		score   int
		wantErr string
	}{
		{board + " -2", -2, ""},
		{board + " 64", 64, ""},
		{board + " 65", 0, "score"},
		{board + " x", 0, "score"},
		{board, 0, "side to move"},
		{"nothing", 0, "want \"board score\""},
	} {
		s, err := parseSample(c.line)
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%q: %v", c.line, err)
		case c.wantErr == "" && s.Score != c.score:
			t.Errorf("%q: score %d, want %d", c.line, s.Score, c.score)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%q: error %v, want one with %q", c.line, err, c.wantErr)
		}
	}
}
