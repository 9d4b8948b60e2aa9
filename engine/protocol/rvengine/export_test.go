package rvengine

import "qipan/engine/reversi/search"

var SolveLevel = solveLevel

// Searcher returns the engine's searcher (nil when it holds none).
func (e *Engine) Searcher() *search.Engine { return e.s.Peek() }
