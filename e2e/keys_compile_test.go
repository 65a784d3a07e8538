//go:build !wasm

package e2e

import (
	"strings"
	"testing"
	"time"
)

// maxLazyCompiles is the most WebAssembly functions one task of typing may
// compile once the first keystrokes are past: V8 compiles a function when
// it is first called, and the Go runtime's first garbage collection calls
// about 200 (10–15 ms of CPU in one task).
const maxLazyCompiles = 100

// TestTypingCompilesLittle types 30 sentences into #sentence at 16 tokens
// / 4 heads, once the page has collected at rest (its mark
// "attnviz:warm-gc", app/page/gc_warm.go), and fails if a task from the
// fourth on compiles more than maxLazyCompiles WebAssembly functions
// (wasm.CompileLazy events in the trace): without that collection, the
// page's first, due at about the 15th keystroke, compiles the collector.
func TestTypingCompilesLittle(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	text := benchWords(16)
	tb.open(s.URL() + "#heads=4&text=" + strings.ReplaceAll(text, " ", "+"))
	// The page's collection at rest (app/page/gc_warm.go) has run.
	tb.waitFor("the collection at rest", `performance.getEntriesByName("attnviz:warm-gc", "mark").length > 0`, 20*time.Second)
	// The first three keystrokes compile the keystroke's own code: not
	// traced.
	typeKeys(tb, text, 3)
	tr := tb.startTrace("v8.wasm")
	typeKeys(tb, text+"x", 27)
	tr.stop(tb)
	tasks := tr.lazyCompiles()
	if len(tasks) == 0 {
		t.Fatal("the trace has no task of the main thread")
	}
	var worst lazyTask
	for _, task := range tasks {
		if task.compiles > worst.compiles {
			worst = task
		}
	}
	t.Logf("the most functions one task compiled from the 4th keystroke on: %d (%.1f ms of CPU in that task)", worst.compiles, worst.cpuMs)
	if worst.compiles > maxLazyCompiles {
		t.Errorf("a task while typing compiled %d WebAssembly functions (%.1f ms of CPU), more than %d: code first run in a keystroke",
			worst.compiles, worst.cpuMs, maxLazyCompiles)
	}
}

// lazyTask is a task of the main thread and how many WebAssembly functions
// V8 compiled in it.
type lazyTask struct {
	ts       float64 // start, trace µs
	cpuMs    float64
	compiles int
}

// lazyCompiles returns, after stop, the main thread's tasks with the
// wasm.CompileLazy events inside each.
func (tr *trace) lazyCompiles() []lazyTask {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	var tasks []lazyTask
	var ends []float64
	for _, e := range tr.events {
		if e.Ph == "X" && e.Name == "ThreadControllerImpl::RunTask" && e.Pid == tr.mainThread.pid && e.Tid == tr.mainThread.tid {
			tasks = append(tasks, lazyTask{ts: e.Ts, cpuMs: e.TDur / 1000})
			ends = append(ends, e.Ts+e.Dur)
		}
	}
	for _, e := range tr.events {
		if e.Name != "wasm.CompileLazy" || e.Pid != tr.mainThread.pid || e.Tid != tr.mainThread.tid {
			continue
		}
		for i := range tasks {
			if tasks[i].ts <= e.Ts && e.Ts < ends[i] {
				tasks[i].compiles++
			}
		}
	}
	return tasks
}
