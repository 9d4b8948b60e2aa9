package play

// PlayPuzzle puts p on the board, as a front end opens a puzzle chosen in its list: in place
// of the game of its variant, which is kept to be brought back (OpenPuzzle), or, when a puzzle
// is on that table already, in its place, so that the game the first puzzle replaced stays the
// one kept (a puzzle is no game worth keeping). The board shows p's game. On error nothing
// changes.
func (s *Session) PlayPuzzle(p Puzzle) (Effects, error) {
	t := s.tables[p.Variant]
	if t == nil || t.puzzle == nil {
		return s.OpenPuzzle(p)
	}
	if err := t.StartPuzzle(p); err != nil {
		return Effects{}, err
	}
	s.Show(p.Variant)
	return s.Changed(), nil
}
