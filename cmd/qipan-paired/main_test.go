package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pgn writes games (red, black, result; round = position in the list + 1) as qipan-match
// writes them and returns the file's path.
func pgn(t *testing.T, games ...[3]string) string {
	var b strings.Builder
	for i, g := range games {
		fmt.Fprintf(&b, "[Event \"qipan-match\"]\n[Round \"%d\"]\n[Red \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n[Format \"ICCS\"]\n\n1. H2-E2 H9-G7\n%s\n\n",
			i+1, g[0], g[1], g[2], g[2])
	}
	p := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRun(t *testing.T) {
	const fs = "fairy-stockfish"
	// The baseline wins game 1 as Red, draws game 2 as Black, loses 3 and 4.
	base := pgn(t, [3]string{"main", fs, "1-0"}, [3]string{fs, "main", "1/2-1/2"},
		[3]string{"main", fs, "0-1"}, [3]string{fs, "main", "1-0"})
	base2 := pgn(t, [3]string{"main", fs, "1-0"}, [3]string{fs, "main", "0-1"})
	tests := []struct {
		name string
		args func() []string
		want string // a substring of the output
		err  string // a substring of the error
	}{
		{"better by one game", func() []string {
			c := pgn(t, [3]string{"new", fs, "1-0"}, [3]string{fs, "new", "1/2-1/2"},
				[3]string{"new", fs, "1-0"}, [3]string{fs, "new", "1-0"})
			return []string{c, "--", base}
		}, "4 paired games: 62.5 % against the baseline's 37.5 % (as Red 100.0/50.0, as Black 25.0/25.0); difference +25.0 ± 25.0", ""},
		{"unfinished games and rounds the baseline lacks are left out", func() []string {
			c := pgn(t, [3]string{"new", fs, "0-1"}, [3]string{fs, "new", "*"}, [3]string{"new", fs, "1-0"},
				[3]string{fs, "new", "1-0"}, [3]string{"new", fs, "1-0"})
			return []string{c, "--", base}
		}, "3 paired games: 33.3 % against the baseline's 33.3 % (as Red 50.0/50.0, as Black 0.0/0.0); difference +0.0", ""},
		{"the mean of two baseline runs", func() []string {
			c := pgn(t, [3]string{"new", fs, "1-0"}, [3]string{fs, "new", "1-0"})
			return []string{c, "--", base, base2}
		}, "2 paired games: 50.0 % against the baseline's 87.5 % (as Red 100.0/100.0, as Black 0.0/75.0); difference -37.5 ± 37.5", ""},
		{"opponent named", func() []string {
			c := pgn(t, [3]string{"new", "other", "1-0"})
			return []string{"-opponent", "other", c, "--", pgn(t, [3]string{"main", "other", "0-1"})}
		}, "1 paired games: 100.0 % against the baseline's 0.0 %", ""},
		{"no common player", func() []string {
			c := pgn(t, [3]string{"new", "x", "1-0"})
			return []string{c, "--", pgn(t, [3]string{"main", "y", "1-0"})}
		}, "", "no player is in every game"},
		{"no separator", func() []string { return []string{base} }, "", "usage"},
		{"missing file", func() []string { return []string{"nonexistent.pgn", "--", base} }, "", "nonexistent.pgn"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			err := run(tt.args(), &out)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), tt.want) {
				t.Errorf("output:\n%s\nwant it to contain %q", out.String(), tt.want)
			}
		})
	}
}
