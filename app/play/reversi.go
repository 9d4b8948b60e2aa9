package play

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"qipan/app/engineclient"
	"qipan/app/sound"
	"qipan/engine/reversi"
)

// Reversi is a game of Reversi (Othello) of the person against the engine (or two people),
// beside the Xiangqi Match and sharing its engine conversation. The rules and the record are
// engine/reversi's. A forced pass is played at once (it is recorded as a move, so Undo and the
// move list see it), and the board shows who passed.
type Reversi struct {
	game    *reversi.Game
	human   reversi.Color
	mode    Mode
	view    int    // the ply shown while reviewing, or -1
	hintAsk string // position line the person asked a hint for, "" for none
	hint    reversi.Move
	hintAt  string
	level   int
	refusal Refusal // why the last click did not play, "" if it did or tried nothing
	// analysis: the engine analyses the position shown, and the person moves both sides.
	analysis bool
	evalBook                      // the evaluation graph's scores
	Engine   *engineclient.Client // the conversation with the worker, shared with the other game
}

// NewReversi starts a game from the start position, the person playing Black at DefaultLevel.
func NewReversi() *Reversi {
	r := &Reversi{human: reversi.Black, view: -1, hint: reversi.NoMove, Engine: NewEngine()}
	r.SetLevel(DefaultLevel)
	r.game = reversi.NewGame(nil)
	return r
}

// Game returns the game record (read it; change it only through Reversi).
func (r *Reversi) Game() *reversi.Game { return r.game }

// Position returns the game's current position; Shown is what the board shows.
func (r *Reversi) Position() *reversi.Position { return r.game.Position() }

// Human returns the person's colour against the computer.
func (r *Reversi) Human() reversi.Color { return r.human }

// Mode returns who plays whom.
func (r *Reversi) Mode() Mode { return r.mode }

// Level returns the engine's level; SetLevel sets it (clamped) from the next search.
func (r *Reversi) Level() int     { return r.level }
func (r *Reversi) SetLevel(l int) { r.level = ClampLevel(l) }

// Reviewing reports whether the board shows a position other than the game's current one.
func (r *Reversi) Reviewing() bool { return r.view >= 0 }

// ShownPly is the ply whose position the board shows.
func (r *Reversi) ShownPly() int {
	if r.view >= 0 {
		return r.view
	}
	return r.game.Ply()
}

// Shown returns the position the board shows.
func (r *Reversi) Shown() *reversi.Position { return r.game.PositionAt(r.ShownPly()) }

// LastMove returns the move that led to the shown position (maybe Pass), or NoMove.
func (r *Reversi) LastMove() reversi.Move {
	if ply := r.ShownPly(); ply > 0 {
		return r.game.Moves()[ply-1]
	}
	return reversi.NoMove
}

// Over reports whether neither side can move.
func (r *Reversi) Over() bool { return r.game.Status() == reversi.Over }

// EngineToMove reports whether the engine should be playing the current move.
func (r *Reversi) EngineToMove() bool {
	return !r.analysis && !r.Over() && r.mode == VsComputer && r.game.Position().Turn != r.human
}

// PersonToMove reports whether the board accepts a person's move now.
func (r *Reversi) PersonToMove() bool { return !r.Over() && !r.EngineToMove() }

// Hints returns the squares the person may play now (none while reviewing or on the
// computer's turn).
func (r *Reversi) Hints() []reversi.Square {
	if r.Reviewing() || !r.PersonToMove() {
		return nil
	}
	var out []reversi.Square
	for _, mv := range r.game.Position().LegalMoves() {
		if s := mv.Square(); s != reversi.NoSquare {
			out = append(out, s)
		}
	}
	return out
}

// Click plays a disc on sq if that is a legal move of the person's; it reports whether it did.
//
// An empty square that flips nothing, or any square while it is the computer's turn, leaves
// the reason in Refusal.
func (r *Reversi) Click(sq reversi.Square) bool {
	r.refusal = ""
	if r.Reviewing() || r.Over() {
		return false
	}
	if !r.PersonToMove() {
		r.refusal = RefusedTurn
		return false
	}
	if err := r.play(reversi.MoveAt(sq)); err != nil {
		if r.game.Position().Empty()&(1<<uint(sq)) != 0 {
			r.refusal = RefusedNoFlip
		}
		return false
	}
	return true
}

// Refusal is why the last click was refused ("" if it was not).
func (r *Reversi) Refusal() Refusal { return r.refusal }

// play plays m, then any forced passes.
func (r *Reversi) play(m reversi.Move) error {
	if err := r.game.Play(m); err != nil {
		return err
	}
	r.autoPass()
	return nil
}

// autoPass plays the pass of a side that has no move (at most one: then the other side can).
func (r *Reversi) autoPass() {
	if r.game.Status() == reversi.MustPass {
		r.game.Play(reversi.Pass)
	}
}

// Passed says who passed to reach the shown position ("White has no move and passes"), or "".
func (r *Reversi) Passed() string {
	if r.LastMove() != reversi.Pass {
		return ""
	}
	return ColorName(r.Shown().Turn.Other()) + " has no move and passes"
}

// ColorName is "Black" or "White".
func ColorName(c reversi.Color) string {
	if c == reversi.Black {
		return "Black"
	}
	return "White"
}

// Counts returns the discs of each colour on the shown board.
func (r *Reversi) Counts() (black, white int) {
	p := r.Shown()
	return reversi.Count(p.Black()), reversi.Count(p.White())
}

// Result is the sentence saying how the game ended, with the discs ("Black wins 40–24",
// "Draw 32–32"), or "" while it goes on.
func (r *Reversi) Result() string {
	if !r.Over() {
		return ""
	}
	p := r.game.Position()
	b, w := reversi.Count(p.Black()), reversi.Count(p.White())
	score := strconv.Itoa(b) + "–" + strconv.Itoa(w)
	switch p.Outcome() {
	case reversi.BlackWins:
		return "Black wins " + score
	case reversi.WhiteWins:
		return "White wins " + score
	}
	return "Draw " + score
}

// LastSound is the sound of the move that led to the current position.
func (r *Reversi) LastSound() sound.Sound {
	switch ply := r.game.Ply(); {
	case ply == 0:
		return sound.None
	case r.Over():
		return sound.End
	case r.game.Moves()[ply-1] == reversi.Pass:
		return sound.Check // the alert: someone had to pass
	}
	return sound.Move
}

// rest reports whether the game may stop at ply for the person: a position with a move to
// make, theirs against the computer.
func (r *Reversi) rest(ply int) bool {
	p := r.game.PositionAt(ply)
	if p.Status() == reversi.MustPass {
		return false
	}
	return r.mode == TwoPlayer || p.Turn == r.human || p.Status() == reversi.Over
}

// undoTarget is the ply Undo goes back to: the person's previous turn (passes skipped), or -1.
func (r *Reversi) undoTarget() int {
	for p := r.game.Ply() - 1; p >= 0; p-- {
		if r.rest(p) && r.game.PositionAt(p).Status() != reversi.Over {
			return p
		}
	}
	return -1
}

// redoTarget is the ply Redo goes forward to: the person's next turn in the record, or its end.
func (r *Reversi) redoTarget() int {
	n := r.game.Len()
	if r.game.Ply() >= n {
		return -1
	}
	for p := r.game.Ply() + 1; p < n; p++ {
		if r.rest(p) {
			return p
		}
	}
	return n
}

// Undo takes back moves to the person's previous turn; Redo replays them. Both end a review.
func (r *Reversi) Undo() bool { return r.goTo(r.undoTarget()) }
func (r *Reversi) Redo() bool { return r.goTo(r.redoTarget()) }

// CanUndo and CanRedo tell the controls whether Undo and Redo would do anything.
func (r *Reversi) CanUndo() bool { return r.undoTarget() >= 0 }
func (r *Reversi) CanRedo() bool { return r.redoTarget() >= 0 }

func (r *Reversi) goTo(ply int) bool {
	if ply < 0 || ply > r.game.Len() {
		return false
	}
	for r.game.Ply() > ply && r.game.Undo() {
	}
	for r.game.Ply() < ply && r.game.Redo() {
	}
	r.view = -1
	r.autoPass()
	return true
}

// Review shows the position after ply moves of the record (clamped); Step moves from the
// shown one; BackToGame ends the review; ContinueHere makes the shown position the game's.
func (r *Reversi) Review(ply int) bool {
	ply = max(0, min(ply, r.game.Len()))
	before := r.ShownPly()
	r.view = ply
	if ply == r.game.Ply() {
		r.view = -1
	}
	return r.ShownPly() != before
}
func (r *Reversi) Step(delta int) bool { return r.Review(r.ShownPly() + delta) }
func (r *Reversi) BackToGame() bool {
	was := r.view >= 0
	r.view = -1
	return was
}
func (r *Reversi) ContinueHere() bool { return r.view >= 0 && r.goTo(r.view) }

// New starts again from the start position, keeping the sides.
func (r *Reversi) New() { r.Load(reversi.NewGame(nil)) }

// Load replaces the game with g, keeping the sides; a forced pass at its end is played.
func (r *Reversi) Load(g *reversi.Game) {
	r.game, r.view, r.hintAsk, r.hint = g, -1, "", reversi.NoMove
	r.evalBook = evalBook{}
	r.autoPass()
}

// SetHuman makes the person play c against the computer.
func (r *Reversi) SetHuman(c reversi.Color) { r.mode, r.human = VsComputer, c }

// SetTwoPlayer makes it a game between two people at the board.
func (r *Reversi) SetTwoPlayer() { r.mode = TwoPlayer }

// line is the protocol's position line for the game's current position: startpos or the
// board text, then the moves (passes written "pass").
func (r *Reversi) line() string { return r.lineAt(r.game.Ply()) }

// lineAt is the position line of the game after ply moves.
func (r *Reversi) lineAt(ply int) string {
	start := r.game.Start()
	line := "position startpos"
	if *start != reversi.Start() {
		line = "position fen " + start.String()
	}
	if ply > 0 {
		line += " moves"
		for _, mv := range r.game.Moves()[:ply] {
			line += " " + mv.String()
		}
	}
	return line
}

// reversiLines is the line that sets how many moves the Reversi engine reports (multipv): 1
// for its own move, every move for a hint.
func reversiLines(n int) string { return "setoption name MultiPV value " + strconv.Itoa(n) }

// ReversiLevelOption is the line that sets the Reversi engine's level l.
func ReversiLevelOption(l int) string {
	return "setoption name Skill Level value " + strconv.Itoa(ClampLevel(l))
}

func (r *Reversi) wanted() engineclient.Search { return wantedOf(r) }
func (r *Reversi) gamePly() int                { return r.game.Ply() }
func (r *Reversi) hintAsked() bool             { return r.hintAsk != "" && r.hintAsk == r.line() }

func (r *Reversi) jobAt(ply int, kind engineclient.Kind) engineclient.Search {
	p := r.game.PositionAt(ply)
	if p.Status() == reversi.Over {
		return engineclient.Search{}
	}
	j := engineclient.Search{Variant: VariantReversi, Pos: r.lineAt(ply), Kind: kind, Level: ReversiLevelOption(MaxLevel), Lines: reversiLines(1)}
	switch kind {
	case engineclient.Move:
		j.Level, j.Go = ReversiLevelOption(r.level), LevelGo(r.level)
	case engineclient.Hint: // scores every legal move, for the board to write on each
		j.Lines, j.Go = reversiLines(64), HintGo
	case engineclient.Analysis:
		j.Lines, j.Go = reversiLines(AnalysisLines), ReversiAnalysisGo
	case engineclient.Graph:
		j.Go = GraphGo
	}
	return reversiJob(j, p)
}

// EngineLines returns the lines to send so that the engine searches if, and only if, it is its
// turn (or the person asked for a hint).
func (r *Reversi) EngineLines() []string { return r.Engine.Sync(r.wanted()) }

// EngineSaid handles one line from the engine (see Match.EngineSaid).
func (r *Reversi) EngineSaid(line string) (send []string, moved bool, err error) {
	return converse(r.Engine, r, line)
}

func (r *Reversi) takeHint(searched engineclient.Search, move string) error {
	r.hintAsk = ""
	if move == "" {
		return ErrNoMove
	}
	mv, err := reversi.ParseMove(move)
	if err == nil && !r.game.Position().IsLegal(mv) {
		err = fmt.Errorf("move %s is not legal here", mv)
	}
	if err != nil {
		return err
	}
	r.hint, r.hintAt = mv, searched.Pos
	return nil
}

func (r *Reversi) takeMove(move string) error {
	mv, err := reversi.ParseMove(move)
	if err != nil {
		return err
	}
	if !r.EngineToMove() {
		return fmt.Errorf("engine move %s: it is not the engine's turn", mv)
	}
	return r.play(mv)
}

// RequestHint asks for the engine's best move for the person, to show; the caller then sends
// EngineLines. It reports whether the request was taken.
func (r *Reversi) RequestHint() bool {
	if r.Reviewing() || !r.PersonToMove() || r.Engine.Failed() != "" {
		return false
	}
	r.hintAsk = r.line()
	return true
}

// HintMove returns the engine's suggestion for the shown position, if it has one.
func (r *Reversi) HintMove() (reversi.Move, bool) {
	if r.Reviewing() || r.hint == reversi.NoMove || r.hintAt != r.line() {
		return reversi.NoMove, false
	}
	return r.hint, true
}

// MoveTexts writes every recorded move (the redo tail too): "f5", "pass".
func (r *Reversi) MoveTexts() []string {
	moves := r.game.Moves()
	out := make([]string, len(moves))
	for i, mv := range moves {
		out[i] = mv.String()
	}
	return out
}

// Transcript is the game's moves up to its current ply as a transcript ("f5d6c3", passes
// left out).
func (r *Reversi) Transcript() string { return reversi.Transcript(r.game.Moves()[:r.game.Ply()]) }

// ImportReversi reads pasted text as a Reversi game: board text (64 cells and the side to move,
// as the board's data-fen, optionally followed by "moves" and moves) or a transcript played
// from the start ("f5d6c3…"). It returns the game and what the text was; a bad one is
// engine/reversi's error.
func ImportReversi(text string) (*reversi.Game, string, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, "", errors.New("nothing to import: paste a transcript (f5d6c3…) or a board (64 cells X O - and the side to move)")
	}
	if strings.HasPrefix(text, "(;") || strings.Contains(text, "GM[Othello]") {
		return importGGF(text)
	}
	board, moves, kind := "", text, "transcript"
	// Transcripts are written with a–h, digits and pass words: discs (X O W *) or a run of
	// empty cells mean a board.
	if strings.ContainsAny(text, "XxOoWw*") || strings.Count(text, "-") >= 8 {
		board, moves, kind = text, "", "board"
		if i := strings.Index(text, " moves"); i >= 0 {
			board, moves = text[:i], text[i+len(" moves"):]
		}
		board = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(board, "position "), "fen "))
	}
	start := reversi.NewPosition()
	if board != "" {
		p, err := reversi.ParseBoard(board)
		if err != nil {
			return nil, "", err
		}
		start = p
	}
	ms, err := reversi.ParseTranscript(start, moves)
	if err != nil {
		return nil, "", err
	}
	g := reversi.NewGame(start)
	for _, m := range ms {
		g.Play(m) // ParseTranscript checked them
	}
	if kind == "transcript" && len(ms) == 0 {
		return nil, "", errors.New("no moves found: paste a transcript (f5d6c3…) or a board")
	}
	return g, kind, nil
}

// Save returns the game as Saved (Game "reversi", Start the board text, Human "x"/"o").
func (r *Reversi) Save() Saved {
	return Saved{
		Version:   SavedVersion,
		Game:      VariantReversi,
		Start:     r.game.Start().String(),
		Moves:     strings.Join(r.MoveTexts(), " "),
		Ply:       r.game.Ply(),
		Human:     map[reversi.Color]string{reversi.Black: "x", reversi.White: "o"}[r.human],
		TwoPlayer: r.mode == TwoPlayer,
	}
}

// RestoreReversi rebuilds a Reversi game from s. Anything wrong in s is an error naming it,
// and no game.
func RestoreReversi(s Saved) (*Reversi, error) {
	if s.Version != SavedVersion || s.Game != VariantReversi {
		return nil, fmt.Errorf("saved reversi game: version %d game %q, want %d %q", s.Version, s.Game, SavedVersion, VariantReversi)
	}
	start, err := reversi.ParseBoard(s.Start)
	if err != nil {
		return nil, fmt.Errorf("saved reversi game: start position: %w", err)
	}
	r := NewReversi()
	r.game = reversi.NewGame(start)
	switch s.Human {
	case "", "x":
	case "o":
		r.human = reversi.White
	default:
		return nil, fmt.Errorf("saved reversi game: side %q is not x or o", s.Human)
	}
	if s.TwoPlayer {
		r.mode = TwoPlayer
	}
	err = replay(s, func(text string) error {
		mv, err := reversi.ParseMove(text)
		if err != nil {
			return err
		}
		return r.game.Play(mv)
	}, r.game.Len, r.game.Undo)
	if err != nil {
		return nil, fmt.Errorf("saved reversi game: %w", err)
	}
	return r, nil
}
