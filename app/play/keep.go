package play

import "errors"

// Nothing a player made is lost without a word, on every front end alike: New asks first
// while a game is in progress; the game that New, an import, the editor, a reopened game or
// a restore replaces is kept on the front end's Shelf, and offered back until the person
// moves in the game that replaced it (or while that game has no move at all). Bringing it
// back keeps the game it replaces in its turn, so a restore is undone the same way.

// The keep row's actions (docs/contracts.md's data-action words).
const (
	ActNewConfirm      Action = "new-confirm"
	ActNewCancel       Action = "new-cancel"
	ActRestorePrevious Action = "restore-previous"
)

// Shelf is where a front end keeps the replaced game of each game (the page: localStorage's
// <key>.previous; the desktop: a file beside the game's).
type Shelf interface {
	Keep(variant string, s Saved) error
	// Kept returns the game kept for variant, if one is kept and reads as a Saved.
	Kept(variant string) (Saved, bool)
	Drop(variant string)
}

// errNoGame: a game was to be put in the place of a game the session does not have.
var errNoGame = errors.New("the session has no table for this game")

// SetShelf gives the session the front end's shelf, and learns from it which games have a
// replaced game kept (from an earlier visit or run).
func (s *Session) SetShelf(sh Shelf) {
	s.shelf = sh
	for v := range s.tables {
		_, s.kept[v] = sh.Kept(v)
	}
}

// AskingNew reports whether New waits for the person to confirm (a game was in progress).
func (s *Session) AskingNew() bool { return s.asking }

// CanRestore reports whether the game replaced last on the board can be brought back: one is
// kept, and the game that replaced it has had no move of the person's since (or has none).
func (s *Session) CanRestore() bool {
	return s.kept[s.shown] && (s.Table().fresh || s.Table().Len() == 0)
}

// keepAction carries out the keep row's actions and New; ok is false for any other action.
func (s *Session) keepAction(a Action) (e Effects, ok bool) {
	switch a {
	case ActNew, ActNewConfirm:
		return s.newGame(a == ActNewConfirm), true
	case ActNewCancel:
		s.asking = false
		return Effects{}, true
	case ActRestorePrevious:
		s.asking = false
		if !s.CanRestore() {
			return Effects{}, true
		}
		return s.restorePrevious(), true
	}
	return Effects{}, false
}

// newGame is New: a game in progress is only replaced once confirmed; the game replaced is
// kept.
func (s *Session) newGame(confirmed bool) Effects {
	t := s.Table()
	if t.Len() > 0 && !t.Over() && !confirmed {
		s.asking = true
		return Effects{}
	}
	s.asking = false
	kept, err := s.keepSaved(t.Variant(), t.Save(), t.Len())
	t.New()
	t.fresh = t.fresh || kept
	return Effects{Save: true, Send: t.EngineLines(), Kept: kept, KeepErr: err}
}

// keepSaved puts saved (the game of variant v being replaced, of moves moves) on the shelf;
// a game with no move is not worth keeping. It reports whether it kept it.
func (s *Session) keepSaved(v string, saved Saved, moves int) (bool, error) {
	if moves == 0 || s.shelf == nil {
		return false, nil
	}
	if err := s.shelf.Keep(v, saved); err != nil {
		return false, err
	}
	s.kept[v] = true
	return true, nil
}

// Replace changes the game on the board with change (an import, the editor's position),
// keeping the game it replaces to be brought back. On error nothing changes.
func (s *Session) Replace(change func(*Table) error) (Effects, error) {
	return s.replaced(s.replaceIn(s.shown, change))
}

// ReplaceAny is Replace, but a change the board's game refuses is tried on the session's
// other games (in the order of their names), and the first that takes it goes on the board;
// the error is the board's game's.
func (s *Session) ReplaceAny(change func(*Table) error) (Effects, error) {
	first := s.shown
	kept, kerr, err := s.replaceIn(first, change)
	tried := ""
	for err != nil {
		next := "" // the next game by name after those tried
		for v := range s.tables {
			if v != first && (next == "" || v < next) && v > tried {
				next = v
			}
		}
		if next == "" {
			break
		}
		tried = next
		if k, ke, e := s.replaceIn(next, change); e == nil {
			s.Show(next)
			kept, kerr, err = k, ke, nil
		}
	}
	return s.replaced(kept, kerr, err)
}

// replaced is what follows a Replace: the save, the engine, what keeping said.
func (s *Session) replaced(kept bool, kerr, err error) (Effects, error) {
	if err != nil {
		return Effects{}, err
	}
	e := s.Changed()
	e.Kept, e.KeepErr = kept, kerr
	return e, nil
}

// replaceIn changes the game of variant v with change: whether the game replaced was kept,
// why it could not be, and change's error.
func (s *Session) replaceIn(v string, change func(*Table) error) (kept bool, kerr, err error) {
	t := s.tables[v]
	was, moves := t.Save(), t.Len()
	if err := change(t); err != nil {
		return false, nil, err
	}
	s.asking = false
	kept, kerr = s.keepSaved(v, was, moves)
	t.fresh = t.fresh || kept
	return kept, kerr, nil
}

// Reopen puts saved (a finished game kept in the history) on the board in place of the game
// of its kind, which is kept to be brought back; the level stays the session's.
func (s *Session) Reopen(saved Saved) (Effects, error) {
	nt, err := RestoreTable(saved)
	if err != nil {
		return Effects{}, err
	}
	if s.tables[nt.Variant()] == nil {
		return Effects{}, errNoGame
	}
	return s.putKeeping(nt), nil
}

// putKeeping puts nt on the board in place of its game's table, at its level, keeping the
// game it replaces.
func (s *Session) putKeeping(nt *Table) Effects {
	v := nt.Variant()
	old := s.tables[v]
	s.Show(v)
	kept, err := s.keepSaved(v, old.Save(), old.Len())
	nt.fresh = kept
	nt.SetLevel(old.Level())
	s.Put(nt)
	s.asking = false
	e := s.Changed()
	e.Kept, e.KeepErr = kept, err
	return e
}

// restorePrevious brings back the game replaced last; the game on the board, if it has
// moves, is kept in its place. A kept game that cannot be read is no longer offered.
func (s *Session) restorePrevious() Effects {
	v := s.shown
	var nt *Table
	if saved, ok := s.shelf.Kept(v); ok {
		nt, _ = RestoreTable(saved)
	}
	if nt == nil || nt.Variant() != v {
		s.kept[v], s.Table().fresh = false, false
		return Effects{Unreadable: true}
	}
	e := s.putKeeping(nt)
	if !e.Kept {
		s.shelf.Drop(v)
		s.kept[v], s.Table().fresh = false, false
	}
	return e
}
