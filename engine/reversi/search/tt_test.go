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

// NewSized keeps both tables within the budget, half each, a power of two entries.
func TestNewSizedTables(t *testing.T) {
	const mb = 1 << 20
	for _, tt := range []struct{ mb, want int }{
		{0, 1 * mb}, {1, 1 * mb}, {2, 2 * mb}, {3, 2 * mb}, {16, 16 * mb}, {24, 16 * mb}, {64, 64 * mb},
	} {
		e := NewSized(tt.mb)
		if got := e.TableBytes(); got != tt.want {
			t.Errorf("NewSized(%d).TableBytes() = %d, want %d", tt.mb, got, tt.want)
		}
		if e.mid.bytes() != e.solver.tt.bytes() {
			t.Errorf("NewSized(%d): midgame table %d bytes, solver's %d: want half each", tt.mb, e.mid.bytes(), e.solver.tt.bytes())
		}
	}
	if got := New().TableBytes(); got != DefaultHashMB*mb {
		t.Errorf("New().TableBytes() = %d, want DefaultHashMB (%d MB)", got, DefaultHashMB)
	}
}
