package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"qipan/engine/reversi"
)

// notation is how an engine writes Reversi moves.
type notation int

const (
	qipanNotation notation = iota // transcript coordinates "f5", "pass"
	fsNotation                    // Fairy-Stockfish flipello: drops "P@f4" (rank = 9 - row), pass "a1a1"
)

func parseNotation(s string) (notation, error) {
	switch s {
	case "qipan":
		return qipanNotation, nil
	case "fs", "fairy":
		return fsNotation, nil
	}
	return 0, fmt.Errorf("notation %q: want qipan or fs", s)
}

// write returns m in the engine's notation.
func (n notation) write(m reversi.Move) string {
	if n == qipanNotation {
		return m.String()
	}
	if m == reversi.Pass {
		return "a1a1" // Fairy-Stockfish's pass: a move from a square to itself
	}
	sq := m.Square()
	return fmt.Sprintf("P@%c%d", 'a'+sq.Col(), 8-sq.Row())
}

// read parses a move in the engine's notation.
func (n notation) read(s string) (reversi.Move, error) {
	if n == qipanNotation {
		return reversi.ParseMove(s)
	}
	switch {
	case s == "0000" || strings.EqualFold(s, "pass"):
		return reversi.Pass, nil
	case len(s) == 4 && s[:2] == s[2:]:
		return reversi.Pass, nil // a null move "a1a1"
	case len(s) == 4 && strings.HasPrefix(s, "P@"):
		c, r := s[2], s[3]
		if c < 'a' || c > 'h' || r < '1' || r > '8' {
			break
		}
		return reversi.MoveAt(reversi.SquareOf(int(c-'a'), int('8'-r))), nil
	}
	return reversi.NoMove, fmt.Errorf("move %q: want a drop like P@f4 or a pass like a1a1", s)
}

// fsFEN writes p as a Fairy-Stockfish flipello FEN: ranks 8..1 = rows 1..8, Black's discs P
// (Fairy-Stockfish's white, who moves first), White's p, and in hand what is left of each
// side's 60 after the discs it placed in moves.
func fsFEN(p reversi.Position, moves []reversi.Move) string {
	var b strings.Builder
	for row := 0; row < 8; row++ {
		if row > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for col := 0; col < 8; col++ {
			c, ok := p.At(reversi.SquareOf(col, row))
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte("Pp"[c])
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
	}
	var placed [2]int
	turn := reversi.Black
	for _, m := range moves {
		if m != reversi.Pass {
			placed[turn]++
		}
		turn = turn.Other()
	}
	b.WriteString("[" + strings.Repeat("P", 60-placed[reversi.Black]) + strings.Repeat("p", 60-placed[reversi.White]) + "] ")
	if p.Turn == reversi.Black {
		b.WriteString("w 0 1")
	} else {
		b.WriteString("b 0 1")
	}
	return b.String()
}

// engine is a UCI engine process playing Reversi.
type engine struct {
	name  string
	not   notation
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	trace func(string)
	nodes uint64 // if not 0, each move is searched to this many nodes instead of movetime
}

var errTimeout = errors.New("no answer in time")

// start runs command (split on spaces), completes the UCI handshake and sets options
// ("Name=Value").
func start(name, command string, not notation, options []string, trace func(string)) (*engine, error) {
	f := strings.Fields(command)
	if len(f) == 0 {
		return nil, fmt.Errorf("%s: no command", name)
	}
	e := &engine{name: name, not: not, cmd: exec.Command(f[0], f[1:]...), lines: make(chan string, 4096), trace: trace}
	var err error
	if e.in, err = e.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := e.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := e.cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	e.send("uci")
	if _, err := e.until("uciok", 60*time.Second); err != nil {
		e.close()
		return nil, fmt.Errorf("%s: waiting for uciok: %v", name, err)
	}
	for _, o := range options {
		k, v, _ := strings.Cut(o, "=")
		e.send("setoption name " + k + " value " + v)
	}
	if err := e.ready(); err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

func (e *engine) send(line string) {
	if e.trace != nil {
		e.trace(e.name + " < " + line)
	}
	io.WriteString(e.in, line+"\n")
}

// until reads lines until one starts with prefix, and returns it.
func (e *engine) until(prefix string, timeout time.Duration) (string, error) {
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return "", errors.New("the engine exited")
			}
			if e.trace != nil {
				e.trace(e.name + " > " + l)
			}
			if strings.HasPrefix(l, prefix) {
				return l, nil
			}
		case <-t.C:
			return "", errTimeout
		}
	}
}

func (e *engine) ready() error {
	e.send("isready")
	if _, err := e.until("readyok", 30*time.Second); err != nil {
		return fmt.Errorf("%s: waiting for readyok: %v", e.name, err)
	}
	return nil
}

func (e *engine) newGame() error {
	e.send("ucinewgame")
	return e.ready()
}

// move asks for a move in p, reached by moves from the initial position, within movetime
// (plus grace), or e.nodes nodes (within a minute). Fairy-Stockfish gets p as a FEN:
// its pass is written with a square that depends on the position, so a move list with passes
// cannot be written reliably.
func (e *engine) move(p reversi.Position, moves []reversi.Move, movetime time.Duration) (reversi.Move, error) {
	var b strings.Builder
	if e.not == fsNotation {
		b.WriteString("position fen " + fsFEN(p, moves))
	} else {
		b.WriteString("position startpos")
		if len(moves) > 0 {
			b.WriteString(" moves")
			for _, m := range moves {
				b.WriteString(" " + e.not.write(m))
			}
		}
	}
	e.send(b.String())
	wait := movetime + 10*time.Second
	if e.nodes > 0 {
		e.send(fmt.Sprintf("go nodes %d", e.nodes))
		wait = time.Minute
	} else {
		e.send(fmt.Sprintf("go movetime %d", movetime.Milliseconds()))
	}
	line, err := e.until("bestmove", wait)
	if err != nil {
		return reversi.NoMove, err
	}
	f := strings.Fields(line)
	if len(f) < 2 {
		return reversi.NoMove, fmt.Errorf("%q: no move", line)
	}
	return e.not.read(f[1])
}

func (e *engine) close() {
	e.send("quit")
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
}
