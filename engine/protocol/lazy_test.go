package protocol

import (
	"testing"
	"weak"
)

func TestLazy(t *testing.T) {
	var l Lazy[[1 << 16]byte]
	made := 0
	mk := func() *[1 << 16]byte { made++; return new([1 << 16]byte) }
	if l.Peek() != nil {
		t.Fatal("a new Lazy holds a value")
	}
	v := l.Get(mk)
	if l.Get(mk) != v || l.Peek() != v || made != 1 {
		t.Fatalf("Get made %d values, want 1 kept", made)
	}
	gone := weak.Make(v)
	v = nil
	l.Release()
	if l.Peek() != nil || gone.Value() != nil {
		t.Errorf("after Release: held %v, collected %v", l.Peek() != nil, gone.Value() == nil)
	}
	l.Release() // nothing held: no-op
	if l.Get(mk); made != 2 {
		t.Errorf("Get after Release made %d values in all, want 2", made)
	}
}
