package play

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"qipan/engine/xiangqi"
)

// DefaultGo is the search command of DefaultLevel: one second a move answers well within a
// person's patience.
const DefaultGo = "go movetime 1000"

// job is a search: the position line and whether it is for a hint (shown) or a move (played).
type job struct {
	pos  string // "" for none
	hint bool
}

// Engine tracks the conversation with the engine Worker (UCCI lines, docs/contracts.md). It
// keeps at most one search in flight: when the position changes under a search (undo, new
// game) it sends stop and waits for that search's bestmove, which it then drops, before it
// starts the next one. So a late bestmove is never played on the wrong position.
type Engine struct {
	Go       string // the go command for the engine's moves, DefaultGo unless set
	Level    int    // the engine's level for its moves (setoption level), 0 to send none
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
}

// NewEngine returns an Engine that searches with DefaultGo.
func NewEngine() Engine { return Engine{Go: DefaultGo} }

// Ready reports whether the worker has said it is ready.
func (e *Engine) Ready() bool { return e.ready }

// Thinking reports whether a search for a move that will be played is in flight.
func (e *Engine) Thinking() bool { return e.inflight.pos != "" && !e.inflight.hint && !e.stopped }

// Hinting reports whether a search for a hint is in flight.
func (e *Engine) Hinting() bool { return e.inflight.pos != "" && e.inflight.hint && !e.stopped }

// Search returns the number of the search in flight (0 if none) and its go command's time
// limit, so a caller can hurry a search that runs well past its limit.
func (e *Engine) Search() (id int, limit time.Duration) {
	if e.inflight.pos == "" || e.stopped {
		return 0, 0
	}
	if e.inflight.hint {
		return e.searches, MoveTime(HintGo)
	}
	return e.searches, MoveTime(e.Go)
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
		if e.inflight != want && !e.stopped {
			e.stopped = true
			e.stops++
			return []string{"stop"}
		}
		return nil
	}
	if want.pos == "" {
		return nil
	}
	e.inflight, e.stopped, e.hurried = want, false, false
	e.searches++
	goCmd, level := e.Go, e.Level
	if want.hint {
		goCmd, level = HintGo, MaxLevel // a hint is the best move the engine can find
	} else if goCmd == "" {
		goCmd = DefaultGo
	}
	var lines []string
	if level != 0 {
		lines = append(lines, LevelOption(level))
	}
	return append(lines, want.pos, goCmd)
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

// wanted is the search the engine should be running now: the engine's move, a hint the
// person asked for, or none.
func (m *Match) wanted() job {
	if m.Over() {
		return job{}
	}
	line := m.line()
	if m.EngineToMove() {
		return job{pos: line}
	}
	if m.hintAsk == line {
		return job{pos: line, hint: true}
	}
	return job{}
}

// EngineLines returns the lines to send so that the engine searches the position if, and
// only if, it is the engine's turn (or the person asked for a hint there).
func (m *Match) EngineLines() []string { return m.Engine.sync(m.wanted()) }

// ErrNoMove is returned when the engine answers a search with no move.
var ErrNoMove = errors.New("the engine found no move")

// EngineSaid handles one line from the engine: a fresh bestmove is played. It returns the
// lines to send next, whether the position changed, and an error for a reply that cannot be
// used (the match is unchanged then, and the engine is free for the next search).
func (m *Match) EngineSaid(line string) (send []string, moved bool, err error) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return nil, false, nil
	}
	switch {
	case fields[0] == "info" && len(fields) >= 3 && fields[1] == "string" && fields[2] == "ready":
		m.Engine.ready = true
		return nil, false, nil
	case fields[0] == "info" && len(fields) >= 3 && fields[1] == "string" && fields[2] == "error:":
		// The worker could not load the engine: no answer will come. Other errors (a line the
		// engine did not accept) are shown but change nothing.
		msg := strings.Join(fields[3:], " ")
		if strings.HasPrefix(msg, "loading") || strings.HasPrefix(msg, "engine:") {
			m.Engine.Fail(msg)
		}
		return nil, false, fmt.Errorf("engine: %s", msg)
	case fields[0] == "nobestmove" && m.Engine.stops > 0:
		m.Engine.stops-- // the echo of a stop that found the engine idle
		return nil, false, nil
	case fields[0] == "bestmove" || fields[0] == "nobestmove":
	default:
		return nil, false, nil // info lines and the like: nothing to do
	}
	if m.Engine.inflight.pos == "" {
		return nil, false, fmt.Errorf("engine said %q with no search in flight", line)
	}
	searched, stopped := m.Engine.inflight, m.Engine.stopped
	m.Engine.inflight, m.Engine.stopped, m.Engine.hurried = job{}, false, false
	if stopped || searched != m.wanted() {
		return m.EngineLines(), false, nil // a stale answer: drop it
	}
	none := fields[0] == "nobestmove" || len(fields) < 2 || fields[1] == "(none)"
	if searched.hint {
		m.hintAsk = ""
		if none {
			return m.EngineLines(), false, fmt.Errorf("hint: %w", ErrNoMove)
		}
		mv, err := xiangqi.ParseMove(fields[1])
		if err == nil && !m.game.Position().IsLegal(mv) {
			err = fmt.Errorf("move %s is not legal here", mv)
		}
		if err != nil {
			return m.EngineLines(), false, fmt.Errorf("hint %q: %w", line, err)
		}
		m.hint, m.hintAt = mv, searched.pos
		return m.EngineLines(), false, nil
	}
	if none {
		m.Engine.Fail(ErrNoMove.Error())
		return nil, false, ErrNoMove
	}
	mv, err := xiangqi.ParseMove(fields[1])
	if err == nil {
		err = m.Apply(mv)
	}
	if err != nil {
		err = fmt.Errorf("engine said %q: %w", line, err)
		m.Engine.Fail(err.Error()) // asking again would get the same answer
		return nil, false, err
	}
	return m.EngineLines(), true, nil
}
