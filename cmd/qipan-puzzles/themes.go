package main

// A mined puzzle's themes, told by rule from its line and the position it ends in. The keys
// are app/play's PuzzleThemes (the words in app/i18n). A mate's final position is the
// defence's, mated; "the checkers" are the solver's pieces attacking its general there.
//   - 马后炮 (mahoupao): a cannon checks with the solver's own horse as its screen.
//   - 重炮 (chongpao): a cannon checks with the solver's other cannon as its screen.
//   - 闷宫 (mengong): only cannons check, and every square next to the general in its palace
//     that is off the check's line holds one of its own advisors (at least one does).
//   - 卧槽马 (wocaoma): a horse checks from 卧槽, two ranks out of the defence's back rank and
//     a file outside the palace (c7 or g7 against Black, c2 or g2 against Red).
//   - 双车错 (shuangchecuo): the last two of the solver's moves are checks by its two
//     chariots, one each, the mating one a chariot's.
//   - 铁门栓 (tiemenshuan): a chariot mates while a solver cannon on the central file, through
//     one screen, holds a point of that file next to the general (or the general's own).
//   - 白脸将 (bailianjiang, 对面笑): a point next to the general that it could step to (empty
//     or an enemy's) faces the solver's general with nothing between: the flying-general rule
//     takes part in the mate.
//   - wins-chariot: a gain's line takes more of the defence's chariots than it loses.

import (
	"qipan/engine/xiangqi"
)

// The theme keys (app/play.PuzzleThemes).
const (
	ThemeMaHouPao     = "mahoupao"
	ThemeChongPao     = "chongpao"
	ThemeMenGong      = "mengong"
	ThemeWoCaoMa      = "wocaoma"
	ThemeShuangCheCuo = "shuangchecuo"
	ThemeTieMenShuan  = "tiemenshuan"
	ThemeBaiLianJiang = "bailianjiang"
	ThemeWinsChariot  = "wins-chariot"
)

// themesOf names the puzzle's themes, in the order of the constants above.
func themesOf(p minedPuzzle) []string {
	pos, err := xiangqi.ParseFEN(p.fen)
	if err != nil || len(p.line) == 0 {
		return nil
	}
	solver := pos.Turn()
	var out []string
	if p.mate == 0 {
		if winsChariot(pos, p.line) {
			out = append(out, ThemeWinsChariot)
		}
		return out
	}
	// The solver's last two moves: were they checks, by which piece, from where.
	type solverMove struct {
		m     xiangqi.Move
		kind  xiangqi.Kind
		check bool
	}
	var moves []solverMove
	for i, m := range p.line {
		k := pos.At(m.From()).Kind()
		pos.Make(m)
		if i%2 == 0 {
			moves = append(moves, solverMove{m, k, pos.InCheck()})
		}
	}
	var ml xiangqi.MoveList
	pos.GenerateLegal(&ml)
	if ml.N != 0 {
		return nil // not a mate
	}
	g := pos.GeneralSquare(solver.Other())
	checkers := checkersOf(pos, g, solver)
	kinds := map[xiangqi.Kind]int{}
	for _, c := range checkers {
		kinds[pos.At(c).Kind()]++
	}
	screenKinds := map[xiangqi.Kind]bool{}
	for _, c := range checkers {
		if pos.At(c).Kind() == xiangqi.Cannon {
			if s := between(pos, c, g); len(s) == 1 && pos.At(s[0]).Color() == solver {
				screenKinds[pos.At(s[0]).Kind()] = true
			}
		}
	}
	if screenKinds[xiangqi.Horse] {
		out = append(out, ThemeMaHouPao)
	}
	if screenKinds[xiangqi.Cannon] {
		out = append(out, ThemeChongPao)
	}
	if len(checkers) > 0 && kinds[xiangqi.Cannon] == len(checkers) && hemmedByAdvisors(pos, g, checkers) {
		out = append(out, ThemeMenGong)
	}
	for _, c := range checkers {
		if pos.At(c).Kind() == xiangqi.Horse && isWoCao(c, solver.Other()) {
			out = append(out, ThemeWoCaoMa)
			break
		}
	}
	if n := len(moves); n >= 2 {
		a, b := moves[n-2], moves[n-1]
		if a.kind == xiangqi.Chariot && b.kind == xiangqi.Chariot && a.check && b.check && b.m.From() != a.m.To() {
			out = append(out, ThemeShuangCheCuo)
		}
	}
	if kinds[xiangqi.Chariot] > 0 && centralCannonHolds(pos, g, solver) {
		out = append(out, ThemeTieMenShuan)
	}
	if generalsFace(pos, g, solver) {
		out = append(out, ThemeBaiLianJiang)
	}
	return out
}

// winsChariot: over the line, the defence loses more chariots than the solver.
func winsChariot(pos *xiangqi.Position, line []xiangqi.Move) bool {
	q := *pos
	solver := q.Turn()
	lost := [2]int{}
	for _, m := range line {
		if pc := q.At(m.To()); pc != xiangqi.NoPiece && pc.Kind() == xiangqi.Chariot {
			lost[pc.Color()]++
		}
		q.Make(m)
	}
	return lost[solver.Other()] > lost[solver]
}

// between lists the occupied points strictly between a and b on one file or rank (nil when
// they share neither).
func between(pos *xiangqi.Position, a, b xiangqi.Square) []xiangqi.Square {
	df, dr := sign(b.File()-a.File()), sign(b.Rank()-a.Rank())
	if df != 0 && dr != 0 || a == b {
		return nil
	}
	var out []xiangqi.Square
	for f, r := a.File()+df, a.Rank()+dr; f != b.File() || r != b.Rank(); f, r = f+df, r+dr {
		if s := xiangqi.SquareOf(f, r); pos.At(s) != xiangqi.NoPiece {
			out = append(out, s)
		}
	}
	return out
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func absInt(x int) int { return x * sign(x) }

// attacks says whether the piece on from attacks the point to by its own move (the
// generals' facing is told apart: generalsFace).
func attacks(pos *xiangqi.Position, from, to xiangqi.Square) bool {
	pc := pos.At(from)
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	onLine := (df == 0) != (dr == 0)
	switch pc.Kind() {
	case xiangqi.Chariot:
		return onLine && len(between(pos, from, to)) == 0
	case xiangqi.Cannon:
		return onLine && len(between(pos, from, to)) == 1
	case xiangqi.Horse:
		var leg xiangqi.Square
		switch {
		case absInt(df) == 1 && absInt(dr) == 2:
			leg = xiangqi.SquareOf(from.File(), from.Rank()+sign(dr))
		case absInt(df) == 2 && absInt(dr) == 1:
			leg = xiangqi.SquareOf(from.File()+sign(df), from.Rank())
		default:
			return false
		}
		return pos.At(leg) == xiangqi.NoPiece
	case xiangqi.Soldier:
		forward := 1
		if pc.Color() == xiangqi.Black {
			forward = -1
		}
		crossed := pc.Color() == xiangqi.Red && from.Rank() >= 5 || pc.Color() == xiangqi.Black && from.Rank() <= 4
		return df == 0 && dr == forward || crossed && dr == 0 && absInt(df) == 1
	}
	return false
}

// checkersOf are side's pieces attacking the point g.
func checkersOf(pos *xiangqi.Position, g xiangqi.Square, side xiangqi.Color) []xiangqi.Square {
	var out []xiangqi.Square
	pos.Squares(side, func(s xiangqi.Square, _ xiangqi.Piece) {
		if attacks(pos, s, g) {
			out = append(out, s)
		}
	})
	return out
}

// palaceNeighbours are the points next to g (file or rank) inside its side's palace.
func palaceNeighbours(g xiangqi.Square) []xiangqi.Square {
	var out []xiangqi.Square
	for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		f, r := g.File()+d[0], g.Rank()+d[1]
		if f < 3 || f > 5 || r < 0 || r > 9 || (r > 2 && r < 7) || (g.Rank() <= 2) != (r <= 2) {
			continue
		}
		out = append(out, xiangqi.SquareOf(f, r))
	}
	return out
}

// hemmedByAdvisors: every palace point next to g off the checks' lines holds one of the
// general's own advisors, and there is at least one such point.
func hemmedByAdvisors(pos *xiangqi.Position, g xiangqi.Square, checkers []xiangqi.Square) bool {
	own := pos.At(g).Color()
	n := 0
	for _, s := range palaceNeighbours(g) {
		onLine := false
		for _, c := range checkers {
			if s.File() == c.File() && c.File() == g.File() || s.Rank() == c.Rank() && c.Rank() == g.Rank() {
				onLine = true
			}
		}
		if onLine {
			continue
		}
		if pc := pos.At(s); pc == xiangqi.NoPiece || pc.Color() != own || pc.Kind() != xiangqi.Advisor {
			return false
		}
		n++
	}
	return n > 0
}

// isWoCao says whether s is a 卧槽 point against the defence's palace.
func isWoCao(s xiangqi.Square, defence xiangqi.Color) bool {
	r := 7
	if defence == xiangqi.Red {
		r = 2
	}
	return s.Rank() == r && (s.File() == 2 || s.File() == 6)
}

// centralCannonHolds: a cannon of side's on the central file attacks, through one screen,
// the general's point or a palace point next to it on that file.
func centralCannonHolds(pos *xiangqi.Position, g xiangqi.Square, side xiangqi.Color) bool {
	targets := []xiangqi.Square{g}
	for _, s := range palaceNeighbours(g) {
		if pc := pos.At(s); pc == xiangqi.NoPiece || pc.Color() == side {
			targets = append(targets, s)
		}
	}
	held := false
	pos.Squares(side, func(c xiangqi.Square, pc xiangqi.Piece) {
		if pc.Kind() != xiangqi.Cannon || c.File() != 4 {
			return
		}
		for _, t := range targets {
			if t.File() == 4 && t != c && len(betweenWithout(pos, c, t, g)) == 1 {
				held = true
			}
		}
	})
	return held
}

// betweenWithout is between with the point gone left out (the general that would step).
func betweenWithout(pos *xiangqi.Position, a, b, gone xiangqi.Square) []xiangqi.Square {
	var out []xiangqi.Square
	for _, s := range between(pos, a, b) {
		if s != gone {
			out = append(out, s)
		}
	}
	return out
}

// generalsFace: a palace point next to the mated general g that it could otherwise step to
// (empty, or holding a piece of side's, attacked by none of side's other pieces once the
// general stands there) faces side's general with nothing between.
func generalsFace(pos *xiangqi.Position, g xiangqi.Square, side xiangqi.Color) bool {
	own := pos.GeneralSquare(side)
	for _, s := range palaceNeighbours(g) {
		if pc := pos.At(s); pc != xiangqi.NoPiece && pc.Color() != side || s.File() != own.File() {
			continue
		}
		if len(betweenWithout(pos, s, own, g)) > 0 {
			continue
		}
		q := *pos
		q.Make(xiangqi.NewMove(g, s)) // the general stepped there, legal or not
		held := false
		for _, c := range checkersOf(&q, s, side) {
			held = held || c != own
		}
		if !held {
			return true
		}
	}
	return false
}

// ratingOf is the puzzle's rating guess: 1000, and 150 for each of the solver's moves with
// 100 more for each quiet one (not a check: harder to see), at most 2500.
func ratingOf(p minedPuzzle) int {
	pos, err := xiangqi.ParseFEN(p.fen)
	if err != nil {
		return 1500
	}
	r := 1000
	for i, m := range p.line {
		pos.Make(m)
		if i%2 == 0 {
			r += 150
			if !pos.InCheck() {
				r += 100
			}
		}
	}
	return min(r, 2500)
}
