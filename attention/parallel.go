package attention

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// parallel.go: large products split by rows among worker goroutines.
//
// The workers are started once, on the first large product, one fewer than
// GOMAXPROCS (the calling goroutine works too), and then wait on their
// channels for as long as the program runs. A product is cut into chunks of
// rows (work); the caller wakes the workers (a value on each one's channel, sent
// without waiting), and every goroutine then claims chunks, one at a time,
// from a shared counter until none is left. The caller then waits only for
// the chunks a worker has claimed and not yet finished, yielding the core
// (yieldCPU) rather than waiting on a channel: a goroutine blocked on a
// channel needs one of the runtime's waiting records (sudogs), which it
// allocates now and then, and a repeated forward allocates nothing. A
// worker that wakes after its product is done finds the counter on a later
// product and goes back to sleep.
//
// One product at a time uses the workers; a product that finds them busy
// (another goroutine's) is computed serially instead. Which goroutine
// computes a row changes nothing in its bits.

// parallel reports whether mul may split large products among goroutines:
// not in WebAssembly, where there is a single thread. Tests turn it off.
var parallel = runtime.GOARCH != "wasm"

// A product goes parallel from parallelMinRows rows and parallelMinMACs
// multiply-adds on: below that, waking the workers costs more than it
// saves.
const (
	parallelMinRows = 16
	parallelMinMACs = 1 << 20
)

// rowTask asks a worker to help with product gen: rows of p.
type rowTask struct {
	p     product
	gen   uint64
	parts int // goroutines that may work on it
	simd  bool
}

var workers struct {
	start    sync.Once
	busy     sync.Mutex     // held by the product using the workers
	tasks    []chan rowTask // one per worker, a buffer of one
	gen      uint64         // the current product's number (under busy)
	claim    atomic.Uint64  // gen<<32 | the first row not yet claimed
	finished atomic.Int64   // rows of the current product finished
}

func startWorkers() {
	n := min(runtime.GOMAXPROCS(0), 16) - 1
	for range n {
		ch := make(chan rowTask, 1)
		workers.tasks = append(workers.tasks, ch)
		go func() {
			for t := range ch {
				t.work()
			}
		}()
	}
}

// work computes chunks of t's product until no row is left to claim. A
// chunk is a multiple of four rows, and about the rows left divided by
// twice the goroutines (guided self-scheduling): large while much is left,
// four rows at the end, so that the goroutines finish close together.
func (t *rowTask) work() {
	for {
		c := workers.claim.Load()
		i0 := int(c & 0xffffffff)
		if c>>32 != t.gen&0xffffffff || i0 >= t.p.r {
			return
		}
		size := min(max(4, ((t.p.r-i0)/(2*t.parts)+3)&^3), t.p.r-i0)
		if !workers.claim.CompareAndSwap(c, c+uint64(size)) {
			continue
		}
		t.p.rows(i0, i0+size, t.simd)
		workers.finished.Add(int64(size))
	}
}

// runParallel computes p with the workers and the calling goroutine and
// reports whether it did: false when there are no workers or they are busy.
func runParallel(p product, simd bool) bool {
	workers.start.Do(startWorkers)
	if len(workers.tasks) == 0 || !workers.busy.TryLock() {
		return false
	}
	defer workers.busy.Unlock()
	workers.gen++
	t := rowTask{p: p, gen: workers.gen, parts: len(workers.tasks) + 1, simd: simd}
	workers.finished.Store(0)
	workers.claim.Store((t.gen & 0xffffffff) << 32)
	for _, ch := range workers.tasks {
		// Only this goroutine sends: after taking back a wake-up the
		// worker has not read yet (an earlier product's, stale), the
		// send finds room and does not wait.
		select {
		case <-ch:
		default:
		}
		ch <- t
	}
	t.work()
	for workers.finished.Load() < int64(p.r) {
		yieldCPU()
	}
	return true
}
