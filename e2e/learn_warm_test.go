//go:build !wasm

package e2e

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestTrainerWarmUp opens the Learn view and waits while the trainer's
// worker warms up on a throwaway run (cmd/trainworker's warmUp, which the
// page asks for once it has rested): a worker's thread must be busy then
// (the trace's CPU time), the page
// must see nothing of it (step 0, not running), and the run the student
// then starts must export attn train's model byte for byte, as without it.
func TestTrainerWarmUp(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openLearn(s, "task=reverse&seed=3&until=150")
	rest := tb.startTrace()
	time.Sleep(4 * time.Second) // the page's rest (restMs), then the worker's warmFor
	rest.stop(tb)
	if tr := tb.training(); tr.Step != 0 || tr.Running {
		t.Fatalf("before Train, training() = %+v: the page saw the worker's warm-up", tr)
	}
	// Resting, the page has nothing for a worker to do: what the workers
	// spend from 2 s on is the warm-up (up to warmFor, 1.5 s of stepping).
	cpu, threads := rest.workerCPU(2000)
	if cpu < 300 {
		t.Errorf("the workers spent %.0f ms of CPU from 2 s into the rest, want the warm-up's (≥ 300 ms); threads: %s", cpu, threads)
	}
	t.Logf("the workers' CPU from 2 s into the rest: %.0f ms", cpu)
	tb.trainUntilStopped(150)
	page := eval[string](tb, `window.attnviz.model()`)
	if cli := attnTrain(t, "reverse", 3, 150, "0.01"); string(cli) != page {
		t.Errorf("after the warm-up, model() (%d bytes) differs from attn train -out (%d bytes)", len(page), len(cli))
	}
	tb.checkClean("training after the warm-up")
}

// workerCPU returns, after stop, the CPU time of the tasks of the page's
// dedicated workers that began after ms into the trace, and the names of
// the page's threads busy then.
func (tr *trace) workerCPU(after float64) (float64, string) {
	start := tr.firstTs() + after*1000
	tr.mu.Lock()
	defer tr.mu.Unlock()
	names := tr.threadNames()
	cpu, busy := 0.0, map[string]bool{}
	for _, e := range tr.events {
		if e.Ph != "X" || e.Pid != tr.mainThread.pid || e.TDur <= 0 || e.Ts < start {
			continue
		}
		busy[names[e.Tid]] = true
		if e.Name == "ThreadControllerImpl::RunTask" && strings.HasPrefix(names[e.Tid], "DedicatedWorker") {
			cpu += e.TDur / 1000
		}
	}
	return cpu, strings.Join(slices.Sorted(maps.Keys(busy)), ", ")
}
