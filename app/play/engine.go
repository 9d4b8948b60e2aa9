package play

import (
	"errors"
	"fmt"
	"strings"

	"qipan/engine/xiangqi"
)

// DefaultGo is the search command: one second a move answers well within a person's patience.
const DefaultGo = "go movetime 1000"

// Engine tracks the conversation with the engine Worker (UCCI lines, docs/contracts.md). It
// keeps at most one search in flight: when the position changes under a search (undo, new
// game) it sends stop and waits for that search's bestmove, which it then drops, before it
// starts the next one. So a late bestmove is never played on the wrong position.
type Engine struct {
	Go       string // the go command, DefaultGo unless set
	ready    bool   // the worker said "info string ready"
	failed   string // why the engine cannot be used, "" if it can
	inflight string // the position line of the search in flight, "" if none
	stopped  bool   // stop was sent for the search in flight
}

// NewEngine returns an Engine that searches with DefaultGo.
func NewEngine() Engine { return Engine{Go: DefaultGo} }

// Ready reports whether the worker has said it is ready.
func (e *Engine) Ready() bool { return e.ready }

// Thinking reports whether a search that will be played is in flight.
func (e *Engine) Thinking() bool { return e.inflight != "" && !e.stopped }

// Fail records that the engine cannot be used (the worker failed to load, say).
func (e *Engine) Fail(why string) { e.failed = why }

// Failed returns why the engine cannot be used, or "".
func (e *Engine) Failed() string { return e.failed }

// sync returns the lines that bring the engine in line with target, the position line it
// should search ("" for none).
func (e *Engine) sync(target string) []string {
	if e.failed != "" {
		return nil
	}
	if e.inflight != "" {
		if e.inflight != target && !e.stopped {
			e.stopped = true
			return []string{"stop"}
		}
		return nil
	}
	if target == "" {
		return nil
	}
	e.inflight, e.stopped = target, false
	goCmd := e.Go
	if goCmd == "" {
		goCmd = DefaultGo
	}
	return []string{target, goCmd}
}

// Stop returns "stop" if a search is in flight and not yet stopped (its bestmove will be
// dropped).
func (e *Engine) Stop() []string {
	if e.inflight != "" && !e.stopped {
		e.stopped = true
		return []string{"stop"}
	}
	return nil
}

// EngineLines returns the lines to send so that the engine searches the position if, and
// only if, it is the engine's turn.
func (m *Match) EngineLines() []string { return m.Engine.sync(m.SearchTarget()) }

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
	case fields[0] == "bestmove" || fields[0] == "nobestmove":
	default:
		return nil, false, nil // info lines and the like: nothing to do
	}
	if m.Engine.inflight == "" {
		return nil, false, fmt.Errorf("engine said %q with no search in flight", line)
	}
	searched, stopped := m.Engine.inflight, m.Engine.stopped
	m.Engine.inflight, m.Engine.stopped = "", false
	if stopped || searched != m.SearchTarget() {
		return m.EngineLines(), false, nil // a stale answer: drop it
	}
	if fields[0] == "nobestmove" || len(fields) < 2 || fields[1] == "(none)" {
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
