package ui

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"qipan/app/i18n"
	"qipan/app/play"
)

// mateInOne: Red's a8a9 mates (the chariots hold rank 8, the general the e file).
const mateInOne = "3k5/RR7/9/9/9/9/9/9/9/4K4 w - - 0 1"

// puzzleFixture is a small collection in the shipped file's columns (cmd/qipan-puzzles).
const puzzleFixture = "# a fixture\n# of three\nfen\tmanual\tnumber\ttitle\tmate\tfirst\tsecond\n" +
	mateInOne + "\t适情雅趣\t1\t二车错\t1\ta8a9\ta8a7\n" +
	"3k5/9/9/9/9/9/9/9/R8/R3K4 w - - 0 1\t适情雅趣\t2\t双车\t2\ta1a9\t\n" +
	mateInOne + "\t梦入神机\t7\t\t1\ta8a9\t\n"

func fixturePuzzles(t *testing.T) []play.Puzzle {
	t.Helper()
	list, err := play.ParsePuzzles(play.VariantXiangqi, puzzleFixture)
	if err != nil || len(list) != 3 {
		t.Fatalf("the fixture: %d puzzles, %v", len(list), err)
	}
	return list
}

func TestPuzzleList(t *testing.T) {
	list := fixturePuzzles(t)
	pp := play.PuzzleProgress{}
	pp.Note(list[0], play.PuzzleSolved)
	pp.Note(list[2], play.PuzzleFailed)
	html := appHTML(&PuzzleList{Open: true, Puzzles: list, Progress: pp, Current: 1, Lang: i18n.Simplified})
	if n := countAttr(html, "data-puzzle-item"); n != 3 || !strings.Contains(html, `data-puzzles="3"`) {
		t.Errorf("%d entries, want 3: %s", n, html)
	}
	for _, want := range []string{"适情雅趣 第1局 二车错", "1步杀", "梦入神机 第7局", `data-done="solved"`, `data-done="failed"`, "✓ 1 / 2", "✓ 0 / 1", i18n.Simplified.T(i18n.PuzzlesTitle)} {
		if !strings.Contains(html, want) {
			t.Errorf("the list has no %q: %s", want, html)
		}
	}
	cur := regexp.MustCompile(`<button [^>]*aria-current[^>]*>`).FindAllString(html, -1)
	if len(cur) != 1 || !strings.Contains(cur[0], `data-puzzle-item="1"`) || !strings.Contains(cur[0], "current") {
		t.Errorf("the puzzle on the board is not the one marked: %v", cur)
	}
	html = appHTML(&PuzzleList{Open: true, Error: "could not", Lang: i18n.English})
	if !strings.Contains(html, `data-puzzles-error="could not"`) || strings.Contains(html, "data-puzzle-item") {
		t.Errorf("a failed load: %s", html)
	}
	if html := appHTML(&PuzzleList{Puzzles: list}); strings.Contains(html, "data-puzzle-item") {
		t.Errorf("a closed list shows puzzles: %s", html)
	}
}

func TestPuzzleOnThePage(t *testing.T) {
	p := NewPage()
	p.mounted = true
	p.lang = i18n.English
	p.xq().Click(int(mustSquare(t, "h2"))) // a game in progress, to be kept
	p.xq().Click(int(mustSquare(t, "e2")))
	p.s.SetShelf(memShelf{})
	if _, err := p.s.OpenPuzzle(fixturePuzzles(t)[0]); err != nil {
		t.Fatal(err)
	}
	html := appHTML(p)
	for _, want := range []string{`data-puzzle="solving"`, `data-action="puzzle-hint"`, `data-action="puzzle-solution"`, `data-action="puzzle-retry"`,
		`data-action="puzzle-next"`, `data-action="puzzles"`, `data-action="restore-previous"`, "Red to move and win · mate in 1", "适情雅趣 No. 1 二车错"} {
		if !strings.Contains(html, want) {
			t.Errorf("a puzzle on the page: no %s", want)
		}
	}
	// The puzzle's row stands in the engine's: no hint, move now or analysis meanwhile, and as
	// many rows of buttons as before.
	for _, gone := range []string{`data-action="hint"`, `data-action="move-now"`, `data-action="analysis"`} {
		if strings.Contains(html, gone) {
			t.Errorf("a puzzle on the page: %s is there", gone)
		}
	}
	rows := func(html string) int { return strings.Count(html, `class="controls`) }
	if got, want := rows(html), rows(appHTML(NewPage())); got != want {
		t.Errorf("%d rows of buttons with a puzzle, %d without", got, want)
	}
	if !regexp.MustCompile(`class="engine concealed"`).MatchString(html) {
		t.Error("the defence's line is shown while the puzzle is solved")
	}

	s := p.s.Click("a8")
	s = p.s.Click("a9")
	if !s.Moved {
		t.Fatal("a8a9 not played")
	}
	html = appHTML(p)
	if !strings.Contains(html, `data-puzzle="solved"`) || !regexp.MustCompile(`data-result="[^"]+"[^>]*>Solved!<`).MatchString(html) {
		t.Errorf("solved: the board and the status do not say so")
	}
	if !strings.Contains(html, `data-game-over`) || strings.Count(html, `data-action="puzzle-next"`) != 2 {
		t.Errorf("solved: the board offers no next puzzle")
	}
	p.puzzles.progress.Note(fixturePuzzles(t)[0], play.PuzzleSolved)
	b := p.puzzles.set(play.VariantXiangqi)
	b.load, b.list = puzzlesLoaded, fixturePuzzles(t)
	if !p.canNext() || p.puzzleIndex() != 0 {
		t.Errorf("next: can %v, the puzzle's index %d", p.canNext(), p.puzzleIndex())
	}
}

// memShelf keeps the replaced game in memory (the page's is localStorage).
type memShelf map[string]play.Saved

func (m memShelf) Keep(v string, s play.Saved) error { m[v] = s; return nil }
func (m memShelf) Kept(v string) (play.Saved, bool)  { s, ok := m[v]; return s, ok }
func (m memShelf) Drop(v string)                     { delete(m, v) }

func TestPuzzleLink(t *testing.T) {
	for q, want := range map[string]bool{
		"puzzle=1&fen=3k5%2FRR7%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F4K4%20w%20-%20-%200%201": true,
		"puzzle=true": true, "fen=x": false, "view=puzzles": false, "puzzle=0&fen=x": false, "%zz": false,
	} {
		if got := puzzleLink(q); got != want {
			t.Errorf("puzzleLink(%q) = %v, want %v", q, got, want)
		}
	}
	for _, c := range []struct {
		name, fen string
		err       error
		want      string
	}{
		{"no red general", "3k5/9/9/9/9/9/9/9/9/9 w - - 0 1", nil, "红"},
		{"a Reversi board that cannot be judged", strings.Repeat("-", 27) + "OX------XO" + strings.Repeat("-", 27) + " X",
			&play.PuzzleLinkError{Reason: play.PuzzleUnknown}, "无法判定"},
		{"a Reversi board's own error", strings.Repeat("-", 27) + "OX------XO" + strings.Repeat("-", 27) + " X",
			errors.New("no move scored"), "no move scored"},
	} {
		if got := linkPuzzleError(i18n.Simplified, c.fen, c.err); !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q in it", c.name, got, c.want)
		}
	}
}

// puzzlesLink tells the list's and the daily puzzle's links, whatever else they hold (game=).
func TestPuzzlesLink(t *testing.T) {
	for q, want := range map[string]bool{
		"view=puzzles": true, "view=puzzles&game=reversi": true, "daily=1": true, "daily=true&game=reversi&lang=en": true,
		"view=games": false, "daily=0": false, "game=reversi": false, "puzzle=1&fen=x": false, "%zz": false, "": false,
	} {
		if got := puzzlesLink(q); got != want {
			t.Errorf("puzzlesLink(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestPuzzleLines(t *testing.T) {
	en, zh := i18n.English, i18n.Simplified
	tests := []struct {
		l                    i18n.Lang
		text                 string
		head, thinking, rest string
	}{
		{en, en.T(i18n.PuzzleEscapes, "Black"), "That lets Black escape the mate.", "", "Try again, or see the solution."},
		{zh, zh.T(i18n.PuzzleMatesFirst, "黑方"), "这步之后黑方先杀。", "", "再试一次，或看答案。"},
		{en, "Red to move and win · mate in 3 · " + en.T(i18n.ComputerThinking), "Red to move and win · mate in 3", " · " + en.T(i18n.ComputerThinking), ""},
		{zh, zh.T(i18n.PuzzleSolved), zh.T(i18n.PuzzleSolved), "", ""},
		{en, en.T(i18n.PuzzleSolved), "Solved!", "", ""},
	}
	for _, tt := range tests {
		head, thinking, rest := puzzleLines(tt.l, tt.text)
		if head != tt.head || thinking != tt.thinking || rest != tt.rest {
			t.Errorf("puzzleLines(%q) = %q, %q, %q; want %q, %q, %q", tt.text, head, thinking, rest, tt.head, tt.thinking, tt.rest)
		}
	}
}

// reversiFixture is a line of the Reversi collection (web/puzzles/reversi.tsv's columns).
const reversiFixture = "position\tnumber\tbest\tscore\tmoves\tempties\n" +
	"OXOOOO--OXXOXOX-OOOXOOO-OXXOXOO-OXOOOO--OXOXOOO-OOXOOO--O--XO-O- X\t1\tf8\t+18\t" +
	"f8:+18 h2:+2 h4:+2 h6:+2 b8:+2 g1:+0 h3:-2 h5:-2 g5:-4 h7:-8 g7:-16\t14\n"

// TestReversiPuzzlesOnThePage: with Reversi on the board the list is Reversi's collection, by
// number and empties; a wrong move's status gives its score against the best's.
func TestReversiPuzzlesOnThePage(t *testing.T) {
	list, err := play.ParsePuzzles(play.VariantReversi, reversiFixture)
	if err != nil {
		t.Fatal(err)
	}
	html := appHTML(&PuzzleList{Open: true, Puzzles: list, Progress: play.PuzzleProgress{}, Current: -1, Lang: i18n.Simplified, Variant: play.VariantReversi})
	for _, want := range []string{"黑白棋：找出最佳着法", "第1题 · 余14空", `data-puzzle-item="0"`, "终局前的局面"} {
		if !strings.Contains(html, want) {
			t.Errorf("the Reversi list has no %q: %s", want, html)
		}
	}
	p := NewPage()
	p.mounted = true
	p.lang = i18n.English
	p.s.SetShelf(memShelf{})
	xb := p.puzzles.set(play.VariantXiangqi)
	xb.load, xb.list = puzzlesLoaded, fixturePuzzles(t)
	rb := p.puzzles.set(play.VariantReversi)
	rb.load, rb.list = puzzlesLoaded, list
	if _, err := p.s.OpenPuzzle(list[0]); err != nil {
		t.Fatal(err)
	}
	if p.table().Variant() != play.VariantReversi || p.puzzleIndex() != 0 || p.shownPuzzles() != rb {
		t.Fatalf("the board shows %s, the puzzle's index %d", p.table().Variant(), p.puzzleIndex())
	}
	p.puzzles.open = true
	html = appHTML(p)
	for _, want := range []string{`data-puzzle="solving"`, "Black to move: find the best move · 14 empties", "No. 1 · 14 empties", "Reversi: find the best move"} {
		if !strings.Contains(html, want) {
			t.Errorf("a Reversi puzzle on the page: no %q", want)
		}
	}
	if strings.Contains(html, "适情雅趣") {
		t.Error("the Xiangqi manuals are listed with Reversi on the board")
	}
	if s := p.s.Click("g5"); !s.Moved {
		t.Fatal("g5 not played")
	}
	html = appHTML(p)
	if !strings.Contains(html, `data-puzzle="failed"`) || !strings.Contains(html, "g5 gives −4 against +18 for the best.") {
		t.Errorf("failed: the board and the status do not say so")
	}
	p.s.Do(play.ActPuzzleRetry)
	if s := p.s.Click("f8"); !s.Moved {
		t.Fatal("f8 not played")
	}
	// The verdict stays whole on the status's line (puzzleLines moves what follows a sentence).
	if html = appHTML(p); !regexp.MustCompile(`class="status[^"]*"[^>]*>Solved: f8 gives \+18, the best<`).MatchString(html) {
		t.Errorf("solved: the status does not say it whole")
	}
}

// TestPuzzleRatingOnThePage: the list shows the person's rating ("1500?" while provisional)
// and streak, the daily puzzle's entry, each puzzle's rating; a puzzle solved moves them, and
// the line under the buttons says the change.
func TestPuzzleRatingOnThePage(t *testing.T) {
	list := fixturePuzzles(t)
	defer func(f func() string) { today = f }(today)
	today = func() string { return "2026-12-07" }
	daily := play.DailyPuzzle(list, today())
	entry := func(html string, i int) string {
		return regexp.MustCompile(`<button [^>]*data-puzzle-item="` + strconv.Itoa(i) + `"[^>]*>`).FindString(html)
	}
	var pp play.PuzzleProgress
	html := appHTML(&PuzzleList{Open: true, Puzzles: list, Progress: pp, Current: -1, Lang: i18n.Simplified, Daily: daily})
	for _, want := range []string{`data-puzzle-rating="1500?"`, `data-value="1500"`, `data-rd="350"`, "等级分 1500?", "连对 0",
		`data-action="puzzle-daily"`, `data-daily-item="` + strconv.Itoa(daily) + `"`, "每日一题 · " + play.PuzzleName(i18n.Simplified, list[daily])} {
		if !strings.Contains(html, want) {
			t.Errorf("the list has no %q: %s", want, html)
		}
	}
	for i, pz := range list {
		r := strconv.Itoa(play.InitialPuzzleRating(pz).Int())
		if e := entry(html, i); !strings.Contains(e, `data-rating="`+r+`"`) {
			t.Errorf("entry %d %s: want rating %s", i, e, r)
		}
	}
	if d, rows := strings.Index(html, `data-action="puzzle-daily"`), strings.Index(html, `class="puzzle-rows"`); d < 0 || rows < 0 || d > rows {
		t.Error("the daily entry is not over the rows")
	}

	// Solved on the board: the progress rates it; the line under the buttons says the change.
	p := NewPage()
	p.mounted = true
	p.lang = i18n.English
	p.s.SetShelf(memShelf{})
	b := p.puzzles.set(play.VariantXiangqi)
	b.load, b.list = puzzlesLoaded, list
	if _, err := p.s.OpenPuzzle(list[0]); err != nil {
		t.Fatal(err)
	}
	if p.puzzles.progress.NoteTable(p.table()) || p.ratingAfter() != "" {
		t.Error("a puzzle under way is rated")
	}
	p.s.Click("a8")
	if s := p.s.Click("a9"); !s.Moved || !p.puzzles.progress.NoteTable(p.table()) {
		t.Fatal("a8a9 not played or not noted")
	}
	after := p.puzzles.progress.Player()
	_, change, _ := p.puzzles.progress.LastChange()
	if after.R <= 1500 || change <= 0 {
		t.Fatalf("solved: rating %+v, change %d", after, change)
	}
	line := "Rating " + after.String() + " (" + play.ChangeText(change) + ") · 适情雅趣 No. 1 二车错"
	if got := p.puzzleLine(); got != line {
		t.Errorf("the line under the buttons %q, want %q", got, line)
	}
	p.puzzles.open = true
	html = appHTML(p)
	for _, want := range []string{line, `data-value="` + strconv.Itoa(after.Int()) + `"`, `data-change="` + play.ChangeText(change) + `"`, "Streak 1"} {
		if !strings.Contains(html, want) {
			t.Errorf("after the puzzle the page has no %q", want)
		}
	}
	if e := entry(html, 0); !strings.Contains(e, `data-done="solved"`) || strings.Contains(e, `data-rating="`+strconv.Itoa(play.InitialPuzzleRating(list[0]).Int())+`"`) {
		t.Errorf("the solved entry %s: its rating unmoved", e)
	}
}
