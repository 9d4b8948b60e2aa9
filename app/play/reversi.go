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

// Reversi is a game of Reversi (Othello) as a Table plays it (table.go's rules), beside the
// Xiangqi game. The rules and the record are
// engine/reversi's. A forced pass is played at once (it is recorded as a move, so Undo and the
// move list see it), and the board shows who passed.
type Reversi struct {
	review // the ply shown while the record is reviewed
	game   *reversi.Game
	hint   reversi.Move // the engine's suggestion for position line hintAt
	hintAt string
	// scores are an imported GGF's evaluations (importGGF), for ReadRecordEvals; nil for none.
	scores map[int]int
}

// NewReversi starts a game from the start position, the person playing Black at DefaultLevel.
func NewReversi() *Reversi {
	return &Reversi{hint: reversi.NoMove, game: reversi.NewGame(nil)}
}

// Game returns the game record (read it; change it only through Reversi).
func (r *Reversi) Game() *reversi.Game { return r.game }

// Position returns the game's current position; Shown is what the board shows.
func (r *Reversi) Position() *reversi.Position { return r.game.Position() }

// Shown returns the position the board shows.
func (r *Reversi) Shown() *reversi.Position { return r.game.PositionAt(r.shown()) }

// shown is the ply of the position shown.
func (r *Reversi) shown() int { return r.shownPly(r.game.Ply()) }

// LastMove returns the move that led to the shown position (maybe Pass), or NoMove.
func (r *Reversi) LastMove() reversi.Move {
	if ply := r.shown(); ply > 0 {
		return r.game.Moves()[ply-1]
	}
	return reversi.NoMove
}

// Over reports whether neither side can move.
func (r *Reversi) Over() bool { return r.game.Status() == reversi.Over }

// clickAt plays a disc on sq if that is a legal move and the person may move; it reports
// whether it did, or why not: an empty square that flips nothing, or any square when the
// person may not move.
func (r *Reversi) clickAt(sq reversi.Square, mayMove bool) (bool, Refusal) {
	if r.Over() {
		return false, ""
	}
	if !mayMove {
		return false, RefusedTurn
	}
	if err := r.play(reversi.MoveAt(sq)); err != nil {
		if r.game.Position().Empty()&(1<<uint(sq)) != 0 {
			return false, RefusedNoFlip
		}
		return false, ""
	}
	return true, ""
}

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

// restart starts again from the start position.
func (r *Reversi) restart() { r.Load(reversi.NewGame(nil)) }

// Load replaces the game with g, keeping the sides; a forced pass at its end is played.
func (r *Reversi) Load(g *reversi.Game) {
	r.game, r.hint, r.scores = g, reversi.NoMove, nil
	r.setView(-1)
	r.autoPass()
}

// The Table's rules: the record, its turns and passes.
func (r *Reversi) gamePly() int        { return r.game.Ply() }
func (r *Reversi) gameLen() int        { return r.game.Len() }
func (r *Reversi) turnAt(ply int) int  { return int(r.game.PositionAt(ply).Turn) }
func (r *Reversi) passAt(ply int) bool { return r.game.PositionAt(ply).Status() == reversi.MustPass }
func (r *Reversi) endAt(ply int) bool  { return r.game.PositionAt(ply).Status() == reversi.Over }

// seek moves the game to ply of its record, then plays a forced pass there.
func (r *Reversi) seek(ply int) {
	for r.game.Ply() > ply && r.game.Undo() {
	}
	for r.game.Ply() < ply && r.game.Redo() {
	}
	r.autoPass()
}

// lineAt is the position line of the game after ply moves: startpos or the board text, then
// the moves (passes written "pass").
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

func (r *Reversi) jobAt(ply int, kind engineclient.Kind, level int) engineclient.Search {
	p := r.game.PositionAt(ply)
	if p.Status() == reversi.Over {
		return engineclient.Search{}
	}
	j := engineclient.Search{Variant: VariantReversi, Pos: r.lineAt(ply), Kind: kind, Level: ReversiLevelOption(MaxLevel), Lines: reversiLines(1)}
	switch kind {
	case engineclient.Move:
		j.Level, j.Go = ReversiLevelOption(level), LevelGo(level)
	case engineclient.Hint: // scores every legal move, for the board to write on each
		j.Lines, j.Go = reversiLines(64), HintGo
	case engineclient.Analysis:
		j.Lines, j.Go = reversiLines(AnalysisLines), ReversiAnalysisGo
	case engineclient.Graph:
		j.Go = GraphGo
	}
	return reversiJob(j, p)
}

func (r *Reversi) takeHint(searched engineclient.Search, move string) error {
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
	return r.play(mv)
}

// MoveTexts writes every recorded move (the redo tail too): "f5", "pass" (one notation).
func (r *Reversi) MoveTexts(Notation) []string {
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
	g, kind, _, err := importReversi(text)
	return g, kind, err
}

// importReversi is ImportReversi with the scores a GGF's moves carry (importGGF; nil for
// another text).
func importReversi(text string) (*reversi.Game, string, map[int]int, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, "", nil, errors.New("nothing to import: paste a transcript (f5d6c3…) or a board (64 cells X O - and the side to move)")
	}
	if strings.HasPrefix(text, "(;") || strings.Contains(text, "GM[Othello]") {
		g, scores, err := importGGF(text)
		return g, "GGF", scores, err
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
			return nil, "", nil, err
		}
		start = p
	}
	ms, err := reversi.ParseTranscript(start, moves)
	if err != nil {
		return nil, "", nil, err
	}
	g := reversi.NewGame(start)
	for _, m := range ms {
		g.Play(m) // ParseTranscript checked them
	}
	if kind == "transcript" && len(ms) == 0 {
		return nil, "", nil, errors.New("no moves found: paste a transcript (f5d6c3…) or a board")
	}
	return g, kind, nil, nil
}

// Save returns the game as Saved (Game "reversi", Start the board text, Human "x"/"o").
func (r *Reversi) save() Saved {
	return Saved{
		Version: SavedVersion,
		Game:    VariantReversi,
		Start:   r.game.Start().String(),
		Moves:   strings.Join(r.MoveTexts(""), " "),
		Ply:     r.game.Ply(),
	}
}

func (r *Reversi) sides() [2]string { return [2]string{"x", "o"} }

// restore rebuilds the Reversi game kept in s on a new game (RestoreTable). Anything wrong in
// s is an error naming it.
func (r *Reversi) restore(s Saved) error {
	if s.Version != SavedVersion || s.Game != VariantReversi {
		return fmt.Errorf("saved reversi game: version %d game %q, want %d %q", s.Version, s.Game, SavedVersion, VariantReversi)
	}
	start, err := reversi.ParseBoard(s.Start)
	if err != nil {
		return fmt.Errorf("saved reversi game: start position: %w", err)
	}
	r.game = reversi.NewGame(start)
	err = replay(s, func(text string) error {
		mv, err := reversi.ParseMove(text)
		if err != nil {
			return err
		}
		return r.game.Play(mv)
	}, r.game.Len, r.game.Undo)
	if err != nil {
		return fmt.Errorf("saved reversi game: %w", err)
	}
	return nil
}
