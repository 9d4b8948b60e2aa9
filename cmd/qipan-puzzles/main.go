// Command qipan-puzzles verifies manuals of composed Xiangqi positions (残局: Red to move
// mates by force) with qipan's own rules and search, and writes the ones it verifies as an
// index for puzzles (web/puzzles/xiangqi-classical.tsv, read by app/play's ParsePuzzles).
//
//	go run ./cmd/qipan-puzzles -nodes 500000 -v
//
// reads the two Ming manuals beside the repository (-in, default
// ../shared/reference/puzzles/shiqing-yaqu.tsv and mengru-shenji.tsv). An input line is a FEN
// (Red to move), the position's number and title as the manual names them ("第001局 气吞关右",
// "001由中应外") and the manual, tab-separated; lines starting with # are comments.
//
// Each position must be one the board's editor would play (play.CheckXiangqi: xiangqi.ParseFEN's
// checks), Red to move, the game not over (Game.Result), and not the same as an earlier line.
// Then a mate for Red is looked for two ways, and the shorter kept:
//   - the mate solver (engine/xiangqi/mate): Red's checks (连将杀), its answers to Black's
//     checks and one quiet move threatening mate, every Black reply, iterative deepening up to
//     40 moves within -checks nodes; a mate it finds is proven;
//   - qipan's engine (engine/xiangqi/search, hand evaluation, the table cleared per position)
//     within -nodes or -movetime, which finds mates with quiet moves; its mate score is a claim
//     the prover (proof.go) must confirm on the board within -check-nodes: every Black reply,
//     Red's moves the search's (or a mate by checks), down to Black having no legal move.
//
// Then a second first move: a check that mates by checks, else the engine's best with the first
// banned, confirmed. It is the position's "cook", at any length (a puzzle accepts either). A
// position without a confirmed mate is left out, counted by why.
//
// The output (-out) is a TSV: three comment lines (the command, the manuals read, the
// summary), a header, then a line per verified position, in input order: FEN, manual, number,
// title, mate (Red's moves, the mating one included), first move and second winning move in
// UCCI coordinates ("h2e2"; the second empty when there is none). The summary is printed at
// the end too, with the mate lengths and the time per position. With -nodes alone the output
// does not depend on the machine or its load.
//
// -solve 1s measures the mate solver (engine/xiangqi/mate) alone instead: a line per position
// and a summary on stdout, no index written (-quiet: its quiet moves; -pn=false: without its
// proof-number search; -every: a sample; -solve-nodes 90000: a node budget per position
// instead of, or beside, the time; -cpu: the time is the solving thread's CPU time, so that a
// loaded machine gives each position its second of a core).
//
// qipan-puzzles mine (mine.go, themes.go) mines puzzles from qipan's self-play games instead,
// for either side, mates and decisive gains, into web/puzzles/xiangqi-mined.tsv:
//
//	nice -n 19 go run ./cmd/qipan-puzzles mine -for 8h -v
//
// "Mate" is Xiangqi's: Black without a legal move has lost, checked or not. The proofs do
// not judge repetitions: a proof line passing one position three times, Red checking, would
// lose by the perpetual-check rule instead; within the short, mostly checking lines of these
// mates that is not expected, but it is not excluded.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/mate"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// defaultIn are the two Ming manuals, as they lie beside the repository.
const defaultIn = "../shared/reference/puzzles/shiqing-yaqu.tsv,../shared/reference/puzzles/mengru-shenji.tsv"

type multi []string

func (m *multi) String() string { return strings.Join(*m, ",") }
func (m *multi) Set(s string) error {
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			*m = append(*m, f)
		}
	}
	return nil
}

// options are the command's flags.
type options struct {
	in         multi
	out        string
	lim        limits
	checkNodes uint64
	checks     uint64
	hashMB     int
	verbose    bool
	solve      time.Duration // -solve: the mate solver alone, this long per position
	solveNodes uint64        // -solve-nodes: … or this many nodes per position
	quiet      int           // -quiet: its quiet moves per line
	pn         bool          // -pn: its proof-number search
	cpu        bool          // -cpu: -solve's time is the thread's CPU time
	every      int           // -every: only every n-th position (a sample)
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "mine" {
		return mine(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("qipan-puzzles", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.Var(&o.in, "in", "the manuals to verify, comma-separated or repeated (default "+defaultIn+")")
	fs.StringVar(&o.out, "out", "web/puzzles/xiangqi-classical.tsv", "the index written")
	fs.Uint64Var(&o.lim.nodes, "nodes", 0, "nodes per search (the mate's and the second move's; default 1000000 unless -movetime)")
	fs.DurationVar(&o.lim.movetime, "movetime", 0, "time per search, as 2s")
	fs.Uint64Var(&o.checkNodes, "check-nodes", 0, "nodes allowed to a position's checks, both moves' together (default 4 × -nodes, or 4000000)")
	fs.Uint64Var(&o.checks, "checks", 200_000, "nodes of the mate solver per position (and Red positions the search by checks may expand for a second move)")
	fs.IntVar(&o.hashMB, "hash", 32, "the search's hash table, in MB")
	fs.BoolVar(&o.verbose, "v", false, "print each position's verdict as it is found")
	fs.DurationVar(&o.solve, "solve", 0, "measure the mate solver alone: this long per position, a line each and a summary on stdout; no index written")
	fs.Uint64Var(&o.solveNodes, "solve-nodes", 0, "measure the mate solver alone as -solve does, within this many nodes per position (with -solve: both limits)")
	fs.BoolVar(&o.pn, "pn", true, "with -solve: the solver's proof-number search after its checks (every quiet move, zugzwang)")
	fs.BoolVar(&o.cpu, "cpu", false, "with -solve: its time is the solving thread's CPU time, not the clock's (Linux)")
	fs.IntVar(&o.quiet, "quiet", 1, "with -solve: the attacker's quiet moves per line")
	fs.IntVar(&o.every, "every", 1, "with -solve: only every n-th position")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: qipan-puzzles [-in FILE,...] [-out FILE] [-nodes N | -movetime D] [-check-nodes N] [-v]")
		fmt.Fprintln(stderr, "       qipan-puzzles mine [-out FILE] [-seed N] [-games N | -for D] [-v] (qipan-puzzles mine -h)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "qipan-puzzles:", err)
		return 2
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	if len(o.in) == 0 {
		_ = o.in.Set(defaultIn)
	}
	if o.lim.nodes == 0 && o.lim.movetime == 0 {
		o.lim.nodes = 1_000_000
	}
	if o.lim.movetime < 0 || o.hashMB < 1 {
		return fail(errors.New("-movetime and -hash want values above 0"))
	}
	if o.checkNodes == 0 {
		o.checkNodes = 4 * max(o.lim.nodes, 1_000_000)
	}
	var lines []line
	var sources []string
	for _, f := range o.in {
		ls, err := readManual(f)
		if err != nil {
			return fail(err)
		}
		lines = append(lines, ls...)
		sources = append(sources, source(f, ls))
	}
	if o.solve > 0 || o.solveNodes > 0 {
		var sample []line
		for i, l := range lines {
			if i%max(o.every, 1) == 0 {
				sample = append(sample, l)
			}
		}
		solveAll(context.Background(), sample, mate.Limits{Time: o.solve, Nodes: o.solveNodes, Quiet: o.quiet, PN: o.pn}, o.cpu, o.hashMB, stdout)
		return 0
	}
	c := newChecker(o.hashMB, o.lim)
	c.proofLimit, c.checkLimit = o.checkNodes, o.checks
	start := time.Now()
	var progress io.Writer
	if o.verbose {
		progress = stderr
	}
	results := verifyAll(context.Background(), c, lines, progress)
	sum := summarize(lines, results, time.Since(start))
	text := index(lines, results, "go run ./cmd/qipan-puzzles "+commandLine(args), sources, sum)
	if err := os.MkdirAll(filepath.Dir(o.out), 0o755); err != nil {
		return fail(err)
	}
	if err := os.WriteFile(o.out, []byte(text), 0o644); err != nil {
		return fail(err)
	}
	sum.print(stdout)
	return 0
}

// line is one position of a manual.
type line struct {
	fen, manual string
	number      string // the manual's number, without leading zeros; "" if it has none
	title       string
	where       string // file:line, for messages
	bad         string // why the line is not a position ("" if it is)
}

// readManual reads a manual's lines (FEN, number and title, manual; # starts a comment).
func readManual(file string) ([]line, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var out []line
	for i, s := range strings.Split(string(data), "\n") {
		s = strings.TrimRight(s, "\r")
		if strings.TrimSpace(s) == "" || strings.HasPrefix(s, "#") {
			continue
		}
		l := line{where: fmt.Sprintf("%s:%d", filepath.Base(file), i+1)}
		f := strings.Split(s, "\t")
		if len(f) != 3 {
			l.bad = fmt.Sprintf("%d tab-separated fields, want 3", len(f))
			l.fen = s
		} else {
			l.fen, l.manual = strings.TrimSpace(f[0]), strings.TrimSpace(f[2])
			l.number, l.title = splitTitle(strings.TrimSpace(f[1]))
		}
		out = append(out, l)
	}
	return out, nil
}

// source names a manual's file as given and the manuals its lines name.
func source(file string, ls []line) string {
	var names []string
	for _, l := range ls {
		if l.manual != "" && !slices.Contains(names, l.manual) {
			names = append(names, l.manual)
		}
	}
	if len(names) == 0 {
		return file
	}
	return file + " (" + strings.Join(names, ", ") + ")"
}

// splitTitle reads "第001局 气吞关右" or "001由中应外" as the number ("1") and the title.
func splitTitle(s string) (number, title string) {
	t := strings.TrimPrefix(s, "第")
	digits := strings.IndexFunc(t, func(r rune) bool { return r < '0' || r > '9' })
	if digits < 0 {
		digits = len(t)
	}
	if digits == 0 {
		return "", s
	}
	n, err := strconv.Atoi(t[:digits])
	if err != nil {
		return "", s
	}
	rest := strings.TrimPrefix(t[digits:], "局")
	return strconv.Itoa(n), strings.TrimFunc(rest, unicode.IsSpace)
}

// verifyAll finds each line's verdict, in order; an exact repeat of an earlier line's
// position is left out unsearched.
func verifyAll(ctx context.Context, c *checker, lines []line, progress io.Writer) []verdict {
	out := make([]verdict, len(lines))
	seen := make(map[string]int) // board and side to move → the first line's index
	for i, l := range lines {
		t := time.Now()
		key := positionKey(l.fen)
		j, dup := seen[key]
		switch {
		case l.bad != "":
			out[i] = verdict{why: whyLine, detail: l.bad}
		case dup:
			out[i] = verdict{why: whySame, detail: lines[j].manual + " " + lines[j].number}
		default:
			seen[key] = i
			out[i] = c.verify(ctx, l.fen)
		}
		out[i].took = time.Since(t)
		if progress != nil {
			fmt.Fprintf(progress, "%s\t%s %s\t%s\t%d nodes, %d by checks\t%.1fs\n", l.where, l.manual, l.number,
				out[i].text(), out[i].nodes, out[i].expanded, out[i].took.Seconds())
		}
	}
	return out
}

// positionKey is what makes two FENs the same position: the board and the side to move.
func positionKey(fen string) string {
	f := strings.Fields(fen)
	if len(f) > 2 {
		f = f[:2]
	}
	return strings.Join(f, " ")
}

// text is a verdict in a few words, for -v.
func (v verdict) text() string {
	if v.why != "" {
		if v.detail != "" {
			return v.why + " (" + v.detail + ")"
		}
		return v.why
	}
	s := fmt.Sprintf("mate in %d: %s", v.mate, v.first)
	if v.byChecks {
		s += " (by checks)"
	}
	if v.second != xiangqi.NoMove {
		s += ", also " + v.second.String()
	}
	if v.unconfirmedSecond {
		s += " (a second move seen, not confirmed)"
	}
	return s
}

// commandLine writes the arguments as a shell would take them back.
func commandLine(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t'\"$\\*?;&|<>()") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		q[i] = a
	}
	return strings.Join(q, " ")
}

// summary counts the verdicts.
type summary struct {
	total, verified, cooks, unconfirmed int
	why                                 map[string]int // left out, by reason
	fenWhy                              map[string]int // illegal FENs, by the rules' reason
	mates                               map[int]int    // verified, by mate length
	searched                            int            // positions searched (legal, not repeats)
	elapsed, slowest                    time.Duration
	nodes                               uint64
}

// reasons orders the reasons for leaving a position out, as they are checked.
var reasons = []string{whyLine, whyFEN, whyBlack, whyOver, whySame, whyLost, whyNone, whyAhead, whyRefuted, whyTooLarge}

func summarize(lines []line, vs []verdict, elapsed time.Duration) summary {
	s := summary{total: len(vs), why: map[string]int{}, fenWhy: map[string]int{}, mates: map[int]int{}, elapsed: elapsed}
	for _, v := range vs {
		s.nodes += v.nodes
		if v.nodes > 0 {
			s.searched++
			s.slowest = max(s.slowest, v.took)
		}
		switch {
		case v.why == "":
			s.verified++
			s.mates[v.mate]++
			if v.second != xiangqi.NoMove {
				s.cooks++
			}
			if v.unconfirmedSecond {
				s.unconfirmed++
			}
		default:
			s.why[v.why]++
			if v.why == whyFEN {
				s.fenWhy[v.detail]++
			}
		}
	}
	return s
}

// line is the summary in one line, for the index's comment.
func (s summary) line() string {
	var parts []string
	for _, r := range reasons {
		n := s.why[r]
		if n == 0 {
			continue
		}
		p := fmt.Sprintf("%d %s", n, r)
		if r == whyFEN {
			keys := make([]string, 0, len(s.fenWhy))
			for k := range s.fenWhy {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			var d []string
			for _, k := range keys {
				d = append(d, fmt.Sprintf("%s %d", k, s.fenWhy[k]))
			}
			p += " (" + strings.Join(d, ", ") + ")"
		}
		parts = append(parts, p)
	}
	out := fmt.Sprintf("verified %d of %d (%d with a second winning first move)", s.verified, s.total, s.cooks)
	if len(parts) > 0 {
		out += "; left out " + strconv.Itoa(s.total-s.verified) + ": " + strings.Join(parts, "; ")
	}
	return out
}

// print writes the summary with the mate lengths and the time taken.
func (s summary) print(w io.Writer) {
	fmt.Fprintln(w, s.line())
	var lens []int
	for n := range s.mates {
		lens = append(lens, n)
	}
	slices.Sort(lens)
	var d []string
	for _, n := range lens {
		d = append(d, fmt.Sprintf("%d:%d", n, s.mates[n]))
	}
	fmt.Fprintf(w, "mate lengths (moves:positions): %s\n", strings.Join(d, " "))
	if s.unconfirmed > 0 {
		fmt.Fprintf(w, "a second first move seen by the search but not confirmed (not listed): %d\n", s.unconfirmed)
	}
	if s.searched > 0 {
		fmt.Fprintf(w, "searched %d positions in %v: %.2fs and %d nodes per position, the slowest %.1fs\n", s.searched,
			s.elapsed.Round(time.Second), s.elapsed.Seconds()/float64(s.searched), s.nodes/uint64(s.searched), s.slowest.Seconds())
	}
}

// header is the index's column line.
const header = "fen\tmanual\tnumber\ttitle\tmate\tfirst\tsecond"

// index is the output file: the command, the manuals and the summary as comments, the
// header, the verified positions.
func index(lines []line, vs []verdict, command string, sources []string, s summary) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Xiangqi compositions, Red to move and mate, verified by qipan's search: %s\n", command)
	fmt.Fprintf(&b, "# from %s\n# %s\n%s\n", strings.Join(sources, "; "), s.line(), header)
	for i, v := range vs {
		if v.why != "" {
			continue
		}
		l := lines[i]
		second := ""
		if v.second != xiangqi.NoMove {
			second = v.second.String()
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%d\t%s\t%s\n", l.fen, l.manual, l.number, l.title, v.mate, v.first, second)
	}
	return b.String()
}
