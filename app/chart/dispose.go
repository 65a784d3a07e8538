package chart

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/dom"
)

// disposeLater disposes of the ECharts instance chart (if not nil) and then
// releases funcs, the Go functions it calls, in a task of their own. A Go
// function that ECharts calls while it draws (a custom series' renderItem)
// lets go-app's goroutines run before it returns, and a chart dismounted
// then would be disposed in the middle of its own drawing, which throws
// ("Cannot read properties of null").
func disposeLater(chart app.Value, funcs ...app.Func) {
	var done app.Func
	done = dom.Func(func(app.Value, []app.Value) any {
		if chart != nil {
			dom.Try(func() { chart.Call("dispose") })
		}
		for _, f := range funcs {
			if f != nil {
				f.Release()
			}
		}
		done.Release()
		return nil
	})
	app.Window().Call("setTimeout", done, 0)
}
