package page

import (
	"time"

	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// inNewTask calls f, in a dispatch of the page, from a task of its own of
// the browser's event loop, after at least after (setTimeout): each slice
// of training and each step of the d_k sweep. A Go timer (ctx.After) would
// not do: when it has expired by the time the Go program would wait, as
// after a slice and a redraw, the program runs it at once, and the slices
// chained so never let the browser handle input or paint. It reports false
// if the timer could not be set.
func (p *Page) inNewTask(f func(app.Context), after time.Duration) bool {
	var fn app.Func
	fn = dom.Func(func(app.Value, []app.Value) any {
		fn.Release()
		p.ctx.Dispatch(f)
		return nil
	})
	if !dom.Try(func() { app.Window().Call("setTimeout", fn, after.Milliseconds()) }) {
		fn.Release()
		return false
	}
	return true
}
