package search

import (
	"testing"
	"unsafe"
)

// A bucket (two entries) must fill one 64-byte cache line exactly.
func TestTTEntryIsHalfACacheLine(t *testing.T) {
	if n := unsafe.Sizeof(ttEntry{}); n != 32 {
		t.Fatalf("ttEntry is %d bytes, want 32", n)
	}
	tt := newTable(4)
	if a := uintptr(unsafe.Pointer(&tt.e[0])); a%64 != 0 {
		t.Fatalf("table starts at %#x, not on a 64-byte line", a)
	}
}
