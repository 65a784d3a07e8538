//go:build linux

package forward

import (
	"syscall"
	"testing"
	"time"

	"github.com/attnviz/attnviz/attention"
)

// cpuTime is the CPU time of the process so far, user and system, every
// thread (the engine's worker goroutines too).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkCPUPerForward is Bench for every size with the process's CPU
// time per forward as well (cpu-ns/op): on a machine shared with other
// work the wall time per forward grows with the load, the CPU time much
// less, so two builds are best compared by it. Run it by hand:
//
//	go test -run '^$' -bench CPUPerForward ./bench/forward/
func BenchmarkCPUPerForward(b *testing.B) {
	for _, s := range Sizes {
		b.Run(s.Name(), func(b *testing.B) {
			in := s.Input(1)
			var dst attention.Result
			if err := Check(&dst, in); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			c0 := cpuTime()
			for b.Loop() {
				attention.Forward(&dst, in)
			}
			b.ReportMetric(float64((cpuTime()-c0).Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}
