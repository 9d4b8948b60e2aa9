package play

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"qipan/app/i18n"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/record"
)

// Import reads pasted text as a game. What it is, is told by its look:
//   - a [DhtmlXQ] block (anywhere in the text, e.g. a blog page's source): DhtmlXQ;
//   - text with a '/' and no '[': a FEN, optionally followed by "moves" and coordinate moves
//     (as in a protocol position line);
//   - anything else: PGN, which includes a bare move list in ICCS, WXF or Chinese with or
//     without move numbers (so a list copied with MovesText reads back).
//
// It returns the game (the first, if the text holds several), what the text was, and notes on
// what the reader skipped (a variation it could not read, several games). A bad FEN is ParseFEN's error; a bad
// PGN or DhtmlXQ is engine/xiangqi/record's error naming the line and column.
func Import(text string) (g *xiangqi.Game, kind string, notes []string, err error) {
	r, kind, notes, err := ImportRecord(text)
	if err != nil {
		return nil, "", nil, err
	}
	if g, err = r.Game(); err != nil {
		return nil, "", nil, err
	}
	return g, kind, notes, nil
}

// ImportRecord is Import keeping the record: its tags (players, event, result) and comments,
// which a viewer shows. A FEN (with moves) becomes a record without tags.
func ImportRecord(text string) (r *record.Game, kind string, notes []string, err error) {
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		return nil, "", nil, errors.New("nothing to import: paste a FEN, PGN, DhtmlXQ or a list of moves")
	case strings.Contains(text, "[DhtmlXQ]"):
		games, warns, err := record.ParseDhtmlXQ(text)
		return FirstGame("DhtmlXQ", games, warns, err)
	case strings.Contains(text, "/") && !strings.Contains(text, "["):
		g, err := importFEN(text)
		if err != nil {
			return nil, "", nil, err
		}
		return record.FromGame(g), "FEN", nil, nil
	}
	games, warns, err := record.ParsePGN(text)
	return FirstGame("PGN", games, warns, err)
}

// ImportFile reads a file's bytes as a game: an XQF file (binary, told by its "XQ"
// signature and version byte) or text as ImportRecord reads it. decode turns the legacy Chinese encoding
// (GBK) into text: XQF's strings, and a text file that is not UTF-8 (older Chinese PGN
// files); nil keeps the bytes as UTF-8.
func ImportFile(data []byte, decode func([]byte) string) (r *record.Game, kind string, notes []string, err error) {
	// "XQ" then a version byte (10 to 18 seen), which no text has there.
	if len(data) >= 3 && data[0] == 'X' && data[1] == 'Q' && data[2] < ' ' {
		g, warns, err := record.ParseXQF(data, decode)
		if err != nil {
			return nil, "", nil, err
		}
		return FirstGame("XQF", []*record.Game{g}, warns, nil)
	}
	text := string(data)
	if !utf8.ValidString(text) && decode != nil {
		text = decode(data)
	}
	return ImportRecord(text)
}

// ImportFile loads a file (ImportFile) with its story, as Import does pasted text.
func (m *Xiangqi) ImportFile(data []byte, decode func([]byte) string) (kind string, notes []string, err error) {
	return m.loadImported(ImportFile(data, decode))
}

// importFEN reads a FEN and the coordinate moves after " moves", if any.
func importFEN(text string) (*xiangqi.Game, error) {
	fen, moves := text, ""
	if i := strings.Index(text, " moves"); i >= 0 {
		fen, moves = text[:i], text[i+len(" moves"):]
	}
	fen = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(fen, "position "), "fen "))
	pos, err := xiangqi.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	g := xiangqi.NewGame(pos)
	for i, tok := range strings.Fields(moves) {
		if err := g.PlayString(tok); err != nil {
			return nil, fmt.Errorf("move %d %q: %w", i+1, tok, err)
		}
	}
	return g, nil
}

// FirstGame takes the first game a record reader read, checking that its moves replay; kind
// is what the text was, returned with notes on what the reader skipped.
func FirstGame(kind string, games []*record.Game, warns []record.Warning, err error) (*record.Game, string, []string, error) {
	if err != nil {
		return nil, "", nil, err
	}
	if len(games) == 0 || (len(games[0].Moves) == 0 && len(games[0].Tags) == 0 && games[0].Start.FEN() == xiangqi.StartFEN) {
		return nil, "", nil, errors.New("no moves, FEN, PGN or DhtmlXQ found in the text")
	}
	if _, err := games[0].Game(); err != nil {
		return nil, "", nil, err
	}
	var notes []string
	if len(games) > 1 {
		notes = append(notes, fmt.Sprintf("the text holds %d games: loaded the first", len(games)))
	}
	for _, w := range warns {
		if w.Game == 1 {
			notes = append(notes, "skipped: "+w.String())
		}
	}
	return games[0], kind, notes, nil
}

// Record returns the game as a record for the writers: its start, the moves played (not the
// redo tail), the result if it is over, and who played.
func (m *Xiangqi) Record(p Seats) *record.Game {
	r := &record.Game{Start: m.game.Start(), Result: record.Result(m.game.Result().String())}
	if m.story != nil {
		m.story.tell(r, m.game.Result().Over())
		if !m.story.own {
			return r
		}
	} else {
		for _, mv := range m.game.Moves()[:m.game.Ply()] {
			r.Moves = append(r.Moves, record.Move{Move: mv})
		}
	}
	r.SetTag("Event", "qipan")
	red, black := "Red", "Black"
	if p.Mode == VsComputer {
		red, black = "You", "qipan level "+strconv.Itoa(p.Level)
		if p.Human == int(xiangqi.Black) {
			red, black = black, red
		}
	}
	r.SetTag("Red", red)
	r.SetTag("Black", black)
	if p.TC.On() {
		r.SetTag("TimeControl", p.TC.PGN())
		if p.Clocks != nil {
			r.Moves = clocked(r.Moves, m.game.Moves(), p.Clocks())
		}
	}
	if p.Flagged >= 0 && !m.game.Result().Over() {
		r.Result = "0-1"
		if p.Flagged == 1 {
			r.Result = "1-0"
		}
		r.SetTag("Termination", "time forfeit")
	}
	return r
}

// clocked is the main line with each move's time left written at the head of its comment, as
// PGN readers expect it ("[%clk 0:09:55]"), as far as it is the game's line (played: the
// game's moves); the line given is not changed.
func clocked(line []record.Move, played []xiangqi.Move, clocks []time.Duration) []record.Move {
	out := append([]record.Move(nil), line...)
	for i := range min(len(out), len(clocks), len(played)) {
		if out[i].Move != played[i] {
			break
		}
		c := "[%clk " + clkText(clocks[i]) + "]"
		if out[i].Comment != "" {
			c += " " + out[i].Comment
		}
		out[i].Comment = c
	}
	return out
}

// clkText writes d as %clk does: h:mm:ss.
func clkText(d time.Duration) string {
	s := int(max(d, 0) / time.Second)
	return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
}

// PGN writes the game as PGN with its moves in notation n.
func (m *Xiangqi) PGN(p Seats, n Notation) (string, error) {
	o := record.PGNOptions{}
	switch n {
	case WXF:
		o.Style = record.WXF
	case Chinese, ChineseTraditional:
		o.Style = record.Chinese
		o.Chinese.Traditional = n == ChineseTraditional
	}
	return record.FormatPGN(m.Record(p), o)
}

// DhtmlXQ writes the game as a [DhtmlXQ] block.
func (m *Xiangqi) DhtmlXQ(p Seats) (string, error) { return record.FormatDhtmlXQ(m.Record(p)) }

// NotesText writes the notes of an import (Import, ImportRecord, LoadRecord) in l, joined by
// "; ": English as they are, with the parser's details; other languages say what each means
// (the games in the text, the line skipped, the moves left out) without the English details.
func NotesText(l i18n.Lang, notes []string) string {
	if l == i18n.English {
		return strings.Join(notes, "; ")
	}
	out := make([]string, len(notes))
	for i, n := range notes {
		var a, b int
		switch {
		case strings.HasPrefix(n, "skipped: "):
			if _, err := fmt.Sscanf(n, "skipped: line %d,", &a); err == nil {
				out[i] = l.T(i18n.NoteSkippedLine, a)
			} else {
				out[i] = l.T(i18n.NoteSkipped)
			}
		case strings.HasPrefix(n, "the text holds "):
			fmt.Sscanf(n, "the text holds %d games", &a)
			out[i] = l.T(i18n.NoteGames, a)
		case strings.HasPrefix(n, "the game ended after move "):
			fmt.Sscanf(n, "the game ended after move %d", &a)
			if j := strings.Index(n, "): the "); j >= 0 {
				fmt.Sscanf(n[j:], "): the %d moves", &b)
			}
			out[i] = l.T(i18n.NoteEnded, a, b)
		default:
			out[i] = l.T(i18n.NoteSkipped)
		}
	}
	return strings.Join(out, "；")
}

// Why an import or a saved file failed, as the readers and Restore say it (their errors are
// English, with the details a player of English may use).
var (
	errAt   = regexp.MustCompile(`line (\d+), column (\d+)`)
	errMove = regexp.MustCompile(`move (\d+) [("]?([^")]*)`)
)

// ErrorDetail is ErrorText followed, in a language other than English, by the reader's
// detail in English in brackets: the reader's words first, the parser's exact words after.
func ErrorDetail(l i18n.Lang, err error) string {
	if l == i18n.English {
		return err.Error()
	}
	return ErrorText(l, err) + " (" + err.Error() + ")"
}

// ErrorText says err (from Import, ImportFile, Restore or reading a saved file) in l: English
// as it is; other languages say what failed and where (the line and column, the move) without
// the English details.
func ErrorText(l i18n.Lang, err error) string {
	s := err.Error()
	if l == i18n.English {
		return s
	}
	atoi := func(t string) int { n, _ := strconv.Atoi(t); return n }
	if x := (*record.XQFError)(nil); errors.As(err, &x) {
		return l.T(i18n.ErrAtOffset, x.Offset)
	}
	switch m, mv := errAt.FindStringSubmatch(s), errMove.FindStringSubmatch(s); {
	case strings.HasPrefix(s, "nothing to import") || strings.HasPrefix(s, "no moves"):
		return l.T(i18n.ErrNoGame)
	case m != nil:
		return l.T(i18n.ErrAt, atoi(m[1]), atoi(m[2]))
	case mv != nil:
		return l.T(i18n.ErrMove, atoi(mv[1]), mv[2])
	case strings.Contains(s, "FEN") || strings.Contains(s, "start position") || strings.Contains(s, "board"):
		return l.T(i18n.ErrPosition)
	case strings.Contains(s, "JSON") || strings.Contains(s, "json") || strings.Contains(s, "invalid character"):
		return l.T(i18n.ErrDamaged)
	}
	return l.T(i18n.ErrUnreadable)
}

// Export is one way to write the game: a short ID (buttons post "export-"+ID), its name and
// the writer (n is the move list's notation, for the formats that write moves in one).
type Export struct {
	ID    string
	Name  string
	Write func(n Notation) (string, error)
}

// FindExport returns b's export with the given ID.
func FindExport(b *Table, id string) (Export, bool) {
	for _, e := range b.Exports() {
		if e.ID == id {
			return e, true
		}
	}
	return Export{}, false
}
