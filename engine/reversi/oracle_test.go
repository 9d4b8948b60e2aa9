//go:build !js && !wasip1

package reversi

import (
	"bufio"
	"encoding/json"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"qipan/engine/oracles"
)

// The oracle is Fairy-Stockfish's rules (ffish, variant flipello) in ../shared/oracles,
// found relative to the repo root. Under CI=true a missing oracle fails the test. It runs as a
// node subprocess, which js/wasm and wasip1 cannot start: hence the build constraint.
func oracleOrSkip(t *testing.T) *exec.Cmd {
	t.Helper()
	if testing.Short() && os.Getenv("CI") != "true" {
		t.Skip("oracle test skipped in -short mode")
	}
	dir, env := oracles.Setup(t)
	cmd := exec.Command("node", filepath.Join(dir, "oracle.js"))
	cmd.Env = append(os.Environ(), env)
	return cmd
}

type oracleReq struct {
	Game  string `json:"game"`
	FEN   string `json:"fen"`
	Moves string `json:"moves,omitempty"`
	Ask   string `json:"ask"`
}

type oracleAns struct {
	Legal  []string `json:"legal"`
	FEN    string   `json:"fen"`
	Over   bool     `json:"over"`
	Result string   `json:"result"`
	Error  string   `json:"error"`
}

// oracleCase is one random position and the move of ours played in it.
type oracleCase struct {
	pos  Position
	move Move
}

func oracleCases(r *rand.Rand, n int) []oracleCase {
	cases := make([]oracleCase, 0, n)
	var ml MoveList
	for len(cases) < n {
		var p Position
		if r.Intn(3) == 0 { // arbitrary board, often with passes or game over
			// Fairy-Stockfish's flipello makes the first drops fill the four centre squares
			// (the old Reversi opening); in Othello they are never empty, so fill them.
			P, O := randomBoard(r)
			for _, s := range []Square{27, 28, 35, 36} {
				if (P|O)&s.Bit() == 0 {
					if r.Intn(2) == 0 {
						P |= s.Bit()
					} else {
						O |= s.Bit()
					}
				}
			}
			p = Position{P: P, O: O, Turn: Color(r.Intn(2))}
		} else { // a position from a random game
			p = Start()
			for k := r.Intn(61); k > 0; k-- {
				p.GenerateLegal(&ml)
				if ml.N == 0 {
					break
				}
				p.Make(ml.Moves[r.Intn(ml.N)])
			}
		}
		p.GenerateLegal(&ml)
		m := NoMove
		if ml.N > 0 {
			m = ml.Moves[r.Intn(ml.N)]
		}
		cases = append(cases, oracleCase{p, m})
	}
	return cases
}

// fsOverNow tells whether Fairy-Stockfish's flipello ends the game here without passing.
func fsOverNow(p *Position) bool { return p.Empties() == 0 || p.P == 0 }

func resultString(o Outcome) string {
	switch o {
	case BlackWins:
		return "1-0" // the oracle's "white" is our black, who moves first
	case WhiteWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

func TestOracle(t *testing.T) {
	cmd := oracleOrSkip(t)
	n := 10000 // about 60 s of oracle time; QIPAN_ORACLE_N sets it
	if s := os.Getenv("QIPAN_ORACLE_N"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("QIPAN_ORACLE_N=%q: %v", s, err)
		}
		n = v
	}
	seed := time.Now().UnixNano()
	if s := os.Getenv("QIPAN_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	cases := oracleCases(rand.New(rand.NewSource(seed)), n)

	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start oracle: %v", err)
	}
	defer func() {
		in.Close()
		cmd.Process.Kill()
		cmd.Wait()
	}()
	sc := bufio.NewScanner(outPipe)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	w := bufio.NewWriter(in)
	enc := json.NewEncoder(w)
	// ask sends one request and reads its answer; a dead oracle fails the test with its stderr.
	ask := func(req oracleReq) oracleAns {
		t.Helper()
		enc.Encode(req)
		w.Flush()
		if !sc.Scan() {
			errText := stderr.String()
			if len(errText) > 2000 {
				errText = errText[len(errText)-2000:]
			}
			t.Fatalf("seed %d: oracle stopped answering %+v: %v\n%s", seed, req, sc.Err(), errText)
		}
		var a oracleAns
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("seed %d: oracle answer %q: %v", seed, sc.Text(), err)
		}
		return a
	}
	// legalStrings lists our legal moves as the oracle would: where neither side can move but
	// Fairy-Stockfish does not end the game yet, its only legal move is a pass.
	legalStrings := func(p *Position) []string {
		var mine []string
		for _, m := range p.LegalMoves() {
			mine = append(mine, m.String())
		}
		if p.Status() == Over && !fsOverNow(p) {
			mine = []string{"pass"}
		}
		sort.Strings(mine)
		return mine
	}
	// Each case costs the oracle ~5 ms per request, so every case asks once for the legal
	// moves after our move (which also checks that move is legal); the exact board after it,
	// the end of game and the result are asked for every 4th case and every finished game.
	fails := 0
	states := 0
	for i, c := range cases {
		mv := ""
		after := c.pos
		if c.move != NoMove {
			mv = c.move.String()
			after.Make(c.move)
		}
		legal := ask(oracleReq{Game: "reversi", FEN: c.pos.String(), Moves: mv, Ask: "legal"})
		if legal.Error != "" {
			t.Fatalf("seed %d case %d %s move %v: oracle error %q", seed, i, c.pos.String(), c.move, legal.Error)
		}
		if mine := legalStrings(&after); strings.Join(mine, " ") != strings.Join(legal.Legal, " ") {
			t.Errorf("seed %d case %d %s move %v: legal %v, oracle %v", seed, i, c.pos.String(), c.move, mine, legal.Legal)
			fails++
		}
		over := after.Status() == Over
		if over || i%4 == 0 {
			// Fairy-Stockfish ends a game at once if the board is full or the side to move has
			// no disc, else only after two passes in a row; a finished game is checked after them.
			final := after
			for k := 0; over && k < 2 && !fsOverNow(&final); k++ {
				mv = strings.TrimSpace(mv + " pass")
				final.Make(Pass)
			}
			state := ask(oracleReq{Game: "reversi", FEN: c.pos.String(), Moves: mv, Ask: "state"})
			states++
			if state.Error != "" {
				t.Fatalf("seed %d case %d %s moves %q: oracle error %q", seed, i, c.pos.String(), mv, state.Error)
			}
			if final.String() != state.FEN || over != state.Over || resultString(after.Outcome()) != state.Result {
				t.Errorf("seed %d case %d %s moves %q: got %s over=%v %s, oracle %s over=%v %s", seed, i,
					c.pos.String(), mv, final.String(), over, resultString(after.Outcome()), state.FEN, state.Over, state.Result)
				fails++
			}
		}
		if fails > 10 {
			t.Fatalf("seed %d: too many failures", seed)
		}
	}
	t.Logf("seed %d: legal moves of %d positions and %d final boards/results agree with the oracle", seed, n, states)
}
