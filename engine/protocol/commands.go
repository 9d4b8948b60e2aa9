package protocol

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

var sprintf = fmt.Sprintf

// idleCommand returns the handler of a command allowed only while idle (isready, stop,
// ponderhit and quit are handled in any state).
func idleCommand(cmd string) func(c *Conn, args []string) {
	switch cmd {
	case "ucci":
		return (*Conn).cmdUCCI
	case "uci":
		return (*Conn).cmdUCI
	case "setoption":
		return (*Conn).cmdSetOption
	case "ucinewgame":
		return (*Conn).cmdNewGame
	case "position":
		return (*Conn).cmdPosition
	case "banmoves":
		return (*Conn).cmdBanMoves
	case "go":
		return (*Conn).cmdGo
	case "bench":
		return (*Conn).cmdBench
	case "probe":
		return (*Conn).cmdProbe
	}
	return nil
}

func (c *Conn) dispatch(line string) {
	f := strings.Fields(line)
	cmd, args := f[0], f[1:]
	switch cmd {
	case "isready":
		if noArgs(c, cmd, args) {
			c.println("readyok")
		}
		return
	case "stop":
		if noArgs(c, cmd, args) {
			c.cmdStop()
		}
		return
	case "quit":
		if noArgs(c, cmd, args) {
			c.cmdQuit()
		}
		return
	case "ponderhit":
		c.cmdPonderHit(args)
		return
	}
	h := idleCommand(cmd)
	if h == nil {
		c.errorf("unknown command %q", cmd)
		return
	}
	c.mu.Lock()
	thinking := c.thinking
	c.mu.Unlock()
	if thinking {
		c.errorf("%s is not allowed while thinking (send stop first)", cmd)
		return
	}
	h(c, args)
}

func noArgs(c *Conn, cmd string, args []string) bool {
	if len(args) > 0 {
		c.errorf("%s takes no arguments, got %q", cmd, strings.Join(args, " "))
		return false
	}
	return true
}

const engineName, engineAuthor = "qipan", "the qipan authors"

func (c *Conn) cmdUCCI(args []string) {
	if !noArgs(c, "ucci", args) {
		return
	}
	c.mu.Lock()
	c.dialect = dialectUCCI
	c.mu.Unlock()
	lines := []string{"id name " + engineName, "id author " + engineAuthor,
		"option usemillisec type check default false",
		"option batch type check default false",
		"option newgame type button"}
	for _, o := range c.engineOptions() {
		lines = append(lines, "option "+o.format(dialectUCCI))
	}
	c.printlns(append(lines, "ucciok"))
}

func (c *Conn) cmdUCI(args []string) {
	if !noArgs(c, "uci", args) {
		return
	}
	c.mu.Lock()
	c.dialect = dialectUCI
	c.mu.Unlock()
	lines := []string{"id name " + engineName, "id author " + engineAuthor}
	for _, o := range c.engineOptions() {
		lines = append(lines, "option name "+o.format(dialectUCI))
	}
	c.printlns(append(lines, "uciok"))
}

func (c *Conn) printlns(lines []string) {
	c.outMu.Lock()
	defer c.outMu.Unlock()
	for _, l := range lines {
		c.out(l)
	}
}

func (c *Conn) engineOptions() []Option {
	if o, ok := c.eng.(Optioner); ok {
		return o.Options()
	}
	return nil
}

func (c *Conn) cmdNewGame(args []string) {
	if noArgs(c, "ucinewgame", args) {
		c.eng.NewGame()
	}
}

// cmdSetOption takes both "setoption <name> [<value>]" (UCCI) and
// "setoption name <name words> [value <value words>]" (UCI).
func (c *Conn) cmdSetOption(args []string) {
	if len(args) == 0 {
		c.errorf("setoption: missing option name")
		return
	}
	var name, value string
	if args[0] == "name" {
		i := 1
		for i < len(args) && args[i] != "value" {
			i++
		}
		name = strings.Join(args[1:i], " ")
		if i < len(args) {
			value = strings.Join(args[i+1:], " ")
		}
		if name == "" {
			c.errorf("setoption: missing option name after \"name\"")
			return
		}
	} else {
		name, value = args[0], strings.Join(args[1:], " ")
	}
	name = strings.ToLower(name)
	switch name {
	case "usemillisec", "batch":
		b, err := ParseBool(value)
		if err != nil {
			c.errorf("setoption %s: %v", name, err)
			return
		}
		c.mu.Lock()
		if name == "batch" {
			c.batch = b
		} else {
			c.millis = b
		}
		c.mu.Unlock()
		return
	case "newgame", "clear hash":
		c.eng.NewGame()
		return
	case "hash":
		name = "hashsize" // UCI's name for it
	}
	o, ok := c.eng.(Optioner)
	if !ok {
		return // unknown options are fine
	}
	for _, opt := range o.Options() {
		if opt.UCIName != "" && strings.EqualFold(opt.UCIName, name) {
			name = opt.Name
		}
	}
	if err := o.SetOption(name, value); err != nil && !errors.Is(err, ErrUnknownOption) {
		c.errorf("setoption %s: %v", name, err)
	}
}

// cmdPosition: "position {fen <FEN> | startpos} [moves <m1> …]".
func (c *Conn) cmdPosition(args []string) {
	fenFields, moves, ok := c.parsePosition("position", args)
	if !ok {
		return
	}
	if err := c.eng.SetPosition(strings.Join(fenFields, " "), moves); err != nil {
		c.errorf("position: %v", err)
		return
	}
	red := (len(fenFields) < 2 || fenFields[1] != "b") == (len(moves)%2 == 0)
	if sd, ok := c.eng.(Sider); ok {
		red = sd.FirstToMove()
	}
	c.mu.Lock()
	c.redToMove = red
	c.bans = nil
	c.mu.Unlock()
}

// parsePosition reads "{fen <FEN> | startpos} [moves <m1> …]" (after position or probe).
func (c *Conn) parsePosition(cmd string, args []string) (fenFields, moves []string, ok bool) {
	if len(args) == 0 {
		c.errorf("%s: missing \"fen\" or \"startpos\"", cmd)
		return nil, nil, false
	}
	var rest []string
	switch args[0] {
	case "startpos":
		fenFields, rest = strings.Fields(StartFEN), args[1:]
	case "fen":
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		fenFields, rest = args[1:i], args[i:]
		if len(fenFields) == 0 {
			c.errorf("%s fen: missing FEN", cmd)
			return nil, nil, false
		}
	default:
		c.errorf("%s: want \"fen\" or \"startpos\", got %q", cmd, args[0])
		return nil, nil, false
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			c.errorf("%s: want \"moves\" after the position, got %q", cmd, rest[0])
			return nil, nil, false
		}
		moves = rest[1:]
	}
	return fenFields, moves, true
}

// cmdProbe: "probe {fen <FEN> | startpos} [moves …]" answers "pophash …" from the engine's
// hash table (UCCI), without changing the position.
func (c *Conn) cmdProbe(args []string) {
	p, ok := c.eng.(Prober)
	if !ok {
		c.errorf("probe is not supported")
		return
	}
	fenFields, moves, ok := c.parsePosition("probe", args)
	if !ok {
		return
	}
	h, err := p.Probe(strings.Join(fenFields, " "), moves)
	if err != nil {
		c.errorf("probe: %v", err)
		return
	}
	line := "pophash"
	if h.Best != "" {
		line += " bestmove " + h.Best
	}
	if h.Lower {
		line += sprintf(" lowerbound %d depth %d", h.Score, h.Depth)
	}
	if h.Upper {
		line += sprintf(" upperbound %d depth %d", h.Score, h.Depth)
	}
	c.println(line)
}

// StartFEN is the start position (`position startpos`).
const StartFEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// cmdBanMoves: "banmoves <m1> …" until the next position command.
func (c *Conn) cmdBanMoves(args []string) {
	bans := make([]string, 0, len(args))
	for _, m := range args {
		n, ok := normMove(m)
		if !ok {
			c.errorf("banmoves: bad move %q (want UCCI coordinates like h2e2)", m)
			return
		}
		bans = append(bans, n)
	}
	c.mu.Lock()
	c.bans = bans
	c.mu.Unlock()
}

// normMove accepts "h2e2" and ICCS "H2-E2" and returns the UCCI form.
func normMove(m string) (string, bool) {
	m = strings.ToLower(strings.Replace(m, "-", "", 1))
	if len(m) != 4 {
		return "", false
	}
	for i := 0; i < 4; i += 2 {
		if m[i] < 'a' || m[i] > 'i' || m[i+1] < '0' || m[i+1] > '9' {
			return "", false
		}
	}
	return m, true
}

func (c *Conn) cmdStop() {
	c.mu.Lock()
	thinking := c.thinking
	c.mu.Unlock()
	if !thinking {
		c.println("nobestmove")
		return
	}
	c.stopJob()
}

func (c *Conn) cmdQuit() {
	c.stopJob()
	c.println("bye")
	c.mu.Lock()
	c.quitted = true
	c.mu.Unlock()
	close(c.quit)
}

// cmdPonderHit: the opponent played the pondered move; the clock of the stored limits starts.
func (c *Conn) cmdPonderHit(args []string) {
	if len(args) > 1 || len(args) == 1 && args[0] != "draw" {
		c.errorf("ponderhit: unexpected %q", strings.Join(args, " "))
		return
	}
	c.mu.Lock()
	if !c.thinking || c.ponder == nil {
		c.mu.Unlock()
		c.errorf("ponderhit while not pondering")
		return
	}
	lim := *c.ponder
	c.ponder = nil
	if !lim.Infinite {
		c.waitStop = false
		close(c.release)
		if soft, _ := lim.Budget(); soft > 0 {
			c.timer = time.AfterFunc(soft, c.cancel)
		}
	}
	c.mu.Unlock()
}

// cmdGo parses "go [ponder] [draw] <limits>", "go mate <moves> [<limits>]" or "go perft <depth>"
// and starts the job.
func (c *Conn) cmdGo(args []string) {
	c.mu.Lock()
	unit, red, bans, dia := time.Second, c.redToMove, c.bans, c.dialect
	if c.millis {
		unit = time.Millisecond
	}
	c.mu.Unlock()

	var lim Limits
	ponder, perft, depthZero := false, 0, false
	for i := 0; i < len(args); i++ {
		word := args[i]
		next := func() (string, bool) {
			if i+1 >= len(args) {
				c.errorf("go %s: missing value", word)
				return "", false
			}
			i++
			return args[i], true
		}
		var (
			v  string
			ok = true
			d  time.Duration
			n  uint64
		)
		switch word {
		case "ponder":
			ponder = true
		case "draw": // a draw offer; this engine neither accepts nor offers yet
		case "infinite":
			lim.Infinite = true
		case "depth":
			if v, ok = next(); ok {
				if v == "infinite" {
					lim.Infinite = true
				} else if n, ok = c.count(word, v, true); ok {
					lim.Depth = clampInt(n)
					depthZero = n == 0
				}
			}
		case "nodes":
			if v, ok = next(); ok {
				n, ok = c.count(word, v, false)
				lim.Nodes = n
			}
		case "mate":
			if v, ok = next(); ok {
				n, ok = c.count(word, v, false)
				lim.Mate = clampInt(n)
			}
		case "perft":
			if v, ok = next(); ok {
				n, ok = c.count(word, v, false)
				perft = clampInt(n)
			}
		case "movestogo", "oppmovestogo":
			if v, ok = next(); ok {
				if n, ok = c.count(word, v, true); ok && word == "movestogo" {
					lim.MovesToGo = clampInt(n)
				}
			}
		case "time", "increment", "opptime", "oppincrement":
			if v, ok = next(); ok {
				if d, ok = c.duration(word, v, unit); ok {
					switch word {
					case "time":
						lim.Time = d
					case "increment":
						lim.Inc = d
					case "opptime":
						lim.OppTime = d
					default:
						lim.OppInc = d
					}
				}
			}
		case "movetime", "wtime", "btime", "winc", "binc":
			if v, ok = next(); ok {
				if d, ok = c.duration(word, v, time.Millisecond); ok {
					own := (word[0] == 'w') == red
					switch {
					case word == "movetime":
						lim.MoveTime = d
					case strings.HasSuffix(word, "time") && own:
						lim.Time = d
					case strings.HasSuffix(word, "time"):
						lim.OppTime = d
					case own:
						lim.Inc = d
					default:
						lim.OppInc = d
					}
				}
			}
		default:
			c.errorf("go: unknown word %q", word)
			return
		}
		if !ok {
			return
		}
	}
	if perft > 0 {
		c.goPerft(perft)
		return
	}
	if depthZero && !lim.Infinite {
		c.println("nobestmove") // UCCI: depth 0 asks for no search
		return
	}
	if lim.Depth == 0 && lim.Nodes == 0 && lim.MoveTime == 0 && lim.Time == 0 && lim.Mate == 0 {
		lim.Infinite = true // a bare "go" searches until stop, as in UCI
	}
	lim.Ban = bans
	searchLim, held := lim, (*Limits)(nil)
	if ponder {
		held = &lim
		if lim.Time > 0 || lim.MoveTime > 0 {
			searchLim = Limits{Infinite: true, Ban: bans} // the clock starts at ponderhit
		}
	}
	c.start(lim.Infinite || ponder, held, func(ctx context.Context) []string {
		res := c.eng.Search(ctx, searchLim, func(inf Info) {
			c.println(formatInfo(dia, inf))
			if inf.Note != "" {
				c.println("info string " + inf.Note)
			}
		})
		if res.Best == "" {
			if dia == dialectUCI {
				return []string{"bestmove (none)"} // UCI has no nobestmove
			}
			return []string{"nobestmove"}
		}
		line := "bestmove " + res.Best
		if res.Ponder != "" {
			line += " ponder " + res.Ponder
		}
		return []string{line}
	})
}

// cmdBench: "bench [depth]" searches the engine's bench positions and prints
// "Nodes searched: N" (the signature) and the speed.
func (c *Conn) cmdBench(args []string) {
	b, ok := c.eng.(Bencher)
	if !ok {
		c.errorf("bench: not supported by this engine")
		return
	}
	depth := 0
	switch len(args) {
	case 0:
	case 1:
		n, err := strconv.ParseUint(args[0], 10, 8)
		if err != nil || n == 0 || n > 64 {
			c.errorf("bench: bad depth %q (want 1..64)", args[0])
			return
		}
		depth = int(n)
	default:
		c.errorf("bench: want at most one argument (the depth), got %q", strings.Join(args, " "))
		return
	}
	c.start(false, nil, func(ctx context.Context) []string {
		t0 := time.Now()
		nodes, err := b.Bench(ctx, depth, c.println)
		if err != nil {
			return []string{"info string bench stopped"}
		}
		el := time.Since(t0)
		nps := uint64(float64(nodes) / max(el.Seconds(), 1e-9))
		return []string{sprintf("Nodes searched: %d", nodes),
			sprintf("info string bench time %d nps %d", el.Milliseconds(), nps)}
	})
}

func (c *Conn) goPerft(depth int) {
	p, ok := c.eng.(Perfter)
	if !ok {
		c.errorf("go perft: not supported by this engine")
		return
	}
	c.start(false, nil, func(ctx context.Context) []string {
		total, err := p.Perft(ctx, depth, func(m string, n uint64) { c.println(sprintf("%s: %d", m, n)) })
		if err != nil {
			return []string{"info string perft stopped"}
		}
		return []string{sprintf("Nodes searched: %d", total)}
	})
}

// count parses a non-negative integer (positive unless zeroOK).
func (c *Conn) count(word, v string, zeroOK bool) (uint64, bool) {
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil || n == 0 && !zeroOK {
		want := "a positive whole number"
		if zeroOK {
			want = "a whole number ≥ 0"
		}
		c.errorf("go %s: bad number %q (want %s)", word, v, want)
		return 0, false
	}
	return n, true
}

// duration parses a non-negative time in unit (decimals allowed: "go time 2.5").
func (c *Conn) duration(word, v string, unit time.Duration) (time.Duration, bool) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) || f*float64(unit) > math.MaxInt64/2 {
		c.errorf("go %s: bad time %q", word, v)
		return 0, false
	}
	return time.Duration(f * float64(unit)), true
}

func clampInt(n uint64) int {
	if n > math.MaxInt32 {
		return math.MaxInt32
	}
	return int(n)
}
