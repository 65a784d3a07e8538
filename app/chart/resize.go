package chart

import (
	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// laidOut reports whether el has the size the ECharts instance chart last
// laid out at. A ResizeObserver reports every element once as soon as it
// observes it, before the browser first paints the chart it has just
// drawn; ECharts' resize redraws the whole chart even at the same size, so
// that report's resize would only delay the chart's first paint.
func laidOut(chart, el app.Value) bool {
	same := false
	dom.Try(func() {
		w, h := el.Get("clientWidth").Int(), el.Get("clientHeight").Int()
		same = w > 0 && h > 0 && w == chart.Call("getWidth").Int() && h == chart.Call("getHeight").Int()
	})
	return same
}
