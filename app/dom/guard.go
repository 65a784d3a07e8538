package dom

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Func is app.FuncOf for every function that JavaScript calls back: an
// observer, a listener, a timer, an ECharts event. A panic in f, such as the
// JavaScript exception of an ECharts call on an instance that a newer chart
// has replaced, is logged and recovered (Try): uncaught, it would end the
// Go program and leave a page that answers nothing.
func Func(f func(this app.Value, args []app.Value) any) app.Func {
	return app.FuncOf(func(this app.Value, args []app.Value) (ret any) {
		Try(func() { ret = f(this, args) })
		return ret
	})
}

// Guard, deferred, recovers and logs a panic: a JavaScript exception of a
// call into ECharts or the DOM from go-app's frame, which would otherwise end
// the Go program.
func Guard() {
	if r := recover(); r != nil {
		app.Log("attnviz:", r)
	}
}
