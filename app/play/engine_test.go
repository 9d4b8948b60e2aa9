package play

import (
	"slices"
	"strings"
	"testing"

	"qipan/app/engineclient"
	"qipan/engine/xiangqi"
)

const (
	start = "position fen " + xiangqi.StartFEN
	lvl6  = "setoption level 6" // DefaultLevel, sent before each search
)

func expectLines(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
		t.Errorf("%s: sent %q, want %q", what, got, want)
	}
}

func TestEngineAnswersTheMove(t *testing.T) {
	m := newXQ()
	expectLines(t, "person to move", m.EngineLines())
	play(t, m, "h2e2")
	expectLines(t, "after the person's move", m.EngineLines(), lvl6, start+" moves h2e2", engineclient.DefaultGo)
	if !m.Client.Thinking() {
		t.Error("not thinking after go")
	}
	expectLines(t, "asked twice", m.EngineLines())
	for _, info := range []string{"info depth 1 score 0 pv h9g7", "info string hello", ""} {
		send, moved, err := m.EngineSaid(info)
		if send != nil || moved || err != nil {
			t.Errorf("EngineSaid(%q) = %v, %v, %v", info, send, moved, err)
		}
	}
	send, moved, err := m.EngineSaid("bestmove h9g7 ponder b0c2")
	if err != nil || !moved {
		t.Fatalf("bestmove: moved %v, err %v", moved, err)
	}
	expectLines(t, "after the reply", send)
	if m.Game().Ply() != 2 || m.Client.Thinking() || !m.PersonToMove() {
		t.Errorf("after the reply: ply %d thinking %v", m.Game().Ply(), m.Client.Thinking())
	}
	if last, _ := m.LastMove(); last.String() != "h9g7" {
		t.Errorf("last move %s", last)
	}
}

func TestEngineReady(t *testing.T) {
	m := newXQ()
	if m.Client.Ready() {
		t.Fatal("ready before the worker said so")
	}
	m.EngineSaid("info string ready")
	if !m.Client.Ready() {
		t.Fatal("not ready after info string ready")
	}
}

// Undo while the engine thinks: stop is sent, the late bestmove is dropped.
func TestUndoWhileThinkingDropsTheStaleMove(t *testing.T) {
	m := newXQ()
	play(t, m, "h2e2")
	m.EngineLines()
	m.Undo()
	expectLines(t, "after undo", m.EngineLines(), "stop")
	expectLines(t, "stop once", m.EngineLines())
	if m.Client.Thinking() {
		t.Error("thinking after stop")
	}
	send, moved, err := m.EngineSaid("bestmove h9g7")
	if moved || err != nil || m.Game().Ply() != 0 {
		t.Fatalf("stale bestmove: moved %v err %v ply %d", moved, err, m.Game().Ply())
	}
	expectLines(t, "after the stale move", send)
}

// A new move while a stopped search has not answered yet: the next search waits for it.
func TestNextSearchWaitsForTheStoppedOne(t *testing.T) {
	m := newXQ()
	play(t, m, "h2e2")
	m.EngineLines()
	m.Undo()
	m.EngineLines()
	play(t, m, "b2e2")
	expectLines(t, "while the stopped search runs", m.EngineLines())
	send, moved, _ := m.EngineSaid("bestmove h9g7")
	if moved {
		t.Fatal("the stale move was played")
	}
	expectLines(t, "after the stale move", send, lvl6, start+" moves b2e2", engineclient.DefaultGo)
	if _, moved, err := m.EngineSaid("bestmove b9c7"); !moved || err != nil {
		t.Fatalf("fresh bestmove: moved %v err %v", moved, err)
	}
	if got := m.Save().Moves; got != "b2e2 b9c7" {
		t.Errorf("moves %q", got)
	}
}

func TestEngineBadReplies(t *testing.T) {
	tests := []struct{ line, want string }{
		{"bestmove h9h0", `engine said "bestmove h9h0"`},
		{"bestmove xx", `engine said "bestmove xx"`},
		{"bestmove", "no move"},
		{"bestmove (none)", "no move"},
		{"nobestmove", "no move"},
	}
	for _, tt := range tests {
		m := newXQ()
		play(t, m, "h2e2")
		m.EngineLines()
		send, moved, err := m.EngineSaid(tt.line)
		if moved || send != nil || err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("EngineSaid(%q) = %v, %v, %v; want an error naming %q", tt.line, send, moved, err, tt.want)
		}
		if m.Game().Ply() != 1 || m.Client.Failed() == "" || m.EngineLines() != nil {
			t.Errorf("%q: ply %d failed %q: want the game unchanged and the engine given up", tt.line, m.Game().Ply(), m.Client.Failed())
		}
	}
}

func TestBestmoveWithNoSearch(t *testing.T) {
	m := newXQ()
	if _, moved, err := m.EngineSaid("bestmove h2e2"); moved || err == nil {
		t.Errorf("unasked bestmove: moved %v err %v", moved, err)
	}
	if m.Game().Ply() != 0 {
		t.Error("unasked bestmove was played")
	}
}

// A level changed during a search applies from the next one: the search goes on.
func TestLevelChangeKeepsTheSearch(t *testing.T) {
	m := newXQ()
	play(t, m, "h2e2")
	m.EngineLines()
	m.SetLevel(3)
	expectLines(t, "level changed while thinking", m.EngineLines())
	if _, moved, err := m.EngineSaid("bestmove h9g7"); !moved || err != nil {
		t.Fatalf("bestmove after the level change: %v %v", moved, err)
	}
	play(t, m, "b0c2")
	expectLines(t, "next search", m.EngineLines(), "setoption level 3", start+" moves h2e2 h9g7 b0c2", LevelGo(3))
}

func TestEngineErrors(t *testing.T) {
	tests := []struct {
		line   string
		failed bool
	}{
		{"info string error: loading the engine: engine.wasm: HTTP 404", true},
		{"info string error: engine: the Go program exited with code 2", true},
		{"info string error: unknown command \"frob\"", false},
	}
	for _, tt := range tests {
		m := newXQ()
		_, moved, err := m.EngineSaid(tt.line)
		if moved || err == nil {
			t.Errorf("EngineSaid(%q) = moved %v, err %v; want an error", tt.line, moved, err)
		}
		if got := m.Client.Failed() != ""; got != tt.failed {
			t.Errorf("EngineSaid(%q): failed %v, want %v", tt.line, got, tt.failed)
		}
	}
}

// A stop that reaches the engine just after its search ended is answered "nobestmove" after
// the search's bestmove: that echo must not be taken for the next search's answer.
func TestStopEchoIsIgnored(t *testing.T) {
	m := newXQ()
	play(t, m, "h2e2")
	m.EngineLines()
	expectLines(t, "hurry", m.MoveNow(), "stop")
	if _, moved, err := m.EngineSaid("bestmove h9g7"); !moved || err != nil {
		t.Fatalf("bestmove: %v %v", moved, err)
	}
	play(t, m, "b0c2")
	expectLines(t, "next search", m.EngineLines(), lvl6, start+" moves h2e2 h9g7 b0c2", engineclient.DefaultGo)
	if send, moved, err := m.EngineSaid("nobestmove"); send != nil || moved || err != nil || !m.Client.Thinking() {
		t.Fatalf("the echo: %v %v %v, thinking %v", send, moved, err, m.Client.Thinking())
	}
	if _, moved, err := m.EngineSaid("bestmove b9c7"); !moved || err != nil {
		t.Fatalf("the real answer: %v %v", moved, err)
	}
}
