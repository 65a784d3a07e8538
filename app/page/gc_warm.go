package page

import (
	"runtime"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// How warmGC waits (ms): for the first chart's draw, polling, and for an
// idle period (requestIdleCallback's timeout).
const (
	warmGCPoll    = 200
	warmGCTimeout = 2000
	warmGCPolls   = 150 // 30 s: a page that never draws a chart never collects here
)

// markWarmGC is the performance mark warmGC leaves once it has collected,
// which the end-to-end tests wait for.
const markWarmGC = "attnviz:warm-gc"

// warmGC has the Go runtime collect once, in the browser's first idle period
// after the first chart is drawn and the charts queued then are too. V8
// compiles a WebAssembly function when it is first called, and the page's
// first collection calls about 200 of the collector's: 10–15 ms of CPU, in
// whatever event the heap fills up in, a keystroke's at about the seventh
// (docs/performance.md, "Typing in every view (session 11)"). Collected at
// rest, the page's keystrokes find that code compiled. Without
// requestIdleCallback (Safari before 18) it runs after a timeout.
func warmGC() {
	if app.IsServer {
		return
	}
	polls := 0
	var wait app.Func
	wait = dom.Func(func(app.Value, []app.Value) any {
		switch {
		case dom.FirstDrawn():
			wait.Release()
			chart.AfterDraws(collectWhenIdle)
		case polls < warmGCPolls:
			polls++
			callLater(wait, "setTimeout", warmGCPoll)
		default:
			wait.Release()
		}
		return nil
	})
	callLater(wait, "setTimeout", 0)
}

// collectWhenIdle collects in the browser's next idle period and leaves
// the mark markWarmGC.
func collectWhenIdle() {
	var collect app.Func
	collect = dom.Func(func(app.Value, []app.Value) any {
		collect.Release()
		runtime.GC()
		dom.Mark(markWarmGC)
		chart.WarmBases() // then, idle period by idle period, the heatmaps' first base
		return nil
	})
	callLater(collect, "requestIdleCallback", warmGCTimeout)
}

// callLater has the window call f through timer ("setTimeout" or
// "requestIdleCallback", which falls back to setTimeout) after ms, or at its
// timeout.
func callLater(f app.Func, timer string, ms int) {
	dom.Try(func() {
		w := app.Window()
		switch {
		case timer == "requestIdleCallback" && w.Get(timer).Truthy():
			w.Call(timer, f, map[string]any{"timeout": ms})
		case timer == "requestIdleCallback":
			w.Call("setTimeout", f, ms/4)
		default:
			w.Call("setTimeout", f, ms)
		}
	})
}
