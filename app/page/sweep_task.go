package page

import (
	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// sweepTask calls f, in a dispatch of the page, from a task of its own of
// the browser's event loop (setTimeout 0): each step of the d_k sweep in its
// own task, as inNewTask does for training, since Go timers that have
// expired by the time the program would wait run at once, chained into one
// task. It reports false if the timer could not be set.
func (p *Page) sweepTask(f func(app.Context)) bool {
	var fn app.Func
	fn = dom.Func(func(app.Value, []app.Value) any {
		fn.Release()
		p.ctx.Dispatch(f)
		return nil
	})
	if !dom.Try(func() { app.Window().Call("setTimeout", fn, 0) }) {
		fn.Release()
		return false
	}
	return true
}
