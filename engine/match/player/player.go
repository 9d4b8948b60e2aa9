// Package player runs an engine program (UCCI or UCI over stdin/stdout) for a match: it
// starts the process, sends options and positions, waits for bestmove with a deadline, and
// kills the process when it hangs.
//
// Conventions:
//   - Moves in and out of this package are UCCI coordinates ("h2e2", ranks 0..9). An engine
//     whose ranks run 1..10 (Fairy-Stockfish: "h3e3") gets RankBase 1; its moves are
//     translated both ways (ToEngine, FromEngine). Another game brings its own Notation
//     (Config.Notation; cmd/reversi-match's Reversi moves), whose moves it then takes and gives.
//   - Fixed time per move: UCI engines get "go movetime <ms>"; UCCI engines get
//     "go time <t> movestogo 1" (t in ms after "setoption usemillisec true" when the engine
//     announces usemillisec, else in whole seconds), the UCCI way to say "all of t for this
//     move". Depth and node limits are added as "depth <n>" and "nodes <n>".
//   - A game clock (Limits.Clock): UCI engines get "go wtime <ms> btime <ms> winc <ms> binc
//     <ms>" (w is Red); UCCI engines "go time <t> increment <i> opptime <t> oppincrement <i>",
//     the side to move's first, in ms after "setoption usemillisec true" when the engine
//     announces usemillisec, else in seconds (the time left rounded down, but at least 1 so
//     that it still reads as a clock).
//   - Every position is sent as "position fen <start> moves <every move since>" (or "position
//     startpos moves …" for the start "startpos"), so the engine sees the whole history for
//     its repetition rules.
//
// Files: player.go (the process and the conversation), ranks.go (rank translation, Notation),
// proc_unix.go / proc_other.go (killing the process and its children).
package player

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"qipan/engine/protocol"
)

// Protocol is the dialect an engine speaks.
type Protocol string

const (
	UCCI Protocol = "ucci"
	UCI  Protocol = "uci"
)

// ParseProtocol accepts "ucci" and "uci".
func ParseProtocol(s string) (Protocol, error) {
	switch p := Protocol(strings.ToLower(s)); p {
	case UCCI, UCI:
		return p, nil
	}
	return "", fmt.Errorf("protocol %q: want ucci or uci", s)
}

// Option is an engine option, sent as "setoption name N value V" (UCI) or
// "setoption N V" (UCCI). An empty Value sends a button.
type Option struct{ Name, Value string }

// Config says how to run one engine.
type Config struct {
	Name     string   // for the PGN and the reports
	Command  []string // program and arguments
	Dir      string   // working directory ("" = the current one)
	Protocol Protocol
	RankBase int      // 0: ranks 0..9 as in UCCI; 1: ranks 1..10 (Fairy-Stockfish)
	Options  []Option // sent in order after the handshake
	// Notation, if set, translates the moves instead of RankBase: for games other than
	// xiangqi, whose moves Go then takes and Reply.Move gives in the notation's own terms.
	Notation Notation
	// Nodes, if set, replaces the match's node limit for this engine: engines whose speeds
	// differ play at a fixed ratio of nodes, as they would at equal time.
	Nodes uint64
	// Trace, if set, sees every line: dir is "<" for what the engine wrote, ">" for what it
	// was sent.
	Trace func(name, dir, line string)
}

// FairyXiangqi sets c up for Fairy-Stockfish playing xiangqi: UCI, ranks counted from 1,
// UCI_Variant=xiangqi and one thread, before c's own options.
func FairyXiangqi(c Config) Config {
	c.Protocol, c.RankBase = UCI, 1
	c.Options = append([]Option{{Name: "UCI_Variant", Value: "xiangqi"}, {Name: "Threads", Value: "1"}}, c.Options...)
	return c
}

// Limits for one move. At least one should be set.
type Limits struct {
	MoveTime time.Duration
	Depth    int
	Nodes    uint64
	Clock    Clock // the game clock, if Clock.On
}

// Clock is what a game clock says at a move: each side's time left and increment.
type Clock struct {
	On               bool
	RedToMove        bool // the side to move, for UCI's w/b and UCCI's own/opponent
	Red, Black       time.Duration
	RedInc, BlackInc time.Duration
}

// Errors of a conversation; the match scores both as a loss.
var (
	ErrTimeout = errors.New("no answer in time")
	ErrExited  = errors.New("the engine exited")
)

// Reply is an engine's answer to go.
type Reply struct {
	Move  string // UCCI coordinates (or Config.Notation's); "" if the engine had no move (nobestmove, "(none)")
	Line  string // the bestmove line as the engine wrote it
	Depth int    // from the last info line that had one
	Score string // "cp 31" or "mate -3" (UCI) / "31" (UCCI), from the same line
	// Took is the wall time from writing go to reading the bestmove line: what a game clock
	// charges for the move.
	Took time.Duration
}

// ParseScore reads a Reply.Score ("31", "cp 31", "mate -3", UCCI's "9997"). A mate counts as beyond any
// centipawn score, with its sign: v is math.MaxInt when the mover mates, math.MinInt when it
// is mated ("mate 0" included), and mate is true. ok is false for no or another score.
func ParseScore(s string) (v int, mate, ok bool) {
	f := strings.Fields(s)
	if len(f) == 2 && f[0] == "mate" {
		n, err := strconv.Atoi(f[1])
		if err != nil {
			return 0, false, false
		}
		return mateValue(n), true, true
	}
	uci := len(f) == 2 && f[0] == "cp"
	if uci {
		f = f[1:]
	}
	if len(f) != 1 {
		return 0, false, false
	}
	v, err := strconv.Atoi(f[0])
	if err != nil {
		return 0, false, false
	}
	if n, mate := protocol.MateMoves(v); mate && !uci { // UCCI writes a mate as ±(10000 - plies)
		return mateValue(n), true, true
	}
	return v, false, true
}

// mateValue is the value ParseScore gives a mate in n moves (n <= 0: the mover is mated).
func mateValue(n int) int {
	if n > 0 {
		return math.MaxInt
	}
	return math.MinInt
}

// Player is a running engine process. Its methods must not be called concurrently.
type Player struct {
	cfg    Config
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string // closed when the engine's stdout ends
	stderr *tail
	millis bool // UCCI: the engine takes times in milliseconds
	dead   bool
	reaped bool // cmd.Wait has returned
}

// Start launches the engine and completes the handshake and options within timeout.
func Start(cfg Config, timeout time.Duration) (*Player, error) {
	if len(cfg.Command) == 0 {
		return nil, fmt.Errorf("engine %q: no command", cfg.Name)
	}
	if cfg.Protocol != UCCI && cfg.Protocol != UCI {
		return nil, fmt.Errorf("engine %q: protocol %q: want ucci or uci", cfg.Name, cfg.Protocol)
	}
	if cfg.RankBase != 0 && cfg.RankBase != 1 {
		return nil, fmt.Errorf("engine %q: rank base %d: want 0 or 1", cfg.Name, cfg.RankBase)
	}
	cmd := exec.Command(cfg.Command[0], cfg.Command[1:]...)
	cmd.Dir = cfg.Dir
	setGroup(cmd)
	p := &Player{cfg: cfg, cmd: cmd, lines: make(chan string, 1024), stderr: &tail{max: 4096}}
	cmd.Stderr = p.stderr
	var err error
	if p.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %q: %v", cfg.Name, err)
	}
	go p.read(stdout)
	if err := p.handshake(timeout); err != nil {
		p.Kill()
		return nil, fmt.Errorf("engine %q: starting: %w%s", cfg.Name, err, p.stderrNote())
	}
	return p, nil
}

func (p *Player) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if p.cfg.Trace != nil {
			p.cfg.Trace(p.cfg.Name, "<", line)
		}
		p.lines <- line
	}
	close(p.lines)
}

func (p *Player) handshake(timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	hello, ok := "ucci", "ucciok"
	if p.cfg.Protocol == UCI {
		hello, ok = "uci", "uciok"
	}
	if err := p.send(hello); err != nil {
		return err
	}
	err := p.until(deadline, func(line string) bool {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "option" && f[1] == "usemillisec" {
			p.millis = true
		}
		return line == ok
	})
	if err != nil {
		return fmt.Errorf("waiting for %s: %w", ok, err)
	}
	if p.cfg.Protocol == UCCI && p.millis {
		if err := p.send("setoption usemillisec true"); err != nil {
			return err
		}
	}
	for _, o := range p.cfg.Options {
		if err := p.send(p.setoption(o)); err != nil {
			return err
		}
	}
	return p.sync(deadline)
}

func (p *Player) setoption(o Option) string {
	if p.cfg.Protocol == UCI {
		if o.Value == "" {
			return "setoption name " + o.Name
		}
		return "setoption name " + o.Name + " value " + o.Value
	}
	return strings.TrimSpace("setoption " + o.Name + " " + o.Value)
}

// sync sends isready and waits for readyok, dropping what came before.
func (p *Player) sync(deadline time.Time) error {
	if err := p.send("isready"); err != nil {
		return err
	}
	if err := p.until(deadline, func(l string) bool { return l == "readyok" }); err != nil {
		return fmt.Errorf("waiting for readyok: %w", err)
	}
	return nil
}

// NewGame tells the engine a new game starts and waits until it is ready.
func (p *Player) NewGame(timeout time.Duration) error {
	cmd := "ucinewgame"
	if p.cfg.Protocol == UCCI {
		cmd = "setoption newgame" // UCCI's button to clear the hash
	}
	if err := p.send(cmd); err != nil {
		return err
	}
	if err := p.sync(time.Now().Add(timeout)); err != nil {
		p.Kill()
		return err
	}
	return nil
}

// Go asks for a move in the position after moves from fen ("startpos": the game's start
// position) and waits at most timeout. On ErrTimeout the engine has been killed. A bestmove
// that cannot be read returns its Reply (with Line) and an error.
func (p *Player) Go(fen string, moves []string, lim Limits, timeout time.Duration) (Reply, error) {
	var b strings.Builder
	if fen == "startpos" {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen ")
		b.WriteString(fen)
	}
	not := p.notation()
	if len(moves) > 0 {
		b.WriteString(" moves")
		for _, m := range moves {
			b.WriteByte(' ')
			b.WriteString(not.ToEngine(m))
		}
	}
	if err := p.send(b.String()); err != nil {
		return Reply{}, err
	}
	if err := p.send(p.goCommand(lim)); err != nil {
		return Reply{}, err
	}
	var r Reply
	sent := time.Now()
	err := p.until(sent.Add(timeout), func(line string) bool {
		f := strings.Fields(line)
		if len(f) == 0 {
			return false
		}
		switch f[0] {
		case "info":
			p.readInfo(f[1:], &r)
		case "bestmove", "nobestmove":
			r.Line, r.Took = line, time.Since(sent)
			return true
		}
		return false
	})
	if err != nil {
		if errors.Is(err, ErrTimeout) {
			p.Kill()
		}
		return r, err
	}
	f := strings.Fields(r.Line)
	if f[0] == "nobestmove" || len(f) < 2 {
		return r, nil
	}
	m, err := not.FromEngine(f[1])
	if err != nil {
		return r, err
	}
	r.Move = m
	return r, nil
}

// notation is Config.Notation, or xiangqi's with Config.RankBase.
func (p *Player) notation() Notation {
	if p.cfg.Notation != nil {
		return p.cfg.Notation
	}
	return Ranks(p.cfg.RankBase)
}

func (p *Player) goCommand(lim Limits) string {
	words := []string{"go"}
	if lim.MoveTime > 0 {
		ms := lim.MoveTime.Milliseconds()
		switch {
		case p.cfg.Protocol == UCI:
			words = append(words, "movetime", strconv.FormatInt(ms, 10))
		case p.millis:
			words = append(words, "time", strconv.FormatInt(ms, 10), "movestogo", "1")
		default:
			words = append(words, "time", strconv.FormatInt(max(1, (ms+999)/1000), 10), "movestogo", "1")
		}
	}
	if c := lim.Clock; c.On {
		// left is a time left, inc an increment, in the engine's unit. A time left is at least
		// 1: 0 would read as no clock at all.
		left := func(d time.Duration) string { return strconv.FormatInt(max(1, d.Milliseconds()), 10) }
		inc := func(d time.Duration) string { return strconv.FormatInt(max(0, d.Milliseconds()), 10) }
		if p.cfg.Protocol == UCCI && !p.millis {
			left = func(d time.Duration) string { return strconv.FormatInt(max(1, int64(d/time.Second)), 10) }
			inc = func(d time.Duration) string { return strconv.FormatInt(max(0, int64(d/time.Second)), 10) }
		}
		if p.cfg.Protocol == UCI {
			words = append(words, "wtime", left(c.Red), "btime", left(c.Black), "winc", inc(c.RedInc), "binc", inc(c.BlackInc))
		} else {
			own, ownInc, opp, oppInc := c.Red, c.RedInc, c.Black, c.BlackInc
			if !c.RedToMove {
				own, ownInc, opp, oppInc = opp, oppInc, own, ownInc
			}
			words = append(words, "time", left(own), "increment", inc(ownInc), "opptime", left(opp), "oppincrement", inc(oppInc))
		}
	}
	if lim.Depth > 0 {
		words = append(words, "depth", strconv.Itoa(lim.Depth))
	}
	if p.cfg.Nodes > 0 {
		lim.Nodes = p.cfg.Nodes
	}
	if lim.Nodes > 0 {
		words = append(words, "nodes", strconv.FormatUint(lim.Nodes, 10))
	}
	return strings.Join(words, " ")
}

// readInfo keeps the depth and score of info lines that have them.
func (p *Player) readInfo(f []string, r *Reply) {
	depth, score := 0, ""
	for i := 0; i+1 < len(f); i++ {
		switch f[i] {
		case "depth":
			depth, _ = strconv.Atoi(f[i+1])
		case "score":
			score = f[i+1]
			if (score == "cp" || score == "mate") && i+2 < len(f) {
				score += " " + f[i+2]
			}
		case "pv", "string":
			i = len(f)
		}
	}
	if depth > 0 && score != "" {
		r.Depth, r.Score = depth, score
	}
}

func (p *Player) send(line string) error {
	if p.dead {
		return ErrExited
	}
	if p.cfg.Trace != nil {
		p.cfg.Trace(p.cfg.Name, ">", line)
	}
	if _, err := io.WriteString(p.stdin, line+"\n"); err != nil {
		return fmt.Errorf("%w (writing %q: %v)", ErrExited, line, err)
	}
	return nil
}

// Ask sends lines and returns what the engine prints up to and including the first line last
// accepts: for commands outside the game protocol, such as Stockfish's "eval".
func (p *Player) Ask(lines []string, last func(string) bool, timeout time.Duration) ([]string, error) {
	for _, l := range lines {
		if err := p.send(l); err != nil {
			return nil, err
		}
	}
	var out []string
	err := p.until(time.Now().Add(timeout), func(l string) bool {
		out = append(out, l)
		return last(l)
	})
	return out, err
}

// until reads lines until done returns true, the output ends, or the deadline passes.
func (p *Player) until(deadline time.Time, done func(string) bool) error {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				p.Kill() // reap it (and its stderr) and any children it left
				return ErrExited
			}
			if done(line) {
				return nil
			}
		case <-timer.C:
			return ErrTimeout
		}
	}
}

// Alive reports whether the engine is still usable (not exited, killed or timed out).
func (p *Player) Alive() bool { return !p.dead }

// Name is the configured name.
func (p *Player) Name() string { return p.cfg.Name }

// Stderr returns the end of what the engine wrote to stderr.
func (p *Player) Stderr() string { return p.stderr.String() }

func (p *Player) stderrNote() string {
	if s := strings.TrimSpace(p.Stderr()); s != "" {
		return "; stderr: " + s
	}
	return ""
}

// Close asks the engine to quit, and kills it if it has not exited within a second.
func (p *Player) Close() {
	if !p.dead {
		_ = p.send("quit")
		_ = p.stdin.Close()
		if p.drain(time.Second) {
			p.dead = true
		}
	}
	p.Kill()
}

// Kill ends the process (and its children) at once and waits for it.
func (p *Player) Kill() {
	p.dead = true
	if p.reaped || p.cmd.Process == nil {
		return
	}
	kill(p.cmd)
	_ = p.stdin.Close()
	p.drain(5 * time.Second)
	_ = p.cmd.Wait()
	p.reaped = true
}

// drain discards output until it ends; false if it did not within d.
func (p *Player) drain(d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	for {
		select {
		case _, ok := <-p.lines:
			if !ok {
				return true
			}
		case <-timer.C:
			return false
		}
	}
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(b), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
