package desktop

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/engine/xiangqi"
	"qipan/web/puzzles"
)

// mateInTwo is 梦入神机 No. 42 (黄鹂出谷), the shortest of the classical manuals: Red mates in
// two, first c0c9 (or e8e9).
const mateInTwo = "梦入神机 42"

// puzzleAt is the index of the puzzle named id (play.PuzzleID) in the Xiangqi collections.
func puzzleAt(t *testing.T, id string) int {
	t.Helper()
	list, err := puzzles.For(play.VariantXiangqi)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range list {
		if play.PuzzleID(p) == id {
			return i
		}
	}
	t.Fatalf("no puzzle %s", id)
	return -1
}

// until ticks a until done says so, or fails after limit (the engine defends in 3 s).
func until(t *testing.T, a *App, what string, limit time.Duration, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s after %v; status %q", what, limit, shownText(a, "status"))
		}
		time.Sleep(10 * time.Millisecond)
		a.Tick(time.Now())
		a.Scene()
	}
}

// puzzleState is how the puzzle on a's board stands ("" for a game).
func puzzleState(a *App) play.PuzzleState {
	_, st, _, _ := a.Table().Puzzle()
	return st
}

// openByKeys opens the list with its key, moves its cursor to entry i with the keys and opens
// it with Enter.
func openByKeys(t *testing.T, a *App, i int) {
	t.Helper()
	if !a.PuzzlesOpen() {
		a.Key(KeyPuzzles)
	}
	a.Key(KeyHome)
	for range i / 10 {
		a.Key(KeyPageDown)
	}
	for range i % 10 {
		a.Key(KeyDown)
	}
	if a.pz.cursor != i {
		t.Fatalf("the keys put the cursor on %d, want %d", a.pz.cursor, i)
	}
	if len(a.Scene().Find("puzzle-cursor")) != 1 {
		t.Fatal("the cursor's entry is not drawn in view")
	}
	a.Key(KeyEnter)
	if a.PuzzlesOpen() {
		t.Fatal("the list stays open after Enter")
	}
}

// TestPuzzleList: the Puzzles button opens the collection in the move list's place, by manual
// (with its count solved), number, title and mate length, the wheel scrolls it; a click on an
// entry opens that puzzle in place of the game, which is offered back; the puzzle's row stands
// where the engine's stood, the status says the goal in the reader's language and the line
// under it the puzzle's name; the button closes the list again and the move list is back.
func TestPuzzleList(t *testing.T) {
	a, trace := newTestApp(t, &fakePipe{})
	a.Button("play-two")
	clickAt(t, a, "h2")
	clickAt(t, a, "e2")
	before := buttonBoxes(a)
	pressButton(t, a, "puzzles")
	s := a.Scene()
	if len(s.Find("move 1")) != 0 {
		t.Error("the move list is still drawn under the puzzles' list")
	}
	src := s.Find("puzzle-source")
	if len(src) == 0 || src[0].Text != "适情雅趣" || !strings.Contains(opsText(s.Find("puzzle-count")), "✓ 0 / ") {
		t.Fatalf("the list's first row: %q %q", opsText(src), opsText(s.Find("puzzle-count")))
	}
	first := s.Find("puzzle 0")
	if len(first) != 1 || first[0].Text != "适情雅趣 No. 1 气吞关右" || opsText(s.Find("puzzle-mate 0")) != "mate in 7 · 1781" {
		t.Fatalf("the first entry: %q %q", opsText(first), opsText(s.Find("puzzle-mate 0")))
	}
	for id, b := range buttonBoxes(a) {
		if was, ok := before[id]; ok && was != b {
			t.Errorf("opening the list moved button %s", id)
		}
	}
	a.Wheel(3)
	if s := a.Scene(); len(s.Find("puzzle 0")) != 0 || len(s.Find("puzzle 2")) != 1 {
		t.Errorf("the wheel did not scroll the list by 3 rows: %q", opsText(s.Find("puzzle 2")))
	}
	// A click on the entry of puzzle 2 opens it.
	o := a.Scene().Find("puzzle 2")[0]
	a.PointerDown(o.X+o.W/2, o.Y+o.H/2)
	a.PointerUp(o.X+o.W/2, o.Y+o.H/2)
	pz, st, _, ok := a.Table().Puzzle()
	if !ok || pz.Number != 3 || st != play.PuzzleSolving || a.PuzzlesOpen() {
		t.Fatalf("after the click: puzzle %+v %q, list open %v; trace %q", pz, st, a.PuzzlesOpen(), *trace)
	}
	s = a.Scene()
	if got, want := shownText(a, "status"), nospace("Red to move and win · mate in "); !strings.HasPrefix(got, want) {
		t.Errorf("status %q, want %q…", got, want)
	}
	if got := shownText(a, "puzzle-name"); got != nospace(play.PuzzleName(i18n.English, pz)) {
		t.Errorf("the puzzle's name line %q", got)
	}
	after := buttonBoxes(a)
	for _, id := range []string{"puzzle-hint", "puzzle-solution", "puzzle-retry", "puzzle-next", "restore-previous"} {
		if _, ok := after[id]; !ok {
			t.Errorf("no %s button in a puzzle", id)
		}
	}
	if _, ok := after["move-now"]; ok {
		t.Error("Move now is shown in a puzzle")
	}
	if after["puzzle-hint"].Y != before["hint"].Y || after["undo"] != before["undo"] || after["play-red"] != before["play-red"] {
		t.Errorf("the puzzle's row is not in the engine row's place, or moved the rest: hint %+v, puzzle-hint %+v", before["hint"], after["puzzle-hint"])
	}
	// The list again: on the puzzle on the board, marked; the button closes it.
	a.Key(KeyPuzzles)
	if s := a.Scene(); len(s.Find("puzzle-cursor")) != 1 || a.pz.cursor != 2 {
		t.Errorf("the list reopened with the cursor on %d, want the puzzle on the board (2)", a.pz.cursor)
	}
	pressButton(t, a, "puzzles")
	if a.PuzzlesOpen() || len(a.Scene().Find("puzzle 2")) != 0 {
		t.Error("the Puzzles button did not close the list")
	}
	// Escape closes it too, and the game replaced comes back.
	a.Key(KeyPuzzles)
	a.Key(KeyEscape)
	if a.PuzzlesOpen() {
		t.Error("Escape did not close the list")
	}
	pressButton(t, a, "restore-previous")
	if _, _, _, ok := a.Table().Puzzle(); ok || a.Table().Len() != 1 {
		t.Errorf("the game replaced was not brought back: %d moves", a.Table().Len())
	}
	if len(a.Scene().Find("move 1")) != 1 {
		t.Error("the move list is not back")
	}
}

// TestPuzzlesInEachLanguage: the list and a puzzle's status in 简体 and 繁體 use the page's
// words.
func TestPuzzlesInEachLanguage(t *testing.T) {
	for _, tc := range []struct {
		lang       i18n.Lang
		name, goal string
	}{
		{i18n.Simplified, "适情雅趣 第1局 气吞关右", "红先胜 · 7步杀"},
		{i18n.Traditional, "适情雅趣 第1局 气吞关右", "紅先勝 · 7步殺"},
	} {
		a := New(Config{Store: Store{Dir: t.TempDir()}, Pipe: &fakePipe{}, Lang: tc.lang})
		a.Resize(1000, 700)
		a.Key(KeyPuzzles)
		if got := shownText(a, "puzzle 0"); got != nospace(tc.name) {
			t.Errorf("%s: the first entry %q, want %q", tc.lang, got, tc.name)
		}
		a.Key(KeyEnter)
		if got := shownText(a, "status"); got != nospace(tc.goal) {
			t.Errorf("%s: status %q, want %q", tc.lang, got, tc.goal)
		}
		if got := label(t, a, "puzzle-solution"); got != tc.lang.T(i18n.PuzzleSolution) {
			t.Errorf("%s: the solution button says %q", tc.lang, got)
		}
	}
}

// TestPuzzleSolvedWithTheEngine: the shortest puzzle, opened with the keys, against the real
// engine in this process: the hint names a winning move, the first move stands, the engine
// defends, the mate solves it; the status says so, the list marks it ✓ and counts it, and the
// progress is kept over a restart.
func TestPuzzleSolvedWithTheEngine(t *testing.T) {
	dir := t.TempDir()
	a := New(Config{Store: Store{Dir: dir}, Pipe: NewLocalPipe()})
	a.Resize(1000, 700)
	a.Start()
	i := puzzleAt(t, mateInTwo)
	openByKeys(t, a, i)
	if pz, _, _, _ := a.Table().Puzzle(); play.PuzzleID(pz) != mateInTwo {
		t.Fatalf("opened %s, want %s", play.PuzzleID(pz), mateInTwo)
	}
	if got := shownText(a, "status"); got != nospace("Red to move and win · mate in 2") {
		t.Errorf("status %q", got)
	}
	// The hint's first step rings the piece to move; the second says the move.
	a.Key(KeyHint)
	until(t, a, "the piece", 15*time.Second, func() bool { return len(a.Scene().Find("hint-piece")) == 1 })
	if got := shownText(a, "hint-text"); got != "" {
		t.Errorf("the hint's first step says the move: %q", got)
	}
	a.Key(KeyHint)
	until(t, a, "hint", 15*time.Second, func() bool { return shownText(a, "hint-text") != "" })
	from, to, _ := a.Table().HintMove()
	hint := a.Table().SquareName(from) + a.Table().SquareName(to)
	if hint != "c0c9" && hint != "e8e9" {
		t.Errorf("the hint %s (%q) is no winning move", hint, shownText(a, "hint-text"))
	}
	clickAt(t, a, "c0")
	clickAt(t, a, "c9")
	if a.Table().Ply() != 1 || puzzleState(a) != play.PuzzleSolving {
		t.Fatalf("after c0c9: ply %d, %q", a.Table().Ply(), puzzleState(a))
	}
	if got := shownText(a, "engine"); got != "" {
		t.Errorf("the defence's line is shown while solving: %q", got)
	}
	until(t, a, "defence", 20*time.Second, func() bool { return a.Table().Ply() == 2 })
	if puzzleState(a) != play.PuzzleSolving {
		t.Fatalf("after the defence: %q (%q)", puzzleState(a), shownText(a, "status"))
	}
	mf, mt := mateMove(t, a)
	clickAt(t, a, mf)
	clickAt(t, a, mt)
	if puzzleState(a) != play.PuzzleSolved || shownText(a, "status") != nospace("Solved!") {
		t.Fatalf("after the mate %s%s: %q, status %q", mf, mt, puzzleState(a), shownText(a, "status"))
	}
	if got := a.Progress().Of(play.Puzzle{Source: "梦入神机", Number: 42}); got != play.PuzzleSolved {
		t.Errorf("the progress says %q", got)
	}
	a.Key(KeyPuzzles)
	s := a.Scene()
	if got := opsText(s.Find("puzzle-mark " + strconv.Itoa(i))); got != "✓" {
		t.Errorf("the solved puzzle's mark %q", got)
	}
	a.pz.cursor, a.pz.follow = puzzleAt(t, "梦入神机 1"), true // the manual's first, under its name
	if got := opsText(a.Scene().Find("puzzle-source")) + opsText(a.Scene().Find("puzzle-count")); !strings.Contains(got, "梦入神机✓ 1 / ") {
		t.Errorf("the manual's name and count %q", got)
	}
	// A restart: the progress is read back from the config directory.
	b := New(Config{Store: Store{Dir: dir}, Pipe: &fakePipe{}})
	b.Resize(1000, 700)
	if got := b.Progress().States[mateInTwo]; got != play.PuzzleSolved {
		t.Fatalf("after a restart the progress says %q", got)
	}
	b.Key(KeyPuzzles)
	b.pz.cursor, b.pz.follow = i, true
	if got := opsText(b.Scene().Find("puzzle-mark " + strconv.Itoa(i))); got != "✓" {
		t.Errorf("after a restart the puzzle's mark %q", got)
	}
	if b.Notice() != "" {
		t.Errorf("a notice after the restart: %q", b.Notice())
	}
	// Next opens one not solved near the rating, as play chooses it.
	b.Key(KeyEscape)
	b.openPuzzle(i)
	list := b.pz.lists[play.VariantXiangqi]
	want := b.Progress().NextPuzzle(list, i)
	b.Key(KeyNext)
	if pz, _, _, _ := b.Table().Puzzle(); want < 0 || play.FindPuzzle(list, pz) != want || b.Progress().Of(pz) != "" {
		t.Errorf("Next opened %s, want %d", play.PuzzleID(pz), want)
	}
}

// mateMove is the move of the side to move on a's board that mates, by the rules.
func mateMove(t *testing.T, a *App) (string, string) {
	t.Helper()
	pos := *xiangqiOf(a.Table()).Position()
	for _, m := range pos.LegalMoves() {
		u := pos.Make(m)
		mate := pos.Status() == xiangqi.Checkmate
		pos.Unmake(m, u)
		if mate {
			s := m.String()
			return s[:2], s[2:]
		}
	}
	t.Fatalf("no mate in one in %s", pos.FEN())
	return "", ""
}

// TestPuzzleFailedRetryAndSolution: a move that lets the win go fails the puzzle, as the
// engine's defence judges it; the status says why, the progress keeps it failed (over a
// restart); Retry starts again from the position; Solution plays it out.
func TestPuzzleFailedRetryAndSolution(t *testing.T) {
	dir := t.TempDir()
	a := New(Config{Store: Store{Dir: dir}, Pipe: NewLocalPipe(), Lang: i18n.English})
	a.Resize(1000, 700)
	a.Start()
	i := puzzleAt(t, mateInTwo)
	openByKeys(t, a, i)
	clickAt(t, a, "e6")
	clickAt(t, a, "e7") // the pawn forward: Black's rook mates along the bottom
	until(t, a, "verdict", 20*time.Second, func() bool { return puzzleState(a) != play.PuzzleSolving })
	if puzzleState(a) != play.PuzzleFailed {
		t.Fatalf("after e6e7: %q", puzzleState(a))
	}
	if got := shownText(a, "status"); got != nospace(i18n.English.T(i18n.PuzzleMatesFirst, "Black")) && got != nospace(i18n.English.T(i18n.PuzzleEscapes, "Black")) {
		t.Errorf("status after the wrong move: %q", got)
	}
	if got := a.Progress().States[mateInTwo]; got != play.PuzzleFailed {
		t.Errorf("the progress says %q", got)
	}
	data, err := os.ReadFile(filepath.Join(dir, "puzzles.json"))
	if err != nil || !strings.Contains(string(data), `"梦入神机 42": "failed"`) {
		t.Errorf("puzzles.json: %s %v", data, err)
	}
	until(t, a, "the defence's move", 20*time.Second, func() bool { return a.Table().Ply() >= 2 || a.Table().Over() })
	pressButton(t, a, "puzzle-retry")
	if a.Table().Ply() != 0 || puzzleState(a) != play.PuzzleSolving || shownText(a, "status") != nospace("Red to move and win · mate in 2") {
		t.Errorf("after Retry: ply %d, %q, status %q", a.Table().Ply(), puzzleState(a), shownText(a, "status"))
	}
	if a.Progress().States[mateInTwo] != play.PuzzleFailed {
		t.Error("Retry took the failure away")
	}
	a.Key(KeySolution)
	if got := shownText(a, "status"); got != nospace(i18n.English.T(i18n.PuzzleShown)) {
		t.Errorf("status of the solution: %q", got)
	}
	until(t, a, "the solution's mate", 40*time.Second, func() bool { return a.Table().Over() })
	if r := a.Table().Result(); !strings.HasPrefix(r, "Red wins") {
		t.Errorf("the solution ended %q", r)
	}
	b := New(Config{Store: Store{Dir: dir}, Pipe: &fakePipe{}})
	b.Resize(1000, 700)
	b.Key(KeyPuzzles)
	b.pz.cursor, b.pz.follow = i, true
	if got := opsText(b.Scene().Find("puzzle-mark " + strconv.Itoa(i))); got != "×" {
		t.Errorf("after a restart the failed puzzle's mark %q", got)
	}
}

// TestPuzzleProgressUnreadable: a progress file that cannot be read is set aside and said,
// and the list starts with none solved.
func TestPuzzleProgressUnreadable(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "puzzles.json"), []byte(`{"适情雅趣 1": `), 0o644)
	a := New(Config{Store: Store{Dir: dir}, Pipe: &fakePipe{}})
	if !strings.Contains(a.Notice(), "puzzles.json") || len(a.Progress().States) != 0 {
		t.Errorf("notice %q, progress %v", a.Notice(), a.Progress())
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "puzzles.json.corrupt-*")); len(m) != 1 {
		t.Errorf("set aside: %v", m)
	}
}

// TestPuzzlesFollowTheGame: the list is the game's: Reversi lists its collections, if any
// are shipped, and the Puzzles button is idle without one.
func TestPuzzlesFollowTheGame(t *testing.T) {
	a, _ := newTestApp(t, &fakePipe{})
	a.Key(KeyPuzzles)
	a.Button("game:" + play.VariantReversi)
	list, err := puzzles.For(play.VariantReversi)
	shown, on := enabled(a, "puzzles")
	if !shown || on != (len(list) > 0 || err != nil) || a.PuzzlesOpen() != on {
		t.Errorf("Reversi with %d puzzles: the button shown %v enabled %v, the list open %v", len(list), shown, on, a.PuzzlesOpen())
	}
	if len(list) > 0 && len(a.Scene().Find("puzzle 0")) != 1 {
		t.Error("the Reversi list shows no entry")
	}
}

// nospace is s as shownText gives a text: without its spaces (a wrapped line's are cut).
func nospace(s string) string { return strings.ReplaceAll(s, " ", "") }

// reversiPuzzles is a Reversi collection of one puzzle, as cmd/reversi-puzzles writes them:
// 14 empties, Black to move, f8 the best (+18 discs with perfect play).
const reversiPuzzles = "fen\tnumber\tbest\tscore\tmoves\n" +
	"OXOOOO--OXXOXOX-OOOXOOO-OXXOXOO-OXOOOO--OXOXOOO-OOXOOO--O--XO-O- X\t1\tf8\t18\tf8:+18 h2:+2 h4:+2 h6:+2 b8:+2 g1:0 h3:-2 h5:-2 g5:-4 h7:-8 g7:-16\n"

// TestReversiPuzzlesOnTheDesktop: with a Reversi collection, the Puzzles button lists it for
// Reversi under the collection's name in the reader's words, each puzzle by number and
// empties; a puzzle opened says its goal, the best move solves it at once (no engine), and
// the progress keeps it.
func TestReversiPuzzlesOnTheDesktop(t *testing.T) {
	a := New(Config{Store: Store{Dir: t.TempDir()}, Pipe: &fakePipe{}, Lang: i18n.English,
		Puzzles: func(v string) ([]play.Puzzle, error) {
			if v != play.VariantReversi {
				return nil, nil
			}
			return play.ParsePuzzles(v, reversiPuzzles)
		}})
	a.Resize(1000, 700)
	if _, on := enabled(a, "puzzles"); on {
		t.Error("the Puzzles button is enabled for Xiangqi, which has no collection here")
	}
	a.Button("game:" + play.VariantReversi)
	pressButton(t, a, "puzzles")
	if got := shownText(a, "puzzle-source"); got != nospace("Reversi: find the best move") {
		t.Errorf("the collection's name %q", got)
	}
	if got := shownText(a, "puzzle 0"); got != nospace("No. 1 · 14 empties") {
		t.Errorf("the entry %q", got)
	}
	a.Key(KeyEnter)
	if got := shownText(a, "status"); got != nospace("Black to move: find the best move · 14 empties") {
		t.Errorf("status %q", got)
	}
	clickAt(t, a, "g5")
	if got := shownText(a, "status"); puzzleState(a) != play.PuzzleFailed || !strings.HasPrefix(got, nospace("g5 gives −4 against +18")) {
		t.Errorf("after g5: %q, status %q", puzzleState(a), got)
	}
	pressButton(t, a, "puzzle-retry")
	clickAt(t, a, "f8")
	if got := shownText(a, "status"); puzzleState(a) != play.PuzzleSolved || got != nospace("Solved: f8 gives +18, the best") {
		t.Errorf("after f8: %q, status %q", puzzleState(a), got)
	}
	if got := a.Progress().States["reversi 1"]; got != play.PuzzleSolved {
		t.Errorf("the progress says %q", got)
	}
}

// TestPuzzleRowInPlace: at every size and in every language, a puzzle on the board moves no
// button: its row takes the engine row's place (the same rows high), and the list opening in
// the move list's place moves nothing either.
func TestPuzzleRowInPlace(t *testing.T) {
	for _, sz := range sizes {
		for _, lang := range i18n.Langs {
			a := New(Config{Store: Store{Dir: t.TempDir()}, Pipe: &fakePipe{}, Lang: lang})
			a.Resize(sz[0], sz[1])
			before := buttonBoxes(a)
			a.Key(KeyPuzzles)
			open := buttonBoxes(a)
			a.Key(KeyEnter)
			after := buttonBoxes(a)
			for id, b := range before {
				if o := open[id]; o != b {
					t.Errorf("%v %s: the list moved %s from %+v to %+v", sz, lang, id, b, o)
				}
				if p, ok := after[id]; ok && p != b {
					t.Errorf("%v %s: the puzzle moved %s from %+v to %+v", sz, lang, id, b, p)
				}
			}
			if after["puzzle-hint"].Y != before["hint"].Y || after["puzzle-next"].Y+after["puzzle-next"].H > before["continue"].Y {
				t.Errorf("%v %s: the puzzle's row %+v … %+v is not in the engine row's place %+v", sz, lang, after["puzzle-hint"], after["puzzle-next"], before["hint"])
			}
		}
	}
}

// TestPuzzleRatingOnTheDesktop: over the list the person's rating (1500? at first) and streak,
// and the daily puzzle's entry, which a click opens (then marked ✓); solved, the rating rises, the line under the
// buttons says the change, the list and the puzzle's entry show the new ratings, kept over a
// restart; a hint on another day's first attempt makes it a loss.
func TestPuzzleRatingOnTheDesktop(t *testing.T) {
	dir := t.TempDir()
	two := reversiPuzzles + strings.Replace(strings.SplitAfterN(reversiPuzzles, "\n", 2)[1], "\t1\t", "\t2\t", 1)
	cfg := Config{Store: Store{Dir: dir}, Pipe: &fakePipe{}, Lang: i18n.English,
		Puzzles: func(v string) ([]play.Puzzle, error) {
			if v != play.VariantReversi {
				return nil, nil
			}
			return play.ParsePuzzles(v, two)
		}}
	a := New(cfg)
	a.Resize(1000, 700)
	a.now = time.Date(2026, 12, 7, 9, 0, 0, 0, time.Local)
	a.Button("game:" + play.VariantReversi)
	pressButton(t, a, "puzzles")
	list, _ := a.puzzles()
	day := play.DailyPuzzle(list, "2026-12-07")
	if got := shownText(a, "puzzle-rating"); got != nospace("Rating 1500? · Streak 0") {
		t.Errorf("the rating's line %q", got)
	}
	if got, want := shownText(a, "puzzle daily"), nospace("Daily puzzle"); got != want {
		t.Errorf("the daily entry %q, want %q", got, want)
	}
	if got := shownText(a, "puzzle-mate 0"); got != "1300" {
		t.Errorf("the first puzzle's rating %q, want 1300 (14 empties)", got)
	}
	o := a.Scene().Find("puzzle daily")[0]
	a.PointerDown(o.X+o.W/2, o.Y+o.H/2)
	a.PointerUp(o.X+o.W/2, o.Y+o.H/2)
	if pz, st, _, ok := a.Table().Puzzle(); !ok || play.PuzzleID(pz) != play.PuzzleID(list[day]) || st != play.PuzzleSolving {
		t.Fatalf("the daily entry opened %+v %q", pz, st)
	}
	clickAt(t, a, "f8")
	r := a.Progress().Player()
	_, change, _ := a.Progress().LastChange()
	if puzzleState(a) != play.PuzzleSolved || r.R <= 1500 || change <= 0 || a.Progress().Rated.Streak != 1 {
		t.Fatalf("solved: %q, rating %+v, change %d", puzzleState(a), r, change)
	}
	if got, want := shownText(a, "puzzle-name"), nospace("Rating "+r.String()+" ("+play.ChangeText(change)+") · "+play.PuzzleName(i18n.English, list[day])); got != want {
		t.Errorf("the line under the buttons %q, want %q", got, want)
	}
	// A restart: the rating is read back; the list shows it and the puzzle's new rating.
	b := New(cfg)
	b.Resize(1000, 700)
	b.now = a.now
	b.Button("game:" + play.VariantReversi)
	pressButton(t, b, "puzzles")
	if got, want := shownText(b, "puzzle-rating"), nospace("Rating "+r.String()+" "+play.ChangeText(change)+" · Streak 1"); got != want {
		t.Errorf("after a restart the rating's line %q, want %q", got, want)
	}
	if got := shownText(b, "puzzle daily"); got != nospace("✓ Daily puzzle") {
		t.Errorf("after a restart the daily entry %q, want it marked solved", got)
	}
	if got := shownText(b, "puzzle-mate "+strconv.Itoa(day)); got == "1300" || got == "" {
		t.Errorf("the solved puzzle's rating %q, unmoved", got)
	}
	// The other puzzle: a hint is a loss at once, though the puzzle is then solved.
	other := 1 - day
	b.openPuzzle(other)
	b.Key(KeyHint)
	if !b.Table().PuzzleHelped() || b.Progress().Player().R >= r.R || b.Progress().Rated.Streak != 0 {
		t.Errorf("after the hint: helped %v, rating %+v (was %+v), streak %d", b.Table().PuzzleHelped(), b.Progress().Player(), r, b.Progress().Rated.Streak)
	}
	clickAt(t, b, "f8")
	if try, _ := b.Progress().Try(list[other]); try.Won || b.Progress().Of(list[other]) != play.PuzzleSolved {
		t.Errorf("solved after the hint: %+v, %q", try, b.Progress().Of(list[other]))
	}
}
