// Package engineclient is the board's side of the conversation with the engine (UCCI/UCI
// lines, docs/contracts.md), whatever runs it: the browser's Worker or the desktop's
// goroutine. A Client keeps at most one search in flight and tells the caller how each line
// the engine says bears on it (Said); which search to run, and what to do with its answer,
// are the game's (app/play). It does no I/O: lines come in and go out as strings.
package engineclient

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// DefaultGo is the search command of a Search that names none: one second a move answers
// well within a person's patience.
const DefaultGo = "go movetime 1000"

// Ranks is how many best lines (multipv 1, 2, …) the client keeps of a search (Ranked).
const Ranks = 3

// Kind is what a search is for.
type Kind int

const (
	Move     Kind = iota // the engine's move, played
	Hint                 // a hint for the person
	Analysis             // analysis lines of the position shown
	Graph                // the graph's score of a position
)

// Search is one search: the game's variant, the position line, what it is for, and how to
// run it (the level option line, the option lines that set how many lines the engine
// reports, and the go command). Two searches are the same when variant, position and kind
// agree (Same): a level changed during a search applies from the next one.
type Search struct {
	Variant string // UCI_Variant value; the client's default variant is the worker's own
	Pos     string // the position line; "" for no search
	Kind    Kind
	// Key names the position for the evaluation graph; Second: the side to move there is
	// the second to move in the game (its scores are turned round). The client only carries
	// them back.
	Key    uint64
	Second bool
	Level  string // option line sent before the position ("" for none)
	// Lines are option lines, one per line of the text, sent after Level ("" for none).
	// With Reset set, the engine keeps them between searches: they are sent only when they
	// change, and Reset (its defaults) is sent when a search with no Lines follows others.
	Lines, Reset string
	Go           string // "" for DefaultGo
}

// Same reports whether a and b are the same search.
func Same(a, b Search) bool { return a.Variant == b.Variant && a.Pos == b.Pos && a.Kind == b.Kind }

// VariantOption is the line that switches the engine to variant v.
func VariantOption(v string) string { return "setoption name UCI_Variant value " + v }

// Client tracks the conversation with one engine, shared by the games: when the position
// changes under a search (undo, new game, another game) it sends stop and waits for that
// search's bestmove, which it reports stale, before it starts the next one. So a late
// bestmove is never played on the wrong position, nor in the wrong game.
type Client struct {
	variant  string // the variant the engine was last switched to (its default at first)
	ready    bool   // the engine said "info string ready"
	failed   string // why the engine cannot be used, "" if it can
	inflight Search // the search in flight (Pos "" if none)
	stopped  bool   // stop was sent for the search in flight: its answer is dropped
	hurried  bool   // stop was sent to get the answer now: it is played
	searches int    // searches started, to tell them apart (Search)
	// stops counts stops sent that may still be echoed: a stop that reaches an idle engine
	// (its search just ended) is answered "nobestmove". Every search the board starts has
	// legal moves, so a nobestmove while stops > 0 is such an echo, not an answer.
	stops int
	// info is what the engine said of its last search (its Pos is "" before any search).
	info SearchInfo
	// moveInfo is, for a search scoring every move (multipv), the last line for each first move.
	moveInfo map[string]SearchInfo
	// ranked are the last search's best lines by rank (multipv 1, 2, 3); done are the lines
	// of its last iteration that finished before the one ranked is filling.
	ranked, done [Ranks]SearchInfo
	// analysed is the position whose analysis search ended: it is not searched again.
	analysed string
	// kept are, by variant, the Lines of the last search sent to an engine that keeps them
	// (Search.Reset); "" is its defaults.
	kept map[string]string
}

// New returns a Client talking to a fresh engine, which plays variant first.
func New(variant string) *Client { return &Client{variant: variant} }

// Ready reports whether the engine has said it is ready.
func (e *Client) Ready() bool { return e.ready }

// Thinking reports whether a search for a move that will be played is in flight.
func (e *Client) Thinking() bool {
	return e.inflight.Pos != "" && e.inflight.Kind == Move && !e.stopped
}

// Analysing reports whether an analysis search is in flight.
func (e *Client) Analysing() bool {
	return e.inflight.Pos != "" && e.inflight.Kind == Analysis && !e.stopped
}

// Hinting reports whether a search for a hint is in flight.
func (e *Client) Hinting() bool {
	return e.inflight.Pos != "" && e.inflight.Kind == Hint && !e.stopped
}

// Ranked returns the last search's best lines in order (multipv 1, 2, …; one line for a
// search of one line). The engine reports each line as it finishes it, so while an
// iteration runs its finished lines come first, then the last finished iteration's lines
// whose first moves they do not start with: as many lines as before, none lost while a
// deeper line replaces an older one.
func (e *Client) Ranked() []SearchInfo {
	var out []SearchInfo
	n := 0 // lines the search gives
	add := func(t SearchInfo) {
		if !slices.ContainsFunc(out, func(o SearchInfo) bool { return sameFirst(o.PV, t.PV) }) {
			out = append(out, t)
		}
	}
	for _, t := range e.ranked {
		if t.Depth == 0 || t.Pos != e.info.Pos {
			break
		}
		n++
		if t.Depth == e.ranked[0].Depth {
			add(t)
		}
	}
	for _, t := range e.done {
		if t.Depth == 0 || t.Pos != e.info.Pos {
			break
		}
		add(t)
	}
	// Lines at another depth than the first that the last iteration does not hold either (an
	// engine may report its ranks at differing depths): kept, after the rest.
	for _, t := range e.ranked[:n] {
		add(t)
	}
	return out[:min(len(out), n)]
}

// sameFirst reports whether two lines start with the same move.
func sameFirst(a, b []string) bool { return len(a) > 0 && len(b) > 0 && a[0] == b[0] }

// Search returns the number of the search in flight (0 if none) and its go command's time
// limit, so a caller can hurry a search that runs well past its limit.
func (e *Client) Search() (id int, limit time.Duration) {
	if e.inflight.Pos == "" || e.stopped {
		return 0, 0
	}
	return e.searches, MoveTime(e.inflight.Go)
}

// Hurry returns "stop" for the search in flight numbered id if it still runs: its best move so
// far is then used, not dropped.
func (e *Client) Hurry(id int) []string {
	if id == 0 || id != e.searches {
		return nil
	}
	return e.HurryNow()
}

// HurryNow returns "stop" for the search in flight, if any still runs: its best move so far
// is then used, not dropped.
func (e *Client) HurryNow() []string {
	if e.inflight.Pos == "" || e.stopped || e.hurried {
		return nil
	}
	e.hurried = true
	e.stops++
	return []string{"stop"}
}

// Info returns what the engine said of its last search: while it runs and after it (until
// the next search starts). Its Pos is "" before the first search.
func (e *Client) Info() SearchInfo { return e.info }

// Fail records that the engine cannot be used (the worker failed to load, say).
func (e *Client) Fail(why string) { e.failed = why }

// Failed returns why the engine cannot be used, or "".
func (e *Client) Failed() string { return e.failed }

// Sync returns the lines that bring the engine in line with want, the search it should run
// (Pos "" for none): a stop for a search in flight that is not want, or want's lines when
// the engine is idle.
func (e *Client) Sync(want Search) []string {
	if e.failed != "" {
		return nil
	}
	if e.inflight.Pos != "" {
		if !Same(e.inflight, want) && !e.stopped {
			e.stopped = true
			e.stops++
			return []string{"stop"}
		}
		return nil
	}
	if want.Pos == "" || want.Kind == Analysis && want.Pos == e.analysed {
		return nil
	}
	if want.Go == "" {
		want.Go = DefaultGo
	}
	e.inflight, e.stopped, e.hurried = want, false, false
	e.info = SearchInfo{Pos: want.Pos, Hint: want.Kind == Hint}
	e.moveInfo = nil
	e.ranked, e.done = [Ranks]SearchInfo{}, [Ranks]SearchInfo{}
	e.analysed = ""
	e.searches++
	var lines []string
	if e.variant != want.Variant {
		lines = append(lines, VariantOption(want.Variant))
		e.variant = want.Variant
	}
	if want.Level != "" {
		lines = append(lines, want.Level)
	}
	switch {
	case want.Reset != "" && want.Lines != e.kept[want.Variant]:
		l := want.Lines
		if l == "" {
			l = want.Reset
		}
		lines = append(lines, strings.Split(l, "\n")...)
		if e.kept == nil {
			e.kept = map[string]string{}
		}
		e.kept[want.Variant] = want.Lines
	case want.Reset == "" && want.Lines != "":
		lines = append(lines, strings.Split(want.Lines, "\n")...)
	}
	return append(lines, want.Pos, want.Go)
}

// Stop returns "stop" if a search is in flight and not yet stopped (its bestmove will be
// dropped).
func (e *Client) Stop() []string {
	if e.inflight.Pos != "" && !e.stopped {
		e.stopped = true
		e.stops++
		return []string{"stop"}
	}
	return nil
}

// Analysed marks the analysis of pos as ended: its lines stay shown and it is not searched
// again while it is the search wanted.
func (e *Client) Analysed(pos string) { e.analysed = pos }

// Reply is what one line from the engine means for the search in flight.
type Reply struct {
	// Progress is set for an info line with a depth of the search in flight (its first
	// line, multipv 1 or none): what it says of the position so far, in Info.
	Progress bool
	Info     SearchInfo
	// Done is set when a search ended (bestmove or nobestmove): Searched is the search,
	// Stale says it was stopped (its answer is to be dropped), Move is the move it answered
	// ("" for none).
	Done     bool
	Searched Search
	Stale    bool
	Move     string
	// Err is a line that cannot be used: an error the engine reported (it failed to load:
	// Failed says so), or an answer with no search in flight.
	Err error
}

// Said reads one line from the engine and reports what it means.
func (e *Client) Said(line string) Reply {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return Reply{}
	}
	switch {
	case fields[0] == "info" && len(fields) >= 3 && fields[1] == "string" && fields[2] == "ready":
		e.ready = true
		return Reply{}
	case fields[0] == "info" && len(fields) >= 3 && fields[1] == "string" && fields[2] == "error:":
		// The worker could not load the engine: no answer will come. Other errors (a line the
		// engine did not accept) are shown but change nothing.
		msg := strings.Join(fields[3:], " ")
		if strings.HasPrefix(msg, "loading") || strings.HasPrefix(msg, "engine:") {
			e.Fail(msg)
		}
		return Reply{Err: fmt.Errorf("engine: %s", msg)}
	case fields[0] == "nobestmove" && e.stops > 0:
		e.stops-- // the echo of a stop that found the engine idle
		return Reply{}
	case fields[0] == "bestmove" || fields[0] == "nobestmove":
	case fields[0] == "info" && len(fields) >= 3 && fields[1] == "string" && fields[2] == "exact":
		if e.inflight.Pos != "" && !e.stopped {
			e.info.Exact = true
		}
		return Reply{}
	case fields[0] == "info":
		if t, ok := parseInfo(fields); ok && e.inflight.Pos != "" && !e.stopped {
			t.Pos, t.Hint = e.inflight.Pos, e.inflight.Kind == Hint
			if t.MultiPV >= 1 {
				e.keepMoveInfo(t)
			}
			if rank := max(t.MultiPV, 1); rank <= Ranks {
				if rank == 1 && t.Depth > e.ranked[0].Depth {
					e.done = e.ranked // a new iteration begins
				}
				e.ranked[rank-1] = t
			}
			if t.MultiPV <= 1 {
				e.info = t
				return Reply{Progress: true, Info: t, Searched: e.inflight}
			}
		}
		return Reply{}
	default:
		return Reply{}
	}
	if e.inflight.Pos == "" {
		return Reply{Err: fmt.Errorf("engine said %q with no search in flight", line)}
	}
	r := Reply{Done: true, Searched: e.inflight, Stale: e.stopped}
	e.inflight, e.stopped, e.hurried = Search{}, false, false
	if fields[0] == "bestmove" && len(fields) >= 2 && fields[1] != "(none)" {
		r.Move = fields[1]
	}
	return r
}

// MoveTime returns the time limit a go command sets (movetime, in ms), or 0 if it sets none.
func MoveTime(goCmd string) time.Duration {
	f := strings.Fields(goCmd)
	for i := 0; i+1 < len(f); i++ {
		if f[i] == "movetime" {
			if ms, err := strconv.Atoi(f[i+1]); err == nil && ms > 0 {
				return time.Duration(ms) * time.Millisecond
			}
		}
	}
	return 0
}
