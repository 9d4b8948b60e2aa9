package play

import (
	"errors"
	"fmt"
	"slices"

	"qipan/app/engineclient"
	"qipan/app/i18n"
)

// Puzzles (残局): a position whose side to move wins by force. The person plays that side and
// the engine the defence, its strongest reply; any move that keeps the win counts, not only
// the collection's. Whether a move keeps it is the defence's own search's verdict: the
// engine, to move after it, sees itself mated (a mate score against it). A move the engine
// answers without seeing its mate lost the win: the puzzle is failed, and the engine's line
// says what the move allowed. A verified first move (Puzzle.First) is trusted without asking.
//
// Reversi's puzzles (Goal GoalBest, made by cmd/reversi-puzzles) ask for the best move of a
// position near the end, every legal move's exact score given by the collection: a move with
// the best score solves it, any other fails it, judged at once with no engine; the hint is the
// best move's square, the solution that move played.

// Puzzle is a position to solve, as a collection gives it.
type Puzzle struct {
	Variant string // VariantXiangqi, VariantReversi
	FEN     string // the side to move wins
	Source  string // the collection ("适情雅趣")
	Number  int    // its number there
	Title   string // its title there ("" for none)
	Mate    int    // the forced mate's length in moves, as verified (0: not known)
	// First are the winning first moves a verifier proved, in coordinates ("h2e2").
	First []string
	// An exercise of the report's (learn.go): Goal GoalBetter, the score the better move Best
	// keeps (the solver's view), and the move Played in the game instead, in coordinates.
	Goal         PuzzleGoal
	Score        int
	Best, Played string
	// A Reversi collection's (Goal GoalBest): Score and Best are the best move's exact final
	// disc difference for the side to move and the move, Scores every legal move's (best
	// first), Empties the empty squares (the difficulty).
	Scores  []MoveScore
	Empties int
	// Themes name what the puzzle shows, as keys (PuzzleThemes lists them: "mahoupao",
	// "wins-chariot", …), and Rating is its collection's guess of its difficulty as a rating (0:
	// none); the mined collection gives both (cmd/qipan-puzzles mine).
	Themes []string
	Rating int
}

// MoveScore is a move ("d3") and its exact score in discs, for the side to move before it.
type MoveScore struct {
	Move  string
	Discs int
}

// ScoreOf is the exact score of move in p's Scores; false when p does not score it.
func (p Puzzle) ScoreOf(move string) (int, bool) {
	for _, m := range p.Scores {
		if m.Move == move {
			return m.Discs, true
		}
	}
	return 0, false
}

// PuzzleState is how the puzzle on the board stands, as the board's data-puzzle writes it
// (docs/contracts.md).
type PuzzleState string

const (
	PuzzleSolving PuzzleState = "solving"
	PuzzleSolved  PuzzleState = "solved"
	PuzzleFailed  PuzzleState = "failed"
)

// PuzzleMiss says why a puzzle failed.
type PuzzleMiss string

const (
	MissEscapes PuzzleMiss = "escapes" // after the move the defence sees no mate against it
	MissMates   PuzzleMiss = "mates"   // the defence mates first
	MissShown   PuzzleMiss = "shown"   // the person asked for the solution
	MissWorse   PuzzleMiss = "worse"   // an exercise's answer is not as good as the better move
	MissBelow   PuzzleMiss = "below"   // a Reversi puzzle's move scores less than the best
)

// PuzzleGo is the defence's search: time to see a mate coming several moves ahead.
const PuzzleGo = "go movetime 3000"

// puzzleRun is the puzzle at a table: the puzzle, the side solving it, how it stands.
type puzzleRun struct {
	p       Puzzle
	solver  int
	state   PuzzleState
	miss    PuzzleMiss
	showing bool // the solution is being played out: the engine plays both sides
	helped  bool // a hint was shown in this attempt: rated a loss (puzzleprogress.go)
	// The hint comes in two steps, as 天天象棋's and lichess's do: first the piece to move,
	// then the move. hintAt is the position (its line) the hint was asked in, hintMove whether
	// the second step showed the move there.
	hintAt   string
	hintMove bool
}

// positioner is a game that starts from a position given as text (Xiangqi's FEN), to be
// played: a position that cannot be, or whose game is over, is an error and changes nothing.
type positioner interface{ loadFEN(fen string) error }

// winner is a game that says who won its finished game (-1 for a draw or none).
type winner interface{ winner() int }

// errNoPuzzles is StartPuzzle's error in a game without puzzles.
var errNoPuzzles = errors.New("this game has no puzzles")

// StartPuzzle puts p on the table: its position, the person playing the side to move there
// against the engine's defence, that side at the bottom. A position that cannot be played, or
// is over already, is an error, and the table is unchanged. The game replaced is the caller's
// to keep (Session.Replace).
func (t *Table) StartPuzzle(p Puzzle) error {
	pos, ok := t.rules.(positioner)
	if !ok || p.Variant != t.Variant() {
		return errNoPuzzles
	}
	if p.Goal == GoalBest && len(p.Scores) == 0 || p.Variant == VariantReversi && p.Goal == GoalMate {
		// Reversi has no mates to find; its puzzle is judged by its moves' exact scores.
		return fmt.Errorf("puzzle %s %d: no move scored", p.Source, p.Number)
	}
	if err := pos.loadFEN(p.FEN); err != nil {
		return fmt.Errorf("puzzle %s %d: %w", p.Source, p.Number, err)
	}
	t.reset()
	t.stopClock()
	t.analysis = false
	solver := t.rules.turnAt(0)
	t.setSide(solver)
	if _, ok := t.rules.(sider); ok {
		t.flipped = solver == 1
	}
	t.puzzle = &puzzleRun{p: p, solver: solver, state: PuzzleSolving}
	return nil
}

// Puzzle returns the puzzle on the table and how it stands; false when the game is no puzzle.
func (t *Table) Puzzle() (p Puzzle, state PuzzleState, miss PuzzleMiss, ok bool) {
	if t.puzzle == nil {
		return Puzzle{}, "", "", false
	}
	return t.puzzle.p, t.puzzle.state, t.puzzle.miss, true
}

// EndPuzzle makes the puzzle's position an ordinary game, as it stands.
func (t *Table) EndPuzzle() { t.puzzle = nil }

// RetryPuzzle starts the puzzle again from its position; the moves played stay in the record
// (the redo tail), as Undo leaves them.
func (t *Table) RetryPuzzle() bool {
	pz := t.puzzle
	if pz == nil {
		return false
	}
	t.goTo(0)
	pz.state, pz.miss, pz.showing, pz.helped = PuzzleSolving, "", false, false
	t.setSide(pz.solver)
	return true
}

// ShowSolution plays the solution out from the puzzle's position: the engine plays both sides
// to the end. A puzzle not solved yet counts as failed.
func (t *Table) ShowSolution() bool {
	pz := t.puzzle
	if pz == nil || pz.showing {
		return false
	}
	if pz.state == PuzzleSolving {
		pz.state, pz.miss = PuzzleFailed, MissShown
	}
	t.goTo(0)
	if pz.p.Goal == GoalBest { // the best move played: the rest is no part of the puzzle
		if pz.state == PuzzleFailed {
			pz.miss = MissShown // the status says the best move, not the move tried
		}
		if err := t.rules.(enginePlayer).takeMove(pz.p.Best); err != nil {
			return false
		}
		t.Deselect()
		return true
	}
	pz.showing = true
	return true
}

// PuzzleHint shows a move that solves the puzzle on the board: at the start, the move the
// collection proved (knownFirst: no engine needed, and never a move a short search prefers
// that loses the gain), else the engine's hint (RequestHint; the caller sends EngineLines). In
// Xiangqi the first hint in a position shows the piece to move (HintPiece), the second the move.
func (t *Table) PuzzleHint() bool {
	pz := t.puzzle
	if t.HintPiece() {
		pz.hintMove = true // the piece was shown: now the move (already asked for)
		return true
	}
	if pz != nil {
		pz.hintAt, pz.hintMove = t.line(), false
	}
	switch {
	case pz == nil:
		return false
	case t.PuzzleHintOffline():
		if t.Reviewing() || !t.PersonToMove() {
			return false
		}
		ok := t.rules.(enginePlayer).takeHint(engineclient.Search{Pos: t.line()}, pz.p.knownFirst()) == nil
		pz.helped = pz.helped || ok
		return ok
	case pz.p.Goal == GoalBest && pz.state == PuzzleSolving:
		return false // not the person's move at the start
	}
	ok := t.RequestHint()
	pz.helped = pz.helped || ok && pz.state == PuzzleSolving
	return ok
}

// PuzzleHintOffline reports whether the puzzle on the table gives its hint with no engine (at
// its start, the move its collection proved): its Hint need not wait for the engine, nor go
// with it when the engine cannot start.
func (t *Table) PuzzleHintOffline() bool {
	pz := t.puzzle
	return pz != nil && pz.state == PuzzleSolving && t.rules.gamePly() == 0 && pz.p.knownFirst() != ""
}

// knownFirst is a first move that solves p as its collection proved it: a Reversi puzzle's or
// an exercise's best move, else the first of the verified winning moves ("" for none).
func (p Puzzle) knownFirst() string {
	switch {
	case p.Goal == GoalBest || p.Goal == GoalBetter:
		return p.Best
	case len(p.First) > 0:
		return p.First[0]
	}
	return ""
}

// HintPiece reports whether the hint shown is a puzzle's first step, the piece to move only: the
// board marks the piece (ViewCell.HintPiece), not the move.
func (t *Table) HintPiece() bool {
	pz := t.puzzle
	return pz != nil && pz.hintAt == t.line() && !pz.hintMove && t.Variant() == VariantXiangqi
}

// PuzzleHelped reports whether a hint was asked in the attempt at the puzzle on the table
// (since it was opened or retried): the attempt counts as a loss for the rating.
func (t *Table) PuzzleHelped() bool { return t.puzzle != nil && t.puzzle.helped }

// puzzleJob is the engine's search of a move in a puzzle: the defence, and the solution shown,
// at the strongest level with time to see the mate.
func (t *Table) puzzleJob(e enginePlayer, ply int) engineclient.Search {
	j := e.jobAt(ply, engineclient.Move, MaxLevel)
	if j.Pos != "" {
		j.Go = PuzzleGo
	}
	return j
}

// judgePuzzle reads the defence's verdict on the person's last move before its reply is
// played: the engine, searching the position after it, must see itself mated.
func (t *Table) judgePuzzle(searched engineclient.Search) {
	pz := t.puzzle
	ply := t.rules.gamePly()
	if pz == nil || pz.state != PuzzleSolving || pz.showing || t.rules.turnAt(ply) == pz.solver || ply == 0 {
		return
	}
	if ply == 1 && slices.Contains(pz.p.First, t.moveAt(0)) {
		return // a proven first move
	}
	info := t.Client.Info()
	if pz.p.Goal == GoalBetter {
		if ply == 1 {
			t.judgeBetter(pz, searched, info)
		}
		return
	}
	if info.Pos == searched.Pos && info.Mate < 0 {
		return
	}
	if x, ok := t.rules.(*Xiangqi); ok && info.Pos == searched.Pos && info.Depth == 1 && len(x.Position().LegalMoves()) == 1 {
		// One reply: the engine plays it at once, from a search of one ply, too shallow to see
		// its mate (梦入神机 3's cannon check). No verdict: the person's next move is judged.
		return
	}
	pz.state, pz.miss = PuzzleFailed, MissEscapes
	if info.Pos == searched.Pos && info.Mate > 0 {
		pz.miss = MissMates
	}
}

// settlePuzzle notes a puzzle solved when its game ends won by the solver; a Reversi puzzle's
// first move is judged at once by its score.
func (t *Table) settlePuzzle() {
	pz := t.puzzle
	if pz != nil && pz.p.Goal == GoalBest {
		if pz.state == PuzzleSolving && t.rules.gamePly() >= 1 {
			if v, ok := pz.p.ScoreOf(t.moveAt(0)); ok && v >= pz.p.Score {
				pz.state = PuzzleSolved
			} else {
				pz.state, pz.miss = PuzzleFailed, MissBelow
			}
		}
		return
	}
	if pz != nil && pz.state == PuzzleSolving && pz.p.Goal == GoalBetter && t.rules.gamePly() >= 1 && t.moveAt(0) == pz.p.Best {
		pz.state = PuzzleSolved // the better move itself: no need to wait for the defence
		return
	}
	if pz == nil || pz.state != PuzzleSolving || !t.rules.Over() {
		return
	}
	if w, ok := t.rules.(winner); ok && w.winner() == pz.solver {
		pz.state = PuzzleSolved
	} else {
		pz.state, pz.miss = PuzzleFailed, MissEscapes
	}
}

// moveAt is the move of the record at ply (0 for the first) in coordinates, "" for none.
func (t *Table) moveAt(ply int) string {
	if m, ok := t.rules.(moveTexter); ok && ply >= 0 && ply < t.rules.gameLen() {
		return m.moveText(ply)
	}
	return ""
}

// moveTexter is a game that writes a move of its record in coordinates without replaying it
// (the report asks for every move at each render).
type moveTexter interface{ moveText(ply int) string }

func (m *Xiangqi) moveText(ply int) string { return m.recordMoves()[ply].String() }
func (r *Reversi) moveText(ply int) string { return r.game.MoveAt(ply).String() }

// OpenPuzzle puts p on the board in place of the game of its variant, which is kept to be
// brought back (Replace): nothing of a game in progress is lost by opening a puzzle. The board
// shows p's game.
func (s *Session) OpenPuzzle(p Puzzle) (Effects, error) {
	if s.tables[p.Variant] == nil {
		return Effects{}, errNoPuzzles
	}
	s.Show(p.Variant)
	return s.Replace(func(t *Table) error { return t.StartPuzzle(p) })
}

// bestText is a Reversi puzzle's status line: the goal and the empties while it is solved;
// the move and its score once solved; the move's score against the best's when it failed
// ("d3 gives −4 against +6 for the best"); the best move and its score when shown.
func bestText(l i18n.Lang, b *Table, p Puzzle, state PuzzleState, miss PuzzleMiss) string {
	played := b.moveAt(0)
	v, _ := p.ScoreOf(played)
	discs := func(d int) string { return scoreText(VariantReversi, d*100) }
	switch {
	case miss == MissShown:
		return l.T(i18n.ReversiPuzzleShown, p.Best, discs(p.Score))
	case state == PuzzleSolved:
		return l.T(i18n.ReversiPuzzleSolved, played, discs(v))
	case miss == MissBelow:
		return l.T(i18n.ReversiPuzzleBelow, played, discs(v), discs(p.Score))
	}
	s := l.T(i18n.ReversiPuzzleGoal, SideLabel(l, b.Variant(), b.rules.turnAt(0)))
	if p.Empties > 0 {
		s += " · " + l.T(i18n.ReversiPuzzleEmpties, p.Empties)
	}
	return s
}
