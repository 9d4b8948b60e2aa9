// Command qipan-annotate judges every move of a game record with the engine and writes the
// record back annotated, for posting: each inaccuracy, mistake and blunder gets its mark (?!, ?,
// ??), a comment with the scores before and after ("Mistake (+0.3 → −2.1). C8.5 was best.")
// and the engine's better line as a variation; every scored position keeps its score as
// [%eval …], so the board reads the report again. The judgements are the board's own game
// report (app/play/report.go): lichess's thresholds on the win chance given away (Xiangqi), or
// the discs lost (Reversi), and lichess's accuracy per side.
//
//	qipan-annotate game.pgn > annotated.pgn
//	qipan-annotate -thorough -lang zh-Hans -o annotated.pgn game.xqf
//	qipan-annotate -format dhtmlxq - < game.pgn
//	qipan-annotate -table game.ggf
//
// Input (a path, or - for stdin): Xiangqi PGN (a bare move list too), DhtmlXQ, XQF (binary),
// a FEN with moves; a Reversi transcript (f5d6c3…), a board with moves, or GGF. Text that is
// not UTF-8 is read as GBK, as older Chinese files are. -game xiangqi|reversi says which game;
// by default the file is read as Xiangqi, then as Reversi.
//
// Output (stdout, or -o FILE, written only once everything succeeded): the record in the
// input's format (XQF and FEN input are written as PGN), or -format ID: pgn, dhtmlxq, iccs, zh
// or fen for Xiangqi; transcript, ggf or board for Reversi. Reversi's transcripts and GGF
// cannot hold comments or marks, so a Reversi record is written unchanged; -table writes the
// per-move judgements instead of the record (either game): ply, side, move, the scores before
// and after from the mover's view, the mark and the comment. A summary (each side's accuracy
// and marks) always goes to stderr, with the progress of the searches.
//
// Searches: every position of the record is searched once, -jobs at a time (default: one per
// core), each by its own native engine (engine/protocol/xqengine, rvengine), at full strength,
// without the opening book, one line. -movetime MS (default 500) per position, or -depth N or
// -nodes N; -thorough is 4× the time (or the nodes). Searches by -depth or -nodes start from an
// empty hash table, so their report is the same whatever -jobs.
//
// Exit status: 0 done; 2 for a usage error or a record that cannot be read (the reader's error,
// with its line and column or move, and nothing written); 1 for anything else.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"time"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/engine/protocol"
)

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// options are the command's flags and argument.
type options struct {
	game, format, out string
	lang              i18n.Lang
	notation          play.Notation
	limits            protocol.Limits
	jobs              int
	table             bool
	input             string
}

// usageError is a bad command line: exit 2 with the usage.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// inputError is a record that cannot be read: exit 2, nothing written.
type inputError struct{ err error }

func (e inputError) Error() string { return e.err.Error() }

// exportIDs are each game's writers' IDs (Table.Exports), for -format.
func exportIDs(variant string) []string {
	var ids []string
	for _, e := range play.NewTable(variant).Exports() {
		ids = append(ids, e.ID)
	}
	return ids
}

func parseFlags(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("qipan-annotate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	game := fs.String("game", "", "xiangqi or reversi (default: read as Xiangqi, then as Reversi)")
	format := fs.String("format", "", "output format: "+strings.Join(exportIDs(play.VariantXiangqi), ", ")+
		" (Xiangqi); "+strings.Join(exportIDs(play.VariantReversi), ", ")+" (Reversi) (default: the input's)")
	out := fs.String("o", "", "write to `FILE` instead of stdout (only once everything succeeded)")
	lang := fs.String("lang", "en", "language of the comments: en, zh-Hans or zh-Hant")
	notation := fs.String("notation", "", "Xiangqi move notation: iccs, wxf, zh or zh-hant (default: zh for zh-Hans, zh-hant for zh-Hant, else iccs)")
	movetime := fs.Int("movetime", 500, "milliseconds per position")
	depth := fs.Int("depth", 0, "search each position to `N` plies (instead of -movetime)")
	nodes := fs.Uint64("nodes", 0, "search each position `N` nodes (instead of -movetime)")
	thorough := fs.Bool("thorough", false, "4× the time (or the nodes) per position")
	jobs := fs.Int("jobs", runtime.NumCPU(), "searches at once, each its own engine")
	fs.BoolVar(&o.table, "table", false, "write the per-move judgements as a table instead of the record")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: qipan-annotate [flags] FILE|-\n\n"+
			"Judges every move of a Xiangqi or Reversi record with the engine and writes the record\n"+
			"annotated: marks (?! ? ??), comments and the better lines. Reversi transcripts and GGF\n"+
			"cannot hold comments: a Reversi record is written unchanged; use -table for its judgements.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return o, err
		}
		return o, usageError{""} // the flag package said what is wrong
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	bad := func(format string, a ...any) (options, error) {
		return o, usageError{fmt.Sprintf(format, a...)}
	}
	if fs.NArg() != 1 {
		return bad("want one record file (or - for stdin), got %d arguments", fs.NArg())
	}
	o.input = fs.Arg(0)
	switch o.game = *game; o.game {
	case "", play.VariantXiangqi, play.VariantReversi:
	default:
		return bad("-game %q: want xiangqi or reversi", *game)
	}
	if o.format = *format; o.format != "" {
		ok := slices.Contains(exportIDs(play.VariantXiangqi), o.format) || slices.Contains(exportIDs(play.VariantReversi), o.format)
		if !ok {
			return bad("-format %q: want one of %s, %s", o.format,
				strings.Join(exportIDs(play.VariantXiangqi), ", "), strings.Join(exportIDs(play.VariantReversi), ", "))
		}
		if o.table {
			return bad("-table writes a table, not a record: leave out -format")
		}
	}
	o.out = *out
	switch l := i18n.Lang(*lang); l {
	case i18n.English, i18n.Simplified, i18n.Traditional:
		o.lang = l
	default:
		return bad("-lang %q: want en, zh-Hans or zh-Hant", *lang)
	}
	o.notation = play.DefaultNotation(o.lang)
	if *notation != "" {
		n, ok := play.ParseNotation(*notation)
		if !ok {
			return bad("-notation %q: want iccs, wxf, zh or zh-hant", *notation)
		}
		o.notation = n
	}
	if *jobs < 1 {
		return bad("-jobs %d: want at least 1", *jobs)
	}
	o.jobs = *jobs
	if *movetime < 1 || *depth < 0 {
		return bad("-movetime and -depth want a positive number")
	}
	if set["depth"] || set["nodes"] {
		o.limits.Depth, o.limits.Nodes = *depth, *nodes
		if o.limits.Depth == 0 && o.limits.Nodes == 0 {
			return bad("-depth or -nodes wants a positive number")
		}
	}
	if set["movetime"] || (!set["depth"] && !set["nodes"]) {
		o.limits.MoveTime = time.Duration(*movetime) * time.Millisecond
	}
	if *thorough {
		if o.limits.MoveTime == 0 && o.limits.Nodes == 0 {
			return bad("-thorough multiplies the time or the nodes: give a deeper -depth instead")
		}
		o.limits.MoveTime *= 4
		o.limits.Nodes *= 4
	}
	return o, nil
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	var ue usageError
	if errors.As(err, &ue) {
		if ue.msg != "" {
			fmt.Fprintln(stderr, "qipan-annotate:", ue.msg)
		}
		fmt.Fprintln(stderr, "usage: qipan-annotate [flags] FILE|-   (qipan-annotate -h for the flags)")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := annotate(ctx, o, stdin, stdout, stderr); err != nil {
		fmt.Fprintln(stderr, "qipan-annotate:", err)
		var ie inputError
		if errors.As(err, &ie) || errors.As(err, &ue) {
			return 2
		}
		return 1
	}
	return 0
}

// annotate reads the record, searches its positions, and writes the annotated record (or the
// table).
func annotate(ctx context.Context, o options, stdin io.Reader, stdout, stderr io.Writer) error {
	name := o.input
	var data []byte
	var err error
	if o.input == "-" {
		name = "stdin"
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(o.input)
	}
	if err != nil {
		return inputError{err}
	}
	t, kind, notes, err := load(data, o.game)
	if err != nil {
		return inputError{fmt.Errorf("%s: %s", name, play.ErrorDetail(o.lang, err))}
	}
	// A move list pasted from a blog seldom ends with a result: no need to say so (as links do).
	notes = slices.DeleteFunc(notes, func(n string) bool { return strings.HasSuffix(n, ": no result at the end of the moves") })
	if len(notes) > 0 {
		fmt.Fprintf(stderr, "%s: %s\n", name, play.NotesText(o.lang, notes))
	}
	if t.Len() == 0 {
		return inputError{fmt.Errorf("%s: the record has no moves to judge", name)}
	}
	format, echo := outputFormat(t, kind, o.format)
	if !o.table {
		if !slices.Contains(exportIDs(t.Variant()), format) {
			return usageError{fmt.Sprintf("-format %s is not a %s format (want one of %s)", format, t.Variant(),
				strings.Join(exportIDs(t.Variant()), ", "))}
		}
		if o.format == "" && (kind == "XQF" || kind == "FEN") {
			fmt.Fprintf(stderr, "%s: %s cannot hold the report: writing %s\n", name, kind, format)
		}
	}

	// The output file is made (beside -o, renamed over it at the end) before the searches, so
	// that a path that cannot be written fails at once.
	var tmp *os.File
	if o.out != "" {
		if tmp, err = os.CreateTemp(filepath.Dir(o.out), "."+filepath.Base(o.out)+".*"); err != nil {
			return err
		}
		defer os.Remove(tmp.Name()) // gone once renamed
		defer tmp.Close()
	}
	start := time.Now()
	plies := t.Unscored()
	prog := newProgress(stderr, len(plies), start)
	var st stats
	err = search(ctx, t, plies, o.limits, o.jobs, func(r result) {
		t.SetScore(r.ply, r.info, r.second...)
		st.add(r.info)
		prog.step()
	})
	prog.done()
	if err != nil {
		return err
	}
	rep := t.Report()
	t.WriteReport(o.lang, o.notation)

	var text string
	switch {
	case o.table:
		text = table(t, rep, o.lang, o.notation)
	case echo:
		text = string(data) // the record cannot hold the report: as it was
	default:
		ex, _ := play.FindExport(t, format)
		if text, err = ex.Write(o.notation); err != nil {
			return err
		}
	}
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	if err := write(tmp, o.out, stdout, text); err != nil {
		return err
	}
	fmt.Fprint(stderr, summary(t, rep, st, time.Since(start)))
	if t.Variant() == play.VariantReversi && !o.table && !echo && format == "ggf" {
		fmt.Fprintln(stderr, "GGF holds the report's scores as its moves' evals (the marks: -table)")
	} else if t.Variant() == play.VariantReversi && !o.table {
		how := "without it"
		if echo {
			how = "unchanged"
		}
		fmt.Fprintf(stderr, "Reversi records cannot hold the report: the record is written %s (-table writes the judgements)\n", how)
	}
	return nil
}

// reversiText is text made only of Reversi's squares (a1–h8) and passes: a transcript, which
// Xiangqi's reader refuses, so that its error is Reversi's.
var reversiText = regexp.MustCompile(`^(?i)([a-h][1-8]|pass|--|[\s,;.])+$`)

// load reads data as variant's record, or as Xiangqi's then Reversi's ("" variant). A file
// both refuse gets the error of the game it looks like.
func load(data []byte, variant string) (*play.Table, string, []string, error) {
	try := func(v string) (*play.Table, string, []string, error) {
		t := play.NewTable(v)
		kind, notes, err := t.ImportFile(data, decodeGBK)
		return t, kind, notes, err
	}
	if variant != "" {
		return try(variant)
	}
	t, kind, notes, xerr := try(play.VariantXiangqi)
	if xerr == nil {
		return t, kind, notes, nil
	}
	t, kind, notes, rerr := try(play.VariantReversi)
	if rerr == nil {
		return t, kind, notes, nil
	}
	text := string(bytes.TrimSpace(data))
	if strings.HasPrefix(text, "(;") || strings.Contains(text, "GM[Othello]") || reversiText.MatchString(text) {
		return nil, "", nil, rerr
	}
	return nil, "", nil, xerr
}

// ownFormat is the export that writes each kind of input back.
var ownFormat = map[string]string{"PGN": "pgn", "DhtmlXQ": "dhtmlxq", "XQF": "pgn", "FEN": "pgn",
	"transcript": "transcript", "GGF": "ggf", "board": "board"}

// outputFormat is the export to write: asked, or the input's own (XQF and a FEN as PGN, which
// holds the comments). echo says the input is to be written as it was: a Reversi record in its
// own format, which cannot hold the report (and keeps its tags so).
func outputFormat(t *play.Table, kind, asked string) (id string, echo bool) {
	own, ok := ownFormat[kind]
	if !ok {
		own = "pgn"
		if t.Variant() == play.VariantReversi {
			own = "transcript"
		}
	}
	if asked == "" {
		asked = own
	}
	return asked, ok && t.Variant() == play.VariantReversi && asked == own
}

// write writes text to tmp and renames it to path, or to stdout when there is no tmp.
func write(tmp *os.File, path string, stdout io.Writer, text string) error {
	if tmp == nil {
		_, err := io.WriteString(stdout, text)
		return err
	}
	if _, err := tmp.WriteString(text); err != nil {
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
