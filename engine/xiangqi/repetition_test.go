package xiangqi

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"qipan/engine/oracles"
)

// repetitionCase is one row of a repetition case file (format in the header of
// ../shared/reference/repetition-wxf.tsv): a position, moves that end in a repeating cycle,
// and the ruling once the repetition is claimed.
type repetitionCase struct {
	where   string // file:line
	name    string
	fen     string
	moves   []string
	verdict string // red, black, draw or none
}

// readRepetitionCases parses a case file; a malformed row is an error naming its line.
func readRepetitionCases(path string) ([]repetitionCase, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []repetitionCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		where := fmt.Sprintf("%s:%d", filepath.Base(path), line)
		cols := strings.Split(text, "\t")
		if len(cols) != 4 {
			return nil, fmt.Errorf("%s: want 4 tab-separated columns (source, FEN, moves, verdict), got %d", where, len(cols))
		}
		switch cols[3] {
		case "red", "black", "draw", "none":
		default:
			return nil, fmt.Errorf("%s: verdict %q is not red, black, draw or none", where, cols[3])
		}
		out = append(out, repetitionCase{where: where, name: cols[0], fen: cols[1], moves: strings.Fields(cols[2]), verdict: cols[3]})
	}
	return out, sc.Err()
}

// verdictOf names a Result as a case file does.
func verdictOf(r Result) string {
	switch {
	case !r.Over():
		return "none"
	case r.Draw:
		return "draw"
	case r.Winner == Red:
		return "red"
	}
	return "black"
}

// playRepetition plays a case's moves, then keeps repeating the cycle they end in (the
// moves since the last position's previous occurrence) until the game rules or maxCycles
// more cycles pass. It returns the game and the ruling's Result.
func playRepetition(tc repetitionCase, maxCycles int) (*Game, Result, error) {
	p, err := ParseFEN(tc.fen)
	if err != nil {
		return nil, Result{}, err
	}
	g := NewGame(p)
	for _, s := range tc.moves {
		if err := g.PlayString(s); err != nil {
			return nil, Result{}, err
		}
	}
	cycle := 0
	for i := g.ply - 2; i >= 0; i -= 2 {
		if g.keys[i] == g.keys[g.ply] {
			cycle = g.ply - i
			break
		}
	}
	if cycle == 0 {
		return nil, Result{}, fmt.Errorf("the moves end in no repeated position")
	}
	for n := 0; n < maxCycles*cycle; n++ {
		if r := g.Result(); r.Over() {
			return g, r, nil
		}
		if err := g.Play(g.moves[g.ply-cycle]); err != nil {
			return nil, Result{}, err
		}
	}
	return g, g.Result(), nil
}

// repetitionSkips are cases whose transcription we believe wrong, with the reason; they
// stay in the file with the manual's verdict.
var repetitionSkips = map[string]string{}

// TestRepetitionCases rules every case of ../shared/reference/repetition-wxf.tsv (the WXF
// manual's examples) and of the files in $QIPAN_REPETITION_CASES (colon-separated).
func TestRepetitionCases(t *testing.T) {
	files := []string{}
	if root, err := oracles.RepoRoot(); err == nil {
		files = append(files, filepath.Join(root, "..", "shared", "reference", "repetition-wxf.tsv"))
	}
	if len(files) == 1 {
		if _, err := os.Stat(files[0]); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("the WXF cases are required under CI=true: %v", err)
			}
			t.Logf("skipping the WXF cases: %v", err)
			files = nil
		}
	}
	for _, f := range strings.Split(os.Getenv("QIPAN_REPETITION_CASES"), ":") {
		if f != "" {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		t.Skip("no case files")
	}
	pass, total := 0, 0
	for _, f := range files {
		cases, err := readRepetitionCases(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range cases {
			id := tc.where + " " + tc.name
			if why, ok := repetitionSkips[tc.where]; ok {
				t.Logf("%s: skipped: %s", id, why)
				continue
			}
			total++
			g, r, err := playRepetition(tc, 4)
			if err != nil {
				t.Errorf("%s: %v", id, err)
				continue
			}
			if got := verdictOf(r); got != tc.verdict {
				t.Errorf("%s: ruled %s (%s) after %d plies, the manual %s", id, got, r.Reason(), g.Ply(), tc.verdict)
				continue
			}
			pass++
		}
	}
	t.Logf("%d of %d cases agree", pass, total)
}

// TestCycleJudge: judging a repetition from its keys (as the search does) gives the game's
// ruling on every case, and allocates nothing.
// Without ../shared it skips, and fails under CI=true, as TestRepetitionCases does.
func TestCycleJudge(t *testing.T) {
	root, err := oracles.RepoRoot()
	var cases []repetitionCase
	if err == nil {
		cases, err = readRepetitionCases(filepath.Join(root, "..", "shared", "reference", "repetition-wxf.tsv"))
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the WXF cases are required under CI=true: %v", err)
		}
		t.Skip(err)
	}
	var c Cycle
	for _, tc := range cases {
		g, want, err := playRepetition(tc, 4)
		if err != nil || !want.Over() {
			continue
		}
		n, first := g.repeats()
		if n < 3 {
			continue
		}
		// From the first occurrence to now, as the search judges it.
		start := first
		p := g.Position()
		got, ok := c.Judge(p, g.keys[start:g.ply+1])
		if !ok {
			t.Errorf("%s %s: Judge could not rebuild the stretch", tc.where, tc.name)
			continue
		}
		if verdictOf(got) != verdictOf(want) || got.Status != want.Status {
			t.Errorf("%s %s: Judge %v %s, the game %v %s", tc.where, tc.name, got.Status, verdictOf(got), want.Status, verdictOf(want))
		}
		keys := g.keys[start : g.ply+1]
		if a := testing.AllocsPerRun(5, func() { c.Judge(p, keys) }); a != 0 {
			t.Errorf("%s: Judge allocates %v times", tc.where, a)
		}
	}
	p := NewPosition()
	if _, ok := c.Judge(p, []uint64{p.Key(), 12345, p.Key()}); ok {
		t.Error("Judge accepted keys no move links")
	}
}

// TestCycleJudgeLoops: on random repetition loops (those of the oracle differential), judging
// the stretch from its keys, as the search does, gives Game.Result's ruling.
func TestCycleJudgeLoops(t *testing.T) {
	rng := rand.New(rand.NewPCG(testSeed(t), 5))
	var c Cycle
	for n := 0; n < 500; {
		p, _ := ParseFEN(oracleStarts[rng.IntN(len(oracleStarts))])
		randomLine(rng, p, 80)
		if p.Status() != Ongoing {
			continue
		}
		var cycle []Move
		switch rng.IntN(3) {
		case 0:
			cycle = chaseLoop(rng, *p)
		case 1:
			cycle = checkLoop(rng, *p)
		default:
			cycle = randomLoop(rng, *p)
		}
		if cycle == nil {
			continue
		}
		n++
		g := NewGame(p)
		for _, m := range append(append([]Move(nil), cycle...), cycle...) {
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		want := g.Result()
		if want.Status == InsufficientMaterial { // ruled before repetition
			continue
		}
		_, first := g.repeats()
		got, ok := c.Judge(g.Position(), g.keys[first:g.ply+1])
		if !ok || got != want {
			t.Errorf("%s moves %s: Judge %+v (ok %v), Game.Result %+v", p.FEN(), joinMoves(g.Moves()), got, ok, want)
		}
	}
}

// TestChases: what one move chases, rule by rule (the package doc's list).
func TestChases(t *testing.T) {
	for _, tc := range []struct {
		name, fen, move string
		want            []string // squares of the chased pieces after the move
	}{
		{"an unprotected horse", "4k4/9/n8/9/9/9/1R7/9/9/3K5 w", "b3a3", []string{"a7"}},
		{"a protected horse", "r3k4/9/n8/9/9/9/1R7/9/9/3K5 w", "b3a3", nil},
		{"a protected chariot attacked by a horse", "2r1k4/9/2r6/9/9/9/N8/9/9/3K5 w", "a3b5", []string{"c7"}},
		{"a chariot offered to a chariot", "4k4/9/9/9/9/9/r8/9/9/1R1K5 w", "b0b3", nil},
		{"a soldier that has not crossed", "4k4/9/9/p8/9/9/9/9/9/1R1K5 w", "b0a0", nil},
		{"a soldier that has crossed", "4k4/9/9/9/9/p8/9/9/9/1R1K5 w", "b0a0", []string{"a4"}},
		{"the only protector is pinned", "4k4/3nr4/9/9/9/9/9/9/R3R4/3K5 w", "a1a8", []string{"d8"}},
		{"the protector is free", "4k4/3nr4/9/9/9/9/9/9/R8/3K5 w", "a1a8", nil},
		{"the general cannot take back: it would face the other", "4k4/4n4/9/9/9/9/9/9/R8/4K4 w", "a1a8", []string{"e8"}},
		{"discovered: a horse steps off the chariot's file", "4k4/9/n8/9/9/9/9/N8/9/R2K5 w", "a2c3", []string{"a7"}},
		{"the general's attack is no chase", "4k4/9/9/9/9/9/9/9/4n4/3K5 w", "d0d1", nil},
	} {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		m, err := ParseMove(tc.move)
		if err != nil || !p.IsLegal(m) {
			t.Fatalf("%s: %s is not legal in %s (%v)", tc.name, tc.move, tc.fen, err)
		}
		before := *p
		p.Make(m)
		var got []string
		for x := p.chases(&before, m).chased; !x.empty(); {
			got = append(got, x.pop().String())
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s: %s chases %v, want %v", tc.name, tc.move, got, tc.want)
		}
	}
}
