package nnue

import (
	_ "embed"
	"sync"
)

// The network shipped with the engine, trained by `qipan-tune nnue` (the recipe and its
// results are in docs/strength-log.md).
//
//go:embed xiangqi.nnue
var defaultFile []byte

var loadDefault = sync.OnceValues(func() (*Net, error) { return Load(defaultFile) })

// Default returns the embedded network (loaded once), or why it cannot be read.
func Default() (*Net, error) { return loadDefault() }
