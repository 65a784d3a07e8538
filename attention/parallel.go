package attention

import (
	"runtime"
	"sync"
)

// parallel.go: large products split by rows among worker goroutines.
//
// The workers are started once, on the first large product, one fewer than
// GOMAXPROCS (the calling goroutine does a share too), and then wait on
// their channels for as long as the program runs. A product is handed to
// them as values on channels that are reused, so a parallel product
// allocates nothing. One product at a time uses the workers; a product that
// finds them busy (another goroutine's) is computed serially instead.
// Which goroutine computes a row changes nothing in its bits.

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

// rowTask asks a worker for rows i0 … i1−1 of p.
type rowTask struct {
	p      product
	i0, i1 int
	simd   bool
}

var workers struct {
	start sync.Once
	busy  sync.Mutex     // held by the product using the workers
	tasks []chan rowTask // one per worker
	done  chan struct{}  // a worker's finished task
}

func startWorkers() {
	n := min(runtime.GOMAXPROCS(0), 16) - 1
	workers.done = make(chan struct{}, max(n, 0))
	for range n {
		ch := make(chan rowTask, 1)
		workers.tasks = append(workers.tasks, ch)
		go func() {
			for t := range ch {
				t.p.rows(t.i0, t.i1, t.simd)
				workers.done <- struct{}{}
			}
		}()
	}
}

// runParallel computes p with the workers and the calling goroutine, each
// a band of rows, and reports whether it did: false when there are no
// workers or they are busy.
func runParallel(p product, simd bool) bool {
	workers.start.Do(startWorkers)
	if len(workers.tasks) == 0 || !workers.busy.TryLock() {
		return false
	}
	defer workers.busy.Unlock()
	parts := len(workers.tasks) + 1
	band := ((p.r+parts-1)/parts + 3) &^ 3 // rows per goroutine, a multiple of 4
	sent := 0
	for i0 := band; i0 < p.r && sent < len(workers.tasks); i0 += band {
		workers.tasks[sent] <- rowTask{p: p, i0: i0, i1: min(i0+band, p.r), simd: simd}
		sent++
	}
	p.rows(0, min(band, p.r), simd)
	for range sent {
		<-workers.done
	}
	return true
}
