package search

// HashBytes returns the bytes held by the transposition table, so that an owner keeping the
// engine within a memory budget can report and test what SetHashSize gave.
func (s *Searcher) HashBytes() int { return len(s.tt.entries) * entrySize }
