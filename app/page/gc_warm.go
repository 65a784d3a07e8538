package page

import (
	"runtime"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// warmGCTimeout is the longest the first collection waits for an idle
// period (ms): requestIdleCallback's timeout.
const warmGCTimeout = 2000

// warmGC has the Go runtime collect once, in the browser's first idle period
// after the charts queued so far are drawn. V8 compiles a WebAssembly
// function when it is first called, and the page's first collection calls
// about 200 of the collector's: 10–15 ms of CPU, in whatever event the
// heap fills up in, a keystroke's at about the seventh (docs/performance.md,
// "Typing in every view (session 11)"). Collected at rest, the page's
// keystrokes find that code compiled. Without requestIdleCallback (Safari
// before 18) it runs after a timeout.
func warmGC() {
	if app.IsServer {
		return
	}
	var f app.Func
	f = dom.Func(func(app.Value, []app.Value) any {
		f.Release()
		runtime.GC()
		return nil
	})
	chart.AfterDraws(func() {
		dom.Try(func() {
			w := app.Window()
			if w.Get("requestIdleCallback").Truthy() {
				w.Call("requestIdleCallback", f, map[string]any{"timeout": warmGCTimeout})
			} else {
				w.Call("setTimeout", f, warmGCTimeout/4)
			}
		})
	})
}
