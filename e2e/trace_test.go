//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// A trace is Chromium's trace of the tasks of the page's threads, whose
// events give each task's wall time and its thread's CPU time. On a loaded
// machine the CPU time tells what the page itself costs: a task of 5 ms of
// CPU can take 60 ms of wall time when the thread waits for a core.
type trace struct {
	mu     sync.Mutex
	events []traceEvent
	done   chan struct{}

	mainThread thread // the page's main thread, once stopped
}

// thread is a process's thread in a trace.
type thread struct{ pid, tid int }

// traceEvent is one event of the trace, the fields used here.
type traceEvent struct {
	Name string  `json:"name"`
	Ph   string  `json:"ph"`
	Pid  int     `json:"pid"`
	Tid  int     `json:"tid"`
	Cat  string  `json:"cat"`
	ID   any     `json:"id"`   // of an async event
	Ts   float64 `json:"ts"`   // start, µs
	Dur  float64 `json:"dur"`  // wall time, µs
	TDur float64 `json:"tdur"` // the thread's CPU time, µs
	Args struct {
		Name string `json:"name"`
		Data struct {
			FunctionName string `json:"functionName"`
			Type         string `json:"type"` // of an EventDispatch
		} `json:"data"`
	} `json:"args"`
}

// startTrace starts tracing the tasks (category toplevel), and the
// categories more, if given.
func (tb *tab) startTrace(more ...string) *trace {
	tb.t.Helper()
	tr := &trace{done: make(chan struct{})}
	if err := chromedp.Listen(tb.ctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			tr.mu.Lock()
			for _, v := range ev.Value {
				var e traceEvent
				if json.Unmarshal(v, &e) == nil {
					tr.events = append(tr.events, e)
				}
			}
			tr.mu.Unlock()
		case *tracing.EventTracingComplete:
			close(tr.done)
		}
	}); err != nil {
		tb.t.Fatal(err)
	}
	if _, err := chromedp.Call(tb.ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: append([]string{"toplevel", "__metadata"}, more...)},
	}); err != nil {
		tb.t.Fatalf("starting the trace: %v", err)
	}
	return tr
}

// stop ends the trace and returns the CPU times of the tasks of the page's
// main thread (the renderer's main thread with the most CPU time), in ms.
func (tr *trace) stop(tb *tab) []float64 {
	tb.t.Helper()
	if _, err := chromedp.Call(tb.ctx, tracing.End, cdp.Empty{}); err != nil {
		tb.t.Fatalf("ending the trace: %v", err)
	}
	select {
	case <-tr.done:
	case <-time.After(30 * time.Second):
		tb.t.Fatal("the trace did not complete")
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	main := map[thread]bool{}
	for _, e := range tr.events {
		if e.Ph == "M" && e.Name == "thread_name" && e.Args.Name == "CrRendererMain" {
			main[thread{e.Pid, e.Tid}] = true
		}
	}
	tasks := map[thread][]float64{}
	total := map[thread]float64{}
	for _, e := range tr.events {
		if th := (thread{e.Pid, e.Tid}); e.Ph == "X" && e.Name == "ThreadControllerImpl::RunTask" && main[th] {
			tasks[th] = append(tasks[th], e.TDur/1000)
			total[th] += e.TDur
		}
	}
	var best thread
	for th := range tasks {
		if total[th] > total[best] {
			best = th
		}
	}
	tr.mainThread = best
	return tasks[best]
}

// byName returns, after stop, the wall time of the main thread's complete
// events by name (nested events counted in each), in ms.
func (tr *trace) byName() map[string]float64 {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	m := map[string]float64{}
	for _, e := range tr.events {
		if e.Ph == "X" && e.Pid == tr.mainThread.pid && e.Tid == tr.mainThread.tid {
			m[e.Name] += e.Dur / 1000
		}
	}
	return m
}

// cpuSummary says how many tasks took over 50 ms of CPU, their total CPU
// time and the longest.
func cpuSummary(ms []float64) string {
	if len(ms) == 0 {
		return "no task traced"
	}
	s := append([]float64(nil), ms...)
	sort.Float64s(s)
	over, sum := 0, 0.0
	for _, x := range s {
		sum += x
		if x > 50 {
			over++
		}
	}
	return fmt.Sprintf("%d tasks, %.0f ms of CPU in all; %d over 50 ms of CPU; the longest %.1f ms, the 99th percentile %.1f ms",
		len(s), sum, over, s[len(s)-1], s[len(s)*99/100])
}
