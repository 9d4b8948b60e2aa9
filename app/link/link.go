// Package link reads and writes the links that name a game: the embed's address (/embed) and
// the app's share links (ParseLink, Link.Open, ShareQuery, EmbedQuery), and the looks a link
// may ask for (Themes). The games, and the looks of the app's own page (play.PageThemes, a
// setting), are app/play's.
package link

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"qipan/app/i18n"
	"qipan/app/play"
	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
	"qipan/engine/xiangqi/record"
)

// A link names a game for the board embed (/embed) and for share links to the app: its
// parameters come from the URL's query and fragment (the fragment's win, so a blog script can
// put a long record there, which never reaches a server), and the embed also takes a
// [DhtmlXQ] block from window.name, the convention of DhtmlXQ viewer frames.
//
//	game=xiangqi|reversi   the game (told by the record when absent)
//	fen=                   Xiangqi FEN, or Reversi board text (64 cells X O -, then X or O)
//	moves=                 moves from fen (or the start): ICCS, WXF, 中文 or UCCI; a Reversi transcript
//	pgn=, dhtmlxq=         a record (the first game of it)
//	text=                  any of these, told by its look (what embed.js sends)
//	ply=N or #N            the position after N moves is shown first (beyond the end: the end)
//	flip=1                 Black (White) at the bottom
//	autoplay=SECONDS       step through the moves, one every SECONDS
//	play=1                 the reader may play on from the shown position against the engine
//	notation=              iccs, wxf, zh, zh-hant (Xiangqi's move list)
//	lang=, theme=          page language (BCP 47) and colour theme (Themes)
//	fit=width              the board takes the frame's width, the frame's height follows (embed.js)
//	puzzle=1               the position is a puzzle to solve (Reversi: with scores=, or one of the collection's)
//	scores=                a Reversi puzzle's moves and their exact scores: d3:6,c4:-4
//
// Parsing is strict where a value decides what is shown (a broken record is an error with its
// line and column) and lenient where it only styles the frame (an unknown theme is a note).

// Link is what a link asks for, before the game is read (Open reads it).
type Link struct {
	Game                           string // play.VariantXiangqi, play.VariantReversi, or "" (tell from the record)
	FEN, Moves, PGN, DhtmlXQ, Text string
	Ply                            int // the ply shown first; -1 when the link does not say
	Flip, Play                     bool
	FitWidth                       bool          // fit=width: size by the frame's width only
	Autoplay                       time.Duration // 0 for none
	Notation                       play.Notation // "" when the link does not say
	Lang, Theme                    string        // "" when not given (or not usable)
	Notes                          []string      // parameters ignored, and why
	// Clock is the time control the link asks for (clock=10+5, clock=20m30s; see
	// docs/links.md), Clocked whether it asks for one (clock=none: no clock).
	Clock   play.TimeControl
	Clocked bool
	// Report: report=1, the embed shows the record's report (its accuracies and marks).
	Report bool
	// Puzzle: puzzle=1, the position is a puzzle for the reader to solve (the app and the
	// embed); Scores (scores=) are a Reversi puzzle's moves' exact scores, "d3:6,c4:-4"
	// (play.LinkPuzzle reads them).
	Puzzle bool
	Scores string
}

// Themes are the embed's looks: the app's (play.PageThemes: wood, plain, contrast), and "light" (the
// wooden board with light surroundings, for white pages); "auto" is wood or light as the
// reader's system prefers; "dark" is wood.
var Themes = append(append([]string(nil), play.PageThemes...), "light")

// MaxParam is the longest parameter value read (bytes, after unescaping): 256 KiB holds a
// record of thousands of moves with comments; anything longer is refused with a message
// rather than parsed.
const MaxParam = 256 << 10

// Autoplay bounds: faster than MinAutoplay cannot be followed, slower than MaxAutoplay is
// surely a mistake.
const (
	MinAutoplay = 200 * time.Millisecond
	MaxAutoplay = time.Hour
)

// ParseLink reads a link's parameters from a URL's raw query and fragment (both without their
// '?' or '#') and the frame's window.name. Errors name the parameter and what is wrong with it.
func ParseLink(rawQuery, fragment, windowName string) (Link, error) {
	l := Link{Ply: -1}
	vals := url.Values{}
	for _, part := range []string{rawQuery, fragment} {
		if part == "" {
			continue
		}
		if n, err := strconv.Atoi(part); err == nil && part == fragment {
			vals.Set("ply", strconv.Itoa(n)) // lichess's #N
			continue
		}
		v, err := url.ParseQuery(part)
		if err != nil {
			return l, fmt.Errorf("the link is not a valid URL query: %v", unquoteErr(err))
		}
		for k, vs := range v {
			vals[k] = vs // the fragment's values replace the query's
		}
	}
	for k, vs := range vals {
		v := vs[len(vs)-1]
		if len(v) > MaxParam {
			return l, fmt.Errorf("the %s parameter is %d bytes long; the most a link may carry is %d", clipName(k), len(v), MaxParam)
		}
		if i := invalidUTF8(v); i >= 0 {
			return l, fmt.Errorf("the %s parameter is not valid UTF-8 text (at byte %d)", clipName(k), i+1)
		}
	}
	get := func(k string) string { return strings.TrimSpace(vals.Get(k)) }
	l.FEN, l.Moves, l.PGN, l.DhtmlXQ, l.Text = get("fen"), get("moves"), get("pgn"), get("dhtmlxq"), get("text")
	if l.DhtmlXQ == "" && l.FEN == "" && l.Moves == "" && l.PGN == "" && l.Text == "" && strings.Contains(windowName, "[DhtmlXQ]") {
		if len(windowName) > MaxParam {
			return l, fmt.Errorf("the frame's name (a DhtmlXQ block) is %d bytes long; the most read is %d", len(windowName), MaxParam)
		}
		l.DhtmlXQ = strings.ToValidUTF8(windowName, "\uFFFD")
	}
	switch g := strings.ToLower(get("game")); g {
	case "":
	case play.VariantXiangqi, play.VariantReversi:
		l.Game = g
	case "othello":
		l.Game = play.VariantReversi
	default:
		return l, fmt.Errorf("the game parameter is %q: want xiangqi or reversi", clip(g, 40))
	}
	if s := get("ply"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return l, fmt.Errorf("the ply parameter is %q: want a number of moves (0 for the start)", clip(s, 40))
		}
		l.Ply = n
	}
	if s := get("clock"); s != "" {
		// A query's + is a space once unescaped: ?clock=10+5 reads "10 5".
		tc, err := play.ParseTimeControl(strings.ReplaceAll(clip(s, 40), " ", "+"))
		if err != nil {
			return l, fmt.Errorf("the clock parameter: %v (want minutes+seconds such as 10+5, or 20m30s)", err)
		}
		l.Clock, l.Clocked = tc, true
	}
	l.Report, l.Puzzle, l.Scores = flag(get("report")), flag(get("puzzle")), get("scores")
	l.Flip, l.Play, l.FitWidth = flag(get("flip")), flag(get("play")), strings.EqualFold(get("fit"), "width")
	if s := get("autoplay"); s != "" {
		secs, err := strconv.ParseFloat(s, 64)
		if d := time.Duration(secs * float64(time.Second)); err == nil && d > 0 {
			l.Autoplay = min(max(d, MinAutoplay), MaxAutoplay)
		} else {
			l.Notes = append(l.Notes, fmt.Sprintf("autoplay %q ignored: want seconds between moves, e.g. 2", clip(s, 40)))
		}
	}
	if s := get("notation"); s != "" {
		if n, ok := play.ParseNotation(strings.ToLower(s)); ok {
			l.Notation = n
		} else {
			l.Notes = append(l.Notes, fmt.Sprintf("notation %q ignored: want iccs, wxf, zh or zh-hant", clip(s, 40)))
		}
	}
	if s := get("lang"); s != "" {
		if validLang(s) {
			l.Lang = s
		} else {
			l.Notes = append(l.Notes, fmt.Sprintf("lang %q ignored: want a language tag such as en or zh-Hant", clip(s, 40)))
		}
	}
	if s := strings.ToLower(get("theme")); s != "" {
		if s == "dark" {
			s = play.ThemeWood
		}
		if s == "auto" || slices.Contains(Themes, s) {
			l.Theme = s
		} else {
			l.Notes = append(l.Notes, fmt.Sprintf("theme %q ignored: want %s or auto", clip(s, 40), strings.Join(Themes, ", ")))
		}
	}
	return l, nil
}

// HasGame reports whether the link names a game (a record, position or moves) or a game switch.
func (l Link) HasGame() bool { return l.Game != "" || l.HasRecord() }

// HasRecord reports whether the link carries a position, moves or a record.
func (l Link) HasRecord() bool {
	return l.FEN != "" || l.Moves != "" || l.PGN != "" || l.DhtmlXQ != "" || l.Text != ""
}

func flag(s string) bool {
	switch strings.ToLower(s) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// validLang accepts a BCP 47-shaped tag: letters, digits and hyphens, 2 to 35 of them.
func validLang(s string) bool {
	if len(s) < 2 || len(s) > 35 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// invalidUTF8 returns the byte offset of the first invalid UTF-8 sequence in s, or -1.
func invalidUTF8(s string) int {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
}

// clip shortens s to n characters for a message, marking the cut.
func clip(s string, n int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

func clipName(k string) string { return strconv.Quote(clip(k, 40)) }

// unquoteErr is url's error without the (possibly huge) input it quotes.
func unquoteErr(err error) string {
	var e url.EscapeError
	if errors.As(err, &e) {
		return "a bad %-escape " + strconv.Quote(clip(string(e), 12))
	}
	return clip(err.Error(), 200)
}

// Opened is a link's game, read: the board positioned at the link's ply (reviewing it, so the
// reader steps through the record), and what the record says about the game.
type Opened struct {
	Table *play.Table
	Kind  string // what was read: "PGN", "DhtmlXQ", "FEN", "moves", "transcript", "board", "start"
	// From the record's tags, "" when absent: the players by side, the title (or event) and
	// the result as written ("1-0", "0-1", "1/2-1/2").
	Red, Black, Title, Result string
	// Comments[i] is the comment after move i (Comments[0]: before the first move); nil
	// when the record has none.
	Comments []string
	Notes    []string // what the reader skipped
	// Notation is the one the record's moves are written in (play.WrittenIn), "" when it names
	// none: the embed shows the moves as their author wrote them.
	Notation play.Notation
}

// Open reads the game the link names. defaultPly is the ply shown when the link gives none
// (-1 for the end). A record that cannot be read is the reader's error (with its line and
// column for PGN and DhtmlXQ), prefixed with the parameter that held it.
func (l Link) Open(defaultPly int) (*Opened, error) {
	var o *Opened
	var err error
	if l.Game == play.VariantReversi || (l.Game == "" && l.Text != "" && looksReversi(l.Text)) {
		o, err = l.openReversi()
	} else {
		o, err = l.openXiangqi()
	}
	if err != nil {
		return nil, err
	}
	o.Notes = slices.DeleteFunc(o.Notes, func(n string) bool { return strings.HasSuffix(n, noResult) })
	ply := l.Ply
	if ply < 0 {
		ply = defaultPly
	}
	if ply < 0 || ply > o.Table.Len() {
		ply = o.Table.Len()
	}
	if l.Flip != o.Table.Flipped() {
		o.Table.Flip()
	}
	o.Table.SetTwoPlayer() // a replay: whoever is to move moves, until the reader plays the engine
	o.Table.Review(ply)
	return o, nil
}

// noResult ends the PGN reader's note on a record without a result: a link's move list or a
// blog's record seldom has one, and its reader need not be told.
const noResult = ": no result at the end of the moves"

// looksReversi tells a Reversi transcript or board from Xiangqi text: it reads as one and not
// as the other.
func looksReversi(text string) bool {
	if _, _, _, err := play.ImportRecord(text); err == nil {
		return false
	}
	_, _, err := play.ImportReversi(text)
	return err == nil
}

func (l Link) openXiangqi() (*Opened, error) {
	var r *record.Game
	var kind string
	var notes []string
	var err error
	param, text := "", "" // the parameter read, and its text when it may name a notation
	switch {
	case l.DhtmlXQ != "":
		param = "dhtmlxq"
		r, kind, notes, err = readRecord("DhtmlXQ", record.ParseDhtmlXQ, l.DhtmlXQ)
	case l.PGN != "":
		param, text = "pgn", l.PGN
		r, kind, notes, err = readRecord("PGN", record.ParsePGN, l.PGN)
	case l.Text != "":
		param, text = "text", l.Text
		r, kind, notes, err = play.ImportRecord(l.Text)
	case l.Moves != "":
		param, text = "moves", l.Moves
		r, notes, err = movesFrom(l.FEN, l.Moves)
		kind = "moves"
	case l.FEN != "":
		param = "fen"
		var pos *xiangqi.Position
		if pos, err = xiangqi.ParseFEN(l.FEN); err == nil {
			r, kind = &record.Game{Start: pos, Result: record.Unknown}, "FEN"
		}
	default:
		r, kind = record.NewGame(), "start"
	}
	if err != nil {
		return nil, fmt.Errorf("the %s parameter: %v", param, clipErr(err))
	}
	m := play.NewXiangqi()
	if err := m.OpenRecord(r); err != nil {
		return nil, fmt.Errorf("the %s parameter: %v", param, clipErr(err))
	}
	o := &Opened{Table: play.TableOf(m), Kind: kind, Notes: notes,
		Red: r.Tag("Red"), Black: r.Tag("Black"), Title: r.Tag("Title"), Notation: play.WrittenIn(text)}
	if o.Title == "" {
		o.Title = r.Tag("Event")
	}
	if r.Result != record.Unknown {
		o.Result = string(r.Result)
	}
	if r.Comment != "" || hasComments(r.Moves) {
		o.Comments = make([]string, len(r.Moves)+1)
		o.Comments[0] = r.Comment
		for i, mv := range r.Moves {
			o.Comments[i+1] = mv.Comment
		}
	}
	return o, nil
}

// readRecord reads text with one of engine/xiangqi/record's readers and takes its first game.
func readRecord(kind string, read func(string) ([]*record.Game, []record.Warning, error), text string) (*record.Game, string, []string, error) {
	games, warns, err := read(text)
	return play.FirstGame(kind, games, warns, err)
}

func hasComments(ms []record.Move) bool {
	for _, m := range ms {
		if m.Comment != "" {
			return true
		}
	}
	return false
}

// movesFrom reads a move list in any notation from fen (or the start) with the PGN reader,
// which knows every notation and skips move numbers; an error's line and column are the
// list's own.
func movesFrom(fen, moves string) (*record.Game, []string, error) {
	text, shift := moves, 0
	if fen != "" {
		pos, err := xiangqi.ParseFEN(fen)
		if err != nil {
			return nil, nil, fmt.Errorf("its fen: %w", err)
		}
		// pos.FEN() is ParseFEN's own writing: no quote or bracket can end the tag early.
		text, shift = "[FEN \""+pos.FEN()+"\"]\n"+moves, 1
	}
	games, warns, err := record.ParsePGN(text)
	var re *record.Error
	if errors.As(err, &re) {
		re.Line -= shift
	}
	for i := range warns {
		warns[i].Line -= shift
	}
	r, _, notes, err := play.FirstGame("moves", games, warns, err)
	return r, notes, err
}

// clipErr keeps an error message readable when it quotes a huge input.
func clipErr(err error) string { return clip(err.Error(), 300) }

func (l Link) openReversi() (*Opened, error) {
	text, param, kind := l.Moves, "moves", "transcript"
	switch {
	case l.Text != "":
		text, param, kind = l.Text, "text", ""
	case l.FEN != "" && l.Moves != "":
		text, param, kind = l.FEN+" moves "+l.Moves, "fen and moves", "board"
	case l.FEN != "":
		text, param, kind = l.FEN, "fen", "board"
	case l.Moves == "":
		text, kind = "", "start"
	}
	g := reversi.NewGame(nil)
	if text != "" {
		var k string
		var err error
		if g, k, err = play.ImportReversi(text); err != nil {
			return nil, fmt.Errorf("the %s parameter: %v", param, clipErr(err))
		}
		if kind == "" {
			kind = k
		}
	}
	r := play.NewReversi()
	r.Load(g)
	return &Opened{Table: play.TableOf(r), Kind: kind}, nil
}

// ShareQuery is the query of a link to b's game so far and its shown position, short: the
// start position when it is not the usual one, the moves played in coordinates (UCCI; a
// Reversi transcript), and the ply when the board shows an earlier one. With embed set it
// always names the ply shown (an embed otherwise opens at the start) and the flip. A puzzle on
// the board is shared as its position to solve.
func ShareQuery(b *play.Table, embed bool) string {
	var parts []string
	add := func(k, v string) { parts = append(parts, k+"="+queryEscape(v)) }
	if pz, _, _, ok := b.Puzzle(); ok && pz.FEN != "" && (pz.Goal == play.GoalMate || pz.Goal == play.GoalBest) {
		// A puzzle is shared as a puzzle: its position, to solve (the app's ?puzzle=1, the
		// embed's puzzle=1), not the moves tried; a Reversi puzzle with its moves' scores,
		// which judge it wherever it opens.
		if b.Variant() == play.VariantReversi {
			add("game", play.VariantReversi)
		}
		parts = append(parts, "puzzle=1")
		add("fen", pz.FEN)
		if pz.Goal == play.GoalBest {
			parts = append(parts, "scores="+scoresEscape(play.ScoresText(pz)))
		}
		return strings.Join(parts, "&")
	}
	n := max(b.Ply(), b.ShownPly())
	if m, ok := b.Xiangqi(); ok {
		g := m.Game()
		if fen := g.Start().FEN(); fen != xiangqi.StartFEN {
			add("fen", fen)
		}
		if n > 0 {
			parts = append(parts, "moves="+m.QueryMoves(n)) // coordinates need no escaping
		}
	} else if r, ok := b.Reversi(); ok {
		add("game", play.VariantReversi)
		g := r.Game()
		if start := g.Start(); *start != reversi.Start() {
			add("fen", start.String())
		}
		if n > 0 {
			add("moves", reversi.Transcript(g.Moves()[:n]))
		}
	}
	if embed || b.ShownPly() != n {
		add("ply", strconv.Itoa(b.ShownPly()))
	}
	if embed && b.Flipped() {
		add("flip", "1")
	}
	// The app's link keeps the game's time control (the times left are the sharer's): the
	// game opened goes on without a clock, as a game under way does, and the next game the
	// reader starts from it has this one's.
	if tc := b.TimeControl(); !embed && tc != play.NoClock {
		add("clock", tc.String())
	}
	return strings.Join(parts, "&")
}

// EmbedQuery is the query of an embed of b's game (ShareQuery) for a blog post: in language
// lang, with Xiangqi's moves in notation n, in look theme (Themes).
func EmbedQuery(b *play.Table, lang i18n.Lang, n play.Notation, theme string) string {
	q := ShareQuery(b, true)
	add := func(k, v string) {
		if q != "" {
			q += "&"
		}
		q += k + "=" + queryEscape(v)
	}
	add("lang", string(lang))
	if b.Variant() == play.VariantXiangqi {
		add("notation", string(n))
	}
	add("theme", theme)
	return q
}

// queryEscape escapes a query value, leaving the characters a query may hold as they are
// (a FEN's slashes), and writing spaces as '+'.
func queryEscape(s string) string { return strings.ReplaceAll(url.QueryEscape(s), "%2F", "/") }

// scoresEscape escapes a puzzle's scores (play.ScoresText), keeping the ':' and ',' a query
// may hold as they are: "d3:6,c4:-4".
func scoresEscape(s string) string {
	return strings.NewReplacer("%3A", ":", "%2C", ",").Replace(queryEscape(s))
}

// Comment is the record's comment on the position after ply moves, "" for none.
func (o *Opened) Comment(ply int) string {
	if m, ok := o.Table.Xiangqi(); ok && m.HasStory() {
		return play.ShownComment(m.Comment(ply)) // on whichever line of the record the board is
	}
	if ply < 0 || ply >= len(o.Comments) {
		return ""
	}
	return play.ShownComment(o.Comments[ply])
}
