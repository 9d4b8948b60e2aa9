package main

import (
	"os"
	"os/exec"
	"testing"
	"time"
)

func TestMnps(t *testing.T) {
	tests := []struct {
		n    uint64
		d    time.Duration
		want float64
	}{
		{3_000_000, time.Second, 3},
		{1_000_000, 500 * time.Millisecond, 2},
		{5, 0, 0}, // no time measured: no rate rather than +Inf
	}
	for _, tc := range tests {
		if got := mnps(tc.n, tc.d); got != tc.want {
			t.Errorf("mnps(%d, %v) = %v, want %v", tc.n, tc.d, got, tc.want)
		}
	}
}

func TestCPUTime(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	// Spin until the process has used some CPU (a tick is 10 ms), giving up after 10 s.
	deadline := time.Now().Add(10 * time.Second)
	for cpuTime(os.Getpid()) <= 0 {
		if time.Now().After(deadline) {
			t.Fatal("cpuTime of this busy process stays 0")
		}
	}
	if c := cpuTime(-1); c != 0 {
		t.Errorf("cpuTime of no process = %v, want 0", c)
	}
}

// TestRun compares the three engines at depth 3 (builds both binaries and starts node twice).
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine twice and runs node")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node")
	}
	if err := run(3, 1, "", "", 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := run(2, 1, "3k5/9/9/9/9/9/R8/9/9/4K4 b - - 0 1", "", 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := run(2, 1, "bad fen", "", time.Minute); err == nil {
		t.Error("a bad FEN was accepted")
	}
}
