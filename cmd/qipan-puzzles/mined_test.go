package main

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"qipan/app/play"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/mate"
)

// mined is the collection the miner wrote, as the site ships it.
const mined = "../../web/puzzles/xiangqi-mined.tsv"

// TestShippedMined reads the mined collection as the board does (play.ParsePuzzles) and as
// the miner does: as many puzzles as its summary says were kept, each a legal position
// seen once, its line legal (a mate's ending in mate after its length, a gain's first move
// its Best with a decisive score), its themes and rating those the rules give; and the mates
// of up to 3 moves proven again on the board.
func TestShippedMined(t *testing.T) {
	data, err := os.ReadFile(mined)
	if err != nil {
		t.Fatal(err)
	}
	list, err := play.ParsePuzzles(play.VariantXiangqi, string(data))
	if err != nil {
		t.Fatal(err)
	}
	file, err := parseMined(mined, bytes.NewReader(data)) // the same bytes: the miner may be writing
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^# games: seeds \d+-\d+; .* (\d+) kept`).FindSubmatch(data)
	if m == nil {
		t.Fatal("no summary line")
	}
	if n, _ := strconv.Atoi(string(m[1])); len(list) != n || len(file.puzzles) != n || n == 0 {
		t.Fatalf("%d puzzles (%d read by the miner), the summary says %d", len(list), len(file.puzzles), n)
	}
	c, ms := testChecker(), mate.New(8)
	seen := map[uint64]bool{}
	reproved := 0
	for i, pz := range list {
		p := file.puzzles[i]
		pos, err := xiangqi.ParseFEN(pz.FEN)
		if err != nil || seen[pos.Key()] {
			t.Errorf("%d: %v, or seen before", pz.Number, err)
			continue
		}
		seen[pos.Key()] = true
		if pz.Source != play.MinedSource || pz.Number != i+1 || len(pz.First) != 1 || pz.First[0] != p.line[0].String() {
			t.Errorf("%d: source %q, number %d, first %v (line %s)", i+1, pz.Source, pz.Number, pz.First, lineText(p.line))
		}
		if want := themesOf(p); !slices.Equal(pz.Themes, want) && !(len(pz.Themes) == 0 && len(want) == 0) {
			t.Errorf("%d: themes %v, the rules say %v", pz.Number, pz.Themes, want)
		}
		if pz.Rating != ratingOf(p) {
			t.Errorf("%d: rating %d, the rule says %d", pz.Number, pz.Rating, ratingOf(p))
		}
		end := *pos
		for _, mv := range p.line {
			end.Make(mv)
		}
		mated := len(end.LegalMoves()) == 0
		switch pz.Goal {
		case play.GoalMate:
			if pz.Mate < 1 || pz.Mate != (len(p.line)+1)/2 || !mated {
				t.Errorf("%d: mate in %d, line %s, mated at its end %v", pz.Number, pz.Mate, lineText(p.line), mated)
			}
			if pz.Mate <= 3 && reproved < 20 {
				// Proven again on the board: by the prover within the tests' limits, or by the
				// mate solver (every reply to the first move mated within the moves left).
				c.s.Clear()
				c.proof.reset(context.Background(), c.proofLimit)
				c.checks.reset(c.checkLimit)
				got := c.proof.first(pos, p.line[0], pz.Mate)
				after := *pos
				after.Make(p.line[0])
				ms.Clear()
				r := ms.Defend(context.Background(), &after, nil, mate.Limits{MaxMoves: pz.Mate - 1, Quiet: mateQuiet, Nodes: 2_000_000})
				if got != proofDone && (r.Status != mate.Proven || r.Moves > pz.Mate-1) {
					t.Errorf("%d: %s mates in %d: the prover %v, the solver %v in %d", pz.Number, p.line[0], pz.Mate, got, r.Status, r.Moves)
				}
				reproved++
			}
		case play.GoalBetter:
			if pz.Best != p.line[0].String() || pz.Score < decisiveCP || p.gain < minGain || pz.Mate != 0 {
				t.Errorf("%d: best %s, score %d, gain %d, mate %d", pz.Number, pz.Best, pz.Score, p.gain, pz.Mate)
			}
		default:
			t.Errorf("%d: goal %q", pz.Number, pz.Goal)
		}
	}
	if reproved == 0 {
		t.Error("no short mate proven again")
	}
	if !strings.Contains(string(data), "next seed") {
		t.Error("the collection does not say the next seed")
	}
}
