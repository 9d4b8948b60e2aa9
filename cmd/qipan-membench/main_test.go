package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

func TestScript(t *testing.T) {
	for _, tt := range []struct {
		sc     string
		ms     int
		hash   int
		want   []string
		absent string
	}{
		{"xiangqi", 1500, 0, []string{"setoption batch true", "go movetime 1500"}, "Hash"},
		{"session", 200, 8, []string{"setoption name Hash value 8", "setoption name UCI_Variant value reversi",
			"go depth 60", "setoption name UCI_Variant value xiangqi", "go movetime 200"}, "{ms}"},
	} {
		sc, err := pick(tt.sc)
		if err != nil {
			t.Fatal(err)
		}
		s := sc[0].script(tt.ms, tt.hash)
		at := 0
		for _, w := range tt.want {
			i := strings.Index(s[at:], w+"\n")
			if i < 0 {
				t.Errorf("%s script has no %q after offset %d:\n%s", tt.sc, w, at, s)
				break
			}
			at += i + len(w)
		}
		if strings.Contains(s, tt.absent) {
			t.Errorf("%s script holds %q:\n%s", tt.sc, tt.absent, s)
		}
	}
	if _, err := pick("idle, nosuch"); err == nil || !strings.Contains(err.Error(), `"nosuch"`) {
		t.Errorf("pick of an unknown scenario: %v", err)
	}
}

// TestEngine: as the engine, the command answers the script and then reports its memory.
func TestEngine(t *testing.T) {
	var out bytes.Buffer
	in := "setoption batch true\nsetoption name UCI_Variant value reversi\nposition startpos\ngo depth 3\n"
	if code := engine(strings.NewReader(in), &out); code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	last := lines[len(lines)-1]
	m := memLine.FindStringSubmatch(last)
	if m == nil || m[1] != "rss" || m[3] != "gosys" || m[4] == "0" {
		t.Errorf("last line %q, want memory rss N gosys N", last)
	}
	if !strings.Contains(out.String(), "\nbestmove ") {
		t.Errorf("no bestmove in %q", out.String())
	}
}

func TestMeasure(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	for _, tt := range []struct {
		out  string
		want result
		err  string
	}{
		{"echo bestmove a2; echo memory wasm 1048576 maxrss 2097152 >&2", result{rss: 2 << 20, goSys: -1, wasm: 1 << 20, best: "a2"}, ""},
		{"echo bestmove h0g2 ponder h9g7; echo memory rss 3 gosys 4", result{rss: 3, goSys: 4, wasm: -1, best: "h0g2"}, ""},
		{"echo bestmove a2", result{}, "no memory line"},
		{"echo 'info string error: bad'; echo memory rss 3 gosys 4", result{}, "the engine said"},
		{"exit 3", result{}, "exit status 3"},
	} {
		got, err := measure(exec.Command("sh", "-c", tt.out), "")
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s: %+v, %v; want %+v, error with %q", tt.out, got, err, tt.want, tt.err)
		}
	}
}
