package ui

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/engine/xiangqi"
)

func mustMove(t *testing.T, s string) xiangqi.Move {
	t.Helper()
	m, err := xiangqi.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// drawn is the HTML of b's board drawn from its view.
func drawn(b *play.Table, o play.ViewOptions, d drawing) string {
	return appHTML(drawBoard(b.View(o), d))
}

// tableAfter is a new table of variant v (two: with two players) after clicks on the points
// named, the engine's lines sent, and when there are answers a hint asked and answered.
func tableAfter(t *testing.T, v string, two bool, clicks []string, answers ...string) *play.Table {
	t.Helper()
	b := play.NewTable(v)
	if two {
		b.SetTwoPlayer()
	}
	s := play.NewSession(b)
	for _, n := range clicks {
		s.Click(n)
	}
	if len(answers) > 0 && !b.RequestHint() {
		t.Fatal("no hint")
	}
	b.EngineLines()
	for _, l := range answers {
		s.EngineSaid(l)
	}
	return b
}

func TestPointXY(t *testing.T) {
	tests := []struct {
		sq      string
		flipped bool
		x, y    int
	}{
		{"a0", false, 100, 1000},
		{"i9", false, 900, 100},
		{"e4", false, 500, 600},
		{"a0", true, 900, 100},
		{"i9", true, 100, 1000},
		{"e4", true, 500, 500},
	}
	for _, tt := range tests {
		b := play.NewTable(play.VariantXiangqi)
		b.SetFlipped(tt.flipped)
		s, _ := b.ParseSquare(tt.sq)
		c, _ := b.View(play.ViewOptions{}).Find(s)
		if x, y := pointXY(c); x != tt.x || y != tt.y {
			t.Errorf("pointXY(%s, %v) = %d,%d, want %d,%d", tt.sq, tt.flipped, x, y, tt.x, tt.y)
		}
	}
}

func TestBoardStart(t *testing.T) {
	html := drawn(play.NewTable(play.VariantXiangqi), play.ViewOptions{}, drawing{})
	counts := map[string]int{"data-hint-move": 0, "data-piece": 32, "data-square": 32 + 90, "data-hint": 0, "data-last": 0, "data-check": 0, "data-ready": 0, "data-thinking": 0}
	for s, n := range counts {
		if got := countAttr(html, s); got != n {
			t.Errorf("%s appears %d times, want %d", s, got, n)
		}
	}
	for _, s := range []string{`data-turn="w"`, `data-fen="` + xiangqi.StartFEN + `"`, `id="board"`} {
		if !strings.Contains(html, s) {
			t.Errorf("no %s", s)
		}
	}
	// Every piece letter of the start position is drawn with its character.
	for _, p := range "KABNRCPkabnrcp" {
		if !strings.Contains(html, `data-piece="`+string(p)+`"`) {
			t.Errorf("no piece %c", p)
		}
	}
}

func TestBoardSelectionHintsLastCheck(t *testing.T) {
	b := tableAfter(t, play.VariantXiangqi, true, []string{"b0", "c2", "b9", "c7", "h2"})
	html := drawn(b, play.ViewOptions{}, drawing{Ready: true})
	if got := countAttr(html, "data-hint"); got != len(b.Targets()) || got == 0 {
		t.Errorf("%d hint markers, want %d", got, len(b.Targets()))
	}
	if got := countAttr(html, "data-last"); got != 2 || !hasTag(html, "data-last", `data-square="c7"`) {
		t.Errorf("%d last-move points, want 2", got)
	}
	if countAttr(html, "data-ready") != 1 {
		t.Error("no data-ready")
	}
	if !regexp.MustCompile(`class="piece red selected"[^>]*|data-square="h2"[^>]*class="piece red selected"`).MatchString(html) {
		t.Error("h2 not drawn as selected")
	}
	b = tableAfter(t, play.VariantXiangqi, false, []string{"h2", "e2"})
	if html := drawn(b, play.ViewOptions{}, drawing{}); countAttr(html, "data-thinking") != 1 {
		t.Error("no data-thinking while the engine searches")
	}

	b = play.NewTable(play.VariantXiangqi)
	if _, _, err := b.Import("3k5/9/9/9/4r4/9/9/9/9/4K4 w - - 0 1"); err != nil {
		t.Fatal(err)
	}
	html = drawn(b, play.ViewOptions{}, drawing{})
	if countAttr(html, "data-check") != 1 {
		t.Fatalf("no single data-check in %s", html[:200])
	}
	tag := regexp.MustCompile(`<g [^>]*data-check(?:[ =][^>]*)?>`).FindString(html)
	if !strings.Contains(tag, `data-piece="K"`) || !strings.Contains(tag, `data-square="e0"`) {
		t.Errorf("data-check on %s, want the red general on e0", tag)
	}
}

func TestMoveList(t *testing.T) {
	texts := []string{"H2-E2", "H9-G7", "B0-C2", "B9-C7"}
	html := appHTML(newMoveList().WithRecord(texts, 3, 2, false))
	for i, want := range texts {
		re := regexp.MustCompile(`<span [^>]*data-ply="` + itoa(i+1) + `"[^>]*>\s*` + want)
		if !re.MatchString(html) {
			t.Errorf("no entry data-ply=%d %s in %s", i+1, want, html)
		}
	}
	if strings.Count(html, "data-ply=") != 4 || !strings.Contains(html, "2.") {
		t.Errorf("want 4 entries over 2 full moves: %s", html)
	}
	// The shown ply is current; the redo tail (ply 4) is marked as such.
	for _, tt := range []struct{ ply, class string }{{"2", "move current"}, {"4", "move tail"}, {"3", "move"}} {
		if !regexp.MustCompile(`<span [^>]*class="` + tt.class + `"[^>]*data-ply="` + tt.ply + `"|<span [^>]*data-ply="` + tt.ply + `"[^>]*class="` + tt.class + `"`).MatchString(html) {
			t.Errorf("entry %s is not class %q: %s", tt.ply, tt.class, html)
		}
	}
	html = appHTML(newMoveList().WithRecord(texts[:1], 1, 1, true))
	if !strings.Contains(html, "…") {
		t.Errorf("a game starting with Black has no placeholder for Red's move: %s", html)
	}
	if html := appHTML(newMoveList()); strings.Contains(html, "data-ply") {
		t.Errorf("empty list has entries: %s", html)
	}
}

func TestPageStatus(t *testing.T) {
	p := NewPage()
	html := appHTML(p)
	for _, action := range []string{"new", "undo", "redo", "flip", "hint", "move-now", "play-red", "play-black", "play-two", "level", "notation", "coords", "sound", "io"} {
		if !strings.Contains(html, `data-action="`+action+`"`) {
			t.Errorf("no %s control", action)
		}
	}
	if !strings.Contains(html, "Loading") || strings.Contains(html, "data-result") {
		t.Errorf("a page not yet running should say it is loading")
	}
	m, err := play.RestoreTable(play.Saved{Version: play.SavedVersion, Start: "4k4/9/9/9/3r5/9/9/9/9/3K5 w - - 0 1"})
	if err != nil {
		t.Fatal(err)
	}
	p.s.Put(m)
	p.mounted = true
	if html := appHTML(p); !strings.Contains(html, `data-result="Black wins: Red is checkmated"`) {
		t.Errorf("mate not shown")
	}
	// A draw by repetition ends the game with its reason too.
	m, err = play.RestoreTable(play.Saved{Version: play.SavedVersion, Start: xiangqi.StartFEN, Moves: "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9", Ply: 8})
	if err != nil {
		t.Fatal(err)
	}
	p.s.Put(m)
	if html := appHTML(p); !strings.Contains(html, `data-result="Draw: the same position three times"`) {
		t.Errorf("repetition not shown")
	}
	// Reviewing: the status says so, with continue and back buttons; the board shows ply 2.
	m.Review(2)
	html = appHTML(p)
	if !strings.Contains(html, "Reviewing move 1, Black") || !strings.Contains(html, `data-action="continue"`) || !strings.Contains(html, `data-action="live"`) {
		t.Errorf("review not shown")
	}
	if !strings.Contains(html, `data-fen="`+xiangqiGame(m).PositionAt(2).FEN()+`"`) {
		t.Errorf("board does not show the reviewed position")
	}
}

func TestSettingsPanel(t *testing.T) {
	st := play.Settings{Level: 3, Notation: play.WXF, Muted: true, Coords: play.CoordsICCS, Report: play.ReportThorough}
	html := appHTML(newSettings().With(play.VariantXiangqi, play.VsComputer, int(xiangqi.Black), st, false).Timed("10+5"))
	for name, v := range map[string]string{"level": "3", "notation": "wxf", "coords": "iccs", "clock": "10+5", "report-depth": "thorough"} {
		sel := regexp.MustCompile(`(?s)<select [^>]*data-action="` + name + `".*?</select>`).FindString(html)
		opt := regexp.MustCompile(`<option [^>]*value="` + regexp.QuoteMeta(v) + `"[^>]*>`).FindString(sel)
		if !regexp.MustCompile(` selected[ >=]`).MatchString(opt) {
			t.Errorf("option %s not selected: %s", v, opt)
		}
	}
	if strings.Count(html, " selected") != 5 || !strings.Contains(html, "Sound off") {
		t.Errorf("want exactly 5 options selected and the sound off: %s", html)
	}
	// go-app prerenders aria-pressed="true" as a bare aria-pressed (the live DOM gets "true").
	var pressed []string
	for _, b := range regexp.MustCompile(`<button [^>]*data-action="play-[^>]*>`).FindAllString(html, -1) {
		if strings.Contains(b, "aria-pressed") && !strings.Contains(b, `aria-pressed="false"`) {
			pressed = append(pressed, regexp.MustCompile(`data-action="([^"]+)"`).FindStringSubmatch(b)[1])
		}
	}
	if len(pressed) != 1 || pressed[0] != "play-black" {
		t.Errorf("side buttons pressed: %v, want only play-black", pressed)
	}
}

func TestIOPanel(t *testing.T) {
	html := appHTML(newIOPanel().With("FEN: bad rank", ""))
	for _, want := range []string{"data-io-text", `data-io-error="FEN: bad rank"`, `data-action="import"`, `data-action="export-fen"`, `data-action="export-iccs"`, `data-action="export-zh"`, `data-action="export-pgn"`, `data-action="export-dhtmlxq"`, `data-io-file`, `accept=".pgn,.xqf`} {
		if !strings.Contains(html, want) {
			t.Errorf("no %s in %s", want, html)
		}
	}
	if html := appHTML(newIOPanel()); strings.Contains(html, "data-io-error") {
		t.Error("an error shown with none")
	}
}

func TestBoardHintArrowAndCoords(t *testing.T) {
	b := tableAfter(t, play.VariantXiangqi, false, nil, "bestmove h2e2")
	html := drawn(b, play.ViewOptions{}, drawing{})
	if !strings.Contains(html, `data-hint-move="h2e2"`) {
		t.Errorf("no hint arrow")
	}
	// Chinese coordinates: Red's 九…一 along the bottom (九 under file a), Black's numbers on top.
	labels := regexp.MustCompile(`data-file-label="([^"]+)"`).FindAllStringSubmatch(html, -1)
	if len(labels) != 18 || labels[0][1] != "九" || labels[1][1] != "1" || labels[16][1] != "一" || labels[17][1] != "9" {
		t.Errorf("file labels %v", labels)
	}
	if !regexp.MustCompile(`class="red-file"[^>]*translate\(100 1066\)|translate\(100 1066\)[^>]*class="red-file"`).MatchString(html) {
		t.Errorf("九 is not at the bottom left: %s", regexp.MustCompile(`<use [^>]*red-file[^>]*>`).FindString(html))
	}
	b.Flip()
	html = drawn(b, play.ViewOptions{}, drawing{})
	if !regexp.MustCompile(`data-file-label="九"[^>]*translate\(900 34\)|translate\(900 34\)[^>]*data-file-label="九"`).MatchString(html) {
		t.Errorf("flipped: 九 is not at the top right")
	}
	html = drawn(play.NewTable(play.VariantXiangqi), play.ViewOptions{Coords: play.CoordsICCS}, drawing{})
	if strings.Contains(html, "data-file-label") || !strings.Contains(html, ">a</text>") || strings.Contains(html, "data-hint-move") {
		t.Errorf("ICCS coordinates or no hint: %s", html[:300])
	}
}

func mustSquare(t *testing.T, s string) xiangqi.Square {
	t.Helper()
	q, err := xiangqi.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestEnginePanelKeepsItsRoomInAnalysis: while analysis is on, the (empty) engine panel is
// marked so that CSS keeps its height and the buttons under it do not move between searches.
func TestEnginePanelKeepsItsRoomInAnalysis(t *testing.T) {
	p := NewPage()
	if strings.Contains(appHTML(p), `class="engine analysing"`) {
		t.Fatal("marked without analysis")
	}
	p.xq().SetAnalysis(true)
	if !strings.Contains(appHTML(p), `class="engine analysing"`) {
		t.Error("the panel is not marked while analysing")
	}
}

// The move list follows the page's language until the person picks a notation; the selector
// shows the notation in use.
func TestPageNotationFollowsLanguage(t *testing.T) {
	tests := []struct {
		lang   i18n.Lang
		chosen play.Notation
		move   string // the first move as the list writes it
		option string // the notation selected
	}{
		{i18n.Simplified, "", "炮二平五", "zh"},
		{i18n.Traditional, "", "炮二平五", "zh-hant"},
		{i18n.English, "", "H2-E2", "iccs"},
		{i18n.Simplified, play.WXF, "C2.5", "wxf"},
		{i18n.Traditional, play.ICCS, "H2-E2", "iccs"},
	}
	for _, tt := range tests {
		p := NewPage()
		p.lang, p.settings.Notation = tt.lang, tt.chosen
		p.xq().Click(int(mustSquare(t, "h2")))
		if !p.xq().Click(int(mustSquare(t, "e2"))) {
			t.Fatal("h2-e2 not played")
		}
		html := appHTML(p)
		if !strings.Contains(html, ">"+tt.move+"<") {
			t.Errorf("%s, chosen %q: no move %s in the list", tt.lang, tt.chosen, tt.move)
		}
		sel := regexp.MustCompile(`(?s)<select [^>]*data-action="notation".*?</select>`).FindString(html)
		opt := regexp.MustCompile(`<option [^>]*value="` + tt.option + `"[^>]*>`).FindString(sel)
		if !regexp.MustCompile(` selected[ >=]`).MatchString(opt) {
			t.Errorf("%s, chosen %q: option %s not selected: %s", tt.lang, tt.chosen, tt.option, sel)
		}
	}
}

// web/early.js names the page in Chinese before the app has loaded: its texts must be
// app/i18n's, which the app sets once it runs.
func TestEarlyPageTitle(t *testing.T) {
	js, err := os.ReadFile("../../web/early.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []i18n.Lang{i18n.Simplified, i18n.Traditional, i18n.English} {
		want := `"` + string(l) + `": ["` + l.T(i18n.PageTitle) + `", "` + l.T(i18n.PageDescription) + `"]`
		if !strings.Contains(string(js), want) {
			t.Errorf("web/early.js does not hold %s", want)
		}
	}
}

// xq and rv are the page's two games, for what only one of them has.
func (p *Page) xq() *play.Table       { return p.s.Of(play.VariantXiangqi) }
func (p *Page) rv() *play.Table       { return p.s.Of(play.VariantReversi) }
func (p *Page) rvGame() *play.Reversi { r, _ := p.rv().Reversi(); return r }

// xiangqiGame is the record of the Xiangqi game at t.
func xiangqiGame(t *play.Table) *xiangqi.Game {
	m, _ := t.Xiangqi()
	return m.Game()
}
