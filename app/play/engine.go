package play

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"qipan/engine/xiangqi"
)

// DefaultGo is the search command of DefaultLevel: one second a move answers well within a
// person's patience.
const DefaultGo = "go movetime 1000"

// job is a search: the game's variant, the position line, what it is for (kind: a move that is
// played, a hint, analysis lines, a point of the graph), and how to run it (the level option
// line and the go command). Two jobs are
// the same search when variant, position and purpose agree (same): a level changed during a
// search applies from the next one.
type job struct {
	variant string // UCI_Variant value; "" is the worker's default, Xiangqi
	pos     string // "" for none
	kind    searchKind
	// key names the position for the evaluation graph; second: the side to move there is
	// the second to move in the game (its scores are turned round).
	key    uint64
	second bool
	level  string // option line sent before the position ("" for none)
	// lines are the option lines that set how many lines the engine reports, one per line of
	// the text, sent after level ("" for none; see xiangqiLines for Xiangqi's)
	lines string
	goCmd string // "" for DefaultGo
}

func same(a, b job) bool {
	return a.variant == b.variant && a.pos == b.pos && a.kind == b.kind
}

// AnalysisLines is how many best lines analysis shows.
const AnalysisLines = 3

// AnalysisGo is the search of the position analysed: long, so it deepens while the person
// looks; moving on (or leaving analysis) stops it. Reversi reports its lines when a search
// ends, so it gets a shorter one.
const (
	AnalysisGo        = "go movetime 30000"
	ReversiAnalysisGo = "go movetime 3000"
)

// VariantXiangqi and VariantReversi are the engine's UCI_Variant values; a fresh worker plays
// Xiangqi.
const (
	VariantXiangqi = "xiangqi"
	VariantReversi = "reversi"
)

// VariantOption is the line that switches the engine to variant v.
func VariantOption(v string) string { return "setoption name UCI_Variant value " + v }

// Engine tracks the conversation with the engine Worker (UCCI/UCI lines, docs/contracts.md),
// for whichever game is on the board: one worker, one Engine, shared by the games (Match,
// Reversi). It keeps at most one search in flight: when the position changes under a search
// (undo, new game, another game) it sends stop and waits for that search's bestmove, which it
// then drops, before it starts the next one. So a late bestmove is never played on the wrong
// position, nor in the wrong game.
type Engine struct {
	variant  string // the variant the worker was last switched to ("" for its default)
	ready    bool   // the worker said "info string ready"
	failed   string // why the engine cannot be used, "" if it can
	inflight job    // the search in flight (pos "" if none)
	stopped  bool   // stop was sent for the search in flight: its answer is dropped
	hurried  bool   // stop was sent to get the answer now: it is played
	searches int    // searches started, to tell them apart (Search)
	// stops counts stops sent that may still be echoed: a stop that reaches an idle engine
	// (its search just ended) is answered "nobestmove". Every search this page starts has
	// legal moves, so a nobestmove while stops > 0 is such an echo, not an answer.
	stops int
	// info is what the engine said of its last search (its Pos is "" before any search).
	info SearchInfo
	// moveInfo is, for a search scoring every move (multipv), the last line for each first move.
	moveInfo map[string]SearchInfo
	// ranked are the last search's best lines by rank (multipv 1, 2, 3).
	ranked [AnalysisLines]SearchInfo
	// analysed is the position whose analysis search ended: it is not searched again.
	analysed string
	// xqLines is the multipv line the Xiangqi engine was last sent (it keeps it); "" is its
	// default, one line, which its searches for a move or a hint send only after analysis.
	xqLines string
}

// NewEngine returns an Engine talking to a fresh worker.
func NewEngine() *Engine { return &Engine{} }

// Ready reports whether the worker has said it is ready.
func (e *Engine) Ready() bool { return e.ready }

// Thinking reports whether a search for a move that will be played is in flight.
func (e *Engine) Thinking() bool {
	return e.inflight.pos != "" && e.inflight.kind == searchMove && !e.stopped
}

// Analysing reports whether an analysis search is in flight.
func (e *Engine) Analysing() bool {
	return e.inflight.pos != "" && e.inflight.kind == searchAnalysis && !e.stopped
}

// Ranked returns the last search's best lines in order (multipv 1, 2, …; one line for a
// search of one line).
func (e *Engine) Ranked() []SearchInfo {
	var out []SearchInfo
	for _, t := range e.ranked {
		if t.Depth == 0 || t.Pos != e.info.Pos {
			break
		}
		out = append(out, t)
	}
	return out
}

// Hinting reports whether a search for a hint is in flight.
func (e *Engine) Hinting() bool {
	return e.inflight.pos != "" && e.inflight.kind == searchHint && !e.stopped
}

// Search returns the number of the search in flight (0 if none) and its go command's time
// limit, so a caller can hurry a search that runs well past its limit.
func (e *Engine) Search() (id int, limit time.Duration) {
	if e.inflight.pos == "" || e.stopped {
		return 0, 0
	}
	return e.searches, MoveTime(e.inflight.goCmd)
}

// Hurry returns "stop" for the search in flight numbered id if it still runs: its best move so
// far is then used, not dropped.
func (e *Engine) Hurry(id int) []string {
	if id == 0 || id != e.searches {
		return nil
	}
	return e.hurry()
}

func (e *Engine) hurry() []string {
	if e.inflight.pos == "" || e.stopped || e.hurried {
		return nil
	}
	e.hurried = true
	e.stops++
	return []string{"stop"}
}

// Info returns what the engine said of its last search: while it runs and after it (until
// the next search starts). Its Pos is "" before the first search.
func (e *Engine) Info() SearchInfo { return e.info }

// Fail records that the engine cannot be used (the worker failed to load, say).
func (e *Engine) Fail(why string) { e.failed = why }

// Failed returns why the engine cannot be used, or "".
func (e *Engine) Failed() string { return e.failed }

// sync returns the lines that bring the engine in line with want, the search it should run.
func (e *Engine) sync(want job) []string {
	if e.failed != "" {
		return nil
	}
	if e.inflight.pos != "" {
		if !same(e.inflight, want) && !e.stopped {
			e.stopped = true
			e.stops++
			return []string{"stop"}
		}
		return nil
	}
	if want.pos == "" || want.kind == searchAnalysis && want.pos == e.analysed {
		return nil
	}
	if want.goCmd == "" {
		want.goCmd = DefaultGo
	}
	e.inflight, e.stopped, e.hurried = want, false, false
	e.info = SearchInfo{Pos: want.pos, Hint: want.kind == searchHint}
	e.moveInfo = nil
	e.ranked = [AnalysisLines]SearchInfo{}
	e.analysed = ""
	e.searches++
	var lines []string
	if cur := e.variant; cur != want.variant && (cur != "" || want.variant != VariantXiangqi) {
		lines = append(lines, VariantOption(want.variant))
		e.variant = want.variant
	}
	if want.level != "" {
		lines = append(lines, want.level)
	}
	switch {
	case want.variant == VariantXiangqi && want.lines != e.xqLines:
		l := want.lines
		if l == "" {
			l = xiangqiDefaults
		}
		lines = append(lines, strings.Split(l, "\n")...)
		e.xqLines = want.lines
	case want.variant != VariantXiangqi && want.lines != "":
		lines = append(lines, want.lines)
	}
	return append(lines, want.pos, want.goCmd)
}

// Stop returns "stop" if a search is in flight and not yet stopped (its bestmove will be
// dropped).
func (e *Engine) Stop() []string {
	if e.inflight.pos != "" && !e.stopped {
		e.stopped = true
		e.stops++
		return []string{"stop"}
	}
	return nil
}

// searchKind is what a search is for.
type searchKind int

const (
	searchMove     searchKind = iota // the engine's move, played
	searchHint                       // a hint for the person
	searchAnalysis                   // analysis lines of the position shown
	searchGraph                      // the graph's score of a position
)

// searcher is what a game (Match, Reversi) tells wantedOf.
type searcher interface {
	Analysis() bool
	ShownPly() int
	Over() bool
	EngineToMove() bool
	Graphing() bool
	gamePly() int
	hintAsked() bool
	// jobAt is the search of kind for the position after ply moves (none for a finished
	// position).
	jobAt(ply int, kind searchKind) job
	graphJob() (job, bool)
}

// wantedOf is the search the engine should be running now for game g: while analysis is on,
// the position shown; else the engine's move, a hint the person asked for, a point of the
// evaluation graph, or none.
func wantedOf(g searcher) job {
	if g.Analysis() {
		return g.jobAt(g.ShownPly(), searchAnalysis)
	}
	if !g.Over() {
		switch {
		case g.EngineToMove():
			return g.jobAt(g.gamePly(), searchMove)
		case g.hintAsked():
			return g.jobAt(g.gamePly(), searchHint)
		}
	}
	if g.Graphing() {
		if j, ok := g.graphJob(); ok {
			return j
		}
	}
	return job{}
}

func (m *Match) wanted() job     { return wantedOf(m) }
func (m *Match) gamePly() int    { return m.game.Ply() }
func (m *Match) hintAsked() bool { return m.hintAsk != "" && m.hintAsk == m.line() }

func (m *Match) jobAt(ply int, kind searchKind) job {
	p := m.game.Position() // the engine's move and hints: no replay of the record
	if ply != m.game.Ply() {
		p = m.game.PositionAt(ply)
	}
	if len(p.LegalMoves()) == 0 {
		return job{}
	}
	j := job{variant: VariantXiangqi, pos: m.lineAt(ply), kind: kind, level: LevelOption(MaxLevel)}
	switch kind {
	case searchMove:
		j.level, j.goCmd = LevelOption(m.level), LevelGo(m.level)
	case searchHint: // the best move the engine can find
		j.goCmd = HintGo
	case searchAnalysis:
		j.lines, j.goCmd = xiangqiLines(AnalysisLines), AnalysisGo
	case searchGraph:
		j.lines, j.goCmd = xiangqiGraphLines, GraphGo
	}
	return xiangqiJob(j, p)
}

// xiangqiLines are the (UCCI) option lines, one per line of the text, that make the Xiangqi
// engine report its n best lines: for analysis also without the opening book, which answers
// at once with no line. "" is the engine's defaults (one line, the book), which are sent only
// to undo an analysis's (Engine.xqLines).
func xiangqiLines(n int) string {
	if n == 1 {
		return ""
	}
	return "setoption usebook false\nsetoption multipv " + strconv.Itoa(n)
}

// xiangqiDefaults undoes xiangqiLines(n > 1).
const xiangqiDefaults = "setoption usebook true\nsetoption multipv 1"

// EngineLines returns the lines to send so that the engine searches the position if, and
// only if, it is the engine's turn (or the person asked for a hint there, or analyses).
func (m *Match) EngineLines() []string { return m.Engine.sync(m.wanted()) }

// ErrNoMove is returned when the engine answers a search with no move.
var ErrNoMove = errors.New("the engine found no move")

// EngineSaid handles one line from the engine: a fresh bestmove is played. It returns the
// lines to send next, whether the position changed, and an error for a reply that cannot be
// used (the match is unchanged then, and the engine is free for the next search).
func (m *Match) EngineSaid(line string) (send []string, moved bool, err error) {
	return converse(m.Engine, m, line)
}

func (m *Match) takeHint(searched job, move string) error {
	m.hintAsk = ""
	if move == "" {
		return ErrNoMove
	}
	mv, err := xiangqi.ParseMove(move)
	if err == nil && !m.game.Position().IsLegal(mv) {
		err = fmt.Errorf("move %s is not legal here", mv)
	}
	if err != nil {
		return err
	}
	m.hint, m.hintAt = mv, searched.pos
	return nil
}

func (m *Match) takeMove(move string) error {
	mv, err := xiangqi.ParseMove(move)
	if err != nil {
		return err
	}
	return m.Apply(mv)
}

// player is a game the engine plays (Match, Reversi): what the conversation needs of it.
type player interface {
	wanted() job
	// takeHint ends the hint search: it records the engine's suggestion move for the
	// searched position ("": the engine found none, ErrNoMove).
	takeHint(searched job, move string) error
	// takeMove plays the engine's move; an error changes nothing.
	takeMove(move string) error
	// noteEval keeps what search j said so far of its position, for the evaluation graph.
	noteEval(j job, t SearchInfo)
}

// converse handles one line from the engine for game g: a fresh bestmove is played (or shown,
// for a hint), a stale one dropped. It returns the lines to send next, whether the position
// changed, and an error for a reply that cannot be used (the game is unchanged then).
func converse(e *Engine, g player, line string) (send []string, moved bool, err error) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return nil, false, nil
	}
	switch {
	case fields[0] == "info" && len(fields) >= 3 && fields[1] == "string" && fields[2] == "ready":
		e.ready = true
		return nil, false, nil
	case fields[0] == "info" && len(fields) >= 3 && fields[1] == "string" && fields[2] == "error:":
		// The worker could not load the engine: no answer will come. Other errors (a line the
		// engine did not accept) are shown but change nothing.
		msg := strings.Join(fields[3:], " ")
		if strings.HasPrefix(msg, "loading") || strings.HasPrefix(msg, "engine:") {
			e.Fail(msg)
		}
		return nil, false, fmt.Errorf("engine: %s", msg)
	case fields[0] == "nobestmove" && e.stops > 0:
		e.stops-- // the echo of a stop that found the engine idle
		return nil, false, nil
	case fields[0] == "bestmove" || fields[0] == "nobestmove":
	case fields[0] == "info" && len(fields) >= 3 && fields[1] == "string" && fields[2] == "exact":
		if e.inflight.pos != "" && !e.stopped {
			e.info.Exact = true
		}
		return nil, false, nil
	case fields[0] == "info":
		if t, ok := parseInfo(fields); ok && e.inflight.pos != "" && !e.stopped {
			t.Pos, t.Hint = e.inflight.pos, e.inflight.kind == searchHint
			if t.MultiPV >= 1 {
				e.keepMoveInfo(t)
			}
			if rank := max(t.MultiPV, 1); rank <= AnalysisLines {
				e.ranked[rank-1] = t
			}
			if t.MultiPV <= 1 {
				e.info = t
				g.noteEval(e.inflight, t)
			}
		}
		return nil, false, nil
	default:
		return nil, false, nil
	}
	if e.inflight.pos == "" {
		return nil, false, fmt.Errorf("engine said %q with no search in flight", line)
	}
	searched, stopped := e.inflight, e.stopped
	e.inflight, e.stopped, e.hurried = job{}, false, false
	if stopped || !same(searched, g.wanted()) {
		return e.sync(g.wanted()), false, nil // a stale answer: drop it
	}
	if searched.kind == searchGraph {
		g.noteEval(searched, SearchInfo{}) // searched: a position that gave no score is not searched again
		return e.sync(g.wanted()), false, nil
	}
	if searched.kind == searchAnalysis {
		e.analysed = searched.pos // the lines stay shown; no move is played
		return nil, false, nil
	}
	none := fields[0] == "nobestmove" || len(fields) < 2 || fields[1] == "(none)"
	if searched.kind == searchHint {
		move := ""
		if !none {
			move = fields[1]
		}
		if err = g.takeHint(searched, move); err != nil {
			err = fmt.Errorf("hint %q: %w", line, err)
		}
		return e.sync(g.wanted()), false, err
	}
	if none {
		e.Fail(ErrNoMove.Error())
		return nil, false, ErrNoMove
	}
	if err := g.takeMove(fields[1]); err != nil {
		err = fmt.Errorf("engine said %q: %w", line, err)
		e.Fail(err.Error()) // asking again would get the same answer
		return nil, false, err
	}
	return e.sync(g.wanted()), true, nil
}
