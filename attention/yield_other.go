//go:build !linux

package attention

import "runtime"

// yieldCPU lets other goroutines run (on Linux it yields the core to other
// threads as well).
func yieldCPU() { runtime.Gosched() }

// rawYield does nothing outside Linux.
func rawYield() {}
