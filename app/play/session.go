package play

import (
	"strings"
	"time"

	"qipan/app/engineclient"
	"qipan/app/sound"
)

// StopAfter is how long past its own time limit a search may run before the session hurries
// it (its best move so far is then played): a slow or stuck search still ends with a move.
const StopAfter = 4 * time.Second

// Session is what a front end plays through: the tables of the games it shows (one engine
// conversation shared by them: one engine, one search in flight), the game on the board, the
// person's input in (a click, an action, a line from the engine, the time), and what to do
// about it out (Effects): lines to send the engine, a sound, a save, a refusal, an error to
// show. It does no I/O; the page, the embed and the desktop apply the effects their way.
type Session struct {
	tables map[string]*Table
	shown  string // the variant on the board
	table  *Table // its table
	engine *engineclient.Client
	// the watchdog: the search it watches (0 for none) and when it is due to be hurried
	watchID   int
	watchFor  time.Duration
	watchFrom time.Time
	// keeping the games replaced (keep.go): where, which games have one kept, and whether
	// New waits for a confirmation (which games replaced a kept one: Table.fresh)
	shelf  Shelf
	kept   map[string]bool
	asking bool
	now    func() time.Time // the time the games read (SetNow), nil for time.Now
}

// NewSession returns a session over tables (one per game; the first is on the board), all
// talking to one new engine conversation.
func NewSession(tables ...*Table) *Session {
	s := &Session{tables: map[string]*Table{}, engine: NewClient(), kept: map[string]bool{}}
	for _, t := range tables {
		s.Put(t)
	}
	s.shown, s.table = tables[0].Variant(), tables[0]
	return s
}

// Effects are what an input asks of the front end.
type Effects struct {
	Send    []string    // lines to send the engine, in order
	Sound   sound.Sound // to play ("": none)
	Moved   bool        // a move was played (the move list follows it)
	Save    bool        // the game changed: keep it
	Refusal Refusal     // why a click was refused ("": it was not)
	Err     error       // the engine said something that cannot be used (shown, nothing changes)
	// Kept: the game replaced (New, an import, a restore) is kept, to be brought back;
	// KeepErr: it could not be kept (the change went ahead); Unreadable: the game to bring
	// back could not be read (nothing changed, it is no longer offered).
	Kept       bool
	KeepErr    error
	Unreadable bool
	// LowTime: a clock has just come down to one of LowTimes (said aloud, with its sound).
	LowTime *LowTimeWarning
	// Quiet: only the engine's scores changed (kept with Save): nothing on the board moved.
	Quiet bool
}

// Table returns the game on the board; Of returns the table of variant v (nil for none).
func (s *Session) Table() *Table                { return s.table }
func (s *Session) Of(v string) *Table           { return s.tables[v] }
func (s *Session) Client() *engineclient.Client { return s.engine }

// Tables are the session's games by variant (read them; change them through the session).
func (s *Session) Tables() map[string]*Table { return s.tables }

// Put puts t in the session as its game's table (a restored or opened game), talking to the
// session's engine; the level stays t's.
func (s *Session) Put(t *Table) {
	t.Client = s.engine
	if s.now != nil {
		t.now = s.now
	}
	s.tables[t.Variant()] = t
	if t.Variant() == s.shown {
		s.table = t
	}
}

// Show puts the game of variant v on the board (a variant the session has not got changes
// nothing); the caller then sends its EngineLines: the other game's search stops, this one's
// starts if it is its turn.
func (s *Session) Show(v string) {
	if t := s.tables[v]; t != nil && v != s.shown {
		s.shown, s.table, s.asking = v, t, false
	}
}

// SetLevel sets every game's level (from its next search).
func (s *Session) SetLevel(l int) {
	for _, t := range s.tables {
		t.SetLevel(l)
	}
}

// SetReportThorough chooses every game's report searches: thorough (ThoroughGo) or quick
// (GraphGo). A report under way goes on at the new length.
func (s *Session) SetReportThorough(on bool) {
	for _, t := range s.tables {
		t.SetThorough(on)
	}
}

// Click is a click (or a drop) on the square named name ("h2", "f5") of the game on the
// board: a move played sounds, is kept, and brings the engine in.
func (s *Session) Click(name string) Effects {
	t := s.Table()
	sq, ok := t.ParseSquare(name)
	if !ok {
		return Effects{}
	}
	return s.ClickSquare(sq)
}

// ClickSquare is Click on square sq of the game on the board.
func (s *Session) ClickSquare(sq int) Effects {
	t := s.Table()
	s.asking = false
	if !t.Click(sq) {
		return Effects{Refusal: t.Refusal()}
	}
	t.fresh = false // the game that replaced a kept one is the person's now
	return s.moved()
}

// moved is what follows a move on the board: its sound, the save, the engine's turn.
func (s *Session) moved() Effects {
	t := s.Table()
	return Effects{Moved: true, Sound: t.LastSound(), Save: true, Send: t.EngineLines()}
}

// Do carries out action a on the game on the board (Table.Do; New and the keep row's actions
// in keep.go); a change is kept and the engine brought in line with it. Any other action
// answers New's question with no.
func (s *Session) Do(a Action) (Effects, bool) {
	if e, ok := s.keepAction(a); ok {
		return e, true
	}
	s.asking = false
	t := s.Table()
	changed, send := t.Do(a)
	if !changed {
		return Effects{}, false
	}
	// Browsing changes only the position shown: nothing to keep, but analysis follows it.
	return Effects{Save: !browsing(a), Send: append(send, t.EngineLines()...)}, true
}

// Key is a key pressed off the board, by its DOM name: ← → Home End browse the record
// (KeyAction). It reports whether the key is the session's.
func (s *Session) Key(name string) (Effects, bool) {
	a, ok := KeyAction(name)
	if !ok {
		return Effects{}, false
	}
	e, _ := s.Do(a)
	return e, true
}

// Changed is what follows a change of the game on the board made outside the session (an
// import, a variation entered): the save, the engine.
func (s *Session) Changed() Effects { return Effects{Save: true, Send: s.Table().EngineLines()} }

// EngineSaid handles one line from the engine, for the game on the board (the other game's
// answers were stopped when it left): its move is played, with its sound, and kept.
func (s *Session) EngineSaid(line string) Effects {
	t := s.Table()
	graphing := t.Graphing()
	send, moved, err := t.EngineSaid(line)
	if !moved {
		// A search of the graph's (Analyse game, the report) ended: its score is kept, so that
		// a reload goes on from it.
		keep := graphing && strings.HasPrefix(line, "bestmove")
		return Effects{Send: send, Err: err, Save: keep, Quiet: keep}
	}
	e := s.moved()
	e.Send, e.Err = send, err
	return e
}

// Sent tells the watchdog that lines were sent to the engine at now: a search they started
// is watched, to be hurried once it has run its time limit and StopAfter more, counted from
// when the engine is ready (a first search waits for it to load).
func (s *Session) Sent(lines []string, now time.Time) {
	if len(lines) == 0 || lines[len(lines)-1] == "stop" {
		return
	}
	if id, limit := s.engine.Search(); id != 0 {
		s.watchID, s.watchFor, s.watchFrom = id, limit+StopAfter, now
	}
}

// Watch returns how long from now the watchdog next wants Tick (0: it watches nothing, or the
// search it watched is over).
func (s *Session) Watch(now time.Time) time.Duration {
	if id, _ := s.engine.Search(); s.watchID == 0 || id != s.watchID {
		return 0
	}
	return max(s.watchFrom.Add(s.watchFor).Sub(now), time.Millisecond)
}

// Tick is the time passing: the lines that hurry the watched search if it is due. Until the
// engine is ready the wait starts again (loading is not searching).
func (s *Session) Tick(now time.Time) []string {
	if s.watchID == 0 || now.Before(s.watchFrom.Add(s.watchFor)) {
		return nil
	}
	if !s.engine.Ready() && s.engine.Failed() == "" {
		s.watchFrom = now
		return nil
	}
	id := s.watchID
	s.watchID = 0
	return s.engine.Hurry(id)
}

// SetNow gives every game of the session the time to read (tests, a front end's own clock);
// by default the Tables read time.Now.
func (s *Session) SetNow(now func() time.Time) {
	s.now = now
	for _, t := range s.tables {
		t.now = now
	}
}

// ClockTick is the time passing on the board's clock, called as a front end redraws it: a flag
// that falls ends the game (the end's sound, the save, the engine stopped).
func (s *Session) ClockTick() Effects {
	t := s.Table()
	now, fell := t.settleClock()
	if fell {
		return Effects{Sound: sound.End, Save: true, Send: t.EngineLines()}
	}
	if w, ok := t.lowTime(now); ok {
		return Effects{Sound: sound.LowTime, LowTime: w}
	}
	return Effects{}
}

// Hidden tells the session the page was hidden or shown again: a game against the computer
// pauses its clock meanwhile. A game with a clock is kept as it stands (a page hidden may not
// come back).
func (s *Session) Hidden(hidden bool) Effects {
	for _, t := range s.tables {
		t.SetHidden(hidden)
	}
	if s.Table().clock == nil {
		return Effects{}
	}
	return Effects{Save: true}
}

// SetTimeControl chooses the time control (ParseTimeControl's text) of the games to come on the
// board; a game not yet begun takes it at once. A text it cannot read changes nothing.
func (s *Session) SetTimeControl(text string) Effects {
	tc, err := ParseTimeControl(text)
	if err != nil {
		return Effects{Err: err}
	}
	s.Table().SetTimeControl(tc)
	return Effects{Save: true}
}
