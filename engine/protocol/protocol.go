// Package protocol speaks UCCI and UCI to a GUI (the dialect of the last `ucci` or `uci`
// line: option and info lines, time units): lines in, lines out, for any
// game engine behind the small Engine interface. The native binary, the browser Worker, the
// desktop app and the tests all drive the same Conn, one connection to a GUI.
//
// Files:
//   - protocol.go: Engine, Limits, Info, Result, Conn and its states (idle, thinking, quit).
//   - commands.go: one method per command (ucci, uci, setoption, position, banmoves, go, stop,
//     bench, …).
//   - format.go:   info and option lines for each dialect; how long to think under a clock
//     (Limits.Budget).
//   - settings.go: what the game adapters share: Config (yield, seed), Settings (the hashsize,
//     level and multipv options and the searcher they size), on/off and spin values.
//   - perft.go:    PerftRun, the stop check and root totals of a game's perft.
//   - lazy.go:     Lazy, a value made at first use and dropped on demand.
//
// Conventions:
//   - Moves are UCCI coordinates ("h2e2") in both dialects for xiangqi; other games bring
//     their own (Reversi: "f5", "pass"; see engine/protocol/rvengine and variants).
//   - UCCI times (`go time/increment/opptime …`) are seconds unless `setoption usemillisec true`;
//     UCI times (`wtime`, `movetime`, …) are milliseconds, as their protocols say.
//   - A malformed or illegal line answers "info string error: …" and changes nothing.
//   - Handle never waits for a search to end, except `stop` and `quit` while thinking, which
//     cancel it and return once its bestmove is written (a few thousand nodes at most).
package protocol

import (
	"context"
	"strings"
	"sync"
	"time"
)

// Engine is what the protocol needs from a game engine. Its methods are never called
// concurrently with each other.
type Engine interface {
	// NewGame forgets what was learned from earlier games (hash tables).
	NewGame()
	// SetPosition sets the position to the one after moves from fen. On error (bad FEN,
	// illegal move) the engine's position must stay as it was.
	SetPosition(fen string, moves []string) error
	// Search thinks about the current position within lim until ctx is done, reporting each
	// iteration through progress (which may be nil). It returns Result{} if there is no legal
	// move, and otherwise a legal move even when cancelled at once.
	Search(ctx context.Context, lim Limits, progress func(Info)) Result
}

// Perfter is implemented by engines that can count move paths (`go perft N`).
type Perfter interface {
	// Perft counts the leaves of the legal-move tree depth plies deep, calling root once per
	// legal root move (in UCCI coordinates) with its own count. It stops early when ctx is done
	// and then returns ctx.Err().
	Perft(ctx context.Context, depth int, root func(move string, nodes uint64)) (uint64, error)
}

// Bencher is implemented by engines with a speed and determinism check (`bench [depth]`).
type Bencher interface {
	// Bench searches the engine's fixed bench positions to depth plies (0: its default depth)
	// and returns the total nodes, the same on every platform. It may report a line per
	// position through progress. It stops early when ctx is done and then returns ctx.Err().
	Bench(ctx context.Context, depth int, progress func(line string)) (uint64, error)
}

// Prober is implemented by engines that can look a position up in their hash table (UCCI
// `probe`, answered by `pophash`).
type Prober interface {
	// Probe returns what the table holds on the position after moves from fen; an error for a
	// bad FEN or an illegal move.
	Probe(fen string, moves []string) (HashEntry, error)
}

// HashEntry is a hash table's knowledge of a position: a best move and a bound on the score
// (both bounds when exact; neither when the position is not stored).
type HashEntry struct {
	Best         string
	Score, Depth int
	Lower, Upper bool
}

// Sider is implemented by engines whose positions do not say the side to move the xiangqi way
// (a FEN's second field "b" for the second player), e.g. Reversi: after SetPosition it tells
// whether the first player (Red; Reversi's Black) is to move, for wtime/btime.
type Sider interface {
	FirstToMove() bool
}

// Optioner is implemented by engines with options of their own (e.g. "hashsize").
type Optioner interface {
	// Options lists the options for the ucci/uci answer.
	Options() []Option
	// SetOption sets a named option (lower-case name). An unknown name returns
	// ErrUnknownOption; a bad value returns an error naming what is wrong.
	SetOption(name, value string) error
}

// Adapter is what each of qipan's games provides behind the protocol (engine/protocol/xqengine,
// engine/protocol/rvengine) and what engine/protocol/variants switches between: an Engine with
// perft, bench and options, whose searcher and tables (Settings) can be dropped between games.
type Adapter interface {
	Engine
	Perfter
	Bencher
	Optioner
	// Release drops the searcher and its tables; the next search makes them again.
	Release()
	// TableBytes returns the bytes the tables hold: 0 before the first search and after Release.
	TableBytes() int
}

// ErrUnknownOption is returned by Optioner.SetOption for names it does not know. The protocol
// accepts unknown options silently, as UCCI asks.
var ErrUnknownOption = errUnknownOption{}

type errUnknownOption struct{}

func (errUnknownOption) Error() string { return "unknown option" }

// Limits says how long to search. Zero fields mean "no limit of this kind"; with no limit at
// all (or Infinite) the search runs until cancelled.
type Limits struct {
	Depth     int           // plies
	Nodes     uint64        // nodes searched
	MoveTime  time.Duration // exactly this long
	Time      time.Duration // the side to move's clock (0: no clock)
	Inc       time.Duration // its increment per move
	MovesToGo int           // moves until the next time control (0: sudden death)
	OppTime   time.Duration // the opponent's clock, for information
	OppInc    time.Duration
	Infinite  bool     // until stop, whatever the other fields say
	Ban       []string // root moves the engine must not play (UCCI banmoves)
	// Mate (`go mate N`, UCI's word, taken in UCCI too): look for a forced mate in at most that
	// many moves instead of a move to play, within the other limits if any; engines without a
	// mate search search as they would with the other limits.
	Mate int
}

// Info is one progress report of a search.
type Info struct {
	Depth     int
	MultiPV   int // the line's rank (1 = best) when several lines are searched; 0 otherwise
	SelDepth  int
	Score     int           // centipawns from the side to move's view (when MatePlies == 0)
	MatePlies int           // > 0: the side to move mates in this many plies; < 0: is mated
	Nodes     uint64        //
	Time      time.Duration // since the search started
	PV        []string      // principal variation, UCCI moves
	Note      string        // if set, written after the info line as "info string <Note>"
}

// Result is the outcome of a search: Best is "" when there is no legal move.
type Result struct {
	Best   string
	Ponder string
}

type dialect uint8

const (
	dialectNone dialect = iota
	dialectUCCI
	dialectUCI
)

// Conn is the engine's end of one connection to a GUI: the conversation's state (dialect,
// options, the search running) between the lines the GUI sends (Handle) and those the engine
// writes back.
type Conn struct {
	eng Engine

	outMu sync.Mutex
	out   func(string)

	hmu sync.Mutex // serialises command handling

	mu        sync.Mutex // guards the fields below, shared with the search goroutine
	dialect   dialect
	millis    bool // UCCI times in milliseconds
	batch     bool // queue lines while thinking
	redToMove bool
	bans      []string
	thinking  bool
	waitStop  bool               // infinite or pondering: hold bestmove until stop/ponderhit
	ponder    *Limits            // the real limits of a ponder search, until ponderhit
	cancel    context.CancelFunc // cancels the running job
	stopped   bool               // the job was cancelled by stop/quit/its timer
	done      chan struct{}      // closed when the running job has written its last line
	queued    []string           // batch mode: lines received while thinking
	timer     *time.Timer        // ponderhit's clock
	release   chan struct{}      // closed by ponderhit: a held bestmove may go out
	quit      chan struct{}
	quitted   bool
}

// New returns a connection for eng that writes each output line (without newline) to out. out is
// never called concurrently.
func New(eng Engine, out func(line string)) *Conn {
	return &Conn{eng: eng, out: out, redToMove: true, quit: make(chan struct{})}
}

// Done is closed after `quit` has been answered with `bye`.
func (c *Conn) Done() <-chan struct{} { return c.quit }

func (c *Conn) println(line string) {
	c.outMu.Lock()
	defer c.outMu.Unlock()
	c.out(line)
}

func (c *Conn) errorf(format string, args ...any) {
	c.println("info string error: " + sprintf(format, args...))
}

// Handle processes one input line. It returns at once, except for `stop` and `quit` while
// thinking (see the package doc).
func (c *Conn) Handle(line string) {
	line = strings.TrimSpace(line)
	if line == "" {
		return
	}
	c.hmu.Lock()
	defer c.hmu.Unlock()
	c.mu.Lock()
	if c.quitted {
		c.mu.Unlock()
		return
	}
	if c.thinking && c.batch {
		c.queued = append(c.queued, line)
		c.mu.Unlock()
		return
	}
	c.mu.Unlock()
	c.dispatch(line)
}

// start runs job in a goroutine as the connection's thinking state. job may write progress
// lines; it returns the final lines (bestmove, …), which are written as the connection leaves
// the thinking state, so that a GUI reacting to them always finds it idle.
// With waitStop (infinite, ponder) the final lines wait for stop (or ponderhit).
func (c *Conn) start(waitStop bool, ponder *Limits, job func(ctx context.Context) (final []string)) {
	ctx, cancel := context.WithCancel(context.Background())
	done, release := make(chan struct{}), make(chan struct{})
	c.mu.Lock()
	c.thinking, c.cancel, c.done, c.stopped = true, cancel, done, false
	c.waitStop, c.ponder, c.release = waitStop, ponder, release
	c.mu.Unlock()
	go func() {
		final := job(ctx)
		c.mu.Lock()
		hold := c.waitStop && !c.stopped
		c.mu.Unlock()
		if hold {
			select {
			case <-ctx.Done():
			case <-release:
			}
		}
		cancel()
		c.end(done, final)
	}()
}

// end leaves the thinking state, writes the job's final lines and, in batch mode, handles the
// lines queued meanwhile.
func (c *Conn) end(done chan struct{}, final []string) {
	c.mu.Lock()
	batch := c.batch // fixed while thinking: setoption is refused (or queued) then
	c.mu.Unlock()
	if batch {
		// Lines are queued only in batch mode, where stop and quit are queued too, so nobody
		// waits on done holding hmu; holding it keeps newer lines from overtaking queued ones.
		c.hmu.Lock()
		defer c.hmu.Unlock()
	}
	c.outMu.Lock()
	c.mu.Lock()
	c.clearJob()
	c.mu.Unlock()
	for _, line := range final {
		c.out(line)
	}
	c.outMu.Unlock()
	close(done)
	if !batch {
		return
	}
	c.mu.Lock()
	for len(c.queued) > 0 && !c.thinking && !c.quitted {
		line := c.queued[0]
		c.queued = c.queued[1:]
		c.mu.Unlock()
		c.dispatch(line)
		c.mu.Lock()
	}
	if c.quitted {
		c.queued = nil
	}
	c.mu.Unlock()
}

func (c *Conn) clearJob() {
	c.thinking, c.waitStop, c.ponder, c.cancel, c.done, c.release = false, false, nil, nil, nil, nil
	if c.timer != nil {
		c.timer.Stop()
		c.timer = nil
	}
}

// stopJob cancels the running job and waits until it has written its last line.
func (c *Conn) stopJob() {
	c.mu.Lock()
	if !c.thinking {
		c.mu.Unlock()
		return
	}
	c.stopped = true
	cancel, done := c.cancel, c.done
	c.mu.Unlock()
	cancel()
	<-done
}

// Finish is for the end of input: it waits until the running job and any queued lines are
// done, stopping a job that would otherwise run until stop (infinite, ponder).
func (c *Conn) Finish() {
	for {
		c.hmu.Lock()
		c.mu.Lock()
		thinking, done := c.thinking, c.done
		if thinking && c.waitStop {
			c.stopped = true
			c.cancel()
		}
		c.mu.Unlock()
		c.hmu.Unlock()
		if !thinking {
			return
		}
		<-done
	}
}
