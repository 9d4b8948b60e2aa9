package protocol

import "runtime"

// Lazy holds what a game's engine makes at its first search and may drop between searches: its
// searcher with the hash tables, the bulk of its memory.
type Lazy[T any] struct{ v *T }

// Get returns the value, made by newValue if there is none.
func (l *Lazy[T]) Get(newValue func() *T) *T {
	if l.v == nil {
		l.v = newValue()
	}
	return l.v
}

// Peek returns the value, or nil if there is none.
func (l *Lazy[T]) Peek() *T { return l.v }

// Release drops the value and collects the garbage at once: Go's wasm memory never shrinks,
// so the next tables (of either game) must reuse these pages rather than grow it.
func (l *Lazy[T]) Release() {
	if l.v != nil {
		l.v = nil
		runtime.GC()
	}
}
