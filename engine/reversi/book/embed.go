package book

import (
	_ "embed"
	"sync"
)

// shipped is the book built by cmd/reversi-book (its recipe: BOOK.md).
//
//go:embed book.bin
var shipped []byte

// Default returns the shipped book, read once; an error says the embedded file is damaged.
var Default = sync.OnceValues(func() (*Book, error) { return Read(shipped) })
