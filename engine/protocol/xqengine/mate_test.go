package xqengine

import (
	"strings"
	"testing"

	"qipan/engine/protocol/protocoltest"
)

// 适情雅趣 第013局: Red mates in 3 with g7e7 (the manuals' index, cmd/qipan-puzzles).
const mateIn3 = "4k4/3P2P2/b2N2R2/7r1/2b6/9/9/3n5/4p3r/2R2K3 w - - 0 1"

// lastScore is the score words ("mate 3", "9995") of the last info line before bestmove, and
// the bestmove line.
func lastScore(t *testing.T, out []string) (score, best string) {
	t.Helper()
	for _, l := range out {
		if i := strings.Index(l, " score "); strings.HasPrefix(l, "info ") && i >= 0 {
			f := strings.Fields(l[i+len(" score "):])
			score = f[0]
			if f[0] == "mate" {
				score += " " + f[1]
			}
		}
		if strings.HasPrefix(l, "bestmove") || l == "nobestmove" {
			best = l
		}
	}
	return score, best
}

// TestGoMate: `go mate N` reports the solver's mate for the side that mates (UCI mate M, UCCI
// the mate score) and plays its move; for the side mated, mate -M and the longest defence;
// without a mate in N, a legal move from the ordinary search.
func TestGoMate(t *testing.T) {
	tests := []struct {
		name      string
		lines     []string
		score     string
		bestmoves []string
	}{
		{"uci", []string{"uci", "position fen " + mateIn3, "go mate 3"}, "mate 3", []string{"bestmove g7e7"}},
		{"ucci", []string{"ucci", "position fen " + mateIn3, "go mate 5"}, "9995", []string{"bestmove g7e7"}},
		{"uci mated", []string{"uci", "position fen " + mateIn3 + " moves g7e7", "go mate 5"}, "mate -2",
			[]string{"bestmove c5e7", "bestmove f9e9"}},
		{"uci mated now", []string{"uci", "position fen 3k5/9/9/9/9/9/9/9/6R2/4K4 w - - 0 1 moves g1d1", "go mate 2"}, "",
			[]string{"bestmove (none)"}},
		{"with movetime", []string{"uci", "position fen " + mateIn3, "go mate 3 movetime 2000"}, "mate 3", []string{"bestmove g7e7"}},
		// 适情雅趣 第465局, a mate with quiet moves (the soldier and the king take the squares): the
		// proof-number search, asked with limits, proves it; by checks and one quiet move a line it is not.
		{"zugzwang", []string{"uci", "position fen 4k4/4a4/9/4P4/9/9/9/9/4A4/4K4 w - - 0 1", "go mate 20 nodes 40000"}, "mate 10", []string{"bestmove e6e7"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := protocoltest.Run(New(), tt.lines...)
			score, best := lastScore(t, out)
			ok := false
			for _, b := range tt.bestmoves {
				ok = ok || strings.HasPrefix(best, b)
			}
			if score != tt.score || !ok {
				t.Errorf("score %q, %q; want %q, one of %v\n%s", score, best, tt.score, tt.bestmoves, strings.Join(out, "\n"))
			}
		})
	}
	// No mate in 2 at the mate in 3: none that short reported (the ordinary search may see the
	// mate in 3); a legal move.
	out := protocoltest.Run(New(), "uci", "position fen "+mateIn3, "go mate 2")
	score, best := lastScore(t, out)
	if score == "mate 1" || score == "mate 2" || !strings.HasPrefix(best, "bestmove ") || best == "bestmove (none)" {
		t.Errorf("go mate 2 at a mate in 3: %q, %q", score, best)
	}
}

// TestSearchAsksSolver: an ordinary search with a time budget reports the mate the solver
// proves, for the side that mates (适情雅趣 第036局, mate in 13 by checks, which the search alone
// did not see within a second) and for the side mated after the first move (the longest
// defence); at a lower level, or with less than minSolveBudget, the solver is not asked. The
// solver needs under a thousand nodes here, a few milliseconds of its 400 ms share.
func TestSearchAsksSolver(t *testing.T) {
	const fen = "4k1b2/4a3n/1C1ab1R2/1NR6/2r1C4/9/9/4BA3/1n1p1p3/c1rAK1N2 w - - 0 1"
	tests := []struct {
		name  string
		lines []string
		score string
		best  string
	}{
		{"mates", []string{"uci", "position fen " + fen, "go movetime 2000"}, "mate 13", "bestmove c6c9"},
		{"mated", []string{"uci", "position fen " + fen + " moves c6c9", "go movetime 2000"}, "mate -12", "bestmove "},
	}
	for _, tt := range tests {
		out := protocoltest.Run(New(), tt.lines...)
		score, best := lastScore(t, out)
		if score != tt.score || !strings.HasPrefix(best, tt.best) {
			t.Errorf("%s: score %q, %q; want %q, %q\n%s", tt.name, score, best, tt.score, tt.best, strings.Join(out, "\n"))
		}
	}
	for _, lines := range [][]string{
		{"uci", "setoption name Skill Level value 5", "position fen " + fen, "go movetime 600"},
		{"uci", "position fen " + fen, "go movetime 200"}, // under minSolveBudget
	} {
		out := protocoltest.Run(New(), lines...)
		if score, _ := lastScore(t, out); score == "mate 13" {
			t.Errorf("%q reports the solver's mate:\n%s", lines[1:], strings.Join(out, "\n"))
		}
	}
}
