package search

// Stats counts where a search's nodes went, so that a change to the search can show its
// effect on the tree (cmd/qipan-treestats prints them). The counters cost an increment each;
// they are reset at the start of every Search.
type Stats struct {
	Nodes  uint64 // all nodes, quiescence included (Result.Nodes)
	QNodes uint64 // quiescence nodes

	TTCuts      uint64 // nodes answered by the transposition table
	CutNodes    uint64 // nodes that failed high
	FirstCuts   uint64 // of which on the first move searched
	Extensions  uint64 // plies added by extensions
	NullTries   uint64 // null-move searches
	NullCuts    uint64 // of which failed high
	LMRTries    uint64 // reduced searches
	LMRResearch uint64 // of which beat alpha and were searched again at full depth
	PVSResearch uint64 // null-window searches re-searched with the full window
	Pruned      uint64 // moves skipped by futility, late-move, history and SEE pruning
	NodePruned  uint64 // nodes cut by reverse futility, razoring or ProbCut
}

// Stats returns the counters of the last (or running) search.
func (s *Searcher) Stats() Stats {
	st := s.stats
	st.Nodes = s.nodes
	return st
}
