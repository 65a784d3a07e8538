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
		dispose(chart)
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

// dispose disposes of the ECharts instance chart, if not nil, and stops its
// painting. zrender finishes a paint that takes longer than a frame in the
// next frames (Painter._paintList), and does not check whether the chart
// was disposed meanwhile: the frame then throws "Cannot read properties of
// null (reading 'layerStack')" (TestSoak saw it about one run in three).
// The paint stops when the painter's _redrawId is no longer its own: zrender
// draws those ids from Math.random(), never −1.
func dispose(chart app.Value) {
	if chart == nil {
		return
	}
	var painter app.Value
	dom.Try(func() { painter = chart.Call("getZr").Get("painter") })
	dom.Try(func() { chart.Call("dispose") })
	if painter != nil && painter.Truthy() {
		dom.Try(func() { painter.Set("_redrawId", -1) })
	}
}
