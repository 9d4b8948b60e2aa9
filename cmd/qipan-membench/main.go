// Command qipan-membench prints the engine's peak memory for a fixed set of searches in each
// game (scenarios), natively and as the engine wasm under node. Each scenario runs in a fresh
// process, so its peak is its own:
//
//   - native: this command runs itself as the engine (engine/protocol over variants) and
//     reports the process's peak RSS (Linux's VmHWM) and the Go runtime's memory from the OS
//     (runtime.MemStats.Sys, which never shrinks);
//
//   - wasm (-wasm engine.wasm): node runs the engine Worker's wasm (wasm/run-node.js --memory)
//     and reports the size of its WebAssembly memory (what a browser tab holds for the engine:
//     it never shrinks) and node's peak RSS (node itself takes ~40 MB of it).
//
//     go run ./cmd/qipan-membench
//     GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' -o /tmp/engine.wasm ./wasm &&
//     go run ./cmd/qipan-membench -wasm /tmp/engine.wasm
//
// Flags: -secs N (think time of the timed searches, default 5 s: level 10's), -hash MB (sent
// as the Hash option; 0 = the engine's default), -only a,b (scenarios), -runner and -wasmexec
// (the node runner and Go's wasm_exec.js; defaults: wasm/run-node.js, $(go env GOROOT)/lib/wasm).
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"qipan/engine/protocol"
	"qipan/engine/protocol/variants"
)

// scenario is a fixed script for the engine; "{ms}" in its lines is the think time in ms.
type scenario struct {
	name, what string
	lines      []string
}

const (
	xqSearch = "setoption name OwnBook value false\nposition startpos moves h2e2 h9g7\ngo movetime {ms}"
	// a midgame with 32 empties: level 10 deepens for the whole time, no endgame solve
	rvSearch = "setoption name UCI_Variant value reversi\nsetoption name Skill Level value 10\n" +
		"position startpos moves d3 e3 f2 c4 f5 d6 c3 c2 b3 d2 c5 b5 a5 a3 b4 a6 a7 f3 b6 f4 e2 e1 g4 f1 e6 c6 e7 d7\n" +
		"go movetime {ms}"
	ffo40 = "setoption name UCI_Variant value reversi\n" +
		"position fen O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X\ngo depth 60"
)

var scenarios = []scenario{
	{"idle", "the engine started, no search", []string{"uci\nisready"}},
	{"xiangqi", "Xiangqi search of the think time", []string{xqSearch}},
	{"reversi", "Reversi midgame search at level 10 for the think time", []string{rvSearch}},
	{"ffo40", "Reversi FFO #40 solved exactly (go depth 60)", []string{ffo40}},
	{"session", "one session: the Reversi search, FFO #40, then the Xiangqi search",
		[]string{rvSearch, ffo40, "setoption name UCI_Variant value xiangqi", xqSearch}},
}

// script returns the scenario's input: batch mode (each search finishes before the next line),
// the hash option if set, the scenario's lines.
func (sc scenario) script(ms, hashMB int) string {
	var b strings.Builder
	b.WriteString("setoption batch true\n")
	if hashMB > 0 {
		fmt.Fprintf(&b, "setoption name Hash value %d\n", hashMB)
	}
	for _, l := range sc.lines {
		b.WriteString(strings.ReplaceAll(l, "{ms}", strconv.Itoa(ms)) + "\n")
	}
	return b.String()
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("qipan-membench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	secs := fs.Float64("secs", 5, "think time of the timed searches, seconds")
	hash := fs.Int("hash", 0, "Hash option in MB (0: the engine's default, not sent)")
	only := fs.String("only", "", "comma-separated scenarios (default all: idle,xiangqi,reversi,ffo40,session)")
	wasm := fs.String("wasm", "", "the engine wasm (GOOS=js GOARCH=wasm go build ./wasm) to measure under node too")
	runner := fs.String("runner", "wasm/run-node.js", "the node runner of the engine wasm")
	wasmExec := fs.String("wasmexec", "", "Go's wasm_exec.js (default $(go env GOROOT)/lib/wasm/wasm_exec.js)")
	child := fs.Bool("engine", false, "be the engine: run the protocol on stdin, then print the memory used (for the native runs)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *child {
		return engine(stdin, stdout)
	}
	if *secs <= 0 || *hash < 0 || *hash > protocol.MaxHashMB {
		fmt.Fprintf(stderr, "qipan-membench: need -secs > 0 and -hash 0..%d\n", protocol.MaxHashMB)
		return 2
	}
	picked, err := pick(*only)
	if err != nil {
		fmt.Fprintln(stderr, "qipan-membench:", err)
		return 2
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(stderr, "qipan-membench:", err)
		return 1
	}
	if *wasm != "" && *wasmExec == "" {
		out, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			fmt.Fprintln(stderr, "qipan-membench: go env GOROOT (or pass -wasmexec):", err)
			return 1
		}
		*wasmExec = filepath.Join(strings.TrimSpace(string(out)), "lib", "wasm", "wasm_exec.js")
	}
	hashNote := "the default Hash"
	if *hash > 0 {
		hashNote = fmt.Sprintf("Hash %d MB", *hash)
	}
	fmt.Fprintf(stdout, "qipan-membench: %s/%s %s, think time %gs, %s; MB = 2^20 bytes\n",
		runtime.GOOS, runtime.GOARCH, runtime.Version(), *secs, hashNote)
	fmt.Fprintf(stdout, "%-8s %12s %12s %12s %12s  %s\n", "scenario", "native RSS", "native Go", "wasm memory", "node RSS", "last bestmove")
	ms := int(*secs * 1000)
	for _, sc := range picked {
		script := sc.script(ms, *hash)
		native, err := measure(exec.Command(self, "-engine"), script)
		if err != nil {
			fmt.Fprintf(stderr, "qipan-membench: %s, native: %v\n", sc.name, err)
			return 1
		}
		w := result{}
		if *wasm != "" {
			if w, err = measure(exec.Command("node", *runner, "--memory", *wasmExec, *wasm), script); err != nil {
				fmt.Fprintf(stderr, "qipan-membench: %s, wasm: %v\n", sc.name, err)
				return 1
			}
			if w.best != native.best {
				native.best += " (wasm: " + w.best + ")"
			}
		}
		fmt.Fprintf(stdout, "%-8s %12s %12s %12s %12s  %s\n", sc.name, mb(native.rss), mb(native.goSys),
			mb(w.wasm), mb(w.rss), native.best)
	}
	fmt.Fprintln(stdout, "scenarios:")
	for _, sc := range picked {
		fmt.Fprintf(stdout, "  %-8s %s\n", sc.name, sc.what)
	}
	return 0
}

func pick(only string) ([]scenario, error) {
	if only == "" {
		return scenarios, nil
	}
	var out []scenario
next:
	for _, name := range strings.Split(only, ",") {
		for _, sc := range scenarios {
			if sc.name == strings.TrimSpace(name) {
				out = append(out, sc)
				continue next
			}
		}
		return nil, fmt.Errorf("unknown scenario %q (want idle, xiangqi, reversi, ffo40 or session)", strings.TrimSpace(name))
	}
	return out, nil
}

// result is what one run reports: bytes (-1: not measured) and its last bestmove.
type result struct {
	rss, goSys, wasm int64
	best             string
}

func mb(n int64) string {
	if n <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}

// memLine is the runners' report: "memory wasm N maxrss N" (run-node.js --memory) or
// "memory rss N gosys N" (this command as the engine).
var memLine = regexp.MustCompile(`^memory (\w+) (\d+) (\w+) (\d+)$`)

// measure runs cmd with script as its input until it exits, and reads its memory report.
func measure(cmd *exec.Cmd, script string) (result, error) {
	cmd.Stdin = strings.NewReader(script)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return result{}, fmt.Errorf("%v: %v\n%s", cmd.Args, err, errb.String())
	}
	r := result{rss: -1, goSys: -1, wasm: -1, best: "none"}
	sc := bufio.NewScanner(io.MultiReader(&out, &errb))
	found := false
	for sc.Scan() {
		l := sc.Text()
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "bestmove" {
			r.best = f[1]
		} else if l == "nobestmove" {
			r.best = l
		}
		if strings.HasPrefix(l, "info string error") {
			return result{}, fmt.Errorf("the engine said %q", l)
		}
		m := memLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		found = true
		for _, kv := range [][2]string{{m[1], m[2]}, {m[3], m[4]}} {
			n, _ := strconv.ParseInt(kv[1], 10, 64)
			switch kv[0] {
			case "wasm":
				r.wasm = n
			case "maxrss", "rss":
				r.rss = n
			case "gosys":
				r.goSys = n
			}
		}
	}
	if !found {
		return result{}, fmt.Errorf("%v printed no memory line:\n%s%s", cmd.Args, out.String(), errb.String())
	}
	return r, nil
}

// engine runs the protocol over both games on in, as the native binary does, and then prints
// "memory rss N gosys N": the process's peak RSS (-1 where /proc does not say) and the bytes
// the Go runtime took from the OS.
func engine(in io.Reader, out io.Writer) int {
	var mu sync.Mutex
	s := protocol.New(variants.New(), func(l string) { mu.Lock(); fmt.Fprintln(out, l); mu.Unlock() })
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		s.Handle(sc.Text())
	}
	s.Finish()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	mu.Lock()
	defer mu.Unlock()
	fmt.Fprintf(out, "memory rss %d gosys %d\n", peakRSS(), m.Sys)
	return 0
}

// peakRSS reads VmHWM from /proc/self/status (Linux), or returns -1.
func peakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) == 3 && f[0] == "VmHWM:" && f[2] == "kB" {
			if n, err := strconv.ParseInt(f[1], 10, 64); err == nil {
				return n << 10
			}
		}
	}
	return -1
}
