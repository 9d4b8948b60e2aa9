package play

import (
	"slices"

	"qipan/app/engineclient"
	"qipan/engine/reversi"
	"qipan/engine/xiangqi"
)

// The evaluation graph: the engine's score of each position of the record, from the first
// side's view (Red, Reversi's Black). Scores come from every search the engine makes of a
// position of the game (its moves, hints, analysis) and, on request, from a short search of
// each position still unscored ("analyse the game"). They are kept by position key, so undo,
// redo and review keep them, and a game loaded afresh starts with none.

// EvalMate is the graph's score of a mate: beyond any score of material.
const EvalMate = engineclient.MateScore

// GraphGo is the search behind one point when the whole game is analysed, and the quick
// report's; ThoroughGo the thorough report's, four times as long (two plies deeper or so).
const (
	GraphGo    = "go movetime 250"
	ThoroughGo = "go movetime 1000"
)

// thoroughMs is ThoroughGo's time: a position searched for the graph for at least that long
// needs no search for a thorough report.
const thoroughMs = 1000

// graphMs is how long graph search goLine searched, in milliseconds: 0 for another search.
func graphMs(goLine string) int {
	switch goLine {
	case GraphGo:
		return 250
	case ThoroughGo:
		return thoroughMs
	}
	return 0
}

// EvalPoint is one point of the graph: the position after Ply moves and its score (first
// side's view), Known when the engine has scored it.
type EvalPoint struct {
	Ply   int
	Score int
	Known bool
	PV    []string // the engine's line from the position, when its search gave one
	Depth int      // the search's depth (0 for a position scored by the rules)
	// Second is the score of the best move other than PV's first (first side's view), when a
	// graph search of two lines gave one (HasSecond): the report's "only good move".
	Second    int
	HasSecond bool
	Ms        int // the longest graph search of the position, in milliseconds (0: none)
}

// evalEntry is a position's score from the first side's view and the depth it came from;
// depth -1 marks a position searched without a score (so it is not searched again).
type evalEntry struct {
	score     int32
	depth     int16
	pv        []string // the first moves of the search's line (the report's better move)
	second    int32    // the second best move's score (first side's view), when hasSecond
	hasSecond bool
	ms        int32 // the longest graph search of the position (ms), 0 for none
}

// evalBook keeps the scores of a game's positions, and whether the whole game is being
// analysed: the Table's, lent to its game to read and fill (graphJob, evals).
type evalBook struct {
	evals    map[uint64]evalEntry
	graphing bool
	thorough bool // the graph's searches are the thorough report's (ThoroughGo)
}

// positionKeys are the record's position keys (the start's first), kept for keysFor: the
// graph is drawn at every render, and replaying a long record for it cost half a
// millisecond (Reversi keeps its positions).
type positionKeys struct {
	keys    []uint64
	keysFor textKey
	keysOK  bool
}

// noteEval keeps what search j said of its position (t's score for the side to move there),
// unless a deeper search already scored it. An info without a depth marks it as tried.
func (b *evalBook) noteEval(j engineclient.Search, t engineclient.SearchInfo) {
	if j.Pos == "" {
		return
	}
	if b.evals == nil {
		b.evals = map[uint64]evalEntry{}
	}
	old, had := b.evals[j.Key]
	if t.Depth == 0 {
		if !had {
			b.evals[j.Key] = evalEntry{depth: -1}
		}
		return
	}
	if had && int(old.depth) > t.Depth {
		return
	}
	score := t.Score
	switch {
	case t.Mate > 0:
		score = EvalMate
	case t.Mate < 0:
		score = -EvalMate
	}
	if j.Second {
		score = -score
	}
	b.evals[j.Key] = evalEntry{score: int32(score), depth: int16(min(t.Depth, 1<<14)), pv: slices.Clone(t.PV[:min(len(t.PV), maxReportLine)]),
		second: old.second, hasSecond: old.hasSecond, ms: old.ms}
}

// noteGraphed keeps what a finished graph search j of ms milliseconds adds to its position's
// score: that it was searched so long (a thorough report does not search it again), and its
// second line's score (ranked, the search's lines by rank) for the report's only good move.
func (b *evalBook) noteGraphed(j engineclient.Search, ms int, ranked []engineclient.SearchInfo) {
	e, ok := b.evals[j.Key]
	if j.Pos == "" || !ok || e.depth < 0 {
		return
	}
	e.ms = int32(max(int(e.ms), ms))
	if len(ranked) > 1 && ranked[1].Depth > 0 {
		second := ranked[1].Score
		switch {
		case ranked[1].Mate > 0:
			second = EvalMate
		case ranked[1].Mate < 0:
			second = -EvalMate
		}
		if j.Second {
			second = -second
		}
		e.second, e.hasSecond = int32(second), true
	}
	b.evals[j.Key] = e
}

// maxReportLine is how many moves of a search's line are kept for the report's variations.
const maxReportLine = 6

// point returns the graph point of the position with key at ply.
func (b *evalBook) point(ply int, key uint64) EvalPoint {
	e, ok := b.evals[key]
	if !ok || e.depth < 0 {
		return EvalPoint{Ply: ply}
	}
	return EvalPoint{Ply: ply, Score: int(e.score), Known: true, PV: e.pv, Depth: int(e.depth),
		Second: int(e.second), HasSecond: e.hasSecond, Ms: int(e.ms)}
}

// done reports whether the graph needs no search of the position with key: it was searched
// (or tried), and for a thorough report searched for as long as the report's searches, or
// scored by the rules, or found to be a mate.
func (b *evalBook) done(key uint64) bool {
	e, ok := b.evals[key]
	if !ok || !b.thorough || e.depth < 0 {
		return ok
	}
	return e.ms >= thoroughMs || e.depth >= 1<<14 || e.score >= EvalMate || e.score <= -EvalMate
}

// graphGo is the graph's search: the thorough report's or the quick one's.
func (b *evalBook) graphGo() string {
	if b.thorough {
		return ThoroughGo
	}
	return GraphGo
}

// SetThorough chooses the thorough report's searches (ThoroughGo) for the graph, or the quick
// ones (GraphGo): a position searched only quickly is searched again for a thorough report.
func (b *evalBook) SetThorough(on bool) { b.thorough = on }

// Thorough reports whether the graph's searches are the thorough report's.
func (b *evalBook) Thorough() bool { return b.thorough }

// has reports whether the position with key was searched for the graph (scored or tried).
func (b *evalBook) has(key uint64) bool {
	_, ok := b.evals[key]
	return ok
}

// set records a score that needs no search (a finished game).
func (b *evalBook) set(key uint64, score int) {
	if b.evals == nil {
		b.evals = map[uint64]evalEntry{}
	}
	b.evals[key] = evalEntry{score: int32(score), depth: 1 << 14}
}

// SetGraphing asks for (or stops) the analysis of every position of the game for the graph.
func (b *evalBook) SetGraphing(on bool) { b.graphing = on }

// Graphing reports whether the game is being analysed for the graph.
func (b *evalBook) Graphing() bool { return b.graphing }

// xiangqiGraphLines are the graph's searches' options: two lines, the second for the report's
// "only good move" (it costs the first line about a tenth of its depth's time), and no book
// (it answers with no score).
const xiangqiGraphLines = "setoption usebook false\nsetoption multipv 2"

// xiangqiJob names j's position p for the graph.
func xiangqiJob(j engineclient.Search, p *xiangqi.Position) engineclient.Search {
	j.Key, j.Second = p.Key(), p.Turn() == xiangqi.Black
	return j
}

// reversiKey is a Reversi position's key for the graph (a mix of its discs and turn).
func reversiKey(p *reversi.Position) uint64 {
	k := p.Black()*0x9E3779B97F4A7C15 ^ (p.White()+0x632BE59BD9B4E019)*0xC2B2AE3D27D4EB4F
	if p.Turn == reversi.White {
		k = ^k
	}
	return k
}

// reversiJob names j's position p for the graph.
func reversiJob(j engineclient.Search, p *reversi.Position) engineclient.Search {
	j.Key, j.Second = reversiKey(p), p.Turn == reversi.White
	return j
}

// positionKeys are the keys of the record's positions (the redo tail too), the start's
// first, kept until the record changes.
func (m *Xiangqi) recordKeys() []uint64 {
	if k := (textKey{owner: m.game, edits: m.edits, plies: m.game.Len()}); !m.keys.keysOK || m.keys.keysFor != k {
		moves := m.recordMoves()
		keys := make([]uint64, 0, len(moves)+1)
		p := *m.game.Start()
		keys = append(keys, p.Key())
		for _, mv := range moves {
			p.Make(mv)
			keys = append(keys, p.Key())
		}
		m.keys = positionKeys{keys, k, true}
	}
	return m.keys.keys
}

// evals returns the graph of the whole record (the redo tail too): one point per position,
// the start's first.
func (m *Xiangqi) evals(b *evalBook) []EvalPoint {
	keys := m.recordKeys()
	out := make([]EvalPoint, len(keys))
	for ply, key := range keys {
		out[ply] = b.point(ply, key)
	}
	return out
}

// graphJob is the next search the graph needs: the first position of the record not yet
// searched; finished positions are scored by the rules. ok is false when every position is
// scored (the analysis is then over).
func (m *Xiangqi) graphJob(b *evalBook) (j engineclient.Search, ok bool) {
	keys := m.recordKeys()
	// A finished game's last position is scored by the rules, whatever comes before it.
	if n := len(keys) - 1; !b.has(keys[n]) {
		if p := m.game.PositionAt(n); len(p.LegalMoves()) == 0 {
			score := -EvalMate
			if p.Turn() == xiangqi.Black {
				score = EvalMate
			}
			b.set(keys[n], score)
		}
	}
	for ply, key := range keys {
		if b.done(key) {
			continue
		}
		p := m.game.PositionAt(ply)
		if len(p.LegalMoves()) == 0 { // the side to move has lost (mate or stalemate)
			score := -EvalMate
			if p.Turn() == xiangqi.Black {
				score = EvalMate
			}
			b.set(key, score)
			continue
		}
		j = m.jobAt(ply, engineclient.Graph, MaxLevel)
		j.Go = b.graphGo()
		return j, true
	}
	b.graphing = false
	return engineclient.Search{}, false
}

// evals returns the graph of the whole Reversi record, as Xiangqi's.
func (r *Reversi) evals(b *evalBook) []EvalPoint {
	n := r.game.Len()
	out := make([]EvalPoint, 0, n+1)
	for ply := 0; ply <= n; ply++ {
		out = append(out, b.point(ply, reversiKey(r.game.PositionAt(ply))))
	}
	return out
}

func (r *Reversi) graphJob(b *evalBook) (j engineclient.Search, ok bool) {
	// A finished game's last position is scored by its discs, whatever comes before it.
	if p := r.game.PositionAt(r.game.Len()); p.Status() == reversi.Over {
		if key := reversiKey(p); !b.has(key) {
			b.set(key, (reversi.Count(p.Black())-reversi.Count(p.White()))*100)
		}
	}
	for ply := 0; ply <= r.game.Len(); ply++ {
		p := r.game.PositionAt(ply)
		key := reversiKey(p)
		if b.done(key) {
			continue
		}
		switch p.Status() {
		case reversi.Over:
			b.set(key, (reversi.Count(p.Black())-reversi.Count(p.White()))*100)
			continue
		case reversi.MustPass:
			continue // the pass that follows is the next position
		}
		j = r.jobAt(ply, engineclient.Graph, MaxLevel)
		j.Go = b.graphGo()
		return j, true
	}
	b.graphing = false
	return engineclient.Search{}, false
}
