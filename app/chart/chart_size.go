package chart

import (
	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The size ECharts draws at.
//
// ECharts' resize runs a whole update of the chart (its layout, every
// series, a repaint) even at the same size (resize.go: the ResizeObserver's
// first report is skipped). A draw after go-app's update that changed the
// element's size (a paste that widens the chart) hands ECharts the new
// option and the new size in one update (lazyUpdate, then resize), instead
// of one update for each; the ResizeObserver's report of that size, which
// comes before or after, finds the draw waiting in the queue, or the size
// laid out.

// sized reports whether the element has the size ECharts laid out at.
func (c *Chart) sized() bool {
	same := true
	dom.Try(func() {
		el := c.JSValue()
		same = el.Get("clientWidth").Int() == c.chart.Call("getWidth").Int() &&
			el.Get("clientHeight").Int() == c.chart.Call("getHeight").Int()
	})
	return same
}

// resize has ECharts draw at the element's size, with a pending option
// (lazyUpdate) in the same update, and places the media and the outlines
// for it.
func (c *Chart) resize() {
	c.applyMedia()
	c.chart.Call("resize")
	c.placeOutlines()
}

// drawSized is draw, after go-app has updated the DOM: where the update
// changed the element's size, the option and the new size go to ECharts in
// one update.
func (c *Chart) drawSized() {
	if c.chart == nil || c.sized() || c.offScreen() {
		c.draw()
		return
	}
	defer dom.Guard()
	c.lazy = true
	c.drawOption()
	c.lazy = false
	c.resize()
}

// setOption hands ECharts option, merged into the one it has unless
// notMerge; lazily (with the next resize) while drawSized draws.
func (c *Chart) setOption(option app.Value, notMerge bool) {
	c.chart.Call("setOption", option, map[string]any{"notMerge": notMerge, "lazyUpdate": c.lazy})
}
