// Command perft-compare times `go perft N` in qipan's engine built for wasm and run under
// node, in Fairy-Stockfish's wasm build under node (the npm package the oracles install), and
// in qipan's native binary; it checks that all three count the same nodes and prints
// nodes/s and the ratio of the two wasm builds.
//
//	go run ./cmd/perft-compare [-depth 5] [-runs 3] [-fen FEN] [-fsuci PATH]
//
// Each engine is started, made ready (isready/readyok), then timed from sending `go perft`
// to reading `Nodes searched`, so start-up and wasm compilation are not counted. Both the
// wall-clock time and the CPU time the process used meanwhile (from /proc, all threads) are
// reported: on a shared machine the CPU time is the steadier measure. With -runs > 1 each
// engine runs that many times, one after another, and its best times count.
// The exit status is 1 when the counts differ or an engine fails.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"qipan/engine/xiangqi"
)

func main() {
	depth := flag.Int("depth", 5, "perft depth")
	runs := flag.Int("runs", 1, "runs per engine; the best time counts")
	fen := flag.String("fen", "", "start position (default: the initial position)")
	fsuci := flag.String("fsuci", "", "Fairy-Stockfish driver (default: ../shared/oracles/fsuci.js beside the repo)")
	timeout := flag.Duration("timeout", 10*time.Minute, "limit per engine run")
	flag.Parse()
	if err := run(*depth, *runs, *fen, *fsuci, *timeout); err != nil {
		fmt.Fprintln(os.Stderr, "perft-compare:", err)
		os.Exit(1)
	}
}

// engine is one program to time.
type engine struct {
	name  string
	argv  []string
	setup []string // lines sent before isready
}

func run(depth, runs int, fen, fsuci string, timeout time.Duration) error {
	if depth < 1 || runs < 1 {
		return fmt.Errorf("want -depth >= 1 and -runs >= 1")
	}
	position := "position startpos"
	if fen != "" {
		if _, err := xiangqi.ParseFEN(fen); err != nil {
			return err
		}
		position = "position fen " + fen
	}
	root, err := goEnv("GOMOD")
	if err != nil {
		return err
	}
	root = filepath.Dir(root)
	if fsuci == "" {
		fsuci = filepath.Join(root, "..", "shared", "oracles", "fsuci.js")
		if out, err := exec.Command("bash", filepath.Join(root, "..", "shared", "oracles", "setup.sh")).Output(); err != nil {
			return fmt.Errorf("oracle setup: %v", err)
		} else {
			fmt.Printf("oracles: %s\n", strings.TrimSpace(string(out)))
		}
	}
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "perft-compare")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	wasm, native := filepath.Join(dir, "engine.wasm"), filepath.Join(dir, "qipan-engine")
	if err := build(root, wasm, "GOOS=js", "GOARCH=wasm"); err != nil {
		return err
	}
	if err := build(root, native); err != nil {
		return err
	}
	engines := []engine{
		{name: "qipan wasm (node)", argv: []string{filepath.Join(goroot, "lib", "wasm", "go_js_wasm_exec"), wasm}},
		{name: "Fairy-Stockfish wasm (node)", argv: []string{"node", fsuci},
			setup: []string{"uci", "setoption name UCI_Variant value xiangqi"}},
		{name: "qipan native", argv: []string{native}},
	}
	fmt.Printf("perft %d, %s; load average %s\n", depth, position, loadAvg())
	best := make([]result, len(engines))
	for r := 0; r < runs; r++ {
		for i, e := range engines {
			res, err := perft(e, position, depth, timeout)
			if err != nil {
				return fmt.Errorf("%s: %v", e.name, err)
			}
			fmt.Printf("  run %d %-28s %d nodes in %v (CPU %v)\n", r+1, e.name, res.nodes, res.wall.Round(time.Millisecond), res.cpu)
			if r == 0 || res.wall < best[i].wall {
				best[i].wall = res.wall
			}
			if res.cpu > 0 && (r == 0 || res.cpu < best[i].cpu) {
				best[i].cpu = res.cpu
			}
			best[i].nodes = res.nodes
		}
	}
	fmt.Printf("%-28s %12s %9s %9s %13s %13s\n", "engine", "nodes", "wall s", "CPU s", "Mnodes/s wall", "Mnodes/s CPU")
	for i, e := range engines {
		b := best[i]
		fmt.Printf("%-28s %12d %9.3f %9.2f %13.2f %13.2f\n", e.name, b.nodes, b.wall.Seconds(), b.cpu.Seconds(), mnps(b.nodes, b.wall), mnps(b.nodes, b.cpu))
	}
	for i := range best {
		if best[i].nodes != best[0].nodes {
			return fmt.Errorf("node counts differ: %s %d, %s %d", engines[0].name, best[0].nodes, engines[i].name, best[i].nodes)
		}
	}
	ratio := func(a, b int, d func(result) time.Duration) float64 {
		return d(best[b]).Seconds() / d(best[a]).Seconds()
	}
	wall := func(r result) time.Duration { return r.wall }
	cpu := func(r result) time.Duration { return r.cpu }
	fmt.Printf("node counts agree (%d)\n", best[0].nodes)
	fmt.Printf("qipan wasm / Fairy-Stockfish wasm: %.2fx by wall time, %.2fx by CPU time (goal >= 1.5x)\n", ratio(0, 1, wall), ratio(0, 1, cpu))
	fmt.Printf("qipan native / qipan wasm: %.2fx by wall time, %.2fx by CPU time\n", ratio(2, 0, wall), ratio(2, 0, cpu))
	return nil
}

func mnps(n uint64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds() / 1e6
}

func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v", name, err)
	}
	v := strings.TrimSpace(string(out))
	if v == "" || v == os.DevNull {
		return "", fmt.Errorf("go env %s is empty: run inside the qipan module", name)
	}
	return v, nil
}

func build(root, out string, env ...string) error {
	cmd := exec.Command("go", "build", "-o", out, "./cmd/qipan-engine")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), env...)
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building %s: %v\n%s", filepath.Base(out), err, b)
	}
	return nil
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// result is one timed perft: nodes, wall-clock time, and CPU time the engine used.
type result struct {
	nodes     uint64
	wall, cpu time.Duration
}

// perft starts e, waits for readyok, then times `go perft depth` to its Nodes searched line.
func perft(e engine, position string, depth int, timeout time.Duration) (result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, e.argv[0], e.argv[1:]...)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return result{}, err
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		return result{}, err
	}
	if err := cmd.Start(); err != nil {
		return result{}, err
	}
	defer func() {
		io.WriteString(in, "quit\n")
		in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	}()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(outPipe)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	send := func(ls ...string) error {
		_, err := io.WriteString(in, strings.Join(ls, "\n")+"\n")
		return err
	}
	wait := func(match func(string) bool) (string, error) {
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					return "", errors.New("engine exited")
				}
				if strings.Contains(l, "error") {
					return "", fmt.Errorf("engine said %q", l)
				}
				if match(l) {
					return l, nil
				}
			case <-ctx.Done():
				return "", fmt.Errorf("no answer within %v", timeout)
			}
		}
	}
	if err := send(append(e.setup, position, "isready")...); err != nil {
		return result{}, err
	}
	if _, err := wait(func(l string) bool { return l == "readyok" }); err != nil {
		return result{}, err
	}
	t0, c0 := time.Now(), cpuTime(cmd.Process.Pid)
	if err := send("go perft " + strconv.Itoa(depth)); err != nil {
		return result{}, err
	}
	l, err := wait(func(l string) bool { return strings.HasPrefix(l, "Nodes searched:") })
	r := result{wall: time.Since(t0), cpu: cpuTime(cmd.Process.Pid) - c0}
	if err != nil {
		return result{}, err
	}
	r.nodes, err = strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(l, "Nodes searched:")), 10, 64)
	if err != nil {
		return result{}, fmt.Errorf("bad line %q", l)
	}
	return r, nil
}

// cpuTime is the user+system CPU time of process pid and its threads so far (Linux; 0
// elsewhere), in clock ticks of 10 ms.
func cpuTime(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseUint(f[11], 10, 64)
	k, _ := strconv.ParseUint(f[12], 10, 64)
	return time.Duration(u+k) * 10 * time.Millisecond
}
