package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"qipan/app/engineclient"
	"qipan/app/i18n"
	"qipan/app/play"
)

// progress writes how far the searches are on stderr: one line rewritten in place on a
// terminal, else a line at each tenth.
type progress struct {
	w           io.Writer
	tty         bool
	n, total    int
	start, last time.Time
	tenth       int
}

func newProgress(w io.Writer, total int, start time.Time) *progress {
	p := &progress{w: w, total: total, start: start}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	if total > 0 {
		p.line()
	}
	return p
}

func (p *progress) line() {
	text := fmt.Sprintf("annotating: %d/%d positions, %d s", p.n, p.total, int(time.Since(p.start).Seconds()))
	if p.tty {
		fmt.Fprintf(p.w, "\r%s\x1b[K", text)
		p.last = time.Now()
	} else {
		fmt.Fprintln(p.w, text)
	}
}

// step counts a position searched.
func (p *progress) step() {
	p.n++
	switch {
	case p.tty:
		if p.n == p.total || time.Since(p.last) >= 100*time.Millisecond {
			p.line()
		}
	case p.n*10/p.total > p.tenth:
		p.tenth = p.n * 10 / p.total
		p.line()
	}
}

// done ends the line in place.
func (p *progress) done() {
	if p.tty && p.total > 0 {
		fmt.Fprintln(p.w)
	}
}

// sideNames are the two sides in l: Red and Black, or Reversi's Black and White.
func sideNames(t *play.Table, l i18n.Lang) [2]string {
	if t.Variant() == play.VariantReversi {
		return [2]string{l.T(i18n.DiscBlack), l.T(i18n.DiscWhite)}
	}
	return [2]string{l.T(i18n.Red), l.T(i18n.Black)}
}

// scoreText writes a score from the mover's view: pawns (Xiangqi), discs (Reversi), # a mate.
func scoreText(t *play.Table, s int) string {
	switch {
	case s >= play.EvalMate:
		return "+#"
	case s <= -play.EvalMate:
		return "-#"
	case t.Variant() == play.VariantReversi:
		return fmt.Sprintf("%+d", int(math.Round(float64(s)/100)))
	}
	return fmt.Sprintf("%+.2f", float64(s)/100)
}

// table writes the judged moves, one a line (ply, side, move, scores before and after from the
// mover's view, mark, comment), and each side's accuracy.
func table(t *play.Table, rep play.Report, l i18n.Lang, n play.Notation) string {
	var b strings.Builder
	rows := [][]string{{"ply", "side", "move", "before", "after", "mark", "comment"}}
	sides := sideNames(t, l)
	moves := t.MoveTexts(n)
	for _, mr := range rep.Moves {
		mv := ""
		if mr.Ply-1 < len(moves) {
			mv = moves[mr.Ply-1]
		}
		rows = append(rows, []string{strconv.Itoa(mr.Ply), sides[mr.Mover], mv, scoreText(t, mr.Before),
			scoreText(t, mr.After), mr.Judgement.Symbol(), t.ReportComment(l, mr, n)})
	}
	writeColumns(&b, rows)
	for s := range 2 {
		fmt.Fprintf(&b, "# %s\n", sideLine(rep, s, sides[s]))
	}
	return b.String()
}

// writeColumns writes rows as columns two spaces apart, by the width the text takes on a
// terminal (a Chinese character takes two columns; text/tabwriter counts it as one).
func writeColumns(b *strings.Builder, rows [][]string) {
	var widths []int
	for _, r := range rows {
		for i, c := range r {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], width(c))
		}
	}
	for _, r := range rows {
		line := ""
		for i, c := range r {
			if i < len(r)-1 {
				c += strings.Repeat(" ", widths[i]-width(c)+2)
			}
			line += c
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
}

// width is the columns s takes on a terminal: two for East Asian wide and full-width
// characters (CJK, Hangul, full-width forms such as ８), one for others.
func width(s string) int {
	w := 0
	for _, r := range s {
		switch {
		case r >= 0x1100 && r <= 0x115F, r >= 0x2E80 && r <= 0xA4CF, r >= 0xAC00 && r <= 0xD7A3,
			r >= 0xF900 && r <= 0xFAFF, r >= 0xFE30 && r <= 0xFE4F, r >= 0xFF00 && r <= 0xFF60, r >= 0xFFE0 && r <= 0xFFE6:
			w += 2
		default:
			w++
		}
	}
	return w
}

// count writes n short: 950, 12.3k, 4.56M.
func count(n uint64) string {
	switch {
	case n >= 1e6:
		return fmt.Sprintf("%.2fM", float64(n)/1e6)
	case n >= 1e4:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return strconv.FormatUint(n, 10)
}

// sideLine is a side's accuracy and marks: "Red: accuracy 91.2%, 1 inaccuracy, 0 mistakes,
// 1 blunder in 20 moves".
func sideLine(rep play.Report, s int, name string) string {
	if rep.Judged[s] == 0 {
		return name + ": no move judged"
	}
	plural := func(n int, word string) string {
		if n == 1 {
			return fmt.Sprintf("%d %s", n, word)
		}
		if strings.HasSuffix(word, "y") {
			return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(word, "y"))
		}
		return fmt.Sprintf("%d %ss", n, word)
	}
	c := rep.Counts[s]
	return fmt.Sprintf("%s: accuracy %.1f%%, %s, %s, %s in %s", name, rep.Accuracy[s], plural(c[0], "inaccuracy"),
		plural(c[1], "mistake"), plural(c[2], "blunder"), plural(rep.Judged[s], "move"))
}

// stats are the searches' totals, for the summary.
type stats struct {
	searches, depth int
	nodes           uint64
}

func (s *stats) add(i engineclient.SearchInfo) {
	s.searches++
	s.depth += i.Depth
	s.nodes += i.Nodes
}

// summary is the report's summary for stderr: each side's line, what was left unjudged, and
// what the searches took.
func summary(t *play.Table, rep play.Report, st stats, took time.Duration) string {
	var b strings.Builder
	sides := sideNames(t, i18n.English)
	for s := range 2 {
		b.WriteString(sideLine(rep, s, sides[s]) + "\n")
	}
	if !rep.Complete {
		fmt.Fprintf(&b, "%d of %d moves judged (a search without a score, or a forced pass, leaves a move unjudged)\n",
			len(rep.Moves), t.Len())
	}
	fmt.Fprintf(&b, "annotated %d moves in %.1f s", t.Len(), took.Seconds())
	if st.searches > 0 {
		fmt.Fprintf(&b, ": %d searches, depth %.1f and %s nodes each on average", st.searches,
			float64(st.depth)/float64(st.searches), count(st.nodes/uint64(st.searches)))
	}
	b.WriteString("\n")
	return b.String()
}
