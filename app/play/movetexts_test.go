package play

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"qipan/engine/xiangqi"
)

// TestTextCache: the texts are written again only when the key changes, and then from the
// first move that differs (all of them for another game or notation); texts handed out before
// never change.
func TestTextCache(t *testing.T) {
	a, b := new(int), new(int) // two games
	steps := []struct {
		name     string
		key      textKey
		moves    []int
		wantFrom int // the first text written, -1 for none
	}{
		{"first", textKey{a, 0, 3, ICCS}, []int{1, 2, 3}, 0},
		{"the same", textKey{a, 0, 3, ICCS}, nil, -1},
		{"a move played", textKey{a, 1, 4, ICCS}, []int{1, 2, 3, 4}, 3},
		{"two replaced", textKey{a, 2, 4, ICCS}, []int{1, 2, 5, 6}, 2},
		{"one taken off", textKey{a, 3, 3, ICCS}, []int{1, 2, 5}, 3},
		{"another notation", textKey{a, 3, 3, Chinese}, []int{1, 2, 5}, 0},
		{"another game", textKey{b, 3, 3, Chinese}, []int{1, 2, 5}, 0},
		{"empty", textKey{b, 4, 0, Chinese}, []int{}, 0},
	}
	var c textCache[int]
	var handed [][]string // every slice handed out, with a copy of what it held
	var held [][]string
	for _, s := range steps {
		from := -1
		texts, ok := c.lookup(s.key)
		if !ok {
			texts = c.update(s.key, s.moves, func(f int, moves []int, texts []string) {
				from = f
				for i := f; i < len(moves); i++ {
					texts[i] = string(s.key.notation) + strconv.Itoa(moves[i])
				}
			})
		}
		if from != s.wantFrom {
			t.Errorf("%s: wrote from %d, want %d", s.name, from, s.wantFrom)
		}
		if s.moves != nil {
			var want []string
			for _, mv := range s.moves {
				want = append(want, string(s.key.notation)+strconv.Itoa(mv))
			}
			if !slices.Equal(texts, want) {
				t.Errorf("%s: texts %v, want %v", s.name, texts, want)
			}
		}
		handed, held = append(handed, texts), append(held, slices.Clone(texts))
		for i := range handed {
			if !slices.Equal(handed[i], held[i]) {
				t.Errorf("%s: the texts handed out at step %d changed to %v from %v", s.name, i+1, handed[i], held[i])
			}
		}
	}
}

// writeAll is the slow reference: every move of m's record written from the start.
func writeAll(m xq, n Notation) []string {
	pos := m.game.Start()
	var out []string
	for _, mv := range m.game.Moves() {
		out = append(out, MoveText(pos, mv, n))
		pos.Make(mv)
	}
	return out
}

// TestXiangqiMoveTexts: through moves clicked and played by the engine, undo, a move that
// replaces the redo tail, review, a notation switch, a game loaded and a saved one restored,
// MoveTexts equals the texts written from scratch, and asked again it allocates nothing.
func TestXiangqiMoveTexts(t *testing.T) {
	m := newXQ()
	m.SetTwoPlayer()
	click := func(from, to string) func(xq) {
		return func(m xq) {
			m.Click(sq(t, from))
			m.Click(sq(t, to))
		}
	}
	steps := []struct {
		name  string
		do    func(xq)
		n     Notation
		plies int
	}{
		{"start", func(xq) {}, ICCS, 0},
		{"a move clicked", click("h2", "e2"), ICCS, 1},
		{"a reply clicked", click("h9", "g7"), ICCS, 2},
		{"Chinese", func(xq) {}, Chinese, 2},
		{"undone: the record stays", func(m xq) { m.Undo() }, Chinese, 2},
		{"another move replaces the tail", click("b9", "c7"), Chinese, 2},
		{"the engine's move", func(m xq) { m.MoveNow(); m.Apply(xiangqi.NewMove(sq(t, "h0"), sq(t, "g2"))) }, WXF, 3},
		{"reviewing", func(m xq) { m.Review(1) }, ChineseTraditional, 3},
		{"a game loaded", func(m xq) { m.LoadFEN("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1") }, WXF, 0},
		{"a move in it", click("a0", "a8"), WXF, 1},
		{"a saved game", func(m xq) {
			if err := m.Table.Restore(Saved{Version: SavedVersion, Start: xiangqi.StartFEN, Moves: "h2e2 h9g7 h0g2", Ply: 2}); err != nil {
				t.Fatal(err)
			}
		}, ICCS, 3},
	}
	for _, s := range steps {
		s.do(m)
		got := m.MoveTexts(s.n)
		if want := writeAll(m, s.n); !slices.Equal(got, want) || len(got) != s.plies {
			t.Fatalf("%s: MoveTexts %v, want %v (%d plies)", s.name, got, want, s.plies)
		}
		if allocs := testing.AllocsPerRun(10, func() { m.MoveTexts(s.n) }); allocs != 0 {
			t.Errorf("%s: MoveTexts asked again allocates %v times, want 0", s.name, allocs)
		}
		// The kept coordinates: the last move shown, the position line at any ply and the
		// saved moves.
		moves := m.game.Moves()
		if last, ok := m.LastMove(); ok != (m.ShownPly() > 0) || ok && last != moves[m.ShownPly()-1] {
			t.Errorf("%s: LastMove %v %v, want ply %d's of %v", s.name, last, ok, m.ShownPly(), moves)
		}
		if allocs := testing.AllocsPerRun(10, func() { m.LastMove() }); allocs != 0 {
			t.Errorf("%s: LastMove allocates %v times, want 0", s.name, allocs)
		}
		for _, ply := range []int{0, len(moves) / 2, m.game.Ply(), len(moves)} {
			if got, want := m.lineAt(ply), PositionLine(m.game.Start().FEN(), moves[:ply]); got != want {
				t.Errorf("%s: lineAt(%d) = %q, want %q", s.name, ply, got, want)
			}
		}
		var uci []string
		for _, mv := range moves {
			uci = append(uci, mv.String())
		}
		if got, want := m.Save().Moves, strings.Join(uci, " "); got != want {
			t.Errorf("%s: saved moves %q, want %q", s.name, got, want)
		}
	}
}

// TestWriteUCCI: the builder writes what Move.String and a join would.
func TestWriteUCCI(t *testing.T) {
	for _, moves := range [][]string{nil, {"h2e2"}, {"h2e2", "h9g7", "a0a1", "i9i8"}} {
		var ms []xiangqi.Move
		for _, s := range moves {
			m, err := xiangqi.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			ms = append(ms, m)
		}
		var b strings.Builder
		writeUCCI(&b, ms)
		if got, want := b.String(), strings.Join(moves, " "); got != want {
			t.Errorf("writeUCCI(%v) = %q, want %q", moves, got, want)
		}
	}
	if got, want := PositionLine(xiangqi.StartFEN, nil), "position fen "+xiangqi.StartFEN; got != want {
		t.Errorf("PositionLine without moves = %q, want %q", got, want)
	}
}

// TestJoined: the joined record's prefixes are the moves written out and joined, through
// moves played, replaced and taken off and another game; asked again, nothing is allocated.
func TestJoined(t *testing.T) {
	a, b := new(int), new(int)
	var j joined[int]
	write := func(b *strings.Builder, mv int) { b.WriteString(strconv.Itoa(mv)) }
	for _, s := range []struct {
		name  string
		key   textKey
		moves []int
		n     int
		want  string
	}{
		{"empty", textKey{owner: a}, nil, 0, ""},
		{"three", textKey{a, 1, 3, ""}, []int{1, 22, 3}, 3, "1+22+3"},
		{"a prefix", textKey{a, 1, 3, ""}, []int{1, 22, 3}, 2, "1+22"},
		{"one played", textKey{a, 2, 4, ""}, []int{1, 22, 3, 44}, 4, "1+22+3+44"},
		{"two replaced", textKey{a, 3, 4, ""}, []int{1, 22, 5, 6}, 4, "1+22+5+6"},
		{"one taken off", textKey{a, 4, 3, ""}, []int{1, 22, 5}, 3, "1+22+5"},
		{"another game", textKey{b, 4, 3, ""}, []int{7, 8, 9}, 1, "7"},
	} {
		moves := func() []int { return s.moves }
		if got := j.prefix(s.key, s.n, moves, '+', write); got != s.want {
			t.Errorf("%s: %q, want %q", s.name, got, s.want)
		}
		if allocs := testing.AllocsPerRun(10, func() { j.prefix(s.key, s.n, moves, '+', write) }); allocs != 0 {
			t.Errorf("%s: asked again, %v allocations", s.name, allocs)
		}
	}
}
