//go:build !linux

package main

import "time"

// threadCPU stands in for the thread's CPU time where it is not read: the clock's time since
// the first call.
func threadCPU() time.Duration {
	return time.Since(cpuStart)
}

var cpuStart = time.Now()
