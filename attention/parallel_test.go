package attention_test

import (
	"runtime"
	"testing"

	"github.com/attnviz/attnviz/attention"
)

// TestParallelForwardAllocs: many forwards whose products are split among
// goroutines (four of 128·128·128 each) allocate nothing, not even now and
// then. When the caller waited on a channel, the runtime allocated a
// waiting record for some waits (15 in 1,600 products in one run).
func TestParallelForwardAllocs(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("instrumented build or -short")
	}
	in := randomInput(128, 128, 8, 1, true, attention.Options{Valid: 128, Scale: true})
	var res attention.Result
	attention.Forward(&res, in)
	// Not testing.AllocsPerRun: it sets GOMAXPROCS to 1, and on one P
	// the waiting records are always at hand.
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const runs = 400
	for range runs {
		attention.Forward(&res, in)
	}
	runtime.ReadMemStats(&after)
	if a := after.Mallocs - before.Mallocs; a != 0 {
		t.Fatalf("%d allocations in %d forwards (GOMAXPROCS %d), want 0", a, runs, runtime.GOMAXPROCS(0))
	}
}
