package attention_test

import (
	"math"
	"runtime"
	"strings"
	"sync"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// TestParallelForwardAllocs: many forwards whose products are split among
// goroutines (four of 128·128·128 each) allocate nothing, not even now and
// then. When the caller waited on a channel, the runtime allocated a
// waiting record for some waits (15 in 1,600 products in one run). It
// counts, in the memory profile at a rate of one, the allocations whose
// stack passes through package attention: the runtime's own background
// work (the scavenger's timers, the collector's workers) allocates now and
// then too, and counting every allocation of the process made the test
// fail by them.
func TestParallelForwardAllocs(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("instrumented build or -short")
	}
	in := randomInput(128, 128, 8, 1, true, attention.Options{Valid: 128, Scale: true})
	var res attention.Result
	rate := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	defer func() { runtime.MemProfileRate = rate }()
	attention.Forward(&res, in)
	before := engineAllocs()
	const runs = 400
	for range runs {
		attention.Forward(&res, in)
	}
	if a := engineAllocs() - before; a != 0 {
		t.Fatalf("%d allocations in %d forwards (GOMAXPROCS %d), want 0", a, runs, runtime.GOMAXPROCS(0))
	}
}

// engineAllocs is the number of allocations so far, in the memory profile,
// whose stack has a function of package attention (not its tests). It
// collects garbage twice first: the profile is as of the last collection
// but one.
func engineAllocs() int64 {
	runtime.GC()
	runtime.GC()
	var recs []runtime.MemProfileRecord
	n, _ := runtime.MemProfile(nil, true)
	for {
		recs = make([]runtime.MemProfileRecord, n+50)
		var ok bool
		if n, ok = runtime.MemProfile(recs, true); ok {
			recs = recs[:n]
			break
		}
	}
	var total int64
	for _, r := range recs {
		frames := runtime.CallersFrames(r.Stack())
		for {
			f, more := frames.Next()
			if strings.HasPrefix(f.Function, "github.com/attnviz/attnviz/attention.") {
				total += r.AllocObjects
				break
			}
			if !more {
				break
			}
		}
	}
	return total
}

// TestConcurrentForwards: goroutines running forwards at once, each into
// its own Result, get the bits of a forward run alone, whether their
// products got the workers or were computed serially because another
// goroutine held them (run it with -race too).
func TestConcurrentForwards(t *testing.T) {
	n := 128
	if raceEnabled {
		n = 48 // 48·128·128 multiply-adds: still split among the workers
	}
	inputs := make([]*attention.Input, 3)
	want := make([]attention.Result, len(inputs))
	for i := range inputs {
		inputs[i] = randomInput(n, 128, 4, int64(i+1), true, attention.Options{Valid: n, Scale: true})
		attention.Forward(&want[i], inputs[i])
	}
	var wg sync.WaitGroup
	errs := make([]string, len(inputs))
	for i := range inputs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var got attention.Result
			for range 5 {
				attention.Forward(&got, inputs[i])
				if !sameDense(got.Output, want[i].Output) || !sameDense(got.WeightsMean, want[i].WeightsMean) {
					errs[i] = "differs from the forward run alone"
					return
				}
			}
		}()
	}
	wg.Wait()
	for i, e := range errs {
		if e != "" {
			t.Errorf("goroutine %d: %s", i, e)
		}
	}
}

// sameDense reports whether a and b have the same shape and bits (equalBits
// fails the test, which only the test's goroutine may do).
func sameDense(a, b *mat.Dense) bool {
	ar, ac := a.Dims()
	br, bc := b.Dims()
	if ar != br || ac != bc {
		return false
	}
	for i := range ar {
		for j := range ac {
			if math.Float64bits(a.At(i, j)) != math.Float64bits(b.At(i, j)) {
				return false
			}
		}
	}
	return true
}
