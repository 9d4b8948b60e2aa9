package play

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"qipan/app/engineclient"
	"qipan/app/i18n"
	"qipan/app/sound"
	"qipan/engine/xiangqi"
)

// Playing Black: the board turns, the computer moves first, undo goes back to Black's turns.
func TestPlayBlack(t *testing.T) {
	m := newXQ()
	m.SetHuman(xiangqi.Black)
	if !m.Flipped() || m.PersonToMove() || !m.EngineToMove() {
		t.Fatalf("as Black: flipped %v person to move %v", m.Flipped(), m.PersonToMove())
	}
	expectLines(t, "computer opens", m.EngineLines(), lvl6, start, engineclient.DefaultGo)
	if _, moved, err := m.EngineSaid("bestmove h2e2"); !moved || err != nil {
		t.Fatalf("opening move: %v %v", moved, err)
	}
	if m.Click(sq(t, "h2")); m.Selected() != NoSquare {
		t.Error("a red piece was selectable by Black")
	}
	play(t, m, "h9g7")
	expectLines(t, "reply", m.EngineLines(), lvl6, start+" moves h2e2 h9g7", engineclient.DefaultGo)
	m.EngineSaid("bestmove b0c2")
	if !m.Undo() || m.Game().Ply() != 1 {
		t.Fatalf("undo: ply %d, want 1 (Black's turn)", m.Game().Ply())
	}
	if m.Undo() || m.CanUndo() {
		t.Error("undo past Black's first turn (the computer's opening) should do nothing")
	}
	if !m.Redo() || m.Game().Ply() != 3 {
		t.Errorf("redo: ply %d, want 3", m.Game().Ply())
	}
	s := m.Save()
	r, err := restoreXQ(s)
	if err != nil || r.Human() != int(xiangqi.Black) || !r.Flipped() || r.Mode() != VsComputer || s.Human != "b" {
		t.Errorf("restore of a game as Black: %+v %v", s, err)
	}
}

func TestTwoPlayer(t *testing.T) {
	m := newXQ()
	m.SetTwoPlayer()
	play2 := func(moves ...string) {
		t.Helper()
		for _, s := range moves {
			mv, _ := xiangqi.ParseMove(s)
			m.Click(mv.From())
			if !m.Click(mv.To()) {
				t.Fatalf("%s was not played", s)
			}
			expectLines(t, "two players: "+s, m.EngineLines())
		}
	}
	play2("h2e2", "h9g7", "b0c2")
	if !m.Undo() || m.Game().Ply() != 2 || !m.Redo() || m.Game().Ply() != 3 {
		t.Errorf("two-player undo/redo by one ply: ply %d", m.Game().Ply())
	}
	// The computer plays one move when asked, then the board is the people's again.
	expectLines(t, "move now", m.MoveNow(), lvl6, start+" moves h2e2 h9g7 b0c2", engineclient.DefaultGo)
	if m.PersonToMove() {
		t.Error("person to move while the computer was asked to move")
	}
	if _, moved, err := m.EngineSaid("bestmove b9c7"); !moved || err != nil {
		t.Fatalf("asked move: %v %v", moved, err)
	}
	expectLines(t, "after the asked move", m.EngineLines())
	if !m.PersonToMove() || m.Game().Ply() != 4 {
		t.Errorf("after the asked move: person to move %v ply %d", m.PersonToMove(), m.Game().Ply())
	}
	r, err := restoreXQ(m.Save())
	if err != nil || r.Mode() != TwoPlayer {
		t.Errorf("restore two-player: %v %v", r.Mode(), err)
	}
}

func TestMoveNow(t *testing.T) {
	// While thinking: stop, and the answer is played, not dropped.
	m := newXQ()
	play(t, m, "h2e2")
	m.EngineLines()
	expectLines(t, "hurry", m.MoveNow(), "stop")
	expectLines(t, "hurry once", m.MoveNow())
	if _, moved, err := m.EngineSaid("bestmove h9g7"); !moved || err != nil {
		t.Fatalf("hurried bestmove: moved %v err %v", moved, err)
	}
	// On the person's turn: the sides swap and the computer plays Red's move.
	expectLines(t, "swap", m.MoveNow(), lvl6, start+" moves h2e2 h9g7", engineclient.DefaultGo)
	if m.Human() != int(xiangqi.Black) || !m.Flipped() {
		t.Errorf("after swapping: human %v flipped %v", m.Human(), m.Flipped())
	}
	// A search that runs past its limit is hurried by its number; a stale number does nothing.
	id, limit := m.Client.Search()
	if id == 0 || limit != engineclient.MoveTime(engineclient.DefaultGo) {
		t.Fatalf("Search() = %d, %v", id, limit)
	}
	expectLines(t, "stale id", m.Client.Hurry(id-1))
	expectLines(t, "hurry by id", m.Client.Hurry(id), "stop")
}

func TestHint(t *testing.T) {
	m := newXQ()
	if _, ok := m.HintMove(); ok {
		t.Fatal("a hint before asking")
	}
	if !m.RequestHint() {
		t.Fatal("hint refused on the person's turn")
	}
	expectLines(t, "hint search", m.EngineLines(), "setoption level 10", start, HintGo)
	if m.Client.Thinking() || !m.Client.Hinting() {
		t.Error("a hint search counts as the engine's move")
	}
	if _, moved, err := m.EngineSaid("bestmove h2e2"); moved || err != nil {
		t.Fatalf("hint answer: moved %v err %v", moved, err)
	}
	if mv, ok := m.HintMove(); !ok || mv.String() != "h2e2" || m.Game().Ply() != 0 {
		t.Fatalf("hint %v %v ply %d; want h2e2 shown, not played", mv, ok, m.Game().Ply())
	}
	expectLines(t, "after the hint", m.EngineLines())
	// A move makes the hint stale.
	play(t, m, "b0c2")
	if _, ok := m.HintMove(); ok {
		t.Error("the hint outlived the move")
	}
	// A hint asked for, then a move before its answer: the answer is dropped.
	m = newXQ()
	m.RequestHint()
	m.EngineLines()
	play(t, m, "h2e2")
	expectLines(t, "move during a hint search", m.EngineLines(), "stop")
	send, moved, _ := m.EngineSaid("bestmove b0c2")
	if moved || m.Game().Ply() != 1 {
		t.Fatal("the stale hint was played")
	}
	expectLines(t, "the engine's own search follows", send, lvl6, start+" moves h2e2", engineclient.DefaultGo)
	if m.RequestHint() {
		t.Error("hint accepted on the engine's turn")
	}
	// An illegal hint is an error and shows nothing.
	m = newXQ()
	m.RequestHint()
	m.EngineLines()
	if _, _, err := m.EngineSaid("bestmove a0a5"); err == nil {
		t.Error("illegal hint accepted")
	}
	if _, ok := m.HintMove(); ok || m.Client.Failed() != "" {
		t.Error("an illegal hint is shown, or fails the engine")
	}
}

func TestReview(t *testing.T) {
	m := newXQ()
	play(t, m, "h2e2", "h9g7", "b0c2", "b9c7")
	m.Undo() // ply 2, moves 3-4 are the redo tail
	if !m.Review(1) || !m.Reviewing() || m.ShownPly() != 1 {
		t.Fatalf("review 1: reviewing %v shown %d", m.Reviewing(), m.ShownPly())
	}
	if got, want := m.Shown().FEN(), m.Game().PositionAt(1).FEN(); got != want {
		t.Errorf("shown %s, want %s", got, want)
	}
	if last, _ := m.LastMove(); last.String() != "h2e2" {
		t.Errorf("last move while reviewing ply 1: %s", last)
	}
	// Browse-only: clicks neither select nor move; no hint.
	if m.Click(sq(t, "b0")); m.Selected() != NoSquare || m.RequestHint() {
		t.Error("a click or hint was taken while reviewing")
	}
	steps := []struct {
		do        func() bool
		shown     int
		reviewing bool
	}{
		{func() bool { return m.Step(-1) }, 0, true},
		{func() bool { return m.Step(-1) }, 0, true}, // clamped
		{func() bool { return m.Review(99) }, 4, true},
		{func() bool { return m.Step(-2) }, 2, false}, // the game's own ply: live again
		{func() bool { return m.Step(1) }, 3, true},
		{m.BackToGame, 2, false},
		{func() bool { return m.Review(4) }, 4, true},
	}
	for i, s := range steps {
		s.do()
		if m.ShownPly() != s.shown || m.Reviewing() != s.reviewing {
			t.Errorf("step %d: shown %d reviewing %v, want %d %v", i, m.ShownPly(), m.Reviewing(), s.shown, s.reviewing)
		}
	}
	if m.Game().Ply() != 2 {
		t.Fatalf("reviewing changed the game: ply %d", m.Game().Ply())
	}
	// Continue from ply 1 (the computer's turn): it searches there; the record is kept until
	// a move replaces it.
	m.Review(1)
	if !m.ContinueHere() || m.Reviewing() || m.Game().Ply() != 1 || m.Game().Len() != 4 {
		t.Fatalf("continue: reviewing %v ply %d len %d", m.Reviewing(), m.Game().Ply(), m.Game().Len())
	}
	expectLines(t, "continue on the computer's turn", m.EngineLines(), lvl6, start+" moves h2e2", engineclient.DefaultGo)
	m.EngineSaid("bestmove h7e7")
	if m.Game().Len() != 2 || m.Game().Ply() != 2 {
		t.Errorf("a new move after continuing: len %d ply %d, want the tail dropped", m.Game().Len(), m.Game().Ply())
	}
}

func TestLevels(t *testing.T) {
	prev := time.Duration(0)
	for l := MinLevel; l <= MaxLevel; l++ {
		g := LevelGo(l)
		if !strings.HasPrefix(g, "go movetime ") || engineclient.MoveTime(g) <= prev {
			t.Errorf("level %d: %q does not think longer than level %d", l, g, l-1)
		}
		prev = engineclient.MoveTime(g)
		if want := "setoption level " + strconv.Itoa(l); LevelOption(l) != want {
			t.Errorf("LevelOption(%d) = %q, want %q", l, LevelOption(l), want)
		}
	}
	if top := engineclient.MoveTime(LevelGo(MaxLevel)); top < 3*time.Second || top > 5*time.Second || LevelGo(DefaultLevel) != engineclient.DefaultGo {
		t.Errorf("top level %q, default %q", LevelGo(MaxLevel), LevelGo(DefaultLevel))
	}
	for in, want := range map[int]int{0: DefaultLevel, -3: 1, 1: 1, 10: 10, 11: 10} {
		if got := ClampLevel(in); got != want {
			t.Errorf("ClampLevel(%d) = %d, want %d", in, got, want)
		}
	}
	m := newXQ()
	m.SetLevel(2)
	play(t, m, "h2e2")
	expectLines(t, "level 2", m.EngineLines(), "setoption level 2", start+" moves h2e2", LevelGo(2))
}

func TestNotations(t *testing.T) {
	m := newXQ()
	play(t, m, "h2e2", "h9g7", "b0c2")
	m.Undo()
	tests := []struct {
		n    Notation
		want []string
		text string
	}{
		{ICCS, []string{"H2-E2", "H9-G7", "B0-C2"}, "1. H2-E2 H9-G7"},
		{WXF, []string{"C2.5", "H8+7", "H8+7"}, "1. C2.5 H8+7"},
		{Chinese, []string{"炮二平五", "马８进７", "马八进七"}, "1. 炮二平五 马８进７"},
		{ChineseTraditional, []string{"炮二平五", "馬８進７", "馬八進七"}, "1. 炮二平五 馬８進７"},
	}
	for _, tt := range tests {
		if got := m.MoveTexts(tt.n); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q (the redo tail included)", tt.n, got, tt.want)
		}
		if got := m.MovesText(tt.n); got != tt.text {
			t.Errorf("%s text: %q, want %q", tt.n, got, tt.text)
		}
		if n, ok := ParseNotation(string(tt.n)); !ok || n != tt.n {
			t.Errorf("ParseNotation(%q) = %v %v", tt.n, n, ok)
		}
	}
	if n, ok := ParseNotation("klingon"); ok || n != ICCS {
		t.Error("unknown notation accepted")
	}
	// A game starting with Black numbers its first move "1. ...".
	b, _ := restoreXQ(Saved{Version: SavedVersion, Start: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", Moves: "h7e7 h2e2 h9g7", Ply: 3})
	if got := b.MovesText(ICCS); got != "1. ... H7-E7\n2. H2-E2 H9-G7" {
		t.Errorf("black first: %q", got)
	}
}

func TestLastSound(t *testing.T) {
	tests := []struct {
		fen, moves string
		want       sound.Sound
	}{
		{xiangqi.StartFEN, "", sound.None},
		{xiangqi.StartFEN, "h2e2", sound.Move},
		{xiangqi.StartFEN, "h2h9", sound.Capture},
		{xiangqi.StartFEN, "h2h9 i9h9", sound.Capture},
		{xiangqi.StartFEN, "h2h9 i9h9 b0c2", sound.Move}, // a quiet move after two captures
		{"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "a0a9", sound.Check},
		{"3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", "a0d0", sound.End}, // the chariot mates on the d-file
	}
	for _, tt := range tests {
		m, err := restoreXQ(Saved{Version: SavedVersion, Start: tt.fen, Moves: tt.moves, Ply: len(strings.Fields(tt.moves))})
		if err != nil {
			t.Fatal(err)
		}
		if got := m.LastSound(); got != tt.want {
			t.Errorf("%s %s: %q, want %q (%s)", tt.fen, tt.moves, got, tt.want, m.Result())
		}
	}
}

func TestLoadFEN(t *testing.T) {
	m := newXQ()
	play(t, m, "h2e2", "h9g7")
	before := m.Save()
	err := m.LoadFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1")
	if err == nil || m.Save() != before {
		t.Fatalf("bad FEN: err %v, match %+v; want ParseFEN's error and no change", err, m.Save())
	}
	if _, perr := xiangqi.ParseFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1"); perr.Error() != err.Error() {
		t.Errorf("error %q, want ParseFEN's %q", err, perr)
	}
	fen := "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"
	if err := m.LoadFEN(fen); err != nil || m.Position().FEN() != fen || m.Game().Len() != 0 {
		t.Errorf("LoadFEN: %v, %s", err, m.Position().FEN())
	}
}

// The move list follows the reader's language until the person picks a notation.
func TestNotationIn(t *testing.T) {
	tests := []struct {
		chosen Notation
		lang   i18n.Lang
		want   Notation
	}{
		{"", i18n.Simplified, Chinese},
		{"", i18n.Traditional, ChineseTraditional},
		{"", i18n.English, ICCS},
		{"", "", ICCS},
		{ICCS, i18n.Simplified, ICCS},
		{WXF, i18n.Traditional, WXF},
		{Chinese, i18n.English, Chinese},
	}
	for _, tt := range tests {
		if got := (Settings{Notation: tt.chosen, Version: SettingsVersion}).Normalize().NotationIn(tt.lang); got != tt.want {
			t.Errorf("chosen %q, language %q: notation %q, want %q", tt.chosen, tt.lang, got, tt.want)
		}
	}
	if got := (Settings{Notation: "klingon"}).Normalize().NotationIn(i18n.Traditional); got != ChineseTraditional {
		t.Errorf("an unknown saved notation gives %q in Traditional Chinese, want the language's", got)
	}
	// Settings saved before version 2 hold "iccs" as everyone's old default: a Chinese reader
	// who never chose it gets 炮二平五; other old choices stay.
	for _, tt := range []struct {
		saved Notation
		lang  i18n.Lang
		want  Notation
	}{
		{ICCS, i18n.Simplified, Chinese},
		{ICCS, i18n.Traditional, ChineseTraditional},
		{ICCS, i18n.English, ICCS},
		{WXF, i18n.Simplified, WXF},
	} {
		s := Settings{Notation: tt.saved}.Normalize()
		if got := s.NotationIn(tt.lang); got != tt.want || s.Version != SettingsVersion {
			t.Errorf("old settings with %q, language %q: notation %q (version %d), want %q", tt.saved, tt.lang, got, s.Version, tt.want)
		}
	}
}

func TestSettingsNormalize(t *testing.T) {
	got := Settings{Level: 42, Notation: "nope", Coords: "x", Game: "go"}.Normalize()
	if got != (Settings{Level: MaxLevel, Notation: "", Coords: CoordsChinese, Game: VariantXiangqi, Version: SettingsVersion}) {
		t.Errorf("Normalize() = %+v", got)
	}
	keep := Settings{Level: 3, Notation: ICCS, Muted: true, Coords: CoordsICCS, Game: VariantReversi, Version: SettingsVersion}
	if got := keep.Normalize(); got != keep {
		t.Errorf("Normalize changed good settings: %+v", got)
	}
	if _, err := restoreXQ(Saved{Version: SavedVersion, Start: xiangqi.StartFEN, Human: "x"}); err == nil {
		t.Error("a bad saved side was accepted")
	}
}
