package play

import (
	"strings"
	"testing"

	"qipan/app/i18n"
	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
)

// edited returns an editor of game v on an empty board holding the pieces of places
// ("Ke0 kd9"), side to move turn.
func edited(t *testing.T, v, places string, turn int) *Editor {
	t.Helper()
	e := NewEditor(NewTable(v))
	e.Clear()
	e.SetTurn(turn)
	for _, f := range strings.Fields(places) {
		sq, ok := e.ParseSquare(f[1:])
		if !ok || !e.Pick(f[0]) {
			t.Fatalf("bad place %q", f)
		}
		e.Put(sq)
	}
	return e
}

func TestEditorXiangqiCheck(t *testing.T) {
	for _, tc := range []struct {
		name   string
		places string
		turn   int
		want   EditProblem // Detail is only compared for EditOther
	}{
		{"legal", "Ke0 kd9", 0, EditProblem{Side: -1}},
		{"empty board", "", 0, EditProblem{Reason: EditNoGeneral, Side: 0, Piece: 'K'}},
		{"no black general", "Ke0", 0, EditProblem{Reason: EditNoGeneral, Side: 1, Piece: 'k'}},
		{"two red generals", "Kd0 Ke0 kd9", 0, EditProblem{Reason: EditTwoGenerals, Side: 0, Piece: 'K'}},
		{"two black generals", "Ke0 kd9 kf8", 1, EditProblem{Reason: EditTwoGenerals, Side: 1, Piece: 'k'}},
		{"general outside its palace", "Kd3 kf9", 0, EditProblem{Reason: EditGeneralPalace, Side: 0, Piece: 'K', Square: "d3"}},
		{"black general outside", "Ke0 kc9", 0, EditProblem{Reason: EditGeneralPalace, Side: 1, Piece: 'k', Square: "c9"}},
		{"advisor off its points", "Ke0 kd9 Ad1", 0, EditProblem{Reason: EditAdvisorSquare, Side: 0, Piece: 'A', Square: "d1"}},
		{"elephant off its points", "Ke0 kd9 Be3", 0, EditProblem{Reason: EditElephantSquare, Side: 0, Piece: 'B', Square: "e3"}},
		{"elephant across the river", "Ke0 kd9 bc4", 0, EditProblem{Reason: EditElephantSquare, Side: 1, Piece: 'b', Square: "c4"}},
		{"soldier behind its start", "Ke0 kd9 Pa2", 0, EditProblem{Reason: EditSoldierSquare, Side: 0, Piece: 'P', Square: "a2"}},
		{"black soldier behind its start", "Ke0 kd9 pc7", 0, EditProblem{Reason: EditSoldierSquare, Side: 1, Piece: 'p', Square: "c7"}},
		{"three chariots", "Ke0 kd9 Ra1 Rb1 Rc1", 0, EditProblem{Reason: EditTooMany, Side: 0, Piece: 'R', Count: 2}},
		{"six soldiers", "Ke0 kd9 Pa5 Pb5 Pc5 Pd5 Pe5 Pf5", 0, EditProblem{Reason: EditTooMany, Side: 0, Piece: 'P', Count: 5}},
		{"generals facing", "Ke0 ke9", 0, EditProblem{Reason: EditFacing, Side: -1, File: "e"}},
		{"generals facing, black to move", "Kd0 kd8", 1, EditProblem{Reason: EditFacing, Side: -1, File: "d"}},
		{"a piece between the generals", "Ke0 ke9 Pe5", 0, EditProblem{Side: -1}},
		{"side not to move in check", "Ke0 kd9 Rd5", 0, EditProblem{Reason: EditInCheck, Side: 1}},
		{"side to move in check", "Ke0 kd9 Rd5", 1, EditProblem{Side: -1}},
		{"red in check, red to move", "Ke0 kd9 re5", 0, EditProblem{Side: -1}},
		{"red in check, black to move", "Ke0 kd9 re5", 1, EditProblem{Reason: EditInCheck, Side: 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := edited(t, VariantXiangqi, tc.places, tc.turn)
			got := e.Check()
			if got.Reason != "" && got.Detail == "" {
				t.Errorf("%s: problem %q without the rules' sentence", e.FEN(), got.Reason)
			}
			got.Detail = ""
			if got != tc.want {
				t.Errorf("%s: Check() = %+v, want %+v", e.FEN(), got, tc.want)
			}
			if e.Legal() != (tc.want.Reason == "") {
				t.Errorf("%s: Legal() = %v", e.FEN(), e.Legal())
			}
		})
	}
}

func TestEditorReversiCheck(t *testing.T) {
	for _, tc := range []struct {
		name   string
		places string
		turn   int
		want   EditReason
	}{
		{"empty board", "", 0, EditNoDiscs},
		{"black discs only", "Xd4 Xe5", 0, EditNoMoves},
		{"both can move", "Xd4 Oe4", 0, ""},
		{"white to move", "Xd4 Oe4", 1, ""},
		{"side to move must pass", "Xa1 Ob1", 1, ""},
		{"neither side can move", "Xa1 Oh8", 0, EditNoMoves},
		{"a full board", fullBoard(), 0, EditNoMoves},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := edited(t, VariantReversi, tc.places, tc.turn)
			got := e.Check()
			if got.Reason != tc.want {
				t.Errorf("%s: Check() = %+v, want %q", e.FEN(), got, tc.want)
			}
			if got.Reason != "" && got.Detail == "" {
				t.Errorf("%s: problem %q without a sentence", e.FEN(), got.Reason)
			}
		})
	}
}

// fullBoard places 64 discs, black on the top half.
func fullBoard() string {
	var b strings.Builder
	for sq := reversi.Square(0); sq < 64; sq++ {
		c := "X"
		if sq >= 32 {
			c = "O"
		}
		b.WriteString(c + sq.String() + " ")
	}
	return b.String()
}

func TestEditorEditing(t *testing.T) {
	e := NewEditor(NewTable(VariantXiangqi))
	if e.FEN() != xiangqi.StartFEN || !e.Legal() {
		t.Fatalf("a new editor holds %q (legal %v), want the start position", e.FEN(), e.Legal())
	}
	if e.Picked() != 'K' {
		t.Errorf("picked %q first, want the red general", e.Picked())
	}
	if e.Pick('x') || e.Pick('O') || e.Picked() != 'K' {
		t.Errorf("Pick took a letter that is not a Xiangqi piece")
	}
	e.Pick('C')
	e.Put(at("e2"))
	if e.Piece(at("e2")) != 'C' {
		t.Errorf("e2 holds %q after putting a cannon", e.Piece(at("e2")))
	}
	e.Put(at("e2")) // the same piece again takes it off
	if e.Piece(at("e2")) != 0 {
		t.Errorf("e2 holds %q after putting the same cannon twice", e.Piece(at("e2")))
	}
	e.Put(at("h2")) // a red cannon stands there: it goes
	e.Pick('r')
	e.Put(at("b2")) // a red cannon is replaced by a black chariot
	if e.Piece(at("h2")) != 0 || e.Piece(at("b2")) != 'r' {
		t.Errorf("h2 %q b2 %q, want empty and a black chariot", e.Piece(at("h2")), e.Piece(at("b2")))
	}
	if pr := e.Check(); pr.Reason != EditTooMany || pr.Piece != 'r' {
		t.Errorf("three black chariots: Check %+v", pr)
	}
	e.Pick(0)
	e.Put(at("a9"))
	e.Put(at("e0"))
	if e.Piece(at("e0")) != 0 || e.Check().Reason != EditNoGeneral {
		t.Errorf("the eraser left %q on e0; Check %+v", e.Piece(at("e0")), e.Check())
	}
	e.Put(at("e0")) // erasing an empty point leaves it empty
	if e.Piece(at("e0")) != 0 {
		t.Errorf("erasing an empty point put %q", e.Piece(at("e0")))
	}
	e.Move(at("e9"), at("e8")) // the black general steps up its palace
	e.Move(at("e5"), at("e4")) // nothing there: nothing moves
	e.Move(at("e8"), at("e8"))
	if e.Piece(at("e9")) != 0 || e.Piece(at("e8")) != 'k' || e.Piece(at("e4")) != 0 {
		t.Errorf("after moving the black general: e9 %q e8 %q e4 %q", e.Piece(at("e9")), e.Piece(at("e8")), e.Piece(at("e4")))
	}
	e.Move(at("a0"), at("a9")) // a red chariot takes the black one's place
	if e.Piece(at("a0")) != 0 || e.Piece(at("a9")) != 'R' {
		t.Errorf("after moving a0 onto a9: a0 %q a9 %q", e.Piece(at("a0")), e.Piece(at("a9")))
	}
	e.SetTurn(1)
	e.StartPosition()
	if e.FEN() != xiangqi.StartFEN {
		t.Errorf("StartPosition gives %q", e.FEN())
	}
	e.Clear()
	e.SetTurn(1)
	if want := "9/9/9/9/9/9/9/9/9/9 b - - 0 1"; e.FEN() != want {
		t.Errorf("a cleared board with black to move is %q, want %q", e.FEN(), want)
	}

	r := NewEditor(NewTable(VariantReversi))
	if r.FEN() != reversi.NewPosition().String() {
		t.Errorf("a new Reversi editor holds %q", r.FEN())
	}
	if r.Pick('K') || r.Picked() != 'X' {
		t.Errorf("the Reversi palette took a Xiangqi piece")
	}
	r.Clear()
	r.StartPosition()
	if r.FEN() != reversi.NewPosition().String() {
		t.Errorf("StartPosition gives %q", r.FEN())
	}
}

func TestEditorFollowsTheBoard(t *testing.T) {
	m := newXQ()
	b := m.Table
	b.SetTwoPlayer()
	for _, sq := range []string{"h2", "e2", "h9", "g7"} {
		b.Click(at(sq))
	}
	if b.Len() != 2 {
		t.Fatalf("%d moves played, want 2", b.Len())
	}
	b.Flip()
	b.Review(1) // the editor starts from the position shown
	e := NewEditor(b)
	want := m.Shown()
	if got, _ := xiangqi.ParseFEN(e.FEN()); got.BoardFEN() != want.BoardFEN() || got.Turn() != want.Turn() {
		t.Errorf("the editor holds %q, the board shows %q", e.FEN(), want.FEN())
	}
	if !e.Flipped() {
		t.Errorf("the editor is not flipped like the board")
	}
	// The grid is the board's, flip and all.
	for _, p := range [][2]int{{0, 0}, {4, 9}, {8, 3}} {
		if e.Cell(p[0], p[1]) != b.Cell(p[0], p[1]) {
			t.Errorf("Cell(%d, %d) = %d, the board's %d", p[0], p[1], e.Cell(p[0], p[1]), b.Cell(p[0], p[1]))
		}
	}
	e.Flip()
	for _, tc := range []struct {
		from   string
		dx, dy int
		want   string
	}{
		{"e0", 0, -1, "e1"}, {"e0", 1, 0, "f0"}, {"a9", -1, 0, ""}, {"i0", 0, 1, ""}, {"e9", 0, 1, "e8"},
	} {
		got := e.Step(at(tc.from), tc.dx, tc.dy)
		if name := map[bool]string{true: "", false: e.SquareName(got)}[got < 0]; name != tc.want {
			t.Errorf("Step(%s, %d, %d) = %q, want %q", tc.from, tc.dx, tc.dy, name, tc.want)
		}
	}
}

func TestEditorStart(t *testing.T) {
	m := newXQ()
	b := m.Table
	before := m.Game().Start().FEN()
	bad := edited(t, VariantXiangqi, "Ke0 ke9", 0)
	if err := bad.Start(b); err == nil || m.Game().Start().FEN() != before {
		t.Errorf("an illegal position started (err %v), the game starts at %q", err, m.Game().Start().FEN())
	}
	good := edited(t, VariantXiangqi, "Ke0 kd9 Rh5", 1)
	if err := good.Start(b); err != nil {
		t.Fatal(err)
	}
	if got := m.Game().Start().FEN(); got != good.FEN() || b.Len() != 0 || b.Turn() != 1 {
		t.Errorf("the game starts at %q with %d moves, turn %d; want %q, none, black", got, b.Len(), b.Turn(), good.FEN())
	}

	rg := newRV()
	r := rg.Table
	rv := edited(t, VariantReversi, "Xa1 Ob1", 1) // white must pass: the game starts with it
	if err := rv.Start(r); err != nil {
		t.Fatal(err)
	}
	if got := rg.Game().Start().String(); got != rv.FEN() || r.Turn() != 0 || r.Ply() != 1 {
		t.Errorf("the Reversi game starts at %q, turn %d after %d plies; want %q, black after the pass", got, r.Turn(), r.Ply(), rv.FEN())
	}
	if err := edited(t, VariantReversi, "", 0).Start(r); err == nil {
		t.Errorf("an empty Reversi board started")
	}
	if err := good.Start(r); err == nil {
		t.Errorf("a Xiangqi position went into a Reversi board")
	}
}

func TestEditProblemText(t *testing.T) {
	for _, tc := range []struct {
		variant, places string
		turn            int
		l               i18n.Lang
		want            string
	}{
		{VariantXiangqi, "Ke0 kd9", 0, i18n.English, ""},
		{VariantXiangqi, "Ke0 ke9", 0, i18n.English, "The generals face each other on file e with nothing between."},
		{VariantXiangqi, "Ke0 ke9", 0, i18n.Simplified, "将帅在 e 线上照面，中间没有棋子。"},
		{VariantXiangqi, "Ke0 Kd0 kd9", 0, i18n.Traditional, "紅方的將（帥）多於一個。"},
		{VariantXiangqi, "Ke0", 0, i18n.English, "Black has no general."},
		{VariantXiangqi, "Ke0 kd9 Ra1 Rb1 Rc1", 0, i18n.English, "More than 2 of one piece: red chariot."},
		{VariantXiangqi, "Ke0 kd9 Ra1 Rb1 Rc1", 0, i18n.Simplified, "同一种棋子超过 2 个：红车。"},
		{VariantXiangqi, "Kd3 kf9", 0, i18n.English, "Red general on d3: a general must stay in its palace."},
		{VariantXiangqi, "Ke0 kd9 pc7", 0, i18n.Simplified, "黑卒在 c7：兵卒不会退到起始线之后，过河前也只能在起始的五条直线上。"},
		{VariantXiangqi, "Ke0 kd9 Rd5", 0, i18n.English, "Black is in check but it is Red's move."},
		{VariantReversi, "", 0, i18n.Traditional, "棋盤上沒有棋子。"},
		{VariantReversi, "Xd4", 1, i18n.English, "Neither side can move: the game would already be over."},
	} {
		e := edited(t, tc.variant, tc.places, tc.turn)
		if got := e.Check().Text(tc.l, tc.variant); got != tc.want {
			t.Errorf("%s in %s: %q, want %q", e.FEN(), tc.l, got, tc.want)
		}
	}
	other := EditProblem{Reason: EditOther, Detail: "something else"}
	if got := other.Text(i18n.Simplified, VariantXiangqi); got != "局面不合法：something else" {
		t.Errorf("another reason reads %q", got)
	}
}

func TestEditorStuck(t *testing.T) {
	for _, tc := range []struct {
		variant, places string
		turn            int
		want            bool
	}{
		{VariantXiangqi, "Ke0 kd9", 0, false},
		{VariantXiangqi, "Ke0 ke9 rd8 rf8 pe2", 0, true},  // red cannot move and is not in check
		{VariantXiangqi, "Ke0 ke9 rd8 rf8 pe2", 1, false}, // black can
		{VariantXiangqi, "Ke0 ke9", 0, false},             // illegal: not stuck, refused
		{VariantReversi, "Xa1 Ob1", 1, true},              // white passes first
		{VariantReversi, "Xa1 Ob1", 0, false},
		{VariantReversi, "Xd4", 0, false}, // neither side: refused, not a pass
	} {
		e := edited(t, tc.variant, tc.places, tc.turn)
		if got := e.Stuck(); got != tc.want {
			t.Errorf("%s: Stuck() = %v, want %v (Check %+v)", e.FEN(), got, tc.want, e.Check())
		}
	}
}
