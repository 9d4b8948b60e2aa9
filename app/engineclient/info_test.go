package engineclient

import (
	"slices"
	"strings"
	"testing"
)

func TestParseInfo(t *testing.T) {
	tests := []struct {
		line string
		ok   bool
		want SearchInfo
	}{
		{"info depth 9 seldepth 14 score 12 nodes 175442 time 463 nps 378217 pv b9c7 h0g2", true,
			SearchInfo{Depth: 9, Score: 12, Nodes: 175442, NPS: 378217, PV: []string{"b9c7", "h0g2"}}},
		{"info depth 3 score cp -45 nodes 10 time 0", true, SearchInfo{Depth: 3, Score: -45, Nodes: 10}},
		{"info depth 3 seldepth 7 score mate 2 nodes 0 time 0", true, SearchInfo{Depth: 3, Mate: 2}},
		{"info depth 3 score mate -1 nodes 0 time 0", true, SearchInfo{Depth: 3, Mate: -1}},
		{"info depth 5 score 9997 nodes 1 pv h2e2", true, SearchInfo{Depth: 5, Mate: 2, Nodes: 1, PV: []string{"h2e2"}}}, // mate in 3 plies: 2 moves
		{"info depth 5 score -9998 nodes 1", true, SearchInfo{Depth: 5, Mate: -1, Nodes: 1}},                             // mated in 2 plies
		{"info depth 12 multipv 1 score cp 4400 nodes 9 pv f6 e6", true, SearchInfo{Depth: 12, Score: 4400, Nodes: 9, PV: []string{"f6", "e6"}}},
		{"info string exact", false, SearchInfo{}},
		{"info depth x score 1", false, SearchInfo{}},
		{"info depth 3 score", false, SearchInfo{}},
		{"info depth 3 score cp", false, SearchInfo{}},
		{"info depth 3 nodes -1", false, SearchInfo{}},
		{"info nodes 5", false, SearchInfo{}},
	}
	for _, tt := range tests {
		got, ok := parseInfo(strings.Fields(tt.line))
		if ok != tt.ok {
			t.Errorf("parseInfo(%q) ok = %v, want %v", tt.line, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		if got.Depth != tt.want.Depth || got.Score != tt.want.Score || got.Mate != tt.want.Mate ||
			got.Nodes != tt.want.Nodes || got.NPS != tt.want.NPS || !slices.Equal(got.PV, tt.want.PV) {
			t.Errorf("parseInfo(%q) = %+v, want %+v", tt.line, got, tt.want)
		}
	}
}

func TestScoreText(t *testing.T) {
	for _, tt := range []struct {
		score      int
		text, attr string
	}{{35, "+0.35", "35"}, {-250, "-2.50", "-250"}, {0, "0.00", "0"}, {7, "+0.07", "7"}, {-1205, "-12.05", "-1205"}} {
		s := SearchInfo{Score: tt.score}
		if s.ScoreText() != tt.text || s.ScoreAttr() != tt.attr {
			t.Errorf("score %d: %q %q, want %q %q", tt.score, s.ScoreText(), s.ScoreAttr(), tt.text, tt.attr)
		}
	}
	if got := (SearchInfo{Mate: -3}).ScoreAttr(); got != "mate -3" {
		t.Errorf("mate attr %q", got)
	}
	if got := (SearchInfo{Score: 40, Mate: 2}).Flip(); got.Score != -40 || got.Mate != -2 {
		t.Errorf("Flip: %+v", got)
	}
}
