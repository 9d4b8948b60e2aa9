package play

import (
	"errors"
	"fmt"
	"strconv"

	"qipan/app/engineclient"
	"qipan/engine/xiangqi"
)

// The engine conversation of both games: what to search now (wantedOf, over the game's
// jobAt), and what to do with the engine's answer (Table.EngineSaid). The lines themselves, and the
// one search in flight, are engineclient's.

// AnalysisLines is how many best lines analysis shows.
const AnalysisLines = engineclient.Ranks

// AnalysisGo is the search of the position analysed: long, so it deepens while the person
// looks; moving on (or leaving analysis) stops it. Reversi reports its lines when a search
// ends, so it gets a shorter one.
const (
	AnalysisGo        = "go movetime 30000"
	ReversiAnalysisGo = "go movetime 3000"
)

// VariantXiangqi and VariantReversi are the engine's UCI_Variant values; a fresh worker plays
// Xiangqi.
const (
	VariantXiangqi = "xiangqi"
	VariantReversi = "reversi"
)

// NewClient returns the conversation with a fresh engine, which plays Xiangqi first.
func NewClient() *engineclient.Client { return engineclient.New(VariantXiangqi) }

func (m *Xiangqi) jobAt(ply int, kind engineclient.Kind, level int) engineclient.Search {
	p := m.game.Position() // the engine's move and hints: no replay of the record
	if ply != m.game.Ply() {
		p = m.game.PositionAt(ply)
	}
	if len(p.LegalMoves()) == 0 {
		return engineclient.Search{}
	}
	j := engineclient.Search{Variant: VariantXiangqi, Pos: m.lineAt(ply), Kind: kind, Level: LevelOption(MaxLevel),
		Reset: xiangqiDefaults}
	switch kind {
	case engineclient.Move:
		j.Level, j.Go = LevelOption(level), LevelGo(level)
	case engineclient.Hint: // the best move the engine can find
		j.Go = HintGo
	case engineclient.Analysis:
		j.Lines, j.Go = xiangqiLines(AnalysisLines), AnalysisGo
	case engineclient.Graph:
		j.Lines, j.Go = xiangqiGraphLines, GraphGo
	}
	return xiangqiJob(j, p)
}

// xiangqiLines are the (UCCI) option lines, one per line of the text, that make the Xiangqi
// engine report its n best lines: for analysis also without the opening book, which answers
// at once with no line. "" is the engine's defaults (one line, the book), which are sent only
// to undo an analysis's (Search.Reset: the engine keeps its options).
func xiangqiLines(n int) string {
	if n == 1 {
		return ""
	}
	return "setoption usebook false\nsetoption multipv " + strconv.Itoa(n)
}

// xiangqiDefaults undoes xiangqiLines(n > 1): the Reset of every Xiangqi search.
const xiangqiDefaults = "setoption usebook true\nsetoption multipv 1"

// ErrNoMove is returned when the engine answers a search with no move.
var ErrNoMove = errors.New("the engine found no move")

func (m *Xiangqi) takeHint(searched engineclient.Search, move string) error {
	if move == "" {
		return ErrNoMove
	}
	mv, err := xiangqi.ParseMove(move)
	if err == nil && !m.game.Position().IsLegal(mv) {
		err = fmt.Errorf("move %s is not legal here", mv)
	}
	if err != nil {
		return err
	}
	m.hint, m.hintAt = mv, searched.Pos
	return nil
}

func (m *Xiangqi) takeMove(move string) error {
	mv, err := xiangqi.ParseMove(move)
	if err != nil {
		return err
	}
	return m.apply(mv)
}

// EngineSaid handles one line from the engine: a fresh bestmove is played (or shown, for a
// hint), a stale one dropped. It returns the lines to send next, whether the position changed,
// and an error for a reply that cannot be used (the game is unchanged then, and the engine is
// free for the next search).
func (t *Table) EngineSaid(line string) (send []string, moved bool, err error) {
	e := t.Client
	r := e.Said(line)
	switch {
	case r.Err != nil:
		return nil, false, r.Err
	case r.Progress:
		t.noteEval(r.Searched, r.Info)
		return nil, false, nil
	case !r.Done:
		return nil, false, nil
	}
	searched := r.Searched
	if searched.Kind == engineclient.Graph && !r.Stale {
		// Before wanted: the score it gave already moved the graph on to the next position.
		t.noteGraphed(searched, graphMs(searched.Go), e.Ranked())
	}
	if r.Stale || !engineclient.Same(searched, t.wanted()) {
		return e.Sync(t.wanted()), false, nil // a stale answer: drop it
	}
	switch searched.Kind {
	case engineclient.Graph:
		t.noteEval(searched, engineclient.SearchInfo{}) // searched: a position that gave no score is not searched again
		return e.Sync(t.wanted()), false, nil
	case engineclient.Analysis:
		e.Analysed(searched.Pos) // the lines stay shown; no move is played
		return nil, false, nil
	case engineclient.Hint:
		if err = t.takeHint(searched, r.Move); err != nil {
			err = fmt.Errorf("hint %q: %w", line, err)
		}
		return e.Sync(t.wanted()), false, err
	}
	if r.Move == "" {
		e.Fail(ErrNoMove.Error())
		return nil, false, ErrNoMove
	}
	t.judgePuzzle(searched)
	if err := t.takeMove(r.Move); err != nil {
		err = fmt.Errorf("engine said %q: %w", line, err)
		e.Fail(err.Error()) // asking again would get the same answer
		return nil, false, err
	}
	return e.Sync(t.wanted()), true, nil
}
